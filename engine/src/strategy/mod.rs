//! The strategy engine: each role's decisions behind one trait, and a table
//! that resolves cards by asking the roles.
//!
//! - [`roles`]: the [`Strategy`] trait and one type per role ([`Lord`],
//!   [`Loyalist`], [`Rebel`]): kill target, duel target, fighting in a
//!   duel, protecting and attacking with a nullify. Each role's behaviour
//!   from `rules.md` reads in one place.
//! - [`view`]: the public table state the roles decide from.
//! - `table`: the game state and the resolution of every card, asking the
//!   roles for every decision, emitting the canonical events.
//! - `hand`: a hand of cards with per-kind counts.
//! - `stall`: the round rules that find a game that does not end.
//!
//! The engine is generic over [`Tracer`], so [`Engine::run`] (with
//! [`NoTrace`]) spends nothing on events.

mod hand;
pub mod roles;
mod stall;
mod table;
pub mod view;

#[cfg(test)]
mod random;
#[cfg(test)]
mod tests;

pub use roles::{Lord, Loyalist, Rebel, Strategy};
pub use view::View;

use crate::{Budget, Engine, Event, Game, NoTrace, Outcome, RunError, Tracer};

use table::Table;

/// The trait-per-role engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrategyEngine;

impl StrategyEngine {
    /// Plays the game to its end, sending every event to `tracer`.
    ///
    /// # Errors
    ///
    /// [`RunError::DidNotEnd`] when a stall rule of [`crate::run`] finds
    /// that the game does not end.
    pub fn run_with<T: Tracer>(
        &self,
        game: &Game,
        budget: Budget,
        tracer: T,
    ) -> Result<Outcome, RunError> {
        Table::new(game, tracer).play(budget)
    }

    /// Plays the game to its end and reads the whole table (HP, weapons,
    /// reveals, suspicion, the deck's top), for tests.
    ///
    /// # Errors
    ///
    /// As [`StrategyEngine::run_with`].
    #[cfg(feature = "inspect")]
    pub fn run_to_end(
        &self,
        game: &Game,
        budget: Budget,
    ) -> Result<crate::state::TableEnd, RunError> {
        Table::new(game, NoTrace).play_to_end(budget)
    }
}

impl Engine for StrategyEngine {
    fn name(&self) -> &str {
        "strategy"
    }

    fn run(&self, game: &Game, budget: Budget) -> Result<Outcome, RunError> {
        self.run_with(game, budget, NoTrace)
    }

    fn run_traced(
        &self,
        game: &Game,
        budget: Budget,
        events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError> {
        self.run_with(game, budget, events)
    }
}
