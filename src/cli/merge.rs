//! `pigkill merge`: the summaries of a run's shards (`--summary FILE` of
//! each) made into one report, as if from one run, with the exit code a
//! single run would have: 0 nothing found, 1 a divergence (or failure)
//! found, 2 bad input — summaries that cannot be read, of different runs,
//! a shard given twice, or a shard missing (a gap in the run; the report
//! is still printed, and `--allow-missing` accepts the gap).

use std::path::{Path, PathBuf};

use clap::Args;

use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::merge::{merge, Merged};
use crate::summary::{Command, Summary};

/// Arguments of `pigkill merge`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit code as one run's: 0 nothing found, 1 divergences (or failures) found, 2 unreadable summaries, summaries of different runs (seed, profile, limit, subject, number of shards), a shard given twice, or a shard missing (without --allow-missing)."
)]
pub struct MergeArgs {
    /// Summary files (each shard's `--summary`), or folders searched for `*.json`.
    #[arg(required = true)]
    pub summaries: Vec<PathBuf>,
    /// Print the merged report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Accept missing shards (they are still named, and their games not counted).
    #[arg(long)]
    pub allow_missing: bool,
}

/// The `*.json` files under `path` (itself if it is a file), sorted.
fn summary_files(path: &Path, into: &mut Vec<PathBuf>) -> Result<(), Failure> {
    if !path.is_dir() {
        into.push(path.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(path)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            summary_files(&path, into)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            into.push(path);
        }
    }
    Ok(())
}

/// The merged report as text.
pub fn report(merged: &Merged) -> String {
    let failing = match merged.run.command {
        Command::Stress => "divergences",
        Command::Check => "failing games",
    };
    let totals = &merged.totals;
    let mut out = format!(
        "merge: {}: {} of {} shards\n{} games ({:.1} s the slowest shard, {:.1} shard-seconds, {:.0} games/s together), {} rejected (not valid tests), {} {failing} ({} distinct signatures)\n",
        merged.run,
        merged.reported.len(),
        merged.shards,
        totals.games,
        merged.elapsed_s,
        merged.shard_seconds,
        merged.games_per_s,
        totals.rejected,
        totals.failing_games,
        merged.findings.len()
    );
    if !totals.verdicts.is_empty() {
        let verdicts: Vec<String> = totals
            .verdicts
            .iter()
            .map(|(verdict, n)| format!("{verdict} {n}"))
            .collect();
        out.push_str(&format!("verdicts: {}\n", verdicts.join(", ")));
    }
    for finding in &merged.findings {
        out.push_str(&format!(
            "  {}: {} game{}, kept game {} ({}) {}\n",
            finding.signature,
            finding.games,
            if finding.games == 1 { "" } else { "s" },
            finding.game_index,
            finding.size(),
            finding
                .fixture()
                .map_or("not saved".to_string(), |p| format!("at {}", p.display()))
        ));
    }
    for line in &merged.stopped_early {
        out.push_str(&format!(
            "stopped early: {line} (the totals cover fewer games than the run)\n"
        ));
    }
    if !merged.is_complete() {
        out.push_str(&format!(
            "missing shards: {} (no summary: their games are a gap, not zero)\n",
            missing(merged)
        ));
    }
    out
}

fn missing(merged: &Merged) -> String {
    let names: Vec<String> = merged
        .missing
        .iter()
        .map(|k| format!("{k}/{}", merged.shards))
        .collect();
    names.join(", ")
}

/// Runs `pigkill merge`.
///
/// # Errors
///
/// Exit 2 when a summary cannot be read, when the summaries are of
/// different runs or repeat a shard, and (after the report) when a shard
/// is missing without `--allow-missing`.
pub fn run(args: MergeArgs) -> Result<u8, Failure> {
    let mut files = Vec::new();
    for path in &args.summaries {
        summary_files(path, &mut files)?;
    }
    if files.is_empty() {
        return Err(Failure::usage(
            "no summary files found (expected the *.json written by `--summary FILE`)",
        ));
    }
    let mut summaries = Vec::new();
    for file in files {
        let summary = Summary::read(&file).map_err(|e| Failure::usage(e.to_string()))?;
        summaries.push((file, summary));
    }
    let merged = merge(&summaries).map_err(|e| Failure::usage(e.to_string()))?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&merged).map_err(|e| Failure::usage(e.to_string()))?
        );
    } else {
        print!("{}", report(&merged));
    }
    if !merged.is_complete() && !args.allow_missing {
        return Err(Failure::usage(format!(
            "the run is incomplete: shards {} did not report (rerun them, or pass --allow-missing)",
            missing(&merged)
        )));
    }
    Ok(if merged.totals.failing_games > 0 {
        EXIT_FOUND
    } else {
        EXIT_OK
    })
}
