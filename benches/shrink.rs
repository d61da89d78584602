//! Shrinking an engine-vs-engine divergence: the first divergence `stress`
//! finds between the strategy engine and a deliberately wrong reference
//! (three classic mistakes), minimised keeping its signature. Target:
//! well under a second each.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use pigkill::shrink::divergence::{shrink_divergence, DivergenceShrinkOptions};
use pigkill::stress::{run, Counters, Found, Limit, Shard, StressOptions};
use pigkill_engine::{Budget, Engine, StrategyEngine};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{MutantEngine, Mutation};

fn first_divergence(mutant: &MutantEngine) -> Found {
    let options = StressOptions {
        limit: Limit::Count(50_000),
        jobs: 1,
        shard: Shard::WHOLE,
        budget: Budget::default(),
        max_divergences: 1,
    };
    let game_at = |i: u64| generate(Profile::Mixed, game_seed(7, i));
    let summary = run(
        &options,
        [&StrategyEngine, mutant],
        &game_at,
        &Counters::default(),
        &|_| {},
    );
    summary
        .found
        .into_iter()
        .next()
        .expect("the mutant is caught")
}

fn shrink(c: &mut Criterion) {
    let mut group = c.benchmark_group("shrink");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for mutation in [
        Mutation::LoyalistFightsLord,
        Mutation::DuelPlayerFirst,
        Mutation::SuspicionSurvivesReveal,
    ] {
        let mutant = MutantEngine(mutation);
        let found = first_divergence(&mutant);
        let pair: [&dyn Engine; 2] = [&StrategyEngine, &mutant];
        let id = format!(
            "{}_{}pigs_{}cards",
            mutation.name(),
            found.game.pig_count(),
            found.game.deck().len()
        );
        group.bench_with_input(BenchmarkId::from_parameter(id), &found, |b, found| {
            b.iter(|| {
                shrink_divergence(
                    pair,
                    &found.game,
                    found.divergence.signature,
                    &DivergenceShrinkOptions::default(),
                )
                .expect("it shrinks")
            });
        });
    }
    group.finish();
}

criterion_group!(benches, shrink);
criterion_main!(benches);
