//! Telling a solution that cannot start from one that merely answers
//! wrong, before checking begins: a missing interpreter or file, a class
//! the JVM cannot find, a module node cannot load, a script with a syntax
//! error. Such a solution fails every game the same way, and minimising a
//! game against it would only blame the game.
//!
//! [`preflight`] runs the solution on the statement's sample and, if it
//! failed there as a program that never started does, on a second small
//! game: the same failure twice is a [`StartupError`]. Only what cannot
//! start counts: a program that cannot be executed, exit code 126 or 127,
//! or a runtime's startup message on stderr. A program that started and
//! then crashed (a segfault on every game), was killed by the memory
//! watch, printed too much or ran out of time is for the check to judge
//! (RE, MLE, OLE, TLE), on the sample first: [`preflight_sample`] hands
//! back the sample's run for that.

use std::fmt;

use super::command::Command;
use super::limits::Limits;
use super::process::{RunReport, Termination};
use super::Worker;

/// The statement's sample input.
pub const SAMPLE: &str = include_str!("../../tests/fixtures/rules/sample.in");
/// A second small game (a kill without a dodge deals damage).
const SECOND: &str = include_str!("../../tests/fixtures/rules/kill_without_dodge_deals_damage.in");

/// What runtimes, loaders and shells write (lowercase) when a program
/// cannot start or load its code.
pub const STARTUP_MARKERS: &[&str] = &[
    "could not find or load main class",
    "classnotfoundexception",
    "noclassdeffounderror",
    "unsupportedclassversionerror",
    "cannot find module",
    "module_not_found",
    "modulenotfounderror",
    "importerror",
    "can't open file",
    "no such file or directory",
    "error while loading shared libraries",
    "exec format error",
    "permission denied",
    "not found",
    "syntaxerror",
    "indentationerror",
];

/// A solution that cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartupError {
    /// The command, as a shell would read it.
    pub command: String,
    /// How it ended (the same on both games), or `None` when it could not
    /// even be executed.
    pub termination: Option<Termination>,
    /// What it wrote on stderr (its tail), or the reason it could not be
    /// executed.
    pub stderr: String,
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.termination {
            None => write!(f, "the solution cannot start: {}", self.stderr),
            Some(termination) => {
                write!(
                    f,
                    "the solution cannot start: `{}` ended with {termination} before printing \
                     anything, the same way on the statement's sample and on a second game",
                    self.command
                )?;
                if self.stderr.trim().is_empty() {
                    f.write_str(" (nothing on stderr)")
                } else {
                    write!(
                        f,
                        "; its stderr:\n{}",
                        crate::untrusted::show_block(self.stderr.as_bytes()).trim_end()
                    )
                }
            }
        }
    }
}

impl std::error::Error for StartupError {}

/// Runs `command` on the statement's sample (and, when needed, on a second
/// game) within `limits` (at most two time limits in all), to find a
/// solution that cannot start. Anything else, a wrong answer, a crash, a
/// timeout, a run killed by the memory watch, is for the check itself to
/// judge.
///
/// # Errors
///
/// [`StartupError`] when the program cannot be executed, or when it ended
/// before printing anything in a way that says it did not start (exit code
/// 126 or 127, or a known message on stderr: [`STARTUP_MARKERS`]), the same
/// way on both games.
pub fn preflight(command: &Command, limits: &Limits) -> Result<(), StartupError> {
    preflight_sample(command, limits).map(|_| ())
}

/// [`preflight`], handing back the solution's run on the statement's
/// sample ([`SAMPLE`]) when it can start.
///
/// # Errors
///
/// As [`preflight`].
pub fn preflight_sample(command: &Command, limits: &Limits) -> Result<RunReport, StartupError> {
    let error = |termination, stderr: String| StartupError {
        command: command.to_string(),
        termination,
        stderr,
    };
    // The run's own limits: a program still running at the time limit has
    // started (and a wrong one that hangs on the sample costs no more than
    // one game); a slow start that times out is not a failure to start.
    let mut worker =
        Worker::new().map_err(|e| error(None, format!("cannot make a working directory: {e}")))?;
    let sample = worker
        .run(command, SAMPLE.as_bytes(), limits)
        .map_err(|e| error(None, e.to_string()))?
        .clone();
    let Some(first) = did_not_start(&sample) else {
        return Ok(sample);
    };
    let second = worker
        .run(command, SECOND.as_bytes(), limits)
        .map_err(|e| error(None, e.to_string()))?;
    match did_not_start(second) {
        Some(failure) if failure == first => Err(error(Some(failure.0), failure.1)),
        _ => Ok(sample),
    }
}

/// How a run ended and its stderr, when it looks like a program that never
/// started: an end before any output, with exit code 126 or 127 or a known
/// startup message on stderr. A run stopped by a limit (time, memory,
/// output) started; so did one killed by a signal without such a message
/// (a crash: RE).
fn did_not_start(report: &RunReport) -> Option<(Termination, String)> {
    if report.timed_out
        || report.memory_exceeded
        || report.output_exceeded
        || !report.stdout.is_empty()
    {
        return None;
    }
    let stderr = String::from_utf8_lossy(&report.stderr_tail).into_owned();
    let lower = stderr.to_lowercase();
    let said_so = STARTUP_MARKERS.iter().any(|m| lower.contains(m));
    let cannot_start = match report.termination {
        Termination::Exited(0) => false,
        Termination::Exited(code) => code == 126 || code == 127 || said_so,
        Termination::Signaled(_) => said_so,
    };
    cannot_start.then_some((report.termination, stderr))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(termination: Termination, stdout: &str, stderr: &str) -> RunReport {
        RunReport {
            termination,
            stdout: stdout.as_bytes().to_vec(),
            stderr_tail: stderr.as_bytes().to_vec(),
            ..RunReport::default()
        }
    }

    #[test]
    fn only_a_silent_failure_that_says_it_did_not_start_counts() {
        let missing = "Error: Could not find or load main class Mian\n";
        assert!(did_not_start(&report(Termination::Exited(1), "", missing)).is_some());
        assert!(did_not_start(&report(Termination::Exited(127), "", "")).is_some());
        // Output first: it started.
        assert!(did_not_start(&report(Termination::Exited(1), "MP\n", missing)).is_none());
        // A plain non-zero exit is the check's to judge.
        assert!(did_not_start(&report(Termination::Exited(1), "", "bad card\n")).is_none());
        // A crash is a failure to start only when the runtime says so: a
        // silent segfault started, and is RE.
        assert!(did_not_start(&report(Termination::Signaled(11), "", missing)).is_some());
        assert!(did_not_start(&report(Termination::Signaled(11), "", "")).is_none());
        assert!(did_not_start(&report(Termination::Signaled(11), "MP\n", "")).is_none());
        // Killed by the memory watch before printing: it started (MLE).
        let watched = RunReport {
            memory_exceeded: true,
            ..report(Termination::Signaled(9), "", "")
        };
        assert!(did_not_start(&watched).is_none());
        assert!(did_not_start(&report(Termination::Exited(0), "", missing)).is_none());
    }

    #[test]
    fn the_sample_is_the_statements() {
        assert!(SAMPLE.starts_with("3 10\nMP D D F F\n"), "{SAMPLE}");
    }
}
