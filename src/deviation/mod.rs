//! Where a program went another way than the rules, without a catalogue:
//! abduction, then generalisation, then prediction (issue 21, DESIGN.md's
//! "Decisions and deviations").
//!
//! 1. **Abduction** ([`explain`]): on a failing game, the fewest
//!    deviations from the reference's decisions (one decision made
//!    otherwise, then two) that make the engine print exactly what the
//!    program printed, compared as `pigkill check` compares. Beside those
//!    instances, rules are tried directly (`abduce.rs`): every kind and
//!    alternative of the game's decisions, under no condition and under
//!    each literal of any recorded feature, applied wherever it holds (a
//!    mistake made at three decisions or more has no instance; a small
//!    game may be reproduced by an instance of another kind by
//!    coincidence). Those of a kind and alternative that no candidate
//!    below stands for are narrowed like the learnt rules, and the one
//!    that reproduces the most failing games is a moment of "this game
//!    only" beside the instances.
//! 2. **Generalisation** ([`candidate_rules`], [`Fit`]): each such
//!    instance (kind, context, alternative) gives candidate rules: the
//!    same kind and alternative under every conjunction of at most three
//!    of the context's literals (and under no condition at all). A rule
//!    survives when it contradicts no run of the program (it changes no
//!    output the program got right) and reproduces some failing game.
//!    Beside those, rules are *learnt* over every feature the engine
//!    records at a decision, not only the kind's listed ones: the
//!    literals common to the decisions made otherwise on a few failing
//!    games (their least general generalisation) are added to the kind
//!    and alternative one at a time while a passing run contradicts the
//!    rule, each the one under which it reproduces the most failing
//!    games; learnt again whenever fresh runs of the program join.
//! 3. **Prediction** ([`find`]): fresh games where the surviving rules
//!    print different outputs are run through the program, and the rules
//!    it contradicts, or that a rival explaining strictly more failing
//!    games dominates, are dropped.
//! 4. **Another mistake** (later rounds of [`find`]): the program is run
//!    once on the probe [`battery`] (small games where every catalogue
//!    mistake and most narrow rules show) and on fresh games where no
//!    living rule changes anything. The failing runs that the rules
//!    chosen so far do not reproduce are the residual: abduction on its
//!    shortest games *on top of those rules* ([`explain_given`]),
//!    generalisation and telling apart as above give the next rule, up
//!    to four; each further mistake met gets a budget of its own, even
//!    when the rules before it spent all of theirs. A minimised game that
//!    no one rule reproduces (it shows two mistakes at once) starts from
//!    the shortest other failing games, or else from the broad rules of
//!    each decision of its pairs. Two mistakes may undo each other on
//!    one game: a broad rule that one passing run alone vetoes stays a
//!    candidate, stated only if the rules stated with it print what the
//!    program printed on that run.
//! 5. **Confirmation**: each rule stated is confirmed on fresh games
//!    where it changes what the other rules stated print (the rules'
//!    output, when it is alone), predicting what all the rules stated
//!    print together, as [`crate::diagnose`] confirms a catalogue
//!    mistake: at least [`MIN_PREDICTED`] games, at least 90% predicted.
//!    Then its near rivals (a literal less or more, a literal's feature
//!    swapped for a neighbour of its group, the kind's other
//!    alternatives) are told apart on fresh games where they print
//!    another output (`rivals.rs`): where the program printed what a
//!    rival predicts, the rule is chosen no more and the rivals it
//!    followed join the search. A rule the program's own runs
//!    contradict is never stated.
//!
//! When no rule is stated ("this game only"), the moment is chosen by
//! consistency across failing games: of the candidates (where the living
//! rule that reproduces the most failing games changes the minimised
//! game, the instances, the rule abduced), the one whose kind and
//! alternative, made at one decision, also reproduce the most of the
//! shortest other failing games (the probe battery's among them), before
//! what the program follows on fresh games: a mistake shows on many
//! failing games, a coincidence of a tiny minimised game on one. The
//! instances and the rule abduced are counted on the same six games, so
//! that their supports compare.
//!
//! The report ([`DeviationReport`]) speaks of the moment on the minimised
//! game: the turn, the pig, what the rules decide there and why, what a
//! program that printed this output must have done instead, and the
//! general rule in words.

mod abduce;
mod ask;
pub mod battery;
mod generalise;
mod predict;
mod rivals;
mod search;
mod words;

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pigkill_engine::{Budget, Game};
use pigkill_reference::decision::{
    choice_of, decisions, decisions_kept, deviated_output, deviated_output_logged, makes_same_run,
    Choice, Decision, DecisionKind, Deviation, DeviationRule, Logged,
};

pub use generalise::{candidate_rules, fit, Fit};
pub use predict::{find, Finding, Found, Solution};
pub use search::{explain, explain_given, Explanation, Step};

pub use words::{deviation_text, DeviationReport};

use crate::catalogue::same;
pub use crate::diagnose::{MIN_PREDICTED, PREDICTED_SHARE};
use crate::solution::CompareMode;

/// The budget of the plain runs: the judge's.
fn budget() -> Budget {
    Budget::default()
}

/// One run of the program: a game, what it printed, and the rules' view
/// of the game (the right output and the decisions taken).
#[derive(Clone, Debug)]
pub struct Run {
    /// The game.
    pub game: Game,
    /// What the program printed (lossy UTF-8).
    pub actual: String,
    /// The right output.
    pub reference: String,
    /// The decisions of the plain reference run, in order (only those a
    /// few rules could change, each with only the features they read, in
    /// a run made by [`Run::right_for`] until [`Run::completed`]).
    pub log: Vec<Decision>,
    /// The turn of the plain run's last decision.
    last_turn: u32,
    /// Whether `log` holds every decision with its whole context.
    complete: bool,
    /// The positions in `log` of each kind's decisions (indexed by kind).
    by_kind: Vec<Vec<usize>>,
    /// Whether the program's output is the right one.
    pub passed: bool,
    /// The deviated runs of this game already made by
    /// [`Run::output_with`].
    made: Made,
}

/// The deviated runs of one game already made (rules only, with one
/// budget), each with its log of every decision of the kinds its rules
/// change, whole: other rules that would make the very same run
/// ([`makes_same_run`]) print the same, and are given that output without
/// a run. Kept by the first decision of the plain run the rules change
/// (and how), while the logs kept by all runs hold fewer than
/// [`MADE_DECISIONS`] decisions. A cache: a copy starts empty.
#[derive(Debug, Default)]
struct Made(Mutex<MadeRuns>);

/// The most decisions the logs of every [`Made`] alive hold together
/// (some 20 MB).
const MADE_DECISIONS: usize = 250_000;

/// How many decisions the logs of every [`Made`] alive hold.
static MADE_KEPT: AtomicUsize = AtomicUsize::new(0);

/// The runs of [`Made`], by the first decision their rules change, and
/// how many decisions their logs hold.
#[derive(Debug, Default)]
struct MadeRuns {
    by_first: HashMap<(u32, Choice), Vec<MadeRun>>,
    decisions: usize,
}

impl Drop for MadeRuns {
    fn drop(&mut self) {
        MADE_KEPT.fetch_sub(self.decisions, Ordering::Relaxed);
    }
}

/// One deviated run of [`Made`].
#[derive(Debug)]
struct MadeRun {
    /// The rules it made.
    rules: Vec<DeviationRule>,
    /// Every decision of their kinds, with its whole context.
    log: Vec<Decision>,
    /// What it printed (`None`: it did not end).
    output: Option<String>,
}

impl Clone for Made {
    fn clone(&self) -> Made {
        Made::default()
    }
}

impl Made {
    /// The output of the run made first at `first` that `rules` would make
    /// too, if any.
    fn output(&self, first: (u32, Choice), rules: &[DeviationRule]) -> Option<Option<String>> {
        let made = self.0.lock().ok()?;
        made.by_first
            .get(&first)?
            .iter()
            .find(|m| makes_same_run(&m.rules, &m.log, rules))
            .map(|m| m.output.clone())
    }

    /// Keeps `run`, which deviates first at `first`.
    fn keep(&self, first: (u32, Choice), run: MadeRun) {
        if let Ok(mut made) = self.0.lock() {
            let kept = MADE_KEPT.fetch_add(run.log.len(), Ordering::Relaxed);
            if kept + run.log.len() > MADE_DECISIONS {
                MADE_KEPT.fetch_sub(run.log.len(), Ordering::Relaxed);
            } else {
                made.decisions += run.log.len();
                made.by_first.entry(first).or_default().push(run);
            }
        }
    }
}

impl Run {
    /// The run of a program that printed `actual` on `game`; `None` when
    /// the reference engine finds that the game does not end.
    pub fn new(game: Game, actual: &[u8], mode: CompareMode) -> Option<Run> {
        let mut run = Run::right(game)?;
        run.printed(actual, mode);
        Some(run)
    }

    /// Records that the program printed `actual` on this run's game.
    pub fn printed(&mut self, actual: &[u8], mode: CompareMode) {
        self.actual = String::from_utf8_lossy(actual).into_owned();
        self.passed = same(&self.reference, &self.actual, mode);
    }

    /// The run of a program that printed the right output on `game`.
    pub fn right(game: Game) -> Option<Run> {
        let (outcome, log) = decisions(&game, budget());
        let last_turn = log.last().map_or(0, |d| d.turn);
        Run::made(game, outcome, log, last_turn, true)
    }

    /// [`Run::right`] with a log that keeps only what `rules` need to
    /// tell where they fire ([`Run::changed_by`], [`Run::output_with`] of
    /// those rules): far cheaper on a game where they may not fire at
    /// all. [`Run::completed`] makes it a whole run before any other use.
    pub fn right_for(game: Game, rules: &[DeviationRule]) -> Option<Run> {
        let (outcome, log, last_turn) = decisions_kept(&game, budget(), Logged::for_rules(rules));
        Run::made(game, outcome, log, last_turn, false)
    }

    /// This run with its whole log (the run [`Run::right`] makes, and what
    /// the program printed kept).
    pub fn completed(mut self) -> Run {
        if !self.complete {
            let (_, log) = decisions(&self.game, budget());
            self.by_kind = by_kind(&log);
            self.log = log;
            self.complete = true;
        }
        self
    }

    /// The run of a program that printed the right output, from the plain
    /// reference run's outcome and log.
    fn made(
        game: Game,
        outcome: Result<pigkill_engine::Outcome, pigkill_engine::RunError>,
        log: Vec<Decision>,
        last_turn: u32,
        complete: bool,
    ) -> Option<Run> {
        let reference = outcome.ok()?.to_judge_text();
        Some(Run {
            game,
            actual: reference.clone(),
            reference,
            by_kind: by_kind(&log),
            log,
            last_turn,
            complete,
            passed: true,
            made: Made::default(),
        })
    }

    /// The decisions of the plain run that `rule` changes: of its kind,
    /// where its context holds and the rules choose otherwise.
    pub fn changed_by<'a>(
        &'a self,
        rule: &'a DeviationRule,
    ) -> impl Iterator<Item = &'a Decision> + 'a {
        self.by_kind
            .get(rule.kind as usize)
            .into_iter()
            .flatten()
            .map(|&i| &self.log[i])
            .filter(|d| changes(rule, d))
    }

    /// The budget of a deviated run of this game: three times the plain
    /// run's turns (at least 300). A deviation that makes the game run far
    /// longer than the program's own run did counts as not ending, so that
    /// no candidate costs a run to the judge's turn cap.
    pub fn deviated_budget(&self) -> Budget {
        let turns = self.last_turn;
        Budget {
            max_turns: turns.saturating_mul(3).clamp(300, budget().max_turns),
        }
    }

    /// What the engine prints on this game making `deviations`, counted as
    /// an engine run and kept out of the run's cache of deviated runs;
    /// `None` when that run does not end.
    pub fn output_making(&self, deviations: &[Deviation]) -> Option<String> {
        counted(|| deviated_output(&self.game, self.deviated_budget(), deviations)).ok()
    }

    /// What the engine prints on this game making the deviations of
    /// `rules`, played on to the judge's turn cap rather than
    /// [`Run::deviated_budget`] (counted as an engine run); `None` when
    /// that run does not end.
    pub fn output_to_cap(&self, rules: &[DeviationRule]) -> Option<String> {
        let deviations: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
        counted(|| deviated_output(&self.game, budget(), &deviations)).ok()
    }

    /// What the engine prints on this game making the deviations of
    /// `rules` (the right output when none of them changes a decision of
    /// the plain run); `None` when that run does not end.
    pub fn output_with(&self, rules: &[DeviationRule]) -> Option<Cow<'_, str>> {
        if !rules
            .iter()
            .any(|rule| self.changed_by(rule).next().is_some())
        {
            return Some(Cow::Borrowed(&self.reference));
        }
        let deviations: Vec<Deviation> = rules.iter().map(|r| Deviation::Rule(*r)).collect();
        let Some(first) = self.first_change(rules) else {
            return self.output_making(&deviations).map(Cow::Owned);
        };
        // Rules that make the very run made already print what it printed:
        // counted as a run all the same, so that a search's budget goes
        // as far as before.
        if let Some(output) = self.made.output(first, rules) {
            return counted(|| output).map(Cow::Owned);
        }
        let mut log = Vec::new();
        let output = counted(|| {
            deviated_output_logged(
                &self.game,
                self.deviated_budget(),
                &deviations,
                Logged::kinds_of(rules),
                &mut log,
            )
        })
        .ok();
        self.made.keep(
            first,
            MadeRun {
                rules: rules.to_vec(),
                log,
                output: output.clone(),
            },
        );
        output.map(Cow::Owned)
    }

    /// The first decision of the plain run that `rules` make otherwise,
    /// and what they take there (read from the log, which holds what
    /// those rules read); `None` when they change none.
    fn first_change(&self, rules: &[DeviationRule]) -> Option<(u32, Choice)> {
        rules
            .iter()
            .filter_map(|rule| {
                self.by_kind
                    .get(rule.kind as usize)?
                    .iter()
                    .map(|&i| &self.log[i])
                    .find_map(|d| {
                        let choice = choice_of(rules, d);
                        (choice != d.rule).then_some((d.index, choice))
                    })
            })
            .min()
    }
}

/// The positions in `log` of each kind's decisions, indexed by kind.
fn by_kind(log: &[Decision]) -> Vec<Vec<usize>> {
    let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); DecisionKind::ALL.len()];
    for (i, d) in log.iter().enumerate() {
        by_kind[d.kind as usize].push(i);
    }
    by_kind
}

/// Whether `rule` changes `decision`: of its kind, its context holds
/// there, and the rules choose otherwise (an alternative legal there).
pub fn changes(rule: &DeviationRule, decision: &Decision) -> bool {
    decision.kind == rule.kind
        && decision.rule != rule.choose
        && decision.is_legal(rule.choose)
        && rule.when.holds(decision.context)
}

thread_local! {
    /// The deviated engine runs this thread has made (see [`Clock`]).
    static ENGINE_RUNS: Cell<u64> = const { Cell::new(0) };
}

/// How many deviated engine runs this thread has made so far.
pub fn engine_runs() -> u64 {
    ENGINE_RUNS.with(Cell::get)
}

/// Makes one deviated engine run (`run`), counted in [`engine_runs`].
fn counted<T>(run: impl FnOnce() -> T) -> T {
    ENGINE_RUNS.with(|runs| runs.set(runs.get() + 1));
    run()
}

/// `share` of the whole budget of `options`: its time and its runs.
fn share_of(options: &DeviationOptions, share: f64) -> (Duration, u64) {
    (
        options.time.mul_f64(share),
        (options.runs.unwrap_or(0) as f64 * share) as u64,
    )
}

/// When a search stops: after so many deviated engine runs
/// ([`DeviationOptions::runs`]: the same figures on any machine, at any
/// load), or else at a soft time ([`DeviationOptions::time`]); and in
/// either case at the caller's hard end ([`DeviationOptions::until`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The soft time's end (none with a count budget).
    deadline: Option<Instant>,
    /// The [`engine_runs`] count where the count budget ends.
    runs_end: Option<u64>,
    /// The caller's hard end.
    until: Option<Instant>,
}

impl Clock {
    /// The clock of a search starting now with `options`' budget.
    pub fn start(options: &DeviationOptions) -> Clock {
        let now = engine_runs();
        Clock {
            deadline: options
                .runs
                .is_none()
                .then(|| Instant::now() + options.time),
            runs_end: options.runs.map(|runs| now.saturating_add(runs)),
            until: options.until,
        }
    }

    /// Whether the budget is spent.
    pub fn over(&self) -> bool {
        let now = Instant::now;
        self.runs_end.is_some_and(|end| engine_runs() >= end)
            || self.deadline.is_some_and(|d| now() >= d)
            || self.until.is_some_and(|u| now() >= u)
    }

    /// Whether the caller's hard end ([`DeviationOptions::until`]) is
    /// past, whatever the budget: work that may not stop at every
    /// [`Clock::over`] (one candidate fitted on every run) stops there.
    pub fn past_hard_end(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }

    /// This clock with `share` of the whole budget (the runs or the time
    /// of `options`) added past its end.
    pub fn extended(self, options: &DeviationOptions, share: f64) -> Clock {
        let (time, runs) = share_of(options, share);
        Clock {
            deadline: self.deadline.map(|d| d + time),
            runs_end: self.runs_end.map(|end| end.saturating_add(runs)),
            until: self.until,
        }
    }

    /// A clock of its own for a part of the search: `share` of the whole
    /// budget from now (the caller's hard end all the same).
    pub fn part(options: &DeviationOptions, share: f64) -> Clock {
        let clock = Clock::start(options);
        let (time, runs) = share_of(options, share);
        Clock {
            deadline: clock.deadline.map(|_| Instant::now() + time),
            runs_end: clock.runs_end.map(|_| engine_runs().saturating_add(runs)),
            until: clock.until,
        }
    }

    /// Does `work`, which has a clock of its own, with this clock
    /// stopped: its end moves by what `work` spent (runs or time).
    pub fn paused<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let (runs, time) = (engine_runs(), Instant::now());
        let done = work();
        let spent = engine_runs() - runs;
        self.runs_end = self.runs_end.map(|end| end.saturating_add(spent));
        self.deadline = self.deadline.map(|end| end + time.elapsed());
        done
    }

    /// This clock, ending no sooner than `share` of the whole budget from
    /// now.
    pub fn renewed(self, options: &DeviationOptions, share: f64) -> Clock {
        let fresh = Clock::part(options, share);
        Clock {
            deadline: self.deadline.max(fresh.deadline),
            runs_end: self.runs_end.max(fresh.runs_end),
            until: self.until,
        }
    }
}

/// How far the search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviationOptions {
    /// How outputs are compared.
    pub mode: CompareMode,
    /// The seed of the fresh games (splitting and confirming use
    /// different games of it).
    pub seed: u64,
    /// The most literals in a rule's context.
    pub max_literals: usize,
    /// Instances are searched on at most this many failing games (the
    /// first, the minimised one, always).
    pub searched_failures: usize,
    /// Instances are searched only on games of at most this many decisions.
    pub max_decisions: usize,
    /// The most engine runs spent on pairs of instances on one game.
    pub pair_runs: usize,
    /// The most runs of the program spent telling surviving rules apart.
    pub split_runs: usize,
    /// The most fresh games looked at to tell surviving rules apart.
    pub split_search: u64,
    /// The most runs of the program on fresh games where no surviving
    /// rule changes anything, looking for another mistake.
    pub probe_runs: usize,
    /// Whether the program is run on the probe battery ([`battery`]) when
    /// a search starts (off when the caller ran it already and passes
    /// its runs in).
    pub battery: bool,
    /// How many fresh games a rule is confirmed on.
    pub confirm_games: usize,
    /// The most fresh games looked at to find them (within twice
    /// [`DeviationOptions::time`] past the search's own budget).
    pub confirm_search: u64,
    /// A soft bound on the whole search's time (not looked at when
    /// [`DeviationOptions::runs`] is given).
    pub time: Duration,
    /// The search's budget counted in deviated engine runs (each
    /// candidate, instance or rule run on a game): when given, it replaces
    /// [`DeviationOptions::time`], so that what the search finds is the
    /// same on any machine at any load. Confirming may spend twice as
    /// much again, and each further mistake met half as much.
    pub runs: Option<u64>,
    /// A hard end, whatever the budget (`pigkill check`'s clock).
    pub until: Option<Instant>,
    /// The share of the budget, in percent, that learning rules over every
    /// recorded feature gets for each of its steps (searching other
    /// failing games, learning, and each time it learns again), besides
    /// the search's own; 0: no rules are learnt.
    pub learning: u32,
    /// A part of the vocabulary the search may not use at all: no
    /// instance, no rule and no abduction deviates there. For measuring
    /// the search on a program whose mistake the vocabulary lacks (the
    /// ablation survey, `examples/deviation_survey.rs`), with the truth
    /// known; `pigkill check` never sets it (`None`: the whole vocabulary).
    pub withheld: Option<Withheld>,
}

/// A part of the vocabulary withheld from a search
/// ([`DeviationOptions::withheld`]): a decision kind, or one alternative
/// of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Withheld {
    /// The kind.
    pub kind: DecisionKind,
    /// Only this alternative of it (`None`: every alternative, the kind
    /// as a whole).
    pub choose: Option<Choice>,
}

impl Withheld {
    /// Whether deviating at `kind` to `choose` is withheld.
    pub fn covers(&self, kind: DecisionKind, choose: Choice) -> bool {
        self.kind == kind && self.choose.is_none_or(|c| c == choose)
    }
}

impl Default for DeviationOptions {
    fn default() -> DeviationOptions {
        DeviationOptions {
            mode: CompareMode::Lines,
            seed: 20_261_201,
            max_literals: 3,
            searched_failures: 4,
            max_decisions: 3_000,
            pair_runs: 20_000,
            split_runs: 60,
            split_search: 4_000,
            probe_runs: 40,
            battery: true,
            confirm_games: 20,
            confirm_search: 20_000,
            time: Duration::from_secs(20),
            runs: None,
            until: None,
            learning: 25,
            withheld: None,
        }
    }
}

impl DeviationOptions {
    /// The alternatives the search may take at `decision`: its legal
    /// ones other than the rules' choice ([`Decision::deviations`]), less
    /// any [`DeviationOptions::withheld`].
    pub fn deviations<'a>(&'a self, decision: &'a Decision) -> impl Iterator<Item = Choice> + 'a {
        decision
            .deviations()
            .filter(move |&c| !self.withheld.is_some_and(|w| w.covers(decision.kind, c)))
    }

    /// The bounded search of `pigkill check`'s default run, where the
    /// first report must come fast.
    pub fn quick(mode: CompareMode) -> DeviationOptions {
        DeviationOptions {
            mode,
            searched_failures: 1,
            pair_runs: 3_000,
            split_runs: 24,
            split_search: 1_000,
            probe_runs: 20,
            confirm_games: 12,
            confirm_search: 12_000,
            time: Duration::from_millis(800),
            learning: 20,
            ..DeviationOptions::default()
        }
    }
}
