//! Checking a contestant's solution, as a library: the search, minimise,
//! diagnose and save pipeline behind `pigkill check`. It draws games (a
//! generator profile, or a folder of tests), runs the solution on each in
//! parallel, judges it like an online judge, groups failures by cause,
//! minimises one game per cause against the solution itself within a time
//! budget, names the known mistake and says where a wrong output went
//! another way than the rules (`crate::deviation`, on the minimised game,
//! the other failing games and the last games it got right), saves it, and
//! reports everything as [`CheckEvent`]s. The command
//! line only parses arguments and renders those events (text or JSON
//! Lines); a renderer never decides anything.
//!
//! By default the search stops at the first failure: one minimised game,
//! at once. With [`CheckOptions::keep_going`] it goes on for the whole
//! budget and reports one game per distinct [`Cause`], each as soon as it
//! is minimised, while the search goes on. Setting [`CheckOptions::stop`]
//! (a Ctrl-C handler does) ends the search and any minimisation at the
//! next step, keeping the best game found so far.
//!
//! The statement's sample comes first: a solution that cannot start there
//! is a [`CheckError::Startup`]; one that crashes or is killed by the
//! memory watch there has its RE or MLE on the sample reported like any
//! other failure.
//!
//! # The time budget
//!
//! With `--time T` the whole check, search, diagnosis and minimisation
//! together, ends within T plus [`CheckOptions::shrink_time`] per reported
//! cause (and the few steps under way): a run the end of the search would
//! cut short is not judged ([`Summary::cut_by_time`]); a new cause found in
//! time adds its minimisation budget to the clock, and its diagnosis ends
//! with the clock. A failing game that the coordinator takes up once the
//! search is over joins a group without running the solution (by a known
//! mistake it reproduces, or by its verdict); one of a new cause is
//! reported while the clock has time left, and counted, not run, after
//! ([`Summary::unexamined`]), unless it is the first failure of its kind
//! of verdict (a wrong output, a TLE, a crash, an MLE, an OLE): that one
//! is reported all the same, with its own minimisation budget added to the
//! clock, so that a slow diagnosis of one kind (a wrong output's, under
//! load) never hides another kind the search found in time (see
//! [`examined`]). Fresh games that test a diagnosis run at the
//! minimisation's shortened time limit (see [`candidate_limits`]), a
//! mistake they rejected is not tested again, and once a search run has
//! timed out at the check's own limit the search's runs stop at that
//! shorter limit too ([`Summary::stopped_early`]), whether or not the
//! coordinator has reported that TLE yet: a solution that hangs on many
//! games then costs the search little, and its other mistakes are still
//! found.

mod cause;
mod deviation;
mod oracle;
mod report;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pigkill_engine::{read_judge_game, Budget, Game};
use pigkill_generators::{game_seed, generate, Profile};

pub use cause::{explanation, Cause, CauseKind, Facts};
pub use oracle::{expected, judge_game, shrink_failure, Expected, Judged, ShrunkFailure};
pub use report::{likely_cause_text, FailureReport, Size, StartReport, Summary};

use crate::catalogue::same;
use crate::diagnose::{
    candidates, confirm, diagnose, run_solution_until, Candidate, ConfirmOptions, DiagnoseOptions,
    Failure as DiagnosedFailure,
};
use crate::diff::play_traced;
use crate::engines;
use crate::fixtures::first_line_difference;
use crate::narrate::narrate;
use crate::shard::Shard;
use crate::shrink::ShrinkOptions;
use crate::solution::{
    preflight_sample, Command, CompareMode, Limits, RunReport, StartupError, Tally, Worker, SAMPLE,
};

/// How many failing games of each cause are kept to test a diagnosis on.
const KEPT_PER_CAUSE: usize = 32;

/// How many failing games get their known-mistake candidates worked out
/// (about 2 ms each); later ones join a group by their verdict alone.
const MAX_DIAGNOSED: usize = 500;

/// How many fresh games a mistake must predict before it names a group
/// (the full diagnosis of the minimised game then tries more).
const QUICK_PREDICTIONS: usize = 10;

/// How many generated games are searched for those fresh games.
const QUICK_SEARCH: u64 = 20_000;

/// The shortest time limit a minimisation candidate gets (see
/// [`candidate_limits`]).
const MIN_CANDIDATE_TIMEOUT: Duration = Duration::from_millis(100);

/// Where the games come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// Generated games `0..` of a profile and seed (this shard's share of
    /// them), up to index `count` or for `time`, whichever is given (60 s
    /// when neither is).
    Generated {
        /// The generator profile.
        profile: Profile,
        /// The run's seed: game `i` is made from (seed, i) alone.
        seed: u64,
        /// Check games `0..count`.
        count: Option<u64>,
        /// Check for this long.
        time: Option<Duration>,
        /// The slice of the run's game indices this check takes.
        shard: Shard,
    },
    /// The tests of a folder: every `*.in`, with `*.out` as its answer
    /// when present (else the engines' answer).
    Folder(PathBuf),
}

/// The search's time budget of generated games: none when a count is
/// given, else `time` or [`DEFAULT_SEARCH_TIME`].
pub fn search_time(count: Option<u64>, time: Option<Duration>) -> Option<Duration> {
    match count {
        Some(_) => None,
        None => Some(time.unwrap_or(DEFAULT_SEARCH_TIME)),
    }
}

/// How long a check of generated games searches without `--count` or `--time`.
pub const DEFAULT_SEARCH_TIME: Duration = Duration::from_secs(60);

/// Everything one check needs.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The solution as the user named it (for reports).
    pub solution: String,
    /// How to run it.
    pub command: Command,
    /// The games.
    pub source: Source,
    /// What one run may spend.
    pub limits: Limits,
    /// How output is compared.
    pub compare: CompareMode,
    /// Parallel runs.
    pub jobs: usize,
    /// Search the whole budget and report one failure per cause, instead
    /// of stopping at the first.
    pub keep_going: bool,
    /// The time budget of each minimisation; the best game so far is kept
    /// when it runs out.
    pub shrink_time: Duration,
    /// The deviation search's budget in deviated engine runs, instead of
    /// its own soft time ([`crate::deviation::DeviationOptions::runs`]);
    /// the check's clock still ends it.
    pub search_runs: Option<u64>,
    /// Where failures are saved (never overwriting a file).
    pub out: PathBuf,
    /// Set from elsewhere (Ctrl-C) to stop the search and any minimisation.
    pub stop: Arc<AtomicBool>,
}

/// What the pipeline reports, in order: one `Start`, any number of
/// `Warning`s and `Failure`s, one `Summary`.
#[derive(Debug)]
pub enum CheckEvent<'a> {
    /// The check starts.
    Start(&'a StartReport),
    /// Something the user should know that is not a failure of the
    /// solution (an unreadable test, a game the engines disagree on).
    Warning(&'a str),
    /// A failure, minimised, diagnosed and saved.
    Failure(&'a FailureReport),
    /// The check is over.
    Summary(&'a Summary),
}

/// Why a check could not be carried out (exit code 2).
#[derive(Debug)]
pub enum CheckError {
    /// The solution could not be run at all, or a working directory made.
    Io(String),
    /// The solution cannot start: it fails the same way before printing
    /// anything on two different games.
    Startup(StartupError),
    /// The folder of tests cannot be read.
    Folder(String),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Io(message) | CheckError::Folder(message) => f.write_str(message),
            CheckError::Startup(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CheckError {}

/// One game to check.
#[derive(Clone, Debug)]
struct Case {
    /// The generated game's index, for generated games.
    index: Option<u64>,
    /// The test's file name, for a folder's tests.
    test: Option<String>,
    /// The test's bytes as the solution gets them (a folder's test file as
    /// it is, padding and all, as on a judge); `None`: the game's text.
    input: Option<Vec<u8>>,
    game: Game,
    /// The answer the solution must give.
    answer: String,
}

impl Case {
    fn name(&self) -> String {
        match (&self.test, self.index) {
            (Some(test), _) => test.clone(),
            (None, Some(index)) => format!("game {index}"),
            (None, None) => "the statement's sample".to_string(),
        }
    }
}

/// A failing run found by the search.
struct Found {
    case: Case,
    judged: Judged,
}

/// What is known of one cause.
struct Group {
    /// Failing games of this cause, the first one first (at most
    /// [`KEPT_PER_CAUSE`]).
    failures: Vec<Found>,
    /// How many games failed with it.
    count: u64,
}

/// What the search threads share.
#[derive(Default)]
struct Shared {
    tally: Tally,
    skipped: u64,
    warnings: Vec<String>,
    /// The slowest accepted run, in microseconds.
    slowest_accepted: u64,
    /// Whether a search run timed out at the check's own limit, or a TLE
    /// was reported: the search's runs then stop early. Set by the search
    /// itself, so that how soon runs stop early does not depend on how
    /// long the coordinator takes over the failures queued before it.
    tle_seen: bool,
    /// Runs stopped early since then.
    stopped_early: u64,
    /// Runs cut short by the end of the search's time, not judged.
    cut_by_time: u64,
    /// The last games the solution got right, to test deviation rules on.
    passed: deviation::Passed,
    error: Option<String>,
}

impl Shared {
    /// The slowest accepted run so far (zero before any).
    fn slowest_accepted(&self) -> Duration {
        Duration::from_micros(self.slowest_accepted)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the whole check, sending every event to `on_event`.
///
/// # Errors
///
/// [`CheckError`] when the solution cannot be run at all or fails before
/// reading its input, or the test folder cannot be read.
pub fn run(
    options: &CheckOptions,
    on_event: &mut dyn FnMut(CheckEvent<'_>),
) -> Result<Summary, CheckError> {
    let start = Instant::now();
    let mut worker = Worker::new()
        .map_err(|e| CheckError::Io(format!("cannot make a working directory: {e}")))?;
    let budget = match &options.source {
        Source::Generated { count, time, .. } => search_time(*count, *time),
        Source::Folder(_) => None,
    };
    let search_deadline = budget.map(|budget| start + budget);
    let mut sample_limits = options.limits;
    if let Some(budget) = budget {
        sample_limits.timeout = sample_limits.timeout.min(budget);
    }
    let sample_run =
        preflight_sample(&options.command, &sample_limits).map_err(CheckError::Startup)?;
    let sample = sample_failure(options, &sample_run, &sample_limits);
    let mut shared = Shared::default();
    let folder = match &options.source {
        Source::Folder(dir) => Some(folder_cases(dir, &mut shared)?),
        Source::Generated { .. } => None,
    };
    on_event(CheckEvent::Start(&StartReport::new(
        options,
        folder.as_ref().map(Vec::len),
    )));
    for warning in std::mem::take(&mut shared.warnings) {
        on_event(CheckEvent::Warning(&warning));
    }
    let shared = Mutex::new(shared);
    let search_over = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let (found_tx, found_rx) = mpsc::channel::<Found>();
    if let Some(sample) = sample {
        // The sample first: the channel holds it until the coordinator
        // starts.
        let _ = found_tx.send(sample);
    }
    // The clock of the whole check: the search's budget, plus the
    // minimisation budget of each cause reported.
    let mut end = search_deadline;
    let mut unexamined = 0u64;
    let mut judge = Judge {
        prediction_limits: options.limits,
        deadline: search_deadline,
        rejected: Vec::new(),
    };
    let mut groups: Vec<(Cause, Group)> = Vec::new();
    let mut diagnosed = 0usize;
    let mut reports: Vec<FailureReport> = Vec::new();
    let search_end = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            let found_tx = found_tx.clone();
            let (shared, search_over, next, folder, search_end) =
                (&shared, &search_over, &next, &folder, &search_end);
            scope.spawn(move || {
                search(
                    options,
                    folder.as_deref(),
                    shared,
                    search_over,
                    next,
                    found_tx,
                    search_deadline,
                );
                let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
                search_end.fetch_max(micros, Ordering::Relaxed);
            });
        }
        drop(found_tx);
        // The coordinator: group what the search finds, minimise each new
        // cause as it comes while the search goes on.
        loop {
            let found = match found_rx.recv_timeout(Duration::from_millis(20)) {
                Ok(found) => found,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    for warning in std::mem::take(&mut lock(&shared).warnings) {
                        on_event(CheckEvent::Warning(&warning));
                    }
                    if options.stop.load(Ordering::Relaxed) {
                        search_over.store(true, Ordering::Relaxed);
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if !options.keep_going {
                // The first failure ends the search at once (the games
                // under way finish).
                search_over.store(true, Ordering::Relaxed);
            }
            // Telling a failure's cause may run the solution while the
            // search goes on; once the clock has run out, a failure of a
            // new cause is counted, not run.
            let now = Instant::now();
            let time_up = end.is_some_and(|end| now >= end);
            let searching = search_deadline.is_none_or(|deadline| now < deadline);
            judge.prediction_limits =
                candidate_limits(&options.limits, lock(&shared).slowest_accepted(), true);
            let Some(cause) = cause_of(
                options,
                &mut worker,
                &found,
                &groups,
                &mut diagnosed,
                searching.then_some(&mut judge),
            ) else {
                continue;
            };
            if let Some((_, group)) = groups.iter_mut().find(|(c, _)| *c == cause) {
                group.count += 1;
                if group.failures.len() < KEPT_PER_CAUSE {
                    group.failures.push(found);
                }
                continue;
            }
            if !examined(time_up, &cause, &groups) {
                unexamined += 1;
                continue;
            }
            if reports.len() == 1 && !options.keep_going {
                continue;
            }
            if !options.keep_going {
                search_over.store(true, Ordering::Relaxed);
            }
            if cause == Cause::TimeLimit {
                // From now on a hang costs the search little.
                lock(&shared).tle_seen = true;
            }
            // This cause's minimisation budget joins the clock; its
            // diagnosis ends with the clock.
            if let Some(end) = &mut end {
                *end += options.shrink_time;
            }
            let (report, save_error) = minimise_and_save(
                options,
                &mut worker,
                &shared,
                &cause,
                &found,
                &groups,
                start,
                end,
            );
            if let Some(e) = save_error {
                let warning = format!("cannot save to {}: {e}", options.out.display());
                on_event(CheckEvent::Warning(&warning));
            }
            on_event(CheckEvent::Failure(&report));
            reports.push(report);
            groups.push((
                cause,
                Group {
                    failures: vec![found],
                    count: 1,
                },
            ));
        }
    });
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(error) = shared.error {
        return Err(CheckError::Io(error));
    }
    for warning in &shared.warnings {
        on_event(CheckEvent::Warning(warning));
    }
    for (report, (_, group)) in reports.iter_mut().zip(&groups) {
        report.games_in_group = group.count;
    }
    let search_elapsed = Duration::from_micros(search_end.load(Ordering::Relaxed));
    let mut summary = Summary::new(
        &shared.tally,
        shared.skipped,
        &reports,
        search_elapsed,
        start.elapsed(),
        options.stop.load(Ordering::Relaxed),
    );
    summary.stopped_early = shared.stopped_early;
    summary.cut_by_time = shared.cut_by_time;
    summary.unexamined = unexamined;
    on_event(CheckEvent::Summary(&summary));
    Ok(summary)
}

/// The statement's sample as a failure to report first, when the
/// solution crashed there or the memory watch stopped it (RE, MLE): a
/// solution that does so on every game would otherwise be taken for one
/// that cannot start. Other verdicts there are for the search to find.
fn sample_failure(options: &CheckOptions, run: &RunReport, limits: &Limits) -> Option<Found> {
    let game = read_judge_game(SAMPLE.as_bytes()).ok()?.game;
    let Expected::Answer(answer) = expected(&game) else {
        return None;
    };
    let judged = Judged::of(run, &answer, limits, options.compare);
    if !matches!(
        Cause::of(&judged.verdict),
        Some(Cause::Crash(_) | Cause::MemoryLimit)
    ) {
        return None;
    }
    let case = Case {
        index: None,
        test: None,
        input: None,
        game,
        answer,
    };
    Some(Found { case, judged })
}

/// One search thread: takes the next case, runs and judges it, and sends
/// failures to the coordinator, until the source runs out, the time is up
/// (`deadline`, for generated games with a time budget) or the search is
/// over.
fn search(
    options: &CheckOptions,
    folder: Option<&[Case]>,
    shared: &Mutex<Shared>,
    search_over: &AtomicBool,
    next: &AtomicU64,
    found: mpsc::Sender<Found>,
    deadline: Option<Instant>,
) {
    let mut worker = match Worker::new() {
        Ok(worker) => worker,
        Err(e) => {
            lock(shared)
                .error
                .get_or_insert(format!("cannot make a working directory: {e}"));
            return;
        }
    };
    loop {
        if search_over.load(Ordering::Relaxed) || options.stop.load(Ordering::Relaxed) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        let case = match (folder, &options.source) {
            (Some(cases), _) => match cases.get(index as usize) {
                Some(case) => case.clone(),
                None => return,
            },
            (
                None,
                Source::Generated {
                    profile,
                    seed,
                    count,
                    shard,
                    ..
                },
            ) => {
                let index = shard.game_index(index);
                let out_of_time = match deadline {
                    None => count.is_some_and(|count| index >= count),
                    Some(deadline) => Instant::now() >= deadline,
                };
                if out_of_time {
                    return;
                }
                match generated_case(*profile, *seed, index, shared) {
                    Some(case) => case,
                    None => continue,
                }
            }
            (None, Source::Folder(_)) => return,
        };
        let generated;
        let input = match &case.input {
            Some(raw) => raw.as_slice(),
            None => {
                generated = case.game.to_text();
                generated.as_bytes()
            }
        };
        let (limits, run_limit) = search_limits(options, shared, deadline);
        let judged = judge_game(
            &mut worker,
            &options.command,
            input,
            &case.answer,
            &limits,
            options.compare,
        );
        match judged {
            Ok((judged, report)) => {
                let mut shared = lock(shared);
                if report.timed_out {
                    match run_limit {
                        // A hang at the check's own limit: from now on the
                        // search's runs stop early.
                        RunLimit::Full => shared.tle_seen = true,
                        RunLimit::Early => shared.stopped_early += 1,
                        RunLimit::Budget => {
                            shared.cut_by_time += 1;
                            continue;
                        }
                    }
                }
                shared
                    .tally
                    .record(case.index.unwrap_or(index), &judged.verdict, report);
                if judged.verdict.is_accepted() {
                    let micros = u64::try_from(report.wall.as_micros()).unwrap_or(u64::MAX);
                    shared.slowest_accepted = shared.slowest_accepted.max(micros);
                    shared.passed.keep(&case.game);
                    continue;
                }
                drop(shared);
                if !options.keep_going {
                    // Without --keep-going the first failure ends the
                    // search: the other jobs finish the game they hold.
                    search_over.store(true, Ordering::Relaxed);
                }
                if found.send(Found { case, judged }).is_err() {
                    return;
                }
            }
            Err(e) => {
                lock(shared)
                    .error
                    .get_or_insert(format!("cannot run {}: {e}", options.solution));
                search_over.store(true, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Which limit a search run got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunLimit {
    /// The check's own.
    Full,
    /// Shortened once a TLE was seen (see [`candidate_limits`]).
    Early,
    /// Cut to the time the search has left: a run stopped there is not
    /// judged.
    Budget,
}

/// The limits of the search's next run: the check's own, shortened once a
/// TLE was reported, and cut to the time the search has left.
fn search_limits(
    options: &CheckOptions,
    shared: &Mutex<Shared>,
    deadline: Option<Instant>,
) -> (Limits, RunLimit) {
    let (mut limits, mut kind) = {
        let shared = lock(shared);
        if shared.tle_seen {
            let early = candidate_limits(&options.limits, shared.slowest_accepted(), true);
            let kind = if early.timeout < options.limits.timeout {
                RunLimit::Early
            } else {
                RunLimit::Full
            };
            (early, kind)
        } else {
            (options.limits, RunLimit::Full)
        }
    };
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left < limits.timeout {
            limits.timeout = left;
            kind = RunLimit::Budget;
        }
    }
    (limits, kind)
}

/// Game `index` of a generated run with its agreed answer, or `None` when
/// it is not a valid test (counted as skipped) or the engines disagree (a
/// warning; never blamed on the solution).
fn generated_case(profile: Profile, seed: u64, index: u64, shared: &Mutex<Shared>) -> Option<Case> {
    let game = generate(profile, game_seed(seed, index));
    match expected(&game) {
        Expected::Answer(answer) => Some(Case {
            index: Some(index),
            test: None,
            input: None,
            game,
            answer,
        }),
        Expected::Divergence(d) => {
            lock(shared).warnings.push(format!(
                "game {index}: the engines disagree ({d}); set aside, see `pigkill gen --profile {} --seed {seed} --index {index}`",
                profile.name()
            ));
            None
        }
        Expected::DoesNotEnd | Expected::NoRebel => {
            lock(shared).skipped += 1;
            None
        }
    }
}

/// The cases of a test folder, in numeric order of their names. A test
/// that cannot be read is a warning, and the others are checked.
fn folder_cases(dir: &Path, shared: &mut Shared) -> Result<Vec<Case>, CheckError> {
    let inputs = crate::fixtures::input_files(dir)
        .map_err(|e| CheckError::Folder(format!("cannot read {}: {e}", dir.display())))?;
    if inputs.is_empty() {
        return Err(CheckError::Folder(format!(
            "{} holds no test (no *.in file)",
            dir.display()
        )));
    }
    let mut cases = Vec::new();
    for input in &inputs {
        let name = input
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        // The judge's reading: tokens, the first m deck cards; what
        // follows them is ignored with a warning, as judges' solutions do.
        let bytes = match std::fs::read(input) {
            Ok(bytes) => bytes,
            Err(e) => {
                shared
                    .warnings
                    .push(format!("{name}: cannot read it ({e}); skipped"));
                continue;
            }
        };
        let read = read_judge_game(bytes.as_slice()).map_err(|e| e.to_string());
        let game = match read {
            Ok(read) => {
                for warning in &read.warnings {
                    shared.warnings.push(format!("{name}: {warning}"));
                }
                read.game
            }
            Err(e) => {
                shared
                    .warnings
                    .push(format!("{name}: not a readable test ({e}); skipped"));
                continue;
            }
        };
        let from_engines = expected(&game);
        let from_folder = std::fs::read_to_string(input.with_extension("out")).ok();
        let answer = match (from_folder, from_engines) {
            (Some(out), Expected::Answer(engines)) => {
                if let Some(d) = first_line_difference(&out, &engines) {
                    shared.warnings.push(format!(
                        "{name}: the folder's answer differs from the engines' ({d}); using the folder's"
                    ));
                }
                out
            }
            (Some(out), _) => out,
            (None, Expected::Answer(engines)) => engines,
            (None, Expected::Divergence(d)) => {
                shared
                    .warnings
                    .push(format!("{name}: the engines disagree ({d}); skipped"));
                continue;
            }
            (None, Expected::NoRebel) => {
                shared.warnings.push(format!(
                    "{name}: no rebel (outside the statement's data); skipped"
                ));
                shared.skipped += 1;
                continue;
            }
            (None, Expected::DoesNotEnd) => {
                shared
                    .warnings
                    .push(format!("{name}: the game does not end; skipped"));
                shared.skipped += 1;
                continue;
            }
        };
        cases.push(Case {
            index: None,
            test: Some(name),
            input: Some(bytes),
            game,
            answer,
        });
    }
    Ok(cases)
}

/// The limits for minimisation candidates: the wall limit shortened to a
/// few times the slowest accepted run seen, never above the real limit
/// (before any run was accepted, the real limit). For a time limit's cause
/// a candidate that runs past it counts as still failing, so it never goes
/// below [`MIN_CANDIDATE_TIMEOUT`]; for any other cause such a candidate is
/// just not the same failure, so a tighter floor keeps a solution that
/// hangs on most candidates from eating the budget.
fn candidate_limits(limits: &Limits, slowest_accepted: Duration, time_limit_cause: bool) -> Limits {
    if slowest_accepted.is_zero() {
        return *limits;
    }
    let floor = if time_limit_cause {
        MIN_CANDIDATE_TIMEOUT
    } else {
        MIN_CANDIDATE_TIMEOUT / 2
    };
    let shortened = (slowest_accepted * 5).max(floor);
    Limits {
        timeout: limits.timeout.min(shortened),
        ..*limits
    }
}

/// How the solution may be run to test a diagnosis on fresh games.
struct Judge {
    /// The limits of each run (shortened: see [`candidate_limits`]).
    prediction_limits: Limits,
    /// When the runs must be over: the end of the search.
    deadline: Option<Instant>,
    /// The mistakes the solution was already found not to make on fresh
    /// games: not tested again (the same fresh games would be run).
    rejected: Vec<Candidate>,
}

/// The cause of a found failure: for a wrong output, a known mistake
/// that reproduces it and predicts the solution on fresh games (one that
/// already names a group first, without testing it again); else its kind
/// of verdict. A failure beyond [`MAX_DIAGNOSED`], or one that may not run
/// the solution (`judge` is `None`: the search is over), joins a group of
/// its verdict's kind when there is one.
fn cause_of(
    options: &CheckOptions,
    worker: &mut Worker,
    found: &Found,
    groups: &[(Cause, Group)],
    diagnosed: &mut usize,
    judge: Option<&mut Judge>,
) -> Option<Cause> {
    let by_verdict = Cause::of(&found.judged.verdict)?;
    if by_verdict != Cause::WrongOutput {
        return Some(by_verdict);
    }
    let known_mistake = |candidates: &[Candidate]| {
        candidates
            .iter()
            .find(|candidate| {
                groups
                    .iter()
                    .any(|(cause, _)| *cause == Cause::Mistake(**candidate))
            })
            .map(|named| Cause::Mistake(*named))
    };
    if *diagnosed >= MAX_DIAGNOSED || judge.is_none() {
        if judge.is_none() {
            let candidates = candidates(&found.case.game, &found.judged.actual, options.compare);
            if let Some(named) = known_mistake(&candidates) {
                return Some(named);
            }
        }
        let known = groups
            .iter()
            .find(|(cause, _)| matches!(cause, Cause::Mistake(_) | Cause::WrongOutput));
        return Some(known.map_or(by_verdict, |(cause, _)| cause.clone()));
    }
    *diagnosed += 1;
    let judge = judge?;
    let candidates = candidates(&found.case.game, &found.judged.actual, options.compare);
    if let Some(named) = known_mistake(&candidates) {
        return Some(named);
    }
    // A match on one game may be a coincidence: a mistake names the group
    // only when the solution also makes it on fresh games where it shows.
    let quick = ConfirmOptions {
        games: QUICK_PREDICTIONS,
        max_search: QUICK_SEARCH,
        mode: options.compare,
        deadline: judge.deadline,
        ..ConfirmOptions::default()
    };
    let mut solution = run_solution_until(
        worker,
        &options.command,
        &judge.prediction_limits,
        judge.deadline,
    );
    let mut confirmed = None;
    for candidate in candidates
        .iter()
        .take(DiagnoseOptions::default().max_confirmed)
    {
        if judge.rejected.contains(candidate) {
            continue;
        }
        if confirm(candidate, &candidates, &mut solution, &quick).holds() {
            confirmed = Some(*candidate);
            break;
        }
        judge.rejected.push(*candidate);
    }
    Some(confirmed.map_or(by_verdict, Cause::Mistake))
}

/// Whether a failure of a new cause is examined (minimised, diagnosed,
/// saved, reported): while the clock has time left (`time_up` false);
/// once it has run out, only when no failure of the same kind of verdict
/// ([`Cause::kind`]) was reported: the first wrong output, TLE, crash, MLE
/// or OLE the search found is reported even when the diagnosis of another
/// kind used the whole clock, as it may under load. That is at most five
/// causes more, each adding its own minimisation budget to the clock, so
/// `--time`'s bound (T plus the budget per reported cause) still holds.
fn examined(time_up: bool, cause: &Cause, reported: &[(Cause, Group)]) -> bool {
    !time_up
        || !reported
            .iter()
            .any(|(other, _)| other.kind() == cause.kind())
}

/// Minimises a failure within the shrink budget (keeping its cause),
/// narrates the minimised game, diagnoses a wrong output (by `deadline`)
/// or explains any other failure, saves it, and makes its report.
#[allow(clippy::too_many_arguments)]
fn minimise_and_save(
    options: &CheckOptions,
    worker: &mut Worker,
    shared: &Mutex<Shared>,
    cause: &Cause,
    found: &Found,
    groups: &[(Cause, Group)],
    start: Instant,
    deadline: Option<Instant>,
) -> (FailureReport, Option<io::Error>) {
    let slowest = lock(shared).slowest_accepted();
    // A candidate that runs past a few times the usual run time either
    // keeps a time limit's cause or, for any other cause, is not the same
    // failure: either way no candidate costs a full time limit.
    let limits = candidate_limits(&options.limits, slowest, cause == &Cause::TimeLimit);
    let shrink_options = ShrinkOptions {
        explore: 0,
        time_limit: Some(options.shrink_time),
        cancel: Some(options.stop.clone()),
        ..ShrinkOptions::default()
    };
    let minimised = shrink_failure(
        worker,
        &options.command,
        &found.case.game,
        |candidate, _, judged| match cause {
            // The minimised game must still show this mistake: the variant
            // prints what the solution printed.
            Cause::Mistake(mistake) => {
                Cause::of(&judged.verdict) == Some(Cause::WrongOutput)
                    && mistake.output(candidate).is_some_and(|out| {
                        same(
                            &out,
                            &String::from_utf8_lossy(&judged.actual),
                            options.compare,
                        )
                    })
            }
            _ => Cause::of(&judged.verdict).as_ref() == Some(cause),
        },
        &limits,
        options.compare,
        &shrink_options,
    );
    let (game, answer, judged, shrink) = match minimised {
        Ok(m) => {
            let shrink = (m.runs, m.shrunk.elapsed, m.shrunk.is_minimal());
            (m.shrunk.game, m.expected, m.judged, Some(shrink))
        }
        Err(_) => (
            found.case.game.clone(),
            found.case.answer.clone(),
            found.judged.clone(),
            None,
        ),
    };
    let (_, events) = play_traced(engines::pair()[0], &game, Budget::default());
    let narration = narrate(&game, &events);
    let facts = Facts {
        turns: crate::shrink::divergence::turns(&events),
        expected: &answer,
        printed: &judged.actual,
        timeout: options.limits.timeout,
        endless: None,
    };
    let explained = explanation(&judged.verdict, &facts);
    let diagnosis = if Cause::of(&judged.verdict) == Some(Cause::WrongOutput) {
        // The minimised game, the game as found, and the other failing
        // games of the same cause: what a likely cause must explain; then
        // it must predict the solution on fresh games.
        let mut failures = vec![DiagnosedFailure {
            game: game.clone(),
            actual: judged.actual.clone(),
        }];
        let same_cause = groups.iter().find(|(c, _)| c == cause);
        let others = same_cause.map_or(&[][..], |(_, group)| group.failures.as_slice());
        for failure in std::iter::once(found).chain(others) {
            if failure.case.game != game {
                failures.push(DiagnosedFailure {
                    game: failure.case.game.clone(),
                    actual: failure.judged.actual.clone(),
                });
            }
        }
        let prediction_limits = candidate_limits(&options.limits, slowest, true);
        let mut solution =
            run_solution_until(worker, &options.command, &prediction_limits, deadline);
        let diagnose_options = DiagnoseOptions {
            confirm: ConfirmOptions {
                mode: options.compare,
                deadline,
                ..ConfirmOptions::default()
            },
            ..DiagnoseOptions::default()
        };
        diagnose(&failures, Some(&mut solution), &diagnose_options).likely_causes()
    } else {
        Vec::new()
    };
    let deviation = if Cause::of(&judged.verdict) == Some(Cause::WrongOutput) {
        let same_cause = groups.iter().find(|(c, _)| c == cause);
        let others: Vec<(Game, Vec<u8>)> = std::iter::once(found)
            .chain(same_cause.map_or(&[][..], |(_, group)| group.failures.as_slice()))
            .filter(|failure| failure.case.game != game)
            .map(|failure| (failure.case.game.clone(), failure.judged.actual.clone()))
            .collect();
        let passed = lock(shared).passed.games();
        // The program's runs on fresh games get the prediction's shorter
        // limit and end by the cause's deadline, like the diagnosis's.
        let program = deviation::Program {
            limits: candidate_limits(&options.limits, slowest, true),
            deadline,
        };
        deviation::deviation_of(options, worker, program, &game, &judged, &others, passed)
    } else {
        None
    };
    let mut report = FailureReport::new(
        options,
        cause,
        &found.case,
        &game,
        &answer,
        &judged,
        shrink,
        narration,
        diagnosis,
        start.elapsed(),
    );
    report.explanation = explained;
    report.deviation = deviation;
    let save_error = report.save(&options.out);
    (report, save_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_get_a_few_times_the_slowest_accepted_run() {
        let limits = Limits {
            timeout: Duration::from_secs(2),
            ..Limits::default()
        };
        let short = candidate_limits(&limits, Duration::from_millis(40), true);
        assert_eq!(short.timeout, Duration::from_millis(200));
        let floor = candidate_limits(&limits, Duration::from_millis(1), true);
        assert_eq!(floor.timeout, MIN_CANDIDATE_TIMEOUT);
        let other = candidate_limits(&limits, Duration::from_millis(1), false);
        assert_eq!(other.timeout, MIN_CANDIDATE_TIMEOUT / 2);
        let capped = candidate_limits(&limits, Duration::from_secs(1), true);
        assert_eq!(capped.timeout, Duration::from_secs(2));
        let unknown = candidate_limits(&limits, Duration::ZERO, false);
        assert_eq!(unknown.timeout, Duration::from_secs(2));
    }

    fn reported(causes: &[Cause]) -> Vec<(Cause, Group)> {
        causes
            .iter()
            .map(|cause| {
                let group = Group {
                    failures: Vec::new(),
                    count: 1,
                };
                (cause.clone(), group)
            })
            .collect()
    }

    #[test]
    fn a_slow_diagnosis_of_one_kind_never_hides_the_first_of_another() {
        use crate::solution::Termination;
        // The clock ran out while a wrong output was diagnosed (as it may
        // under load): the TLE found meanwhile is still examined, and so
        // is the first crash; a second crash of another exit code and a
        // second wrong output are counted, not run.
        let wrong = reported(&[Cause::WrongOutput]);
        assert!(examined(true, &Cause::TimeLimit, &wrong));
        assert!(examined(
            true,
            &Cause::Crash(Termination::Exited(1)),
            &wrong
        ));
        assert!(examined(true, &Cause::MemoryLimit, &wrong));
        assert!(examined(true, &Cause::OutputLimit, &wrong));
        let both = reported(&[Cause::WrongOutput, Cause::Crash(Termination::Exited(1))]);
        assert!(!examined(
            true,
            &Cause::Crash(Termination::Exited(3)),
            &both
        ));
        assert!(!examined(
            true,
            &Cause::Crash(Termination::Signaled(libc::SIGSEGV)),
            &both
        ));
        assert!(!examined(
            true,
            &Cause::WrongOutput,
            &reported(&[Cause::TimeLimit, Cause::WrongOutput])
        ));
        // While the clock has time left, every new cause is examined.
        assert!(examined(
            false,
            &Cause::Crash(Termination::Exited(3)),
            &both
        ));
    }
}
