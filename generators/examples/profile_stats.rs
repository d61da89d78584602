//! Per-profile statistics of generated games: rejection rate (games that
//! do not end), winners, game length in turns, deck length, and the time
//! to generate a game and to generate one that ends.
//!
//! `cargo run --release -p pigkill-generators --example profile_stats -- [COUNT] [RUN_SEED]`

use std::time::Instant;

use pigkill_engine::{Budget, Engine, Event, StrategyEngine, Winner};
use pigkill_generators::{game_seed, generate, generate_ending, Profile};
use pigkill_reference::ReferenceEngine;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().map_or(10_000, |a| a.parse().expect("COUNT"));
    let run_seed: u64 = args.next().map_or(1, |a| a.parse().expect("RUN_SEED"));
    println!(
        "{:<15} {:>8} {:>7} {:>6} {:>7} {:>7} {:>7} {:>6} {:>7} {:>9} {:>7} {:>7} {:>6}",
        "profile",
        "rejected",
        "rate",
        "MP win",
        "turns50",
        "turns99",
        "max",
        "deck50",
        "gen µs",
        "ending µs",
        "run µs",
        "ref µs",
        "ref ok"
    );
    for profile in Profile::ALL {
        let start = Instant::now();
        let mut sink = 0usize;
        for i in 0..count {
            sink += generate(profile, game_seed(run_seed, i)).deck().len();
        }
        let gen_us = start.elapsed().as_secs_f64() * 1e6 / count as f64;
        std::hint::black_box(sink);

        let start = Instant::now();
        let games: Vec<_> = (0..count)
            .map(|i| {
                generate_ending(profile, game_seed(run_seed, i), &StrategyEngine)
                    .expect("a game that ends")
            })
            .collect();
        let ending_us = start.elapsed().as_secs_f64() * 1e6 / count as f64;

        let start = Instant::now();
        for g in &games {
            std::hint::black_box(StrategyEngine.run(&g.game, Budget::default()).is_ok());
        }
        let run_us = start.elapsed().as_secs_f64() * 1e6 / count as f64;
        let start = Instant::now();
        for g in &games {
            std::hint::black_box(ReferenceEngine.run(&g.game, Budget::default()).is_ok());
        }
        let ref_us = start.elapsed().as_secs_f64() * 1e6 / count as f64;

        let rejected: u64 = games.iter().map(|g| u64::from(g.rejected)).sum();
        let lord_wins = games
            .iter()
            .filter(|g| g.outcome.winner == Winner::Lord)
            .count();
        let mut turns: Vec<u32> = Vec::new();
        let mut decks: Vec<usize> = Vec::new();
        let mut reference_ok = 0;
        for g in &games {
            let mut events = Vec::new();
            StrategyEngine
                .run_traced(&g.game, Budget::default(), &mut events)
                .expect("ends");
            let last_turn = events
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::TurnStart { turn, .. } => Some(*turn),
                    _ => None,
                })
                .unwrap_or(0);
            turns.push(last_turn);
            decks.push(g.game.deck().len());
            if ReferenceEngine.run(&g.game, Budget::default()).as_ref() == Ok(&g.outcome) {
                reference_ok += 1;
            }
        }
        turns.sort_unstable();
        decks.sort_unstable();
        let pct = |v: &[u32], p: f64| v[((v.len() - 1) as f64 * p) as usize];
        println!(
            "{:<15} {:>8} {:>6.2}% {:>5.1}% {:>7} {:>7} {:>7} {:>6} {:>7.2} {:>9.2} {:>7.2} {:>7.2} {:>6}",
            profile.name(),
            rejected,
            100.0 * rejected as f64 / (rejected + count) as f64,
            100.0 * lord_wins as f64 / count as f64,
            pct(&turns, 0.5),
            pct(&turns, 0.99),
            turns.last().copied().unwrap_or(0),
            decks[decks.len() / 2],
            gen_us,
            ending_us,
            run_us,
            ref_us,
            reference_ok,
        );
    }
}
