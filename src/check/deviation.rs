//! The deviation of a check's failure (issue 21): where the solution went
//! another way than the rules on the minimised game, generalised over the
//! failing games and the games it got right that the check saw, and
//! confirmed by prediction within a small budget, so that the first
//! report still comes fast.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use pigkill_engine::Game;

use super::{CheckOptions, Judged};
use crate::deviation::{battery, find, DeviationOptions, DeviationReport, Run};
use crate::diagnose::run_solution_until;
use crate::solution::{Limits, Worker};

/// How many games the solution got right are kept to test rules on.
pub(super) const KEPT_PASSED: usize = 60;

/// How many failing games (the minimised one first) a rule must fit.
const FAILING_USED: usize = 3;

/// The longest game (in decisions) a rule is tested on, besides the
/// minimised one: a big game costs milliseconds a run.
const LONGEST_OTHER: usize = 600;

/// The time limit of a run on the probe battery's small games (the right
/// program takes a few milliseconds on each).
const BATTERY_TIMEOUT: Duration = Duration::from_millis(50);

/// The last games the solution got right, at most [`KEPT_PASSED`].
#[derive(Debug, Default)]
pub(super) struct Passed(VecDeque<Game>);

impl Passed {
    /// Keeps `game`, forgetting the oldest beyond [`KEPT_PASSED`].
    pub(super) fn keep(&mut self, game: &Game) {
        if self.0.len() == KEPT_PASSED {
            self.0.pop_front();
        }
        self.0.push_back(game.clone());
    }

    /// The games kept, oldest first.
    pub(super) fn games(&self) -> Vec<Game> {
        self.0.iter().cloned().collect()
    }
}

/// How the solution is run on fresh games while its deviation is
/// searched: under `limits` (shorter than the check's: a hang must cost
/// little) and never past `deadline` (the check's time budget).
#[derive(Clone, Copy, Debug)]
pub(super) struct Program {
    /// The limits of each run.
    pub(super) limits: Limits,
    /// When the search must be over, if the check has a time budget.
    pub(super) deadline: Option<Instant>,
}

/// The deviation of a wrong output: `game` is the minimised game and
/// `judged` the solution's run on it; `others` other failing games of the
/// same cause with their output; `passed` games the solution got right.
/// `None` when no decision made otherwise reproduces the output, or when
/// the only ones that do are contradicted by the solution's own passing
/// runs and followed on no fresh game (a coincidence, not a moment).
pub(super) fn deviation_of(
    options: &CheckOptions,
    worker: &mut Worker,
    program: Program,
    game: &Game,
    judged: &Judged,
    others: &[(Game, Vec<u8>)],
    passed: Vec<Game>,
) -> Option<DeviationReport> {
    let mode = options.compare;
    let failures: Vec<Run> = std::iter::once((game.clone(), judged.actual.clone()))
        .chain(others.iter().cloned())
        .filter_map(|(g, actual)| Run::new(g, &actual, mode))
        .filter(|run| !run.passed)
        .enumerate()
        .filter(|(i, run)| *i == 0 || run.log.len() <= LONGEST_OTHER)
        .map(|(_, run)| run)
        .take(FAILING_USED)
        .collect();
    let mut passed: Vec<Run> = passed
        .into_iter()
        .filter_map(Run::right)
        .filter(|run| run.log.len() <= LONGEST_OTHER)
        .collect();
    // The probe battery, on two workers: its failing games are evidence
    // of a second mistake, and all of it evidence for the first.
    let (failing, right): (Vec<Run>, Vec<Run>) = battery_runs(options, worker, program)
        .into_iter()
        .partition(|run| !run.passed);
    let mut failures = failures;
    failures.extend(failing);
    passed.extend(right);
    let mut search = DeviationOptions::quick(mode);
    search.battery = false;
    search.runs = options.search_runs;
    if let Some(deadline) = program.deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        // The search may overrun its soft time by twice over (confirming):
        // a third of what is left keeps it inside the budget.
        search.time = search.time.min(left / 3);
        // A count budget ends with the check's clock all the same.
        search.until = Some(deadline);
    }
    let mut solution =
        run_solution_until(worker, &options.command, &program.limits, program.deadline);
    let finding = find(failures, passed, Some(&mut solution), &search)?;
    Some(DeviationReport::new(game, &finding))
}

/// The solution's runs on the probe battery ([`battery::runs`]), half of
/// the games on `worker` and half on a second worker at once (all on
/// `worker` when a second cannot be made).
fn battery_runs(options: &CheckOptions, worker: &mut Worker, program: Program) -> Vec<Run> {
    // Small games: a run that takes longer has most likely stopped ending.
    let limits = Limits {
        timeout: program.limits.timeout.min(BATTERY_TIMEOUT),
        ..program.limits
    };
    let mut solution = run_solution_until(worker, &options.command, &limits, program.deadline);
    let mut second = Worker::new().ok();
    let mut helper = second
        .as_mut()
        .map(|w| run_solution_until(w, &options.command, &limits, program.deadline));
    battery::runs(
        &mut solution,
        helper.as_mut().map(|h| h as &mut battery::Helper<'_>),
        options.compare,
    )
}
