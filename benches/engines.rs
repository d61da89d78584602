//! Each engine on one fixed, seeded corpus: 1,000 `mixed` games and 100
//! `big` games, all of which end. Before timing, every game is checked to
//! give the same answer on every engine, so a fast wrong engine cannot win.
//! Reported per game and per event (events a traced run emits).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pigkill::engines::EngineName;
use pigkill_engine::{Budget, Game, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, Profile};

fn corpus(profile: Profile, count: u64) -> Vec<Game> {
    (0..count)
        .map(|i| {
            generate_ending(profile, game_seed(20261129, i), &StrategyEngine)
                .expect("a game that ends")
                .game
        })
        .collect()
}

/// Checks that every engine agrees on every game, and counts the events of one traced pass.
fn checked_events(games: &[Game]) -> u64 {
    let mut events = 0;
    for game in games {
        let answers: Vec<_> = EngineName::ALL
            .iter()
            .map(|e| e.engine().run(game, Budget::default()))
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "the engines disagree on:\n{}",
            game.to_text()
        );
        let mut trace = Vec::new();
        let _ = EngineName::Strategy
            .engine()
            .run_traced(game, Budget::default(), &mut trace);
        events += trace.len() as u64;
    }
    events
}

fn bench_corpus(c: &mut Criterion, name: &str, games: &[Game]) {
    let events = checked_events(games);
    for (unit, amount) in [("games", games.len() as u64), ("events", events)] {
        let mut group = c.benchmark_group(format!("{name}_{unit}"));
        group.throughput(Throughput::Elements(amount));
        group.measurement_time(Duration::from_secs(4));
        group.sample_size(20);
        for engine in EngineName::ALL {
            group.bench_with_input(
                BenchmarkId::from_parameter(format!("{engine:?}").to_lowercase()),
                games,
                |b, games| {
                    b.iter(|| {
                        for game in games {
                            let _ =
                                black_box(engine.engine().run(black_box(game), Budget::default()));
                        }
                    });
                },
            );
        }
        group.finish();
    }
}

fn engines(c: &mut Criterion) {
    bench_corpus(c, "mixed", &corpus(Profile::Mixed, 1000));
    bench_corpus(c, "big", &corpus(Profile::Big, 100));
}

criterion_group!(benches, engines);
criterion_main!(benches);
