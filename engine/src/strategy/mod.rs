//! The strategy engine: each role's decisions behind one trait, and a table
//! that resolves cards by asking the roles. (Placeholder until written.)

use crate::{Budget, Engine, Event, Game, Outcome, RunError};

/// The trait-per-role engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrategyEngine;

impl Engine for StrategyEngine {
    fn name(&self) -> &str {
        "strategy"
    }

    fn run(&self, _game: &Game, _budget: Budget) -> Result<Outcome, RunError> {
        Err(RunError::Failed {
            message: "not written yet".into(),
        })
    }

    fn run_traced(
        &self,
        _game: &Game,
        _budget: Budget,
        _events: &mut Vec<Event>,
    ) -> Result<Outcome, RunError> {
        Err(RunError::Failed {
            message: "not written yet".into(),
        })
    }
}
