//! `pigkill gen`: judge data. Games that end, with the answers both
//! engines agree on, written as `DIR/1.in, 1.out, ...`; or the judge-ready
//! suite of 20 with its coverage table; or one game of a run, by index.

use std::path::{Path, PathBuf};

use clap::Args;
use pigkill_generators::{game_seed, generate, Profile};

use super::stress::{clock_seed, parse_profile};
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::coverage::Coverage;
use crate::fixtures::write_atomic;
use crate::suite::{judge_case, suite, CaseError, JudgeCase};

/// Arguments of `pigkill gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// The generator profile: basic, no-nullify, full (the statement's
    /// subtasks), nullify-chains, suspicion, duels, crossbow, empty-deck,
    /// deaths, big, or mixed (each game its own profile and weights).
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    profile: Profile,
    /// The run's seed (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// Where to write N.in and N.out.
    #[arg(long, required_unless_present = "index")]
    out: Option<PathBuf>,
    /// Write the judge-ready suite of 20 (2 basic, 4 no-nullify, 14 full, the last 3 big).
    #[arg(long, conflicts_with_all = ["count", "profile"])]
    suite: bool,
    /// Print game I of a `pigkill stress` run with this profile and seed (as generated, ending or not).
    #[arg(long, conflicts_with_all = ["suite", "out"])]
    index: Option<u64>,
    /// Also write each game's text to this folder, as a fuzz seed corpus.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Overwrite files that exist.
    #[arg(long)]
    force: bool,
}

/// Runs `pigkill gen`.
///
/// # Errors
///
/// Exit 2 when a file exists (without `--force`) or cannot be written;
/// exit 1 when the engines disagree on a game.
pub fn run(args: GenArgs) -> Result<u8, Failure> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    if let Some(index) = args.index {
        print!(
            "{}",
            generate(args.profile, game_seed(seed, index)).to_text()
        );
        return Ok(EXIT_OK);
    }
    let Some(out) = args.out else {
        return Err(Failure::usage("--out DIR is required"));
    };
    let count = if args.suite { 20 } else { args.count };
    let mut paths = Vec::new();
    for i in 1..=count {
        paths.push(out.join(format!("{i}.in")));
        paths.push(out.join(format!("{i}.out")));
    }
    if !args.force {
        let taken: Vec<String> = paths
            .iter()
            .filter(|p| p.exists())
            .map(|p| p.display().to_string())
            .collect();
        if !taken.is_empty() {
            return Err(Failure::usage(format!(
                "{} files exist already ({}{}), expected an empty place; nothing was written (use --force to overwrite)",
                taken.len(),
                taken[0],
                if taken.len() > 1 { ", ..." } else { "" }
            )));
        }
    }
    eprintln!("gen: seed {seed}");
    let made: Result<(Vec<JudgeCase>, Coverage), CaseError> = if args.suite {
        suite(seed)
    } else {
        let mut coverage = Coverage::new();
        (0..count)
            .map(|i| judge_case(args.profile, seed, i))
            .collect::<Result<Vec<_>, _>>()
            .map(|cases| {
                for case in &cases {
                    coverage.add(case.events);
                }
                (cases, coverage)
            })
    };
    let (cases, coverage) = match made {
        Ok(made) => made,
        Err(e @ CaseError::Divergence(_)) => {
            eprintln!("error: {e}");
            return Ok(EXIT_FOUND);
        }
        Err(e) => return Err(Failure::usage(e.to_string())),
    };
    let rejected: u64 = cases.iter().map(|c| u64::from(c.rejected)).sum();
    for (i, case) in cases.iter().enumerate() {
        write(
            &out.join(format!("{}.in", i + 1)),
            case.game.to_text().as_bytes(),
        )?;
        write(
            &out.join(format!("{}.out", i + 1)),
            case.outcome.to_judge_text().as_bytes(),
        )?;
        if let Some(corpus) = &args.corpus {
            write(
                &corpus.join(format!("{}-{seed}-{}", case.profile.name(), i + 1)),
                case.game.to_text().as_bytes(),
            )?;
        }
    }
    eprintln!(
        "gen: wrote {} tests to {} ({} generated games rejected: they do not end)",
        cases.len(),
        out.display(),
        rejected
    );
    if args.suite {
        for (i, case) in cases.iter().enumerate() {
            eprintln!(
                "  {:>2}.in  {:<10} {:>2} pigs {:>4} deck cards  {:>2} rule events",
                i + 1,
                case.profile.name(),
                case.game.pig_count(),
                case.game.deck().len(),
                case.events.len()
            );
        }
        print!("{}", coverage.table());
        let missing = coverage.below(f64::MIN_POSITIVE);
        if !missing.is_empty() {
            let names: Vec<&str> = missing.iter().map(|e| e.name()).collect();
            eprintln!("gen: not covered by the suite: {}", names.join(", "));
        }
    }
    Ok(EXIT_OK)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_atomic(path, bytes)
        .map_err(|e| Failure::usage(format!("cannot write {}: {e}", path.display())))
}
