//! Decision points and deviations (issue 21): a run with no deviation is
//! the reference run; a deviation that picks the rules' own choice changes
//! nothing; every catalogue mistake stated as deviation rules prints what
//! its fixture game says it prints; and the log names the right moments.

use std::path::Path;

use pigkill_engine::{parse_game, Budget, Card, Engine, Game};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::decision::{
    decisions, deviated_output, deviated_output_logged, deviated_run, fires, makes_same_run,
    narrow_family, Choice, ContextRule, Decision, DecisionKind, Deviation, DeviationRule, Feature,
    Logged,
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
fn rules_that_make_the_same_run_print_the_same() {
    let budget = Budget::default();
    let (mut same_runs, mut other_runs) = (0, 0);
    for index in 0..150 {
        let game = corpus_game(index);
        let (_, log) = decisions(&game, budget);
        // A deviation at some decision, made everywhere (`always`) and
        // under one literal of that decision's context at a time: the
        // narrower rules often make the very same run.
        for decision in log.iter().step_by(41) {
            let Some(choose) = decision.deviations().next() else {
                continue;
            };
            let always = [DeviationRule {
                kind: decision.kind,
                when: ContextRule::ALWAYS,
                choose,
            }];
            let deviations = [Deviation::Rule(always[0])];
            let mut made = Vec::new();
            let printed = deviated_output_logged(
                &game,
                budget,
                &deviations,
                Logged::kinds_of(&always),
                &mut made,
            );
            assert!(makes_same_run(&always, &made, &always), "game {index}");
            for feature in Feature::ALL.iter().step_by(5) {
                let value = decision.context.0 & feature.bit() != 0;
                let narrower = [DeviationRule {
                    when: ContextRule::of(&[(*feature, value)]),
                    ..always[0]
                }];
                if makes_same_run(&always, &made, &narrower) {
                    same_runs += 1;
                    assert_eq!(
                        deviated_output(&game, budget, &[Deviation::Rule(narrower[0])]),
                        printed,
                        "game {index}, {:?} when {feature:?} = {value}",
                        decision.kind
                    );
                } else {
                    other_runs += 1;
                }
            }
        }
    }
    assert!(same_runs > 100, "only {same_runs} rules made the same run");
    assert!(other_runs > 100, "only {other_runs} rules made another run");
}

/// The "Mistaken output" block of a mistake's fixture note
/// (`tests/fixtures/mistakes/ID.md`), written when the fixture was found.
fn fixture_mistaken_output(mutation: Mutation) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/mistakes")
        .join(format!("{}.md", mutation.name()));
    let note = std::fs::read_to_string(&file).expect("the fixture note exists");
    let after = note
        .split("Mistaken output:")
        .nth(1)
        .expect("the note shows the mistaken output");
    let block = after.split("```").nth(1).expect("in a fenced block");
    block.trim_start_matches('\n').to_string()
}

#[test]
fn each_mistake_as_deviation_rules_prints_its_fixture_output() {
    let budget = Budget::default();
    for mutation in Mutation::ALL {
        let rules = mutation
            .deviation_rules()
            .unwrap_or_else(|| panic!("{mutation} is stated as deviation rules"));
        let game = fixture(&format!("mistakes/{}.in", mutation.name()));
        let deviations: Vec<Deviation> = rules.iter().copied().map(Deviation::Rule).collect();
        let deviated = deviated_output(&game, budget, &deviations).expect("the game ends");
        assert_ne!(Ok(deviated.clone()), reference_text(&game), "{mutation}");
        assert_eq!(deviated, fixture_mistaken_output(mutation), "{mutation}");
        assert_eq!(
            Ok(deviated),
            mistaken_output(&game, budget, MutationSet::single(mutation)),
            "{mutation}: the mistaken engine runs through its rules"
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

#[test]
fn a_rebel_duels_the_lord_even_past_a_revealed_loyalist() {
    // FP2 (seat 1) holds F; its duel target is MP by the rules.
    let game = fixture("rules/fp_duels_mp_not_revealed_zp.in");
    let (_, log) = decisions(&game, Budget::default());
    let duel = find(&log, DecisionKind::RebelDuelTarget, |d| d.actor == 1);
    assert_eq!(duel.rule, Choice(0), "the lord");
    assert_eq!(duel.subject, Some(0));
    assert_eq!(duel.kind.section(), "Targets (hostility)");
    assert!(
        duel.why().contains("pig 2 (FP) duels the lord"),
        "{}",
        duel.why()
    );
}

#[test]
fn a_rebel_killing_its_ally_draws_the_reward() {
    // FP3's invasion kills FP2: FP3 (seat 2) is the source and draws.
    let game = fixture("rules/fp_death_reward_to_fp_source.in");
    let (_, log) = decisions(&game, Budget::default());
    let reward = find(&log, DecisionKind::Reward, |d| d.subject == Some(1));
    assert_eq!(reward.actor, 2);
    assert_eq!(
        reward.rule,
        Choice(0),
        "the rules reward every killer of a rebel"
    );
    assert!(reward.context.has(Feature::ActorRebel));
    let count = find(&log, DecisionKind::RewardCount, |d| d.actor == 2);
    assert_eq!(
        DecisionKind::RewardCount.alternatives()[count.rule.0 as usize],
        "3"
    );
}

#[test]
fn a_one_card_deck_keeps_its_card() {
    let game = fixture("rules/deck_single_card_repeats.in");
    let (_, log) = decisions(&game, Budget::default());
    let first = find(&log, DecisionKind::LastCardKept, |_| true);
    assert_eq!((first.turn, first.actor, first.rule), (1, 0, Choice(0)));
    assert!(first.context.has(Feature::DeckLast));
}

#[test]
fn an_invasion_goes_on_past_the_pig_it_kills() {
    // MP's invasion kills FP2 (seat 1) in turn 1, and goes on to FP3.
    let game = fixture("rules/death_mid_invasion_skips_dead_pig.in");
    let (_, log) = decisions(&game, Budget::default());
    let goes_on = find(&log, DecisionKind::AreaContinues, |d| d.subject == Some(1));
    assert_eq!((goes_on.turn, goes_on.actor), (1, 0));
    assert_eq!(goes_on.rule, Choice(0));
    assert_eq!(goes_on.card, Some(Card::Invasion));
    assert!(goes_on.context.has(Feature::SubjectRebel));
    assert!(goes_on.context.has(Feature::TrickInvasion));
}

#[test]
fn a_deviation_at_one_decision_changes_the_run_from_there() {
    // Making FP2 skip its peach when dying (the rules make it eat) kills it
    // there: the output differs, and the deviated log says what was taken.
    let game = fixture("rules/dying_pig_eats_leftmost_peach.in");
    let budget = Budget::default();
    let (_, log) = decisions(&game, budget);
    let eat = find(&log, DecisionKind::EatPeach, |d| d.actor == 1);
    let skip = Deviation::Instance {
        index: eat.index,
        choose: Choice(1),
    };
    let mut events = Vec::new();
    let mut deviated_log = Vec::new();
    let text = deviated_run(&game, budget, &[skip], &mut events, &mut deviated_log);
    assert_ne!(text, reference_text(&game));
    let taken = &deviated_log[eat.index as usize];
    assert_eq!(
        (taken.kind, taken.rule, taken.taken),
        (eat.kind, Choice(0), Choice(1))
    );
    assert_eq!(
        deviated_log[..eat.index as usize],
        log[..eat.index as usize]
    );
}

#[test]
fn the_narrow_family_holds_the_catalogue_rules_of_few_literals() {
    let family = narrow_family(2);
    assert!(narrow_family(0).len() < narrow_family(1).len());
    assert!(narrow_family(1).len() < family.len());
    for mutation in Mutation::ALL {
        for rule in mutation.deviation_rules().unwrap_or(&[]) {
            let within = rule
                .when
                .literals()
                .all(|(f, _)| rule.kind.features().contains(&f));
            if rule.when.len() <= 2 && within {
                assert!(family.contains(rule), "{mutation}: {}", rule.words());
            }
        }
    }
    for rule in &family {
        assert!(rule.when.len() <= 2);
        assert!((rule.choose.0 as usize) < rule.kind.alternatives().len());
    }
}

#[test]
fn each_mistake_is_a_choice_in_its_own_section() {
    for mutation in Mutation::ALL {
        for rule in mutation.deviation_rules().unwrap_or(&[]) {
            // The lord that suspects revealed players also keeps that
            // suspicion when the pig reveals again (a kill, duel or nullify
            // reveals, and a reveal clears a suspicion): a second rule, in
            // the section of reveals.
            let keeps_suspicion = mutation == Mutation::SuspectsRevealedPlayers
                && rule.kind == DecisionKind::ClearSuspicion;
            let section = if keeps_suspicion {
                "Targets (hostility)"
            } else {
                mutation.section()
            };
            assert_eq!(rule.kind.section(), section, "{mutation}");
        }
    }
}

#[test]
fn rules_read_as_misreadings() {
    let rules = Mutation::SuspectsOnlyTrueRebels
        .deviation_rules()
        .expect("stated as a rule");
    assert_eq!(
        rules[0].words(),
        "the lord does not suspect the player of an invasion or volley when the player is a loyalist"
    );
    let rules = Mutation::VolleyNoSuspicion
        .deviation_rules()
        .expect("a rule");
    assert_eq!(
        rules[0].words(),
        "the lord does not suspect the player of a volley"
    );
    for &kind in DecisionKind::ALL {
        assert!(!kind.question().is_empty());
        assert!(kind.alternatives().len() >= 2, "{kind}");
        for choice in 0..kind.alternatives().len() as u8 {
            assert!(!kind.does(Choice(choice)).is_empty(), "{kind}: {choice}");
        }
        assert!(
            Mutation::ALL.iter().any(|m| m.section() == kind.section()),
            "{kind}: its section is one the catalogue cites"
        );
    }
}

#[test]
fn a_rule_that_does_not_fire_on_a_game_changes_nothing_there() {
    let budget = Budget::default();
    let family = narrow_family(1);
    for index in 0..150 {
        let game = corpus_game(index);
        let (_, log) = decisions(&game, budget);
        let reference = reference_text(&game);
        for rule in family.iter().skip(index as usize % 13).step_by(13) {
            let deviation = [Deviation::Rule(*rule)];
            let mut events = Vec::new();
            let mut deviated_log = Vec::new();
            let text = deviated_run(&game, budget, &deviation, &mut events, &mut deviated_log);
            let changed = deviated_log.iter().any(|d| d.taken != d.rule);
            assert_eq!(changed, fires(rule, &log), "game {index}: {}", rule.words());
            if !changed {
                assert_eq!(text, reference, "game {index}: {}", rule.words());
            }
        }
    }
}

#[test]
fn every_narrow_rule_and_any_instance_choice_plays_a_game_to_its_end() {
    // A deviated run may not end (the budget says so), but it never panics,
    // and an alternative the kind does not have is ignored.
    let budget = Budget::default();
    let family = narrow_family(1);
    for index in 0..20 {
        let game = corpus_game(index);
        for rule in &family {
            let _ = deviated_output(&game, budget, &[Deviation::Rule(*rule)]);
        }
        let (_, log) = decisions(&game, budget);
        for decision in log.iter().step_by(5) {
            for choose in 0..4 {
                let instance = Deviation::Instance {
                    index: decision.index,
                    choose: Choice(choose),
                };
                let text = deviated_output(&game, budget, &[instance]);
                if !decision.is_legal(Choice(choose)) {
                    assert_eq!(text, reference_text(&game), "game {index}");
                }
            }
        }
    }
}

/// A game written out in the judge's format.
fn game(text: &str) -> Game {
    parse_game(text).expect("a valid game")
}

/// The judge text of the reference engine making `rule` wherever it holds.
fn with_rule(game: &Game, kind: DecisionKind, when: &[(Feature, bool)], choose: u8) -> String {
    let rule = DeviationRule {
        kind,
        when: ContextRule::of(when),
        choose: Choice(choose),
    };
    deviated_output(game, Budget::default(), &[Deviation::Rule(rule)]).expect("the game ends")
}

/// Turn 2: FP2's four invasions kill FP3 (no kill to discard) and, at the
/// fourth, hurt MP, who has discarded its three kills: MP suspects FP2,
/// and FP2 draws its reward (D D D). FP3 was the next pig when FP2's turn
/// began. The deck then holds K and F, F last (kept, drawn again and again).
const DEAD_NEXT_PIG: &str = "3 9\nMP K K K D\nFP N N N N\nFP D D D D\nD D D D D D D K F\n";

#[test]
fn the_turn_goes_to_the_next_living_pig_not_to_one_that_died_in_the_turn() {
    let game = game(DEAD_NEXT_PIG);
    let (_, log) = decisions(&game, Budget::default());
    let next = find(&log, DecisionKind::NextTurn, |_| true);
    assert_eq!((next.turn, next.actor, next.subject), (2, 1, Some(2)));
    assert_eq!(next.rule, Choice(0), "the next living pig's turn");
    assert_eq!(next.kind.section(), "Set-up");
    // By the rules MP takes turn 3 and draws K F: it kills FP2 (dodged)
    // and duels it (FP2 to 3 HP). Then only F is drawn: FP2 duels MP twice
    // (MP 3 -> 1 HP), MP duels FP2 twice (3 -> 1 HP), and FP2's next duel
    // kills MP, its second F unplayed.
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D D D F\nDEAD\n".to_string())
    );
    // If the dead FP3 still takes its turn, it draws K F, and MP only ever
    // draws F: MP duels FP2 (4 -> 2 HP), FP2 duels MP (3 -> 1 HP), and MP's
    // next two duels kill FP2, the last rebel.
    assert_eq!(
        with_rule(&game, DecisionKind::NextTurn, &[], 1),
        "MP\nD D D\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_dead_pig_prints_dead_and_a_deviation_may_print_its_last_hand() {
    // The same game by the rules: MP dies holding D D D.
    let game = game(DEAD_NEXT_PIG);
    let (_, log) = decisions(&game, Budget::default());
    let lord = find(&log, DecisionKind::PrintDead, |d| d.actor == 0);
    assert_eq!(lord.rule, Choice(0), "DEAD");
    assert!(lord.context.has(Feature::ActorDead));
    let lord_only = [(Feature::ActorLord, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::PrintDead, &lord_only, 1),
        "FP\nD D D\nD D D D F\nDEAD\n"
    );
    assert_eq!(
        with_rule(&game, DecisionKind::PrintDead, &lord_only, 2),
        "FP\n\nD D D D F\nDEAD\n"
    );
}

#[test]
fn an_invasion_asks_every_other_pig_and_a_deviation_may_pass_over_the_lord() {
    // ZP2's four invasions: FP3 (no kill) loses 1 HP each and dies at the
    // fourth, the last rebel: MP wins at once. MP discards its kill to the
    // first and takes 1 damage from the second and third.
    let game = game("3 4\nMP K D D D\nZP N N N N\nFP D D D D\nD D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let asks = find(&log, DecisionKind::AreaAsks, |d| d.subject == Some(0));
    assert_eq!((asks.turn, asks.actor, asks.rule), (2, 1, Choice(0)));
    assert!(asks.context.has(Feature::ActorLoyalist) && asks.context.has(Feature::SubjectLord));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D D\nD D\nDEAD\n".to_string())
    );
    // A loyalist's invasion that passes over the lord: MP keeps its kill.
    let loyalist_spares_lord = [(Feature::ActorLoyalist, true), (Feature::SubjectLord, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::AreaAsks, &loyalist_spares_lord, 1),
        "MP\nK D D D D D\nD D\nDEAD\n"
    );
}

#[test]
fn a_second_kill_is_the_kill_limits_decision_with_the_crossbow_of_this_turn() {
    // Turn 2: FP2 equips its crossbow, kills MP (dodged), and may kill
    // again because of the crossbow it equipped in this very turn.
    let game = game("2 4\nMP D D D D\nFP Z K K D\nD D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let limit = find(&log, DecisionKind::KillLimit, |d| d.actor == 1);
    assert_eq!((limit.turn, limit.rule), (2, Choice(1)));
    for feature in [
        Feature::ActorCrossbow,
        Feature::CrossbowThisTurn,
        Feature::KillPlayed,
        Feature::KillDodged,
    ] {
        assert!(limit.context.has(feature), "{feature}");
    }
    assert!(!limit.context.has(Feature::RewardSinceKill));
    // Only a crossbow of an earlier turn would be ignored by this rule.
    let rule = DeviationRule {
        kind: DecisionKind::KillLimit,
        when: ContextRule::of(&[(Feature::CrossbowThisTurn, false)]),
        choose: Choice(0),
    };
    assert!(!log.iter().filter(|d| d.turn == 2).any(|d| rule.changes(d)));
}

#[test]
fn a_nullify_round_may_start_at_the_tricks_target_in_a_deviating_run() {
    for index in 0..300 {
        let game = corpus_game(index);
        let (_, log) = decisions(&game, Budget::default());
        for d in log
            .iter()
            .filter(|d| d.kind == DecisionKind::NullifyRoundStart)
        {
            assert!(d.is_legal(Choice(3)), "game {index}: at the target");
            assert_eq!(
                d.is_legal(Choice(2)),
                d.context.has(Feature::CounterRound),
                "game {index}: again from the player only in a counter round"
            );
        }
    }
}

#[test]
fn nothing_more_happens_once_an_invasion_decides_the_game() {
    // ZP2's four invasions: MP discards a kill to each of the first three
    // and FP3 (no kill) loses 1 HP each; the fourth kills FP3, the last
    // rebel, before MP is asked: MP wins with K D D.
    let game = game("3 4\nMP K K K K\nZP N N N N\nFP D D D D\nD D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let stops = find(&log, DecisionKind::GameOverStops, |_| true);
    assert_eq!((stops.turn, stops.actor, stops.subject), (2, 1, Some(2)));
    assert_eq!(stops.rule, Choice(0));
    assert_eq!(stops.kind.section(), "Damage, dying, death");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nK D D\nD D\nDEAD\n".to_string())
    );
    // If the invasion goes on, MP is still asked and discards its last kill.
    for goes_on in [1, 2] {
        assert_eq!(
            with_rule(&game, DecisionKind::GameOverStops, &[], goes_on),
            "MP\nD D\nD D\nDEAD\n",
            "alternative {goes_on}"
        );
    }
}

#[test]
fn a_revealed_pig_playing_a_kill_duel_or_nullify_reveals_again_and_clears_a_suspicion() {
    // Only a deviation leaves a revealed pig suspected: here a lord that
    // also suspects revealed players. At that pig's next kill, duel or
    // nullify the suspicion is decided on again, and by the rules (a reveal
    // clears the lord's suspicion) it is cleared.
    let suspects_revealed = DeviationRule {
        kind: DecisionKind::Suspect,
        when: ContextRule::of(&[(Feature::Damaged, true), (Feature::SubjectRevealed, true)]),
        choose: Choice(1),
    };
    let mut again = 0;
    for index in 0..3_000 {
        let game = corpus_game(index);
        let (mut events, mut log) = (Vec::new(), Vec::new());
        let deviation = [Deviation::Rule(suspects_revealed)];
        let _ = deviated_run(&game, Budget::default(), &deviation, &mut events, &mut log);
        for d in log
            .iter()
            .filter(|d| d.kind == DecisionKind::ClearSuspicion)
        {
            assert_eq!(d.rule, Choice(0), "game {index}: a reveal clears");
            if d.context.has(Feature::ActorRevealed) {
                again += 1;
                assert!(matches!(
                    d.card,
                    Some(Card::Kill | Card::Duel | Card::Nullify)
                ));
            }
        }
    }
    assert!(again > 0, "some suspected revealed pig plays again");
}

/// MP draws N N (the deck's last card, kept) and its invasions hurt FP2
/// (no kill) to 2 HP. FP2 draws N N and plays its six invasions: MP
/// discards its four kills, then takes 2 damage (2 HP). MP draws N N again
/// and its two invasions kill FP2, the last rebel. MP's hand is empty; the
/// last card that left it is the invasion it played last.
const EMPTY_HANDED_LORD: &str = "2 2\nMP K K K K\nFP N N N N\nN N\n";

#[test]
fn an_empty_hand_prints_an_empty_line_and_a_deviation_may_print_its_last_card() {
    let game = game(EMPTY_HANDED_LORD);
    assert_eq!(reference_text(&game), Ok("MP\n\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let line = find(&log, DecisionKind::PrintEmptyLine, |d| d.actor == 0);
    assert_eq!(line.rule, Choice(0), "an empty line");
    assert_eq!(line.kind.section(), "Output");
    assert_eq!(
        with_rule(&game, DecisionKind::PrintEmptyLine, &[], 2),
        "MP\nN\nDEAD\n"
    );
    assert_eq!(
        with_rule(&game, DecisionKind::PrintEmptyLine, &[], 1),
        "MP\nDEAD\n"
    );
}

#[test]
fn a_pig_at_zero_hp_is_dying_and_a_deviation_may_wait_until_below_zero() {
    // By the rules MP's second invasion of turn 3 kills FP2 at 0 HP.
    let game = game(EMPTY_HANDED_LORD);
    let (_, log) = decisions(&game, Budget::default());
    let zero = find(&log, DecisionKind::DyingAtZero, |d| d.actor == 1);
    assert_eq!((zero.turn, zero.rule), (3, Choice(0)));
    assert!(zero.context.has(Feature::TrickInvasion) && zero.context.has(Feature::SubjectLord));
    assert_eq!(zero.kind.section(), "Damage, dying, death");
    // If 0 HP from an invasion is not dying yet: FP2 lives at 0 HP, draws
    // N N and hurts MP to 0 HP (alive too); MP draws N N and its first
    // invasion takes FP2 below 0: it dies, and MP keeps one invasion.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::DyingAtZero,
            &[(Feature::TrickArea, true)],
            1
        ),
        "MP\nN\nDEAD\n"
    );
}

#[test]
fn a_crossbow_among_the_starting_cards_stays_in_the_hand_until_played() {
    // "Every pig starts with ... the 4 cards of its input line ... No
    // weapon." MP plays nothing in turn 1 (D D drawn); FP2's four duels
    // (D D drawn) find MP without a kill and kill it before ZP3's turn:
    // ZP3 never plays, and its crossbow is still a card of its hand.
    let game = game("3 2\nMP D D D D\nFP F F F F\nZP Z D D D\nD D\n");
    let (_, log) = decisions(&game, Budget::default());
    let weapon = find(&log, DecisionKind::StartWeapon, |_| true);
    assert_eq!((weapon.turn, weapon.actor, weapon.rule), (0, 2, Choice(0)));
    assert_eq!(weapon.kind.section(), "Set-up");
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D\nZ D D D\n".to_string())
    );
    // Equipped at set-up, the crossbow leaves the hand (a weapon is never
    // printed).
    assert_eq!(
        with_rule(&game, DecisionKind::StartWeapon, &[], 1),
        "FP\nDEAD\nD D\nD D D\n"
    );
}

#[test]
fn an_invasion_goes_forward_and_a_deviation_may_walk_it_backward() {
    // ZP2's four invasions ask FP3, then MP. FP3 (no kill) dies at the
    // fourth, the last rebel, before MP is asked a fourth time: MP keeps
    // one kill.
    let game = game("3 4\nMP K K K K\nZP N N N N\nFP D D D D\nD D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let start = find(&log, DecisionKind::AreaStart, |_| true);
    assert_eq!((start.turn, start.actor, start.rule), (2, 1, Choice(0)));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nK D D\nD D\nDEAD\n".to_string())
    );
    // Going backward, MP is asked first every time and gives up all four.
    assert_eq!(
        with_rule(&game, DecisionKind::AreaStart, &[], 2),
        "MP\nD D\nD D\nDEAD\n"
    );
}

#[test]
fn a_dead_pig_in_the_last_seats_still_prints_dead() {
    // MP and FP3 die; only FP3 sits after every living pig. "One line per
    // pig in input order: DEAD, or its hand".
    let game = game(DEAD_NEXT_PIG);
    let (_, log) = decisions(&game, Budget::default());
    let rebel = find(&log, DecisionKind::PrintDead, |d| d.actor == 2);
    let lord = find(&log, DecisionKind::PrintDead, |d| d.actor == 0);
    assert!(rebel.context.has(Feature::ActorNoLivingAfter));
    assert!(!lord.context.has(Feature::ActorNoLivingAfter));
    // A program whose loop stops at the last living seat drops FP3's line.
    let trailing = [(Feature::ActorNoLivingAfter, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::PrintDead, &trailing, 3),
        "FP\nDEAD\nD D D D F\n"
    );
}

/// FP2 holds a peach between its duels; MP draws F F, ZP3 holds dodges.
const PEACH_BEFORE_DUELS: &str = "3 2\nMP D D D D\nFP F P F F\nZP D D D D\nF F\n";

#[test]
fn the_scan_passes_a_card_it_may_not_play_and_plays_a_later_one() {
    // Turn 1: MP draws F F and has no duel target. Turn 2: FP2 draws F F;
    // its peach is not playable at full HP, but the scan passes it, and
    // four duels kill MP (no kill to discard): FP2 keeps P F.
    let game = game(PEACH_BEFORE_DUELS);
    let (_, log) = decisions(&game, Budget::default());
    let passes = find(&log, DecisionKind::ScanPasses, |d| d.actor == 1);
    assert_eq!(
        (passes.turn, passes.card, passes.rule),
        (2, Some(Card::Peach), Choice(0))
    );
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nP F\nD D D D\n".to_string())
    );
    // If a rebel's scan stops at the peach, FP2 duels MP once (MP at 3
    // HP) and ends its phase. ZP3 draws F F and duels the revealed FP2
    // twice (4 -> 2 HP); MP draws F F and duels FP2 three times: it eats
    // its peach at 0 HP and dies at the third, the last rebel.
    let rebel = [(Feature::ActorRebel, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::ScanPasses, &rebel, 1),
        "MP\nD D D D F\nDEAD\nD D D D\n"
    );
}

#[test]
fn every_kind_is_a_decision_of_some_corpus_game_with_another_legal_choice() {
    let mut seen = std::collections::BTreeSet::new();
    for index in 0..400 {
        let (_, log) = decisions(&corpus_game(index), Budget::default());
        for decision in &log {
            if decision.deviations().next().is_some() {
                seen.insert(decision.kind);
            }
        }
    }
    let missing: Vec<DecisionKind> = DecisionKind::ALL
        .iter()
        .copied()
        .filter(|kind| !seen.contains(kind))
        .collect();
    assert!(
        missing.is_empty(),
        "never taken with an alternative: {missing:?}"
    );
}

#[test]
fn only_a_kill_answers_a_duel_and_a_deviation_may_answer_with_a_dodge() {
    // By the rules MP, holding dodges but no kill, loses each of FP2's
    // duels (see the scan's test): FP2 wins, keeping P F.
    let game = game(PEACH_BEFORE_DUELS);
    let (_, log) = decisions(&game, Budget::default());
    let answer = find(&log, DecisionKind::AnswerWith, |d| d.actor == 0);
    assert_eq!(
        (answer.turn, answer.subject, answer.rule),
        (2, Some(1), Choice(0))
    );
    assert!(answer.is_legal(Choice(2)) && !answer.is_legal(Choice(1)));
    // If the lord answers a duel's kill with a dodge: FP2 (no kill, no
    // dodge) loses the first duel (3 HP), eats its peach (4 HP), and loses
    // three more while MP gives up its four dodges; at the fifth MP has
    // nothing and takes 1 damage. ZP3 then draws F F and duels the revealed
    // FP2, which loses and dies at 0 HP, the last rebel: MP wins.
    let lord = [(Feature::ActorLord, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::AnswerWith, &lord, 2),
        "MP\nF F\nDEAD\nD D D D F\n"
    );
}

/// FP2's six duels meet an MP without kills; MP holds one peach, and the
/// deck is P F (F, the last card, drawn again and again).
const SIX_DUELS: &str = "2 2\nMP D D D D\nFP F F F F\nP F\n";

#[test]
fn the_decks_last_card_stays_and_a_deviation_may_start_the_deck_again() {
    // Turn 1: MP draws P and F (the last card, left in place); it is at
    // full HP and has no duel target. Turn 2: FP2 draws F F and duels MP:
    // the fourth duel brings MP to 0 HP, it eats its peach (1 HP), and the
    // fifth kills it. FP2 keeps one F.
    let game = game(SIX_DUELS);
    let (_, log) = decisions(&game, Budget::default());
    let last = find(&log, DecisionKind::LastCardKept, |_| true);
    assert_eq!((last.turn, last.actor, last.rule), (1, 0, Choice(0)));
    assert_eq!(last.kind.section(), "Set-up");
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nF\n".to_string()));
    // A deck that starts again from its first card gives FP2 P and F: its
    // four duels bring MP to 0 HP (it eats its peach), its P is not
    // playable at full HP, and the F after it kills MP.
    assert_eq!(
        with_rule(&game, DecisionKind::LastCardKept, &[], 2),
        "FP\nDEAD\nP\n"
    );
    // "its hand left to right": a program that prints an empty line for a
    // hand of one card.
    let one = [(Feature::ActorHoldsOne, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::PrintHand, &one, 1),
        "FP\nDEAD\n\n"
    );
}

/// Turn 2: FP2 duels MP once (3 HP) and reveals; turn 3: FP3 duels MP
/// twice (1 HP) and reveals. Turn 4: MP draws F F and duels FP2 four
/// times: FP2 dies, and FP3 is the one rebel left. The deck's last card
/// is F.
const TWO_REBELS: &str = "3 7\nMP F F F F\nFP F D D D\nFP F F D D\nD D D D D D F\n";

#[test]
fn the_lord_wins_only_when_no_rebel_is_left() {
    // By the rules MP draws its reward (F F F) for FP2 and duels the
    // revealed FP3 four times: FP3 dies, the last rebel, and MP keeps
    // D D F.
    let game = game(TWO_REBELS);
    let (_, log) = decisions(&game, Budget::default());
    let last = find(&log, DecisionKind::LastRebel, |_| true);
    assert_eq!(
        (last.turn, last.actor, last.subject, last.rule),
        (4, 1, Some(2), Choice(0))
    );
    assert_eq!(last.kind.section(), "Damage, dying, death");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D F\nDEAD\nDEAD\n".to_string())
    );
    // Rebels counted one off: FP2's death ends the game at once, before
    // any reward, with FP3 alive.
    assert_eq!(
        with_rule(&game, DecisionKind::LastRebel, &[], 1),
        "MP\nD D F F\nDEAD\nD D D D\n"
    );
}

#[test]
fn a_duel_looks_past_the_dead_and_a_deviation_may_waste_it_on_a_dead_rebel() {
    // The same game: after FP2's death MP's duel search passes the dead
    // seat 2 and finds FP3.
    let game = game(TWO_REBELS);
    let (_, log) = decisions(&game, Budget::default());
    let past = find(&log, DecisionKind::DuelPastDead, |_| true);
    assert_eq!(
        (past.turn, past.actor, past.subject, past.rule),
        (4, 0, Some(1), Choice(0))
    );
    assert!(past.is_legal(Choice(2)), "the dead FP2 is one MP attacks");
    // A search that takes the dead, revealed FP2 wastes MP's five duels
    // on it. Turn 5: FP3 draws F F, and its first duel kills MP (1 HP).
    let lord = [(Feature::ActorLord, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::DuelPastDead, &lord, 2),
        "FP\nDEAD\nDEAD\nD D D D F\n"
    );
}

/// Turn 1 by the rules: MP draws K, then D (the deck's last card, left in
/// place), and plays its four invasions: FP2 holds no kill, takes four
/// damage and dies, the last rebel. MP wins holding K D (the invasions,
/// leftmost, were always played before the kill was looked at).
const LORD_FIRST: &str = "2 2\nMP N N N N\nFP D D D D\nK D\n";

#[test]
fn the_lord_takes_the_first_turn_and_a_deviation_may_start_the_walk_one_seat_later() {
    let game = game(LORD_FIRST);
    let (_, log) = decisions(&game, Budget::default());
    let first = find(&log, DecisionKind::FirstTurn, |_| true);
    assert_eq!(
        (first.turn, first.actor, first.subject, first.rule),
        (0, 0, Some(1), Choice(0)),
        "before any turn, the lord's turn comes first"
    );
    assert_eq!(first.kind.section(), "Set-up");
    assert_eq!(reference_text(&game), Ok("MP\nK D\nDEAD\n".to_string()));
    // If FP2 takes the first turn, it draws K D and kills MP, its next
    // pig (MP holds no dodge: 3 HP). MP then draws D D (the last card
    // again) and its four invasions kill FP2: MP wins holding D D.
    assert_eq!(
        with_rule(&game, DecisionKind::FirstTurn, &[], 1),
        "MP\nD D\nDEAD\n"
    );
}

/// Turn 1: MP draws N N (the deck's one card, left in place) and plays
/// its invasions. FP2 discards a kill to each of the first four; FP3,
/// with no kill, loses 1 HP to each and dies of the fourth (after FP2 has
/// discarded its last kill). MP draws its reward, N N N, and its next
/// four invasions kill FP2 (no kill left), the last rebel.
const INVASION_DEATH: &str = "3 1\nMP N N N N\nFP K K K K\nFP D D D D\nN\n";

#[test]
fn an_invasion_goes_on_after_a_death_and_a_deviation_may_start_it_again() {
    let game = game(INVASION_DEATH);
    let (_, log) = decisions(&game, Budget::default());
    let death = find(&log, DecisionKind::AreaContinues, |_| true);
    assert_eq!(
        (death.turn, death.actor, death.subject, death.rule),
        (1, 0, Some(2), Choice(0)),
        "FP3 dies of MP's fourth invasion: the walk goes on"
    );
    assert_eq!(death.kind.section(), "Responses");
    // MP holds 6 N, plays 4, draws 3 and plays 4 more: one N is left.
    assert_eq!(reference_text(&game), Ok("MP\nN\nDEAD\nDEAD\n".to_string()));
    // If the walk starts again from MP's next pig when FP3 dies, FP2 is
    // asked again: no kill left, 3 HP. Three more invasions kill it, and
    // MP keeps two.
    assert_eq!(
        with_rule(&game, DecisionKind::AreaContinues, &[], 2),
        "MP\nN N\nDEAD\nDEAD\n"
    );
}

/// Turn 1: MP draws P P (the deck's one card, left in place) and plays
/// its four invasions: FP2, with no kill, dies of the fourth, the last
/// rebel, before ZP3 is asked (ZP3 has discarded three of its kills).
const GAME_OVER_IN_ROUND: &str = "3 1\nMP N N N N\nFP D D D D\nZP K K K K\nP\n";

#[test]
fn the_game_ends_at_once_and_a_deviation_may_let_the_round_draw_on() {
    let game = game(GAME_OVER_IN_ROUND);
    let (_, log) = decisions(&game, Budget::default());
    let over = find(&log, DecisionKind::RoundAfterGameOver, |_| true);
    assert_eq!((over.turn, over.actor, over.rule), (1, 0, Choice(0)));
    assert_eq!(over.kind.section(), "Damage, dying, death");
    assert_eq!(reference_text(&game), Ok("MP\nP P\nDEAD\nK\n".to_string()));
    // The end checked only once the round is over: ZP3, alive after MP in
    // the round, still draws its 2 cards (P P).
    assert_eq!(
        with_rule(&game, DecisionKind::RoundAfterGameOver, &[], 1),
        "MP\nP P\nDEAD\nK P P\n"
    );
}

/// Turn 1: MP draws D D (the deck's one card, left in place) and can
/// play nothing. Turn 2: FP2 draws two cards and its four duels kill MP,
/// who holds no kill.
const LAST_CARD_COPIED: &str = "2 1\nMP D D D D\nFP F F F F\nD\n";

#[test]
fn the_decks_last_card_is_drawn_again_and_a_deviation_may_copy_the_hands_last_card() {
    let game = game(LAST_CARD_COPIED);
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD D\n".to_string()));
    // "The last card" read as the drawer's own rightmost card once the
    // deck is down to its last: FP2 draws F F, copies of its rightmost F
    // (MP's copies of its D change nothing).
    assert_eq!(
        with_rule(&game, DecisionKind::LastCardKept, &[], 3),
        "FP\nDEAD\nF F\n"
    );
}

/// Turn 1: MP's volley hurts FP2 (3 HP). Turn 2: FP2 kills at MP (MP
/// dodges), eats a peach (4 HP) and may not kill again. Turn 3: MP draws
/// F F and duels FP2 five times: FP2 discards its kill in the first (MP,
/// with none, takes the damage) and eats its peach at 0 HP. Turn 4: FP2's
/// two duels bring MP to 1 HP; turn 5: MP's duel kills FP2.
const KILL_AFTER_PEACH: &str = "2 5\nMP W F F F\nFP K P K P\nD D D D F\n";

#[test]
fn one_kill_a_phase_and_a_deviation_may_allow_another_after_another_card() {
    let game = game(KILL_AFTER_PEACH);
    let (_, log) = decisions(&game, Budget::default());
    let limit = find(&log, DecisionKind::KillLimit, |_| true);
    assert_eq!((limit.turn, limit.actor, limit.rule), (2, 1, Choice(0)));
    assert!(
        limit.context.has(Feature::PlayedSinceKill),
        "FP2 ate a peach since its kill"
    );
    assert_eq!(reference_text(&game), Ok("MP\nD F\nDEAD\n".to_string()));
    // The limit read as "no kill right after a kill": after its peach FP2
    // kills again (MP dodges). In turn 3 FP2 holds no kill: MP's fifth
    // duel kills it, and MP keeps no card.
    let since = [(Feature::PlayedSinceKill, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::KillLimit, &since, 1),
        "MP\n\nDEAD\n"
    );
}

/// Turn 1: MP's three invasions bring FP2 to 1 HP. Turn 2: FP2's volley:
/// MP protects itself with its J; FP2's duel: MP discards its kill and
/// FP2, with none, dies of the damage.
const PROTECTED_HOLDING_DODGE: &str = "2 4\nMP N N N J\nFP W F D D\nK D D D\n";

#[test]
fn a_pig_protects_whatever_it_holds_and_a_deviation_may_not_protect_one_that_can_answer() {
    let game = game(PROTECTED_HOLDING_DODGE);
    let (_, log) = decisions(&game, Budget::default());
    let wants = find(&log, DecisionKind::NullifyWants, |d| {
        d.turn == 2 && d.rule == Choice(1)
    });
    assert_eq!((wants.actor, wants.subject), (0, Some(0)));
    assert!(
        wants.context.has(Feature::SubjectHoldsAnswer),
        "MP holds a dodge"
    );
    assert_eq!(wants.kind.section(), "Nullify (J)");
    assert_eq!(reference_text(&game), Ok("MP\nD\nDEAD\n".to_string()));
    // Nobody protects a pig that holds the card that answers: MP discards
    // its dodge to the volley and its kill in the duel, and keeps its J.
    let answers = [(Feature::SubjectHoldsAnswer, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::NullifyWants, &answers, 0),
        "MP\nJ\nDEAD\n"
    );
}

/// Turn 1 as above. Turn 2: FP2's volley: MP protects itself and FP2
/// (unrevealed, holding a J) cancels that protection, so MP discards its
/// dodge; FP2's duel: MP discards its kill, and FP2 dies of the damage.
const COUNTERED_PROTECTION: &str = "2 4\nMP N N N J\nFP W F J D\nK D D D\n";

#[test]
fn a_round_passes_a_pig_that_will_not_play_its_nullify_and_a_deviation_may_end_there() {
    let game = game(COUNTERED_PROTECTION);
    let (_, log) = decisions(&game, Budget::default());
    let past = find(&log, DecisionKind::RoundGoesOn, |d| {
        d.turn == 2 && d.context.has(Feature::ActorHoldsNullify)
    });
    assert_eq!(
        (past.actor, past.subject, past.rule),
        (1, Some(0), Choice(0))
    );
    assert_eq!(past.kind.section(), "Nullify (J)");
    assert_eq!(reference_text(&game), Ok("MP\n\nDEAD\n".to_string()));
    // A round that ends at the first pig holding a J, played or not: FP2
    // (not protecting MP) ends each round on MP at once, so MP keeps its
    // J and loses its dodge and its kill.
    let holds = [(Feature::ActorHoldsNullify, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::RoundGoesOn, &holds, 1),
        "MP\nJ\nDEAD\n"
    );
    // A chain that is one pass round the table: after MP's J the offers
    // go on from the pig after MP to the end of the first pass, which
    // FP2 began; nobody is left, MP's J stands and the volley misses it.
    let counter = [(Feature::CounterRound, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::NullifyRoundStart, &counter, 6),
        "MP\nD\nDEAD\n"
    );
}

/// Turn 2: FP2 duels MP twice (2 HP) and reveals; turn 3: FP3 kills at
/// MP (MP dodges) and reveals. Turn 4: MP's invasion: FP2 protects
/// itself with a J, and FP2's other J protects FP3. Turn 5: FP2's two
/// duels kill MP.
const ALLY_PROTECTS_FIRST: &str = "3 10\nMP D D D D\nFP F J J F\nFP K J D D\nD D D D D D N D F F\n";

#[test]
fn a_round_starts_at_the_tricks_player_and_a_deviation_may_ask_the_target_first() {
    let game = game(ALLY_PROTECTS_FIRST);
    let (_, log) = decisions(&game, Budget::default());
    let start = find(&log, DecisionKind::NullifyRoundStart, |d| d.turn == 4);
    assert_eq!((start.actor, start.rule), (0, Choice(0)));
    assert!(
        start.is_legal(Choice(5)),
        "a first round may ask the target first"
    );
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D\nJ D D D D\n".to_string())
    );
    // The target asked alone first: FP3 protects itself with its own J,
    // and FP2 keeps its second J.
    assert_eq!(
        with_rule(&game, DecisionKind::NullifyRoundStart, &[], 5),
        "FP\nDEAD\nJ D D\nD D D D\n"
    );
}

/// Turn 2: ZP2's two invasions hurt MP twice (2 HP): MP suspects it.
/// Turn 3: FP3 kills at MP (MP dodges) and reveals. Turn 5: ZP2 kills at
/// FP3 and reveals, which clears the suspicion. Turn 7: MP draws a kill
/// but has no kill target. Turn 9: FP3's first duel costs MP its kill
/// (FP3 is hurt), the second hurts MP (1 HP); turn 10: MP's duels bring
/// FP3 to 1 HP; turn 11: ZP2's duel kills FP3, the last rebel.
const SUSPECTED_TWICE: &str = "3 17\nMP D D D D\nZP N N D D\nFP K K K D\n\
    D D D D D D D D K D D D K D D D F\n";

#[test]
fn a_reveal_clears_a_suspicion_and_a_deviation_may_count_suspicions() {
    let game = game(SUSPECTED_TWICE);
    let (_, log) = decisions(&game, Budget::default());
    let clear = find(&log, DecisionKind::ClearSuspicion, |_| true);
    assert_eq!((clear.turn, clear.actor, clear.rule), (5, 1, Choice(0)));
    assert!(
        clear.context.has(Feature::SuspectedTwice),
        "hurt by two invasions"
    );
    assert_eq!(clear.kind.section(), "Targets (hostility)");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D D D D D\nD D D D D D D F\nDEAD\n".to_string())
    );
    // A suspicion kept as a count (two raised, one reveal): in turn 7 MP
    // kills at the suspected ZP2 (it dodges), and in turn 9 FP3's duels
    // kill MP, who has no kill left.
    let twice = [(Feature::SuspectedTwice, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::ClearSuspicion, &twice, 1),
        "FP\nDEAD\nD D D D D D\nD D D D\n"
    );
}

/// Turn 2: FP2 equips its crossbow, replaces it with the second, and
/// kills four times at MP (two dodged: 2 HP). Turn 3: MP draws F F and
/// its four duels kill FP2, which holds no kill.
const SECOND_CROSSBOW: &str = "2 5\nMP F F F F\nFP Z Z K K\nD D K K F\n";

#[test]
fn a_second_crossbow_replaces_the_first_and_a_deviation_may_leave_no_weapon() {
    let game = game(SECOND_CROSSBOW);
    let (_, log) = decisions(&game, Budget::default());
    let equip = find(&log, DecisionKind::EquipReplaces, |_| true);
    assert_eq!((equip.turn, equip.actor, equip.rule), (2, 1, Choice(0)));
    assert_eq!(equip.kind.section(), "A turn");
    assert_eq!(reference_text(&game), Ok("MP\nF F\nDEAD\n".to_string()));
    // Left with no weapon, FP2 kills once (dodged) and keeps three kills:
    // in turn 3 MP's first three duels cost MP 3 HP, the next three bring
    // FP2 to 1 HP, and in turn 4 FP2's duel kills MP (1 HP).
    assert_eq!(
        with_rule(&game, DecisionKind::EquipReplaces, &[], 1),
        "FP\nDEAD\nF\n"
    );
}

/// Turn 1: MP's invasion hurts both unrevealed FPs. Turn 2: FP2's two
/// invasions bring FP3 to 1 HP and MP to 2 HP: MP suspects FP2. Turn 3:
/// FP3 heals, and its two invasions bring MP to 0 HP (it eats its peach)
/// and FP2 to 1 HP: MP suspects FP3 as well. Turn 4: MP duels the first
/// pig it suspects, FP2, which holds no kill and dies (MP draws N N N);
/// two invasions then kill FP3.
const TWO_SUSPECTS: &str = "3 2\nMP F D D D\nFP D D D D\nFP D D D P\nP N\n";

#[test]
fn the_lord_suspects_several_pigs_and_a_deviation_may_keep_one_at_a_time() {
    let game = game(TWO_SUSPECTS);
    let (_, log) = decisions(&game, Budget::default());
    let second = find(&log, DecisionKind::SuspicionReplaces, |_| true);
    assert_eq!(
        (second.turn, second.actor, second.subject, second.rule),
        (3, 2, Some(1), Choice(0))
    );
    assert_eq!(second.kind.section(), "Responses");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D N N N\nDEAD\nDEAD\n".to_string())
    );
    // Suspecting FP3 drops FP2: in turn 4 MP duels FP3 (1 HP left), and
    // its invasion kills FP2 (reward N N N), then FP3, one N more kept.
    assert_eq!(
        with_rule(&game, DecisionKind::SuspicionReplaces, &[], 1),
        "MP\nD D D N N N N\nDEAD\nDEAD\n"
    );
}

/// Turn 1: MP's two volleys cost each FP two dodges. Turn 2: FP2's volleys
/// hurt FP3 twice and MP once: MP suspects FP2. Turn 3: FP3 equips its
/// crossbow and kills at MP, revealing itself; its volleys bring MP to
/// 0 HP (a peach). Turn 4: MP kills at the suspected FP2, heals, and its
/// volleys kill FP3 (reward W W W) and then FP2.
const REVEAL_BESIDE_SUSPECT: &str = "3 1\nMP D P K P\nFP D D D D\nFP Z D K D\nW\n";

#[test]
fn a_reveal_clears_only_its_own_suspicion_and_a_deviation_may_clear_them_all() {
    let game = game(REVEAL_BESIDE_SUSPECT);
    let (_, log) = decisions(&game, Budget::default());
    let reveal = find(&log, DecisionKind::RevealClearsOthers, |_| true);
    assert_eq!(
        (reveal.turn, reveal.actor, reveal.subject, reveal.rule),
        (3, 2, Some(1), Choice(0))
    );
    assert_eq!(reveal.kind.section(), "Targets (hostility)");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nW W\nDEAD\nDEAD\n".to_string())
    );
    // FP3's reveal clears the suspicion of FP2 too: in turn 4 MP keeps its
    // kill (no target), and FP2 dies of the third volley, after FP3.
    assert_eq!(
        with_rule(&game, DecisionKind::RevealClearsOthers, &[], 1),
        "MP\nK W\nDEAD\nDEAD\n"
    );
}

/// Turn 2: FP2 duels MP twice (MP has no kill: 2 HP). Turn 3: MP's four
/// duels kill FP2, which has no kill either.
const DUELS_WITHOUT_KILLS: &str = "2 1\nMP D D D D\nFP D D D D\nF\n";

#[test]
fn a_duel_ends_at_its_damage_and_a_deviation_may_fight_to_the_death() {
    let game = game(DUELS_WITHOUT_KILLS);
    let (_, log) = decisions(&game, Budget::default());
    let ends = find(&log, DecisionKind::DuelEnds, |_| true);
    assert_eq!(
        (ends.turn, ends.actor, ends.subject, ends.rule),
        (2, 0, Some(1), Choice(0))
    );
    assert_eq!(ends.kind.section(), "Responses");
    assert_eq!(reference_text(&game), Ok("MP\nD D D D\nDEAD\n".to_string()));
    // FP2's first duel goes on: MP, with no kill, takes 1 damage four
    // times and dies.
    assert_eq!(
        with_rule(&game, DecisionKind::DuelEnds, &[], 1),
        "FP\nDEAD\nD D D D F\n"
    );
    // A duel search that stops one pig early: MP's only other pig is the
    // last before it, so MP never duels, and FP2's duels in turn 4 kill it.
    assert_eq!(
        with_rule(&game, DecisionKind::DuelSearch, &[], 5),
        "FP\nDEAD\nD D D D\n"
    );
}

/// Turn 2: FP2 reveals, dueling MP twice (2 HP). Turn 3: ZP3 passes MP and
/// duels FP2 twice (2 HP). Turn 4: MP's two duels kill FP2.
const LOYALIST_DUELS_PAST_THE_LORD: &str = "3 1\nMP D D D D\nFP D D D D\nZP D D D D\nF\n";

/// Turn 3: FP3 duels MP; ZP2 protects MP with its nullify and reveals.
/// Turn 4: MP passes the revealed ZP2 and its four duels kill FP3.
const LORD_DUELS_PAST_A_LOYALIST: &str = "3 1\nMP D D D D\nZP J D D D\nFP D D D D\nF\n";

#[test]
fn a_duel_goes_to_the_first_enemy_and_deviations_may_stop_the_search_short() {
    let past_lord = game(LOYALIST_DUELS_PAST_THE_LORD);
    let (_, log) = decisions(&past_lord, Budget::default());
    let search = find(&log, DecisionKind::DuelSearch, |d| d.actor == 2);
    assert_eq!((search.turn, search.rule), (3, Choice(0)));
    assert_eq!(search.kind.section(), "Targets (hostility)");
    assert_eq!(
        reference_text(&past_lord),
        Ok("MP\nD D D D F F\nDEAD\nD D D D\n".to_string())
    );
    // A loyalist's duel at distance 1, like a kill (a rule of "A turn": a
    // duel goes at any distance): ZP3's next pig is MP, so it keeps its
    // duels, and MP needs four to kill FP2.
    let loyalist = [(Feature::ActorLoyalist, true)];
    let distance = find(&log, DecisionKind::DuelDistance, |d| d.actor == 2);
    assert_eq!((distance.turn, distance.subject), (3, Some(1)));
    assert_eq!(distance.kind.section(), "A turn");
    assert_eq!(
        with_rule(&past_lord, DecisionKind::DuelDistance, &loyalist, 1),
        "MP\nD D D D\nDEAD\nD D D D F F\n"
    );
    let past_loyalist = game(LORD_DUELS_PAST_A_LOYALIST);
    assert_eq!(
        reference_text(&past_loyalist),
        Ok("MP\nD D D D\nD D D F F\nDEAD\n".to_string())
    );
    // MP's search stops at the first revealed pig, ZP2, which it does not
    // attack: no duel; in turn 5 ZP2's four duels kill FP3.
    let lord = [(Feature::ActorLord, true)];
    assert_eq!(
        with_rule(&past_loyalist, DecisionKind::DuelSearch, &lord, 4),
        "MP\nD D D D F F F F\nD D D\nDEAD\n"
    );
}

/// Turn 2: FP2 duels MP, which discards its kill and wins (FP2 3 HP); the
/// second duel costs MP 1 HP. Turn 3: MP's three duels kill FP2.
const ONE_KILL_AGAINST_A_DUEL: &str = "2 1\nMP D D D K\nFP D D D D\nF\n";

#[test]
fn a_duels_target_fights_and_a_deviation_may_give_in_after_one_kill() {
    let game = game(ONE_KILL_AGAINST_A_DUEL);
    let (_, log) = decisions(&game, Budget::default());
    let duel = find(&log, DecisionKind::DuelYield, |_| true);
    assert_eq!((duel.turn, duel.actor, duel.rule), (2, 0, Choice(0)));
    assert_eq!(reference_text(&game), Ok("MP\nD D D F\nDEAD\n".to_string()));
    // MP discards its kill and still takes the damage: FP2 keeps 4 HP, and
    // MP needs all four duels in turn 3.
    assert_eq!(
        with_rule(&game, DecisionKind::DuelYield, &[], 2),
        "MP\nD D D\nDEAD\n"
    );
}

/// Turn 2: FP2 duels MP (3 HP), kills at it (dodged), and its three
/// other duels kill MP.
const KILL_BESIDE_DUELS: &str = "2 1\nMP D D D D\nFP D F K F\nF\n";

#[test]
fn a_pig_kills_though_it_holds_a_duel_and_a_deviation_may_keep_to_its_duels() {
    let game = game(KILL_BESIDE_DUELS);
    let (_, log) = decisions(&game, Budget::default());
    let kill = find(&log, DecisionKind::KillBesideDuel, |_| true);
    assert_eq!(
        (kill.turn, kill.actor, kill.subject, kill.rule),
        (2, 1, Some(0), Choice(0))
    );
    assert_eq!(kill.kind.section(), "Targets (hostility)");
    assert!(!kill.is_legal(Choice(2)), "its duel goes to the same pig");
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD\n".to_string()));
    assert_eq!(
        with_rule(&game, DecisionKind::KillBesideDuel, &[], 1),
        "FP\nDEAD\nD K\n"
    );
}

/// Turn 2: FP2 duels MP twice (2 HP); its kill has no target (ZP3 is
/// unrevealed). Turn 3: ZP3 duels FP2: FP2 discards its kill and wins
/// (ZP3 3 HP), then loses the second (3 HP). Turn 4: MP's three duels
/// kill FP2.
const WILLING_WITHOUT_NULLIFY: &str = "3 1\nMP D D D D\nFP D K D D\nZP D D D D\nF\n";

#[test]
fn only_a_nullify_played_reveals_and_a_deviation_may_reveal_the_willing() {
    let game = game(WILLING_WITHOUT_NULLIFY);
    let (_, log) = decisions(&game, Budget::default());
    let willing = find(&log, DecisionKind::WillingReveals, |_| true);
    assert_eq!(
        (willing.turn, willing.actor, willing.subject, willing.rule),
        (2, 2, Some(0), Choice(0))
    );
    assert_eq!(willing.kind.section(), "Nullify (J)");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D F\nDEAD\nD D D D\n".to_string())
    );
    // ZP3 would protect MP from FP2's duel: revealed so, it is FP2's kill
    // target (it dodges); FP2 has no kill left for ZP3's duels in turn 3,
    // and MP needs only two in turn 4.
    assert_eq!(
        with_rule(&game, DecisionKind::WillingReveals, &[], 1),
        "MP\nD D D D F F\nDEAD\nD D D\n"
    );
}

/// Turn 1: MP's three invasions bring both FPs to 1 HP. Turn 2: FP2's
/// invasion kills FP3 (reward F F F); MP protects itself with its nullify
/// (the round: FP2, dead FP3, MP), and FP2's four duels then kill MP.
const ROUND_PAST_A_DEAD_SEAT: &str = "3 1\nMP N N N J\nFP D D N D\nFP D D D D\nF\n";

#[test]
fn a_nullify_round_asks_every_living_pig_and_a_deviation_may_walk_too_few_seats() {
    let game = game(ROUND_PAST_A_DEAD_SEAT);
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D D F\nDEAD\n".to_string())
    );
    // The round walks two seats, as two pigs live: FP2 and dead FP3. MP is
    // not asked: hurt, it suspects FP2, and three duels kill it.
    assert_eq!(
        with_rule(&game, DecisionKind::NullifyRoundStart, &[], 7),
        "FP\nDEAD\nD D D F F\nDEAD\n"
    );
}

/// Turn 2: FP2's duel on MP draws a chain of four nullifies (ZP3, FP2, MP,
/// FP2 again): the duel takes effect (3 HP), and so does the second (2 HP).
/// Turn 3: ZP3 duels FP2 twice (2 HP). Turn 4: MP's two duels kill FP2.
const CHAIN_OF_FOUR: &str = "3 1\nMP J D D D\nFP J D J D\nZP D J D D\nF\n";

#[test]
fn a_pig_nullifies_again_in_a_chain_and_a_deviation_may_ask_it_once() {
    let game = game(CHAIN_OF_FOUR);
    let (_, log) = decisions(&game, Budget::default());
    // FP2, which played the chain's second nullify, is asked again after
    // MP's third: by the rules it plays its other one.
    let again = find(&log, DecisionKind::NullifyWants, |d| {
        d.context.has(Feature::ActorNullifiedInChain) && d.rule == Choice(1)
    });
    assert_eq!((again.turn, again.actor), (2, 1));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D F F\nDEAD\nD D D\n".to_string())
    );
    // FP2 does not cancel MP's nullify: the first duel is cancelled, and
    // FP2 keeps a nullify that protects it from ZP3's first duel; MP then
    // needs three duels.
    let again = [(Feature::ActorNullifiedInChain, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::NullifyWants, &again, 0),
        "MP\nD D D F\nDEAD\nD D D\n"
    );
}

/// Turns 1 to 3: each pig's two volleys cost the others their dodges.
/// Turn 4: MP's volleys hurt both FPs twice. Turn 5: FP2's volleys kill
/// FP3 (reward W W W) and, with two more, MP.
const VOLLEYS_PAST_A_DEAD_REBEL: &str = "3 1\nMP D D D D\nFP D D D D\nFP D D D D\nW\n";

#[test]
fn a_volley_passes_over_the_dead_and_a_deviation_may_kill_them_again() {
    let game = game(VOLLEYS_PAST_A_DEAD_REBEL);
    let (_, log) = decisions(&game, Budget::default());
    let dead = find(&log, DecisionKind::AreaPassesDead, |_| true);
    assert_eq!(
        (dead.turn, dead.actor, dead.subject, dead.rule),
        (5, 1, Some(2), Choice(0))
    );
    assert_eq!(dead.kind.section(), "Responses");
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nW\nDEAD\n".to_string()));
    // Each of FP2's last two volleys kills dead FP3 again: two more
    // rewards of W W W.
    assert_eq!(
        with_rule(&game, DecisionKind::AreaPassesDead, &[], 1),
        "FP\nDEAD\nW W W W W W W\nDEAD\n"
    );
}

/// Turn 2: FP2 duels MP, and ZP3 protects MP with its nullify, revealing
/// itself: FP2 then kills at ZP3 (dodged), and its second duel costs MP
/// 1 HP. Turn 3: ZP3 duels FP2 twice (2 HP). Turn 4: MP's two duels kill it.
const REVEALED_BY_NULLIFY: &str = "3 1\nMP D D D D\nFP K D D D\nZP D D D J\nF\n";

#[test]
fn a_nullify_reveals_a_kill_target_and_a_deviation_may_not_see_that_reveal() {
    let game = game(REVEALED_BY_NULLIFY);
    let (_, log) = decisions(&game, Budget::default());
    let hostile = find(&log, DecisionKind::Hostile, |d| {
        d.context.has(Feature::SubjectRevealedByNullify)
    });
    assert_eq!(
        (hostile.turn, hostile.actor, hostile.subject, hostile.rule),
        (2, 1, Some(2), Choice(1))
    );
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D F F\nDEAD\nD D\n".to_string())
    );
    // FP2 does not attack ZP3, revealed by a nullify: it keeps its kill
    // for ZP3's first duel in turn 3, and MP needs three duels.
    let by_nullify = [(Feature::SubjectRevealedByNullify, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::Hostile, &by_nullify, 0),
        "MP\nD D D D F\nDEAD\nD D D\n"
    );
}

/// Turn 2: FP2 duels MP twice (2 HP). Turn 3: ZP3 duels FP2: FP2 and ZP3
/// each discard their kill, and FP2 loses (3 HP), then loses the second
/// (2 HP). Turn 4: MP's two duels kill FP2.
const PLAYER_WITH_ONE_KILL: &str = "3 1\nMP D D D D\nFP D K D D\nZP D D K D\nF\n";

#[test]
fn a_duels_player_fights_with_every_kill_and_a_deviation_may_keep_its_last() {
    let game = game(PLAYER_WITH_ONE_KILL);
    let (_, log) = decisions(&game, Budget::default());
    let answer = find(&log, DecisionKind::Answers, |d| d.actor == 2);
    assert_eq!((answer.turn, answer.rule), (3, Choice(0)));
    assert!(!answer.context.has(Feature::ActorHoldsTwo));
    assert!(!answer.context.has(Feature::KillPlayed));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D F F\nDEAD\nD D D\n".to_string())
    );
    // The duel's player keeps its last kill when it has played none this
    // phase: ZP3 takes the damage of its first duel, and MP needs three.
    let last_kill = [
        (Feature::ActorPlayedTrick, true),
        (Feature::ActorHoldsTwo, false),
        (Feature::KillPlayed, false),
    ];
    assert_eq!(
        with_rule(&game, DecisionKind::Answers, &last_kill, 1),
        "MP\nD D D D F\nDEAD\nD D K D\n"
    );
}

/// Turn 2: FP2's volley hurts MP (3 HP), who suspects it; FP2's two duels
/// reveal it and bring MP to 1 HP. Turn 3: MP heals three times and its
/// four duels kill FP2.
const UNREVEALED_REBEL_DUELS: &str = "2 1\nMP P P P P\nFP W D D D\nF\n";

#[test]
fn a_rebel_duels_the_lord_unrevealed_and_a_deviation_may_duel_only_once_revealed() {
    let game = game(UNREVEALED_REBEL_DUELS);
    let (_, log) = decisions(&game, Budget::default());
    let duel = find(&log, DecisionKind::RebelDuelTarget, |d| d.turn == 2);
    assert!(!duel.context.has(Feature::ActorRevealed));
    assert_eq!((duel.actor, duel.rule), (1, Choice(0)));
    assert_eq!(reference_text(&game), Ok("MP\nP\nDEAD\n".to_string()));
    // Unrevealed, FP2 plays no duel: MP, at 3 HP, heals once and duels
    // the suspected FP2 to death.
    let unrevealed = [(Feature::ActorRevealed, false)];
    assert_eq!(
        with_rule(&game, DecisionKind::RebelDuelTarget, &unrevealed, 2),
        "MP\nP P P\nDEAD\n"
    );
}

// Decision points of "Set-up", "A turn", "Damage, dying, death" and
// "Output" that a contestant may take another way.

/// FP2's four duels kill MP, who holds no kill; the deck is D D D Z (Z
/// the last card, drawn again and again).
const DUELS_AT_THE_LORD: &str = "2 4\nMP D D D D\nFP F F F F\nD D D Z\n";

#[test]
fn drawn_cards_join_the_right_end_and_a_deviation_may_reverse_the_lot() {
    // Turn 1: MP draws D D and has no target. Turn 2: FP2 draws D and Z
    // (the last card, left in place) and its four duels kill MP: "Draw 2
    // cards, one at a time, each to the right end of the hand".
    let game = game(DUELS_AT_THE_LORD);
    let (_, log) = decisions(&game, Budget::default());
    let place = find(&log, DecisionKind::DrawPlace, |d| d.actor == 1);
    assert_eq!((place.turn, place.rule), (2, Choice(0)));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD Z\n".to_string()));
    // The lot in reverse order: FP2's D and Z join its hand as Z D.
    assert_eq!(
        with_rule(&game, DecisionKind::DrawPlace, &[], 2),
        "FP\nDEAD\nZ D\n"
    );
}

/// The deck's last card is P: every draw after the first two gives P.
const ONE_CARD_LEFT: &str = "2 3\nMP D D D D\nFP F F F F\nD D P\n";

#[test]
fn the_decks_last_card_is_drawn_twice_in_a_turn_and_a_deviation_may_give_it_once_a_lot() {
    // Turn 2: FP2 draws P twice (the last card stays) and kills MP.
    let game = game(ONE_CARD_LEFT);
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nP P\n".to_string()));
    // Given once a lot, FP2's turn draw gets one P.
    assert_eq!(
        with_rule(&game, DecisionKind::LastCardKept, &[], 4),
        "FP\nDEAD\nP\n"
    );
    assert_eq!(DecisionKind::LastCardKept.section(), "Set-up");
}

/// FP2 dies in its own turn (four duels against MP's four kills); MP
/// draws its reward; later FP3's draws decide when MP dies.
const DEAD_SEAT_PASSED: &str = "3 14\nMP K K K K\nFP F F F F\nFP F F D D\n\
    D D D D D D D D D D D F P F\n";

#[test]
fn the_turns_pass_a_dead_pig_and_a_deviation_may_give_it_a_turn() {
    // Turn 2: FP2 loses its four duels and dies; MP draws D D D. Turn 3:
    // FP3's duels bring MP to 2 HP. After MP's turn 4, seat 2 is dead:
    // turn 5 is FP3's (F: MP at 1 HP; P kept at full HP), turn 6 MP's
    // duels bring FP3 to 2 HP, and in turn 7 FP3 eats its peach and its
    // first F kills MP.
    let game = game(DEAD_SEAT_PASSED);
    let (_, log) = decisions(&game, Budget::default());
    let past = find(&log, DecisionKind::TurnPastDead, |_| true);
    assert_eq!(
        (past.turn, past.actor, past.subject, past.rule),
        (4, 0, Some(1), Choice(0))
    );
    assert_eq!(past.kind.section(), "Set-up");
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nDEAD\nD D D D F\n".to_string())
    );
    // If the dead FP2 takes turn 5, it draws F P (lost); FP3 then draws
    // F F and kills MP at 2 HP.
    assert_eq!(
        with_rule(&game, DecisionKind::TurnPastDead, &[], 1),
        "FP\nDEAD\nDEAD\nD D D D\n"
    );
}

#[test]
fn a_played_card_leaves_the_hand_at_once_and_a_deviation_may_print_the_one_that_ended_the_game() {
    // Turn 1: MP draws D D and its four invasions kill FP2 (no kill to
    // discard), the last rebel.
    let game = game("2 1\nMP N N N N\nFP D D D D\nD\n");
    let (_, log) = decisions(&game, Budget::default());
    let leaves = find(&log, DecisionKind::CardLeaves, |_| true);
    assert_eq!(
        (leaves.card, leaves.rule),
        (Some(Card::Invasion), Choice(0))
    );
    assert_eq!(reference_text(&game), Ok("MP\nD D\nDEAD\n".to_string()));
    // The invasion that ended the game printed as if still held.
    let ending = find(&log, DecisionKind::PrintEndingCard, |_| true);
    assert_eq!((ending.actor, ending.card), (0, Some(Card::Invasion)));
    assert_eq!(ending.kind.section(), "Output");
    assert_eq!(
        with_rule(&game, DecisionKind::PrintEndingCard, &[], 1),
        "MP\nN D D\nDEAD\n"
    );
    // Removed from its place after: nothing was taken from its left.
    assert_eq!(
        with_rule(&game, DecisionKind::CardLeaves, &[], 1),
        "MP\nD D\nDEAD\n"
    );
}

/// MP's duel target FP3 sits two seats on, past ZP2.
const DUEL_PAST_A_FRIEND: &str = "3 1\nMP F F F F\nZP F F F F\nFP K D D D\nD\n";

#[test]
fn a_duel_goes_at_any_distance_and_a_deviation_may_ask_for_distance_one() {
    // Turn 3: FP3 kills at MP (its next living pig), which dodges. Turn 4:
    // MP's four duels kill FP3, two seats on: "F: the pig has a duel
    // target, at any distance".
    let game = game(DUEL_PAST_A_FRIEND);
    let (_, log) = decisions(&game, Budget::default());
    let far = find(&log, DecisionKind::DuelDistance, |_| true);
    assert_eq!(
        (far.turn, far.actor, far.subject, far.rule),
        (4, 0, Some(2), Choice(0))
    );
    assert_eq!(far.kind.section(), "A turn");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D\nF F F F D D\nDEAD\n".to_string())
    );
    // At distance 1 only, MP keeps its duels; in turn 5 ZP2 (next to FP3)
    // kills FP3 with its four.
    assert_eq!(
        with_rule(&game, DecisionKind::DuelDistance, &[], 1),
        "MP\nF F F F D D D\nD D D D\nDEAD\n"
    );
}

#[test]
fn a_kill_given_up_to_answer_does_not_count_and_a_deviation_may_spend_the_next_phases_kill() {
    // Turn 1: MP draws F F and its invasion costs FP2 a kill. Turn 2: FP2
    // kills at MP (dodged) and its duels bring MP to 2 HP. Turn 3: MP's
    // four duels kill FP2.
    let game = game("2 1\nMP N D D D\nFP K K D D\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let spent = find(&log, DecisionKind::AnswerKillCounts, |_| true);
    assert_eq!(
        (spent.turn, spent.actor, spent.card, spent.rule),
        (2, 1, Some(Card::Invasion), Choice(0))
    );
    assert_eq!(reference_text(&game), Ok("MP\nD D\nDEAD\n".to_string()));
    // If the kill given up counts as turn 2's kill, FP2 keeps its other
    // kill: MP's first duel in turn 3 costs MP 1 HP (1 HP left), and FP2's
    // first duel in turn 4 kills MP.
    assert_eq!(
        with_rule(&game, DecisionKind::AnswerKillCounts, &[], 1),
        "FP\nDEAD\nD D F\n"
    );
}

#[test]
fn every_scan_looks_at_each_card_afresh_and_a_deviation_may_keep_a_passed_card_passed() {
    // Turn 2: FP2's first scan passes its peach (full HP) and duels MP,
    // which gives up its kill: FP2 is at 3 HP. The next scan plays the
    // peach; the other four duels kill MP.
    let game = game("2 1\nMP K D D D\nFP P F F F\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let again = find(&log, DecisionKind::RescanRechecks, |_| true);
    assert_eq!(
        (again.turn, again.card, again.rule),
        (2, Some(Card::Peach), Choice(0))
    );
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\n\n".to_string()));
    // Kept passed over for the phase, the peach stays in FP2's hand.
    assert_eq!(
        with_rule(&game, DecisionKind::RescanRechecks, &[], 1),
        "FP\nDEAD\nP\n"
    );
    // And a living pig with an empty hand printed as DEAD.
    assert_eq!(
        with_rule(&game, DecisionKind::PrintEmptyLine, &[], 3),
        "FP\nDEAD\nDEAD\n"
    );
}

/// MP's duels kill FP2 in turn 4; its reward is F F F, which kills FP3.
const REWARD_IN_OWN_PHASE: &str = "3 12\nMP K K F F\nFP F D D D\nFP F D D D\n\
    F D D D D D D D F F F D\n";

#[test]
fn reward_cards_join_the_scan_at_once_and_a_deviation_may_make_them_wait() {
    // Turns 2 and 3: FP2 and FP3 duel MP, who gives up a kill each time:
    // both are at 3 HP. Turn 4: MP's three duels kill FP2, it draws F F F
    // and its next three duels kill FP3.
    let game = game(REWARD_IN_OWN_PHASE);
    let (_, log) = decisions(&game, Budget::default());
    let wait = find(&log, DecisionKind::FreshCardsWait, |_| true);
    assert_eq!((wait.turn, wait.actor, wait.rule), (4, 0, Choice(0)));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D\nDEAD\nDEAD\n".to_string())
    );
    // Waiting for the next turn, the reward's duels are played in turn 6
    // (after FP3 drew D D and played nothing).
    assert_eq!(
        with_rule(&game, DecisionKind::FreshCardsWait, &[], 1),
        "MP\nD D D D D\nDEAD\nDEAD\n"
    );
    // A reward drawn twice: F F F D D D (D, the last card, again).
    assert_eq!(
        with_rule(&game, DecisionKind::RewardCount, &[], 3),
        "MP\nD D D D D D\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_peach_gives_back_one_hp_and_a_deviation_may_give_two() {
    // Turn 2: FP2's three duels bring MP to 1 HP. Turn 3: MP's peach (2
    // HP), and its two duels bring FP2 to 2 HP. Turn 4: FP2's two duels
    // kill MP.
    let game = game("2 4\nMP P D D D\nFP F F D D\nD D D F\n");
    let (_, log) = decisions(&game, Budget::default());
    let heal = find(&log, DecisionKind::PeachHeals, |_| true);
    assert_eq!((heal.turn, heal.actor, heal.rule), (3, 0, Choice(0)));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD D D\n".to_string()));
    // Healed by 2, MP survives turn 4 at 1 HP and kills FP2 in turn 5.
    assert_eq!(
        with_rule(&game, DecisionKind::PeachHeals, &[], 1),
        "MP\nD D D D D\nDEAD\n"
    );
}

#[test]
fn a_dead_pig_prints_dead_and_a_deviation_may_print_an_empty_line_for_one_that_held_nothing() {
    // Turn 1: MP's invasions bring FP2 to 2 HP. Turn 2: FP2's six
    // invasions cost MP its four kills and 2 HP, and empty FP2's hand.
    // Turn 3: MP's two invasions kill FP2, which holds nothing.
    let game = game("2 1\nMP K K K K\nFP N N N N\nN\n");
    assert_eq!(reference_text(&game), Ok("MP\n\nDEAD\n".to_string()));
    assert_eq!(
        with_rule(&game, DecisionKind::PrintDead, &[], 4),
        "MP\n\n\n"
    );
    assert_eq!(
        with_rule(&game, DecisionKind::PrintEmptyLine, &[], 3),
        "MP\nDEAD\nDEAD\n"
    );
}

/// MP's four invasions kill FP2 and FP3 in turn 1 (no kill to discard)
/// and bring FP4, which gives up its one kill, to 1 HP.
const TWO_REBELS_IN_ONE_TURN: &str = "4 12\nMP N N N N\nFP D D D D\nFP D D D D\nFP K D D D\n\
    D D D D D D D D F D P F\n";

#[test]
fn each_rebels_death_draws_a_reward_and_a_deviation_may_give_one_a_turn() {
    // Turn 1: MP draws D D, and two rewards of D D D. Turn 2: FP4 draws F
    // D and its duel brings MP to 3 HP. Turn 3: MP draws P F, eats the
    // peach and its duel kills FP4, the last rebel.
    let game = game(TWO_REBELS_IN_ONE_TURN);
    let (_, log) = decisions(&game, Budget::default());
    let second = log
        .iter()
        .filter(|d| d.kind == DecisionKind::Reward)
        .nth(1)
        .expect("two rewards");
    assert_eq!((second.turn, second.subject), (1, Some(2)));
    assert!(
        second.is_legal(Choice(4)),
        "a reward was drawn in this turn"
    );
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D D D D D\nDEAD\nDEAD\nDEAD\n".to_string())
    );
    // One reward a turn: FP3's death gives nothing, and the deck is three
    // cards behind. FP4 draws D D (turn 2) and D P (turn 4: 2 HP), MP D F
    // and F F (no target: FP4 is unrevealed). Turn 6: FP4 draws F F and
    // its duels bring MP to 2 HP; turn 7: MP's first two duels kill FP4.
    assert_eq!(
        with_rule(&game, DecisionKind::Reward, &[], 4),
        "MP\nD D D D D D F F F\nDEAD\nDEAD\nDEAD\n"
    );
    // After MP's turn 1 the dead FP2 and FP3 sit after it: giving the
    // turn to the seat after FP2 (one dead seat skipped) is an
    // alternative, giving it to FP2, which died in this turn, is the
    // next-turn decision's.
    let past = find(&log, DecisionKind::TurnPastDead, |d| d.turn == 1);
    assert_eq!(past.subject, Some(1));
    assert!(!past.is_legal(Choice(1)) && past.is_legal(Choice(2)));
}

/// MP's four invasions bring FP2, FP3 and FP4 to dying in turn 1; FP2
/// holds a peach.
const REBEL_SAVED_BY_A_PEACH: &str = "4 11\nMP N N N N\nFP P D D D\nFP D D D D\nFP D D D D\n\
    D D D D D D D D F D F\n";

#[test]
fn a_rebel_saved_by_a_peach_lives_on_and_a_deviation_may_count_it_off_the_rebels_left() {
    // Turn 1: at the fourth invasion FP2 eats its peach (1 HP), FP3 and
    // FP4 die: two rewards of D D D. Turn 2: FP2 draws F D and its duel
    // brings MP to 3 HP. Turn 3: MP draws F F and its duel kills FP2.
    let game = game(REBEL_SAVED_BY_A_PEACH);
    let (_, log) = decisions(&game, Budget::default());
    let saved = find(&log, DecisionKind::RescueCounts, |_| true);
    assert_eq!((saved.turn, saved.actor, saved.rule), (1, 1, Choice(0)));
    assert_eq!(saved.kind.section(), "Damage, dying, death");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D D D D D F\nDEAD\nDEAD\nDEAD\n".to_string())
    );
    // Counted off the rebels left: FP3's death leaves "one" (a reward),
    // FP4's "none", and MP wins though FP2 lives.
    assert_eq!(
        with_rule(&game, DecisionKind::RescueCounts, &[], 2),
        "MP\nD D D D D\nD D D\nDEAD\nDEAD\n"
    );
}

/// Turn 1: MP's three invasions bring FP3 to 1 HP (ZP2 gives up its
/// kills); turn 3: FP3 draws K K and kills at MP (dodged).
const KILL_LEFT_OF_DUEL: &str = "3 8\nMP N N N K\nZP K K K D\nFP D D D D\nF D D D K K D D\n";

#[test]
fn a_card_taken_from_the_left_of_a_played_duel_shifts_it_when_it_leaves_only_once_resolved() {
    // Turn 4: MP's kill has no target (ZP2 is next); its duel at FP3
    // costs both a kill (MP's is left of the duel) and kills FP3, the
    // last rebel.
    let game = game(KILL_LEFT_OF_DUEL);
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D\nD D D\nDEAD\n".to_string())
    );
    // Removed from its old place (second) once resolved, the duel, now
    // first, stays and a dodge goes.
    assert_eq!(
        with_rule(&game, DecisionKind::CardLeaves, &[], 1),
        "MP\nF D\nD D D\nDEAD\n"
    );
}

#[test]
fn a_pig_starts_at_its_maximum_hp_and_a_deviation_may_keep_the_two_apart() {
    // Turn 1: MP equips its crossbow; its peach is not played at full HP
    // (4), and FP2, unrevealed, is no kill target. Turn 2: FP2's kill
    // reveals it and MP dodges. Turn 3: MP's crossbow kills FP2 four
    // times: the last rebel dies and MP keeps its peach and one kill.
    let game = game("2 8\nMP P Z D K\nFP K K K K\nK K K K K K K K\n");
    let (_, log) = decisions(&game, Budget::default());
    let max_hp = find(&log, DecisionKind::MaxHp, |d| d.actor == 0);
    assert_eq!(max_hp.rule, Choice(0));
    assert_eq!(reference_text(&game), Ok("MP\nP K\nDEAD\n".to_string()));
    // Starting with 4 HP but at most 5, MP plays its peach in turn 1.
    assert_eq!(
        with_rule(&game, DecisionKind::MaxHp, &[], 3),
        "MP\nK\nDEAD\n"
    );
}

#[test]
fn a_rescuing_peach_is_discarded_and_a_deviation_may_leave_it_in_the_hand() {
    // Turn 2: FP2's six duels (four held, two drawn) hurt MP, who holds
    // no kill: at the fourth MP eats its peach (back to 1 HP), at the
    // fifth it dies, and FP2 keeps its sixth duel.
    let game = game("2 8\nMP P D D D\nFP F F F F\nD D F F D D F F\n");
    let (_, log) = decisions(&game, Budget::default());
    let eat = find(&log, DecisionKind::EatPeach, |d| d.actor == 0);
    assert_eq!((eat.turn, eat.rule), (2, Choice(0)));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nF\n".to_string()));
    // A peach that stays in the hand saves MP at the fifth and sixth duel;
    // in turn 3 MP plays it (1 to 2 HP), and FP2's two duels drawn in
    // turn 4 kill MP.
    assert_eq!(
        with_rule(&game, DecisionKind::EatPeach, &[], 3),
        "FP\nDEAD\n\n"
    );
}

#[test]
fn a_drawn_crossbow_goes_into_the_hand_and_a_deviation_may_equip_it_at_once() {
    // Turn 2: FP2 draws Z and D and plays its four invasions first: MP,
    // holding no kill, dies at the fourth, and the game ends with Z still
    // in FP2's hand.
    let game = game("2 6\nMP D D D D\nFP N N N N\nD D Z D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let weapon = find(&log, DecisionKind::DrawWeapon, |_| true);
    assert_eq!((weapon.turn, weapon.actor, weapon.rule), (2, 1, Choice(0)));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nZ D\n".to_string()));
    // Equipped as it is drawn, the crossbow never shows in the hand.
    assert_eq!(
        with_rule(&game, DecisionKind::DrawWeapon, &[], 1),
        "FP\nDEAD\nD\n"
    );
}

#[test]
fn a_death_is_credited_to_the_killing_damage_and_a_deviation_may_credit_the_last_attacker() {
    // Turn 2: FP2's four invasions hurt FP3, then MP (neither holds a
    // kill). At the fourth FP3 dies: FP2, its source, draws the reward
    // (D D D); then MP dies and the rebels win.
    let game = game("3 7\nMP D D D D\nFP N N N N\nFP D D D D\nD D D D D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let credit = find(&log, DecisionKind::DeathCredit, |d| d.actor == 2);
    assert_eq!((credit.turn, credit.rule), (2, Choice(0)));
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D D D D\nDEAD\n".to_string())
    );
    // Credited to the last pig that played a kill or duel (none yet: the
    // lord), FP3's death gives MP the reward, and FP2 keeps its two draws.
    assert_eq!(
        with_rule(&game, DecisionKind::DeathCredit, &[], 2),
        "FP\nDEAD\nD D\nDEAD\n"
    );
}

#[test]
fn the_lords_death_makes_the_rebels_win_and_a_deviation_may_name_the_killers_side() {
    // Turn 2: ZP2's four invasions: FP3 discards a kill each time, MP,
    // holding none, takes 1 damage each time and dies at the fourth. The
    // rebels win, whoever killed the lord.
    let game = game("3 4\nMP D D D D\nZP N N N N\nFP K K K K\nD D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let winner = find(&log, DecisionKind::LordDeathWinner, |_| true);
    assert_eq!((winner.turn, winner.actor, winner.rule), (2, 0, Choice(0)));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD D\n\n".to_string()));
    assert_eq!(
        with_rule(&game, DecisionKind::LordDeathWinner, &[], 1),
        "MP\nDEAD\nD D\n\n"
    );
}

#[test]
fn a_crossbow_held_is_printed_in_the_hand_and_a_deviation_may_leave_it_out() {
    // FP2 ends the game holding the Z it drew in turn 2 (see the drawn
    // crossbow's test): it is part of the hand, and printed.
    let game = game("2 6\nMP D D D D\nFP N N N N\nD D Z D D D\n");
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nZ D\n".to_string()));
    assert_eq!(
        with_rule(&game, DecisionKind::PrintHand, &[], 3),
        "FP\nDEAD\nD\n"
    );
}

#[test]
fn a_rewards_cards_leave_the_deck_and_a_deviation_may_draw_them_again() {
    // Turn 2: FP2's four invasions hurt FP3, FP4 and MP in turn (none
    // holds a kill). At the fourth FP3 dies (FP2 draws P K F), FP4 dies
    // (FP2 draws J Z P), then MP dies and the rebels win.
    let game = game("4 10\nMP D D D D\nFP N N N N\nFP D D D D\nFP D D D D\nD D D D P K F J Z P\n");
    let (_, log) = decisions(&game, Budget::default());
    let takes = find(&log, DecisionKind::RewardTakes, |_| true);
    assert_eq!((takes.turn, takes.actor, takes.rule), (2, 1, Choice(0)));
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D P K F J Z P\nDEAD\nDEAD\n".to_string())
    );
    // Drawn from a copy of the deck, the first reward stays on it and the
    // second reward gives the same three cards again.
    assert_eq!(
        with_rule(&game, DecisionKind::RewardTakes, &[], 1),
        "FP\nDEAD\nD D P K F P K F\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_duels_death_is_credited_to_its_winner_and_a_deviation_may_credit_only_hits_outside_duels() {
    // Turn 2: FP2's duel hurts MP (no kill) and reveals FP2. Turn 3:
    // FP3's kill hurts MP and reveals FP3. Turn 4: MP's eight duels kill
    // FP2 (MP draws the reward, D D D) and then FP3, the last rebel.
    let game = game("3 11\nMP F F F F\nFP F D D D\nFP K D D D\nF F D D D D F F D D D\n");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D\nDEAD\nDEAD\n".to_string())
    );
    // Nobody hurt FP2 outside a duel: nobody is credited, and MP draws no
    // reward.
    assert_eq!(
        with_rule(&game, DecisionKind::DeathCredit, &[], 3),
        "MP\n\nDEAD\nDEAD\n"
    );
}

// Session 13 (vocabD): alternatives from the audit of every decision
// point against generic misreadings (docs/decision-audit.md).

#[test]
fn an_invasion_started_one_seat_late_asks_the_next_pig_last() {
    // "An invasion ... asks every other living pig in turn, starting from
    // the pig after its player." Nobody holds a kill or a peach. ZP2's
    // four invasions hurt ZP3, FP4 and MP once each; at the fourth, ZP3
    // dies first, then FP4, the last rebel: MP wins at 1 HP before it is
    // asked (ZP2 gets no reward: the game is over).
    let game = game("4 6\nMP D D D D\nZP N N N N\nZP D D D D\nFP D D D D\nD D D D D D\n");
    let (_, log) = decisions(&game, Budget::default());
    let start = find(&log, DecisionKind::AreaStart, |_| true);
    assert_eq!((start.turn, start.actor, start.rule), (2, 1, Choice(0)));
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD D D D D D\nD D\nDEAD\nDEAD\n".to_string())
    );
    // A walk that starts one seat late asks FP4, MP, then ZP3: at the
    // fourth invasion FP4 dies first and ends the game; ZP3 lives.
    assert_eq!(
        with_rule(&game, DecisionKind::AreaStart, &[], 3),
        "MP\nD D D D D D\nD D\nD D D D\nDEAD\n"
    );
    // Going backward asks MP first: MP dies at the fourth, and the rebel
    // wins (the alternatives tell the two walks apart).
    assert!(with_rule(&game, DecisionKind::AreaStart, &[], 2).starts_with("FP\n"));
}

#[test]
fn a_kill_that_reaches_one_pig_too_far_hits_the_second_living_pig() {
    // "A kill's target is the next living pig (distance 1)." FP2's next
    // living pig is FP3, no enemy: after its two duels at MP (MP at 2 HP)
    // its kill has no target and stays in its hand. FP3's two duels then
    // kill MP.
    let game = game("3 1\nMP D D D D\nFP F F K D\nFP F F D D\nD\n");
    let (_, log) = decisions(&game, Budget::default());
    let further = find(&log, DecisionKind::KillPastFriend, |d| d.actor == 1);
    assert_eq!((further.turn, further.subject), (2, Some(2)));
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nK D D D\nD D D D\n".to_string())
    );
    // Reaching distance 2, FP2 kills MP, its second living pig: MP dodges
    // (it holds six D), and the kill is gone from FP2's hand.
    assert_eq!(
        with_rule(&game, DecisionKind::KillPastFriend, &[], 4),
        "FP\nDEAD\nD D D\nD D D D\n"
    );
}

#[test]
fn a_chain_that_allows_only_one_counter_lets_the_cancelling_nullify_stand() {
    // "Any pig may in turn cancel a nullify with another": FP2's first
    // duel at MP is nullified by MP, cancelled by FP2, nullified again by
    // MP (three J: cancelled); MP's last J cancels the second duel. In
    // turn 3 MP's four duels kill FP2 (no kill), with D left.
    let game = game("2 1\nMP J J D J\nFP J D D D\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let counter = find(&log, DecisionKind::CounterRound, |d| {
        d.context.has(Feature::CounterRound)
    });
    assert_eq!((counter.actor, counter.rule), (1, Choice(0)));
    assert_eq!(reference_text(&game), Ok("MP\nD\nDEAD\n".to_string()));
    // No round once a nullify was cancelled: FP2's J stands, the duel
    // hurts MP (no kill), and MP keeps a J to the end.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::CounterRound,
            &[(Feature::CounterRound, true)],
            1
        ),
        "MP\nD J\nDEAD\n"
    );
}

#[test]
fn the_last_rebel_eats_its_peach_like_any_dying_pig() {
    // "A dying pig eats a peach from its hand if it has one." MP's four
    // duels in turn 3 bring FP2, the only rebel, to 0 HP: it eats its P
    // and its duels in turn 4 kill MP (at 2 HP since turn 2).
    let game = game("2 1\nMP D D D D\nFP P D D D\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let eat = find(&log, DecisionKind::EatPeach, |d| d.actor == 1);
    assert!(eat.context.has(Feature::ActorOnlyRebel));
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nD D D\n".to_string()));
    // A program that lets the last rebel die at once: MP wins.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::EatPeach,
            &[(Feature::ActorOnlyRebel, true)],
            1
        ),
        "MP\nD D D D\nDEAD\n"
    );
}

#[test]
fn a_play_phase_goes_on_after_its_first_card() {
    // "After a card is played the pig scans its hand again from the
    // left." FP2 duels MP twice in turn 2 (MP at 2 HP); MP's four duels in
    // turn 3 kill FP2 (no kill).
    let game = game("2 1\nMP D D D D\nFP D D D D\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let goes_on = find(&log, DecisionKind::PhaseGoesOn, |d| d.actor == 1);
    assert!(goes_on.context.has(Feature::FirstPlay));
    assert_eq!(reference_text(&game), Ok("MP\nD D D D\nDEAD\n".to_string()));
    // A phase that ends after its first card: one duel a turn each, MP
    // (first hurt) dies in turn 8; FP2 played four of its eight F.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::PhaseGoesOn,
            &[(Feature::FirstPlay, true)],
            1
        ),
        "FP\nDEAD\nD D D D F F F F\n"
    );
}

#[test]
fn hostility_asked_the_other_way_round_makes_the_lord_attack_an_unrevealed_rebel() {
    // "MP attacks a revealed FP or a pig it suspects." FP2 is neither in
    // turn 1: MP plays nothing. FP2's two duels in turn 2 reveal it (MP
    // gives up two kills, FP2 has none: FP2 at 2 HP); in turn 3 MP kills
    // (dodged) and its duels kill FP2, with K F F left.
    let game = game("2 1\nMP K K K K\nFP D D D D\nF\n");
    let (_, log) = decisions(&game, Budget::default());
    let first = find(&log, DecisionKind::Hostile, |d| d.actor == 0);
    assert_eq!(
        (first.turn, first.subject, first.rule),
        (1, Some(1), Choice(0))
    );
    assert_eq!(reference_text(&game), Ok("MP\nK F F\nDEAD\n".to_string()));
    // Asked whether FP2 would attack MP (it would: MP is the lord), MP
    // kills (dodged) and duels FP2 twice in turn 1; FP2's duels in turn 2
    // then cost MP two kills and FP2 its last 2 HP.
    assert_eq!(
        with_rule(&game, DecisionKind::Hostile, &[], 2),
        "MP\nK\nDEAD\n"
    );
}

#[test]
fn a_nullify_round_held_only_for_the_first_pig_an_invasion_reaches() {
    // "Before a trick takes effect on a pig, a nullify round is held."
    // FP2's first invasion in turn 2 reaches FP3 (hurt), then MP: MP
    // nullifies to protect itself, FP3 cancels it and reveals, and MP is
    // hurt. FP2 kills FP3 with its second invasion (reward N N N) and MP
    // with three more.
    let game = game("3 1\nMP D J D D\nFP D D D D\nFP D D J D\nN\n");
    let (_, log) = decisions(&game, Budget::default());
    let held = find(&log, DecisionKind::NullifyHeld, |d| {
        d.turn == 2 && d.subject == Some(0)
    });
    assert!(!held.context.has(Feature::SubjectIsNext));
    assert_eq!(
        reference_text(&game),
        Ok("FP\nDEAD\nD D D D N\nDEAD\n".to_string())
    );
    // Held only for the pig right after the player: MP is not asked while
    // FP3 lives, keeps its J for the first invasion after FP3's death, and
    // FP2 needs one more invasion (FP3 dies with its J).
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::NullifyHeld,
            &[(Feature::SubjectIsNext, false)],
            1
        ),
        "FP\nDEAD\nD D D D\nDEAD\n"
    );
}

/// Turn 1: MP draws N N and plays its six invasions at FP2, who holds no
/// kill: 3, 2, 1 HP, then 0 HP three times, eating a peach at the first
/// two; it dies at the sixth, the last rebel. MP's hand is empty.
const REBEL_WITH_TWO_PEACHES: &str = "2 2\nMP N N N N\nFP P P D D\nN N\n";

#[test]
fn a_dying_pig_eats_a_peach_or_dies_and_a_deviation_may_leave_it_living_on() {
    // "A pig at 0 HP or less is dying: it eats its leftmost P, else it dies."
    let game = game(REBEL_WITH_TWO_PEACHES);
    assert_eq!(reference_text(&game), Ok("MP\n\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let dying = find(&log, DecisionKind::DyingSettled, |d| d.actor == 1);
    assert_eq!(
        (dying.turn, dying.subject, dying.rule),
        (1, Some(0), Choice(0))
    );
    assert!(dying.context.has(Feature::ActorHoldsPeach));
    assert!(dying.is_legal(Choice(1)) && !dying.is_legal(Choice(2)));
    assert_eq!(dying.kind.section(), "Damage, dying, death");
    // The dying check skipped for a rebel: FP2 lives on at 0, -1, -2 HP
    // with P P D D. Turn 2 it draws N N, plays P P (0 HP) and hurts MP
    // twice (2 HP); turn 3 MP's N N take FP2 to -2 HP; turn 4 FP2's N N
    // kill MP (no peach): the rebels win, FP2 holding D D.
    let rebel = [(Feature::ActorRebel, true)];
    assert_eq!(
        with_rule(&game, DecisionKind::DyingSettled, &rebel, 1),
        "FP\nDEAD\nD D\n"
    );
    // The death skipped where there is no peach: FP2 eats both peaches in
    // turn 1 and lives on at 0 HP with D D; the same turns follow.
    assert_eq!(
        with_rule(&game, DecisionKind::DyingSettled, &rebel, 2),
        "FP\nDEAD\nD D\n"
    );
    // The dying check skipped only while a peach is held: FP2 plays its
    // two peaches in turn 2 (0 HP), and MP's first invasion of turn 3
    // kills it (-1 HP, no peach): MP wins, keeping one invasion.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::DyingSettled,
            &[(Feature::ActorHoldsPeach, true)],
            1
        ),
        "MP\nN\nDEAD\n"
    );
}

#[test]
fn a_second_kill_needs_the_pigs_own_crossbow_and_a_deviation_may_read_the_targets() {
    // "Without a crossbow a pig plays at most one K per play phase."
    // Turn 1: MP draws K K and equips its crossbow. Turn 2: FP2 draws K K
    // and kills MP once (3 HP). Turn 3: MP draws K K, eats a peach (4 HP)
    // and, armed, kills the revealed FP2 four times: MP wins with P P.
    let game = game("2 2\nMP Z P P P\nFP K K K K\nK K\n");
    assert_eq!(reference_text(&game), Ok("MP\nP P\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let limit = find(&log, DecisionKind::KillLimit, |d| d.actor == 1);
    assert_eq!(
        (limit.turn, limit.subject, limit.rule),
        (2, Some(0), Choice(0))
    );
    assert!(limit.is_legal(Choice(2)));
    // The crossbow read off the pig the kill goes to: FP2 kills MP six
    // times in turn 2 (MP eats its three peaches), MP is left with K K at
    // 1 HP, and in turn 3 kills FP2 with K K K K: MP wins, holding nothing.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::KillLimit,
            &[(Feature::ActorRebel, true)],
            2
        ),
        "MP\n\nDEAD\n"
    );
}

/// Turn 1: MP draws N N and its six invasions hurt ZP2 and FP3 (no kill
/// to discard) at once: at the fourth ZP2 dies, and MP, its killer,
/// discards its hand (N N); then FP3, the last rebel, dies: MP wins.
const LORD_KILLS_BOTH_BY_INVASIONS: &str = "3 1\nMP N N N N\nZP D D D D\nFP D D D D\nN\n";

#[test]
fn a_penalty_put_off_until_the_card_is_resolved_may_or_may_not_outlast_the_game() {
    let game = game(LORD_KILLS_BOTH_BY_INVASIONS);
    assert_eq!(reference_text(&game), Ok("MP\n\nDEAD\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let penalty = find(&log, DecisionKind::Penalty, |d| d.subject == Some(1));
    assert_eq!(
        (penalty.turn, penalty.actor, penalty.rule),
        (1, 0, Choice(0))
    );
    assert!(penalty.is_legal(Choice(3)) && penalty.is_legal(Choice(4)));
    // Once the card is resolved, but not if the game ended: FP3's death
    // ended it, so MP keeps N N.
    assert_eq!(
        with_rule(&game, DecisionKind::Penalty, &[], 3),
        "MP\nN N\nDEAD\nDEAD\n"
    );
    // Once the card is resolved, even so: MP discards N N after all.
    assert_eq!(
        with_rule(&game, DecisionKind::Penalty, &[], 4),
        "MP\n\nDEAD\nDEAD\n"
    );
    // Where the game goes on, the reward drawn meanwhile goes too. MP's
    // fourth volley kills ZP2 (penalty put off) and FP4 (reward W W W);
    // once it is resolved MP discards D D W W W instead of playing its
    // reward's volleys. FP3 (no dodge left) and MP trade volleys until MP
    // dies in turn 4: the rebels win, FP3 holding nothing.
    let game = parse_game("4 1\nMP D W W D\nZP Z Z Z Z\nFP D D D D\nFP Z Z Z Z\nW\n")
        .expect("a valid game");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nW\nDEAD\nDEAD\nDEAD\n".to_string())
    );
    assert_eq!(
        with_rule(&game, DecisionKind::Penalty, &[], 4),
        "FP\nDEAD\nDEAD\n\nDEAD\n"
    );
}

/// Turn 1: MP draws N N and its six invasions hurt FP2 and FP3 at once:
/// at the fourth FP2 dies (MP draws the reward, N N N) and FP3, the last
/// rebel: MP wins, with N N and the reward.
const REBELS_KILLED_BY_INVASIONS: &str = "3 1\nMP N N N N\nFP D D D D\nFP D D D D\nN\n";

#[test]
fn a_reward_joins_the_killers_hand_and_a_deviation_may_lose_it() {
    let game = game(REBELS_KILLED_BY_INVASIONS);
    let (_, log) = decisions(&game, Budget::default());
    let reward = find(&log, DecisionKind::Reward, |d| d.subject == Some(1));
    assert_eq!((reward.turn, reward.actor, reward.rule), (1, 0, Choice(0)));
    assert!(reward.is_legal(Choice(5)));
    // Drawn into a copy of MP's hand: the reward is lost.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::Reward,
            &[(Feature::TrickInvasion, true)],
            5
        ),
        "MP\nN N\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_penalised_lord_discards_its_hand_and_a_deviation_may_let_it_keep_it() {
    // MP's invasion kills ZP2: MP discards N N. Keeping its hand, MP ends
    // with them.
    let game = game(LORD_KILLS_BOTH_BY_INVASIONS);
    let (_, log) = decisions(&game, Budget::default());
    let hand = find(&log, DecisionKind::PenaltyHand, |_| true);
    assert_eq!((hand.turn, hand.actor, hand.subject), (1, 0, Some(1)));
    assert_eq!(hand.rule, Choice(0));
    assert_eq!(
        with_rule(&game, DecisionKind::PenaltyHand, &[], 1),
        "MP\nN N\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_penalty_for_a_rebels_death_may_be_put_off_past_its_reward() {
    // Turn 1: MP draws N N; at its fourth invasion FP2 and FP3 die (MP
    // draws N N N for each), FP4 has discarded its four kills; MP's four
    // other invasions kill FP4 (3, 2, 1, 0 HP): MP wins with N N N N.
    let game = game("4 1\nMP N N N N\nFP D D D D\nFP D D D D\nFP K K K K\nN\n");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nN N N N\nDEAD\nDEAD\nDEAD\n".to_string())
    );
    let lord_kills_rebel = [(Feature::ActorLord, true), (Feature::SubjectRebel, true)];
    // Penalised at once for each rebel: MP discards N N, draws N N N,
    // discards them, draws N N N, and hurts FP4 to 1 HP. FP4 and MP trade
    // invasions; MP's first in turn 3 kills FP4, the last rebel, and MP
    // is penalised for it too: MP wins holding nothing.
    assert_eq!(
        with_rule(&game, DecisionKind::Penalty, &lord_kills_rebel, 0),
        "MP\n\nDEAD\nDEAD\nDEAD\n"
    );
    // Penalised once the card is resolved, after both rewards: MP's eight
    // invasions go, its phase ends, and FP4 kills it in turn 4 (two
    // invasions each turn): the rebels win, FP4 holding nothing.
    assert_eq!(
        with_rule(&game, DecisionKind::Penalty, &lord_kills_rebel, 3),
        "FP\nDEAD\nDEAD\nDEAD\n\n"
    );
}

#[test]
fn a_play_phase_starts_with_no_kill_and_a_deviation_may_count_one_carried_over() {
    // "Without a crossbow a pig plays at most one K per play phase": each
    // phase starts afresh. FP2 kills MP in turn 2 (3 HP) and reveals; from
    // then on MP eats a peach (4 HP) and kills FP2 in its turns, FP2 kills
    // MP in its own: FP2 dies in turn 9, MP holding six kills.
    let game = game("2 2\nMP P P P P\nFP K K K K\nK K\n");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nK K K K K K\nDEAD\n".to_string())
    );
    let (_, log) = decisions(&game, Budget::default());
    let first = find(&log, DecisionKind::KillFlagStart, |d| d.actor == 1);
    assert_eq!((first.turn, first.rule), (2, Choice(0)));
    assert!(first.is_legal(Choice(3)) && !first.is_legal(Choice(1)));
    // In turn 4 FP2's own last phase ended with its kill, but the game's
    // last kill is MP's (turn 3).
    let again = find(&log, DecisionKind::KillFlagStart, |d| d.turn == 4);
    assert_eq!(again.actor, 1);
    assert!(again.is_legal(Choice(1)) && !again.is_legal(Choice(2)) && !again.is_legal(Choice(3)));
    // A kill counted in each pig's first phase: FP2 cannot kill in turn 2
    // (it stays unrevealed, and MP has no target in turn 3); the exchange
    // starts in turn 4, two turns late, and MP kills FP2 in turn 11 with
    // eight kills left.
    assert_eq!(
        with_rule(&game, DecisionKind::KillFlagStart, &[], 3),
        "MP\nK K K K K K K K\nDEAD\n"
    );
    // Each pig's own last kill still counted: after one kill each, neither
    // kills again, and the game never ends.
    let own = DeviationRule {
        kind: DecisionKind::KillFlagStart,
        when: ContextRule::ALWAYS,
        choose: Choice(1),
    };
    assert!(deviated_output(&game, Budget::default(), &[Deviation::Rule(own)]).is_err());
}

/// The places and counts recorded for diagnosis only: in no kind's list,
/// so the narrow family (and every suite drawn from it) is the same.
const DIAGNOSIS_ONLY: [Feature; 5] = [
    Feature::CardLastInHand,
    Feature::CardPastTurnHand,
    Feature::PlaysReachHand,
    Feature::NoneBeyondLastGiven,
    Feature::SubjectPastLivingCount,
];

#[test]
fn the_places_and_counts_are_recorded_for_diagnosis_only_and_in_no_kinds_list() {
    for kind in DecisionKind::ALL {
        for feature in DIAGNOSIS_ONLY {
            assert!(
                !kind.features().contains(&feature),
                "{kind} lists {feature}"
            );
        }
    }
    // Each is recorded somewhere on the corpus, and each both ways.
    let mut held = [false; 5];
    let mut failed = [false; 5];
    for index in 0..200 {
        let (_, log) = decisions(&corpus_game(index), Budget::default());
        for d in &log {
            for (i, &feature) in DIAGNOSIS_ONLY.iter().enumerate() {
                if d.context.has(feature) {
                    held[i] = true;
                } else if matches!(
                    (feature, d.kind),
                    (Feature::CardLastInHand, DecisionKind::Playable)
                        | (Feature::CardPastTurnHand, DecisionKind::EatPeach)
                        | (Feature::PlaysReachHand, DecisionKind::PhaseGoesOn)
                        | (Feature::NoneBeyondLastGiven, DecisionKind::Answers)
                        | (Feature::SubjectPastLivingCount, DecisionKind::LastRebel)
                ) {
                    failed[i] = true;
                }
            }
        }
    }
    assert_eq!(held, [true; 5], "each holds at some decision");
    assert_eq!(failed, [true; 5], "each fails at some decision of its kind");
}

#[test]
fn the_first_scan_of_a_phase_sees_the_card_drawn_last_and_a_deviation_may_miss_it() {
    // "Draw 2 cards ... scan the hand from the left and play the first
    // card that is playable." Turn 1: MP draws K W (W, the deck's last
    // card, stays): D K P F K W. Nothing before the W is playable (ZP2 is
    // no kill or duel target, MP is at full HP); MP's volley makes ZP2
    // discard its D and hurts FP3 (3 HP). Turn 2: ZP2 draws W W, and its
    // N, W, W hurt FP3 to 0 HP while MP discards K and D: the last rebel
    // dies, ZP2 keeps F W.
    let game = game("3 2\nMP D K P F\nZP N W D F\nFP N F W N\nK W\n");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nP F K\nF W\nDEAD\n".to_string())
    );
    let (_, log) = decisions(&game, Budget::default());
    let volley = find(&log, DecisionKind::Playable, |d| {
        d.turn == 1 && d.card == Some(Card::Volley)
    });
    assert!(volley.context.has(Feature::CardLastInHand));
    assert!(volley.context.has(Feature::FirstPlay));
    let kill = find(&log, DecisionKind::Playable, |d| {
        d.turn == 1 && d.card == Some(Card::Kill)
    });
    assert!(!kill.context.has(Feature::CardLastInHand));
    // A first scan that stops short of the hand's last card: MP plays
    // nothing in turn 1. ZP2 (its D kept) plays N, W, W: MP discards K
    // and D, then takes the third volley (3 HP) and suspects ZP2; FP3
    // dies at the third volley, and ZP2 keeps D F.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::Playable,
            &[(Feature::FirstPlay, true), (Feature::CardLastInHand, true)],
            0
        ),
        "MP\nP F K W\nD F\nDEAD\n"
    );
}

#[test]
fn a_play_phase_plays_the_cards_a_reward_gives_and_a_deviation_may_stop_at_the_drawn_hands_size() {
    // "After every play, scan again from the leftmost card: ... a reward
    // gives new cards." The deck is one W: each pig plays both its volleys
    // every turn. The D are gone by turn 4, and the volleys hurt. Turn 5:
    // FP2 holds W W (2 cards after the draw); its second volley kills FP3
    // (reward W W W) and hurts MP (2 HP); by the rules it plays on, and
    // two more volleys kill MP: the rebels win, FP2 keeps one W.
    let game = game("3 1\nMP D D D D\nFP D D D D\nFP D D D D\nW\n");
    assert_eq!(reference_text(&game), Ok("FP\nDEAD\nW\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let reached: Vec<(u32, bool)> = log
        .iter()
        .filter(|d| d.kind == DecisionKind::PhaseGoesOn && d.turn == 5)
        .map(|d| (d.turn, d.context.has(Feature::PlaysReachHand)))
        .collect();
    // After the first play (1 of 2), the second (2 of 2), the third (3).
    assert_eq!(reached, [(5, false), (5, true), (5, true)]);
    // A phase of at most as many plays as the hand held after the draw:
    // FP2 stops after two volleys holding W W W, and in turn 6 MP's two
    // volleys kill FP2 (2 HP, no dodge): the lord wins, its hand empty.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::PhaseGoesOn,
            &[(Feature::PlaysReachHand, true)],
            1
        ),
        "MP\n\nDEAD\nDEAD\n"
    );
}

#[test]
fn a_duel_answer_takes_the_leftmost_kill_and_a_deviation_may_search_only_past_the_last_one() {
    // "The target and the player alternately discard their leftmost K."
    // Turn 1: MP draws K P; its invasions take FP2 to 1 HP (its kills
    // have no target: FP2 is not revealed). Turn 2: FP2 draws K N; its
    // volley hurts MP (3 HP, MP suspects it), and its duel at MP: MP
    // discards K, FP2 K, MP K (P left), FP2 has none: 1 damage kills it.
    let game = game("2 4\nMP N N K N\nFP W F D D\nK P K N\n");
    assert_eq!(reference_text(&game), Ok("MP\nP\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let answers: Vec<bool> = log
        .iter()
        .filter(|d| d.kind == DecisionKind::Answers && d.turn == 2 && d.actor == 0)
        .map(|d| d.context.has(Feature::NoneBeyondLastGiven))
        .collect();
    // MP's first answer (none given yet), its second (K P: no kill
    // beyond the place 0 of the K it gave).
    assert_eq!(answers, [false, true]);
    // A search that starts one place past the kill given last: MP misses
    // its second K and loses the duel (2 HP); FP2's invasion then takes
    // that K (a new trick). Turn 3: MP draws N N, eats its peach (3 HP),
    // and its invasion kills FP2: MP keeps one N.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::Answers,
            &[(Feature::NoneBeyondLastGiven, true)],
            1
        ),
        "MP\nN\nDEAD\n"
    );
}

#[test]
fn a_dying_pig_finds_its_peach_anywhere_in_its_hand_and_a_deviation_may_search_only_as_far_as_the_turns_pig_holds(
) {
    // "It eats its leftmost P if it has one." Turn 1: MP draws N N and
    // plays its five invasions at FP2 (no kill): at the fourth FP2 is at
    // 0 HP and eats the P, the fourth card of F F W P, when MP holds only
    // D N (two cards); the fifth kills it.
    let game = game("2 1\nMP N D N N\nFP F F W P\nN\n");
    assert_eq!(reference_text(&game), Ok("MP\nD\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    let eat = find(&log, DecisionKind::EatPeach, |d| d.actor == 1);
    assert!(eat.context.has(Feature::CardPastTurnHand));
    // The peach searched for only as far as MP's hand (2 cards) reaches:
    // FP2 dies at the fourth invasion, and MP keeps D N.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::EatPeach,
            &[(Feature::CardPastTurnHand, true)],
            1
        ),
        "MP\nD N\nDEAD\n"
    );
}

#[test]
fn the_lord_wins_when_the_last_rebel_dies_and_a_deviation_may_count_rebels_only_in_the_first_seats()
{
    // "If the last FP dies: MP wins." Turn 1: MP draws N N; its first
    // three invasions take FP2 and FP3 to 1 HP; at the fourth FP2 dies
    // (FP3 is left: MP draws its reward N N N) and FP3 dies: MP wins with
    // D F N N N.
    let game = game("3 1\nMP N D F N\nFP D N D W\nFP D D D D\nN\n");
    assert_eq!(
        reference_text(&game),
        Ok("MP\nD F N N N\nDEAD\nDEAD\n".to_string())
    );
    let (_, log) = decisions(&game, Budget::default());
    let last = find(&log, DecisionKind::LastRebel, |_| true);
    assert_eq!((last.actor, last.subject), (1, Some(2)));
    // FP3 is pig 3; two pigs live.
    assert!(last.context.has(Feature::SubjectPastLivingCount));
    // Rebels counted only among the first seats, as many as the living
    // pigs (pigs 1 and 2): none left at FP2's death, so MP wins at once,
    // before the reward, with D F; FP3 lives at 1 HP with D D D D.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::LastRebel,
            &[(Feature::SubjectPastLivingCount, true)],
            1
        ),
        "MP\nD F\nDEAD\nD D D D\n"
    );
}

#[test]
fn a_duel_answer_may_search_one_place_past_the_kill_given_last_an_alternative_for_diagnosis_only() {
    // Turn 1: MP draws D F and plays nothing (FP2 is neither revealed nor
    // suspected). Turn 2: FP2 draws F F, kills MP (MP dodges) and duels
    // it: MP K, FP2 K, MP K, FP2 K, MP K, and FP2, out of kills, takes 1
    // damage (3 HP); its second duel costs MP its last K and FP2 1 HP
    // more. Turn 3: MP draws F F; its duels kill FP2 (no kill), MP keeps F.
    let game = game("2 2\nMP K K K K\nFP K K D K\nD F\n");
    assert_eq!(reference_text(&game), Ok("MP\nF\nDEAD\n".to_string()));
    let (_, log) = decisions(&game, Budget::default());
    // Legal only where the leftmost kill lies at or before the place of
    // the one given last in this duel: MP's second and third answers.
    let legal: Vec<(u32, bool)> = log
        .iter()
        .filter(|d| d.kind == DecisionKind::Answers && d.turn == 2 && d.card == Some(Card::Kill))
        .map(|d| (d.actor as u32, d.is_legal(Choice(2))))
        .collect();
    assert_eq!(
        legal,
        [
            (0, false),
            (1, false),
            (0, true),
            (1, false),
            (0, true),
            (0, false)
        ]
    );
    assert!(!narrow_family(2)
        .iter()
        .any(|r| r.kind == DecisionKind::Answers && r.choose == Choice(2)));
    // MP's search starts one place past the K it gave last: its second K
    // is the one after that place (K K F left), and its third search
    // finds none past place 1: MP loses the first duel (3 HP). FP2's
    // second duel takes one K of MP (K F left) and FP2 1 HP (3 HP). Turn
    // 3: MP draws F F, kills FP2 (dodged with its D) and its three duels
    // kill it: MP's hand is empty.
    assert_eq!(
        with_rule(&game, DecisionKind::Answers, &[], 2),
        "MP\n\nDEAD\n"
    );
    // The place alone (no kill beyond it: keep them) says nothing here:
    // each of MP's kills lies beyond the one given before it.
    assert_eq!(
        with_rule(
            &game,
            DecisionKind::Answers,
            &[(Feature::NoneBeyondLastGiven, true)],
            1
        ),
        "MP\nF\nDEAD\n"
    );
}
