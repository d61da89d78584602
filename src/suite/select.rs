//! Choosing the suite from the pools: greedily, for strength first.
//!
//! Each step adds the candidate, of a slot kind that still has room in the
//! suite's [`SHAPE`], that is best by these gains, compared in this order:
//!
//! 1. catalogue mistakes no chosen test exposes yet;
//! 2. mistakes no chosen test of its own subtask exposes yet (so that the
//!    `basic` and `no-nullify` tests expose what their cards allow, and a
//!    wrong solution loses points in each subtask it gets wrong; mistakes
//!    that need tricks or nullifies are carried by the `full` tests);
//! 3. rule events (`crate::coverage`) no chosen test covers yet;
//! 4. rules of the narrow family ([`super::narrow`]) no chosen test
//!    exposes yet, as many as the candidate is expected to expose
//!    ([`NarrowPool::expected`]: 1 for each rule it is known to expose,
//!    and for each rule that fires on it and was never played on it, the
//!    odds the scan measured for that rule); the best 24 candidates level
//!    with the best on 1 to 3 are weighed exactly (played against every
//!    open live rule that fires on them) before the step picks; and each
//!    chosen test is completed (played against every live rule that fires
//!    on it), so that what the chosen tests expose is known exactly and
//!    the next steps go for the rest.
//! 5. narrow rules no chosen test of its own subtask exposes yet;
//! 6. mistakes exposed by exactly one chosen test so far (a second test
//!    for each), then narrow rules exposed by exactly one;
//! 7. pairs of mistakes newly separated, per card of the test (small
//!    tests first);
//! 8. depth: each mistake it exposes counts 1 / (1 + the tests exposing it
//!    so far), and each rule event it covers 1 / (1 + the tests covering
//!    it so far), so that once everything above is reached, the last
//!    slots go to tests exposing many mistakes and covering many events
//!    that few tests reach yet. (Measured with `examples/suite_holdout.rs`,
//!    which chooses each suite as if one mistake were unknown: the event
//!    depth catches 165 of 180 held-out mistakes over seeds 1 to 10, the
//!    mistake depth alone 161.)
//! 9. the smaller test, then the earlier candidate.
//!
//! **Separated pairs.** A pair of mistakes (a, b) is separated when some
//! test exposes exactly one of them. That is the pair definition that
//! serves a solution with two mistakes: on such a test the other mistake
//! changes nothing, so the solution fails there as the one-mistake
//! solution does, whereas on a test exposing both the two mistakes can
//! cancel out. (A weaker definition, "the two outputs differ", counts
//! tests exposing both; a stronger one, "the two-mistake engine differs
//! from both", needs a variant with two mistakes at once, which the
//! catalogue does not make.) The pairs a pool can separate at all are the
//! pairs of mistakes it tells apart; mistakes that no test tells apart are
//! equivalent as far as any suite drawn from it can tell.
//!
//! A mistake that no candidate exposes gets a bigger search before
//! anything is chosen: [`build`] draws more `full` candidates, round after
//! round, while some mistake is exposed by fewer than
//! [`SuiteOptions::min_exposing`] candidates, up to
//! [`SuiteOptions::max_extra_rounds`] rounds or the time limit. Then a
//! narrow rule that fires on some candidate but that no candidate exposes
//! gets games aimed at its situation ([`Pool::extend_aimed`]: the profile
//! it first fired in, nudged toward the cards its kind and context name),
//! up to [`SuiteOptions::aimed_games`] of them.
//!
//! After the greedy choice, [`repair`] swaps tests for candidates that
//! expose more live narrow rules, then for candidates that give rules
//! exposed by one test a second one; then [`anneal`] (simulated annealing
//! on what the best-known candidates are known to expose) goes through
//! swaps that lose a little to reach tests that together expose more.
//! Then [`SuiteOptions::variant_rounds`] rounds of *variants* of the
//! chosen tests ([`Pool::extend_variants`]: a chosen game whose deck, from
//! a random card on, is another candidate's, or, since session 10, the
//! chosen game with one or two of its cards replaced) are drawn, repaired with and
//! annealed with in turn, a local search around the chosen tests. Each
//! round exposes a few more rules (seed 1: 6,291 of the 6,421 live rules
//! after the swaps, 6,333 after the search and the six rounds).
//!
//! Measured with the default pools, seeds 1 to 10, on the family of 7,234
//! rules: the suites expose 98.6% of the live rules (63,377 of 64,277;
//! 98.35% to 98.85% per seed; 98.3% before the search and the six rounds,
//! with three rounds of variants and swaps only; 97.5% before the odds,
//! the second tests and the variants, on the family of 5,537); a suite
//! chosen against a random half of the family exposes 97.6% of the other
//! half's live rules (31,755 of 32,548, 97.13% to 98.18% per seed, from
//! 97.1% and 96.25% to 98.34% before the search;
//! `examples/suite_holdout.rs`). A suite takes 32 to 52 s of CPU time
//! (from about 27 s before the search).
//!
//! On the family of 10,859 rules, with two annealing chains: 97.38% of
//! the live rules (93,589 of 96,106; 96.90% to 97.86% per seed; 97.32%
//! with one chain), 96.52% held out (46,878 of 48,569; 95.92% to 97.01%;
//! 96.43% with one chain), 47 to 87 s of CPU time a suite, of which about
//! 3 s on one core (the rest in rayon's pool).
//!
//! What the suites miss is a matter of packing, not of the pool
//! (`examples/suite_misses.rs`, seed 1, that family): of the 249 live
//! rules no test exposes, 159 are known to be exposed by 10 candidates or
//! more and only 21 by one; no known exposer of any of them nets more
//! than 4 rules when swapped for a test of its kind (each test alone
//! exposes 8 to 126 rules, 1,035 in all). Knowing more of the candidates
//! exactly is what pays: the first [`repair`] weighing 300 candidates
//! instead of 1,200 leaves 313 rules unexposed (and saves 22 s of CPU
//! time of 65); 2,400 with three rounds of variants instead of six, 295.
//! Neither the search also swapping in the known exposers of each open
//! rule (287), nor variants taking their deck's end from those exposers
//! (248), helped.
//!
//! Session 9, family of 18,843 rules, seed 1 (`examples/suite_misses.rs`):
//! 498 of 15,734 live rules missed; 272 of them are known to be exposed by
//! 10 candidates or more, and no single swap of a known exposer nets a
//! gain. Effort buys little: five times the swaps' weighing, twice the
//! variant rounds and five times the search's moves over 2,000 candidates
//! a slot leave 421 (at ten times the time); a pool a quarter the size
//! leaves 503. Per unit of time the variants pay best: with the search made
//! cheaper, 10 rounds of 16 variants a test (from 6 of 12) leave 448 on
//! seed 1 (459 of 15,778 on seed 7, from 472), where 8 rounds with a search
//! of 400,000 moves and 1,800 candidates weighed leave 464, and 14 rounds
//! with 900 weighed 453.
//!
//! Session 10: half the variants change one or two cards of the test
//! instead of its deck's tail ([`super::pool::Variation::Cards`]).
//! Live rules exposed, seeds 1 to 10: 97.27% (153,329 of 157,630), from
//! 97.20%; left unexposed: 426, 362, 519, 475, 406, 385, 437, 420, 399,
//! 472, from 448, 376, 542, 440, 454, 380, 459, 423, 449, 448. Held out,
//! seeds 1 to 10: 96.71% (76,811 of 79,423), from 96.60%. Aiming the
//! changed card at the cards a rule no test exposes names did no better.
//!
//! Session 11, family of 19,453 rules: neither the order of the greedy
//! keys nor the constraints of the swaps is what leaves rules unexposed.
//! On seed 1, swaps and search free to drop rule events give the same
//! suite (no event ever binds), and free to drop catalogue mistakes too
//! (the greedy choice ignoring them) leave 470 live rules unexposed, not
//! fewer than 458; exact exchanges of two tests at once for two of the
//! searched candidates after each search find one gain of 7 in eleven
//! searches: the tests are a local optimum of what is known even for
//! pairs of swaps. New candidates are the lever: one variant in four of a
//! game of fewer than ten pigs now seats a pig more
//! ([`super::pool::Variation::Seat`]), a bigger game that reaches more
//! situations; seeds 1 and 7 leave 422 and 417 live rules unexposed, from
//! 458 and 471 (one in two: 445 and 438; flipping a pig's role in one
//! variant in four as well: 461 on seed 1). Four times as many `big`
//! candidates: 448 on seed 1, at 15 s more CPU time. Seeds 1 to 10:
//! 97.28% of the live rules (158,586 of 163,021), from 97.19%; held out
//! 96.80% (79,863 of 82,499), from 96.50%.
//!
//! Session 12, family of 23,097 rules (`examples/suite_misses.rs`): of
//! the live rules a suite leaves unexposed (seeds 1 and 7: 543 and 580),
//! 523 and 562 have two literals (3.1% and 3.3% of those live, against
//! 0.9% of the one-literal rules); their known exposers are as big as the
//! tests (median 7 to 9 pigs); but for 182 and 233 of them every known
//! exposer was known to expose fewer than 1,000 rules: the scan plays a
//! candidate against a few rules only, and the search takes the
//! candidates known to expose the most, so it never saw them. Before each
//! round of variants, for each live rule no test exposes, the four of its
//! known exposers not yet weighed on which the most rules fire are now
//! weighed ([`SuiteOptions::exposers_weighed`]; about 400 to 500 a round):
//! seeds 1 and 7 leave 522 and 552 unexposed (one exposer each, once
//! after the first search: 542 and 541). Variants of the candidates that
//! come closest to a swap exposing open rules (545, then 575 and 546 with
//! twice the variants) and two pigs more in half the pig-more variants
//! (558) did no better.
//!
//! Session 13: a variant changed cards or cut the deck anywhere in its
//! top 96 cards, though most tests draw far fewer (a game of 4 to 10
//! turns draws 10 to 30): most such variants were the test again. Each
//! test now knows the cards its game draws ([`super::JudgeCase::drawn`]),
//! and its variants change or cut only those, down to the last card a
//! long game draws (seeds 1, 7, 2, 3, 4: 618, 686, 501, 608, 606 live
//! rules left unexposed, from 644, 622, 658, 635, 595; drawn cards but
//! at most the top 96: 631 and 688 on seeds 1 and 7).
//!
//! Session 14, family of 25,878 rules: [`repair`] ranked every candidate
//! by what it is expected to expose before each batch it weighed, though
//! the ranking changes only with a swap and for the candidates just
//! weighed (a quarter of the samples in the rounds of variants); it now
//! ranks those alone again, and checks what a swap must keep on the
//! mistakes and events alone (a whole `State` per swap weighed was 17% of
//! the samples in it). The same suites (seed 7 byte for byte), 74 s of
//! user time on seed 7 instead of 92. Variants aimed at the rules no test
//! exposes ([`SuiteOptions::aimed_variants`], [`variant_jobs`]): half of
//! each test's variants cut its deck within four cards after the place
//! where most of the open rules that fire on it first fire, so that the
//! game is the same up to that decision and new after it. Live rules left
//! unexposed, seeds 1, 7, 2: 624, 574, 578, from 610, 618, 612; but held
//! out, seeds 1 to 3: 96.69% both ways (31,529 of 32,607, and 31,528 of
//! 32,608; 96.98, 96.40, 96.70 a seed, from 96.77, 96.58, 96.71): no
//! lever, so off by default.
//!
//! Session 15, family of 27,883 rules (`examples/suite_misses.rs`, seeds 1
//! and 7): of the live rules a suite leaves unexposed (749 and 673), 368
//! and 263 fire on no test at all: rare contexts (about 1% of the
//! candidates), exposed about half the time where they fire; the rest
//! fire on tests where the deviation does not show (the scan's odds of
//! exposing them 0.06 to 0.36). Every live rule a test fires without
//! exposing gives the right output byte for byte there, and where in the
//! game the rule first changes a decision hardly matters (exposed 79% of
//! the time in the first tenth of the game's turns, 68% to 76% in the
//! later tenths), so games that end soon after a deviation would not
//! help. The rare contexts are 4 times as frequent on games of two pigs
//! (seed 1: 13.7 missed rules firing per two-pig candidate, 3.1 to 4.2
//! for three to ten pigs), and no test has two pigs. Ranking the
//! candidates [`anneal`] may swap in by the rules they expose that at
//! most two tests expose (what a swap's gain depends on) did no better:
//! 2,015 live rules unexposed on seeds 1, 7, 2 against 2,032; held out,
//! seeds 1 to 3, 96.40% against 96.45%. Nor did weighing, before each
//! round of variants, the 64 two-pig candidates expected to expose the
//! most open rules: no two-pig game was chosen; seeds 1 and 7 left 706
//! and 640 unexposed (from 749 and 673), but held out, seeds 1 to 3,
//! 96.33% (the chosen halves 34,015 against 34,014). Completed, the 16
//! best two-pig games of seed 1 expose 7 to 31 open rules each, and
//! each would take a test that alone exposes 35 to 77 rules: a net loss
//! of 9 to 68 rules, so no two-pig game can pay as one of the 20.
//!
//! Session 16 (`examples/suite_two_alive.rs`, seed 1): 515 of the 749
//! live rules the suite misses fire at a decision taken while only two
//! pigs are alive on some candidate (475 on a game that began with three
//! pigs or more), and 245 of the 368 that fire on no test; but the
//! two-alive phase of a game that began with more than two pigs is short
//! (median 8 to 17 decisions, one turn; two-pig games: 214 decisions, 12
//! turns), and 11 of the 20 tests reach one. Variants that play a test up
//! to the moment two pigs remain and a two-pig game's deck after it
//! ([`SuiteOptions::endgame_variants`], [`super::pool::Variation::Endgame`])
//! reach the rare contexts (1.07 of the rules that fire on no test fire
//! in such a variant's two-alive phase, 0.08 in its test's), but are too
//! few (159 over the ten rounds) to pay: with 4 of each test's 16
//! variants, seeds 1, 7, 2 leave 695, 695, 603 live rules unexposed (from
//! 749, 673, 610), held out, seeds 1 to 3, 96.36% against 96.45%; so off
//! by default.
//!
//! Session 17, the cost (seed 5, the seed with the most work;
//! `PIGKILL_SUITE_COST` now also says each step's CPU time and deviated
//! runs): the deviated runs are nearly all of it (1,057,270 runs; the
//! engine about 70% of perf's samples, the annealing chains 12%); by step,
//! the repairs of the ten rounds of variants take half the CPU time, the
//! draw's scan a tenth, the eleven annealings 14%. A deviated run is the
//! plain run up to its rule's first change, and often the plain run again
//! after its last: each run is now taken up at the start of the turn of
//! its first change and stopped where it is back in the plain run's state
//! ([`super::narrow::exposed_among`], `pigkill_reference::resume`). The
//! same runs and the same suites, byte for byte, for less time.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pigkill_engine::{Budget, Event, Game};
use pigkill_generators::splitmix64;
use pigkill_reference::decision::{decisions, Decision, Feature};
use rayon::prelude::*;

use crate::coverage::{RuleEvent, RuleSet};

use pigkill_reference::mutants::MutationSet;

use super::anneal::{anneal, AnnealOptions};
use super::cost;
use super::exposure::{catalogue, set_exposed, MutantSet};
use super::narrow::{Family, NarrowPool, RuleBits, ScanLimits};
use super::pool::{Aim, Candidate, Pool, PoolSizes, Slot, Subtask, SHAPE};

/// How a suite is made.
#[derive(Clone, Debug)]
pub struct SuiteOptions {
    /// The first pools.
    pub pool: PoolSizes,
    /// Draw more `full` candidates while some mistake is exposed by fewer
    /// than this many candidates.
    pub min_exposing: usize,
    /// At most this many extra rounds, each a quarter as many `full`
    /// candidates as the first pool (at least [`MIN_EXTRA_ROUND`]).
    pub max_extra_rounds: u32,
    /// Stop the extra rounds and the aimed games after this long (from
    /// the start of [`build`]). `None` by default: the work is bounded by
    /// the counts above, and a clock would make the suite of a seed
    /// depend on how loaded the machine is.
    pub time_limit: Option<Duration>,
    /// The family of narrow rules to expose (`None`: the narrow family,
    /// [`Family::narrow`]).
    pub family: Option<Arc<Family>>,
    /// How much the scan of the pool plays each narrow rule.
    pub scan: ScanLimits,
    /// At most this many games aimed at narrow rules no candidate exposes.
    pub aimed_games: u64,
    /// At most this many candidates weighed for swaps that expose more
    /// live narrow rules, after the greedy choice ([`repair`]).
    pub repair_evaluations: usize,
    /// Rounds of variants of the chosen tests ([`Pool::extend_variants`]),
    /// each followed by swaps ([`repair`], with a quarter of
    /// `repair_evaluations`) and a search ([`anneal`]).
    pub variant_rounds: u32,
    /// How many variants of each chosen test a round draws.
    pub variants_per_test: u64,
    /// The local search after the swaps ([`anneal`]).
    pub anneal: AnnealOptions,
    /// Before each round of variants, for each live rule no test exposes,
    /// this many of its known exposers not yet weighed are weighed
    /// (`weigh_exposers`; 0: none).
    pub exposers_weighed: usize,
    /// Of each test's variants in a round, at most this many are aimed
    /// at the live rules no test exposes that fire on it: its deck cut
    /// just after a decision where they first fire ([`variant_jobs`]).
    /// Off (0) by default: 8 of 16 made no difference held out (session
    /// 14, see the module docs).
    pub aimed_variants: usize,
    /// Of each test's variants in a round, this many play its game up to
    /// the moment only two pigs are alive and then a game that began with
    /// two pigs ([`super::pool::Variation::Endgame`], [`variant_jobs`]):
    /// the contexts the suite misses most are those of two-pig games,
    /// which no test is.
    pub endgame_variants: usize,
}

impl Default for SuiteOptions {
    fn default() -> SuiteOptions {
        SuiteOptions {
            pool: PoolSizes::DEFAULT,
            min_exposing: 2,
            max_extra_rounds: 8,
            time_limit: None,
            family: None,
            scan: ScanLimits::default(),
            aimed_games: 1000,
            repair_evaluations: 1200,
            variant_rounds: 10,
            variants_per_test: 16,
            anneal: AnnealOptions::default(),
            exposers_weighed: 4,
            aimed_variants: 0,
            endgame_variants: 0,
        }
    }
}

impl SuiteOptions {
    /// The default options with the work scaled by `factor`: the first
    /// pools, the aimed games, the candidates weighed for swaps and the
    /// moves of the search (at least one of each pool; a factor of 1 is
    /// the default). Smaller pools leave less to search, so the search
    /// shrinks with them.
    pub fn scaled(factor: f64) -> SuiteOptions {
        let default = SuiteOptions::default();
        let scale = |n: u64| (n as f64 * factor).round() as u64;
        SuiteOptions {
            pool: default.pool.scaled(factor),
            aimed_games: scale(default.aimed_games),
            repair_evaluations: scale(default.repair_evaluations as u64) as usize,
            anneal: AnnealOptions {
                moves: scale(default.anneal.moves),
                ..default.anneal
            },
            ..default
        }
    }
}

/// A chosen suite and the pool it came from.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The pool: every candidate drawn.
    pub pool: Pool,
    /// The chosen tests, as indices into `pool.candidates`, in suite order
    /// (by slot kind, then smallest first).
    pub tests: Vec<usize>,
    /// How many extra rounds of `full` candidates were drawn.
    pub extra_rounds: u32,
    /// How many rounds of aimed games were drawn.
    pub aimed_rounds: u32,
    /// How long the pool and the choice took.
    pub elapsed: Duration,
}

impl Suite {
    /// The chosen tests, in suite order.
    pub fn cases(&self) -> impl Iterator<Item = &Candidate> {
        self.tests.iter().map(|&i| &self.pool.candidates[i])
    }

    /// The mistakes some test exposes.
    pub fn exposed(&self) -> MutantSet {
        let mut all = MutantSet::new();
        for c in self.cases() {
            all.union_with(&c.exposes);
        }
        all
    }

    /// For each catalogue mistake, the suite positions (from 0) of the tests exposing it.
    pub fn exposing(&self) -> Vec<Vec<usize>> {
        (0..catalogue().len())
            .map(|m| {
                self.cases()
                    .enumerate()
                    .filter(|(_, c)| c.exposes.contains(m))
                    .map(|(t, _)| t)
                    .collect()
            })
            .collect()
    }

    /// The suite positions (from 0) of these candidates, in order; those
    /// not in the suite are left out.
    pub fn positions(&self, candidates: &[usize]) -> Vec<usize> {
        let mut positions: Vec<usize> = candidates
            .iter()
            .filter_map(|id| self.tests.iter().position(|t| t == id))
            .collect();
        positions.sort_unstable();
        positions
    }

    /// For each subtask, the mistakes its tests expose and the mistakes
    /// its candidates expose.
    pub fn by_subtask(&self) -> Vec<(Subtask, MutantSet, MutantSet)> {
        Subtask::ALL
            .into_iter()
            .map(|subtask| {
                let union = |cs: &mut dyn Iterator<Item = &Candidate>| {
                    let mut all = MutantSet::new();
                    for c in cs.filter(|c| c.slot.subtask() == subtask) {
                        all.union_with(&c.exposes);
                    }
                    all
                };
                (
                    subtask,
                    union(&mut self.cases()),
                    union(&mut self.pool.candidates.iter()),
                )
            })
            .collect()
    }

    /// The rule events the tests cover.
    pub fn events(&self) -> RuleSet {
        self.cases().flat_map(|c| c.case.events.iter()).collect()
    }

    /// The rule events some candidate of the pool covers.
    pub fn reachable_events(&self) -> RuleSet {
        self.pool
            .candidates
            .iter()
            .flat_map(|c| c.case.events.iter())
            .collect()
    }

    /// How many pairs of mistakes the tests separate.
    pub fn separated_pairs(&self) -> usize {
        separated(self.cases().map(|c| &c.exposes))
    }

    /// The pairs of catalogue mistakes that, made together (a solution
    /// with two mistakes), pass every test: checked on the suite itself,
    /// each pair's engine on each test.
    pub fn two_mistakes_passing(&self) -> Vec<(usize, usize)> {
        let answers: Vec<String> = self
            .cases()
            .map(|c| c.case.outcome.to_judge_text())
            .collect();
        let n = catalogue().len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        pairs
            .into_par_iter()
            .filter(|&(a, b)| {
                let set = MutationSet::of(&[catalogue()[a], catalogue()[b]]);
                !self
                    .cases()
                    .zip(&answers)
                    .any(|(c, answer)| set_exposed(set, &c.case.game, answer))
            })
            .collect()
    }

    /// How many pairs of mistakes the pool can separate at all.
    pub fn separable_pairs(&self) -> usize {
        separated(self.pool.candidates.iter().map(|c| &c.exposes))
    }

    /// The narrow rules some test exposes (the tests are completed).
    pub fn narrow_exposed(&self) -> RuleBits {
        self.cases()
            .flat_map(|c| c.narrow.iter().copied())
            .collect()
    }

    /// How many live narrow rules some test exposes, and how many are live.
    pub fn narrow_caught(&self) -> (usize, usize) {
        let exposing = self.narrow_exposing();
        let caught = exposing.iter().filter(|(_, t)| !t.is_empty()).count();
        (caught, exposing.len())
    }

    /// For each live narrow rule, in family order, the suite positions
    /// (from 0) of the tests exposing it.
    pub fn narrow_exposing(&self) -> Vec<(u32, Vec<usize>)> {
        let mut by_rule: std::collections::BTreeMap<u32, Vec<usize>> = self
            .pool
            .narrow
            .live()
            .iter()
            .map(|id| (id, Vec::new()))
            .collect();
        for (t, c) in self.cases().enumerate() {
            for id in &c.narrow {
                by_rule.entry(*id).or_default().push(t);
            }
        }
        by_rule.into_iter().collect()
    }
}

/// How many pairs of catalogue mistakes there are.
pub fn pairs() -> usize {
    let n = catalogue().len();
    n * n.saturating_sub(1) / 2
}

/// The classes of mistakes that no test so far tells apart: two mistakes
/// are in one class when every test exposes both or neither.
#[derive(Clone, Debug)]
struct Partition(Vec<MutantSet>);

impl Partition {
    fn new() -> Partition {
        Partition(vec![MutantSet::all()])
    }

    /// How many pairs a test exposing `e` would separate.
    fn gain(&self, e: &MutantSet) -> usize {
        self.0
            .iter()
            .map(|class| {
                let inside = class.intersection_len(e);
                inside * (class.len() - inside)
            })
            .sum()
    }

    fn refine(&mut self, e: &MutantSet) {
        let mut classes = Vec::with_capacity(self.0.len() + 1);
        for class in &self.0 {
            let inside = class.intersection(e);
            let outside = class.difference(e);
            classes.extend([inside, outside].into_iter().filter(|c| c.len() > 1));
        }
        self.0 = classes;
    }

    fn unseparated(&self) -> usize {
        self.0.iter().map(|c| c.len() * (c.len() - 1) / 2).sum()
    }
}

/// How many pairs of mistakes the tests exposing these sets separate.
pub fn separated<'a>(tests: impl IntoIterator<Item = &'a MutantSet>) -> usize {
    let mut partition = Partition::new();
    for e in tests {
        partition.refine(e);
    }
    pairs() - partition.unseparated()
}

/// What a set of tests achieves, for greedy steps and for swaps.
#[derive(Clone, Debug)]
struct State {
    covered: Covered,
    by_subtask: [MutantSet; 3],
    hits: Vec<u32>,
    event_hits: Vec<u32>,
    partition: Partition,
    narrow: RuleBits,
    narrow_by_subtask: [RuleBits; 3],
    narrow_hits: HashMap<u32, u32>,
}

impl State {
    fn new() -> State {
        State {
            covered: Covered::new(),
            by_subtask: [MutantSet::new(), MutantSet::new(), MutantSet::new()],
            hits: vec![0; catalogue().len()],
            event_hits: vec![0; RuleEvent::ALL.len()],
            partition: Partition::new(),
            narrow: RuleBits::default(),
            narrow_by_subtask: Default::default(),
            narrow_hits: HashMap::new(),
        }
    }

    fn of<'a>(tests: impl IntoIterator<Item = &'a Candidate>) -> State {
        let mut state = State::new();
        for c in tests {
            state.add(c);
        }
        state
    }

    fn add(&mut self, c: &Candidate) {
        self.covered.add(c);
        self.by_subtask[c.slot.subtask().number()].union_with(&c.exposes);
        for m in c.exposes.iter() {
            self.hits[m] += 1;
        }
        for e in c.case.events.iter() {
            self.event_hits[e as usize] += 1;
        }
        self.partition.refine(&c.exposes);
        for &id in &c.narrow {
            self.narrow.insert(id);
            self.narrow_by_subtask[c.slot.subtask().number()].insert(id);
            *self.narrow_hits.entry(id).or_default() += 1;
        }
    }

    /// The greedy key of adding `c` (bigger is better; see the module
    /// docs); `open` are the narrow rules to count, `rates` their odds of
    /// being exposed where they fire ([`NarrowPool::expected`]).
    fn key(
        &self,
        c: &Candidate,
        id: usize,
        narrow: &NarrowPool,
        open: &RuleBits,
        rates: &[f64],
    ) -> Key {
        let subtask = &self.by_subtask[c.slot.subtask().number()];
        let narrow_subtask = &self.narrow_by_subtask[c.slot.subtask().number()];
        let size = c.size();
        Key(
            c.exposes.difference(&self.covered.mistakes).len(),
            c.exposes.difference(subtask).len(),
            c.case
                .events
                .iter()
                .filter(|e| !self.covered.events.contains(*e))
                .count(),
            (narrow.expected(c, open, rates) * 1024.0) as usize,
            c.narrow
                .iter()
                .filter(|&&id| !narrow_subtask.contains(id))
                .count(),
            c.exposes.iter().filter(|&m| self.hits[m] == 1).count(),
            c.narrow
                .iter()
                .filter(|&id| self.narrow_hits.get(id) == Some(&1))
                .count(),
            self.partition.gain(&c.exposes) * 1024 / (256 + size),
            c.exposes
                .iter()
                .map(|m| 1024 / (1 + self.hits[m] as usize))
                .sum::<usize>()
                + c.case
                    .events
                    .iter()
                    .map(|e| 1024 / (1 + self.event_hits[e as usize] as usize))
                    .sum::<usize>(),
            Reverse(size),
            Reverse(id),
        )
    }

    /// What the tests achieve, for comparing swaps: mistakes exposed,
    /// mistakes exposed in their subtasks, narrow rules exposed, events,
    /// mistakes exposed twice, pairs separated.
    fn score(&self) -> (usize, usize, usize, usize, usize, usize) {
        (
            self.covered.mistakes.len(),
            self.by_subtask.iter().map(MutantSet::len).sum(),
            self.narrow.len(),
            self.covered.events.len(),
            self.hits.iter().filter(|&&h| h >= 2).count(),
            pairs() - self.partition.unseparated(),
        )
    }
}

/// The catalogue mistakes and rule events a set of tests covers: all a
/// swap must keep, and on its own all [`repair`] builds for each swap it
/// weighs (a whole [`State`] per swap costs most of the weighing).
#[derive(Clone, Debug)]
struct Covered {
    mistakes: MutantSet,
    events: RuleSet,
}

impl Covered {
    /// Nothing covered.
    fn new() -> Covered {
        Covered {
            mistakes: MutantSet::new(),
            events: RuleSet::new(),
        }
    }

    /// What `tests` cover.
    fn of<'a>(tests: impl IntoIterator<Item = &'a Candidate>) -> Covered {
        let mut covered = Covered::new();
        for c in tests {
            covered.add(c);
        }
        covered
    }

    /// Adds what test `c` covers.
    fn add(&mut self, c: &Candidate) {
        self.mistakes.union_with(&c.exposes);
        for e in c.case.events.iter() {
            self.events.insert(e);
        }
    }

    /// Whether it covers every mistake and event `before` covers.
    fn keeps(&self, before: &Covered) -> bool {
        before.mistakes.is_subset(&self.mistakes)
            && before.events.iter().all(|e| self.events.contains(e))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key(
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    Reverse<usize>,
    Reverse<usize>,
);

/// Chooses the tests from `pool`: as many of each slot kind as `SHAPE`
/// says (fewer when the pool has fewer), greedily (see the module docs),
/// in suite order. The chosen candidates are completed.
pub fn choose(pool: &mut Pool) -> Vec<usize> {
    let mut room: [usize; 4] = [0; 4];
    for (slot, n) in SHAPE {
        room[slot.number()] += n;
    }
    let live = pool.narrow.live();
    let rates = pool.narrow.rates();
    let mut state = State::new();
    let mut chosen: Vec<usize> = Vec::new();
    let mut taken = vec![false; pool.candidates.len()];
    loop {
        let open: RuleBits = live.iter().filter(|&r| !state.narrow.contains(r)).collect();
        let key = |pool: &Pool, id: usize| {
            state.key(&pool.candidates[id], id, &pool.narrow, &open, &rates)
        };
        // Keys end in the candidate's index: a total order, so the
        // parallel maximum is the same on every run.
        let mut keyed: Vec<(Key, usize)> = (0..pool.candidates.len())
            .into_par_iter()
            .filter(|&id| !taken[id] && room[pool.candidates[id].slot.number()] > 0)
            .map(|id| (key(pool, id), id))
            .collect();
        if keyed.is_empty() {
            break;
        }
        // The best few by what they are expected to expose, weighed
        // exactly against the open rules, then the best of those.
        keyed.par_sort_unstable_by(|a, b| b.cmp(a));
        // Only candidates level with the best on the catalogue and the
        // events can win by narrow rules.
        let level = |k: &Key| (k.0, k.1, k.2) == (keyed[0].0 .0, keyed[0].0 .1, keyed[0].0 .2);
        let top: Vec<usize> = keyed
            .iter()
            .take(WEIGHED_PER_STEP)
            .filter(|(k, _)| level(k))
            .map(|&(_, id)| id)
            .collect();
        weigh(pool, &top, &open);
        let (_, id) = keyed
            .iter()
            .take(WEIGHED_PER_STEP)
            .map(|&(_, id)| (key(pool, id), id))
            .max()
            .expect("keyed is not empty");
        pool.complete(id);
        let c = &pool.candidates[id];
        taken[id] = true;
        room[c.slot.number()] -= 1;
        state.add(c);
        chosen.push(id);
    }
    order(pool, &mut chosen);
    chosen
}

/// Plays candidates `ids` against the rules of `rules` that fire on them
/// and whose exposure there is not known yet (in parallel), so that what
/// they expose of `rules` is known exactly.
fn weigh(pool: &mut Pool, ids: &[usize], rules: &RuleBits) {
    let found: Vec<Vec<u32>> = ids
        .par_iter()
        .map(|&id| pool.narrow.newly_exposed(&pool.candidates[id], rules))
        .collect();
    for (&id, more) in ids.iter().zip(found) {
        let c = &mut pool.candidates[id];
        c.learn(more);
        c.know(rules);
    }
}

/// Weighs, for each live rule no test exposes, the `k` candidates known to
/// expose it on which the most rules fire, among those not yet weighed
/// against the rules at most two tests expose: played against those
/// rules, so that [`anneal`] (which searches the candidates known to
/// expose the most) and [`repair`] know what they would gain and lose.
/// The scan plays each candidate against a few rules only, so most of
/// the known exposers of the rules a suite misses were never weighed
/// (seeds 1 and 7: for 182 of 543 and 233 of 580 such rules, every known
/// exposer was known to expose fewer than 1,000 rules).
fn weigh_exposers(pool: &mut Pool, tests: &[usize], k: usize) {
    let live = pool.narrow.live();
    let mut count = vec![0u16; pool.narrow.family.len()];
    for &t in tests {
        for &r in &pool.candidates[t].narrow {
            count[r as usize] += 1;
        }
    }
    let wanted: RuleBits = live.iter().filter(|&id| count[id as usize] <= 2).collect();
    let mut best: HashMap<u32, Vec<(Reverse<usize>, usize)>> = HashMap::new();
    for (id, c) in pool.candidates.iter().enumerate() {
        if tests.contains(&id) || !c.fires.intersection(&wanted).any(|r| !c.known.contains(r)) {
            continue;
        }
        for &r in &c.narrow {
            if count[r as usize] == 0 && live.contains(r) {
                let list = best.entry(r).or_default();
                list.push((Reverse(c.fires.len()), id));
                list.sort_unstable();
                list.truncate(k);
            }
        }
    }
    let mut ids: Vec<usize> = best.values().flatten().map(|&(_, id)| id).collect();
    ids.sort_unstable();
    ids.dedup();
    if cost::enabled() {
        eprintln!(
            "cost: weighing {} exposers of {} open rules",
            ids.len(),
            best.len()
        );
    }
    weigh(pool, &ids, &wanted);
}

/// How many of the best candidates each greedy step weighs exactly.
const WEIGHED_PER_STEP: usize = 24;

/// Puts tests in suite order: by slot kind, then smallest first.
fn order(pool: &Pool, tests: &mut [usize]) {
    tests.sort_by_key(|&id| {
        let c = &pool.candidates[id];
        (c.slot, c.size(), id)
    });
}

/// The best place for candidate `new` in `tests`: the test of the same
/// slot kind whose replacement by `new` keeps every mistake and event the
/// tests cover, keeps `keep` true, and achieves the most (see the module
/// docs). `None` when no test can be replaced that way.
pub fn best_swap(
    pool: &mut Pool,
    tests: &[usize],
    new: usize,
    keep: impl Fn(&[usize]) -> bool,
) -> Option<usize> {
    pool.complete(new);
    let pool = &*pool;
    let before = State::of(tests.iter().map(|&i| &pool.candidates[i]));
    let slot = pool.candidates[new].slot;
    tests
        .iter()
        .enumerate()
        .filter(|(_, &id)| pool.candidates[id].slot == slot)
        .filter_map(|(place, _)| {
            let mut trial = tests.to_vec();
            trial[place] = new;
            let after = State::of(trial.iter().map(|&i| &pool.candidates[i]));
            let keeps = after.covered.keeps(&before.covered) && keep(&trial);
            keeps.then(|| (after.score(), Reverse(place), place))
        })
        .max()
        .map(|(_, _, place)| place)
}

/// Puts candidate `new` into `tests` (see [`best_swap`]), or adds it when
/// no test can give way; keeps the suite order. Returns the candidate it
/// replaced.
pub fn swap_in(
    pool: &mut Pool,
    tests: &mut Vec<usize>,
    new: usize,
    keep: impl Fn(&[usize]) -> bool,
) -> Option<usize> {
    let replaced = match best_swap(pool, tests, new, keep) {
        Some(place) => Some(std::mem::replace(&mut tests[place], new)),
        None => {
            tests.push(new);
            None
        }
    };
    order(pool, tests);
    replaced
}

/// What a swap gains: rules newly exposed, then rules given a second test
/// (each net of what it loses).
type Gain = (isize, isize);

/// How many candidates [`repair`] weighs at once (in parallel).
const REPAIR_BATCH: usize = 8;

/// How many candidates already weighed [`repair`] tries as swaps each
/// round besides the batch (the best by what they expose).
const REPAIR_KNOWN: usize = 32;

/// After the greedy choice: swaps that expose more live narrow rules, and
/// then rules by a second test.
///
/// The greedy choice weighs only the best few candidates of each step
/// exactly; the chosen tests are then known exactly, and some live rules
/// are left that no test exposes. Round after round, the candidates
/// expected to expose the most of those rules ([`NarrowPool::expected`]:
/// the rules that fire on them, by the odds the scan measured), and then
/// the most of the rules only one test exposes, are weighed exactly
/// (played against every rule that no test, one test or two tests
/// expose) and the best swap is made: the one that exposes the most rules
/// more than it loses, then the one that gives the most rules a second
/// test more than it leaves with one, keeping every catalogue mistake and
/// rule event covered. A rule that one test exposes in one game is often
/// missed by a narrow mistake that is not quite the rule; a second game
/// in another setting catches more of those. At most `evaluations`
/// candidates are weighed; the result depends on nothing but the pool.
pub fn repair(pool: &mut Pool, tests: &mut [usize], evaluations: usize) {
    let live = pool.narrow.live();
    let rates = pool.narrow.rates();
    let family_len = pool.narrow.family.len();
    let mut spent = 0;
    // The candidates ranked by what they are expected to expose of the
    // open rules and of the rules one test exposes. That changes only
    // with a swap (the tests, so the open and single rules) and for the
    // candidates just weighed (what they are known to expose): after a
    // round without a swap only those are ranked again.
    let mut ranked: Vec<(Reverse<usize>, usize, usize)> = Vec::new();
    let mut weighed: Option<Vec<usize>> = None;
    loop {
        let mut count = vec![0u16; family_len];
        for &t in tests.iter() {
            for &id in &pool.candidates[t].narrow {
                count[id as usize] += 1;
            }
        }
        let with =
            |n: u16| -> RuleBits { live.iter().filter(|&id| count[id as usize] == n).collect() };
        let (open, single) = (with(0), with(1));
        // What must be known exactly to weigh a swap: the rules that no
        // test, one test or two tests expose.
        let wanted: RuleBits = live.iter().filter(|&id| count[id as usize] <= 2).collect();
        let rank = |id: usize, c: &Candidate| {
            let expected = 4.0 * pool.narrow.expected(c, &open, &rates)
                + pool.narrow.expected(c, &single, &rates);
            (Reverse((expected * 1024.0) as usize), c.size(), id)
        };
        match weighed.take() {
            Some(again) => {
                ranked.retain(|(_, _, id)| !again.contains(id));
                ranked.extend(
                    again
                        .iter()
                        .map(|&id| rank(id, &pool.candidates[id]))
                        .filter(|(Reverse(n), _, _)| *n >= 256),
                );
            }
            None => {
                ranked = pool
                    .candidates
                    .par_iter()
                    .enumerate()
                    .filter(|(id, _)| !tests.contains(id))
                    .map(|(id, c)| rank(id, c))
                    .filter(|(Reverse(n), _, _)| *n >= 256)
                    .collect();
            }
        }
        ranked.par_sort_unstable();
        let unknown = |pool: &Pool, id: usize| {
            let c = &pool.candidates[id];
            c.fires.intersection(&wanted).any(|r| !c.known.contains(r))
        };
        let batch: Vec<usize> = if spent < evaluations {
            ranked
                .iter()
                .map(|&(_, _, id)| id)
                .filter(|&id| unknown(pool, id))
                .take(REPAIR_BATCH.min(evaluations - spent))
                .collect()
        } else {
            Vec::new()
        };
        spent += batch.len();
        weigh(pool, &batch, &wanted);
        let known: Vec<usize> = ranked
            .iter()
            .map(|&(_, _, id)| id)
            .filter(|id| !batch.contains(id) && !unknown(pool, *id))
            .take(REPAIR_KNOWN)
            .collect();
        let before = Covered::of(tests.iter().map(|&i| &pool.candidates[i]));
        // The best swap: its gain (rules newly exposed, rules given a
        // second test), the candidate and the place it takes: of the
        // swaps that keep what the tests cover, one of the highest gain,
        // the first in the order of the candidates, then of the places.
        // The gains are worked out in parallel (the swaps' loops are a
        // part of a suite's time spent on one core otherwise), then the
        // swaps are looked at from the highest gain down.
        let candidates: Vec<usize> = batch.iter().chain(&known).copied().collect();
        let (all, placed, count): (&[Candidate], &[usize], &[u16]) =
            (&pool.candidates, tests, &count);
        let mut gains: Vec<(Gain, usize, usize, usize)> = candidates
            .par_iter()
            .enumerate()
            .flat_map_iter(|(order, &new)| {
                let c = &all[new];
                placed.iter().enumerate().filter_map(move |(place, &old)| {
                    let was = &all[old];
                    if was.slot != c.slot {
                        return None;
                    }
                    let exposes = |r: u32| c.narrow.binary_search(&r).is_ok();
                    let had = |r: u32| was.narrow.binary_search(&r).is_ok();
                    let (mut cover, mut second) = (0isize, 0isize);
                    for &r in &c.narrow {
                        match count[r as usize] {
                            0 => cover += 1,
                            1 if !had(r) => second += 1,
                            _ => {}
                        }
                    }
                    for &r in &was.narrow {
                        match count[r as usize] {
                            1 if !exposes(r) => cover -= 1,
                            2 if !exposes(r) => second -= 1,
                            _ => {}
                        }
                    }
                    let net = (cover, second);
                    (net > (0, 0)).then_some((net, order, place, new))
                })
            })
            .collect();
        gains.sort_unstable_by_key(|&(net, order, place, _)| (Reverse(net), order, place));
        let best = gains.into_iter().find(|&(_, _, place, new)| {
            Covered::of(
                tests
                    .iter()
                    .enumerate()
                    .map(|(p, &i)| &pool.candidates[if p == place { new } else { i }]),
            )
            .keeps(&before)
        });
        match best {
            Some((_, _, place, new)) => {
                pool.complete(new);
                tests[place] = new;
            }
            None if batch.is_empty() => break,
            None => weighed = Some(batch),
        }
    }
    order(pool, tests);
}

/// The fewest `full` candidates an extra round draws.
pub const MIN_EXTRA_ROUND: u64 = 1000;

/// Draws the pools for `seed`, draws more `full` candidates while some
/// mistake is hard to expose (see the module docs), and chooses the suite.
/// The same seed and options give the same suite (unless a
/// [`SuiteOptions::time_limit`] is set and reached).
pub fn build(seed: u64, options: &SuiteOptions) -> Suite {
    let start = Instant::now();
    let in_time = || options.time_limit.is_none_or(|t| start.elapsed() < t);
    let family = options
        .family
        .clone()
        .unwrap_or_else(|| Arc::new(Family::narrow()));
    let mut pool = cost::step("draw", || {
        Pool::draw(seed, options.pool, family, options.scan)
    });
    let mut extra_rounds = 0;
    cost::step("extra rounds", || {
        while extra_rounds < options.max_extra_rounds
            && in_time()
            && hard_to_expose(&pool, options.min_exposing)
        {
            pool.extend(
                Slot::Full,
                (options.pool.of(Slot::Full) / 4).max(MIN_EXTRA_ROUND),
            );
            extra_rounds += 1;
        }
    });
    let mut aimed_rounds = 0;
    cost::step("aimed games", || {
        while pool.aimed < options.aimed_games && in_time() {
            let aims = aims(&pool, (options.aimed_games - pool.aimed).min(AIMED_ROUND));
            if aims.is_empty() {
                break;
            }
            pool.extend_aimed(&aims);
            aimed_rounds += 1;
        }
    });
    let mut tests = cost::step("greedy choice", || choose(&mut pool));
    cost::step("repair", || {
        repair(&mut pool, &mut tests, options.repair_evaluations)
    });
    let search = |pool: &mut Pool, tests: &mut Vec<usize>, salt: u64| {
        cost::step("anneal", || {
            anneal(pool, tests, &options.anneal, splitmix64(pool.seed, salt))
        });
        cost::step("completing", || pool.complete_all(tests));
    };
    cost::step("search", || search(&mut pool, &mut tests, 0));
    for round in 0..options.variant_rounds {
        if options.exposers_weighed > 0 {
            cost::step("exposers", || {
                weigh_exposers(&mut pool, &tests, options.exposers_weighed)
            });
        }
        cost::step("variants", || {
            let jobs = variant_jobs(
                &pool,
                &tests,
                options.variants_per_test,
                options.aimed_variants,
                options.endgame_variants,
            );
            pool.extend_variants_of(&jobs)
        });
        cost::step("variants' repair", || {
            repair(&mut pool, &mut tests, options.repair_evaluations / 4)
        });
        cost::step("variants' search", || {
            search(&mut pool, &mut tests, 1 + u64::from(round))
        });
        if cost::enabled() {
            let live = pool.narrow.live();
            let exposed: RuleBits = tests
                .iter()
                .flat_map(|&t| pool.candidates[t].narrow.iter().copied())
                .collect();
            eprintln!(
                "cost: after round {}: {} of {} live rules exposed",
                round + 1,
                exposed.intersection(&live).count(),
                live.len()
            );
        }
    }
    cost::report();
    order(&pool, &mut tests);
    Suite {
        pool,
        tests,
        extra_rounds,
        aimed_rounds,
        elapsed: start.elapsed(),
    }
}

/// The most games one round of aimed games draws.
pub const AIMED_ROUND: u64 = 250;

/// The games of the next round aimed at the narrow rules that fire but
/// that no candidate exposes, while they may still be tried on aimed
/// games: `count` games shared out evenly among the distinct aims, in the
/// order of their first rule.
fn aims(pool: &Pool, count: u64) -> Vec<(pigkill_generators::Profile, pigkill_generators::Steer)> {
    let narrow = &pool.narrow;
    let full = Subtask::Full.number();
    let mut distinct = Vec::new();
    let mut seen = HashMap::new();
    for id in narrow.unexposed() {
        if narrow.tried[id as usize][full] >= narrow.limits.aimed_tries {
            continue;
        }
        let aim = narrow.aim(id);
        seen.entry(aim).or_insert_with(|| {
            distinct.push(aim);
        });
    }
    if distinct.is_empty() {
        return Vec::new();
    }
    // Start where the last round stopped, so that every aim gets games
    // when there are more aims than games in a round.
    let start = pool.aimed as usize % distinct.len();
    distinct.rotate_left(start);
    let each = (count / distinct.len() as u64).max(1);
    distinct
        .iter()
        .flat_map(|&aim| std::iter::repeat_n(aim, each as usize))
        .take(count as usize)
        .collect()
}

/// Whether some catalogue mistake is exposed by fewer than `min` candidates.
fn hard_to_expose(pool: &Pool, min: usize) -> bool {
    let mut counts = vec![0usize; catalogue().len()];
    for c in &pool.candidates {
        for m in c.exposes.iter() {
            counts[m] += 1;
        }
    }
    counts.iter().any(|&n| n < min)
}

/// The variants a round draws ([`Pool::extend_variants_of`]): for each
/// test, `aimed` variants cut just after a decision where live rules no
/// test exposes fire on it without changing its output (the places where
/// most of them first fire; since session 14), `endgames` variants that
/// play its game up to the moment only two pigs are alive and then a game
/// that began with two pigs (when its game began with more and draws a
/// card after that moment; since session 16), and the rest of its `per`
/// variants as [`Pool::extend_variants`] draws them.
pub fn variant_jobs(
    pool: &Pool,
    tests: &[usize],
    per: u64,
    aimed: usize,
    endgames: usize,
) -> Vec<(usize, Aim)> {
    let live = pool.narrow.live();
    let exposed: RuleBits = tests
        .iter()
        .flat_map(|&t| pool.candidates[t].narrow.iter().copied())
        .collect();
    let open: RuleBits = live.iter().filter(|&r| !exposed.contains(r)).collect();
    let aims: Vec<Vec<Aim>> = tests
        .par_iter()
        .map(|&t| {
            let c = &pool.candidates[t];
            let mut aims = Vec::new();
            if aimed > 0 {
                let rules: Vec<u32> = c.fires.intersection(&open).collect();
                if !rules.is_empty() {
                    let cuts = firing_cuts(pool, c, &rules, aimed);
                    aims.extend(cuts.into_iter().map(Aim::Cut));
                }
            }
            if endgames > 0 {
                if let Some(at) = two_alive_cut(c) {
                    aims.extend(std::iter::repeat_n(Aim::Endgame(at), endgames));
                }
            }
            aims
        })
        .collect();
    let mut jobs = Vec::new();
    for (&t, aims) in tests.iter().zip(&aims) {
        let n = aims.len().min(per as usize);
        jobs.extend(aims.iter().take(n).map(|&aim| (t, aim)));
        jobs.extend((n as u64..per).map(|_| (t, Aim::Any)));
    }
    jobs
}

/// A game's decisions, and for each of its reference trace's events (and
/// one past the last) how many deck cards were drawn before it, so that
/// `drawn_before[d.event]` is the deck place of decision `d`.
fn decision_places(game: &Game) -> (Vec<Decision>, Vec<usize>) {
    let (_, log) = decisions(game, Budget::default());
    // The reference engine's trace: a decision of its log says how many
    // of its events came before it.
    let (_, events) = crate::diff::play_traced(crate::engines::pair()[1], game, Budget::default());
    let mut drawn_before = Vec::with_capacity(events.len() + 1);
    let mut drawn = 0usize;
    drawn_before.push(0);
    for e in &events {
        if matches!(e, Event::Draw { .. }) {
            drawn += 1;
        }
        drawn_before.push(drawn);
    }
    (log, drawn_before)
}

/// The deck place of the first decision of `c`'s game taken while only
/// two pigs are alive, when its game began with more and draws a card
/// after it.
pub fn two_alive_cut(c: &Candidate) -> Option<usize> {
    if c.case.game.pig_count() <= 2 {
        return None;
    }
    let (log, drawn_before) = decision_places(&c.case.game);
    let d = log.iter().find(|d| d.context.has(Feature::TwoAlive))?;
    let cut = drawn_before[d.event.min(drawn_before.len() - 1)];
    (cut < c.case.drawn).then_some(cut)
}

/// The deck places (cards drawn so far) of the decisions of `c`'s game
/// where most of `rules` first change the decision, at most `most` of
/// them, the busiest first; only places the game draws a card after.
fn firing_cuts(pool: &Pool, c: &Candidate, rules: &[u32], most: usize) -> Vec<usize> {
    let (log, drawn_before) = decision_places(&c.case.game);
    let mut at: HashMap<usize, usize> = HashMap::new();
    for &id in rules {
        let rule = pool.narrow.family.rule(id);
        if let Some(d) = log.iter().find(|d| rule.changes(d)) {
            let cut = drawn_before[d.event.min(drawn_before.len() - 1)];
            if cut < c.case.drawn {
                *at.entry(cut).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<(Reverse<usize>, usize)> =
        at.into_iter().map(|(cut, n)| (Reverse(n), cut)).collect();
    ranked.sort_unstable();
    ranked.into_iter().take(most).map(|(_, cut)| cut).collect()
}
