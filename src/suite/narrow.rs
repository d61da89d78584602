//! The narrow family: every small deviation rule of the reference engine
//! (`pigkill_reference::decision::narrow_family`: each decision kind x
//! each context of at most two literals x each alternative), the mistakes
//! a contestant makes when a rule is broken in one context only. A suite
//! that fails each of them is as strong as the rules themselves, not as
//! our catalogue of mistakes.
//!
//! A rule *fires* on a game when its context holds at a decision of its
//! kind whose rule choice is another alternative; it is *exposed* when the
//! engine making that deviation prints an output a line judge does not
//! accept, or does not end ([`super::exposure::fails_judge`]); it is *live*
//! when some candidate of the pool exposes it.
//!
//! Exposure is computed cheaply: each candidate is played once with its
//! decision log ([`decisions`]); the rules that fire on it come from an
//! index of the family by kind and context ([`Family::firing`]); only
//! those are played ([`deviated_output`]), and only while the rule still
//! needs it ([`ScanLimits`]: a few exposing candidates per subtask, a few
//! tries per subtask), each for at most ten times the turns of the right
//! run ([`deviated_budget`]). Rules of one kind and alternative that make the
//! same choices in a game make the same run, and are played once for all
//! ([`exposed_among`]). A run is taken up at the start of the turn where
//! its rule first changes a decision of the candidate's plain run, and
//! stopped where, after its rule's last change, it is back in the plain
//! run's state (`pigkill_reference::resume`): the same outputs, fewer
//! turns played. Candidates are scanned in chunks of growing size,
//! in parallel within a chunk and merged in index order, so that the same
//! pool gives the same figures on every machine. Each candidate keeps
//! the rules that fire on it and those played on it; with the odds the
//! scan measured per rule ([`NarrowPool::rate`]) that says what it may
//! still expose ([`NarrowPool::expected`]), so that the choice weighs the
//! candidates likely to expose what the suite misses, not only those the
//! scan happened to play first.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use pigkill_engine::{Budget, Card, Game, RunError};
use pigkill_generators::{Profile, Steer};
use pigkill_reference::decision::{
    deviated_output, narrow_family, Choice, Decision, DecisionKind, Deviation, DeviationRule,
    FeatureSet, Logged,
};
use pigkill_reference::resume::{Changes, Taken, TurnStarts};
use rayon::prelude::*;

use super::cost;
use super::exposure::fails_judge;
use super::pool::{Candidate, Subtask};

/// A set of rules of a [`Family`], by their position in it.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct RuleBits(Vec<u64>);

impl RuleBits {
    /// The empty set for a family of `len` rules.
    pub fn new(len: usize) -> RuleBits {
        RuleBits(vec![0; len.div_ceil(64)])
    }

    /// Adds rule `i`.
    pub fn insert(&mut self, i: u32) {
        let i = i as usize;
        if self.0.len() <= i / 64 {
            self.0.resize(i / 64 + 1, 0);
        }
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// The set of every rule of a family of `len` rules.
    pub fn full(len: usize) -> RuleBits {
        let mut words = vec![u64::MAX; len / 64];
        if len % 64 != 0 {
            words.push((1 << (len % 64)) - 1);
        }
        RuleBits(words)
    }

    /// Adds rule `i` when `on`, else takes it away.
    pub fn set(&mut self, i: u32, on: bool) {
        if on {
            self.insert(i);
        } else if let Some(w) = self.0.get_mut(i as usize / 64) {
            *w &= !(1 << (i % 64));
        }
    }

    /// Whether rule `i` is in the set.
    pub fn contains(&self, i: u32) -> bool {
        let i = i as usize;
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// How many rules the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The rules in both sets, in family order.
    pub fn intersection<'a>(&'a self, other: &'a RuleBits) -> impl Iterator<Item = u32> + 'a {
        self.0
            .iter()
            .zip(&other.0)
            .enumerate()
            .flat_map(|(k, (&a, &b))| bits_of(k, a & b))
    }

    /// The first rule in both sets from rule `start` on, else the first
    /// from the first rule on (the search wraps round once).
    pub fn first_in_both_from(&self, other: &RuleBits, start: u32) -> Option<u32> {
        let n = self.0.len().min(other.0.len());
        if n == 0 {
            return None;
        }
        let (w0, b0) = (start as usize / 64 % n, start % 64);
        let word = |w: usize| self.0[w] & other.0[w];
        let at = |w: usize, bits: u64| (w * 64) as u32 + bits.trailing_zeros();
        let high = word(w0) & (u64::MAX << b0);
        if high != 0 {
            return Some(at(w0, high));
        }
        (1..n)
            .map(|i| (w0 + i) % n)
            .find(|&w| word(w) != 0)
            .map(|w| at(w, word(w)))
            .or_else(|| {
                let low = word(w0) & !(u64::MAX << b0);
                (low != 0).then(|| at(w0, low))
            })
    }

    /// Adds every rule of `other`.
    pub fn union_with(&mut self, other: &RuleBits) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// The rules in the set, in family order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| bits_of(k, w))
    }
}

/// The rules of word `k` of a [`RuleBits`] whose bits `w` are set.
fn bits_of(k: usize, mut w: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (w != 0).then(|| {
            let b = w.trailing_zeros();
            w &= w - 1;
            (k * 64) as u32 + b
        })
    })
}

impl fmt::Debug for RuleBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RuleBits({} rules)", self.len())
    }
}

impl FromIterator<u32> for RuleBits {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> RuleBits {
        let mut set = RuleBits::default();
        for i in iter {
            set.insert(i);
        }
        set
    }
}

/// One distinct decision of a run, as far as the family's rules can
/// tell decisions apart: its kind, the context that held, the rules'
/// choice and the legal alternatives. A decision taken twice in the same
/// situation fires the same rules, so [`Family::firing`] looks at each
/// situation once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Situation {
    /// The decision's kind.
    pub kind: DecisionKind,
    /// The features that held.
    pub context: FeatureSet,
    /// What the rules choose.
    pub rule: Choice,
    /// Which alternatives were legal (a bit per [`Choice`]).
    pub legal: u8,
}

impl Situation {
    /// Whether a rule choosing `choice` changes this decision: another
    /// alternative than the rules', legal here.
    fn changed_by(&self, choice: Choice) -> bool {
        choice != self.rule && choice.0 < 8 && self.legal & (1 << choice.0) != 0
    }
}

/// The distinct situations of a decision log, in the order they first
/// occur.
pub fn situations(log: &[Decision]) -> Vec<Situation> {
    let mut seen = HashSet::new();
    log.iter()
        .map(|d| Situation {
            kind: d.kind,
            context: d.context,
            rule: d.rule,
            legal: d.legal,
        })
        .filter(|s| seen.insert(*s))
        .collect()
}

/// No rule at this place of a [`KindIndex`] table.
const NONE: u32 = u32::MAX;

/// The rules of one decision kind, indexed by context for
/// [`Family::firing`]: the feature bits its rules constrain, and for each
/// context of at most two of them (in a fixed order) and each
/// alternative, the rule's position in the family.
#[derive(Clone, Debug)]
struct KindIndex {
    bits: Vec<u128>,
    /// Every bit of `bits`: the features its rules can tell apart.
    seen: u128,
    alternatives: usize,
    table: Vec<u32>,
    /// Rules of more than two literals, checked one by one.
    wide: Vec<u32>,
}

impl KindIndex {
    /// The place of the context made of `literals` (positions into
    /// `bits` with their values, at most two, in increasing position).
    fn slot(&self, literals: &[(usize, bool)]) -> usize {
        let f = self.bits.len();
        match *literals {
            [] => 0,
            [(i, v)] => 1 + 2 * i + usize::from(v),
            [(i, vi), (j, vj)] => {
                let pair = i * (2 * f - i - 1) / 2 + (j - i - 1);
                1 + 2 * f + 4 * pair + 2 * usize::from(vi) + usize::from(vj)
            }
            _ => unreachable!("at most two literals"),
        }
    }

    fn slots(&self) -> usize {
        let f = self.bits.len();
        1 + 2 * f + 2 * f * f.saturating_sub(1)
    }

    /// Calls `found` with the slot of every context of at most two
    /// literals that holds at `context`, in the order of [`KindIndex::slot`]
    /// (the places are counted on rather than worked out one by one).
    fn holding(&self, context: FeatureSet, mut found: impl FnMut(usize)) {
        let f = self.bits.len();
        let value = |i: usize| usize::from(context.0 & self.bits[i] != 0);
        found(0);
        let mut pair_base = 1 + 2 * f;
        for i in 0..f {
            let vi = value(i);
            found(1 + 2 * i + vi);
            for j in i + 1..f {
                found(pair_base + 2 * vi + value(j));
                pair_base += 4;
            }
        }
    }
}

/// A family of deviation rules, indexed for [`Family::firing`].
#[derive(Clone, Debug)]
pub struct Family {
    rules: Vec<DeviationRule>,
    kinds: HashMap<DecisionKind, KindIndex>,
}

impl Family {
    /// The narrow family: every rule of at most two literals
    /// (`narrow_family(2)`), in its order.
    pub fn narrow() -> Family {
        Family::new(narrow_family(2))
    }

    /// A family of these rules, in this order.
    pub fn new(rules: Vec<DeviationRule>) -> Family {
        let mut kinds: HashMap<DecisionKind, KindIndex> = HashMap::new();
        for rule in &rules {
            let index = kinds.entry(rule.kind).or_insert_with(|| KindIndex {
                bits: Vec::new(),
                seen: 0,
                alternatives: rule.kind.alternatives().len().max(1),
                table: Vec::new(),
                wide: Vec::new(),
            });
            index.seen |= rule.when.mask;
            let mut mask = rule.when.mask;
            while mask != 0 {
                let bit = mask & mask.wrapping_neg();
                if !index.bits.contains(&bit) {
                    index.bits.push(bit);
                }
                mask &= mask - 1;
            }
            index.alternatives = index.alternatives.max(usize::from(rule.choose.0) + 1);
        }
        for index in kinds.values_mut() {
            index.bits.sort_unstable();
            index.table = vec![NONE; index.slots() * index.alternatives];
        }
        for (id, rule) in rules.iter().enumerate() {
            let index = kinds.get_mut(&rule.kind).expect("indexed above");
            let literals: Vec<(usize, bool)> = index
                .bits
                .iter()
                .enumerate()
                .filter(|(_, &b)| rule.when.mask & b != 0)
                .map(|(i, &b)| (i, rule.when.values & b != 0))
                .collect();
            if literals.len() > 2 {
                index.wide.push(id as u32);
                continue;
            }
            let place = index.slot(&literals) * index.alternatives + usize::from(rule.choose.0);
            if index.table[place] == NONE {
                index.table[place] = id as u32;
            }
        }
        Family { rules, kinds }
    }

    /// The rules, in family order.
    pub fn rules(&self) -> &[DeviationRule] {
        &self.rules
    }

    /// Rule `id`.
    pub fn rule(&self, id: u32) -> DeviationRule {
        self.rules[id as usize]
    }

    /// How many rules the family has.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// Whether the family has no rule.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The rules that fire on a run with this decision log (their context
    /// holds at some decision of their kind whose rule choice is another
    /// alternative, legal there), in family order, each once.
    pub fn firing(&self, log: &[Decision]) -> Vec<u32> {
        self.firing_at(&situations(log))
    }

    /// [`Family::firing`] on a run's distinct [`situations`].
    pub fn firing_at(&self, situations: &[Situation]) -> Vec<u32> {
        // A set, not a list sorted at the end: a rule fires at many
        // situations of a run.
        let mut fired = RuleBits::new(self.rules.len());
        // Situations that differ only in features no rule of their kind
        // names, or in alternatives that are not changes, fire the same
        // rules: each is looked at once.
        let mut done = HashSet::new();
        for d in situations {
            let Some(index) = self.kinds.get(&d.kind) else {
                continue;
            };
            let context = FeatureSet(d.context.0 & index.seen);
            // The alternatives that change the decision (a bit each; a
            // change is always one of the first eight).
            let changes: u8 = (0..index.alternatives.min(8))
                .filter(|&choice| d.changed_by(Choice(choice as u8)))
                .fold(0, |bits, choice| bits | 1 << choice);
            if changes == 0 || !done.insert((d.kind, context, changes)) {
                continue;
            }
            let changed = |choice: usize| choice < 8 && changes & (1 << choice) != 0;
            index.holding(context, |slot| {
                let row = &index.table[slot * index.alternatives..(slot + 1) * index.alternatives];
                let mut rest = changes;
                while rest != 0 {
                    let choice = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if row[choice] != NONE {
                        fired.insert(row[choice]);
                    }
                }
            });
            for &id in &index.wide {
                let rule = self.rules[id as usize];
                if changed(usize::from(rule.choose.0)) && rule.when.holds(context) {
                    fired.insert(id);
                }
            }
        }
        fired.iter().collect()
    }

    /// The family split in two at random (by `seed`): each rule goes to
    /// one half with even odds. For measuring how well a suite chosen
    /// against one half fails the other.
    pub fn halves(&self, seed: u64) -> (Family, Family) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for (i, &rule) in self.rules.iter().enumerate() {
            if pigkill_generators::splitmix64(seed, i as u64) & 1 == 0 {
                a.push(rule);
            } else {
                b.push(rule);
            }
        }
        (Family::new(a), Family::new(b))
    }
}

/// Whether the engine making the one deviation `rule` fails a line judge
/// on `game`, whose right judge output is `answer` (see [`fails_judge`]),
/// a run of more than `budget`'s turns counting as one that does not end
/// (see [`deviated_budget`]).
pub fn rule_exposed(rule: DeviationRule, game: &Game, answer: &str, budget: Budget) -> bool {
    fails_judge(answer, || {
        cost::counted(answer, || {
            deviated_output(game, budget, &[Deviation::Rule(rule)])
        })
    })
}

/// The rules of `ids` (positions in `family`) that the engine making each
/// one alone exposes on `game`, whose right judge output is `answer`: the
/// rules for which [`rule_exposed`] holds with `budget`, in the order of
/// `ids`.
///
/// Rules of one kind and alternative that make the same choices in a game
/// make the same run: each is played once for all. The first of a group
/// is played with a log of its kind's decisions (the features the group
/// reads); every other rule of the group that would have chosen as it did
/// at each of them shares its result, exactly. The others are played in
/// turn the same way. A run found not to end (a stall, or the turn cap)
/// shares too: the run is deterministic, so a rule choosing as it did at
/// every decision of the log plays the same turns to the same stop. A run
/// that panics shares nothing; nor does the rule of `last-card-kept` with
/// no context, which also changes when the deck counts as exhausted (the
/// other rules of that kind act only through their decisions). The
/// groups are played in parallel.
///
/// Each run is taken up at the start of the turn where its rule first
/// changes a decision of the plain run ([`TurnStarts`]): the turns before
/// are the plain run's, played once for all the rules (on seed 5's
/// suite, 19% of the deviated runs' turns). It is stopped at the start of
/// a turn after its rule's last change where it is back in the plain
/// run's state: from there it is the plain run, and prints its text. And
/// it is stopped, exposed, at the start of a turn by which a pig died
/// that the right run leaves alive, when its rule is of no `Output` kind:
/// it prints `DEAD` where the right run prints a hand
/// ([`TurnStarts::deviated_run_logged`]).
pub fn exposed_among(
    family: &Family,
    ids: &[u32],
    game: &Game,
    answer: &str,
    budget: Budget,
) -> Vec<u32> {
    if ids.is_empty() {
        return Vec::new();
    }
    let rules: Vec<DeviationRule> = ids.iter().map(|&id| family.rule(id)).collect();
    let mut log = Vec::new();
    let (_, starts) = TurnStarts::record(game, budget, Logged::for_rules(&rules), &mut log);
    exposed_among_from(family, ids, &starts, &log, answer, budget)
}

/// [`exposed_among`] on the plain run kept at each turn's start,
/// `starts`, whose log `plain` holds every decision of the kinds of the
/// rules of `ids`, with the features they read.
fn exposed_among_from(
    family: &Family,
    ids: &[u32],
    starts: &TurnStarts<'_>,
    plain: &[Decision],
    answer: &str,
    budget: Budget,
) -> Vec<u32> {
    let mut groups: Vec<((DecisionKind, Choice), Vec<u32>)> = Vec::new();
    for &id in ids {
        let rule = family.rule(id);
        let key = (rule.kind, rule.choose);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(id),
            None => groups.push((key, vec![id])),
        }
    }
    let plain = Plain { starts, log: plain };
    let exposed: HashSet<u32> = groups
        .into_par_iter()
        .flat_map_iter(|((kind, _), group)| {
            exposed_in_group(family, kind, group, &plain, answer, budget)
        })
        .collect();
    ids.iter()
        .copied()
        .filter(|id| exposed.contains(id))
        .collect()
}

/// A game's plain run: kept at each turn's start, and its log.
struct Plain<'a, 'g> {
    starts: &'a TurnStarts<'g>,
    log: &'a [Decision],
}

impl Plain<'_, '_> {
    /// The turns of the first and the last decision of the plain run
    /// that `rule` changes, if any (turn 0: before the first turn).
    fn changes(&self, rule: DeviationRule) -> Option<Changes> {
        Changes::in_log(self.log, |d| rule.changes(d))
    }
}

/// The rules of `left`, all of kind `kind` and of one alternative, that
/// are exposed on the game of `plain` (see [`exposed_among`]).
fn exposed_in_group(
    family: &Family,
    kind: DecisionKind,
    left: Vec<u32>,
    plain: &Plain<'_, '_>,
    answer: &str,
    budget: Budget,
) -> Vec<u32> {
    let mut exposed = Vec::new();
    // The rule of `last-card-kept` with no context also changes when the
    // deck counts as exhausted, outside its decisions: it is played alone,
    // from the deal.
    let (alone, grouped): (Vec<u32>, Vec<u32>) = left.into_iter().partition(|&id| {
        let rule = family.rule(id);
        kind == DecisionKind::LastCardKept && rule.when.is_empty()
    });
    let game = plain.starts.game();
    exposed.extend(
        alone
            .into_iter()
            .filter(|&id| rule_exposed(family.rule(id), game, answer, budget)),
    );
    // Each rule with the turns of its first and last change of the plain
    // run.
    let mut left: Vec<(u32, Option<Changes>)> = grouped
        .into_iter()
        .map(|id| (id, plain.changes(family.rule(id))))
        .collect();
    let mut log = Vec::new();
    while !left.is_empty() {
        let rules: Vec<DeviationRule> = left.iter().map(|&(id, _)| family.rule(id)).collect();
        // A single rule needs no log: it shares with no other.
        let logged = if rules.len() == 1 {
            Logged::for_rules(&[])
        } else {
            Logged::for_rules(&rules)
        };
        log.clear();
        // A rule that changes nothing of the plain run is played from
        // the deal, to its end.
        let changes = left[0].1.unwrap_or(Changes {
            first: 0,
            last: u32::MAX,
        });
        // Whether the run reached its result (it ended, was found not
        // to end, or was stopped where a pig died that the right run
        // leaves alive), so that its log holds every decision it took
        // from turn `changes.first` on, up to the start of turn `met + 1`
        // when it was found back in the plain run's state there (a rule
        // that chooses as it did up to where it was stopped makes the
        // same death).
        let mut whole = false;
        let mut met = None;
        let fails = fails_judge(answer, || {
            let taken = cost::counted_taken(answer, || {
                plain.starts.deviated_run_logged(
                    changes,
                    budget,
                    &[Deviation::Rule(rules[0])],
                    logged,
                    &mut log,
                )
            });
            let run = match taken {
                Taken::Ran(run) => {
                    whole = matches!(run, Ok(_) | Err(RunError::DidNotEnd { .. }));
                    run.map_err(|_| ())
                }
                Taken::Back { turn, text } => {
                    (whole, met) = (true, Some(turn));
                    Ok(text)
                }
                // A pig died that the right run leaves alive: whatever
                // the run does next, the judge does not accept it.
                Taken::Otherwise { .. } => {
                    whole = true;
                    Err(())
                }
            };
            let turns = plain.starts.turns();
            cost::taken_up(
                changes.first.saturating_sub(1).min(turns),
                met.map(|k| turns.saturating_sub(k)),
            );
            run
        });
        // Another rule makes the same run when it changes nothing of the
        // plain run before turn `changes.first` either (the run took the
        // plain run's choices there), nor after turn `met` when the run
        // was found back in the plain run's state there (it took them
        // from there on), and chooses as the run did at each decision
        // logged.
        let same: Vec<bool> = rules
            .iter()
            .zip(&left)
            .enumerate()
            .map(|(i, (rule, &(_, its)))| {
                i == 0
                    || (whole
                        && its.is_none_or(|its| {
                            its.first >= changes.first && met.is_none_or(|met| its.last <= met)
                        })
                        && log.iter().all(|d| rule.choice_at(d) == d.taken))
            })
            .collect();
        if fails {
            exposed.extend(
                left.iter()
                    .zip(&same)
                    .filter(|(_, &s)| s)
                    .map(|(&(id, _), _)| id),
            );
        }
        left = left
            .iter()
            .zip(&same)
            .filter(|(_, &s)| !s)
            .map(|(&pair, _)| pair)
            .collect();
    }
    exposed
}

/// The budget of a deviated run on a game whose right run takes `turns`
/// turns: [`DEVIATED_TURNS_FACTOR`] times as many, at least
/// [`MIN_DEVIATED_TURNS`] and at most the default budget's cap. A run
/// still going then is taken not to end (a solution making that mistake
/// fails, by its output or its time). Such runs were 0.03% of the
/// deviated runs but 41% of their time, each playing to the 20,000-turn
/// cap. Measured on seed 1's pool (`gen --suite`, 382k deviated runs):
/// every one of the 126 runs stopped by this budget also reaches the
/// default cap; with a budget of 3 times the right run and at least 300
/// turns, 2,332 are stopped, and played on to the default cap none of
/// them ends with an output the judge accepts (1,037 end with another,
/// the rest never end). The suite is the same.
pub fn deviated_budget(turns: u32) -> Budget {
    Budget {
        max_turns: turns
            .saturating_mul(DEVIATED_TURNS_FACTOR)
            .max(MIN_DEVIATED_TURNS)
            .min(Budget::default().max_turns),
    }
}

/// The fewest turns a deviated run may take before it is taken not to end.
pub const MIN_DEVIATED_TURNS: u32 = 2000;

/// How many times the right run's turns a deviated run may take.
pub const DEVIATED_TURNS_FACTOR: u32 = 10;

/// How much work the scan of a pool spends per rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanLimits {
    /// Stop playing a rule on a subtask's candidates once this many of
    /// them expose it.
    pub exposing: u16,
    /// Stop playing a rule on a subtask's candidates after this many
    /// tries (exposing or not).
    pub tries: u16,
    /// Tries on candidates aimed at the rules no candidate exposes.
    pub aimed_tries: u16,
}

impl Default for ScanLimits {
    fn default() -> ScanLimits {
        ScanLimits {
            exposing: 2,
            tries: 8,
            aimed_tries: 24,
        }
    }
}

/// What the scan of a pool found about each rule of the family.
#[derive(Clone, Debug)]
pub struct NarrowPool {
    /// The family.
    pub family: Arc<Family>,
    /// The scan's limits.
    pub limits: ScanLimits,
    /// For each rule, how many scanned candidates it fires on.
    pub fired: Vec<u32>,
    /// For each rule and subtask, how many candidates it was played on.
    pub tried: Vec<[u16; 3]>,
    /// For each rule and subtask, how many candidates expose it (of those
    /// it was played on).
    pub exposing: Vec<[u16; 3]>,
    /// For each rule, the profile of the first candidate it fired on.
    pub first_profile: Vec<Option<Profile>>,
}

/// What scanning one candidate found.
struct Scanned {
    turns: u32,
    fired: Vec<u32>,
    tried: Vec<u32>,
    exposed: Vec<u32>,
}

impl NarrowPool {
    /// Nothing scanned yet.
    pub fn new(family: Arc<Family>, limits: ScanLimits) -> NarrowPool {
        let n = family.len();
        NarrowPool {
            family,
            limits,
            fired: vec![0; n],
            tried: vec![[0; 3]; n],
            exposing: vec![[0; 3]; n],
            first_profile: vec![None; n],
        }
    }

    /// Whether some scanned candidate exposes rule `id`.
    pub fn is_live(&self, id: u32) -> bool {
        self.exposing[id as usize].iter().any(|&n| n > 0)
    }

    /// The live rules.
    pub fn live(&self) -> RuleBits {
        (0..self.family.len() as u32)
            .filter(|&id| self.is_live(id))
            .collect()
    }

    /// The rules that fire on some scanned candidate.
    pub fn fired(&self) -> RuleBits {
        (0..self.family.len() as u32)
            .filter(|&id| self.fired[id as usize] > 0)
            .collect()
    }

    /// The rules that fire on some candidate but that no candidate exposes.
    pub fn unexposed(&self) -> Vec<u32> {
        (0..self.family.len() as u32)
            .filter(|&id| self.fired[id as usize] > 0 && !self.is_live(id))
            .collect()
    }

    /// Whether rule `id` is still to be played on a candidate of
    /// `subtask` (`aimed`: one aimed at the rules no candidate exposes).
    fn wants(&self, id: u32, subtask: Subtask, aimed: bool) -> bool {
        let s = subtask.number();
        let (tried, exposing) = (self.tried[id as usize][s], self.exposing[id as usize][s]);
        if aimed && !self.is_live(id) {
            return tried < self.limits.aimed_tries;
        }
        exposing < self.limits.exposing && tried < self.limits.tries
    }

    /// How likely rule `id` is to be exposed by a candidate it fires on,
    /// by what the scan saw (exposing over tried, in every subtask, with
    /// half a success added so that a rule tried little is not written
    /// off).
    pub fn rate(&self, id: u32) -> f64 {
        let tried: u32 = self.tried[id as usize].iter().map(|&n| u32::from(n)).sum();
        let exposing: u32 = self.exposing[id as usize]
            .iter()
            .map(|&n| u32::from(n))
            .sum();
        (f64::from(exposing) + 0.5) / (f64::from(tried) + 1.0)
    }

    /// What candidate `c` is expected to expose of `rules`: 1 for each it
    /// is known to expose, [`NarrowPool::rate`] for each that fires on it
    /// and was never played on it.
    pub fn expected(&self, c: &Candidate, rules: &RuleBits, rates: &[f64]) -> f64 {
        c.fires
            .intersection(rules)
            .map(|id| {
                if c.narrow.binary_search(&id).is_ok() {
                    1.0
                } else if c.known.contains(id) {
                    0.0
                } else {
                    rates[id as usize]
                }
            })
            .sum()
    }

    /// [`NarrowPool::rate`] of every rule, in family order.
    pub fn rates(&self) -> Vec<f64> {
        (0..self.family.len() as u32)
            .map(|id| self.rate(id))
            .collect()
    }

    /// Plays the rules `c` still needs on it.
    fn scan_one(&self, c: &Candidate) -> Scanned {
        // The plain run with every decision logged (as `decisions` logs
        // it), kept at each turn's start for the deviated runs.
        let mut log = Vec::with_capacity(512);
        let (_, starts) =
            TurnStarts::record(&c.case.game, Budget::default(), Logged::ALL, &mut log);
        let turns = log.last().map_or(0, |d| d.turn);
        let fired = self.family.firing(&log);
        let subtask = c.slot.subtask();
        let tried: Vec<u32> = fired
            .iter()
            .copied()
            .filter(|&id| self.wants(id, subtask, c.aimed))
            .collect();
        let answer = c.case.outcome.to_judge_text();
        let exposed = exposed_among_from(
            &self.family,
            &tried,
            &starts,
            &log,
            &answer,
            deviated_budget(turns),
        );
        Scanned {
            turns,
            fired,
            tried,
            exposed,
        }
    }

    /// Scans `candidates` (in order; see the module docs), setting each
    /// one's [`Candidate::narrow`].
    pub fn scan(&mut self, candidates: &mut [Candidate]) {
        if self.family.is_empty() {
            return;
        }
        let mut start = 0;
        let mut chunk = 8;
        while start < candidates.len() {
            let end = (start + chunk).min(candidates.len());
            let scanned: Vec<Scanned> = candidates[start..end]
                .par_iter()
                .map(|c| self.scan_one(c))
                .collect();
            for (c, found) in candidates[start..end].iter_mut().zip(scanned) {
                let s = c.slot.subtask().number();
                for &id in &found.fired {
                    self.fired[id as usize] += 1;
                    self.first_profile[id as usize].get_or_insert(c.case.profile);
                }
                for &id in &found.tried {
                    self.tried[id as usize][s] = self.tried[id as usize][s].saturating_add(1);
                }
                for &id in &found.exposed {
                    self.exposing[id as usize][s] = self.exposing[id as usize][s].saturating_add(1);
                }
                c.narrow = found.exposed;
                c.turns = found.turns;
                c.fires = found.fired.into_iter().collect();
                c.known = found.tried.into_iter().collect();
            }
            start = end;
            chunk = (chunk * 2).min(256);
        }
    }

    /// The rules of `rules` that fire on `c`, that it is not known to
    /// expose yet, and that it exposes.
    pub fn newly_exposed(&self, c: &Candidate, rules: &RuleBits) -> Vec<u32> {
        let answer = c.case.outcome.to_judge_text();
        let unknown: Vec<u32> = c
            .fires
            .intersection(rules)
            .filter(|&id| !c.known.contains(id) && c.narrow.binary_search(&id).is_err())
            .collect();
        exposed_among(
            &self.family,
            &unknown,
            &c.case.game,
            &answer,
            deviated_budget(c.turns),
        )
    }

    /// Plays on `c` every rule of `rules` that fires on it and that it is
    /// not known to expose yet, adding those it exposes to its
    /// [`Candidate::narrow`]. `rules` says which rules matter (say, the
    /// live ones).
    pub fn complete(&self, c: &mut Candidate, rules: &RuleBits) {
        let more = self.newly_exposed(c, rules);
        c.learn(more);
        c.know(rules);
    }

    /// Where to aim games at rule `id`: the profile of the first candidate
    /// it fired on, nudged toward the cards its kind and context name.
    pub fn aim(&self, id: u32) -> (Profile, Steer) {
        let rule = self.family.rule(id);
        let profile = match self.first_profile[id as usize] {
            Some(Profile::Big) | None => Profile::Full,
            Some(p) => p,
        };
        (profile, steer_toward(rule))
    }
}

/// A nudge of the generator toward the situation of `rule`: more of the
/// cards its decision kind or its context's literals name (the words of
/// the kind and of each literal that must hold), a short deck when the
/// context is about the deck's last card.
pub fn steer_toward(rule: DeviationRule) -> Steer {
    let mut text = format!("{} {}", rule.kind.id(), rule.kind.question());
    for (feature, value) in rule.when.literals() {
        if value {
            text.push(' ');
            text.push_str(feature.id());
        }
    }
    let text = text.to_lowercase();
    let mut steer = Steer::NONE;
    for (word, card) in [
        ("peach", Card::Peach),
        ("kill", Card::Kill),
        ("dodge", Card::Dodge),
        ("duel", Card::Duel),
        ("invasion", Card::Invasion),
        ("volley", Card::Volley),
        ("area", Card::Invasion),
        ("area", Card::Volley),
        ("nullif", Card::Nullify),
        ("crossbow", Card::Crossbow),
        ("weapon", Card::Crossbow),
    ] {
        if text.contains(word) {
            steer = steer.with_card(card);
        }
    }
    if text.contains("last") || text.contains("deck") {
        steer.short_deck = true;
    }
    steer
}

#[cfg(test)]
mod tests {
    use super::RuleBits;

    fn of(len: usize, rules: &[u32]) -> RuleBits {
        let mut bits = RuleBits::new(len);
        rules.iter().for_each(|&r| bits.insert(r));
        bits
    }

    #[test]
    fn the_full_set_holds_every_rule_of_the_family_and_no_other() {
        let full = RuleBits::full(130);
        assert_eq!(full.len(), 130);
        assert!(full.contains(129));
        assert!(!full.contains(130));
        assert_eq!(RuleBits::full(128).len(), 128);
    }

    #[test]
    fn a_rule_set_off_is_taken_away_and_one_set_on_added() {
        let mut bits = RuleBits::full(70);
        bits.set(3, false);
        bits.set(69, false);
        assert!(!bits.contains(3) && !bits.contains(69));
        bits.set(3, true);
        assert!(bits.contains(3));
        assert_eq!(bits.len(), 69);
    }

    #[test]
    fn the_first_rule_in_both_sets_is_searched_from_start_and_wraps_round_once() {
        let a = of(200, &[5, 70, 150, 199]);
        let b = of(200, &[5, 70, 199]);
        assert_eq!(a.first_in_both_from(&b, 0), Some(5));
        assert_eq!(a.first_in_both_from(&b, 6), Some(70));
        assert_eq!(a.first_in_both_from(&b, 71), Some(199));
        assert_eq!(a.first_in_both_from(&b, 199), Some(199));
        // Past the last common rule the search starts again from the first.
        let c = of(200, &[5, 70]);
        assert_eq!(a.first_in_both_from(&c, 100), Some(5));
        assert_eq!(a.first_in_both_from(&c, 6), Some(70));
        assert_eq!(a.first_in_both_from(&of(200, &[1, 151]), 0), None);
    }
}
