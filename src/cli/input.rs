//! Reading games from files or stdin, with positioned errors.

use std::io::Read;
use std::path::Path;

use pigkill_engine::{parse_game_bytes, Game};

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

/// Reads and parses a game; a parse error carries its position, the
/// file name, and the offending line with a caret.
///
/// # Errors
///
/// A usage failure for unreadable files and invalid games.
pub fn read_game(path: Option<&Path>) -> Result<Game, Failure> {
    let bytes = read_bytes(path)?;
    parse_game_bytes(&bytes).map_err(|error| {
        let source = String::from_utf8_lossy(&bytes);
        let name = path.map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
        let rendered = error.render(&source);
        // First line exactly as `line L, column C: message`; then where.
        let mut lines = rendered.splitn(2, '\n');
        let head = lines.next().unwrap_or_default();
        let rest = lines.next().unwrap_or_default();
        Failure::usage(format!("{head}\n  --> {name}\n{rest}"))
    })
}
