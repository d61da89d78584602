//! The solution as an oracle: the answer the engines agree on for a game,
//! one judged run of the solution on it, and the minimisation of a failing
//! game against the solution itself, keeping the failure's cause (each
//! input run at most once, thanks to a cache).

use std::collections::HashMap;
use std::io;

use pigkill_engine::{Budget, Game};

use crate::diff::{compare, play, Verdict as EngineVerdict};
use crate::engines;
use crate::shrink::{shrink, ShrinkOptions, Shrunk};
use crate::solution::{judge, Command, CompareMode, Limits, RunReport, Verdict, Worker};

/// The answer a solution must give for a game, when the engines agree on one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Both engines give this judge output.
    Answer(String),
    /// The game does not end (not a valid test; skipped).
    DoesNotEnd,
    /// The game has no rebel (outside the statement's data; skipped).
    NoRebel,
    /// The engines disagree: set aside, never blamed on the solution.
    Divergence(String),
}

/// The answer both engines give for `game`.
pub fn expected(game: &Game) -> Expected {
    if !game.has_rebel() {
        return Expected::NoRebel;
    }
    let [left, right] = engines::pair();
    match play(left, game, Budget::default()) {
        EngineVerdict::Ended(outcome) => {
            if play(right, game, Budget::default()) == EngineVerdict::Ended(outcome.clone()) {
                Expected::Answer(outcome.to_judge_text())
            } else {
                let d = compare(left, right, game, Budget::default());
                Expected::Divergence(d.map_or_else(
                    || "the engines disagree".to_string(),
                    |d| d.signature.to_string(),
                ))
            }
        }
        other => match compare(left, right, game, Budget::default()) {
            None if other.did_not_end() => Expected::DoesNotEnd,
            None => Expected::Divergence(other.to_text()),
            Some(d) => Expected::Divergence(d.signature.to_string()),
        },
    }
}

/// One run of the solution on one game, judged.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// What the solution printed (up to the output cap), raw: untrusted,
    /// shown only through [`crate::untrusted`]; empty when the verdict is
    /// AC (nobody reads it then).
    pub actual: Vec<u8>,
    /// The tail of its stderr, raw; empty when the verdict is AC.
    pub stderr: Vec<u8>,
    /// The run's wall time.
    pub wall: std::time::Duration,
}

/// Runs the solution on `game` and judges it against `expected`; the run's
/// report is borrowed from the worker (valid until its next run).
///
/// # Errors
///
/// The I/O error when the solution could not be started at all.
pub fn judge_game<'w>(
    worker: &'w mut Worker,
    command: &Command,
    input: &[u8],
    expected: &str,
    limits: &Limits,
    mode: CompareMode,
) -> io::Result<(Judged, &'w RunReport)> {
    let report = worker.run(command, input, limits)?;
    Ok((Judged::of(report, expected, limits, mode), report))
}

impl Judged {
    /// A run judged against `expected`.
    pub fn of(report: &RunReport, expected: &str, limits: &Limits, mode: CompareMode) -> Judged {
        let verdict = judge(expected, report, limits, mode);
        let keep = |bytes: &[u8]| {
            if verdict.is_accepted() {
                Vec::new()
            } else {
                bytes.to_vec()
            }
        };
        Judged {
            actual: keep(&report.stdout),
            stderr: keep(&report.stderr_tail),
            wall: report.wall,
            verdict,
        }
    }
}

/// A minimised failure of the solution.
#[derive(Debug)]
pub struct ShrunkFailure {
    /// What the shrinker did.
    pub shrunk: Shrunk,
    /// The engines' answer on the minimised game.
    pub expected: String,
    /// The solution's run on it.
    pub judged: Judged,
    /// How many times the solution was run while shrinking.
    pub runs: usize,
}

/// The solution's verdicts on candidate games, each input run at most once.
struct Oracle<'a> {
    worker: &'a mut Worker,
    command: &'a Command,
    limits: &'a Limits,
    mode: CompareMode,
    cache: HashMap<String, Option<(String, Judged)>>,
    error: Option<io::Error>,
    runs: usize,
}

impl Oracle<'_> {
    /// The engines' answer and the solution's judged run, or `None` when
    /// the engines have no agreed answer (or the solution cannot start).
    fn judge(&mut self, game: &Game) -> Option<(String, Judged)> {
        let text = game.to_text();
        if let Some(hit) = self.cache.get(&text) {
            return hit.clone();
        }
        let result = match expected(game) {
            Expected::Answer(answer) => match judge_game(
                self.worker,
                self.command,
                game.to_text().as_bytes(),
                &answer,
                self.limits,
                self.mode,
            ) {
                Ok((judged, _)) => {
                    self.runs += 1;
                    Some((answer, judged))
                }
                Err(e) => {
                    self.error.get_or_insert(e);
                    None
                }
            },
            _ => None,
        };
        self.cache.insert(text, result.clone());
        result
    }
}

/// Minimises `game`, on which the solution fails: a candidate still fails
/// when the engines agree on an answer for it and `same_cause` says the
/// solution's judged run on it fails for the same cause as on `game`.
/// Every input is run at most once (a cache keyed by the game text).
///
/// # Errors
///
/// The I/O error when the solution cannot be started; an `InvalidInput`
/// error when `game` itself does not fail that way.
pub fn shrink_failure(
    worker: &mut Worker,
    command: &Command,
    game: &Game,
    mut same_cause: impl FnMut(&Game, &str, &Judged) -> bool,
    limits: &Limits,
    mode: CompareMode,
    options: &ShrinkOptions,
) -> io::Result<ShrunkFailure> {
    let mut oracle = Oracle {
        worker,
        command,
        limits,
        mode,
        cache: HashMap::new(),
        error: None,
        runs: 0,
    };
    let shrunk = shrink(
        game,
        |candidate: &Game| {
            let (answer, judged) = oracle.judge(candidate)?;
            if judged.verdict.is_accepted() || !same_cause(candidate, &answer, &judged) {
                return None;
            }
            let mut trace = Vec::new();
            let _ = engines::pair()[0].run_traced(candidate, Budget::default(), &mut trace);
            Some(crate::shrink::divergence::turns(&trace))
        },
        options,
    );
    if let Some(e) = oracle.error.take() {
        return Err(e);
    }
    let shrunk = shrunk.map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let (expected, judged) = oracle
        .judge(&shrunk.game)
        .ok_or_else(|| io::Error::other("the minimised game has no agreed answer"))?;
    Ok(ShrunkFailure {
        shrunk,
        expected,
        judged,
        runs: oracle.runs,
    })
}
