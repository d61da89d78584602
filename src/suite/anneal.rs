//! A local search over the chosen tests, after the greedy choice and the
//! swaps of [`super::select::repair`]: simulated annealing on what the
//! candidates are known to expose.
//!
//! The greedy choice and the one-for-one swaps stop where no single swap
//! exposes more live narrow rules than it loses; the rules left are often
//! exposed by many candidates, each of which would take a test that is
//! the only one to expose a few dozen others. Annealing walks through
//! swaps that lose a little, so that a few swaps together can win what
//! no single one does.
//!
//! The search works on the candidates best known (the chosen tests, and
//! per slot kind the candidates known to expose the most live rules: the
//! ones weighed exactly), with what they are known to expose; a swap never
//! leaves a catalogue mistake or a rule event without a test. It scores
//! a set of tests by the live rules it exposes, each weighed by its
//! rarity, plus a smaller part for each rule exposed by a second test (see
//! [`Weights`]). Moves are either aimed (a rule no test exposes, one of
//! its exposers, at its best place) or at random; the random numbers come
//! from the suite's seed, so the result depends on the pool alone.
//!
//! Several chains run at once (rayon, [`AnnealOptions::chains`]), each
//! from the same tests with its own random numbers; the best wins, and
//! ties go to the lower chain, so the thread count changes nothing. Two
//! chains use the machine's second core, which the search alone left
//! idle (seed 1: 9,313 of 9,599 live rules exposed with one chain, 9,350
//! with two).

use pigkill_generators::splitmix64;
use rayon::prelude::*;

use super::exposure::catalogue;
use super::narrow::RuleBits;
use super::pool::{Pool, Slot};
use crate::coverage::RuleEvent;

/// What the search scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// How much a rule exposed by a second test counts, against 1 for the
    /// first.
    pub second: f64,
    /// How much a rule's rarity adds: a rule known to be exposed by `n`
    /// of the searched candidates weighs `1 + rarity / n`. Off by default:
    /// measured on seed 1 (two chains), rarity 1 exposes 9,302 of 9,599
    /// live rules against 9,350 with 0.
    pub rarity: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            second: 0.02,
            rarity: 0.0,
        }
    }
}

/// How hard the search works.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnnealOptions {
    /// How many swaps it tries.
    pub moves: u64,
    /// Per slot kind, how many candidates (besides the tests) it may swap
    /// in: those known to expose the most live rules.
    pub per_slot: usize,
    /// What it scores.
    pub weights: Weights,
    /// How many chains of the search run (in parallel), each with its own
    /// random numbers; the best result wins.
    pub chains: u64,
    /// The temperature at the start and at the end (the odds of taking a
    /// swap that loses `d` are `exp(-d / temperature)`).
    pub temperature: (f64, f64),
}

impl Default for AnnealOptions {
    fn default() -> AnnealOptions {
        AnnealOptions {
            moves: 200_000,
            per_slot: 600,
            weights: Weights::default(),
            chains: 2,
            temperature: (2.0, 0.05),
        }
    }
}

/// The search's state: which tests expose each rule, mistake and event.
struct Cover {
    /// For each rule of the family, a bit per test position.
    rules: Vec<u32>,
    /// For each catalogue mistake, how many tests expose it.
    mistakes: Vec<u16>,
    /// For each rule event, how many tests cover it.
    events: Vec<u16>,
    /// The rules that at most two tests expose: the only rules a
    /// swap's gain depends on (see [`run_chain`]).
    few: RuleBits,
    /// The rules that no test exposes.
    open: RuleBits,
    /// For each test position, what the score loses when it goes.
    loss: Vec<f64>,
    /// The weight of the rules some test exposes.
    first: f64,
    /// The score: `first`, and `second` times the weight of the rules
    /// two tests or more expose.
    score: f64,
}

impl Cover {
    /// Sets the tests exposing rule `r` (of weight `w`) to `mask`, keeping
    /// `loss` up to date.
    fn set(&mut self, r: usize, mask: u32, w: f64, second: f64) {
        for (m, sign) in [(self.rules[r], -1.0), (mask, 1.0)] {
            match m.count_ones() {
                0 => {}
                1 => {
                    self.first += sign * w;
                    self.score += sign * w;
                }
                _ => {
                    self.first += sign * w;
                    self.score += sign * w * (1.0 + second);
                }
            }
            let share = match m.count_ones() {
                1 => w,
                2 => w * second,
                _ => continue,
            };
            let mut bits = m;
            while bits != 0 {
                let p = bits.trailing_zeros() as usize;
                self.loss[p] += sign * share;
                bits &= bits - 1;
            }
        }
        self.rules[r] = mask;
        self.open.set(r as u32, mask == 0);
        self.few.set(r as u32, mask.count_ones() <= 2);
    }

    /// Puts searched candidate `k` at test position `p`.
    fn add(&mut self, p: usize, k: usize, of: &Exposures<'_>) {
        for &r in &of.rules[k] {
            let mask = self.rules[r as usize] | 1 << p;
            self.set(r as usize, mask, of.weight[r as usize], of.second);
        }
        for &m in &of.mistakes[k] {
            self.mistakes[m] += 1;
        }
        for &e in &of.events[k] {
            self.events[e] += 1;
        }
    }

    /// Takes searched candidate `k` away from test position `p`.
    fn remove(&mut self, p: usize, k: usize, of: &Exposures<'_>) {
        for &r in &of.rules[k] {
            let mask = self.rules[r as usize] & !(1 << p);
            self.set(r as usize, mask, of.weight[r as usize], of.second);
        }
        for &m in &of.mistakes[k] {
            self.mistakes[m] -= 1;
        }
        for &e in &of.events[k] {
            self.events[e] -= 1;
        }
    }
}

/// What each searched candidate exposes, and how much each rule weighs.
struct Exposures<'a> {
    rules: &'a [Vec<u32>],
    /// The same rules, as sets.
    bits: &'a [RuleBits],
    mistakes: &'a [Vec<usize>],
    events: &'a [Vec<usize>],
    weight: &'a [f64],
    second: f64,
}

/// Runs the search on `tests` (see the module docs), and puts the best
/// set of tests it found in their place (never one worse than `tests`:
/// the best exposes at least the weight of live rules they do,
/// then scores the most). `salt` picks the random numbers. Suites of more than 32 tests
/// are left as they are.
pub fn anneal(pool: &Pool, tests: &mut [usize], options: &AnnealOptions, salt: u64) {
    let n_tests = tests.len();
    if n_tests == 0 || n_tests > 32 || options.moves == 0 {
        return;
    }
    let family_len = pool.narrow.family.len();
    let live = pool.narrow.live();
    let is_live: Vec<bool> = {
        let mut v = vec![false; family_len];
        for r in live.iter() {
            v[r as usize] = true;
        }
        v
    };
    // The candidates searched: the tests, and per slot kind the best known.
    let mut searched: Vec<usize> = tests.to_vec();
    for slot in Slot::ALL {
        let mut of_slot: Vec<(usize, usize)> = pool
            .candidates
            .iter()
            .enumerate()
            .filter(|(id, c)| c.slot == slot && !tests.contains(id) && !c.narrow.is_empty())
            .map(|(id, c)| (c.narrow.len(), id))
            .collect();
        of_slot.sort_unstable_by(|a, b| b.cmp(a));
        searched.extend(of_slot.iter().take(options.per_slot).map(|&(_, id)| id));
    }
    // Each searched candidate's live rules.
    let rules_of: Vec<Vec<u32>> = searched
        .iter()
        .map(|&id| {
            pool.candidates[id]
                .narrow
                .iter()
                .copied()
                .filter(|&r| is_live[r as usize])
                .collect()
        })
        .collect();
    let bits_of: Vec<RuleBits> = rules_of
        .iter()
        .map(|rules| {
            let mut bits = RuleBits::new(family_len);
            rules.iter().for_each(|&r| bits.insert(r));
            bits
        })
        .collect();
    let mut exposers: Vec<Vec<u32>> = vec![Vec::new(); family_len];
    for (k, rules) in rules_of.iter().enumerate() {
        for &r in rules {
            exposers[r as usize].push(k as u32);
        }
    }
    let weight: Vec<f64> = exposers
        .iter()
        .map(|e| {
            if e.is_empty() {
                1.0
            } else {
                1.0 + options.weights.rarity / e.len() as f64
            }
        })
        .collect();
    let second = options.weights.second;
    let slot_of: Vec<Slot> = searched
        .iter()
        .map(|&id| pool.candidates[id].slot)
        .collect();
    let mistakes_of: Vec<Vec<usize>> = searched
        .iter()
        .map(|&id| pool.candidates[id].exposes.iter().collect())
        .collect();
    let events_of: Vec<Vec<usize>> = searched
        .iter()
        .map(|&id| {
            pool.candidates[id]
                .case
                .events
                .iter()
                .map(|e| e as usize)
                .collect()
        })
        .collect();

    let of = Exposures {
        rules: &rules_of,
        bits: &bits_of,
        mistakes: &mistakes_of,
        events: &events_of,
        weight: &weight,
        second,
    };
    let space = Space {
        of: &of,
        slot_of: &slot_of,
        exposers: &exposers,
        is_live: &is_live,
        family_len,
        n_tests,
    };
    // The chains run in parallel, each from the same tests with its own
    // random numbers (chain 0 with `salt` itself); the best result wins,
    // by the live rules its tests expose, then those two tests expose,
    // then the chain's number, so the thread count changes nothing.
    let chains = options.chains.max(1);
    let results: Vec<Vec<usize>> = (0..chains)
        .into_par_iter()
        .map(|c| {
            let salt = if c == 0 {
                salt
            } else {
                splitmix64(salt ^ 0x4348_4149_4e00, c)
            };
            run_chain(&space, options, salt)
        })
        .collect();
    let best = results
        .iter()
        .enumerate()
        .max_by_key(|(c, found)| {
            let (once, twice) = exposed_counts(found, &rules_of, family_len);
            (once, twice, std::cmp::Reverse(*c))
        })
        .map(|(_, found)| found)
        .expect("at least one chain");
    for (t, &k) in tests.iter_mut().zip(best) {
        *t = searched[k];
    }
}

/// How many rules the searched candidates `found` expose together, and
/// how many of them two or more expose.
fn exposed_counts(found: &[usize], rules_of: &[Vec<u32>], family_len: usize) -> (usize, usize) {
    let mut count = vec![0u8; family_len];
    for &k in found {
        for &r in &rules_of[k] {
            count[r as usize] = count[r as usize].saturating_add(1);
        }
    }
    (
        count.iter().filter(|&&n| n >= 1).count(),
        count.iter().filter(|&&n| n >= 2).count(),
    )
}

/// What a chain of the search works on: the searched candidates and what
/// they expose.
struct Space<'a> {
    of: &'a Exposures<'a>,
    slot_of: &'a [Slot],
    exposers: &'a [Vec<u32>],
    is_live: &'a [bool],
    family_len: usize,
    n_tests: usize,
}

/// One chain of the search from the tests (searched candidates 0 to
/// `n_tests - 1`): the best tests it found, as positions into the
/// searched candidates.
fn run_chain(space: &Space<'_>, options: &AnnealOptions, salt: u64) -> Vec<usize> {
    let Space {
        of,
        slot_of,
        exposers,
        is_live,
        family_len,
        n_tests,
    } = *space;
    let (rules_of, weight, second) = (of.rules, of.weight, of.second);
    let searched_len = rules_of.len();
    // The rules an aimed move may aim at: live, with an exposer searched.
    let mut aimable = RuleBits::new(family_len);
    for r in (0..family_len).filter(|&r| is_live[r] && !exposers[r].is_empty()) {
        aimable.insert(r as u32);
    }
    let aimable = &aimable;
    // The current tests, as positions into `searched`.
    let mut current: Vec<usize> = (0..n_tests).collect();
    let mut cover = Cover {
        rules: vec![0; family_len],
        mistakes: vec![0; catalogue().len()],
        events: vec![0; RuleEvent::ALL.len()],
        few: RuleBits::full(family_len),
        open: RuleBits::full(family_len),
        loss: vec![0.0; n_tests],
        first: 0.0,
        score: 0.0,
    };
    for (p, &k) in current.iter().enumerate() {
        cover.add(p, k, of);
    }
    // The best tests so far: by the rules they expose, then by the score.
    let better = |cover: &Cover, best: (f64, f64)| {
        const EPSILON: f64 = 1e-6;
        cover.first > best.0 + EPSILON
            || (cover.first > best.0 - EPSILON && cover.score > best.1 + EPSILON)
    };
    let mut best = ((cover.first, cover.score), current.clone());
    let (t0, t1) = options.temperature;
    let mut delta = vec![0.0f64; n_tests];
    for step in 0..options.moves {
        let r1 = splitmix64(salt, 3 * step);
        let r2 = splitmix64(salt, 3 * step + 1);
        // The candidate to swap in: an exposer of a rule no test exposes
        // (aimed), or any searched candidate.
        let k = if r1 & 1 == 0 {
            let rule = (r1 >> 1) as usize % family_len;
            // The first open rule with exposers from a random place on.
            let open = cover.open.first_in_both_from(aimable, rule as u32);
            match open.map(|r| r as usize) {
                Some(r) => exposers[r][(r2 % exposers[r].len() as u64) as usize] as usize,
                None => (r2 % searched_len as u64) as usize,
            }
        } else {
            (r2 % searched_len as u64) as usize
        };
        if current.contains(&k) {
            continue;
        }
        // The gain of putting `k` in place of each test.
        for (d, &l) in delta.iter_mut().zip(&cover.loss) {
            *d = -l;
        }
        // Only the rules at most two tests expose change the gain (a
        // rule three tests expose stays exposed twice whatever goes), so
        // only those of `k` are walked, in family order as before.
        let few_of_k = of.bits[k].intersection(&cover.few).map(|r| r as usize);
        // What every place gains alike is summed apart, once.
        let mut alike = 0.0;
        for r in few_of_k {
            let m = cover.rules[r];
            let w = weight[r];
            match m.count_ones() {
                0 => alike += w,
                1 => {
                    // A second test anywhere, the only test at its place.
                    alike += w * second;
                    delta[m.trailing_zeros() as usize] += w - w * second;
                }
                2 => {
                    let mut bits = m;
                    while bits != 0 {
                        delta[bits.trailing_zeros() as usize] += w * second;
                        bits &= bits - 1;
                    }
                }
                _ => {}
            }
        }
        for d in delta.iter_mut() {
            *d += alike;
        }
        let place = (0..n_tests)
            .filter(|&p| slot_of[current[p]] == slot_of[k])
            .filter(|&p| keeps(&cover, current[p], k, of))
            .max_by(|&a, &b| delta[a].total_cmp(&delta[b]).then(b.cmp(&a)));
        let Some(p) = place else {
            continue;
        };
        let d = delta[p];
        let temperature = t0 * (t1 / t0).powf(step as f64 / options.moves as f64);
        let odds = (splitmix64(salt, 3 * step + 2) >> 11) as f64 / (1u64 << 53) as f64;
        if d >= 0.0 || odds < (d / temperature).exp() {
            let old = current[p];
            cover.remove(p, old, of);
            cover.add(p, k, of);
            current[p] = k;
            if better(&cover, best.0) {
                best = ((cover.first, cover.score), current.clone());
            }
        }
    }
    best.1
}

/// Whether the test that is searched candidate `old` may give way to `new`:
/// every catalogue mistake and rule event it alone covers, `new` covers.
fn keeps(cover: &Cover, old: usize, new: usize, of: &Exposures<'_>) -> bool {
    of.mistakes[old]
        .iter()
        .all(|&m| cover.mistakes[m] > 1 || of.mistakes[new].contains(&m))
        && of.events[old]
            .iter()
            .all(|&e| cover.events[e] > 1 || of.events[new].contains(&e))
}
