//! Decision points and deviations (issue 21): a run with no deviation is
//! the reference run; a deviation that picks the rules' own choice changes
//! nothing; every catalogue mistake stated as deviation rules prints what
//! its fixture game says it prints; and the log names the right moments.

use std::path::Path;

use pigkill_engine::{parse_game, Budget, Card, Engine, Game};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::{
    decisions, deviated_output, deviated_run, fires, Choice, Decision, DecisionKind, Deviation,
    Feature,
};
use pigkill_reference::mutants::{mistaken_output, Mutation, MutationSet};
use pigkill_reference::ReferenceEngine;

/// Game `index` of the tests' corpus: every profile but `big`, in turn.
fn corpus_game(index: u64) -> Game {
    let profiles: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|&p| p != Profile::Big)
        .collect();
    let profile = profiles[(index % profiles.len() as u64) as usize];
    generate(profile, game_seed(20_261_202, index))
}

/// The reference engine's judge text for `game`.
fn reference_text(game: &Game) -> Result<String, pigkill_engine::RunError> {
    ReferenceEngine
        .run(game, Budget::default())
        .map(|o| o.to_judge_text())
}

/// A game of the repository's fixtures.
fn fixture(path: &str) -> Game {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(path);
    let text = std::fs::read_to_string(&file).expect("the fixture exists");
    parse_game(&text).expect("the fixture is a valid game")
}

#[test]
fn no_deviation_prints_what_the_reference_prints() {
    for index in 0..10_000 {
        let game = corpus_game(index);
        assert_eq!(
            deviated_output(&game, Budget::default(), &[]),
            reference_text(&game),
            "game {index}"
        );
    }
}

#[test]
fn the_decision_log_run_is_the_reference_run() {
    for index in 0..2_000 {
        let game = corpus_game(index);
        let (outcome, log) = decisions(&game, Budget::default());
        assert_eq!(
            outcome,
            ReferenceEngine.run(&game, Budget::default()),
            "game {index}"
        );
        assert!(log.iter().all(|d| d.taken == d.rule), "game {index}");
    }
}

#[test]
fn an_instance_choosing_the_rules_choice_changes_nothing() {
    for index in 0..300 {
        let game = corpus_game(index);
        let (_, log) = decisions(&game, Budget::default());
        let reference = reference_text(&game);
        for decision in log.iter().step_by(7) {
            let same = Deviation::Instance {
                index: decision.index,
                choose: decision.rule,
            };
            assert_eq!(
                deviated_output(&game, Budget::default(), &[same]),
                reference,
                "game {index}, decision {}",
                decision.index
            );
        }
    }
}

#[test]
fn each_mistake_as_deviation_rules_prints_its_fixture_output() {
    let budget = Budget::default();
    for mutation in Mutation::ALL {
        let Some(rules) = mutation.deviation_rules() else {
            continue;
        };
        let game = fixture(&format!("mistakes/{}.in", mutation.name()));
        let deviations: Vec<Deviation> = rules.iter().copied().map(Deviation::Rule).collect();
        let deviated = deviated_output(&game, budget, &deviations);
        assert_ne!(
            deviated,
            reference_text(&game),
            "{mutation}: the fixture tells it apart"
        );
        assert_eq!(
            deviated,
            mistaken_output(&game, budget, MutationSet::single(mutation)),
            "{mutation}"
        );
        let (_, log) = decisions(&game, budget);
        assert!(
            rules.iter().any(|rule| fires(rule, &log)),
            "{mutation}: a rule fires on its fixture"
        );
    }
}

#[test]
fn the_log_points_into_the_trace_in_order() {
    for index in 0..500 {
        let game = corpus_game(index);
        let mut events = Vec::new();
        let mut log = Vec::new();
        let _ = deviated_run(&game, Budget::default(), &[], &mut events, &mut log);
        let mut last = 0;
        for (i, decision) in log.iter().enumerate() {
            assert_eq!(decision.index as usize, i, "game {index}");
            assert!(decision.event >= last, "game {index}: decision {i}");
            assert!(decision.event <= events.len(), "game {index}: decision {i}");
            last = decision.event;
        }
    }
}

/// The decision of `kind` in `log` that `wanted` picks out.
fn find(log: &[Decision], kind: DecisionKind, wanted: impl Fn(&Decision) -> bool) -> &Decision {
    log.iter()
        .find(|d| d.kind == kind && wanted(d))
        .unwrap_or_else(|| panic!("a {kind} decision is logged"))
}

#[test]
fn the_dying_rebel_eats_its_leftmost_peach_out_of_its_turn() {
    // FP2 (seat 1) reaches 0 HP in MP's turn holding P K P and eats.
    let game = fixture("rules/dying_pig_eats_leftmost_peach.in");
    let (_, log) = decisions(&game, Budget::default());
    let eat = find(&log, DecisionKind::EatPeach, |d| d.actor == 1);
    assert_eq!(eat.rule, Choice(0), "the rules make it eat");
    assert_eq!(eat.subject, Some(0), "MP's kill hurt it");
    assert_eq!(eat.card, Some(Card::Peach));
    assert!(eat.context.has(Feature::ActorRebel));
    assert!(eat.context.has(Feature::ActorDying));
    assert!(!eat.context.has(Feature::OwnTurn));
    assert!(eat.context.has(Feature::TrickKill));
}
