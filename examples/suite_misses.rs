//! Why a suite misses live narrow rules: for one seed, the live rules no
//! test exposes, how many candidates are known to expose each, of which
//! slot kind, and whether one of them could be swapped in for a net gain;
//! the live and missed rules by how many literals their context has; and
//! how big the known exposers of the missed rules are beside the tests;
//! the best single swaps over every candidate (whether they keep the
//! catalogue and the events); and how many rules fire on games by how
//! many turns they last, beside each test's turns and rules; then, for
//! each missed rule, the tests it fires on, the scan's odds of exposing
//! it, its known exposers and how many of them were weighed, and the best
//! swap of one (a table, to the file `PIGKILL_MISSES_TSV` names), the
//! missed rules by kind and alternative and by literal, the games the
//! rules that fire on no test fire on, and, over every live rule that
//! fires on a test, whether the test exposes it by how many decisions it
//! changes and how far into the game (and whether the deviated output is
//! the right one byte for byte); and what the best two-pig games would
//! net as tests once completed.
//!
//! ```sh
//! cargo run --release --example suite_misses -- SEED
//! ```

use std::collections::BTreeMap;

use std::cmp::Reverse;

use clap::Parser;

use pigkill::suite::narrow::RuleBits;
use pigkill::suite::{build, Candidate, SuiteOptions};

/// The seed whose suite is looked at.
#[derive(Parser)]
#[command(about = "Why one seed's suite misses the live narrow rules it misses")]
struct Args {
    /// The suite's seed.
    #[arg(default_value_t = 1)]
    seed: u64,
}

fn main() {
    let Args { seed } = Args::parse();
    let mut suite = build(seed, &SuiteOptions::default());
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
    let net_gain = |c: &Candidate, was: &Candidate| {
        let (gained, lost) = swap_gain(c, was, &live, &count);
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
    why_missed(&suite, &live, &missed, &count);
    two_pig_swaps(&mut suite, &live, &count);
}

/// Why each missed live rule is missed, as a table (written to
/// `misses-SEED.tsv` when `PIGKILL_MISSES_TSV` names a file) and by
/// clusters: how many candidates it fires on, how many the scan played it
/// on and how many of those exposed it; how many tests it fires on; its
/// known exposers, how many of them were weighed against every live rule
/// that fires on them,
/// and what swapping the best of them in would cost; then, over every
/// live rule that fires on a test, whether the test exposes it by how many
/// decisions of the test's game it changes and how far into the game the
/// first one is, and whether the deviated run's output is the right one
/// byte for byte (the deviation healed) or another the judge accepts.
fn why_missed(suite: &pigkill::suite::Suite, live: &RuleBits, missed: &[u32], count: &[u16]) {
    use pigkill_engine::Budget;
    use pigkill_reference::decision::{decisions, deviated_output, Deviation};
    use rayon::prelude::*;
    let pool = &suite.pool;
    let family = &pool.narrow.family;
    // Whether a candidate was weighed against every live rule that fires on it.
    let weighed: Vec<bool> = pool
        .candidates
        .par_iter()
        .map(|c| c.fires.intersection(live).all(|r| c.known.contains(r)))
        .collect();
    let mut rows = Vec::new();
    let mut by_cluster: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in live.iter() {
        let rule = family.rule(r);
        let key = format!(
            "{} {}",
            rule.kind.id(),
            rule.kind.alternatives()[rule.choose.0 as usize]
        );
        by_cluster.entry(key).or_default().0 += 1;
    }
    let mut by_literal: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in live.iter() {
        for (f, v) in family.rule(r).when.literals() {
            by_literal
                .entry(format!("{}{}", if v { "" } else { "!" }, f.id()))
                .or_default()
                .0 += 1;
        }
    }
    let mut weighed_hist: BTreeMap<&str, usize> = BTreeMap::new();
    let mut tests_firing_hist: BTreeMap<usize, usize> = BTreeMap::new();
    let mut rate_hist: BTreeMap<u32, usize> = BTreeMap::new();
    for &r in missed {
        let rule = family.rule(r);
        let alt = rule.kind.alternatives()[rule.choose.0 as usize];
        let key = format!("{} {}", rule.kind.id(), alt);
        by_cluster.entry(key).or_default().1 += 1;
        let lits: Vec<String> = rule
            .when
            .literals()
            .map(|(f, v)| format!("{}{}", if v { "" } else { "!" }, f.id()))
            .collect();
        for l in &lits {
            by_literal.entry(l.clone()).or_default().1 += 1;
        }
        let exposers: Vec<usize> = (0..pool.candidates.len())
            .filter(|&i| pool.candidates[i].narrow.binary_search(&r).is_ok())
            .collect();
        let n_weighed = exposers.iter().filter(|&&i| weighed[i]).count();
        *weighed_hist
            .entry(if exposers.is_empty() {
                "no exposer"
            } else if n_weighed == 0 {
                "none weighed"
            } else if n_weighed == exposers.len() {
                "all weighed"
            } else {
                "some weighed"
            })
            .or_default() += 1;
        let tests_firing = suite
            .tests
            .iter()
            .filter(|&&t| pool.candidates[t].fires.contains(r))
            .count();
        *tests_firing_hist.entry(tests_firing.min(10)).or_default() += 1;
        let tried: u32 = pool.narrow.tried[r as usize]
            .iter()
            .map(|&n| u32::from(n))
            .sum();
        let exposing: u32 = pool.narrow.exposing[r as usize]
            .iter()
            .map(|&n| u32::from(n))
            .sum();
        let rate = pool.narrow.rate(r);
        *rate_hist.entry((rate * 10.0) as u32).or_default() += 1;
        // The best swap of a weighed exposer: rules gained, rules lost.
        let mut best: Option<(isize, usize, usize)> = None;
        for &e in exposers.iter().filter(|&&i| weighed[i]) {
            let c = &pool.candidates[e];
            for &t in &suite.tests {
                let was = &pool.candidates[t];
                if was.slot != c.slot {
                    continue;
                }
                let (gained, lost) = swap_gain(c, was, live, count);
                let net = gained as isize - lost as isize;
                if best.is_none_or(|b| b.0 < net) {
                    best = Some((net, gained, lost));
                }
            }
        }
        rows.push(format!(
            "{r}\t{}\t{alt}\t{}\t{}\t{tried}\t{exposing}\t{rate:.2}\t{tests_firing}\t{}\t{n_weighed}\t{}",
            rule.kind.id(),
            lits.join("&"),
            pool.narrow.fired[r as usize],
            exposers.len(),
            best.map_or("-".to_string(), |(n, g, l)| format!("{n} (+{g} -{l})"))
        ));
    }
    // The games the missed rules that fire on no test fire on: their
    // slots, pigs and turns, beside the tests'.
    let mut rare_slot: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rare_pigs: BTreeMap<usize, usize> = BTreeMap::new();
    let mut rare_turns: BTreeMap<u32, usize> = BTreeMap::new();
    for &r in missed {
        if suite
            .tests
            .iter()
            .any(|&t| pool.candidates[t].fires.contains(r))
        {
            continue;
        }
        for c in pool.candidates.iter().filter(|c| c.fires.contains(r)) {
            *rare_slot.entry(c.slot.name()).or_default() += 1;
            *rare_pigs.entry(c.case.game.pig_count()).or_default() += 1;
            *rare_turns
                .entry(32 - c.turns.max(1).leading_zeros())
                .or_default() += 1;
        }
    }
    println!("(missed rule, game it fires on) for the missed rules firing on no test: by slot {rare_slot:?}");
    let mut pigs_all: BTreeMap<usize, usize> = BTreeMap::new();
    for c in &pool.candidates {
        *pigs_all.entry(c.case.game.pig_count()).or_default() += 1;
    }
    println!("  by pigs {rare_pigs:?} (candidates by pigs: {pigs_all:?})");
    println!("  by turns (< 2^k) {rare_turns:?}");
    if let Ok(path) = std::env::var("PIGKILL_MISSES_TSV") {
        let mut text = "rule\tkind\talternative\tcontext\tfires on\ttried\texposing\trate\ttests firing\texposers\tweighed\tbest weighed swap net (+gained -lost)\n".to_string();
        for row in &rows {
            text.push_str(row);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("the table is written");
        println!("table of {} missed rules written to {path}", rows.len());
    }
    println!("missed by whether their known exposers were weighed: {weighed_hist:?}");
    println!("missed by the tests they fire on (10 = 10+): {tests_firing_hist:?}");
    println!("missed by the scan's rate (tenths): {rate_hist:?}");
    print_top("kind and alternative", by_cluster);
    print_top("literal", by_literal);
    // Over every live rule that fires on a test: exposed there or not, by
    // the decisions it changes in the test's game and where the first is.
    let per_test: Vec<Vec<(bool, usize, u32, u8)>> = suite
        .tests
        .par_iter()
        .map(|&t| {
            let c = &pool.candidates[t];
            let (_, log) = decisions(&c.case.game, Budget::default());
            let turns = log.last().map_or(1, |d| d.turn).max(1);
            let answer = c.case.outcome.to_judge_text();
            c.fires
                .intersection(live)
                .map(|r| {
                    let rule = family.rule(r);
                    let changed: Vec<&pigkill_reference::decision::Decision> =
                        log.iter().filter(|d| rule.changes(d)).collect();
                    let first = changed.first().map_or(0, |d| d.turn * 10 / turns);
                    let exposed = c.narrow.binary_search(&r).is_ok();
                    // 0 exposed; 1 the same text (healed); 2 another text
                    // the judge accepts.
                    let how = if exposed {
                        0
                    } else {
                        match deviated_output(
                            &c.case.game,
                            pigkill::suite::narrow::deviated_budget(c.turns),
                            &[Deviation::Rule(rule)],
                        ) {
                            Ok(text) if text == answer => 1,
                            _ => 2,
                        }
                    };
                    (exposed, changed.len(), first, how)
                })
                .collect()
        })
        .collect();
    let mut by_changes: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    let mut by_first: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    let mut how: [usize; 3] = [0; 3];
    for list in &per_test {
        for &(exposed, changed, first, h) in list {
            let b = match changed {
                0..=3 => changed,
                4..=9 => 4,
                10..=29 => 10,
                _ => 30,
            };
            let e = by_changes.entry(b).or_default();
            e.0 += 1;
            e.1 += usize::from(exposed);
            let e = by_first.entry(first).or_default();
            e.0 += 1;
            e.1 += usize::from(exposed);
            how[h as usize] += 1;
        }
    }
    println!("live rules firing on a test: exposed there {}, not exposed with the right text byte for byte {}, with another text the judge accepts {}", how[0], how[1], how[2]);
    println!(
        "  by decisions changed in the test's right run (bucket: firing, exposed): {by_changes:?}"
    );
    println!("  by the first changed decision's place in the game (tenths of its turns: firing, exposed): {by_first:?}");
}

/// What swapping candidate `c` in for test `was` gains and loses: the
/// live rules no test exposes (`count`: tests exposing each rule) that it
/// is known to expose, and those only `was` exposes that it is not known
/// to expose.
fn swap_gain(c: &Candidate, was: &Candidate, live: &RuleBits, count: &[u16]) -> (usize, usize) {
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
    (gained, lost)
}

/// Prints the 25 groups (of missed rules) with the most missed rules:
/// live rules, missed rules, the share missed.
fn print_top(what: &str, groups: BTreeMap<String, (usize, usize)>) {
    let mut groups: Vec<(String, (usize, usize))> =
        groups.into_iter().filter(|(_, (_, m))| *m > 0).collect();
    groups.sort_by_key(|(_, (_, m))| Reverse(*m));
    println!("missed by {what} (live, missed, share missed), the top 25:");
    for (k, (l, m)) in groups.iter().take(25) {
        println!(
            "  {k:50} {l:6} {m:5} {:5.1}%",
            100.0 * *m as f64 / *l as f64
        );
    }
}

/// What the best two-pig games would net as tests: the 16 expected to
/// expose the most live rules no test exposes are completed (played
/// against every live rule that fires on them), and each one's best
/// swap for a test of its slot is printed (rules gained, rules lost).
fn two_pig_swaps(suite: &mut pigkill::suite::Suite, live: &RuleBits, count: &[u16]) {
    let rates = suite.pool.narrow.rates();
    let open: RuleBits = live.iter().filter(|&r| count[r as usize] == 0).collect();
    let mut two: Vec<(Reverse<usize>, usize)> = suite
        .pool
        .candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.case.game.pig_count() == 2)
        .map(|(id, c)| {
            let expected = suite.pool.narrow.expected(c, &open, &rates);
            (Reverse((expected * 1024.0) as usize), id)
        })
        .collect();
    two.sort_unstable();
    let ids: Vec<usize> = two.iter().take(16).map(|&(_, id)| id).collect();
    suite.pool.complete_all(&ids);
    for id in ids {
        let c = &suite.pool.candidates[id];
        let best = suite
            .tests
            .iter()
            .map(|&t| &suite.pool.candidates[t])
            .filter(|was| was.slot == c.slot)
            .map(|was| swap_gain(c, was, live, count))
            .max_by_key(|&(g, l)| g as isize - l as isize);
        println!(
            "two-pig candidate {id} ({}, {} turns): exposes {} live rules, {} open; best swap for a test of its slot: {best:?} (gained, lost)",
            c.slot.name(),
            c.turns,
            c.narrow.len(),
            c.narrow.iter().filter(|&&r| open.contains(r)).count()
        );
    }
}
