//! An example contestant solution for `pigkill check`: reads a game on
//! stdin and prints the judge output, like any submission would. It plays
//! with the reference engine, so it is right; `--bug NAME` makes it wrong
//! in one known way (the ids of `pigkill mutants`, the catalogue of known
//! mistakes), to see what
//! `pigkill check` reports for a wrong solution.
//!
//! ```sh
//! cargo build --release
//! pigkill check --solution "target/release/example-contestant --bug duel-player-first"
//! ```

use std::io::Write;
use std::process::ExitCode;

use pigkill_engine::{read_judge_game, Budget, Engine};
use pigkill_reference::mutants::{MutantEngine, Mutation};
use pigkill_reference::ReferenceEngine;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bug = match args.as_slice() {
        [] => None,
        [flag, name] if flag == "--bug" => match Mutation::from_name(name) {
            Some(m) => Some(m),
            None => {
                let names: Vec<&str> = Mutation::ALL.iter().map(|m| m.name()).collect();
                eprintln!(
                    "error: unknown bug '{name}', expected one of {}",
                    names.join(", ")
                );
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: example-contestant [--bug NAME] < game.in");
            return ExitCode::from(2);
        }
    };
    // Read as accepted solutions do: tokens, the first m deck cards.
    let game = match read_judge_game(std::io::stdin().lock()) {
        Ok(read) => read.game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match bug {
        Some(mutation) => MutantEngine(mutation).output(&game, Budget::default()),
        None => ReferenceEngine
            .run(&game, Budget::default())
            .map(|outcome| outcome.to_judge_text()),
    };
    match result {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
