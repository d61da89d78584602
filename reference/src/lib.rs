//! The reference engine: plain arrays indexed by seat, one function per
//! card, no traits. (Placeholder until written.)

use pigkill_engine::{Budget, Engine, Event, Game, Outcome, RunError};

/// The array-based reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceEngine;

impl Engine for ReferenceEngine {
    fn name(&self) -> &str {
        "reference"
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
