//! `pigkill mutants`: the catalogue of known mistakes and the mutation
//! score: for each deliberately wrong variant of the reference engine, its
//! id, the `rules.md` section it breaks, what it does, and how many games
//! `stress` needs to catch it.

use clap::Args;
use pigkill_engine::StrategyEngine;
use pigkill_generators::Profile;
use pigkill_reference::mutants::Mutation;
use rayon::prelude::*;

use super::stress::parse_profile;
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::mutation::catch;

/// Arguments of `pigkill mutants`.
#[derive(Debug, Args)]
pub struct MutantsArgs {
    /// The generator profile.
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    profile: Profile,
    /// The run's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The most games to try on each mutant.
    #[arg(long, default_value_t = 100_000)]
    max_games: u64,
}

/// Runs `pigkill mutants`: exit 0 when every mutant is caught, 1 otherwise.
///
/// # Errors
///
/// Never: every outcome is a table.
pub fn run(args: MutantsArgs) -> Result<u8, Failure> {
    let results: Vec<_> = Mutation::ALL
        .par_iter()
        .map(|&m| {
            (
                m,
                catch(&StrategyEngine, m, args.profile, args.seed, args.max_games),
            )
        })
        .collect();
    println!(
        "{:<34} {:<20} {:>8}  description",
        "mistake", "section", "games"
    );
    let mut missed = 0;
    for (mutation, caught) in &results {
        let games = match caught {
            Some(c) => c.games.to_string(),
            None => {
                missed += 1;
                format!("NOT CAUGHT in {}", args.max_games)
            }
        };
        println!(
            "{:<34} {:<20} {:>8}  {}",
            mutation.name(),
            mutation.section(),
            games,
            mutation.description()
        );
    }
    if let Some((m, Some(c))) = results
        .iter()
        .max_by_key(|(_, c)| c.as_ref().map_or(u64::MAX, |c| c.games))
    {
        println!("slowest to catch: {} ({} games)", m.name(), c.games);
    }
    println!("caught {} of {}", results.len() - missed, results.len());
    Ok(if missed == 0 { EXIT_OK } else { EXIT_FOUND })
}
