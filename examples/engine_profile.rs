//! Profiling helper: plays the `engines` bench's mixed corpus many times on
//! one engine (`cargo run --release --example engine_profile -- reference`).

use clap::{Parser, ValueEnum};
use pigkill::engines::EngineName;
use pigkill_engine::{Budget, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, Profile};

/// The engine to profile.
#[derive(Clone, Copy, ValueEnum)]
enum Engine {
    Reference,
    Strategy,
}

/// Which engine plays the corpus.
#[derive(Parser)]
#[command(about = "Plays the mixed corpus many times on one engine, for a profiler")]
struct Args {
    /// The engine.
    #[arg(value_enum, default_value_t = Engine::Reference)]
    engine: Engine,
}

fn main() {
    let engine = match Args::parse().engine {
        Engine::Reference => EngineName::Reference,
        Engine::Strategy => EngineName::Strategy,
    };
    let games: Vec<_> = (0..1000)
        .map(|i| {
            generate_ending(Profile::Mixed, game_seed(20261129, i), &StrategyEngine)
                .expect("ends")
                .game
        })
        .collect();
    let start = std::time::Instant::now();
    let rounds = 200;
    for _ in 0..rounds {
        for game in &games {
            let _ = std::hint::black_box(engine.engine().run(game, Budget::default()));
        }
    }
    let rate = (rounds * games.len()) as f64 / start.elapsed().as_secs_f64();
    println!("{engine:?}: {rate:.0} games/s");
}
