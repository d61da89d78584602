//! The cause of a failure, which decides what counts as "the same
//! failure": one report per cause, and a minimised game keeps its cause.
//! A wrong output that a known mistake reproduces (a variant of the
//! reference prints exactly what the solution printed) has that mistake as
//! its cause. Otherwise the cause is the kind of verdict, with WA and PE
//! together (both are a wrong output) and a runtime error told apart by
//! its signal or exit code; never the line that differs, since one mistake
//! shows on many lines.

use std::fmt;

use crate::diagnose::Candidate;
use crate::solution::{signal_name, Termination, Verdict};

/// What a failure comes from, as far as the run tells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// A wrong output that this known mistake (or pair) reproduces.
    Mistake(Candidate),
    /// A wrong output (WA or PE) that no known mistake reproduces.
    WrongOutput,
    /// Too slow (TLE).
    TimeLimit,
    /// It crashed: killed by a signal, or exited with a code other than 0.
    Crash(Termination),
    /// Too much memory (MLE).
    MemoryLimit,
    /// Too much output (OLE).
    OutputLimit,
}

impl Cause {
    /// The cause of a failing verdict (`None` for AC).
    pub fn of(verdict: &Verdict) -> Option<Cause> {
        Some(match verdict {
            Verdict::Accepted => return None,
            Verdict::WrongAnswer { .. } | Verdict::PresentationError { .. } => Cause::WrongOutput,
            Verdict::TimeLimit { .. } => Cause::TimeLimit,
            Verdict::RuntimeError { termination, .. } => Cause::Crash(*termination),
            Verdict::MemoryLimit { .. } => Cause::MemoryLimit,
            Verdict::OutputLimit { .. } => Cause::OutputLimit,
        })
    }

    /// A short stable name, used in file names and JSON: a mistake's
    /// catalogue id (`loyalist-fights-lord`, `a+b` for a pair), `wrong-output`,
    /// `time-limit`, `crash-SIGSEGV`, `crash-exit-3`, `memory-limit`,
    /// `output-limit`.
    pub fn key(&self) -> String {
        match self {
            Cause::Mistake(candidate) => candidate.id(),
            Cause::WrongOutput => "wrong-output".to_string(),
            Cause::TimeLimit => "time-limit".to_string(),
            Cause::Crash(Termination::Signaled(signal)) => {
                format!("crash-{}", signal_name(*signal))
            }
            Cause::Crash(Termination::Exited(code)) => format!("crash-exit-{code}"),
            Cause::MemoryLimit => "memory-limit".to_string(),
            Cause::OutputLimit => "output-limit".to_string(),
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Mistake(candidate) => write!(f, "a wrong output like {}", candidate.id()),
            Cause::WrongOutput => f.write_str("a wrong output (WA or PE)"),
            Cause::TimeLimit => f.write_str("too slow (TLE)"),
            Cause::Crash(termination) => write!(f, "a crash (RE: {termination})"),
            Cause::MemoryLimit => f.write_str("too much memory (MLE)"),
            Cause::OutputLimit => f.write_str("too much output (OLE)"),
        }
    }
}
