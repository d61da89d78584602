//! Weighing candidates against the narrow family, the step that takes
//! most of `gen --suite`'s time (the repairs of the rounds of variants):
//! every rule of the family that fires on a game played on it, once from
//! the deal and once taken up from the plain run kept at each turn's
//! start (`pigkill_reference::resume`), on 12 `full` games. Both give the
//! same outputs (checked before timing); the second is what the suite
//! does since session 17.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use pigkill::suite::narrow::{deviated_budget, Family};
use pigkill_engine::{Budget, Game};
use pigkill_generators::{generate, Profile};
use pigkill_reference::decision::{deviated_output, Decision, Deviation, DeviationRule, Logged};
use pigkill_reference::resume::{Changes, TurnStarts};

/// One game, the rules that fire on it with where they change its plain
/// run, and the deviated runs' budget.
struct Weighed {
    game: Game,
    rules: Vec<(DeviationRule, Changes)>,
    budget: Budget,
}

fn changes(rule: DeviationRule, log: &[Decision]) -> Changes {
    Changes::in_log(log, |d| rule.changes(d)).expect("a rule that fires changes a decision")
}

fn weighed(family: &Family) -> Vec<Weighed> {
    (0..12u64)
        .map(|seed| {
            let game = generate(Profile::Full, 1_000 + seed);
            let mut log = Vec::new();
            let (_, starts) = TurnStarts::record(&game, Budget::default(), Logged::ALL, &mut log);
            let budget = deviated_budget(starts.turns());
            let rules = family
                .firing(&log)
                .into_iter()
                .map(|id| family.rule(id))
                .map(|rule| (rule, changes(rule, &log)))
                .collect();
            Weighed {
                game,
                rules,
                budget,
            }
        })
        .collect()
}

fn from_the_deal(w: &Weighed) -> usize {
    w.rules
        .iter()
        .filter(|(rule, _)| deviated_output(&w.game, w.budget, &[Deviation::Rule(*rule)]).is_ok())
        .count()
}

fn taken_up(w: &Weighed) -> usize {
    let mut log = Vec::new();
    let (_, starts) = TurnStarts::record(&w.game, Budget::default(), Logged::ALL, &mut log);
    w.rules
        .iter()
        .filter(|(rule, changes)| {
            let none = Logged::for_rules(&[]);
            let deviation = [Deviation::Rule(*rule)];
            let (run, _) = starts.deviated_output_logged(
                *changes,
                w.budget,
                &deviation,
                none,
                &mut Vec::new(),
            );
            run.is_ok()
        })
        .count()
}

fn bench(c: &mut Criterion) {
    let family = Family::narrow();
    let games = weighed(&family);
    for w in &games {
        let starts_log = &mut Vec::new();
        let (_, starts) = TurnStarts::record(&w.game, Budget::default(), Logged::ALL, starts_log);
        for (rule, changes) in &w.rules {
            let deviation = [Deviation::Rule(*rule)];
            let whole = deviated_output(&w.game, w.budget, &deviation);
            let none = Logged::for_rules(&[]);
            let (run, _) = starts.deviated_output_logged(
                *changes,
                w.budget,
                &deviation,
                none,
                &mut Vec::new(),
            );
            assert_eq!(run, whole, "rule {rule:?}");
        }
    }
    let runs: usize = games.iter().map(|w| w.rules.len()).sum();
    let mut group = c.benchmark_group(format!("suite_weighing_{runs}_runs"));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("from_the_deal", |b| {
        b.iter(|| black_box(games.iter().map(from_the_deal).sum::<usize>()))
    });
    group.bench_function("taken_up", |b| {
        b.iter(|| black_box(games.iter().map(taken_up).sum::<usize>()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
