//! Writes the failure page of a solution's output on a game, as
//! `pigkill check` does for each failure: `cargo run --release --example
//! failure_page -- GAME ACTUAL [SOLUTION] > failure.html`. The expected
//! output is the engines' answer, the verdict compares lines as judges
//! do. Used by `scripts/screenshots.sh`.

use std::process::ExitCode;

use pigkill::check::{expected, Expected};
use pigkill::html::{failure_page, FailurePage};
use pigkill::solution::{compare, CompareMode};
use pigkill_engine::parse_game_bytes;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game_path, actual_path, rest @ ..] = args.as_slice() else {
        eprintln!("usage: failure_page GAME ACTUAL [SOLUTION]");
        return ExitCode::from(2);
    };
    let read =
        |path: &str| std::fs::read(path).map_err(|e| eprintln!("error: cannot read {path}: {e}"));
    let (Ok(game_bytes), Ok(actual)) = (read(game_path), read(actual_path)) else {
        return ExitCode::from(2);
    };
    let game = match parse_game_bytes(&game_bytes) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {game_path}: {e}");
            return ExitCode::from(2);
        }
    };
    let Expected::Answer(answer) = expected(&game) else {
        eprintln!(
            "error: {game_path} has no expected answer (no rebel, no end, or the engines disagree)"
        );
        return ExitCode::from(2);
    };
    let verdict = compare(answer.as_bytes(), &actual, CompareMode::Lines).to_string();
    let solution = rest.first().map_or("solution", String::as_str);
    print!(
        "{}",
        failure_page(&FailurePage {
            game: &game,
            expected: &answer,
            actual: &actual,
            verdict: &verdict,
            diagnosis: &[],
            explanation: None,
            solution,
            deviation: None,
        })
    );
    ExitCode::SUCCESS
}
