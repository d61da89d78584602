//! `pigkill validate`: the validator's reading of judge data, as a problem
//! setter checks it before publishing (like a testlib validator): the exact
//! format of `rules.md`, every deviation with its line and column, one
//! `FILE:LINE:COLUMN: message` line each. With `--ends`, also that each
//! game ends with the same answer on both engines.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use pigkill_engine::validate::validate_game;

use super::{input, Failure, EXIT_FOUND, EXIT_OK, EXIT_USAGE};
use crate::check::{expected, Expected};

/// Arguments of `pigkill validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Also check that each game ends, with the same answer on both engines
    /// (the statement guarantees every test ends).
    #[arg(long)]
    ends: bool,
    /// A game file, or a folder whose `*.in` files are all checked.
    path: PathBuf,
}

/// Runs `pigkill validate`.
///
/// # Errors
///
/// Exit 2 when the path cannot be read or a folder holds no `.in` file.
pub fn run(args: ValidateArgs) -> Result<u8, Failure> {
    let files = if args.path.is_dir() {
        let files = input::input_files(&args.path)?;
        if files.is_empty() {
            return Err(Failure::usage(format!(
                "{} holds no .in file, expected judge data (N.in files)",
                args.path.display()
            )));
        }
        files
    } else {
        vec![args.path.clone()]
    };
    let mut stdout = std::io::stdout().lock();
    let (mut conforming, mut unreadable) = (0, 0);
    for file in &files {
        match problems(file, args.ends) {
            Ok(found) if found.is_empty() => conforming += 1,
            Ok(found) => {
                for line in found {
                    let _ = writeln!(stdout, "{line}");
                }
            }
            Err(message) => {
                if files.len() == 1 {
                    return Err(Failure::usage(message));
                }
                eprintln!("error: {message}");
                unreadable += 1;
            }
        }
    }
    let _ = stdout.flush();
    let what = if args.ends {
        "conform and end"
    } else {
        "conform"
    };
    eprintln!("validate: {conforming} of {} files {what}", files.len());
    Ok(if unreadable > 0 {
        EXIT_USAGE
    } else if conforming == files.len() {
        EXIT_OK
    } else {
        EXIT_FOUND
    })
}

/// Every way `file` departs from the exact format (and, with `ends`, from
/// a game that ends), one line each; empty when it conforms.
///
/// # Errors
///
/// A message when the file cannot be read.
fn problems(file: &Path, ends: bool) -> Result<Vec<String>, String> {
    let name = file.display();
    let unreadable = |e: std::io::Error| format!("cannot read {name}: {e}");
    let reader = std::fs::File::open(file).map_err(unreadable)?;
    let validation = validate_game(BufReader::new(reader)).map_err(unreadable)?;
    let mut found: Vec<String> = validation
        .deviations
        .iter()
        .map(|d| {
            let at = d.position;
            format!("{name}:{}:{}: {}", at.line, at.column, d.kind)
        })
        .collect();
    if validation.omitted > 0 {
        found.push(format!(
            "{name}: {} more deviations not listed",
            validation.omitted
        ));
    }
    if let (true, Some(game)) = (ends, &validation.game) {
        match expected(game) {
            Expected::Answer(_) | Expected::NoRebel => {}
            Expected::DoesNotEnd => found.push(format!(
                "{name}: the game does not end (both engines reach the turn cap); the statement guarantees every test ends"
            )),
            Expected::Divergence(d) => found.push(format!(
                "{name}: the engines disagree on this game ({d}), so its answer is not known"
            )),
        }
    }
    Ok(found)
}
