//! Reading games from files or stdin with the judge's reading (tokens, the
//! first m deck cards; what follows is ignored with a warning on stderr),
//! with positioned errors.

use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use pigkill_engine::{read_judge_game, Game, JudgeGame, ParseErrorKind, ReadError};

use super::Failure;

/// Reads a file (or stdin for `None` or `-`) as bytes.
///
/// # Errors
///
/// A usage failure naming the file and the I/O error.
pub fn read_bytes(path: Option<&Path>) -> Result<Vec<u8>, Failure> {
    match path {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => std::fs::read(p)
            .map_err(|e| Failure::usage(format!("cannot read {}: {e}", p.display()))),
    }
}

fn read_stdin() -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::usage(format!("cannot read stdin: {e}")))?;
    Ok(bytes)
}

/// Reads a game as a judge's solution does, streaming, from a file (or
/// stdin for `None` or `-`), and prints each warning (text after the game,
/// ignored) to stderr. An error carries its position, the file name, and
/// the offending line with a caret.
///
/// # Errors
///
/// A usage failure for unreadable files and invalid games.
pub fn read_game(path: Option<&Path>) -> Result<Game, Failure> {
    let (game, warnings) = read_judged(path)?;
    for warning in warnings {
        eprintln!("warning: {warning}");
    }
    Ok(game)
}

/// [`read_game`] without printing: the game, and each warning as
/// `line L, column C: message` followed by a line `  --> FILE`.
///
/// # Errors
///
/// As [`read_game`]: the failure's message is the rendered error.
pub fn read_judged(path: Option<&Path>) -> Result<(Game, Vec<String>), Failure> {
    let (name, result) = match path {
        None => ("<stdin>".to_string(), read_stdin_game()),
        Some(p) if p == Path::new("-") => ("<stdin>".to_string(), read_stdin_game()),
        Some(p) => {
            let file = std::fs::File::open(p)
                .map_err(|e| Failure::usage(format!("cannot read {}: {e}", p.display())))?;
            (
                p.display().to_string(),
                read_judge_game(BufReader::new(file)),
            )
        }
    };
    match result {
        Ok(JudgeGame { game, warnings }) => {
            let warnings = warnings
                .iter()
                .map(|w| format!("{w}\n  --> {name}"))
                .collect();
            Ok((game, warnings))
        }
        Err(error) => Err(located(&error, &name)),
    }
}

fn read_stdin_game() -> Result<JudgeGame, ReadError> {
    read_judge_game(std::io::stdin().lock())
}

/// The failure for a game that cannot be read: `line L, column C: message`,
/// then the file name, then the line with a caret.
fn located(error: &ReadError, name: &str) -> Failure {
    if let ParseErrorKind::Unreadable(e) = &error.error.kind {
        return Failure::usage(format!("cannot read {name}: {e}"));
    }
    let rendered = error.render();
    let (head, rest) = rendered.split_once('\n').unwrap_or((&rendered, ""));
    Failure::usage(format!("{head}\n  --> {name}\n{rest}"))
}

/// The `*.in` files of a folder, in numeric order of their names (`2.in`
/// before `10.in`), other names after, alphabetically.
///
/// # Errors
///
/// A usage failure when the folder cannot be read.
pub fn input_files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    crate::fixtures::input_files(dir)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", dir.display())))
}
