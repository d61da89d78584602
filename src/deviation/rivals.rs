//! Near rivals of a rule about to be stated, told apart on fresh games.
//!
//! Confirmation ([`super::predict`]) tests a rule on fresh games where it
//! changes the output; a rival that differs from it only on rare games (a
//! peach read at "1 HP below full" beside the rule's "below full") is
//! seldom among them, and a rule the program does not follow there could
//! be stated. So before a rule is stated, its near rivals (one literal
//! less, one literal more, a literal's feature swapped for a neighbour of
//! its group, the kind's other alternatives) that reproduce the failing
//! games it reproduces are looked for on fresh games where they print
//! another output than the rule, and the program is run there: the rule
//! is not stated as confirmed where the program printed what a rival
//! predicts instead (or what the other rules print without it). A game
//! where the program went neither way shows a mistake the rules do not
//! say, and tells them not apart.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use pigkill_reference::decision::{Choice, ContextRule, DeviationRule, Feature};

use super::generalise::{fit, Fit};
use super::predict::Solution;
use super::{Clock, DeviationOptions, Run};
use crate::catalogue::{same, search_game};

/// What the games that tell a rule from its near rivals are drawn from.
const RIVAL_OFFSET: u64 = 5 << 40;

/// The most fresh games looked at to tell a rule from its near rivals.
const RIVAL_SEARCH: u64 = 1_500;

/// The most runs of the program on them, for one rule.
const RIVAL_RUNS: usize = 8;

/// On how many of the failing runs the rule reproduces (the first ones) a
/// rival must reproduce them too to be told apart at all.
const RIVAL_FITTED: usize = 3;

/// `when` without the literal of `feature`.
fn without(when: ContextRule, feature: Feature) -> ContextRule {
    ContextRule {
        mask: when.mask & !feature.bit(),
        values: when.values & !feature.bit(),
    }
}

/// The near rivals of `rule`: its context with one literal less, with one
/// literal more (of the kind's listed features and of the groups of its
/// literals' features: roles, cards, tricks, HP), with a literal's
/// feature swapped for another of its group (either value), and its
/// context with the kind's other alternatives; never a part of the
/// vocabulary the search may not use. Without `rule` itself, each once.
pub(super) fn near_rivals(rule: &DeviationRule, options: &DeviationOptions) -> Vec<DeviationRule> {
    let literals: Vec<(Feature, bool)> = rule.when.literals().collect();
    let groups = literals
        .iter()
        .fold(0u128, |mask, (f, _)| mask | f.exclusive_group());
    // A feature known false beside a literal that holds (one role, one
    // card) adds nothing.
    let excluded = literals
        .iter()
        .filter(|(_, v)| *v)
        .fold(0u128, |mask, (f, _)| mask | f.exclusive_group());
    let mut whens: Vec<ContextRule> = Vec::new();
    for &(f, _) in &literals {
        whens.push(without(rule.when, f));
        for g in Feature::ALL
            .iter()
            .filter(|g| f.exclusive_group() & g.bit() != 0)
        {
            let swapped = without(rule.when, f);
            if swapped.mask & g.bit() == 0 {
                whens.push(swapped.and(*g, true));
                whens.push(swapped.and(*g, false));
            }
        }
    }
    let more_from = rule.kind.feature_mask() | groups;
    for f in Feature::ALL {
        let bit = f.bit();
        if more_from & bit != 0 && rule.when.mask & bit == 0 && excluded & bit == 0 {
            whens.push(rule.when.and(*f, true));
            whens.push(rule.when.and(*f, false));
        }
    }
    let mut rivals: BTreeSet<DeviationRule> = whens
        .into_iter()
        .map(|when| DeviationRule { when, ..*rule })
        .collect();
    for c in 0..rule.kind.alternatives().len() as u8 {
        rivals.insert(DeviationRule {
            choose: Choice(c),
            ..*rule
        });
    }
    rivals.remove(rule);
    rivals
        .into_iter()
        .filter(|r| {
            !options.withheld.is_some_and(|w| w.covers(r.kind, r.choose))
                && r.kind.constant_rule() != Some(r.choose)
        })
        .collect()
}

/// `all` with `rule` replaced by `rival`.
fn replaced(
    all: &[DeviationRule],
    rule: &DeviationRule,
    rival: DeviationRule,
) -> Vec<DeviationRule> {
    all.iter()
        .map(|r| if r == rule { rival } else { *r })
        .collect()
}

/// What telling a rule from its near rivals found.
#[derive(Debug, Default)]
pub(super) struct Told {
    /// The fresh games where the program printed what a rival, in the
    /// rule's place among the rules stated, predicts, or what the other
    /// rules print without it, and not what the rule predicts: the rule
    /// is not to be stated.
    pub against: Vec<Run>,
    /// The rivals that predicted what the program printed on one of them.
    pub followed: Vec<DeviationRule>,
    /// The fresh games where the program printed what the rule predicts.
    pub with: usize,
    /// The fresh games where it printed what neither the rule nor a rival
    /// predicts (nor the other rules without it).
    pub neither: usize,
    /// How many times the program was run.
    pub program_runs: usize,
}

impl Told {
    /// Whether a fresh game went against the rule.
    pub fn refuted(&self) -> bool {
        !self.against.is_empty()
    }
}

/// The program's outputs on the games of [`told_apart`], by game index
/// (each game is run once, whatever rule is told apart there).
pub(super) type RivalOutputs = HashMap<u64, Option<Vec<u8>>>;

/// Tells `rule`, stated with `all` (itself among them), from its near
/// rivals ([`near_rivals`]) that, in its place among `all`, reproduce
/// the first [`RIVAL_FITTED`] failing runs `all` reproduces: fresh games
/// where the rule and a rival fire at different decisions and print
/// different outputs are run through the program (at most
/// [`RIVAL_RUNS`], until `clock` is over), a rival dropped once a game
/// told it from the rule. Stops at the first game where the program
/// printed what a rival predicts there, or what the other rules print
/// without the rule, rather than what the rule predicts.
pub(super) fn told_apart(
    rule: &DeviationRule,
    all: &[DeviationRule],
    runs: &[Run],
    solution: &mut Solution<'_>,
    options: &DeviationOptions,
    clock: Clock,
    outputs: &mut RivalOutputs,
) -> Told {
    let mut told = Told::default();
    let reproduced: Vec<usize> = (0..runs.len())
        .filter(|&i| !runs[i].passed)
        .take_while(|_| !clock.over())
        .filter(|&i| fit(all, &runs[i], options) == Fit::Matched)
        .take(RIVAL_FITTED)
        .collect();
    let mut rivals: Vec<(DeviationRule, Vec<DeviationRule>)> = near_rivals(rule, options)
        .into_iter()
        .map(|rival| (rival, replaced(all, rule, rival)))
        .filter(|(_, rules)| {
            reproduced
                .iter()
                .all(|&i| !clock.over() && fit(rules, &runs[i], options) == Fit::Matched)
        })
        .collect();
    if clock.over() {
        return told;
    }
    for index in 0..RIVAL_SEARCH {
        if rivals.is_empty() || told.program_runs >= RIVAL_RUNS || clock.over() {
            break;
        }
        let read: Vec<DeviationRule> = all
            .iter()
            .copied()
            .chain(rivals.iter().map(|(r, _)| *r))
            .collect();
        let game = search_game(options.seed, RIVAL_OFFSET + index);
        let Some(run) = Run::right_for(game, &read) else {
            continue;
        };
        let mine: Vec<u32> = run.changed_by(rule).map(|d| d.index).collect();
        let apart: Vec<usize> = (0..rivals.len())
            .filter(|&k| {
                !run.changed_by(&rivals[k].0)
                    .map(|d| d.index)
                    .eq(mine.iter().copied())
            })
            .collect();
        if apart.is_empty() {
            continue;
        }
        let Some(predicted) = run.output_with(all).map(Cow::into_owned) else {
            continue;
        };
        let theirs: Vec<(usize, String)> = apart
            .into_iter()
            .filter_map(|k| {
                let out = run.output_with(&rivals[k].1)?.into_owned();
                (!same(&out, &predicted, options.mode)).then_some((k, out))
            })
            .collect();
        if theirs.is_empty() {
            continue;
        }
        let actual = match outputs.get(&index) {
            Some(known) => known.clone(),
            None => {
                told.program_runs += 1;
                let actual = solution(&run.game);
                outputs.insert(index, actual.clone());
                actual
            }
        };
        let Some(actual) = actual else {
            continue;
        };
        let printed = String::from_utf8_lossy(&actual);
        let apart: Vec<DeviationRule> = theirs.iter().map(|(k, _)| rivals[*k].0).collect();
        if same(&predicted, &printed, options.mode) {
            told.with += 1;
            rivals.retain(|(rival, _)| !apart.contains(rival));
            continue;
        }
        told.followed = theirs
            .iter()
            .filter(|(_, out)| same(out, &printed, options.mode))
            .map(|(k, _)| rivals[*k].0)
            .collect();
        let others: Vec<DeviationRule> = all.iter().copied().filter(|r| r != rule).collect();
        let undone = run
            .output_with(&others)
            .is_some_and(|out| same(&out, &printed, options.mode));
        if told.followed.is_empty() && !undone {
            // The program went neither the rule's way nor a rival's (nor
            // the other rules' without it): a mistake the rules do not
            // say shows there too, and the game tells them not apart.
            told.neither += 1;
            rivals.retain(|(rival, _)| !apart.contains(rival));
            continue;
        }
        let mut kept = run.completed();
        kept.printed(&actual, options.mode);
        told.against.push(kept);
        break;
    }
    told
}
