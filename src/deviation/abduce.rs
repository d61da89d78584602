//! Abduction by rules: the rules (a kind and an alternative, under no
//! condition or under one literal of any recorded feature) that, applied
//! wherever they hold, make the engine print what the program printed on
//! a failing game.
//!
//! Abduction by instances ([`super::search`]) makes one decision, or two,
//! otherwise. A mistake that shows at three or more decisions of the
//! minimised game (a duel mistake at every exchange, an invasion that
//! hits every dead seat, a wrong target at every turn) is found by no
//! instance, though the rule that makes it wherever it holds prints the
//! program's output exactly; and a small game has so few decisions that
//! an instance of another kind may reproduce it by coincidence, while the
//! rule of the right kind and alternative is never tried. Here the rules
//! themselves are tried: every (kind, alternative) met at a decision of
//! the game, with no condition and with each literal (any feature the
//! engine records, not only the kind's listed ones) that holds at some
//! of that kind's decisions the alternative would change. Rules that
//! change the same decisions of the plain run the same way are run once
//! (the pattern that telling rules apart on fresh games reads too); the
//! members of a pattern whose run prints the program's output are
//! returned, fewest literals first. The search narrows those of a kind
//! and alternative that no candidate stands for, and takes the one that
//! reproduces the most failing games as a moment beside the instances
//! (`predict.rs`).

use std::collections::{BTreeMap, BTreeSet};

use pigkill_reference::decision::{
    Choice, ContextRule, DecisionKind, Deviation, DeviationRule, Feature,
};

use super::{Clock, DeviationOptions, Run};
use crate::catalogue::same;

/// The rules of no literal or one that reproduce `run`'s output (it
/// failed): for each (kind, alternative) of its decisions, the contexts
/// grouped by which decisions of the plain run they change, one engine run
/// per group, until `clock` is over. Fewest literals first, then by kind
/// and alternative. Empty when the program was right.
pub fn rules_reproducing(
    run: &Run,
    options: &DeviationOptions,
    clock: Clock,
) -> Vec<DeviationRule> {
    if run.passed {
        return Vec::new();
    }
    let mut found = Vec::new();
    for ((kind, choose), changeable) in changeable(run, options) {
        // The contexts of this kind and alternative, by the decisions
        // they change (the first context of a pattern is the widest).
        let mut patterns: BTreeMap<Vec<u32>, Vec<ContextRule>> = BTreeMap::new();
        patterns
            .entry(changeable.iter().map(|&(index, _)| index).collect())
            .or_default()
            .push(ContextRule::ALWAYS);
        for &feature in Feature::ALL {
            for value in [true, false] {
                let pattern: Vec<u32> = changeable
                    .iter()
                    .filter(|&&(_, context)| (context & feature.bit() != 0) == value)
                    .map(|&(index, _)| index)
                    .collect();
                if !pattern.is_empty() {
                    patterns
                        .entry(pattern)
                        .or_default()
                        .push(ContextRule::ALWAYS.and(feature, value));
                }
            }
        }
        for contexts in patterns.values() {
            if clock.over() {
                return sorted(found);
            }
            let widest = DeviationRule {
                kind,
                when: contexts[0],
                choose,
            };
            // Not through the run's cache of deviated runs: these are
            // many, each of a pattern of its own, and would crowd out the
            // runs the rest of the search makes again and again.
            let reproduces = run
                .output_making(&[Deviation::Rule(widest)])
                .is_some_and(|out| same(&out, &run.actual, options.mode));
            if reproduces {
                found.extend(
                    contexts
                        .iter()
                        .map(|&when| DeviationRule { kind, when, choose }),
                );
            }
        }
    }
    sorted(found)
}

/// For each (kind, alternative) of `run`'s plain decisions, the decisions
/// (index, context) where the alternative is legal, not the rules' and
/// not withheld.
fn changeable(
    run: &Run,
    options: &DeviationOptions,
) -> BTreeMap<(DecisionKind, Choice), Vec<(u32, u128)>> {
    let mut by: BTreeMap<(DecisionKind, Choice), Vec<(u32, u128)>> = BTreeMap::new();
    for decision in &run.log {
        for choose in options.deviations(decision) {
            by.entry((decision.kind, choose))
                .or_default()
                .push((decision.index, decision.context.0));
        }
    }
    by
}

/// `rules` without repeats, fewest literals first.
fn sorted(rules: Vec<DeviationRule>) -> Vec<DeviationRule> {
    let mut rules: Vec<DeviationRule> = rules
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    rules.sort_by_key(|r| (r.when.len(), *r));
    rules
}
