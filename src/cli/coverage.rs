//! `pigkill coverage`: which rule events a profile's games (or a folder of
//! tests) exercise, and in what share of the games.

use std::path::PathBuf;

use clap::Args;
use pigkill_engine::{Budget, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending, Profile};
use rayon::prelude::*;

use super::stress::{clock_seed, parse_profile};
use super::{input, Failure, EXIT_OK};
use crate::coverage::{game_rule_events, Coverage};

/// Arguments of `pigkill coverage`.
#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// The generator profile.
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    profile: Profile,
    /// How many generated games.
    #[arg(long, default_value_t = 10_000)]
    count: u64,
    /// The run's seed (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// A folder of `.in` files to measure instead of generated games (read
    /// as judges' solutions read them: the first m deck cards).
    dir: Option<PathBuf>,
}

/// Runs `pigkill coverage`.
///
/// # Errors
///
/// Exit 2 for an unreadable folder, an invalid game, or a game that does not end.
pub fn run(args: CoverageArgs) -> Result<u8, Failure> {
    let engine = StrategyEngine;
    let coverage = match &args.dir {
        Some(dir) => {
            let files = input::input_files(dir)?;
            let mut coverage = Coverage::new();
            for file in &files {
                let game = input::read_game(Some(file))?;
                let events = game_rule_events(&game, &engine, Budget::default())
                    .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
                coverage.add(events);
            }
            eprintln!("coverage: {} games from {}", files.len(), dir.display());
            coverage
        }
        None => {
            let seed = args.seed.unwrap_or_else(clock_seed);
            eprintln!(
                "coverage: profile {}, seed {seed}, {} games",
                args.profile.name(),
                args.count
            );
            (0..args.count)
                .into_par_iter()
                .map(|i| -> Result<Coverage, Failure> {
                    let generated = generate_ending(args.profile, game_seed(seed, i), &engine)
                        .map_err(|e| Failure::usage(e.to_string()))?;
                    let events = game_rule_events(&generated.game, &engine, Budget::default())
                        .map_err(|e| Failure::usage(e.to_string()))?;
                    let mut one = Coverage::new();
                    one.add(events);
                    Ok(one)
                })
                .try_reduce(Coverage::new, |mut a, b| {
                    a.merge(&b);
                    Ok(a)
                })?
        }
    };
    print!("{}", coverage.table());
    Ok(EXIT_OK)
}
