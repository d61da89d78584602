//! `pigkill diagnose GAME ACTUAL`: which known mistake most likely made a
//! solution print ACTUAL for GAME (see `crate::diagnose`), and where the
//! solution went another way than the rules (see `crate::deviation`). With
//! `--solution`, each candidate is tested by prediction on fresh games,
//! and the deviation is generalised to a rule and confirmed.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use pigkill_reference::mutants::Mutation;

use super::input::{read_bytes, read_game};
use super::stress::parse_duration;
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::catalogue::search_game;
use crate::deviation::{deviation_text, find, DeviationOptions, DeviationReport, Run};
use crate::diagnose::{
    diagnose, run_solution, ConfirmOptions, DiagnoseOptions, Entry, Failure as Failing, Solution,
};
use crate::solution::{Command, CompareMode, Limits, Worker, MIB};

/// Arguments of `pigkill diagnose`.
#[derive(Debug, Args)]
pub struct DiagnoseArgs {
    /// The game (a file, or `-` for stdin).
    game: PathBuf,
    /// What the solution printed for it (a file, or `-` for stdin).
    actual: PathBuf,
    /// The solution, to test each candidate by prediction on fresh games
    /// (a program, or a command line like "python3 sol.py"; run with LC_ALL=C).
    #[arg(long)]
    solution: Option<String>,
    /// How output is compared: exact, lines (ignores trailing whitespace and a final newline), tokens.
    #[arg(long, default_value = "lines")]
    compare: CompareMode,
    /// How many fresh games each candidate is tested on.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// The seed of the fresh games.
    #[arg(long, default_value_t = ConfirmOptions::default().seed)]
    seed: u64,
    /// Wall-time limit per run of the solution.
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    timeout: Duration,
    /// Print the diagnosis as JSON: `{"diagnosis": [...], "deviation": {...} or null}`.
    #[arg(long)]
    json: bool,
}

/// `--json`'s one object.
#[derive(serde::Serialize)]
struct Record {
    /// The likely causes among the catalogue's mistakes.
    diagnosis: Vec<crate::diagnose::LikelyCause>,
    /// Where the solution went another way, or `null`.
    deviation: Option<DeviationReport>,
}

/// How many fresh games the solution is first run on, to give the
/// deviation search games it got right (and more failing games).
const BASELINE_GAMES: u64 = 60;

/// Where `solution` (when given) went another way than the rules on
/// `game`, where it printed `actual`: the runs are the given failure and
/// a baseline of fresh games.
fn deviation(
    game: &pigkill_engine::Game,
    actual: &[u8],
    solution: Option<&mut Solution<'_>>,
    options: &DeviationOptions,
) -> Option<DeviationReport> {
    let first = Run::new(game.clone(), actual, options.mode)?;
    let mut failures = vec![first];
    let mut passed = Vec::new();
    let finding = match solution {
        None => find(failures, passed, None, options)?,
        Some(solution) => {
            for index in 0..BASELINE_GAMES {
                let fresh = search_game(options.seed ^ 0x5eed, index);
                let Some(out) = solution(&fresh) else {
                    continue;
                };
                match Run::new(fresh, &out, options.mode) {
                    Some(run) if run.passed => passed.push(run),
                    Some(run) => failures.push(run),
                    None => {}
                }
            }
            find(failures, passed, Some(solution), options)?
        }
    };
    Some(DeviationReport::new(game, &finding))
}

/// Runs `pigkill diagnose`: prints the likely causes (or that there is
/// none), then the candidates that are not the cause (rejected on fresh
/// games, or not tested), then where the solution went another way; exit
/// 0 when a likely cause or a confirmed (or in part) deviation rule is
/// found, 1 when neither.
///
/// # Errors
///
/// A usage failure (exit 2) for unreadable or invalid input, both read
/// from stdin, or a solution that cannot be started.
pub fn run(args: DiagnoseArgs) -> Result<u8, Failure> {
    let dash = PathBuf::from("-");
    if args.game == dash && args.actual == dash {
        return Err(Failure::usage(
            "GAME and ACTUAL cannot both be read from stdin ('-')",
        ));
    }
    let game = read_game(Some(&args.game))?;
    let actual = read_bytes(Some(&args.actual))?;
    let options = DiagnoseOptions {
        confirm: ConfirmOptions {
            seed: args.seed,
            games: args.games,
            mode: args.compare,
            ..ConfirmOptions::default()
        },
        ..DiagnoseOptions::default()
    };
    let deviation_options = DeviationOptions {
        mode: args.compare,
        seed: args.seed,
        ..DeviationOptions::default()
    };
    let found_deviation;
    let failures = [Failing {
        game: game.clone(),
        actual: actual.clone(),
    }];
    let diagnosis = match &args.solution {
        None => {
            found_deviation = deviation(&game, &actual, None, &deviation_options);
            diagnose(&failures, None, &options)
        }
        Some(line) => {
            let command = Command::parse(line)
                .map_err(|e| Failure::usage(format!("--solution: {e}")))?
                .env("LC_ALL", "C")
                .map_err(|e| Failure::usage(format!("--solution: {e}")))?;
            let limits = Limits {
                timeout: args.timeout,
                memory: Some(512 * MIB),
                ..Limits::default()
            };
            let mut worker = Worker::new()
                .map_err(|e| Failure::usage(format!("cannot make a working directory: {e}")))?;
            let mut solution = run_solution(&mut worker, &command, &limits);
            found_deviation = deviation(&game, &actual, Some(&mut solution), &deviation_options);
            diagnose(&failures, Some(&mut solution), &options)
        }
    };
    if args.json {
        let record = Record {
            diagnosis: diagnosis.likely_causes(),
            deviation: found_deviation.clone(),
        };
        println!("{}", serde_json::to_string(&record).unwrap_or_default());
    } else if diagnosis.found() {
        let untested = if args.solution.is_none() {
            " (not tested on fresh games: give --solution to confirm)"
        } else {
            ""
        };
        println!("likely cause{untested}:");
        for entry in diagnosis.causes() {
            println!("  {}", entry.summary());
        }
    } else {
        println!(
            "no known mistake explains this output: none of the {} mistakes of the catalogue, \
             alone or in pairs, {}",
            Mutation::ALL.len(),
            if diagnosis.entries.is_empty() {
                "prints it"
            } else {
                "prints it and behaves like the solution on fresh games"
            }
        );
    }
    if !args.json {
        let causes: Vec<&Entry> = diagnosis.causes().collect();
        for entry in diagnosis.entries.iter().filter(|e| !causes.contains(e)) {
            println!("  not the cause: {}", entry.summary());
        }
    }
    if !args.json {
        print!(
            "where it went another way{}:\n  {}",
            if args.solution.is_none() {
                " (give --solution to generalise it to a rule)"
            } else {
                ""
            },
            deviation_text(found_deviation.as_ref())
        );
    }
    let deviation_found = found_deviation
        .as_ref()
        .is_some_and(|d| d.verdict == "confirmed" || d.verdict == "in part");
    Ok(if diagnosis.found() || deviation_found {
        EXIT_OK
    } else {
        EXIT_FOUND
    })
}
