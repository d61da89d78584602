//! Which catalogue mistakes a candidate exposes: every candidate of
//! `gen --suite`'s pools (about 16,000 a suite) is played with each of the
//! 48 mistakes. Timed both ways on 60 games of the suite's three
//! subtasks: each mistake played from the deal (`is_exposed`), and
//! `exposes`, which takes each mistake's run up from the game's plain run
//! kept at each turn's start and stops it where it is back in the plain
//! state or where a pig died that the plain run leaves alive. Both give
//! the same sets (checked before timing, and in `tests/suite.rs`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use pigkill::suite::exposure::{catalogue, exposes, is_exposed, MutantSet};
use pigkill_engine::{Budget, Engine, Game, Outcome};
use pigkill_generators::{generate, Profile};
use pigkill_reference::ReferenceEngine;

/// 60 games that end, 20 of each subtask's profile, with their outcomes.
fn games() -> Vec<(Game, Outcome)> {
    let profiles = [Profile::Basic, Profile::NoNullify, Profile::Full];
    (0..90u64)
        .filter_map(|seed| {
            let game = generate(profiles[seed as usize % 3], 2_000 + seed);
            let outcome = ReferenceEngine.run(&game, Budget::default()).ok()?;
            Some((game, outcome))
        })
        .take(60)
        .collect()
}

fn from_the_deal(game: &Game, outcome: &Outcome) -> MutantSet {
    let answer = outcome.to_judge_text();
    catalogue()
        .iter()
        .enumerate()
        .filter(|(_, &m)| is_exposed(m, game, &answer))
        .map(|(i, _)| i)
        .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    for (game, outcome) in &games {
        assert_eq!(exposes(game, outcome), from_the_deal(game, outcome));
    }
    let mut group = c.benchmark_group(format!("catalogue_exposure_{}_games", games.len()));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("from_the_deal", |b| {
        b.iter(|| {
            for (game, outcome) in &games {
                black_box(from_the_deal(game, outcome));
            }
        })
    });
    group.bench_function("taken_up", |b| {
        b.iter(|| {
            for (game, outcome) in &games {
                black_box(exposes(game, outcome));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
