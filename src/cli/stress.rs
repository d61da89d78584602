//! `pigkill stress`: generated games on both engines, side by side, on
//! every core; every divergence saved at once, minimised, explained and
//! kept as a `found/` fixture.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use pigkill_engine::{Budget, Engine};
use pigkill_generators::{game_seed, generate, Profile};

use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::engines;
use crate::found::{save_minimised, save_original, Origin, Slot};
use crate::shard::{resolve, ShardSpec};
use crate::shrink::divergence::{shrink_divergence, DivergenceShrinkOptions};
use crate::shrink::ShrinkOptions;
use crate::stress::{run, Counters, Found, Limit, StressOptions};
use crate::summary::{check_writable, Command, Finding, Run, RunLimit, Size, Summary, Totals};

/// Arguments of `pigkill stress`.
#[derive(Debug, Args)]
pub struct StressArgs {
    /// The generator profile (see `pigkill gen --help` for the list).
    #[arg(long, default_value = "mixed", value_parser = parse_profile)]
    pub profile: Profile,
    /// The run's seed; game i is made from (seed, i). Default: from the clock, printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play game indices 0..N (this shard's share of them).
    #[arg(long, conflicts_with = "time")]
    pub count: Option<u64>,
    /// Play for this long instead (e.g. 60s, 5m, 1h).
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Run only slice K of N (1-based), e.g. 3/8, for job arrays; `auto`
    /// reads it from a Slurm array or a Kubernetes Indexed Job.
    #[arg(long, default_value = "1/1")]
    pub shard: ShardSpec,
    /// The number of shards, for `--shard auto` where the environment does
    /// not say (Kubernetes; a Slurm array whose task IDs are the shards from 0).
    #[arg(long)]
    pub shards: Option<u64>,
    /// Write a JSON summary of this run (or shard) here, for `pigkill merge`.
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// Overwrite the --summary file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Where divergences are saved.
    #[arg(long, default_value = "tests/fixtures/found")]
    pub fixtures: PathBuf,
    /// While shrinking, accept any divergence, not only one with the original signature.
    #[arg(long)]
    pub any_failure: bool,
    /// Stop after this many divergences in all.
    #[arg(long, default_value_t = 1000)]
    pub max_divergences: u64,
    /// Compare the strategy engine with the reference engine making this known mistake (an id of `pigkill mutants`).
    #[arg(long, value_parser = parse_mutant)]
    pub mutant: Option<pigkill_reference::mutants::Mutation>,
}

/// Parses a profile name for clap.
pub fn parse_profile(name: &str) -> Result<Profile, String> {
    Profile::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown profile '{name}', expected one of {}",
            names.join(", ")
        )
    })
}

/// Parses a duration like `60s`, `5m` or `1h 30m` for clap.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    humantime::parse_duration(text)
        .map_err(|e| format!("'{text}' is not a duration like 60s or 5m: {e}"))
}

/// Parses a mutant name for clap.
pub fn parse_mutant(name: &str) -> Result<pigkill_reference::mutants::Mutation, String> {
    use pigkill_reference::mutants::Mutation;
    Mutation::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Mutation::ALL.iter().map(|m| m.name()).collect();
        format!(
            "unknown mutant '{name}', expected one of {}",
            names.join(", ")
        )
    })
}

/// A seed from the clock, for runs that do not name one.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The number of worker threads to use by default: every core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Watches the counters and reports progress until `done` is set: a bar
/// with games/s on a terminal, a plain line every 5 s otherwise.
fn watch(counters: &Counters, limit: Limit, done: &std::sync::atomic::AtomicBool) {
    let start = Instant::now();
    let tty = std::io::stderr().is_terminal();
    let bar = match limit {
        Limit::Count(n) if tty => ProgressBar::new(n),
        _ if tty => ProgressBar::new_spinner(),
        _ => ProgressBar::hidden(),
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut last_line = Instant::now();
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let games = counters.games.load(Ordering::Relaxed);
        let rate = games as f64 / start.elapsed().as_secs_f64().max(1e-9);
        let divergences = counters.divergences.load(Ordering::Relaxed);
        let message = format!("{rate:.0} games/s, {divergences} divergences");
        if tty {
            bar.set_position(games);
            bar.set_message(message);
        } else if last_line.elapsed() >= Duration::from_secs(5) {
            eprintln!("stress: {games} games, {message}");
            last_line = Instant::now();
        }
    }
    bar.finish_and_clear();
}

/// Two texts side by side under their titles.
pub fn side_by_side(titles: [&str; 2], texts: [&str; 2]) -> String {
    let left: Vec<&str> = texts[0].lines().collect();
    let right: Vec<&str> = texts[1].lines().collect();
    let width = left
        .iter()
        .map(|l| l.chars().count())
        .chain([titles[0].len()])
        .max()
        .unwrap_or(0);
    let mut out = format!("  {:width$} | {}\n", titles[0], titles[1]);
    for i in 0..left.len().max(right.len()) {
        let (l, r) = (
            left.get(i).copied().unwrap_or(""),
            right.get(i).copied().unwrap_or(""),
        );
        let mark = if l == r { ' ' } else { '!' };
        out.push_str(&format!("{mark} {l:width$} | {r}\n"));
    }
    out
}

/// Prints a diverging game, both engines' outputs side by side, and the
/// first differing event after the events both engines agree on.
pub fn print_divergence(game: &pigkill_engine::Game, divergence: &crate::diff::Divergence) {
    println!("--- the game:\n{}", game.to_text().trim_end());
    let outputs = [
        divergence.verdicts[0].to_text(),
        divergence.verdicts[1].to_text(),
    ];
    println!(
        "--- the outputs:\n{}",
        side_by_side(
            [&divergence.engines[0], &divergence.engines[1]],
            [&outputs[0], &outputs[1]]
        )
        .trim_end()
    );
    println!(
        "--- first differing event (event {}):\n{}",
        divergence.first_difference + 1,
        divergence.difference(6).trim_end()
    );
}

/// The shard of this run (from `--shard K/N`, or the scheduler's
/// environment for `--shard auto`), refusing a sharded run without a seed.
///
/// # Errors
///
/// Exit 2 when the shard cannot be worked out, or a sharded run has no seed.
pub fn resolve_shard(
    spec: ShardSpec,
    shards: Option<u64>,
    seed: Option<u64>,
) -> Result<crate::shard::Resolved, Failure> {
    let shard = resolve(spec, shards, |name| std::env::var(name).ok())
        .map_err(|e| Failure::usage(e.to_string()))?;
    if shard.shard.count > 1 && seed.is_none() {
        return Err(Failure::usage(format!(
            "shard {} of a run without --seed: every shard must play the same run, so give them all the same --seed",
            shard.shard
        )));
    }
    Ok(shard)
}

/// Runs `pigkill stress`.
///
/// # Errors
///
/// Exit 2 when the shard cannot be worked out, when a sharded run has no
/// seed, or when the summary file exists (without `--force`) or cannot be
/// written.
pub fn run_stress(args: StressArgs) -> Result<u8, Failure> {
    let shard = resolve_shard(args.shard, args.shards, args.seed)?;
    if let Some(path) = &args.summary {
        check_writable(path, args.force).map_err(|e| Failure::usage(e.to_string()))?;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let limit = match (args.count, args.time) {
        (_, Some(time)) => Limit::Time(time),
        (Some(count), None) => Limit::Count(count),
        (None, None) => Limit::Count(100_000),
    };
    let options = StressOptions {
        limit,
        jobs: args.jobs.unwrap_or_else(default_jobs).max(1),
        shard: shard.shard,
        budget: Budget::default(),
        max_divergences: args.max_divergences.max(1),
    };
    let mutant = args.mutant.map(pigkill_reference::mutants::MutantEngine);
    let pair: [&dyn Engine; 2] = match &mutant {
        Some(m) => [engines::pair()[0], m],
        None => engines::pair(),
    };
    let profile = args.profile;
    eprintln!(
        "stress: profile {}, seed {seed}, shard {}{}, {} jobs, {}",
        profile.name(),
        options.shard,
        match shard.source.as_str() {
            "given" => String::new(),
            source => format!(" ({source})"),
        },
        options.jobs,
        match limit {
            Limit::Count(n) => format!("games 0..{n}"),
            Limit::Time(t) => format!("for {}", humantime::format_duration(t)),
        }
    );
    let game_at = move |index: u64| generate(profile, game_seed(seed, index));
    let counters = Counters::default();
    let slots = std::sync::Mutex::new(Vec::<(u64, Result<Slot, String>)>::new());
    let on_found = |found: &Found| {
        let stem = format!("{}-{seed}-{}", profile.name(), found.index);
        let saved = save_original(&args.fixtures, &stem, &found.game).map_err(|e| e.to_string());
        match &saved {
            Ok(slot) => eprintln!(
                "stress: divergence at game {} ({}), saved unshrunk to {}",
                found.index,
                found.divergence.signature,
                slot.input.display()
            ),
            Err(e) => eprintln!(
                "stress: divergence at game {}: cannot save it: {e}",
                found.index
            ),
        }
        slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((found.index, saved));
    };
    let done = std::sync::atomic::AtomicBool::new(false);
    let summary = std::thread::scope(|scope| {
        scope.spawn(|| watch(&counters, limit, &done));
        let summary = run(&options, pair, &game_at, &counters, &on_found);
        done.store(true, Ordering::Relaxed);
        summary
    });
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut findings = Vec::new();
    for found in &summary.found {
        let origin = Origin::Generated {
            profile: profile.name().to_string(),
            seed,
            index: found.index,
        };
        println!(
            "\n=== divergence: {} (game {})",
            found.divergence.signature, found.index
        );
        let minimise = DivergenceShrinkOptions {
            any_failure: args.any_failure,
            shrink: ShrinkOptions {
                time_limit: Some(Duration::from_secs(60)),
                ..ShrinkOptions::default()
            },
            budget: options.budget,
        };
        let (game, divergence, minimised) =
            match shrink_divergence(pair, &found.game, found.divergence.signature, &minimise) {
                Ok(m) => {
                    println!(
                        "minimised from {} to {} in {} candidates ({:.0} ms){}",
                        crate::found::size(&found.game),
                        crate::found::size(&m.shrunk.game),
                        m.shrunk.calls,
                        m.shrunk.elapsed.as_secs_f64() * 1000.0,
                        m.shrunk
                            .stopped
                            .map(|s| format!(", stopped early: {s}"))
                            .unwrap_or_default()
                    );
                    let size = Size::of(&m.shrunk.game);
                    (m.shrunk.game, m.divergence, Some(size))
                }
                Err(e) => {
                    println!("not minimised: {e}");
                    (found.game.clone(), found.divergence.clone(), None)
                }
            };
        print_divergence(&game, &divergence);
        let mut files = Vec::new();
        if let Some((_, Ok(slot))) = slots.iter().find(|(i, _)| *i == found.index) {
            match save_minimised(slot, &origin, &found.game, &game, &divergence) {
                Ok(()) => {
                    println!(
                        "saved to {} and {}",
                        slot.input.display(),
                        slot.note.display()
                    );
                    files = vec![slot.input.clone(), slot.note.clone()];
                }
                Err(e) => eprintln!("error: cannot save {}: {e}", slot.input.display()),
            }
        }
        let signature = found.divergence.signature;
        findings.push(Finding {
            signature: signature.to_string(),
            games: summary
                .per_signature
                .iter()
                .find(|(s, _)| *s == signature)
                .map_or(1, |(_, n)| *n),
            game_index: found.index,
            original: Size::of(&found.game),
            minimised,
            files,
        });
    }
    let others: u64 =
        summary.per_signature.iter().map(|(_, n)| n).sum::<u64>() - summary.found.len() as u64;
    println!(
        "\nstress: {} games in {:.1} s ({:.0} games/s), {} rejected (do not end), {} divergences ({} distinct signatures, {} more of the same)",
        summary.games,
        summary.elapsed.as_secs_f64(),
        summary.games_per_second(),
        summary.rejected,
        summary.divergences,
        summary.found.len(),
        others
    );
    if let Some(path) = &args.summary {
        let run = Run {
            command: Command::Stress,
            subject: format!("{} vs {}", pair[0].name(), pair[1].name()),
            seed,
            profile: profile.name().to_string(),
            limit: match limit {
                Limit::Count(n) => RunLimit::Count(n),
                Limit::Time(t) => RunLimit::TimeS(t.as_secs_f64()),
            },
        };
        let totals = Totals {
            games: summary.games,
            rejected: summary.rejected,
            failing_games: summary.divergences,
            verdicts: Default::default(),
        };
        let mut report = Summary::new(run, options.shard, totals, summary.elapsed, findings);
        if summary.divergences >= options.max_divergences {
            report.stopped_early = Some(format!(
                "stopped at {} divergences (--max-divergences {})",
                summary.divergences, options.max_divergences
            ));
        }
        report
            .write(path, args.force)
            .map_err(|e| Failure::usage(format!("cannot write the summary: {e}")))?;
        eprintln!("stress: summary written to {}", path.display());
    }
    Ok(if summary.divergences > 0 {
        EXIT_FOUND
    } else {
        EXIT_OK
    })
}
