//! Where a suite's generation spends its time: counts of the deviated
//! runs played for the narrow family (how many, how they ended, their
//! turns and time) and the time of each step of [`super::build`], kept
//! only when the environment variable `PIGKILL_SUITE_COST` is set (to
//! anything) and written to standard error when the suite is built. When
//! it is not set, nothing is counted or timed: the measured path is the
//! plain one.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use pigkill_engine::{RunError, Stall};
use pigkill_reference::resume::Taken;

use super::exposure::accepts;

/// Whether counting is on (`PIGKILL_SUITE_COST` set), read once.
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("PIGKILL_SUITE_COST").is_some())
}

/// How a counted run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It ended, and the judge accepts what it printed.
    Same,
    /// It ended, and the judge does not accept what it printed.
    Differs,
    /// It was found not to end by a quiet round.
    Quiet,
    /// It was found not to end by a repeated round.
    Repeated,
    /// It reached the turn cap.
    TurnCap,
    /// It failed otherwise than by not ending.
    Failed,
    /// It was stopped where a pig died that the right run leaves alive
    /// (so the judge cannot accept what it prints).
    Died,
}

impl Ending {
    const ALL: [Ending; 7] = [
        Ending::Same,
        Ending::Differs,
        Ending::Quiet,
        Ending::Repeated,
        Ending::TurnCap,
        Ending::Failed,
        Ending::Died,
    ];

    fn name(self) -> &'static str {
        match self {
            Ending::Same => "ended, accepted",
            Ending::Differs => "ended, not accepted",
            Ending::Quiet => "quiet round",
            Ending::Repeated => "repeated round",
            Ending::TurnCap => "turn cap",
            Ending::Failed => "failed",
            Ending::Died => "stopped, a pig died",
        }
    }

    /// The ending of a run's result, `accepted` saying whether the judge
    /// accepts what it printed.
    pub fn of(result: &Result<String, RunError>, accepted: bool) -> Ending {
        match result {
            Ok(_) if accepted => Ending::Same,
            Ok(_) => Ending::Differs,
            Err(RunError::DidNotEnd { stall, .. }) => match stall {
                Stall::QuietRound => Ending::Quiet,
                Stall::RepeatedRound => Ending::Repeated,
                Stall::TurnCap | Stall::TurnLoop => Ending::TurnCap,
            },
            Err(_) => Ending::Failed,
        }
    }
}

/// Runs, turns (of the runs that did not end) and nanoseconds, per
/// ending.
static RUNS: [AtomicU64; 7] = [const { AtomicU64::new(0) }; 7];
static TURNS: [AtomicU64; 7] = [const { AtomicU64::new(0) }; 7];
static NANOS: [AtomicU64; 7] = [const { AtomicU64::new(0) }; 7];

/// Deviated runs taken up at their first change of the plain run (and
/// the plain turns they did not play again before it), and runs stopped
/// back in the plain run's state (and the plain turns left after).
static TAKEN_UP: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];

/// Counts one deviated run taken up after `before` turns of the plain run
/// (0: played from the deal) and stopped back in the plain run's state
/// with `after` of its turns left (`None`: not stopped), when counting is
/// on.
pub fn taken_up(before: u32, after: Option<u32>) {
    if !enabled() {
        return;
    }
    if before > 0 {
        TAKEN_UP[0].fetch_add(1, Ordering::Relaxed);
        TAKEN_UP[1].fetch_add(u64::from(before), Ordering::Relaxed);
    }
    if let Some(after) = after {
        TAKEN_UP[2].fetch_add(1, Ordering::Relaxed);
        TAKEN_UP[3].fetch_add(u64::from(after), Ordering::Relaxed);
    }
}

/// Counts one deviated run that ended as `ending` after `elapsed`, with
/// `turns` turns when known.
pub fn count(ending: Ending, turns: u32, elapsed: Duration) {
    let k = Ending::ALL.iter().position(|&e| e == ending).unwrap_or(0);
    RUNS[k].fetch_add(1, Ordering::Relaxed);
    TURNS[k].fetch_add(u64::from(turns), Ordering::Relaxed);
    NANOS[k].fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
}

/// Plays `run` (a deviated run on a game whose right judge output is
/// `answer`), counting it when counting is on; the run's result is given
/// back untouched.
pub fn counted(
    answer: &str,
    run: impl FnOnce() -> Result<String, RunError>,
) -> Result<String, RunError> {
    if !enabled() {
        return run();
    }
    let start = Instant::now();
    let result = run();
    let (ending, turns) = ending_of(answer, &result);
    count(ending, turns, start.elapsed());
    result
}

/// How a run's `result` ended against the right judge output `answer`,
/// and its turns when it did not end.
fn ending_of(answer: &str, result: &Result<String, RunError>) -> (Ending, u32) {
    let turns = match result {
        Err(RunError::DidNotEnd { turns, .. }) => *turns,
        _ => 0,
    };
    let accepted = matches!(result, Ok(text) if accepts(answer, text));
    (Ending::of(result, accepted), turns)
}

/// [`counted`] for a run taken up from the plain run
/// ([`pigkill_reference::resume::TurnStarts::deviated_run_logged`]): one
/// found back in the plain run's state counts by the plain run's text,
/// one stopped where a pig died as [`Ending::Died`].
pub fn counted_taken(answer: &str, run: impl FnOnce() -> Taken) -> Taken {
    if !enabled() {
        return run();
    }
    let start = Instant::now();
    let taken = run();
    let (ending, turns) = match &taken {
        Taken::Ran(result) => ending_of(answer, result),
        Taken::Back { text, .. } if accepts(answer, text) => (Ending::Same, 0),
        Taken::Back { .. } => (Ending::Differs, 0),
        Taken::Otherwise { .. } => (Ending::Died, 0),
    };
    count(ending, turns, start.elapsed());
    taken
}

/// Times one step of [`super::build`] named `step`, when counting is on.
pub fn step<T>(step: &str, run: impl FnOnce() -> T) -> T {
    if !enabled() {
        return run();
    }
    let start = Instant::now();
    let (cpu, before) = (cpu_seconds(), runs());
    let value = run();
    eprintln!(
        "cost: step {step}: {:.2} s wall, {:.2} s CPU, {} deviated runs",
        start.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        runs() - before
    );
    value
}

/// The deviated runs counted so far.
fn runs() -> u64 {
    RUNS.iter().map(|r| r.load(Ordering::Relaxed)).sum()
}

/// The CPU time (user and system, every thread) of this process so far.
fn cpu_seconds() -> f64 {
    // SAFETY: `getrusage` only writes the `rusage` it is handed.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable `rusage`.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0.0;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Writes the counts so far to standard error, when counting is on.
pub fn report() {
    if !enabled() {
        return;
    }
    let total = runs();
    let nanos: u64 = NANOS.iter().map(|r| r.load(Ordering::Relaxed)).sum();
    eprintln!(
        "cost: {total} deviated runs, {:.2} s of CPU in them",
        nanos as f64 / 1e9
    );
    let taken: Vec<u64> = TAKEN_UP.iter().map(|n| n.load(Ordering::Relaxed)).collect();
    eprintln!(
        "cost: {} runs taken up at their first change ({} plain turns not played again), \
         {} stopped back in the plain run's state ({} plain turns left)",
        taken[0], taken[1], taken[2], taken[3]
    );
    for (k, ending) in Ending::ALL.iter().enumerate() {
        let runs = RUNS[k].load(Ordering::Relaxed);
        if runs == 0 {
            continue;
        }
        let n = NANOS[k].load(Ordering::Relaxed);
        eprintln!(
            "cost:   {:<20} {runs:>9} runs ({:5.2}%), {:9.2} s ({:5.2}%), {} turns",
            ending.name(),
            100.0 * runs as f64 / total.max(1) as f64,
            n as f64 / 1e9,
            100.0 * n as f64 / nanos.max(1) as f64,
            TURNS[k].load(Ordering::Relaxed),
        );
    }
}
