//! The narration follows the game exactly: what `explain` and every
//! `check` failure tell as "what should have happened" is the trace, in
//! the trace's order, in words.

use pigkill::narrate::{narrate, narrate_lines};
use pigkill_engine::{parse_game, Budget, Card, Engine, Event, Game};
use pigkill_generators::{game_seed, generate, Profile};
use pigkill_reference::ReferenceEngine;

fn trace(game: &Game) -> Vec<Event> {
    let mut events = Vec::new();
    let _ = ReferenceEngine.run_traced(game, Budget::default(), &mut events);
    events
}

/// The cards a narration says were drawn, in the order its lines say so:
/// a turn's ordinary draws are letters on one line (`draws K D`), a
/// last-card or reward draw is a name with its letter (`draws dodge (D)`).
fn drawn_cards_told(narration: &str) -> Vec<Card> {
    let mut cards = Vec::new();
    for line in narration.lines() {
        let Some((_, rest)) = line.split_once("draws ") else {
            continue;
        };
        if rest.starts_with("3 cards as the reward") {
            continue;
        }
        match rest.find('(') {
            Some(open) => {
                let letter = &rest[open + 1..open + 2];
                cards.push(Card::from_token(letter).unwrap());
            }
            None => cards.extend(
                rest.split(' ')
                    .map(|letter| Card::from_token(letter).unwrap()),
            ),
        }
    }
    cards
}

#[test]
fn the_samples_narration_tells_the_last_card_after_the_card_before_it() {
    let game = parse_game(include_str!("fixtures/rules/sample.in")).unwrap();
    let told = narrate(&game, &trace(&game));
    let turn_5: Vec<&str> = told
        .lines()
        .skip_while(|l| !l.starts_with("turn 5"))
        .take(3)
        .collect();
    assert_eq!(
        turn_5,
        [
            "turn 5: pig 3 (FP)",
            "  pig 3 (FP) draws K",
            "  pig 3 (FP) draws dodge (D) (the deck's last card, which stays)",
        ]
    );
    // The whole narration, checked by hand against the statement's sample
    // (tests/narration/sample.txt).
    assert_eq!(told, include_str!("narration/sample.txt"));
}

#[test]
fn draws_are_told_in_the_order_they_happen_in_every_profile() {
    for profile in Profile::ALL {
        for index in 0..10_000 {
            let game = generate(profile, game_seed(2010, index));
            let events = trace(&game);
            let drawn: Vec<Card> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Draw { card, .. } => Some(*card),
                    _ => None,
                })
                .collect();
            let told = narrate(&game, &events);
            assert_eq!(
                drawn_cards_told(&told),
                drawn,
                "{} game {index}: the narration's draws are not the trace's\n{}",
                profile.name(),
                game.to_text()
            );
        }
    }
}

/// Whether the draw at `i` is one of a reward's three draws.
fn in_reward(events: &[Event], i: usize) -> bool {
    events[..i]
        .iter()
        .rev()
        .take_while(|e| matches!(e, Event::Draw { .. }))
        .count()
        < 3
        && events[..i]
            .iter()
            .rev()
            .find(|e| !matches!(e, Event::Draw { .. }))
            .is_some_and(|e| matches!(e, Event::Reward { .. }))
}

#[test]
fn every_line_is_told_in_trace_order() {
    for profile in Profile::ALL {
        for index in 0..10_000 {
            let game = generate(profile, game_seed(7, index));
            let events = trace(&game);
            let lines = narrate_lines(&game, &events);
            for pair in lines.windows(2) {
                assert!(
                    pair[0].event <= pair[1].event,
                    "{} game {index}: '{}' (event {}) is told before '{}' (event {})\n{}",
                    profile.name(),
                    pair[0].text,
                    pair[0].event,
                    pair[1].text,
                    pair[1].event,
                    game.to_text()
                );
            }
            // Every event but a turn's ordinary draws has a line of its own.
            let told: std::collections::HashSet<usize> = lines.iter().map(|l| l.event).collect();
            for (i, event) in events.iter().enumerate() {
                let grouped = matches!(
                    event,
                    Event::Draw {
                        last_card: false,
                        ..
                    }
                ) && !in_reward(&events, i);
                assert!(
                    grouped || told.contains(&i),
                    "{} game {index}: event {i} ({event:?}) is not told",
                    profile.name()
                );
            }
        }
    }
}
