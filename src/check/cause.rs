//! The cause of a failure, which decides what counts as "the same
//! failure": one report per cause, and a minimised game keeps its cause.
//! A wrong output that a known mistake reproduces (a variant of the
//! reference prints exactly what the solution printed) has that mistake as
//! its cause. Otherwise the cause is the kind of verdict, with WA and PE
//! together (both are a wrong output) and a runtime error told apart by
//! its signal or exit code; never the line that differs, since one mistake
//! shows on many lines.
//!
//! A failure with no output to explain (TLE, MLE, OLE, RE) has no likely
//! mistake: [`explanation`] says what is known of it instead.

use std::fmt;
use std::time::Duration;

use crate::diagnose::Candidate;
use crate::solution::verdict::{mebibytes, seconds};
use crate::solution::{signal_name, Termination, Verdict};
use crate::untrusted::show_cut;

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

/// The kind of verdict a [`Cause`] is of: a wrong output (WA or PE, a
/// known mistake or not), a TLE, a crash (RE, whatever its signal or exit
/// code), an MLE or an OLE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CauseKind {
    /// [`Cause::Mistake`] and [`Cause::WrongOutput`].
    WrongOutput,
    /// [`Cause::TimeLimit`].
    TimeLimit,
    /// [`Cause::Crash`].
    Crash,
    /// [`Cause::MemoryLimit`].
    MemoryLimit,
    /// [`Cause::OutputLimit`].
    OutputLimit,
}

impl Cause {
    /// The kind of verdict this cause is of.
    pub fn kind(&self) -> CauseKind {
        match self {
            Cause::Mistake(_) | Cause::WrongOutput => CauseKind::WrongOutput,
            Cause::TimeLimit => CauseKind::TimeLimit,
            Cause::Crash(_) => CauseKind::Crash,
            Cause::MemoryLimit => CauseKind::MemoryLimit,
            Cause::OutputLimit => CauseKind::OutputLimit,
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

/// What is known of a failing run besides its verdict, for [`explanation`].
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// How many turns the game lasts by the rules (the reference engine's count).
    pub turns: u32,
    /// The right answer.
    pub expected: &'a str,
    /// What the solution printed before it ended or was stopped.
    pub printed: &'a [u8],
    /// The check's time limit per game.
    pub timeout: Duration,
    /// The hook for the deviation search (issue 21): a sentence naming a
    /// deviation from the rules under which this game never ends, when one
    /// is found; `None` until then. Said after a TLE's explanation.
    pub endless: Option<&'a str>,
}

/// What is known of a failure that has no output to explain (TLE, MLE,
/// OLE, RE), in words, as every report shows it in place of a likely
/// mistake; `None` for AC and for a wrong output (WA, PE), whose diagnosis
/// says what is known.
pub fn explanation(verdict: &Verdict, facts: &Facts<'_>) -> Option<String> {
    let turns = format!(
        "By the rules this game ends after {} turn{}, with a {}-line answer",
        facts.turns,
        if facts.turns == 1 { "" } else { "s" },
        facts.expected.lines().count()
    );
    let printed = printed(facts.printed);
    let mut text = match verdict {
        Verdict::Accepted | Verdict::WrongAnswer { .. } | Verdict::PresentationError { .. } => {
            return None
        }
        Verdict::TimeLimit { wall, cpu } => {
            let how = if *cpu {
                format!("its CPU time ran out after {} of wall time", seconds(*wall))
            } else if *wall + Duration::from_millis(50) < facts.timeout {
                format!(
                    "it was still running after {}, when it was stopped early (once a TLE is seen, \
                     runs stop at 5x the slowest accepted run; the time limit is {})",
                    seconds(*wall),
                    seconds(facts.timeout)
                )
            } else {
                format!("it was still running at the time limit, {}", seconds(*wall))
            };
            format!("{turns}; the solution did not finish: {how}, having printed {printed}.")
        }
        Verdict::RuntimeError {
            termination,
            stderr_tail,
        } => format!(
            "It crashed: {termination}{}, after printing {printed}; {}. {turns}.",
            crash_meaning(*termination),
            stderr_line(stderr_tail)
        ),
        Verdict::MemoryLimit {
            limit,
            peak_rss,
            termination,
        } => format!(
            "Its resident memory peaked at {}, against a limit of {} ({termination}), after \
             printing {printed}. {turns}.",
            mebibytes(*peak_rss),
            mebibytes(*limit),
        ),
        Verdict::OutputLimit { limit, file } => {
            let what = if *file {
                format!(
                    "A file it wrote reached the file size limit of {}",
                    mebibytes(*limit)
                )
            } else {
                format!(
                    "It printed more than the output limit of {} and was stopped there",
                    mebibytes(*limit)
                )
            };
            format!(
                "{what}, where the right answer is {} bytes. {turns}.",
                facts.expected.len()
            )
        }
    };
    if let (Verdict::TimeLimit { .. }, Some(endless)) = (verdict, facts.endless) {
        text.push(' ');
        text.push_str(endless);
    }
    text.push('\n');
    Some(text)
}

/// How much output a run gave, in words.
fn printed(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "nothing".to_string();
    }
    let lines = bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    format!(
        "{} byte{} on {lines} line{}",
        bytes.len(),
        if bytes.len() == 1 { "" } else { "s" },
        if lines == 1 { "" } else { "s" }
    )
}

/// What a crash usually means in a contest program, after its termination.
fn crash_meaning(termination: Termination) -> &'static str {
    match termination {
        Termination::Signaled(libc::SIGSEGV) => {
            " (an invalid memory access: an index out of bounds, a null or dangling pointer, \
             or a stack overflow from deep recursion)"
        }
        Termination::Signaled(libc::SIGFPE) => {
            " (an arithmetic error: an integer division by zero)"
        }
        Termination::Signaled(libc::SIGABRT) => {
            " (abort: a failed assertion, an uncaught C++ exception or a runtime that gave up)"
        }
        Termination::Signaled(libc::SIGBUS) => " (a bad memory access)",
        Termination::Exited(1) => {
            " (an uncaught exception in Java, Python or JavaScript exits with this code)"
        }
        _ => "",
    }
}

/// The last line of a stderr tail, shown safely, or that there is none.
fn stderr_line(tail: &str) -> String {
    match tail.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(last) => format!(
            "its stderr ends with `{}`",
            show_cut(last.as_bytes(), 200).replace('`', "'")
        ),
        None => "nothing on its stderr".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(printed: &[u8]) -> Facts<'_> {
        Facts {
            turns: 7,
            expected: "DZ\nMP\nFP\n",
            printed,
            timeout: Duration::from_secs(1),
            endless: None,
        }
    }

    #[test]
    fn a_wrong_output_is_left_to_its_diagnosis() {
        let wa = Verdict::WrongAnswer {
            line: 1,
            expected: Some("DZ".into()),
            actual: Some("FP".into()),
        };
        assert_eq!(explanation(&wa, &facts(b"FP\n")), None);
        assert_eq!(explanation(&Verdict::Accepted, &facts(b"")), None);
    }

    #[test]
    fn a_tle_says_how_long_the_game_lasts_by_the_rules() {
        let tle = Verdict::TimeLimit {
            wall: Duration::from_secs(1),
            cpu: false,
        };
        let text = explanation(&tle, &facts(b"")).unwrap();
        assert!(text.starts_with("By the rules this game ends after 7 turns, with a 3-line answer; the solution did not finish: it was still running at the time limit, 1 s, having printed nothing."), "{text}");
        let early = Verdict::TimeLimit {
            wall: Duration::from_millis(150),
            cpu: false,
        };
        let text = explanation(&early, &facts(b"DZ\n")).unwrap();
        assert!(
            text.contains("still running after 0.15 s, when it was stopped early"),
            "{text}"
        );
        assert!(text.contains("having printed 3 bytes on 1 line."), "{text}");
        let endless = Facts {
            endless: Some("A deviation makes it endless."),
            ..facts(b"")
        };
        assert!(explanation(&tle, &endless)
            .unwrap()
            .ends_with("nothing. A deviation makes it endless.\n"));
    }

    #[test]
    fn a_crash_says_its_signal_and_the_end_of_its_stderr() {
        let re = Verdict::RuntimeError {
            termination: Termination::Signaled(libc::SIGSEGV),
            stderr_tail: "reading\nindex 9 out of range\n\n".into(),
        };
        let text = explanation(&re, &facts(b"")).unwrap();
        assert!(
            text.starts_with("It crashed: killed by SIGSEGV (an invalid memory access"),
            "{text}"
        );
        assert!(
            text.contains("after printing nothing; its stderr ends with `index 9 out of range`."),
            "{text}"
        );
        let silent = Verdict::RuntimeError {
            termination: Termination::Exited(3),
            stderr_tail: String::new(),
        };
        let text = explanation(&silent, &facts(b"DZ\n")).unwrap();
        assert!(
            text.starts_with(
                "It crashed: exit code 3, after printing 3 bytes on 1 line; nothing on its stderr."
            ),
            "{text}"
        );
    }

    #[test]
    fn an_mle_says_the_peak_and_an_ole_how_much() {
        let mle = Verdict::MemoryLimit {
            limit: 64 << 20,
            peak_rss: 70 << 20,
            termination: Termination::Signaled(libc::SIGKILL),
        };
        let text = explanation(&mle, &facts(b"")).unwrap();
        assert!(text.starts_with("Its resident memory peaked at 70 MiB, against a limit of 64 MiB (killed by SIGKILL)"), "{text}");
        let ole = Verdict::OutputLimit {
            limit: 1 << 20,
            file: false,
        };
        let text = explanation(&ole, &facts(b"DZ\n")).unwrap();
        assert!(text.starts_with("It printed more than the output limit of 1 MiB and was stopped there, where the right answer is 9 bytes."), "{text}");
    }
}
