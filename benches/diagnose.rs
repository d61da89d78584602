//! Diagnosing one failure: every single variant of the catalogue (and the
//! pairs of those that change the output) replayed on one failing game,
//! as `pigkill diagnose GAME ACTUAL` does before any prediction test. The
//! target is under 0.2 s per failure. Measured on a `mixed` game and on a
//! `big` game (ten pigs, about 2000 deck cards), each failing as a
//! solution making `duel-player-first` would.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use pigkill::diagnose::candidates;
use pigkill::solution::CompareMode;
use pigkill_engine::{Budget, Game, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, Profile};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};

/// The first game of `profile` that ends and on which `mutation` shows.
fn failing(profile: Profile, mutation: Mutation) -> (Game, Vec<u8>) {
    let set = MutationSet::single(mutation);
    (0..)
        .find_map(|i| {
            let game = generate_ending(profile, game_seed(20261130, i), &StrategyEngine)
                .ok()?
                .game;
            let right = mistaken_output(&game, Budget::default(), MutationSet::EMPTY).ok()?;
            let wrong = mistaken_output(&game, Budget::default(), set).ok()?;
            (right != wrong).then(|| (game, wrong.into_bytes()))
        })
        .expect("a game where the mistake shows")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("diagnose_one_failure");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for profile in [Profile::Mixed, Profile::Big] {
        let (game, actual) = failing(profile, Mutation::DuelPlayerFirst);
        let found = candidates(&game, &actual, CompareMode::Lines);
        assert!(
            found.iter().any(|c| c.id() == "duel-player-first"),
            "the mistake is among the candidates"
        );
        group.bench_function(profile.name(), |b| {
            b.iter(|| black_box(candidates(&game, &actual, CompareMode::Lines)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
