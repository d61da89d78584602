//! `pigkill shrink`: minimise one game on which the engines disagree (a
//! game text, or a fuzz target's crash input), and keep it as a `found/`
//! fixture.

use std::path::PathBuf;
use std::time::Duration;

use arbitrary::{Arbitrary, Unstructured};
use clap::{Args, ValueEnum};
use pigkill_engine::{Budget, Game};
use pigkill_generators::{ArbitraryGame, EdgeCaseGame};

use super::stress::print_divergence;
use super::{input, Failure, EXIT_FOUND};
use crate::diff::compare;
use crate::engines;
use crate::found::{save_minimised, save_original, size, Origin};
use crate::shrink::divergence::{shrink_divergence, DivergenceShrinkOptions};
use crate::shrink::ShrinkOptions;

/// How the input file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputKind {
    /// A game in the problem's text format.
    Text,
    /// A crash input of the `diff_engines` fuzz target.
    DiffEngines,
    /// A crash input of the `edge_cases` fuzz target.
    EdgeCases,
}

/// Arguments of `pigkill shrink`.
#[derive(Debug, Args)]
pub struct ShrinkArgs {
    /// The game (or fuzz crash input).
    file: PathBuf,
    /// How to read the file.
    #[arg(long, value_enum, default_value_t = InputKind::Text)]
    from: InputKind,
    /// Accept any divergence while shrinking, not only one with the original signature.
    #[arg(long)]
    any_failure: bool,
    /// Where the fixture is saved.
    #[arg(long, default_value = "tests/fixtures/found")]
    fixtures: PathBuf,
}

/// Runs `pigkill shrink`.
///
/// # Errors
///
/// Exit 2 for an unreadable or invalid input, or a game on which the engines agree.
pub fn run(args: ShrinkArgs) -> Result<u8, Failure> {
    let game: Game = match args.from {
        InputKind::Text => input::read_game(Some(&args.file))?,
        kind => {
            let bytes = input::read_bytes(Some(&args.file))?;
            let mut u = Unstructured::new(&bytes);
            let made = if kind == InputKind::DiffEngines {
                ArbitraryGame::arbitrary(&mut u).map(|g| g.0)
            } else {
                EdgeCaseGame::arbitrary(&mut u).map(|g| g.0)
            };
            made.map_err(|e| {
                Failure::usage(format!("{}: not a fuzz input: {e}", args.file.display()))
            })?
        }
    };
    let pair = engines::pair();
    let budget = Budget::default();
    let Some(divergence) = compare(pair[0], pair[1], &game, budget) else {
        return Err(Failure::usage(format!(
            "the engines agree on {}: nothing to shrink",
            args.file.display()
        )));
    };
    let stem = args
        .file
        .file_stem()
        .map_or_else(|| "shrunk".to_string(), |s| s.to_string_lossy().to_string());
    let slot = save_original(&args.fixtures, &stem, &game)
        .map_err(|e| Failure::usage(format!("cannot save to {}: {e}", args.fixtures.display())))?;
    eprintln!(
        "shrink: {} ({}); saved unshrunk to {}",
        divergence.signature,
        size(&game),
        slot.input.display()
    );
    let options = DivergenceShrinkOptions {
        any_failure: args.any_failure,
        shrink: ShrinkOptions {
            time_limit: Some(Duration::from_secs(300)),
            ..ShrinkOptions::default()
        },
        budget,
    };
    let minimised = shrink_divergence(pair, &game, divergence.signature, &options)
        .map_err(|e| Failure::usage(e.to_string()))?;
    let (small, small_divergence) = (&minimised.shrunk.game, &minimised.divergence);
    println!(
        "minimised from {} to {} in {} candidates ({:.0} ms)",
        size(&game),
        size(small),
        minimised.shrunk.calls,
        minimised.shrunk.elapsed.as_secs_f64() * 1000.0
    );
    print_divergence(small, small_divergence);
    save_minimised(
        &slot,
        &Origin::File(args.file.clone()),
        &game,
        small,
        small_divergence,
    )
    .map_err(|e| Failure::usage(format!("cannot save {}: {e}", slot.input.display())))?;
    println!(
        "saved to {} and {}",
        slot.input.display(),
        slot.note.display()
    );
    Ok(EXIT_FOUND)
}
