//! The one trait every engine implements (both engines here, and a
//! contestant's binary through a process adapter), with the budget that
//! bounds a run and the rule by which a game that never ends is detected.
//!
//! # When a game does not end
//!
//! A game that does not end is a result, [`RunError::DidNotEnd`], found in
//! bounded time. Every engine applies exactly these rules, so that all
//! engines say `DidNotEnd` on the same games with the same [`Stall`]:
//!
//! - A *round* starts each time the lord's turn is about to start (the
//!   lord never dies in a game that goes on). The deck is *exhausted* when
//!   it holds exactly one card, so that every draw repeats that card.
//! - [`Stall::QuietRound`]: the deck was exhausted when a round started,
//!   and no card was played (no `Play` event) in that whole round. Proof
//!   that the game never ends: nothing in the state but the hands changed,
//!   and the hands only gained copies of the last card; whether a card is
//!   playable depends on HP, reveals, suspicion, weapons, the living pigs
//!   and the player's own kills this turn, never on another pig's hand, so
//!   the next round again plays nothing, and so on forever.
//! - [`Stall::RepeatedRound`]: the deck was exhausted when two consecutive
//!   rounds started, and the whole state at both starts is identical (every
//!   pig's life, HP, hand, weapon, reveal and suspicion). The game is
//!   deterministic, so it repeats that round forever. (This catches a last
//!   card that is a crossbow: it is equipped at once every turn, so the
//!   hands do not grow, yet something is played every round.)
//! - Both checks run when a round is about to start, before its
//!   `TurnStart`; `turns` is then the number of turns played so far.
//! - [`Stall::TurnCap`]: the game reached [`Budget::max_turns`] turns
//!   without ending; checked before each turn starts, after the round
//!   checks: when a round start both finds a stall and reaches the cap,
//!   the stall is reported. With the two rules
//!   above it is a safety net only: after the deck is exhausted, only
//!   finitely many plays can change anything (every kill, duel, invasion
//!   and volley uses up a finite dodge, kill or nullify supply or deals
//!   damage, and damage is bounded by HP plus finite peaches), so every
//!   game that does not end reaches a quiet or repeated round.
//! - [`Stall::TurnLoop`]: only a deviating run of the reference engine
//!   (the deviation search's "what if the program decided otherwise"):
//!   deviations can make one turn loop for ever (a walk restarted at each
//!   death of a pig that is already dead), which no turn count sees; such
//!   a run gives up after a bounded number of decisions or events in one
//!   turn and ends as a game that does not end.

use std::fmt;

use crate::event::Event;
use crate::game::{Game, Outcome};

/// The default turn cap. A deck of at most 2000 cards is exhausted after
/// at most 1000 turns (two draws a turn), and what follows is bounded by
/// the finite cards and HP (see the module docs). Measured: no game in
/// millions of random and generated games reached the cap, and the longest
/// ending game seen is 1,876 turns (`tests/turn_cap.rs` checks 33,000
/// games of every profile on both engines: longest 1,228 turns).
pub const DEFAULT_MAX_TURNS: u32 = 20_000;

/// What a run may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most turns a game may take before it is declared not to end.
    pub max_turns: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_turns: DEFAULT_MAX_TURNS,
        }
    }
}

/// Which rule found that a game does not end (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stall {
    /// The deck was exhausted and a whole round played no card.
    QuietRound,
    /// The deck was exhausted and a round started in the same state as the one before.
    RepeatedRound,
    /// The budget's turn cap was reached.
    TurnCap,
    /// One turn never ended: a deviating run of the reference engine looped
    /// inside a turn (never a plain run of the rules).
    TurnLoop,
}

impl fmt::Display for Stall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stall::QuietRound => {
                "the deck is down to its last card and a whole round played no card"
            }
            Stall::RepeatedRound => {
                "the deck is down to its last card and a round repeated the state of the one before"
            }
            Stall::TurnCap => "the turn cap was reached",
            Stall::TurnLoop => "one turn never ended",
        })
    }
}

/// Why a run gave no outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RunError {
    /// The game does not end.
    DidNotEnd {
        /// Turns played when this was found.
        turns: u32,
        /// The rule that found it.
        stall: Stall,
    },
    /// The engine failed otherwise (a solution crashed, printed garbage, ...).
    Failed {
        /// What happened, in one lowercase line.
        message: String,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::DidNotEnd { turns, stall } => {
                write!(f, "the game does not end: {stall} (after {turns} turns)")
            }
            RunError::Failed { message } => f.write_str(message),
        }
    }
}

impl std::error::Error for RunError {}

/// Something that plays a game to its end.
///
/// Implemented by the strategy engine, the reference engine, test-only
/// mutants, and contestant binaries through a process adapter, so that the
/// differential runner never knows which kind it has.
pub trait Engine: Send + Sync {
    /// A short name for reports (`strategy`, `reference`, ...).
    fn name(&self) -> &str;

    /// Plays the game to its end.
    ///
    /// # Errors
    ///
    /// [`RunError::DidNotEnd`] when the game does not end (found within the
    /// budget), [`RunError::Failed`] when the engine itself fails.
    fn run(&self, game: &Game, budget: Budget) -> Result<Outcome, RunError>;

    /// Plays the game to its end, appending every event to `events` in the
    /// canonical order (see [`crate::event`]).
    ///
    /// # Errors
    ///
    /// As [`Engine::run`]; the events up to the failure stay in `events`.
    fn run_traced(
        &self,
        game: &Game,
        budget: Budget,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError>;
}
