//! Whether a test that ends in a long phase with two pigs alive could
//! reach the rare contexts a suite misses (issue 22, session 16): for
//! one seed's suite, the live rules no test exposes that fire on some
//! candidate at a decision taken while only two pigs are alive (and
//! whether they fire anywhere else), on games that began with two pigs
//! or with more; and how long the candidates' and the tests' two-alive
//! phases last, in decisions and turns, by the pigs the game began with;
//! with `ENDGAMES` (`SuiteOptions::endgame_variants`, 0 by default) of
//! each test's variants a round endgames, what the endgame variants'
//! two-alive phases reach beside their tests'.
//!
//! ```sh
//! cargo run --release --example suite_two_alive -- SEED [ENDGAMES]
//! ```

use std::collections::BTreeMap;

use clap::Parser;
use pigkill::suite::narrow::RuleBits;
use pigkill::suite::pool::Variation;
use pigkill::suite::{build, SuiteOptions};
use pigkill_engine::Budget;
use pigkill_reference::decision::{decisions, Feature};
use rayon::prelude::*;

/// What one candidate's right run says about its two-alive phase.
struct Phase {
    pigs: usize,
    /// Decisions taken while only two pigs were alive.
    decisions: usize,
    /// Turns from the first such decision to the end of the game.
    turns: u32,
    /// Missed rules firing at a two-alive decision.
    two: Vec<u32>,
    /// Missed rules firing at another decision.
    other: Vec<u32>,
}

/// The seed, and how many of each test's variants a round are endgames.
#[derive(Parser)]
#[command(about = "Whether tests ending in a long two-alive phase could reach the rare contexts")]
struct Args {
    /// The suite's seed.
    #[arg(default_value_t = 1)]
    seed: u64,
    /// `SuiteOptions::endgame_variants`: of each test's variants a round, how many are endgames.
    #[arg(default_value_t = 0)]
    endgames: usize,
}

fn main() {
    let Args { seed, endgames } = Args::parse();
    let options = SuiteOptions {
        endgame_variants: endgames,
        ..SuiteOptions::default()
    };
    let suite = build(seed, &options);
    let pool = &suite.pool;
    let family = &pool.narrow.family;
    let live = pool.narrow.live();
    let exposed = suite.narrow_exposed();
    let missed: RuleBits = live.iter().filter(|&r| !exposed.contains(r)).collect();
    let on_tests: RuleBits = suite
        .tests
        .iter()
        .flat_map(|&t| pool.candidates[t].fires.iter())
        .collect();
    let rare: RuleBits = missed.iter().filter(|&r| !on_tests.contains(r)).collect();
    println!(
        "seed {seed}: {} candidates, {} live, {} missed, {} of them fire on no test",
        pool.candidates.len(),
        live.len(),
        missed.len(),
        rare.len()
    );
    let phases: Vec<Phase> = pool
        .candidates
        .par_iter()
        .map(|c| {
            let (_, log) = decisions(&c.case.game, Budget::default());
            let (two, other): (Vec<_>, Vec<_>) = log
                .iter()
                .cloned()
                .partition(|d| d.context.has(Feature::TwoAlive));
            let turns = match (two.first(), log.last()) {
                (Some(f), Some(l)) => l.turn - f.turn + 1,
                _ => 0,
            };
            let keep = |log: &[_]| -> Vec<u32> {
                family
                    .firing(log)
                    .into_iter()
                    .filter(|&r| missed.contains(r))
                    .collect()
            };
            Phase {
                pigs: c.case.game.pig_count(),
                decisions: two.len(),
                turns,
                two: keep(&two),
                other: keep(&other),
            }
        })
        .collect();
    for (name, set) in [("missed", &missed), ("missed, firing on no test", &rare)] {
        let mut two_any = RuleBits::new(family.len());
        let mut two_big = RuleBits::new(family.len());
        let mut elsewhere = RuleBits::new(family.len());
        for p in &phases {
            for &r in p.two.iter().filter(|&&r| set.contains(r)) {
                two_any.insert(r);
                if p.pigs > 2 {
                    two_big.insert(r);
                }
            }
            for &r in p.other.iter().filter(|&&r| set.contains(r)) {
                elsewhere.insert(r);
            }
        }
        let only_two = two_any.iter().filter(|&r| !elsewhere.contains(r)).count();
        println!(
            "{name} ({}): {} fire at a two-alive decision of some candidate ({} of them on a game that began with 3+ pigs), {} only at two-alive decisions",
            set.len(),
            two_any.len(),
            two_big.len(),
            only_two
        );
        // Per candidate: how many of the set fire in its two-alive phase.
        let mut by_pigs: BTreeMap<usize, (usize, usize, usize)> = BTreeMap::new();
        for p in &phases {
            let e = by_pigs.entry(p.pigs).or_default();
            e.0 += 1;
            e.1 += p.two.iter().filter(|&&r| set.contains(r)).count();
            e.2 += p.other.iter().filter(|&&r| set.contains(r)).count();
        }
        println!(
            "  pigs | candidates | {name} firing per candidate: at two-alive decisions | at others"
        );
        for (pigs, (n, two, other)) in by_pigs {
            println!(
                "  {pigs:>4} | {n:>10} | {:>6.2} | {:>6.2}",
                two as f64 / n as f64,
                other as f64 / n as f64
            );
        }
    }
    println!("two-alive phases by the pigs the game began with (candidates reaching one):");
    println!("  pigs | reach/all | decisions median p90 max | turns median p90 max | rare rules in phase, mean");
    let mut by_pigs: BTreeMap<usize, Vec<&Phase>> = BTreeMap::new();
    for p in &phases {
        by_pigs.entry(p.pigs).or_default().push(p);
    }
    for (pigs, all) in &by_pigs {
        let mut reach: Vec<&&Phase> = all.iter().filter(|p| p.decisions > 0).collect();
        if reach.is_empty() {
            println!("  {pigs:>4} | 0/{}", all.len());
            continue;
        }
        let q = |v: &mut Vec<usize>, f: f64| {
            v.sort_unstable();
            v[((v.len() - 1) as f64 * f) as usize]
        };
        let mut d: Vec<usize> = reach.iter().map(|p| p.decisions).collect();
        let mut t: Vec<usize> = reach.iter().map(|p| p.turns as usize).collect();
        let rare_mean = reach
            .iter()
            .map(|p| p.two.iter().filter(|&&r| rare.contains(r)).count())
            .sum::<usize>() as f64
            / reach.len() as f64;
        reach.clear();
        println!(
            "  {pigs:>4} | {}/{} | {} {} {} | {} {} {} | {rare_mean:.2}",
            d.len(),
            all.len(),
            q(&mut d, 0.5),
            q(&mut d, 0.9),
            d.last().copied().unwrap_or(0),
            q(&mut t, 0.5),
            q(&mut t, 0.9),
            t.last().copied().unwrap_or(0),
        );
    }
    // Rare rules reached per two-alive decision, by phase length.
    let mut by_len: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for p in phases.iter().filter(|p| p.decisions > 0) {
        let bucket = match p.decisions {
            0..=9 => 0,
            10..=29 => 10,
            30..=99 => 30,
            100..=299 => 100,
            _ => 300,
        };
        let e = by_len.entry(bucket).or_default();
        e.0 += 1;
        e.1 += p.two.iter().filter(|&&r| rare.contains(r)).count();
    }
    println!("  two-alive decisions (from) | candidates | rare rules firing in the phase, mean");
    for (from, (n, rules)) in by_len {
        println!("  {from:>5} | {n:>6} | {:.2}", rules as f64 / n as f64);
    }
    // The endgame variants (SuiteOptions::endgame_variants): how long
    // their two-alive phase lasts beside their test's, and what it reaches.
    let endgames: Vec<usize> = (0..pool.candidates.len())
        .filter(|&i| {
            matches!(
                pool.candidates[i].splice.map(|s| s.how),
                Some(Variation::Endgame { .. })
            )
        })
        .collect();
    if !endgames.is_empty() {
        let mut longer = 0;
        let (mut dec, mut base_dec, mut rare_in, mut base_rare, mut exposed_missed) =
            (0, 0, 0, 0, 0);
        for &i in &endgames {
            let v = &pool.candidates[i];
            let of = v.splice.expect("a variant").of;
            let (p, b) = (&phases[i], &phases[of]);
            longer += usize::from(p.decisions > b.decisions);
            dec += p.decisions;
            base_dec += b.decisions;
            rare_in += p.two.iter().filter(|&&r| rare.contains(r)).count();
            base_rare += b.two.iter().filter(|&&r| rare.contains(r)).count();
            exposed_missed += v.narrow.iter().filter(|&&r| missed.contains(r)).count();
        }
        let n = endgames.len() as f64;
        println!(
            "endgame variants: {} ({} with a longer two-alive phase than the game they vary); mean two-alive decisions {:.1} (the varied games {:.1}); rare rules firing in it {:.2} ({:.2}); missed rules known exposed {:.2}; tests that are one: {}, that vary one: {}",
            endgames.len(),
            longer,
            dec as f64 / n,
            base_dec as f64 / n,
            rare_in as f64 / n,
            base_rare as f64 / n,
            exposed_missed as f64 / n,
            suite.tests.iter().filter(|t| endgames.contains(t)).count(),
            suite
                .tests
                .iter()
                .filter(|&&t| {
                    let mut at = pool.candidates[t].splice;
                    while let Some(s) = at {
                        if endgames.contains(&s.of) {
                            return true;
                        }
                        at = pool.candidates[s.of].splice;
                    }
                    false
                })
                .count()
        );
    }
    println!("the tests:");
    for &t in &suite.tests {
        let c = &pool.candidates[t];
        let p = &phases[t];
        println!(
            "  {} {} pigs, {} turns: two-alive {} decisions over {} turns; {} missed rules fire in it",
            c.slot.name(),
            p.pigs,
            c.turns,
            p.decisions,
            p.turns,
            p.two.len()
        );
    }
}
