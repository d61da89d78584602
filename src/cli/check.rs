//! `pigkill check`: parses the arguments, runs the library's check
//! pipeline ([`crate::check`]) and renders its events, as text for people
//! or as JSON Lines (`--json`) for editors and CI. Ctrl-C once stops the
//! search and any minimisation, keeping what was found; twice exits at
//! once.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use pigkill_generators::Profile;
use serde::Serialize;

use super::sandbox::SandboxArgs;
use super::stress::{
    clock_seed, default_jobs, parse_duration, parse_profile, resolve_shard, side_by_side,
};
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::check::{CheckEvent, CheckOptions, FailureReport, Source, StartReport, Summary};
use crate::shard::ShardSpec;
use crate::solution::{prepare, CompareMode, Limits, MIB};
use crate::summary::{check_writable, Run, Summary as ShardSummary};
use crate::untrusted::{show, show_block};

/// The exit code of a check that Ctrl-C stopped before any failure.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Arguments of `pigkill check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The solution to check: a program, a command line like "python3 sol.py", or a
    /// source file (.cpp .cc .c .rs .java .py .js), compiled once and cached.
    /// It runs with LC_ALL=C in a fresh temporary directory.
    #[arg(long)]
    solution: String,
    /// Compile the --solution source with this command instead: {src} is the source,
    /// {out} the program to write (run by /bin/sh in the source's directory).
    #[arg(long, value_name = "CMD")]
    compile: Option<String>,
    /// More arguments for the solution.
    #[arg(last = true)]
    args: Vec<String>,
    /// The generator profile for generated games.
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    profile: Profile,
    /// The run's seed (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Check game indices 0..N.
    #[arg(long, conflicts_with_all = ["time", "tests"])]
    count: Option<u64>,
    /// Search for this long (default 60s).
    #[arg(long, value_parser = parse_duration, conflicts_with = "tests")]
    time: Option<Duration>,
    /// Check the tests of a folder (N.in, with N.out when present) instead.
    #[arg(long)]
    tests: Option<PathBuf>,
    /// Search the whole --count/--time and report one minimised failure per
    /// distinct cause, instead of stopping at the first failure.
    #[arg(long)]
    keep_going: bool,
    /// The time budget of each minimisation (the best game so far is kept).
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    shrink_time: Duration,
    /// Bound the deviation search of each wrong output by N deviated
    /// engine runs instead of its own time (0.8 s), so that what it finds
    /// does not depend on the machine's load; the check's clock (--time)
    /// still ends it.
    #[arg(long, value_name = "N")]
    search_runs: Option<u64>,
    /// How output is compared: exact, lines (ignores trailing whitespace and a final newline), tokens.
    #[arg(long, default_value = "lines")]
    compare: CompareMode,
    /// Wall-time limit per game.
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    timeout: Duration,
    /// Memory limit per game, in MiB of peak resident memory (as judges count it).
    #[arg(long, default_value_t = 512)]
    memory: u64,
    /// Output limit per game, in KiB.
    #[arg(long, default_value_t = 1024)]
    output: u64,
    /// Parallel runs (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where minimised failures are saved.
    #[arg(long, default_value = "pigkill-failures")]
    out: PathBuf,
    /// Print JSON Lines on stdout, one object per event (see the README).
    #[arg(long)]
    json: bool,
    /// Check only slice K of N (1-based) of the generated games, e.g. 3/8,
    /// for job arrays; `auto` reads it from a Slurm array or a Kubernetes
    /// Indexed Job.
    #[arg(long, default_value = "1/1", conflicts_with = "tests")]
    shard: ShardSpec,
    /// The number of shards, for `--shard auto` where the environment does
    /// not say.
    #[arg(long)]
    shards: Option<u64>,
    /// Write a JSON summary of this check (or shard) here, for `pigkill merge`.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Overwrite the --summary file if it exists.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    sandbox: SandboxArgs,
}

fn usage(e: impl std::fmt::Display) -> Failure {
    Failure::usage(e.to_string())
}

/// A flag that the first Ctrl-C sets; the second exits at once (the
/// solutions' processes die with their parent threads).
fn interrupt_flag(json: bool) -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    // Only one handler per process: a second check in the same process
    // (tests) keeps the first one's flag, which is harmless.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        if !json {
            eprintln!("\ninterrupted: stopping (Ctrl-C again to quit at once)");
        }
    });
    stop
}

/// Runs `pigkill check`.
///
/// # Errors
///
/// Exit 2 for a solution that cannot be started, a bad test folder, or bad options.
pub fn run(args: CheckArgs) -> Result<u8, Failure> {
    let prepared = prepare(&args.solution, args.compile.as_deref())
        .map_err(|e| usage(format!("--solution: {e}")))?;
    if let Some(build) = &prepared.build {
        if build.cache_hit {
            eprintln!(
                "check: {} already built ({})",
                build.source.display(),
                build.output.display()
            );
        } else {
            eprintln!(
                "check: built {} with `{}`",
                build.source.display(),
                build.command
            );
            eprint!("{}", build.diagnostics);
        }
    }
    let mut command = prepared.command;
    if !args.args.is_empty() {
        command = command
            .args(&args.args)
            .map_err(|e| usage(format!("--solution: {e}")))?;
    }
    // Judges run solutions in the C locale: no locale files to load, and
    // the same number and text formats everywhere.
    let command = command
        .env("LC_ALL", "C")
        .map_err(|e| usage(format!("--solution: {e}")))?;
    eprintln!("check: {}", args.sandbox.apply());
    let shard = resolve_shard(args.shard, args.shards, args.seed)?.shard;
    if let Some(path) = &args.summary {
        check_writable(path, args.force).map_err(usage)?;
    }
    let source = match &args.tests {
        Some(dir) => Source::Folder(dir.clone()),
        None => Source::Generated {
            profile: args.profile,
            seed: args.seed.unwrap_or_else(clock_seed),
            count: args.count,
            time: args.time,
            shard,
        },
    };
    let limits = Limits {
        timeout: args.timeout,
        memory: Some(args.memory.saturating_mul(MIB)),
        output: args.output.saturating_mul(1024),
        ..Limits::default()
    };
    let options = CheckOptions {
        solution: args.solution.clone(),
        command,
        source,
        limits,
        compare: args.compare,
        jobs: args.jobs.unwrap_or_else(default_jobs).max(1),
        keep_going: args.keep_going,
        shrink_time: args.shrink_time,
        search_runs: args.search_runs,
        out: args.out.clone(),
        stop: interrupt_flag(args.json),
    };
    let mut failures: Vec<FailureReport> = Vec::new();
    let mut render = |event: CheckEvent<'_>| {
        if let CheckEvent::Failure(failure) = &event {
            failures.push((*failure).clone());
        }
        if args.json {
            json_event(event);
        } else {
            text_event(event);
        }
    };
    let summary = crate::check::run(&options, &mut render).map_err(usage)?;
    if let (Some(path), Some(run)) = (&args.summary, Run::of_check(&options)) {
        for (failure, count) in failures.iter_mut().zip(&summary.groups) {
            failure.games_in_group = *count;
        }
        let stopped_early = if summary.interrupted {
            Some("interrupted by Ctrl-C".to_string())
        } else if !args.keep_going && summary.failures > 0 {
            Some("stopped at the first failure (no --keep-going)".to_string())
        } else {
            None
        };
        ShardSummary::of_check(run, shard, &summary, &failures, stopped_early)
            .write(path, args.force)
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(if summary.failed() {
        EXIT_FOUND
    } else if summary.interrupted {
        EXIT_INTERRUPTED
    } else {
        EXIT_OK
    })
}

/// One JSON Lines record: the event's name, then its fields.
#[derive(Serialize)]
struct Record<'a, T: Serialize> {
    event: &'static str,
    #[serde(flatten)]
    body: &'a T,
}

#[derive(Serialize)]
struct Message<'a> {
    message: &'a str,
}

fn print_json<T: Serialize>(event: &'static str, body: &T) {
    match serde_json::to_string(&Record { event, body }) {
        Ok(line) => println!("{}", crate::untrusted::json_safe(&line)),
        Err(e) => eprintln!("error: cannot write the {event} event as JSON: {e}"),
    }
}

/// Renders an event as one JSON object on a line.
fn json_event(event: CheckEvent<'_>) {
    match event {
        CheckEvent::Start(start) => print_json("start", start),
        CheckEvent::Warning(message) => print_json("warning", &Message { message }),
        CheckEvent::Failure(failure) => print_json("failure", failure),
        CheckEvent::Summary(summary) => print_json("summary", summary),
    }
}

/// Renders an event as text for people: the report on stdout, warnings
/// on stderr; the solution's output always shown through
/// [`crate::untrusted`].
fn text_event(event: CheckEvent<'_>) {
    match event {
        CheckEvent::Start(start) => print_start(start),
        CheckEvent::Warning(message) => eprintln!("warning: {message}"),
        CheckEvent::Failure(failure) => print_failure(failure),
        CheckEvent::Summary(summary) => print_summary(summary),
    }
}

fn print_start(start: &StartReport) {
    let what = match (&start.folder, &start.profile) {
        (Some(folder), _) => format!("{} tests from {folder}", start.count.unwrap_or(0)),
        (None, profile) => {
            let budget = match (start.count, start.time_s) {
                (Some(count), _) => format!("games 0..{count}"),
                (None, time) => format!("for {}s", time.unwrap_or(60.0)),
            };
            format!(
                "profile {}, seed {}, {budget}",
                profile.as_deref().unwrap_or("mixed"),
                start.seed.unwrap_or(0)
            )
        }
    };
    let mode = if start.keep_going {
        "one failure per cause"
    } else {
        "stops at the first failure; --keep-going for one per cause"
    };
    println!("check: {what}, {} jobs ({mode})", start.jobs);
}

fn print_failure(failure: &FailureReport) {
    println!(
        "\n=== {}: {}, first at {} (reported {:.1} s in)",
        failure.verdict,
        failure.cause.replace('-', " "),
        failure.found_at,
        failure.elapsed_s
    );
    println!("{}", failure.detail);
    if failure.shrink_runs > 0 {
        println!(
            "minimised from {} to {} ({} runs of the solution, {:.1} s{})",
            failure.original,
            failure.minimised,
            failure.shrink_runs,
            failure.shrink_s,
            if failure.minimal {
                ""
            } else {
                "; stopped by its budget, the best game so far"
            }
        );
    } else {
        println!("not minimised: {}", failure.original);
    }
    print!("--- likely cause:\n{}", failure.likely_cause());
    if matches!(failure.verdict.as_str(), "WA" | "PE") {
        print!(
            "--- where it went another way:\n{}",
            crate::deviation::deviation_text(failure.deviation.as_ref())
        );
    }
    println!("--- the game:\n{}", failure.input.trim_end());
    let actual = show_block(&failure.raw_actual);
    println!(
        "--- expected vs actual:\n{}",
        side_by_side(["expected", "actual"], [&failure.expected, &actual]).trim_end()
    );
    if !failure.raw_stderr.iter().all(u8::is_ascii_whitespace) {
        println!(
            "--- the tail of its stderr:\n{}",
            show_block(&failure.raw_stderr).trim_end()
        );
    }
    println!(
        "--- what should have happened:\n{}",
        failure.narration.trim_end()
    );
    match failure.files.first() {
        Some(first) => {
            let base = first.strip_suffix(".in").unwrap_or(first);
            let exts: Vec<&str> = failure
                .files
                .iter()
                .filter_map(|f| f.rsplit('.').next())
                .collect();
            println!("saved to {}.{{{}}}", show(base.as_bytes()), exts.join(","));
        }
        None => println!("not saved"),
    }
}

fn print_summary(summary: &Summary) {
    println!("\n{}", summary.table.trim_end());
    if summary.skipped > 0 {
        println!(
            "skipped {} games that do not end (not valid tests)",
            summary.skipped
        );
    }
    if summary.stopped_early > 0 {
        println!(
            "TLE, stopped early: {} of the TLE runs (once a run timed out at the time limit, runs stop at 5x the slowest accepted run, at least 100 ms)",
            summary.stopped_early
        );
    }
    if summary.cut_by_time > 0 {
        println!(
            "{} run{} cut short by the end of --time, not judged",
            summary.cut_by_time,
            if summary.cut_by_time == 1 { "" } else { "s" }
        );
    }
    if summary.unexamined > 0 {
        println!(
            "{} failing game{} of no known cause came in after the time was up: counted, not examined",
            summary.unexamined,
            if summary.unexamined == 1 { "" } else { "s" }
        );
    }
    if summary.interrupted {
        println!("interrupted by Ctrl-C");
    }
    if summary.failures > 0 {
        println!(
            "{} failure{} saved, {:.1} s in all",
            summary.failures,
            if summary.failures == 1 { "" } else { "s" },
            summary.elapsed_s
        );
    }
}
