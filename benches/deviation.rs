//! The deviation search (`pigkill::deviation::find`) on each catalogue
//! mistake's minimised failure (`tests/fixtures/mistakes/ID.in`, with
//! the mistaken engine's output as the program's): abduction,
//! generalisation, telling rules apart and confirming the rule, with the
//! mistaken engine itself as the program (so the time is the search's,
//! not a program's). Target: median <= 0.3 s, worst <= 2 s per failure.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use pigkill::deviation::{find, DeviationOptions, Run};
use pigkill::solution::CompareMode;
use pigkill_engine::{parse_game_bytes, Budget, Game};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};

fn fixture(mutation: Mutation) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/fixtures/mistakes/{}.in", mutation.name()));
    let bytes = std::fs::read(&path).expect("the fixture");
    parse_game_bytes(&bytes).expect("a game")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("deviation_search");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    // A budget counted in engine runs (about the default 20 s at light
    // load), so that each failure's search does the same work at any load.
    let options = DeviationOptions {
        mode: CompareMode::Lines,
        runs: Some(400_000),
        ..DeviationOptions::default()
    };
    for m in Mutation::ALL {
        let game = fixture(m);
        let set = MutationSet::single(m);
        let Ok(actual) = mistaken_output(&game, Budget::default(), set) else {
            continue;
        };
        group.bench_function(m.name(), |b| {
            b.iter(|| {
                let mut program = |g: &Game| {
                    mistaken_output(g, Budget::default(), set)
                        .ok()
                        .map(String::into_bytes)
                };
                let run = Run::new(game.clone(), actual.as_bytes(), CompareMode::Lines)
                    .expect("the game ends");
                black_box(find(vec![run], Vec::new(), Some(&mut program), &options))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
