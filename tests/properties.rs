//! Properties that hold in every game, checked with proptest over the
//! generators' strategy, each on both engines. A failure is shrunk to a
//! small game and persisted under `proptest-regressions/` (committed), so
//! it is replayed first on every later run.

use pigkill::engines::EngineName;
use pigkill_engine::{
    parse_outcome, Budget, Event, Game, Outcome, PigFate, Role, RunError, Winner, MAX_HP,
};
use pigkill_generators::any_game;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1500,
        ..ProptestConfig::default()
    }
}

fn traced(engine: EngineName, game: &Game) -> (Result<Outcome, RunError>, Vec<Event>) {
    let mut events = Vec::new();
    let result = engine
        .engine()
        .run_traced(game, Budget::default(), &mut events);
    (result, events)
}

/// Cards in: the starting hands and every draw. Cards out: every card
/// played (a crossbow goes to the weapon slot, counted as played),
/// discarded in response, spent on a nullify or a rescue, discarded at a
/// death or a penalty, and the final hands of the living.
fn card_balance(game: &Game, events: &[Event], outcome: &Outcome) -> (u64, u64) {
    let mut cards_in = 4 * game.pig_count() as u64;
    let mut cards_out: u64 = outcome
        .pigs
        .iter()
        .map(|p| match p {
            PigFate::Alive(hand) => hand.len() as u64,
            PigFate::Dead => 0,
        })
        .sum();
    for event in events {
        match *event {
            Event::Draw { .. } => cards_in += 1,
            Event::Play { .. }
            | Event::Respond { .. }
            | Event::Nullify { .. }
            | Event::Rescue { .. } => cards_out += 1,
            Event::Death { discarded, .. } | Event::Penalty { discarded, .. } => {
                cards_out += u64::from(discarded)
            }
            _ => {}
        }
    }
    (cards_in, cards_out)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_two_engines_agree_on_outcome_and_every_event(game in any_game()) {
        let (a, a_events) = traced(EngineName::Strategy, &game);
        let (b, b_events) = traced(EngineName::Reference, &game);
        prop_assert_eq!(a, b);
        prop_assert_eq!(a_events, b_events);
    }

    #[test]
    fn a_game_plays_the_same_when_run_twice_and_untraced(game in any_game()) {
        for engine in EngineName::ALL {
            let (first, first_events) = traced(engine, &game);
            let (second, second_events) = traced(engine, &game);
            prop_assert_eq!(&first, &second);
            prop_assert_eq!(first_events, second_events);
            prop_assert_eq!(first, engine.engine().run(&game, Budget::default()));
        }
    }

    #[test]
    fn no_card_is_created_or_lost(game in any_game()) {
        for engine in EngineName::ALL {
            let (result, events) = traced(engine, &game);
            if let Ok(outcome) = result {
                let (cards_in, cards_out) = card_balance(&game, &events, &outcome);
                prop_assert_eq!(cards_in, cards_out, "{:?}", engine);
            }
        }
    }

    #[test]
    fn hp_never_exceeds_4_and_no_living_pig_ends_at_0_or_below(game in any_game()) {
        for engine in EngineName::ALL {
            let (result, events) = traced(engine, &game);
            let Ok(outcome) = result else { continue };
            let mut hp = vec![MAX_HP; game.pig_count()];
            for event in &events {
                match *event {
                    Event::Heal { pig, hp: now } | Event::Damage { pig, hp: now, .. } => hp[pig] = now,
                    Event::Rescue { pig } => hp[pig] = 1,
                    _ => {}
                }
                prop_assert!(hp.iter().all(|&h| h <= MAX_HP), "{:?} after {}", hp, event);
            }
            for (pig, fate) in outcome.pigs.iter().enumerate() {
                if let PigFate::Alive(_) = fate {
                    prop_assert!(hp[pig] > 0, "pig {} alive at {} HP", pig + 1, hp[pig]);
                }
            }
        }
    }

    #[test]
    fn the_winner_matches_who_is_alive(game in any_game()) {
        for engine in EngineName::ALL {
            let Ok(outcome) = engine.engine().run(&game, Budget::default()) else { continue };
            let alive = |fate: &PigFate| matches!(fate, PigFate::Alive(_));
            let lord_alive = alive(&outcome.pigs[0]);
            let rebels_alive = game
                .pigs()
                .iter()
                .zip(&outcome.pigs)
                .any(|(pig, fate)| pig.role == Role::Rebel && alive(fate));
            match outcome.winner {
                Winner::Lord => prop_assert!(lord_alive && !rebels_alive),
                Winner::Rebels => prop_assert!(!lord_alive),
            }
        }
    }

    #[test]
    fn printing_then_parsing_an_outcome_gives_it_back(game in any_game()) {
        for engine in EngineName::ALL {
            let Ok(outcome) = engine.engine().run(&game, Budget::default()) else { continue };
            let text = outcome.to_judge_text();
            prop_assert_eq!(parse_outcome(&text, game.pig_count()), Ok(outcome));
        }
    }

    #[test]
    fn printing_then_parsing_a_game_gives_it_back(game in any_game()) {
        prop_assert_eq!(pigkill_engine::parse_game(&game.to_text()), Ok(game));
    }
}

#[test]
fn card_balance_counts_a_known_game() {
    // The sample: 3 pigs, 12 cards in hands; its trace is fixed, so the
    // balance must hold exactly there too.
    let game = pigkill_engine::parse_game(
        "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n",
    )
    .expect("sample");
    let (result, events) = traced(EngineName::Strategy, &game);
    let outcome = result.expect("the sample ends");
    let (cards_in, cards_out) = card_balance(&game, &events, &outcome);
    assert_eq!(cards_in, cards_out);
    assert!(cards_in > 12);
}
