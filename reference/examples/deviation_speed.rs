//! How fast deviated runs are next to plain ones, on the `engines` bench's
//! kind of corpus (`cargo run --release -p pigkill-reference --example
//! deviation_speed`): plain reference runs, deviated runs with no
//! deviation, with one catalogue rule, with one instance, and logged runs.

use std::hint::black_box;
use std::time::Instant;

use pigkill_engine::{Budget, Engine, Game};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::{decisions, deviated_output, Choice, Deviation};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};
use pigkill_reference::ReferenceEngine;

/// Games per second of `run` over `games`, best of 3 passes.
fn rate(games: &[Game], run: impl Fn(&Game)) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            for game in games {
                run(game);
            }
            games.len() as f64 / start.elapsed().as_secs_f64()
        })
        .fold(0.0, f64::max)
}

fn main() {
    let games: Vec<Game> = (0..20_000)
        .map(|i| generate(Profile::Mixed, game_seed(20_261_129, i)))
        .collect();
    let budget = Budget::default();
    let plain = rate(&games, |g| {
        let _ = black_box(ReferenceEngine.run(g, budget).map(|o| o.to_judge_text()));
    });
    println!("plain reference (text):          {plain:10.0} games/s");
    let cases: Vec<(&str, Vec<Deviation>)> = vec![
        ("no deviation", vec![]),
        (
            "one rule (duel-player-first)",
            Mutation::DuelPlayerFirst
                .deviation_rules()
                .unwrap_or(&[])
                .iter()
                .map(|&r| Deviation::Rule(r))
                .collect(),
        ),
        (
            "four rules (protects-by-true-role)",
            Mutation::ProtectsByTrueRole
                .deviation_rules()
                .unwrap_or(&[])
                .iter()
                .map(|&r| Deviation::Rule(r))
                .collect(),
        ),
        (
            "one instance (decision 40)",
            vec![Deviation::Instance {
                index: 40,
                choose: Choice(1),
            }],
        ),
    ];
    for (name, deviations) in &cases {
        let r = rate(&games, |g| {
            black_box(deviated_output(g, budget, deviations)).ok();
        });
        println!(
            "deviated, {name:34} {r:10.0} games/s ({:.2}x the plain time)",
            plain / r
        );
    }
    let r = rate(&games, |g| {
        black_box(mistaken_output(
            g,
            budget,
            MutationSet::single(Mutation::RightmostCard),
        ))
        .ok();
    });
    println!(
        "mistaken_output(rightmost-card):  {r:10.0} games/s ({:.2}x)",
        plain / r
    );
    let r = rate(&games, |g| {
        let _ = black_box(decisions(g, budget));
    });
    println!(
        "decisions() (logged):             {r:10.0} games/s ({:.2}x)",
        plain / r
    );
    let total: usize = games.iter().map(|g| decisions(g, budget).1.len()).sum();
    println!(
        "{:.1} decisions per game",
        total as f64 / games.len() as f64
    );
}
