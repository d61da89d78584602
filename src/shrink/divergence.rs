//! Shrinking an engine-vs-engine divergence: the shrinker driven by a
//! predicate that replays both engines and keeps the failure the same
//! failure (the same signature), unless any failure will do.

use pigkill_engine::{Budget, Engine, Event, Game};

use crate::diff::{compare, Divergence, Signature};
use crate::shrink::{shrink, ShrinkError, ShrinkOptions, Shrunk};

/// How to minimise.
#[derive(Clone, Debug, Default)]
pub struct DivergenceShrinkOptions {
    /// Accept a candidate with any divergence, not only one with the
    /// original signature (`--any-failure`).
    pub any_failure: bool,
    /// The shrinker's limits.
    pub shrink: ShrinkOptions,
    /// Each engine's budget per candidate.
    pub budget: Budget,
}

/// A minimised divergence.
#[derive(Debug)]
pub struct ShrunkDivergence {
    /// What the shrinker did.
    pub shrunk: Shrunk,
    /// The divergence on the minimised game.
    pub divergence: Divergence,
}

/// The number of turns in a trace.
pub fn turns(events: &[Event]) -> u32 {
    let count = events
        .iter()
        .filter(|e| matches!(e, Event::TurnStart { .. }))
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Minimises `game`, on which `engines` diverge with `signature`.
///
/// # Errors
///
/// [`ShrinkError::NotFailing`] when the engines do not diverge on `game`
/// with that signature, [`ShrinkError::NoRebel`] for a game without a rebel.
pub fn shrink_divergence(
    engines: [&dyn Engine; 2],
    game: &Game,
    signature: Signature,
    options: &DivergenceShrinkOptions,
) -> Result<ShrunkDivergence, ShrinkError> {
    let original =
        compare(engines[0], engines[1], game, options.budget).ok_or(ShrinkError::NotFailing)?;
    // A divergence between two outcomes must stay one between outcomes:
    // a candidate that does not end is not a valid test. Only when the
    // original is about ending (one engine says it does not end) may
    // candidates not end.
    let about_ending = original.verdicts.iter().any(|v| v.outcome().is_none());
    // Candidates that do not end cost the whole turn cap; a small cap
    // keeps them cheap without touching games as long as the original.
    let original_turns = turns(&original.traces[0]).max(turns(&original.traces[1]));
    let budget = Budget {
        max_turns: options
            .budget
            .max_turns
            .min(original_turns.saturating_mul(4).max(1000)),
    };
    let still_fails = |candidate: &Game| -> Option<u32> {
        let divergence = compare(engines[0], engines[1], candidate, budget)?;
        if !options.any_failure && divergence.signature != signature {
            return None;
        }
        if !about_ending && divergence.verdicts.iter().any(|v| v.outcome().is_none()) {
            return None;
        }
        Some(turns(&divergence.traces[0]).max(turns(&divergence.traces[1])))
    };
    let shrunk = shrink(game, still_fails, &options.shrink)?;
    let divergence = compare(engines[0], engines[1], &shrunk.game, options.budget)
        .ok_or(ShrinkError::NotFailing)?;
    Ok(ShrunkDivergence { shrunk, divergence })
}
