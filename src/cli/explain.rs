//! `pigkill explain`: the narration of one game, turn by turn, from the
//! strategy engine's trace (or another engine's); with `--html`, the
//! self-contained replay page of [`crate::html::game_page`] instead.

use std::path::PathBuf;

use clap::Args;
use pigkill_engine::Budget;

use super::{input, Failure, EXIT_OK};
use crate::diff::{play_traced, Verdict};
use crate::engines::EngineName;
use crate::narrate::narrate;

/// Arguments of `pigkill explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The engine whose trace is narrated.
    #[arg(long, value_enum, default_value_t = EngineName::Strategy)]
    engine: EngineName,
    /// Print the game's replay as one self-contained HTML page (the
    /// strategy engine's trace) instead of the narration.
    #[arg(long, conflicts_with = "engine")]
    html: bool,
    /// The game in the problem's input format, read as judges' solutions read
    /// it (tokens; text after the m-th deck card is ignored, with a
    /// warning); stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Runs `pigkill explain`.
///
/// # Errors
///
/// Exit 2 for an unreadable or invalid game.
pub fn run(args: ExplainArgs) -> Result<u8, Failure> {
    let game = input::read_game(args.file.as_deref())?;
    if args.html {
        print!("{}", crate::html::game_page(&game));
        return Ok(EXIT_OK);
    }
    let (verdict, events) = play_traced(args.engine.engine(), &game, Budget::default());
    print!("{}", narrate(&game, &events));
    match verdict {
        Verdict::Ended(outcome) => {
            println!(
                "\nthe judge output:\n{}",
                outcome.to_judge_text().trim_end_matches('\n')
            );
            Ok(EXIT_OK)
        }
        other => Err(Failure::usage(other.to_text().trim_end().to_string())),
    }
}
