//! Throwaway check (issue 21, item 5): every catalogue mistake made by its
//! inline checks and by its deviation rules prints the same on generated
//! games (`cargo run --release -p pigkill-reference --example compare_mistakes -- 100000`).

use pigkill_engine::{Budget, Engine};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::deviated_output;
use pigkill_reference::mutants::{inline_output, rules_output, Mutation, MutationSet};
use pigkill_reference::ReferenceEngine;

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let only: Option<String> = std::env::args().nth(2);
    let profiles: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|&p| p != Profile::Big)
        .collect();
    let budget = Budget::default();
    let games: Vec<_> = (0..count)
        .map(|i| {
            generate(
                profiles[(i % profiles.len() as u64) as usize],
                game_seed(20_261_201, i),
            )
        })
        .collect();
    let mut plain_diff = 0;
    for game in &games {
        let reference = ReferenceEngine.run(game, budget).map(|o| o.to_judge_text());
        if reference != deviated_output(game, budget, &[]) {
            plain_diff += 1;
        }
    }
    println!("plain vs deviated_output(&[]): {plain_diff} of {count} differ");
    for mutation in Mutation::ALL {
        if only.as_deref().is_some_and(|o| o != mutation.name()) {
            continue;
        }
        let set = MutationSet::single(mutation);
        let mut differ = 0;
        let mut live = 0;
        let mut first = None;
        for (i, game) in games.iter().enumerate() {
            let inline = inline_output(game, budget, set);
            let rules = rules_output(game, budget, set);
            if inline != ReferenceEngine.run(game, budget).map(|o| o.to_judge_text()) {
                live += 1;
            }
            if inline != rules {
                differ += 1;
                first.get_or_insert(i);
            }
        }
        println!(
            "{:40} {differ:6} of {count} differ ({live} differ from the reference){}",
            mutation.name(),
            first
                .map(|i| format!(", first game {i}"))
                .unwrap_or_default()
        );
    }
}
