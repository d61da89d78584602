//! The reference engine: plain arrays indexed by seat, one function per
//! card, no traits. (Placeholder until written.)
//!
//! NOTE TO THE ENGINEER WRITING THIS ENGINE (from the lead; delete this note
//! when you replace the placeholder): your task prompt was cut short. Before
//! writing anything, read /tmp/prompts/engine_common.md in full: it gives the
//! spec files to read (/work/shared/problem/rules.md and friends), the
//! independence rule (the other engine's directory is
//! /work/main/engine/src/strategy/: never open it), the event-order and
//! stall contracts, requirements, and what to report. Your directory is
//! /work/main/reference/ only; crate pigkill-reference; do not touch git.

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
