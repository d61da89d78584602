//! `pigkill-engine`: the 猪国杀 game model shared by every engine (cards,
//! roles, games, outcomes, the two readers of the text format (the
//! judge's, [`judge`], and the validator's, [`validate`]) and its printer,
//! the event trace, the [`Engine`] trait), and the trait-per-role
//! [`strategy`] engine.
//!
//! The model holds no game rules: those live in each engine, written apart
//! from `rules.md`, so that two engines agreeing means something.

pub mod card;
pub mod event;
pub mod game;
pub mod judge;
mod lexer;
pub mod parse;
pub mod run;
pub mod state;
pub mod strategy;
pub mod validate;

pub use card::{Card, Role, Winner};
pub use event::{Event, NoTrace, TraceFn, Tracer};
pub use game::{
    Game, InvalidGame, Outcome, PigFate, PigSetup, Seat, MAX_DECK, MAX_HP, MAX_PIGS, MIN_DECK,
    MIN_PIGS,
};
pub use judge::{read_judge_game, JudgeGame, ReadError, Warning, WarningKind, MAX_SKIM_BYTES};
pub use parse::{
    parse_game, parse_game_bytes, parse_outcome, ParseError, ParseErrorKind, Position,
};
pub use run::{Budget, Engine, RunError, Stall, DEFAULT_MAX_TURNS};
pub use state::{PigState, TableEnd};
pub use strategy::StrategyEngine;
pub use validate::{validate_game, Deviation, DeviationKind, Validation};
