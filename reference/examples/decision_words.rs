//! Prints the narrow family's sizes, every catalogue mistake's deviation
//! rules in words, and a few decisions' reasons
//! (`cargo run --release -p pigkill-reference --example decision_words`).

use pigkill_engine::Budget;
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::{decisions, narrow_family, DecisionKind};
use pigkill_reference::mutants::Mutation;

fn main() {
    for max in 0..=3 {
        println!("narrow_family({max}): {} rules", narrow_family(max).len());
    }
    for &kind in DecisionKind::ALL {
        let count = narrow_family(2).iter().filter(|r| r.kind == kind).count();
        println!(
            "  {:24} {:2} features, {count} rules of <= 2 literals",
            kind.id(),
            kind.features().len()
        );
    }
    for mutation in Mutation::ALL {
        for rule in mutation.deviation_rules().unwrap_or(&[]) {
            println!("{:36} {}", mutation.name(), rule.words());
        }
    }
    let game = generate(Profile::Full, game_seed(7, 3));
    let (_, log) = decisions(&game, Budget::default());
    let mut seen = std::collections::HashSet::new();
    for decision in &log {
        if seen.insert(decision.kind) {
            println!(
                "{}\n    instead: {}",
                decision.why(),
                decision
                    .deviations()
                    .map(|c| decision.does(c))
                    .collect::<Vec<_>>()
                    .join(" / ")
            );
        }
    }
    println!("{} decisions in that game", log.len());
}
