//! Why a suite misses live narrow rules: for one seed, the live rules no
//! test exposes, how many candidates are known to expose each, of which
//! slot kind, and whether one of them could be swapped in for a net gain;
//! the live and missed rules by how many literals their context has; and
//! how big the known exposers of the missed rules are beside the tests;
//! the best single swaps over every candidate (whether they keep the
//! catalogue and the events); and how many rules fire on games by how
//! many turns they last, beside each test's turns and rules.
//!
//! ```sh
//! cargo run --release --example suite_misses -- SEED
//! ```

use std::collections::BTreeMap;

use pigkill::suite::{build, SuiteOptions};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let suite = build(seed, &SuiteOptions::default());
    let pool = &suite.pool;
    let live = pool.narrow.live();
    let exposed = suite.narrow_exposed();
    let missed: Vec<u32> = live.iter().filter(|&r| !exposed.contains(r)).collect();
    println!(
        "seed {seed}: {} candidates, {} live, {} missed, {:.1} s",
        pool.candidates.len(),
        live.len(),
        missed.len(),
        suite.elapsed.as_secs_f64()
    );
    let mut count = vec![0u16; pool.narrow.family.len()];
    for &t in &suite.tests {
        for &r in &pool.candidates[t].narrow {
            count[r as usize] += 1;
        }
    }
    // What swapping candidate `c` in for test `was` nets: the live rules no
    // test exposes that it exposes, less those only `was` exposes that it
    // does not.
    let net_gain = |c: &pigkill::suite::Candidate, was: &pigkill::suite::Candidate| {
        let gained = c
            .narrow
            .iter()
            .filter(|&&x| live.contains(x) && count[x as usize] == 0)
            .count();
        let lost = was
            .narrow
            .iter()
            .filter(|&&x| count[x as usize] == 1 && c.narrow.binary_search(&x).is_err())
            .count();
        gained as isize - lost as isize
    };
    let mut by_exposers: BTreeMap<usize, usize> = BTreeMap::new();
    let mut by_slot: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut gain_hist: BTreeMap<isize, usize> = BTreeMap::new();
    let mut fired_hist: BTreeMap<u32, usize> = BTreeMap::new();
    // Live and missed rules by the number of literals of their context.
    let mut literals: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    for r in live.iter() {
        let n = pool.narrow.family.rule(r).when.mask.count_ones();
        literals.entry(n).or_default().0 += 1;
    }
    // The pigs of the known exposers of each missed rule (the median), and
    // how many of them are variants of tests.
    let mut exposer_pigs: BTreeMap<usize, usize> = BTreeMap::new();
    let mut exposer_strength: BTreeMap<usize, usize> = BTreeMap::new();
    for &r in &missed {
        let exposers: Vec<usize> = (0..pool.candidates.len())
            .filter(|&i| pool.candidates[i].narrow.binary_search(&r).is_ok())
            .collect();
        *by_exposers.entry(exposers.len().min(10)).or_default() += 1;
        let n = pool.narrow.family.rule(r).when.mask.count_ones();
        literals.entry(n).or_default().1 += 1;
        if !exposers.is_empty() {
            let mut pigs: Vec<usize> = exposers
                .iter()
                .map(|&i| pool.candidates[i].case.game.pig_count())
                .collect();
            pigs.sort_unstable();
            *exposer_pigs.entry(pigs[pigs.len() / 2]).or_default() += 1;
            // The strongest known exposer, in rules known exposed, by
            // thousands.
            let best = exposers
                .iter()
                .map(|&i| pool.candidates[i].narrow.len())
                .max()
                .unwrap_or(0);
            *exposer_strength.entry(best / 1000).or_default() += 1;
        }
        let f = pool.narrow.fired[r as usize];
        *fired_hist
            .entry(if f < 10 {
                f
            } else if f < 100 {
                f / 10 * 10
            } else {
                100
            })
            .or_default() += 1;
        let mut slots: Vec<&str> = exposers
            .iter()
            .map(|&i| {
                let c = &pool.candidates[i];
                if c.aimed {
                    "aimed"
                } else if c.splice.is_some() {
                    "variant"
                } else {
                    c.slot.name()
                }
            })
            .collect();
        slots.sort_unstable();
        slots.dedup();
        *by_slot.entry(slots.join("+")).or_default() += 1;
        *by_kind
            .entry(format!("{:?}", pool.narrow.family.rule(r).kind))
            .or_default() += 1;
        // The best net gain of swapping one exposer in for a test of its slot.
        let mut best = isize::MIN;
        for &e in &exposers {
            let c = &pool.candidates[e];
            for &t in &suite.tests {
                let was = &pool.candidates[t];
                if was.slot != c.slot {
                    continue;
                }
                let net = net_gain(c, was);
                best = best.max(net);
            }
        }
        *gain_hist.entry(best.clamp(-50, 50) / 5 * 5).or_default() += 1;
    }
    println!("missed by known exposers (10 = 10+): {by_exposers:?}");
    println!("missed by exposers' slots: {by_slot:?}");
    println!("missed by kind: {by_kind:?}");
    println!("missed by candidates fired on (bucketed): {fired_hist:?}");
    println!("context literals: (live, missed): {literals:?}");
    println!("missed by the median pigs of their known exposers: {exposer_pigs:?}");
    println!(
        "missed by their strongest known exposer's known rules (thousands): {exposer_strength:?}"
    );
    let mut test_pigs: Vec<usize> = suite
        .tests
        .iter()
        .map(|&t| pool.candidates[t].case.game.pig_count())
        .collect();
    test_pigs.sort_unstable();
    println!("the tests' pigs: {test_pigs:?}");
    println!("missed by best single-swap net gain (bucketed by 5, ignoring catalogue/events): {gain_hist:?}");
    let single: usize = count.iter().filter(|&&n| n == 1).count();
    println!("rules exposed by one test only: {single}");
    let mut per_test: Vec<(String, usize, usize)> = suite
        .tests
        .iter()
        .map(|&t| {
            let c = &pool.candidates[t];
            let only = c.narrow.iter().filter(|&&r| count[r as usize] == 1).count();
            (c.slot.name().to_string(), c.narrow.len(), only)
        })
        .collect();
    per_test.sort();
    println!("tests (slot, rules, only-here): {per_test:?}");
    // The best single swaps over every candidate (net new rules), whether
    // they keep the catalogue and events, and the candidate's rank in its
    // slot by known rules (the search takes the best 600).
    let mut rank = vec![0usize; pool.candidates.len()];
    for slot in pigkill::suite::Slot::ALL {
        let mut of: Vec<(usize, usize)> = (0..pool.candidates.len())
            .filter(|&i| pool.candidates[i].slot == slot && !suite.tests.contains(&i))
            .map(|i| (pool.candidates[i].narrow.len(), i))
            .collect();
        of.sort_unstable_by(|a, b| b.cmp(a));
        for (k, &(_, i)) in of.iter().enumerate() {
            rank[i] = k;
        }
    }
    let mut swaps: Vec<(isize, usize, usize, bool, bool)> = Vec::new();
    for (i, c) in pool.candidates.iter().enumerate() {
        if suite.tests.contains(&i) {
            continue;
        }
        for (place, &t) in suite.tests.iter().enumerate() {
            let was = &pool.candidates[t];
            if was.slot != c.slot {
                continue;
            }
            let net = net_gain(c, was);
            if net <= 0 {
                continue;
            }
            let mut cat = pigkill::suite::MutantSet::new();
            let mut ev = Vec::new();
            for (p, &u) in suite.tests.iter().enumerate() {
                let d = if p == place { c } else { &pool.candidates[u] };
                cat.union_with(&d.exposes);
                ev.extend(d.case.events.iter());
            }
            let all_cat = suite.exposed().is_subset(&cat);
            let all_ev = suite.events().iter().all(|e| ev.contains(&e));
            swaps.push((net, i, place, all_cat, all_ev));
        }
    }
    swaps.sort_unstable_by(|a, b| b.cmp(a));
    for &(net, i, place, cat, ev) in swaps.iter().take(12) {
        let c = &pool.candidates[i];
        println!(
            "swap +{net}: candidate {i} ({}{}, {} known, rank {}, weighed {}) for test {place}; catalogue kept {cat}, events kept {ev}",
            c.slot.name(),
            if c.splice.is_some() { " variant" } else { "" },
            c.narrow.len(),
            rank[i],
            c.known.len()
        );
    }
    // How much a game fires and exposes by how long it lasts.
    let mut by_turns: BTreeMap<(String, u32), (usize, usize, usize)> = BTreeMap::new();
    for c in &pool.candidates {
        let bucket = 32 - c.turns.max(1).leading_zeros();
        let kind = if c.splice.is_some() {
            "variant"
        } else {
            c.slot.name()
        };
        let e = by_turns.entry((kind.to_string(), bucket)).or_default();
        e.0 += 1;
        e.1 += c.fires.len();
        e.2 += c.case.game.pig_count();
    }
    for ((kind, bucket), (n, fires, pigs)) in &by_turns {
        println!(
            "turns < 2^{bucket:2} {kind:10}: {n:5} candidates, {:6.0} rules fire, {:.1} pigs",
            *fires as f64 / *n as f64,
            *pigs as f64 / *n as f64
        );
    }
    for &t in &suite.tests {
        let c = &pool.candidates[t];
        println!(
            "test {} {}: {} pigs, {} deck, {} turns, {} fire, {} exposed",
            c.slot.name(),
            c.case.profile.name(),
            c.case.game.pig_count(),
            c.case.game.deck().len(),
            c.turns,
            c.fires.len(),
            c.narrow.len()
        );
    }
}
