//! Judge data: games that end, with answers both engines agree on, and a
//! judge-ready suite of 20 tests shaped like the original's (2 `basic`, 4
//! `no-nullify`, 14 `full`, the last 3 `big`), chosen for strength: the
//! tests that together expose every known mistake (the catalogue of wrong
//! reference engines, `pigkill_reference::mutants`) and nearly every rule
//! of the narrow family (a rule broken in one small context), separate as many pairs
//! of mistakes as they can, and cover every rule event.
//!
//! - [`judge_case`] makes one test: a game that ends and its answer.
//! - [`exposure`] tells which mistakes a game exposes ([`MutantSet`]).
//! - [`narrow`] is the narrow family of small deviation rules, and which
//!   of them a game exposes.
//! - [`pool`] draws the candidates of each kind of slot ([`Slot`]).
//! - [`select`] chooses the suite from the pools ([`build`]).
//! - [`anneal`] is the local search after the greedy choice (simulated
//!   annealing over what the candidates are known to expose).
//! - [`solutions`] runs wrong solutions that the suite must fail
//!   (`--against`) and right ones that must pass it (`--accepted`).
//! - [`report`] writes `SUITE.md`.
//! - [`cost`] counts where generation's time goes (behind an environment
//!   variable).

pub mod anneal;
pub mod cost;
pub mod exposure;
pub mod narrow;
pub mod pool;
pub mod report;
pub mod select;
pub mod solutions;

pub use exposure::{exposes, MutantSet};
pub use pool::{shape_len, Candidate, Pool, PoolSizes, Slot, Subtask, SHAPE};
pub use select::{build, Suite, SuiteOptions};

use pigkill_engine::{Budget, Event, Game, Outcome, StrategyEngine};
use pigkill_generators::{game_seed, generate_ending_steered, GenerateError, Profile, Steer};

use crate::coverage::{rule_events, RuleSet};
use crate::diff::{explain_divergence, play, play_traced, Divergence, Verdict};
use crate::engines;

/// One judge test: a game that ends and its answer.
#[derive(Clone, Debug)]
pub struct JudgeCase {
    /// The game.
    pub game: Game,
    /// The answer both engines give.
    pub outcome: Outcome,
    /// The profile it was made with.
    pub profile: Profile,
    /// The seed [`pigkill_generators::generate`] turns into this game.
    pub seed: u64,
    /// Games rejected (they did not end) before this one.
    pub rejected: u32,
    /// The rule events it exercises (on the strategy engine's trace).
    pub events: RuleSet,
    /// How many cards from the deck's top the game draws: the whole deck
    /// when its last card comes to be drawn again (the statement's
    /// last-card rule). A change to a deck card below these changes
    /// nothing.
    pub drawn: usize,
}

/// Why no judge case could be made.
#[derive(Debug)]
pub enum CaseError {
    /// The generator failed (see [`GenerateError`]).
    Generate(GenerateError),
    /// The engines disagree on the game: no answer can be trusted.
    Divergence(Box<(Game, Divergence)>),
    /// The game does not end (or the engine failed on it).
    NoEnd(String),
}

impl std::fmt::Display for CaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaseError::Generate(e) => write!(f, "{e}"),
            CaseError::Divergence(d) => write!(
                f,
                "the engines disagree on this game ({}), so it has no trusted answer:\n{}{}",
                d.1.signature,
                d.0.to_text(),
                d.1.report(6)
            ),
            CaseError::NoEnd(why) => write!(f, "the game has no answer: {why}"),
        }
    }
}

impl std::error::Error for CaseError {}

/// Game `index` of a judge run: generated from `game_seed(seed, index)`,
/// regenerated until it ends, and checked on both engines.
///
/// # Errors
///
/// [`CaseError`] when no ending game is found or the engines disagree.
pub fn judge_case(profile: Profile, seed: u64, index: u64) -> Result<JudgeCase, CaseError> {
    judge_case_steered(profile, Steer::NONE, seed, index)
}

/// [`judge_case`] for a game of `profile` nudged by `steer` (a game aimed
/// at a situation, see [`pigkill_generators::generate_steered`]).
///
/// # Errors
///
/// As [`judge_case`].
pub fn judge_case_steered(
    profile: Profile,
    steer: Steer,
    seed: u64,
    index: u64,
) -> Result<JudgeCase, CaseError> {
    let generated = generate_ending_steered(
        profile,
        game_seed(seed, index),
        steer,
        &StrategyEngine,
        Budget::default(),
    )
    .map_err(CaseError::Generate)?;
    // The generator already played the game on the strategy engine.
    checked(
        generated.game,
        generated.outcome,
        profile,
        generated.seed,
        generated.rejected,
    )
}

/// A judge case of a game made otherwise than by the generator (a
/// variant of a candidate, see [`pool::Pool::extend_variants`]): played
/// on both engines; `seed` and `profile` are those of the game it was
/// made from.
///
/// # Errors
///
/// [`CaseError::NoEnd`] when the game does not end, and as [`judge_case`].
pub fn judge_case_of(game: Game, profile: Profile, seed: u64) -> Result<JudgeCase, CaseError> {
    let [left, _] = engines::pair();
    match play(left, &game, Budget::default()) {
        Verdict::Ended(outcome) => checked(game, outcome, profile, seed, 0),
        Verdict::Error(e) => Err(CaseError::NoEnd(e.to_string())),
        Verdict::Panicked(why) => Err(CaseError::NoEnd(why)),
    }
}

/// How many cards from the top of `game`'s deck the trace `events` draws
/// (see [`JudgeCase::drawn`]).
fn drawn(game: &Game, events: &[Event]) -> usize {
    let mut drawn = 0;
    for event in events {
        if let Event::Draw { last_card, .. } = event {
            if *last_card {
                return game.deck().len();
            }
            drawn += 1;
        }
    }
    drawn.min(game.deck().len())
}

/// The judge case of `game`, whose outcome on the strategy engine is
/// `outcome`: checked against the reference, and traced once.
fn checked(
    game: Game,
    outcome: Outcome,
    profile: Profile,
    seed: u64,
    rejected: u32,
) -> Result<JudgeCase, CaseError> {
    let [left, right] = engines::pair();
    if play(right, &game, Budget::default()) != Verdict::Ended(outcome.clone()) {
        let divergence = explain_divergence(left, right, &game, Budget::default());
        return Err(CaseError::Divergence(Box::new((game, divergence))));
    }
    let (_, events) = play_traced(left, &game, Budget::default());
    Ok(JudgeCase {
        drawn: drawn(&game, &events),
        events: rule_events(&game, &events),
        game,
        outcome,
        profile,
        seed,
        rejected,
    })
}
