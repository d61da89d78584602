//! Mutation tests: deliberately wrong variants of the reference engine
//! (`pigkill_reference::mutants`), each with one classic mistake, must be
//! caught by the differential runner on the default profile, and the
//! divergence they cause must shrink to a tiny game that keeps its
//! signature.

use pigkill::diff::compare;
use pigkill::engines;
use pigkill::mutation::catch;
use pigkill::shrink::divergence::{shrink_divergence, DivergenceShrinkOptions};
use pigkill::stress::{run, Counters, Limit, Shard, StressOptions};
use pigkill_engine::{Budget, Engine, StrategyEngine};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::mutants::{MutantEngine, Mutation};

fn stress_options(count: u64, max_divergences: u64) -> StressOptions {
    StressOptions {
        limit: Limit::Count(count),
        jobs: 1,
        shard: Shard::WHOLE,
        budget: Budget::default(),
        max_divergences,
    }
}

#[test]
fn stress_on_mixed_catches_a_loyalist_that_fights_the_lord_within_10000_games() {
    let mutant = MutantEngine(Mutation::LoyalistFightsLord);
    let game_at = |i: u64| generate(Profile::Mixed, game_seed(2026, i));
    let summary = run(
        &stress_options(10_000, 1),
        [&StrategyEngine, &mutant],
        &game_at,
        &Counters::default(),
        &|_| {},
    );
    assert!(
        summary.divergences >= 1,
        "not caught in {} games",
        summary.games
    );
    assert!(summary.games <= 10_000);
}

#[test]
fn every_mutant_is_caught_on_the_default_profile() {
    let mut missed = Vec::new();
    let mut table = String::new();
    for mutation in Mutation::ALL {
        match catch(&StrategyEngine, mutation, Profile::Mixed, 0, 50_000) {
            Some(caught) => table.push_str(&format!(
                "{:<34} {:>6} games  {}\n",
                mutation.name(),
                caught.games,
                caught.signature
            )),
            None => missed.push(mutation.name()),
        }
    }
    println!("{table}");
    assert!(
        missed.is_empty(),
        "mutants not caught in 50000 mixed games: {missed:?}"
    );
}

/// The five classic mistakes of the shrinking issue: each is found by
/// stress; every distinct divergence it causes (up to 6 signatures)
/// shrinks to a game that keeps its signature, and the smallest is at most
/// 3 pigs and 12 deck cards. (Some signatures need 4 pigs: "the round
/// starts after the player" seen as one loyalist's nullify against
/// another's needs two loyalists, and a valid game also needs a rebel.)
#[test]
fn classic_mistakes_shrink_to_tiny_games_with_the_same_signature() {
    let classics = [
        Mutation::LoyalistFightsLord,
        Mutation::NullifyStartsAfterPlayer,
        Mutation::DyingSkipsPeach,
        Mutation::DuelPlayerFirst,
        Mutation::RewardAfterLastRebel,
    ];
    let mut failures = Vec::new();
    for mutation in classics {
        let mutant = MutantEngine(mutation);
        let pair: [&dyn Engine; 2] = [engines::pair()[0], &mutant];
        let game_at = |i: u64| generate(Profile::Mixed, game_seed(7, i));
        let summary = run(
            &stress_options(20_000, 300),
            pair,
            &game_at,
            &Counters::default(),
            &|_| {},
        );
        if summary.found.is_empty() {
            failures.push(format!("{mutation}: not found by stress"));
            continue;
        }
        let mut smallest: Option<(usize, usize, String)> = None;
        for found in summary.found.iter().take(6) {
            let signature = found.divergence.signature;
            let minimised = shrink_divergence(
                pair,
                &found.game,
                signature,
                &DivergenceShrinkOptions::default(),
            )
            .unwrap_or_else(|e| panic!("{mutation}: {e}"));
            let game = &minimised.shrunk.game;
            let line = format!(
                "{mutation}: {signature}: {} pigs, {} deck cards -> {} pigs, {} deck cards",
                found.game.pig_count(),
                found.game.deck().len(),
                game.pig_count(),
                game.deck().len()
            );
            println!("{line}");
            match compare(pair[0], pair[1], game, Budget::default()) {
                Some(d) if d.signature == signature => {}
                other => failures.push(format!(
                    "{line}: the minimised game shows {:?}, not the same signature",
                    other.map(|d| d.signature.to_string())
                )),
            }
            let size = (game.pig_count(), game.deck().len(), game.to_text());
            if smallest
                .as_ref()
                .is_none_or(|s| (size.0, size.1) < (s.0, s.1))
            {
                smallest = Some(size);
            }
        }
        if let Some((pigs, cards, text)) = smallest {
            if pigs > 3 || cards > 12 {
                failures.push(format!(
                    "{mutation}: the smallest is {pigs} pigs, {cards} cards:\n{text}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
