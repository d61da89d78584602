//! The `pigkill` command line: argument parsing and dispatch to one module
//! per command. Exit codes are fixed so that scripts can rely on them.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod check;
mod coverage;
mod diagnose;
mod explain;
mod gen;
mod input;
mod merge;
mod mutants;
mod run;
mod sandbox;
mod shrink;
mod stress;
mod validate;

/// Every game agreed, every check passed.
pub const EXIT_OK: u8 = 0;
/// A divergence or a failing solution was found.
pub const EXIT_FOUND: u8 = 1;
/// Bad usage, bad input, or a game that does not end.
pub const EXIT_USAGE: u8 = 2;

/// pigkill: differential testing and fuzzing for 猪国杀 (SDOI2010, Luogu P2482).
#[derive(Debug, Parser)]
#[command(name = "pigkill", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play one game and print the judge output.
    Run(run::RunArgs),
    /// Narrate one game turn by turn: who played what on whom, and why it ended.
    Explain(explain::ExplainArgs),
    /// Play generated games on both engines side by side; minimise and save every divergence.
    Stress(stress::StressArgs),
    /// Write judge data: games that end, with answers, or the judge-ready suite of 20.
    Gen(gen::GenArgs),
    /// Count which rule events a profile's games, or a folder of tests, exercise.
    Coverage(coverage::CoverageArgs),
    /// Minimise a game (or fuzz crash input) on which the engines disagree, and save it as a fixture.
    Shrink(shrink::ShrinkArgs),
    /// The catalogue of known mistakes, and how many games it takes to catch each.
    Mutants(mutants::MutantsArgs),
    /// Which known mistake most likely made a solution print this output for this game.
    Diagnose(diagnose::DiagnoseArgs),
    /// Cross-check a contestant's solution binary; minimise and explain its failures.
    Check(check::CheckArgs),
    /// Merge the --summary files of a run's shards into one report, naming missing shards.
    Merge(merge::MergeArgs),
    /// Check judge data against the exact input format, every deviation with line and column.
    Validate(validate::ValidateArgs),
}

/// A failure that ends the command with an exit code and a message.
#[derive(Debug)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// The message for stderr (without the `error: ` prefix).
    pub message: String,
}

impl Failure {
    /// A usage or input error (exit 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_USAGE,
            message: message.into(),
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        Failure::usage(format!("{error:#}"))
    }
}

/// Runs the command line with these arguments and returns the exit code.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_OK
            });
        }
    };
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Stress(args) => stress::run_stress(args),
        Command::Gen(args) => gen::run(args),
        Command::Coverage(args) => coverage::run(args),
        Command::Shrink(args) => shrink::run(args),
        Command::Mutants(args) => mutants::run(args),
        Command::Diagnose(args) => diagnose::run(args),
        Command::Check(args) => check::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Validate(args) => validate::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}
