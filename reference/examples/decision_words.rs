//! Prints the narrow family's sizes (and how many of its rules fire on
//! generated games), every catalogue mistake's deviation rules in words,
//! and a few decisions' reasons
//! (`cargo run --release -p pigkill-reference --example decision_words`).

use pigkill_engine::Budget;
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::{decisions, fires, narrow_family, DecisionKind};
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
    let logs: Vec<_> = (0..2000)
        .map(|i| {
            let profile = Profile::ALL[(i % (Profile::ALL.len() as u64 - 1)) as usize];
            decisions(&generate(profile, game_seed(11, i)), Budget::default()).1
        })
        .collect();
    for max in 0..=2 {
        let family = narrow_family(max);
        let live = family
            .iter()
            .filter(|rule| logs.iter().any(|log| fires(rule, log)))
            .count();
        println!(
            "narrow_family({max}): {live} of {} rules fire on some of {} generated games",
            family.len(),
            logs.len()
        );
        if max == 1 {
            for rule in family
                .iter()
                .filter(|rule| !logs.iter().any(|log| fires(rule, log)))
            {
                println!("    never fires: {} {}", rule.kind, rule.words());
            }
        }
    }
}
