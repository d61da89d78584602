//! `pigkill check`: cross-checks a contestant's solution binary on
//! generated games (or a folder of tests), judges every run like an online
//! judge, and hands back the smallest failing game of each kind with the
//! expected and actual output and a narration of what should have happened.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use pigkill_engine::{parse_game_bytes, Budget, Game};
use pigkill_generators::{game_seed, generate, Profile};

use super::stress::{clock_seed, default_jobs, parse_duration, parse_profile, side_by_side};
use super::{Failure, EXIT_FOUND, EXIT_OK};
use crate::check::{expected, judge_game, minimise_failure, Expected, FailureSignature, Judged};
use crate::diff::play_traced;
use crate::engines;
use crate::fixtures::{first_line_difference, write_fresh};
use crate::found::size;
use crate::narrate::narrate;
use crate::shrink::ShrinkOptions;
use crate::solution::{preflight, prepare, CompareMode, Limits, Tally, Worker, MIB};

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
    /// Check for this long (default 60s).
    #[arg(long, value_parser = parse_duration, conflicts_with = "tests")]
    time: Option<Duration>,
    /// Check the tests of a folder (N.in, with N.out when present) instead.
    #[arg(long)]
    tests: Option<PathBuf>,
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
}

/// One case to check.
struct Case {
    /// `game N` or the test file's name.
    name: String,
    /// A number for the table's "slowest game".
    number: u64,
    game: Game,
    /// The answer the solution must give.
    answer: String,
}

/// The first failure of one signature, and how many more.
struct Group {
    case: Case,
    judged: Judged,
    count: u64,
}

#[derive(Default)]
struct Shared {
    tally: Tally,
    groups: BTreeMap<FailureSignature, Group>,
    divergences: Vec<String>,
    skipped: u64,
    start_error: Option<String>,
}

fn usage(e: impl std::fmt::Display) -> Failure {
    Failure::usage(e.to_string())
}

/// The cases of a test folder, numerically ordered.
fn folder_cases(dir: &Path, shared: &mut Shared) -> Result<Vec<Case>, Failure> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| usage(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort_by_key(|p| {
        let stem = p
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        (stem.parse::<u64>().unwrap_or(u64::MAX), stem)
    });
    let mut cases = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let bytes = std::fs::read(input)
            .map_err(|e| usage(format!("cannot read {}: {e}", input.display())))?;
        let game =
            parse_game_bytes(&bytes).map_err(|e| usage(format!("{}: {e}", input.display())))?;
        let name = input
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let from_engines = expected(&game);
        let from_folder = std::fs::read_to_string(input.with_extension("out")).ok();
        let answer = match (from_folder, from_engines) {
            (Some(out), Expected::Answer(engines)) => {
                if let Some(d) = first_line_difference(&out, &engines) {
                    eprintln!("warning: {name}: the folder's answer differs from the engines' ({d}); using the folder's");
                }
                out
            }
            (Some(out), _) => out,
            (None, Expected::Answer(engines)) => engines,
            (None, Expected::Divergence(d)) => {
                shared
                    .divergences
                    .push(format!("{name}: the engines disagree ({d}); skipped"));
                continue;
            }
            (None, Expected::NoRebel) => {
                eprintln!("warning: {name}: no rebel (outside the statement's data); skipped");
                shared.skipped += 1;
                continue;
            }
            (None, Expected::DoesNotEnd) => {
                eprintln!("warning: {name}: the game does not end; skipped");
                shared.skipped += 1;
                continue;
            }
        };
        cases.push(Case {
            name,
            number: i as u64 + 1,
            game,
            answer,
        });
    }
    Ok(cases)
}

fn record(shared: &Mutex<Shared>, case: Case, judged: Judged, report: &crate::solution::RunReport) {
    let mut shared = shared.lock().unwrap_or_else(|e| e.into_inner());
    shared.tally.record(case.number, &judged.verdict, report);
    if judged.verdict.is_accepted() {
        return;
    }
    let signature = FailureSignature::of(&judged.verdict);
    match shared.groups.get_mut(&signature) {
        Some(group) => group.count += 1,
        None => {
            shared.groups.insert(
                signature,
                Group {
                    case,
                    judged,
                    count: 1,
                },
            );
        }
    }
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
    let limits = Limits {
        timeout: args.timeout,
        memory: Some(args.memory.saturating_mul(MIB)),
        output: args.output.saturating_mul(1024),
        ..Limits::default()
    };
    preflight(&command, &limits).map_err(usage)?;
    let jobs = args.jobs.unwrap_or_else(default_jobs).max(1);
    let mut shared = Shared::default();
    let folder = match &args.tests {
        Some(dir) => Some(folder_cases(dir, &mut shared)?),
        None => None,
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let deadline = match (args.count, args.time) {
        (Some(_), _) => None,
        (None, time) => Some(time.unwrap_or(Duration::from_secs(60))),
    };
    match &folder {
        Some(cases) => eprintln!(
            "check: {} tests from {}, {jobs} jobs",
            cases.len(),
            args.tests.as_deref().unwrap_or(Path::new(".")).display()
        ),
        None => eprintln!(
            "check: profile {}, seed {seed}, {jobs} jobs, {}",
            args.profile.name(),
            match deadline {
                Some(t) => format!("for {}", humantime::format_duration(t)),
                None => format!("games 0..{}", args.count.unwrap_or(0)),
            }
        ),
    }
    let start = Instant::now();
    let shared = Mutex::new(shared);
    let next = AtomicU64::new(0);
    let folder_cases = Mutex::new(folder.map(|c| c.into_iter().map(Some).collect::<Vec<_>>()));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut worker = match Worker::new() {
                    Ok(w) => w,
                    Err(e) => {
                        shared.lock().unwrap_or_else(|e| e.into_inner()).start_error.get_or_insert(format!("cannot make a working directory: {e}"));
                        return;
                    }
                };
                loop {
                    if shared.lock().unwrap_or_else(|e| e.into_inner()).start_error.is_some() {
                        return;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let case = {
                        let mut folder = folder_cases.lock().unwrap_or_else(|e| e.into_inner());
                        match folder.as_mut() {
                            Some(cases) => match cases.get_mut(index as usize) {
                                Some(slot) => slot.take(),
                                None => return,
                            },
                            None => None,
                        }
                    };
                    let case = match case {
                        Some(case) => case,
                        None => {
                            if deadline.is_some_and(|d| start.elapsed() >= d) || args.count.is_some_and(|n| index >= n) {
                                return;
                            }
                            let game = generate(args.profile, game_seed(seed, index));
                            match expected(&game) {
                                Expected::Answer(answer) => Case {
                                    name: format!("game {index}"),
                                    number: index,
                                    game,
                                    answer,
                                },
                                Expected::Divergence(d) => {
                                    shared.lock().unwrap_or_else(|e| e.into_inner()).divergences.push(format!(
                                        "game {index}: the engines disagree ({d}); set aside, see `pigkill gen --profile {} --seed {seed} --index {index}`",
                                        args.profile.name()
                                    ));
                                    continue;
                                }
                                Expected::DoesNotEnd | Expected::NoRebel => {
                                    shared.lock().unwrap_or_else(|e| e.into_inner()).skipped += 1;
                                    continue;
                                }
                            }
                        }
                    };
                    match judge_game(&mut worker, &command, &case.game, &case.answer, &limits, args.compare) {
                        Ok((judged, report)) => record(&shared, case, judged, report),
                        Err(e) => {
                            shared.lock().unwrap_or_else(|e| e.into_inner()).start_error.get_or_insert(format!("cannot run {}: {e}", args.solution));
                            return;
                        }
                    }
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = shared.start_error {
        return Err(usage(e));
    }
    let mut worker =
        Worker::new().map_err(|e| usage(format!("cannot make a working directory: {e}")))?;
    for (signature, group) in &shared.groups {
        println!(
            "\n=== {signature}: first at {} ({} games in this group)",
            group.case.name, group.count
        );
        println!("{}", group.judged.verdict);
        let options = ShrinkOptions {
            explore: 0,
            max_calls: Some(3000),
            time_limit: Some(Duration::from_secs(60)),
            ..ShrinkOptions::default()
        };
        let (game, answer, judged) = match minimise_failure(
            &mut worker,
            &command,
            &group.case.game,
            *signature,
            &limits,
            args.compare,
            &options,
        ) {
            Ok(m) => {
                println!(
                    "minimised from {} to {} ({} runs of the solution, {:.1} s)",
                    size(&group.case.game),
                    size(&m.shrunk.game),
                    m.runs,
                    m.shrunk.elapsed.as_secs_f64()
                );
                (m.shrunk.game, m.expected, m.judged)
            }
            Err(e) => {
                println!("not minimised: {e}");
                (
                    group.case.game.clone(),
                    group.case.answer.clone(),
                    group.judged.clone(),
                )
            }
        };
        let (_, events) = play_traced(engines::pair()[0], &game, Budget::default());
        let story = narrate(&game, &events);
        println!("--- the game:\n{}", game.to_text().trim_end());
        println!(
            "--- expected vs actual ({}):\n{}",
            judged.verdict,
            side_by_side(["expected", "actual"], [&answer, &judged.actual]).trim_end()
        );
        if !judged.stderr.trim().is_empty() {
            println!("--- the tail of its stderr:\n{}", judged.stderr.trim_end());
        }
        println!("--- what should have happened:\n{}", story.trim_end());
        let note = format!(
            "# {signature}\n\n`{}` fails this game: {}. Found at {} of `pigkill check` ({} games with this failure), minimised from {} to {}.\n\n## The game\n\n```\n{}```\n\n## Expected\n\n```\n{}```\n\n## Actual\n\n```\n{}```\n\n## What should have happened\n\n```\n{}```\n",
            args.solution,
            judged.verdict,
            group.case.name,
            group.count,
            size(&group.case.game),
            size(&game),
            game.to_text(),
            answer,
            judged.actual,
            story
        );
        let stem = match signature.line {
            None => signature.kind.to_string(),
            Some(0) => format!("{}-winner", signature.kind),
            Some(pig) => format!("{}-pig{pig}", signature.kind),
        };
        let files = [
            ("in", game.to_text()),
            ("expected", answer),
            ("actual", judged.actual.clone()),
            ("md", note),
        ];
        let files: Vec<(&str, &[u8])> = files.iter().map(|(e, t)| (*e, t.as_bytes())).collect();
        match write_fresh(&args.out, &stem, &files, &[]) {
            Ok(base) => println!("saved to {}.{{in,expected,actual,md}}", base.display()),
            Err(e) => eprintln!("error: cannot save to {}: {e}", args.out.display()),
        }
    }
    for line in &shared.divergences {
        eprintln!("engine divergence: {line}");
    }
    println!("\n{}", shared.tally.table(elapsed).trim_end());
    if shared.skipped > 0 {
        println!(
            "skipped {} games that do not end (not valid tests)",
            shared.skipped
        );
    }
    if !shared.divergences.is_empty() {
        println!(
            "{} games set aside: the engines disagree (not blamed on the solution)",
            shared.divergences.len()
        );
    }
    let failed = shared.tally.games() - shared.tally.count(crate::solution::VerdictKind::Accepted);
    Ok(if failed == 0 { EXIT_OK } else { EXIT_FOUND })
}
