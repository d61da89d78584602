//! Which known mistakes a game exposes: the catalogue of wrong reference
//! engines (`pigkill_reference::mutants`), each played on the game and
//! compared with the answer. A mistake is exposed when its judge output
//! differs from the right one, or when it does not end (or fails) where
//! the right engine ends: a solution with that mistake would get WA or TLE.
//!
//! Nothing here knows how many mistakes the catalogue has: a [`MutantSet`]
//! is a bit set over the positions of `Mutation::ALL`, as long as the
//! catalogue is.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pigkill_engine::{Budget, Game, Outcome};
use pigkill_reference::decision::{Decision, Deviation, DeviationRule, Logged};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};
use pigkill_reference::resume::{Changes, Taken, TurnStarts};

use crate::solution::{compare, CompareMode};

/// The catalogue of known mistakes, in its own order.
pub fn catalogue() -> &'static [Mutation] {
    &Mutation::ALL
}

/// A set of catalogue mistakes, by their position in [`catalogue`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MutantSet(Vec<u64>);

impl MutantSet {
    /// The empty set.
    pub fn new() -> MutantSet {
        MutantSet(vec![0; catalogue().len().div_ceil(64)])
    }

    /// Every mistake of the catalogue.
    pub fn all() -> MutantSet {
        (0..catalogue().len()).collect()
    }

    /// Adds mistake number `i`.
    pub fn insert(&mut self, i: usize) {
        if self.0.len() <= i / 64 {
            self.0.resize(i / 64 + 1, 0);
        }
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Whether mistake number `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// How many mistakes the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The positions in the set, in catalogue order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            (0..64)
                .filter(move |b| w & (1 << b) != 0)
                .map(move |b| k * 64 + b)
        })
    }

    /// The mistakes in the set.
    pub fn mutations(&self) -> impl Iterator<Item = Mutation> + '_ {
        self.iter().filter_map(|i| catalogue().get(i).copied())
    }

    /// Adds every mistake of `other`.
    pub fn union_with(&mut self, other: &MutantSet) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// The mistakes in both sets.
    pub fn intersection(&self, other: &MutantSet) -> MutantSet {
        MutantSet(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    /// The mistakes of `self` not in `other`.
    pub fn difference(&self, other: &MutantSet) -> MutantSet {
        MutantSet(
            self.0
                .iter()
                .enumerate()
                .map(|(k, a)| a & !other.0.get(k).copied().unwrap_or(0))
                .collect(),
        )
    }

    /// How many mistakes are in both sets.
    pub fn intersection_len(&self, other: &MutantSet) -> usize {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| (a & b).count_ones() as usize)
            .sum()
    }

    /// Whether every mistake of `self` is in `other`.
    pub fn is_subset(&self, other: &MutantSet) -> bool {
        self.difference(other).is_empty()
    }
}

impl FromIterator<usize> for MutantSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> MutantSet {
        let mut set = MutantSet::new();
        for i in iter {
            set.insert(i);
        }
        set
    }
}

impl fmt::Display for MutantSet {
    /// The mistakes' names, comma-separated (`-` for none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (k, m) in self.mutations().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            f.write_str(m.name())?;
        }
        Ok(())
    }
}

/// Whether a wrong engine's run, `run` (the text it prints, or why it
/// did not end), is caught on a game whose right judge output is
/// `answer`: it prints an output that a judge comparing lines
/// ([`CompareMode::Lines`], trailing whitespace and blank lines ignored)
/// does not accept, does not end, or panics.
pub fn fails_judge<E>(answer: &str, run: impl FnOnce() -> Result<String, E>) -> bool {
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(text)) => !accepts(answer, &text),
        _ => true,
    }
}

/// Whether a line judge ([`CompareMode::Lines`]) accepts `text` where
/// the right judge output is `answer`.
pub fn accepts(answer: &str, text: &str) -> bool {
    text == answer || compare(answer.as_bytes(), text.as_bytes(), CompareMode::Lines).is_accepted()
}

/// Whether the mistakes of `set`, made together, are exposed on `game`,
/// whose right judge output is `answer` (output mistakes included,
/// through `mistaken_output`; see [`fails_judge`]).
pub fn set_exposed(set: MutationSet, game: &Game, answer: &str) -> bool {
    fails_judge(answer, || mistaken_output(game, Budget::default(), set))
}

/// Whether the one mistake `mutation` is exposed (see [`set_exposed`]).
pub fn is_exposed(mutation: Mutation, game: &Game, answer: &str) -> bool {
    set_exposed(MutationSet::single(mutation), game, answer)
}

/// The catalogue mistakes that `game`, whose right answer is `answer`,
/// exposes (see [`is_exposed`]), each played with the default budget.
///
/// Each mistake is a few deviation rules, so its run is the game's plain
/// run up to the first decision they change: the plain run is played once
/// and kept at each turn's start, and each mistake's run is taken up at
/// the start of the turn of its first change, stopped where it is back in
/// the plain run's state after its last, or where a pig died that the
/// plain run leaves alive ([`TurnStarts::deviated_run_logged`]). A mistake
/// that changes no decision of the plain run makes the plain run. The
/// same set as [`is_exposed`] on each (`tests/suite.rs`), for less.
pub fn exposes(game: &Game, answer: &Outcome) -> MutantSet {
    let answer = answer.to_judge_text();
    let budget = Budget::default();
    let mistakes: Vec<Vec<Deviation>> = catalogue()
        .iter()
        .map(|&m| MutationSet::single(m).deviations())
        .collect();
    let rules: Vec<DeviationRule> = mistakes
        .iter()
        .flatten()
        .filter_map(|d| match d {
            Deviation::Rule(rule) => Some(*rule),
            Deviation::Instance { .. } => None,
        })
        .collect();
    let mut log = Vec::new();
    let (_, starts) = TurnStarts::record(game, budget, Logged::for_rules(&rules), &mut log);
    let changed = |deviations: &[Deviation], d: &Decision| {
        deviations
            .iter()
            .any(|deviation| matches!(deviation, Deviation::Rule(rule) if rule.changes(d)))
    };
    mistakes
        .iter()
        .enumerate()
        .filter(|(_, deviations)| {
            let Some(changes) = Changes::in_log(&log, |d| changed(deviations, d)) else {
                // It changes nothing: the plain run, which ends (a game
                // with an answer) or does not.
                return starts.text().is_none_or(|text| !accepts(&answer, text));
            };
            fails_judge(&answer, || {
                match starts.deviated_run_logged(
                    changes,
                    budget,
                    deviations,
                    Logged::for_rules(&[]),
                    &mut Vec::new(),
                ) {
                    Taken::Ran(run) => run.map_err(|_| ()),
                    Taken::Back { text, .. } => Ok(text),
                    Taken::Otherwise { .. } => Err(()),
                }
            })
        })
        .map(|(i, _)| i)
        .collect()
}
