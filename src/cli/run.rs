//! `pigkill run`: plays one game on one engine and prints the judge output,
//! optionally with the event trace on stderr.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use pigkill_engine::{Budget, Event};

use super::{input, Failure, EXIT_OK};
use crate::engines::EngineName;

/// Arguments of `pigkill run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The engine that plays the game.
    #[arg(long, value_enum, default_value_t = EngineName::Strategy)]
    engine: EngineName,
    /// Print every event of the game to stderr, one line each.
    #[arg(long)]
    trace: bool,
    /// The game in the problem's input format, read as judges' solutions read
    /// it (tokens; text after the m-th deck card is ignored, with a
    /// warning); stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Runs `pigkill run`.
///
/// # Errors
///
/// Exit 2 with a message for an unreadable or invalid game, or a game that
/// does not end.
pub fn run(args: RunArgs) -> Result<u8, Failure> {
    let game = input::read_game(args.file.as_deref())?;
    let engine = args.engine.engine();
    let result = if args.trace {
        let mut events: Vec<Event> = Vec::new();
        let result = engine.run_traced(&game, Budget::default(), &mut events);
        let mut stderr = std::io::stderr().lock();
        for event in &events {
            let _ = writeln!(stderr, "{event}");
        }
        result
    } else {
        engine.run(&game, Budget::default())
    };
    let outcome = result.map_err(|e| Failure::usage(e.to_string()))?;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(outcome.to_judge_text().as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| Failure::usage(format!("cannot write the output: {e}")))?;
    Ok(EXIT_OK)
}
