//! Solutions a suite is checked with: wrong ones it must fail
//! (`--against`), and accepted ones that must pass every test
//! (`--accepted`).
//!
//! [`against`] runs every wrong solution on the suite; for one that passes
//! every test it runs the solution on the pool's other candidates (those
//! exposing the most catalogue mistakes first, in batches run in
//! parallel) until one fails it, drawing more `full` candidates when the
//! pool runs out, and swaps that candidate in for a test of its slot kind
//! ([`select::swap_in`]: keeping every mistake and event covered and
//! every wrong solution caught so far), or adds it when no test can give
//! way. It stops searching at the time limit and says which solutions it
//! could not catch. [`accepted`] runs the accepted solutions on every test
//! and minimises each failure, as `pigkill check` does.

use std::collections::BTreeSet;
use std::io;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::check::{judge_game, shrink_failure, Cause, Judged, ShrunkFailure};
use crate::shrink::ShrinkOptions;
use crate::solution::{Command, CompareMode, Limits, Worker};

use super::pool::Slot;
use super::select::{swap_in, Suite};

/// A solution to run, as the user named it and as it is run.
#[derive(Clone, Debug)]
pub struct Solution {
    /// What the user wrote (`--against "./sol --bug x"`).
    pub spec: String,
    /// The command.
    pub command: Command,
}

/// How solutions are run and for how long wrong ones are hunted.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Limits of one run.
    pub limits: Limits,
    /// How outputs are compared.
    pub mode: CompareMode,
    /// How long to search for a test that fails a wrong solution the suite
    /// passes (for all of them together).
    pub search_time: Duration,
    /// How many `full` candidates to draw when the pool runs out.
    pub extend_by: u64,
}

/// What [`against`] did with one wrong solution.
#[derive(Clone, Debug)]
pub struct AgainstResult {
    /// The solution.
    pub spec: String,
    /// The candidates (pool indices) of the final suite it fails.
    pub fails: Vec<usize>,
    /// Whether the suite failed it before any search for it (the first
    /// suite, or a test put in for a solution before it).
    pub caught_at_once: bool,
    /// Candidates it was run on while searching.
    pub searched: usize,
}

/// A test put into the suite for a wrong solution.
#[derive(Clone, Debug)]
pub struct Added {
    /// The candidate put in.
    pub candidate: usize,
    /// The candidate it replaced (`None`: the suite grew).
    pub replaced: Option<usize>,
    /// The solution it fails.
    pub spec: String,
}

/// What [`against`] did.
#[derive(Clone, Debug, Default)]
pub struct AgainstReport {
    /// One result per solution, in order.
    pub results: Vec<AgainstResult>,
    /// The tests put in.
    pub added: Vec<Added>,
}

impl AgainstReport {
    /// The solutions the final suite does not fail.
    pub fn uncaught(&self) -> Vec<&str> {
        self.results
            .iter()
            .filter(|r| r.fails.is_empty())
            .map(|r| r.spec.as_str())
            .collect()
    }
}

/// Runs `command` on the candidates `ids` of the suite's pool in parallel
/// and judges it against their answers; the verdicts in order.
fn run_on(
    suite: &Suite,
    command: &Command,
    ids: &[usize],
    options: &RunOptions,
) -> io::Result<Vec<Judged>> {
    ids.par_iter()
        .map_init(Worker::new, |worker, &id| {
            let worker = worker
                .as_mut()
                .map_err(|e| io::Error::new(e.kind(), format!("no working directory: {e}")))?;
            let case = &suite.pool.candidates[id].case;
            let answer = case.outcome.to_judge_text();
            judge_game(
                worker,
                command,
                case.game.to_text().as_bytes(),
                &answer,
                &options.limits,
                options.mode,
            )
            .map(|(judged, _)| judged)
        })
        .collect()
}

/// The candidates among `ids` that `command` fails.
fn failing(
    suite: &Suite,
    command: &Command,
    ids: &[usize],
    options: &RunOptions,
) -> io::Result<BTreeSet<usize>> {
    let judged = run_on(suite, command, ids, options)?;
    Ok(ids
        .iter()
        .zip(judged)
        .filter(|(_, j)| !j.verdict.is_accepted())
        .map(|(&id, _)| id)
        .collect())
}

/// How many candidates one search step runs at once.
const BATCH: usize = 16;

/// Makes `suite` fail every solution of `wrong`, as far as the time allows
/// (see the module docs).
///
/// # Errors
///
/// The I/O error when a solution cannot be run at all.
pub fn against(
    suite: &mut Suite,
    wrong: &[Solution],
    options: &RunOptions,
) -> io::Result<AgainstReport> {
    let start = Instant::now();
    let mut fails: Vec<BTreeSet<usize>> = Vec::with_capacity(wrong.len());
    for solution in wrong {
        fails.push(failing(suite, &solution.command, &suite.tests, options)?);
    }
    let mut report = AgainstReport::default();
    let mut caught_at_once = vec![false; wrong.len()];
    let mut searched = vec![0; wrong.len()];
    for s in 0..wrong.len() {
        let in_suite: BTreeSet<usize> = suite.tests.iter().copied().collect();
        caught_at_once[s] = !fails[s].is_disjoint(&in_suite);
        if caught_at_once[s] {
            continue;
        }
        // Every candidate this solution was run on.
        let mut tried = in_suite;
        tried.extend(fails[s].iter().copied());
        let mut found = None;
        'search: while start.elapsed() < options.search_time {
            let mut order: Vec<usize> = (0..suite.pool.candidates.len())
                .filter(|id| !tried.contains(id))
                .collect();
            if order.is_empty() {
                suite.pool.extend(Slot::Full, options.extend_by.max(1));
                continue;
            }
            order.sort_by_key(|&id| {
                let c = &suite.pool.candidates[id];
                (std::cmp::Reverse(c.exposes.len()), c.size(), id)
            });
            for batch in order.chunks(BATCH) {
                if start.elapsed() >= options.search_time {
                    break 'search;
                }
                let failed = failing(suite, &wrong[s].command, batch, options)?;
                searched[s] += batch.len();
                tried.extend(batch.iter().copied());
                if let Some(&id) = batch.iter().find(|id| failed.contains(id)) {
                    found = Some(id);
                    break 'search;
                }
            }
        }
        let Some(id) = found else { continue };
        fails[s].insert(id);
        for (other, solution) in wrong.iter().enumerate() {
            if other != s && failing(suite, &solution.command, &[id], options)?.contains(&id) {
                fails[other].insert(id);
            }
        }
        let caught: Vec<usize> = (0..wrong.len())
            .filter(|&o| o == s || !fails[o].is_disjoint(&suite.tests.iter().copied().collect()))
            .collect();
        let replaced = swap_in(&mut suite.pool, &mut suite.tests, id, |trial| {
            caught
                .iter()
                .all(|&o| trial.iter().any(|t| fails[o].contains(t)))
        });
        report.added.push(Added {
            candidate: id,
            replaced,
            spec: wrong[s].spec.clone(),
        });
    }
    let tests: BTreeSet<usize> = suite.tests.iter().copied().collect();
    for (s, solution) in wrong.iter().enumerate() {
        report.results.push(AgainstResult {
            spec: solution.spec.clone(),
            fails: fails[s].intersection(&tests).copied().collect(),
            caught_at_once: caught_at_once[s],
            searched: searched[s],
        });
    }
    Ok(report)
}

/// An accepted solution that fails a test.
#[derive(Debug)]
pub struct AcceptedFailure {
    /// The solution.
    pub spec: String,
    /// The suite positions (from 0) of the tests it fails.
    pub tests: Vec<usize>,
    /// The first failing test's game.
    pub game: pigkill_engine::Game,
    /// Its answer.
    pub expected: String,
    /// The solution's run on it.
    pub judged: Judged,
    /// The failure minimised (as `pigkill check` does), when that worked.
    pub minimised: Option<ShrunkFailure>,
}

/// Runs every accepted solution on every test; the failures, each
/// minimised.
///
/// # Errors
///
/// The I/O error when a solution cannot be run at all.
pub fn accepted(
    suite: &Suite,
    solutions: &[Solution],
    options: &RunOptions,
) -> io::Result<Vec<AcceptedFailure>> {
    let mut failures = Vec::new();
    for solution in solutions {
        let judged = run_on(suite, &solution.command, &suite.tests, options)?;
        let failed: Vec<usize> = judged
            .iter()
            .enumerate()
            .filter(|(_, j)| !j.verdict.is_accepted())
            .map(|(t, _)| t)
            .collect();
        let Some(&first) = failed.first() else {
            continue;
        };
        let case = &suite.pool.candidates[suite.tests[first]].case;
        let judged = judged[first].clone();
        let mut worker = Worker::new()?;
        let cause = Cause::of(&judged.verdict);
        let shrink = ShrinkOptions {
            explore: 0,
            max_calls: Some(3000),
            time_limit: Some(Duration::from_secs(30)),
            ..ShrinkOptions::default()
        };
        let minimised = shrink_failure(
            &mut worker,
            &solution.command,
            &case.game,
            |_, _, run: &Judged| Cause::of(&run.verdict) == cause,
            &options.limits,
            options.mode,
            &shrink,
        )
        .ok();
        failures.push(AcceptedFailure {
            spec: solution.spec.clone(),
            tests: failed,
            game: case.game.clone(),
            expected: case.outcome.to_judge_text(),
            judged,
            minimised,
        });
    }
    Ok(failures)
}
