//! Tests of the strategy engine: small hand-made games in the problem's
//! text format, each pinning one rule of `rules.md`. Every expectation was
//! worked out by hand from the rules; the comments walk through the game.
//!
//! Pigs are named as the statement numbers them (`P1` is pig 1, the lord,
//! at seat 0).

use std::time::Instant;

use crate::card::{Card, Role, Winner};
use crate::event::Event;
use crate::game::Seat;
use crate::run::{Budget, Engine, RunError, Stall};
use crate::{parse_game, Game, Outcome};

use super::random::{random_game, Mix, XorShift};
use super::StrategyEngine;

use Card::{Crossbow, Dodge, Duel, Invasion, Kill, Nullify, Peach};

const P1: Seat = 0;
const P2: Seat = 1;
const P3: Seat = 2;
const P4: Seat = 3;

fn game(text: &str) -> Game {
    match parse_game(text) {
        Ok(game) => game,
        Err(e) => panic!("bad test game: {}", e.render(text)),
    }
}

fn run(text: &str) -> Result<Outcome, RunError> {
    StrategyEngine.run(&game(text), Budget::default())
}

/// The judge output of a game that must end.
fn judge(text: &str) -> String {
    match run(text) {
        Ok(outcome) => outcome.to_string(),
        Err(e) => panic!("the game did not end: {e}"),
    }
}

/// The result and every event of a game, checking that the traced and
/// untraced runs agree.
fn trace_with(text: &str, budget: Budget) -> (Result<Outcome, RunError>, Vec<Event>) {
    let game = game(text);
    let mut events = Vec::new();
    let traced = StrategyEngine.run_traced(&game, budget, &mut events);
    assert_eq!(
        traced,
        StrategyEngine.run(&game, budget),
        "traced != untraced"
    );
    assert_dead_stay_out(&events);
    (traced, events)
}

/// Asserts that no event concerns a pig after its death: it takes no turn,
/// plays, answers, nullifies, is targeted, hurt or the source of damage.
fn assert_dead_stay_out(events: &[Event]) {
    let mut dead = [false; 10];
    for (i, event) in events.iter().enumerate() {
        let others = match *event {
            Event::Play {
                target: Some(t), ..
            } => Some(t),
            Event::Nullify { target, .. } => Some(target),
            Event::Damage { source, .. } => Some(source),
            _ => None,
        };
        for pig in event.pig().into_iter().chain(others) {
            assert!(
                !dead[pig],
                "event {i} ({event}) concerns dead pig {}\n{}",
                pig + 1,
                narrate(events)
            );
        }
        if let Event::Death { pig, .. } = *event {
            dead[pig] = true;
        }
    }
}

fn trace(text: &str) -> (Result<Outcome, RunError>, Vec<Event>) {
    trace_with(text, Budget::default())
}

fn did_not_end(turns: u32, stall: Stall) -> Result<Outcome, RunError> {
    Err(RunError::DidNotEnd { turns, stall })
}

/// Every card played, as (player, card, target).
fn plays(events: &[Event]) -> Vec<(Seat, Card, Option<Seat>)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Play { pig, card, target } => Some((pig, card, target)),
            _ => None,
        })
        .collect()
}

/// Asserts that `expected` occur in `events` in this order, each one right
/// after the one before or later.
fn assert_in_order(events: &[Event], expected: &[Event]) {
    let mut rest = events.iter();
    for want in expected {
        assert!(
            rest.any(|e| e == want),
            "missing (in order) {want:?}\nevents:\n{}",
            narrate(events)
        );
    }
}

/// Asserts that `expected` occur in `events` as one unbroken run.
fn assert_run(events: &[Event], expected: &[Event]) {
    assert!(
        events.windows(expected.len()).any(|w| w == expected),
        "missing the run {expected:?}\nevents:\n{}",
        narrate(events)
    );
}

fn narrate(events: &[Event]) -> String {
    events.iter().map(|e| format!("  {e}\n")).collect()
}

fn draw(pig: Seat, card: Card, last_card: bool) -> Event {
    Event::Draw {
        pig,
        card,
        last_card,
    }
}

fn play(pig: Seat, card: Card, target: Option<Seat>) -> Event {
    Event::Play { pig, card, target }
}

fn damage(pig: Seat, source: Seat, hp: i32) -> Event {
    Event::Damage { pig, source, hp }
}

fn nullify(pig: Seat, target: Seat, depth: u32) -> Event {
    Event::Nullify { pig, target, depth }
}

// ---------------------------------------------------------------------------
// The sample, and one whole game event by event.
// ---------------------------------------------------------------------------

const SAMPLE: &str = "3 10
MP D D F F
ZP N N N D
FP J J J J
F F D D J J F F K D
";

/// The statement's sample, byte for byte.
#[test]
fn sample_output() {
    assert_eq!(judge(SAMPLE), "FP\nDEAD\nDEAD\nJ J J J J J D\n");
}

/// The sample, event by event (the statement's explanation, in events):
/// the loyalist's invasions hurt the lord, who suspects it; the rebel's
/// nullifies cannot protect it while unrevealed; the lord duels the
/// suspect, which does not fight back, dies, and costs the lord its hand;
/// the rebel then kills the lord with the deck's last cards.
#[test]
fn sample_events() {
    let (result, events) = trace(SAMPLE);
    assert!(result.is_ok());
    let expected = [
        Event::TurnStart { pig: P1, turn: 1 },
        draw(P1, Duel, false),
        draw(P1, Duel, false),
        // P1: D D F F F F. No suspect, no revealed rebel: nothing to play.
        Event::TurnStart { pig: P2, turn: 2 },
        draw(P2, Dodge, false),
        draw(P2, Dodge, false),
        play(P2, Invasion, None),
        damage(P3, P2, 3),
        damage(P1, P2, 3),
        Event::Suspect { pig: P2 },
        play(P2, Invasion, None),
        damage(P3, P2, 2),
        damage(P1, P2, 2),
        play(P2, Invasion, None),
        damage(P3, P2, 1),
        damage(P1, P2, 1),
        Event::TurnStart { pig: P3, turn: 3 },
        draw(P3, Nullify, false),
        draw(P3, Nullify, false),
        Event::TurnStart { pig: P1, turn: 4 },
        draw(P1, Duel, false),
        draw(P1, Duel, false),
        play(P1, Duel, Some(P2)),
        damage(P2, P1, 3),
        play(P1, Duel, Some(P2)),
        damage(P2, P1, 2),
        play(P1, Duel, Some(P2)),
        damage(P2, P1, 1),
        play(P1, Duel, Some(P2)),
        damage(P2, P1, 0),
        Event::Death {
            pig: P2,
            source: P1,
            discarded: 3,
            weapon: false,
        },
        // P1 held D D F F F F F F and played four duels.
        Event::Penalty {
            pig: P1,
            discarded: 4,
            weapon: false,
        },
        Event::TurnStart { pig: P3, turn: 5 },
        draw(P3, Kill, false),
        draw(P3, Dodge, true),
        play(P3, Kill, Some(P1)),
        Event::Reveal {
            pig: P3,
            role: Role::Rebel,
        },
        damage(P1, P3, 0),
        Event::Death {
            pig: P1,
            source: P3,
            discarded: 0,
            weapon: false,
        },
        Event::GameOver {
            winner: Winner::Rebels,
        },
    ];
    assert_eq!(events, expected, "\n{}", narrate(&events));
}

/// A whole small game, event by event: duels, a rebel dying in its own
/// turn, the reward with the deck's last card, the lord's death.
///
/// Turn 1: P1 draws D D (K K K K D D); P2 is unrevealed, nothing to play.
/// Turn 2: P2 draws F F (the deck is now down to its last card D) and
/// duels P1 four times; each time P1 discards a kill and P2, with none,
/// takes the damage. At the fourth P2 dies in its own turn (holding F F),
/// and P1 draws D D D as the reward, each the last card left in place.
/// Turn 3: P3 draws D D and duels P1, who has no kill left, four times.
#[test]
fn events_of_a_small_game() {
    let (result, events) = trace(
        "3 5
MP K K K K
FP F F F F
FP F F F F
D D F F D
",
    );
    let duel_p1_by = |pig| play(pig, Duel, Some(P1));
    let p1_kill = Event::Respond {
        pig: P1,
        card: Kill,
    };
    let expected = [
        Event::TurnStart { pig: P1, turn: 1 },
        draw(P1, Dodge, false),
        draw(P1, Dodge, false),
        Event::TurnStart { pig: P2, turn: 2 },
        draw(P2, Duel, false),
        draw(P2, Duel, false),
        duel_p1_by(P2),
        Event::Reveal {
            pig: P2,
            role: Role::Rebel,
        },
        p1_kill,
        damage(P2, P1, 3),
        duel_p1_by(P2),
        p1_kill,
        damage(P2, P1, 2),
        duel_p1_by(P2),
        p1_kill,
        damage(P2, P1, 1),
        duel_p1_by(P2),
        p1_kill,
        damage(P2, P1, 0),
        Event::Death {
            pig: P2,
            source: P1,
            discarded: 2,
            weapon: false,
        },
        Event::Reward { pig: P1 },
        draw(P1, Dodge, true),
        draw(P1, Dodge, true),
        draw(P1, Dodge, true),
        Event::TurnStart { pig: P3, turn: 3 },
        draw(P3, Dodge, true),
        draw(P3, Dodge, true),
        duel_p1_by(P3),
        Event::Reveal {
            pig: P3,
            role: Role::Rebel,
        },
        damage(P1, P3, 3),
        duel_p1_by(P3),
        damage(P1, P3, 2),
        duel_p1_by(P3),
        damage(P1, P3, 1),
        duel_p1_by(P3),
        damage(P1, P3, 0),
        Event::Death {
            pig: P1,
            source: P3,
            discarded: 5,
            weapon: false,
        },
        Event::GameOver {
            winner: Winner::Rebels,
        },
    ];
    assert_eq!(events, expected, "\n{}", narrate(&events));
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("FP\nDEAD\nDEAD\nD D\n".to_string())
    );
}

// ---------------------------------------------------------------------------
// Cards.
// ---------------------------------------------------------------------------

/// Kill, dodge, one kill per turn, and the deck's last card.
///
/// The deck is one K, so every draw gives K and leaves it in place. P1
/// does not kill the unrevealed P2. P2 kills P1 every turn (revealing
/// itself at once); P1 dodges with its four dodges. From turn 3 P1 kills
/// the revealed P2, one kill per turn though it holds several: P2 (no
/// dodge) drops to 3, 2, 1 and dies in turn 9. P1 drew 2 kills in each of
/// its 5 turns and played 4: six are left, and the last rebel's death
/// gives no reward.
#[test]
fn kill_dodge_one_kill_per_turn() {
    let text = "2 1
MP D D D D
FP K K K K
K
";
    let (result, events) = trace(text);
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("MP\nK K K K K K\nDEAD\n".to_string())
    );
    let draws: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Draw { .. }))
        .collect();
    assert_eq!(draws.len(), 18, "nine turns of two draws");
    assert!(draws.iter().all(|e| matches!(
        e,
        Event::Draw {
            last_card: true,
            ..
        }
    )));
    let p1_kill = (P1, Kill, Some(P2));
    let p2_kill = (P2, Kill, Some(P1));
    assert_eq!(
        plays(&events),
        [p2_kill, p1_kill, p2_kill, p1_kill, p2_kill, p1_kill, p2_kill, p1_kill]
    );
    assert_in_order(
        &events,
        &[
            play(P2, Kill, Some(P1)),
            Event::Reveal {
                pig: P2,
                role: Role::Rebel,
            },
            Event::Respond {
                pig: P1,
                card: Dodge,
            },
        ],
    );
    // The last rebel's death ends the game at once: no reward.
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::Death {
                pig: P2,
                source: P1,
                discarded: 8,
                weapon: false,
            },
            Event::GameOver {
                winner: Winner::Lord,
            },
        ]
    );
}

/// A crossbow lifts the one-kill limit; a peach heals only below 4 HP.
///
/// Turn 1: P1 holds P at full HP and keeps it. Turn 2: P2 equips the
/// crossbow and kills five times: P1 dodges thrice, then drops to 2.
/// Turn 3: P1 heals to 3 and kills once (no crossbow): P2 at 3. Turn 4: P2
/// kills twice: P1 at 1. Turn 5: P1 kills: P2 at 2. Turn 6: P2's first
/// kill takes P1 to 0, with no peach left: the rebels win.
#[test]
fn crossbow_and_peach() {
    let text = "2 1
MP P D D D
FP Z K K K
K
";
    let (result, events) = trace(text);
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("FP\nDEAD\nK\n".to_string())
    );
    assert_run(
        &events,
        &[
            play(P2, Crossbow, None),
            Event::Equip {
                pig: P2,
                replaced: false,
            },
        ],
    );
    assert_run(
        &events,
        &[play(P1, Peach, None), Event::Heal { pig: P1, hp: 3 }],
    );
    assert_eq!(
        plays(&events)
            .iter()
            .filter(|p| p.0 == P1 && p.1 == Peach)
            .count(),
        1
    );
}

/// A dying pig eats its leftmost peach, in or out of its turn.
///
/// Turn 2: P2 duels P1 four times; P1 has no kill and drops to 0 at the
/// fourth, eats a peach and is at 1. Turn 3: P1 heals to 2 with its other
/// peach. Then nobody can play: the third round is quiet.
#[test]
fn dying_pig_eats_a_peach() {
    let (result, events) = trace(
        "2 1
MP P P D D
FP F F F F
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_in_order(
        &events,
        &[
            damage(P1, P2, 0),
            Event::Rescue { pig: P1 },
            Event::TurnStart { pig: P1, turn: 3 },
            play(P1, Peach, None),
            Event::Heal { pig: P1, hp: 2 },
        ],
    );
}

/// A duel: the target discards first; the first without a kill takes the
/// damage from the other. Here the lord has none: four duels kill it.
#[test]
fn duel_kills_a_lord_without_kills() {
    assert_eq!(
        judge(
            "3 1
MP D D D D
ZP K K K K
FP F F F F
D
"
        ),
        "FP\nDEAD\nK K K K D D\nD D\n"
    );
}

/// Both sides discard kills in turn, the target first, leftmost first.
///
/// Turn 2: P2 (K K K F D D) cannot kill the unrevealed P3 next to it, so
/// it duels P1: P1 discards K, P2 discards K, P1 has no more: P1 takes 1.
/// Turn 3: P3 duels the revealed P2: P2 discards K, P3 has none: P3 takes
/// 1 from P2. Turn 5: P2 kills the now revealed loyalist P3, who dodges.
/// Then nobody can play: round 3 (turns 7 to 9) is quiet.
#[test]
fn duel_alternates_kills_and_rebel_kills_revealed_loyalist() {
    let (result, events) = trace(
        "3 1
MP K D D D
FP K K K F
ZP F D D D
D
",
    );
    assert_eq!(result, did_not_end(9, Stall::QuietRound));
    assert_eq!(
        plays(&events),
        [
            (P2, Duel, Some(P1)),
            (P3, Duel, Some(P2)),
            (P2, Kill, Some(P3))
        ]
    );
    let respond = |pig| Event::Respond { pig, card: Kill };
    assert_run(
        &events,
        &[
            Event::Reveal {
                pig: P2,
                role: Role::Rebel,
            },
            respond(P1),
            respond(P2),
            damage(P1, P2, 3),
        ],
    );
    assert_run(
        &events,
        &[
            Event::Reveal {
                pig: P3,
                role: Role::Loyalist,
            },
            respond(P2),
            damage(P3, P2, 3),
        ],
    );
}

/// A rebel's invasion kills another rebel: the rebel is rewarded (an FP
/// source is rewarded too) and plays its reward cards at once; a later
/// invasion passes over the dead pig.
///
/// Turn 2: P2 plays N four times. Each time P3 (no kill) takes 1 and P1
/// discards a kill, but at the fourth P3 dies first; P2 draws F F N; then
/// P1, out of kills, takes 1 and suspects P2. P2 scans again: two duels
/// reveal it (clearing the suspicion) and hurt P1 twice; the invasion
/// passes the dead P3 and kills P1.
#[test]
fn invasion_reward_to_a_rebel_then_duels() {
    let text = "3 8
MP K K K D
FP N N N N
FP D D D D
D D D D F F N D
";
    let (result, events) = trace(text);
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("FP\nDEAD\nD D\nDEAD\n".to_string())
    );
    assert_in_order(
        &events,
        &[
            damage(P3, P2, 0),
            Event::Death {
                pig: P3,
                source: P2,
                discarded: 4,
                weapon: false,
            },
            Event::Reward { pig: P2 },
            draw(P2, Duel, false),
            draw(P2, Duel, false),
            draw(P2, Invasion, false),
            damage(P1, P2, 3),
            Event::Suspect { pig: P2 },
            play(P2, Duel, Some(P1)),
            Event::Reveal {
                pig: P2,
                role: Role::Rebel,
            },
            damage(P1, P2, 2),
            play(P2, Duel, Some(P1)),
            damage(P1, P2, 1),
        ],
    );
    assert_eq!(
        events[events.len() - 4..],
        [
            play(P2, Invasion, None),
            damage(P1, P2, 0),
            Event::Death {
                pig: P1,
                source: P2,
                discarded: 3,
                weapon: false,
            },
            Event::GameOver {
                winner: Winner::Rebels,
            },
        ]
    );
}

/// Volley: answered by a dodge. The lord's damage from an unrevealed
/// loyalist makes it suspect the loyalist; it kills the suspect with a
/// crossbow; the loyalist's death costs the lord its hand and crossbow.
///
/// Turn 1: P1 equips Z. Turn 2: P2's W: P3 dodges; P1 has no dodge, takes
/// 1 and suspects P2. Turn 4: P1 draws D D and kills P2 four times (P2
/// holds only duels, and no revealed rebel to duel): P2 dies; P1 discards
/// K D D and the crossbow. Nothing more is played: round 3 is quiet.
#[test]
fn volley_suspicion_and_penalty() {
    let (result, events) = trace(
        "3 5
MP Z K K K
ZP W F F F
FP D D D D
K K F F D
",
    );
    assert_eq!(result, did_not_end(7, Stall::QuietRound));
    assert_in_order(
        &events,
        &[
            Event::Respond {
                pig: P3,
                card: Dodge,
            },
            damage(P1, P2, 3),
            Event::Suspect { pig: P2 },
            play(P1, Kill, Some(P2)),
            damage(P2, P1, 0),
            Event::Death {
                pig: P2,
                source: P1,
                discarded: 5,
                weapon: false,
            },
            Event::Penalty {
                pig: P1,
                discarded: 3,
                weapon: true,
            },
        ],
    );
}

// ---------------------------------------------------------------------------
// Targets.
// ---------------------------------------------------------------------------

/// A loyalist kills the next pig only once it is a revealed rebel.
///
/// Turn 2: P2 does not kill the unrevealed P3. Turn 3: P3 kills P1 and
/// reveals. Turns 5 and 8: P2 kills P3 (who dodges), once per turn, until
/// its two kills are gone. Round 4 is quiet.
#[test]
fn loyalist_kills_only_a_revealed_rebel() {
    let (result, events) = trace(
        "3 1
MP D D D D
ZP K K D D
FP K D D D
D
",
    );
    assert_eq!(result, did_not_end(12, Stall::QuietRound));
    assert_eq!(
        plays(&events),
        [
            (P3, Kill, Some(P1)),
            (P2, Kill, Some(P3)),
            (P2, Kill, Some(P3))
        ]
    );
}

/// The lord kills only at distance 1 and duels the first revealed rebel
/// or suspect going forward, at any distance, passing unrevealed pigs.
///
/// Turn 4: P4 kills P1 (its next pig) and reveals. Turn 5: P1's kill has
/// no target (P2 is unrevealed), but its duel finds P4 past P2 and P3.
#[test]
fn lord_duels_the_first_enemy_at_any_distance() {
    let (result, events) = trace(
        "4 1
MP K F D D
ZP D D D D
FP D D D D
FP K D D D
D
",
    );
    assert_eq!(result, did_not_end(12, Stall::QuietRound));
    assert_eq!(plays(&events), [(P4, Kill, Some(P1)), (P1, Duel, Some(P4))]);
    assert_run(&events, &[play(P1, Duel, Some(P4)), damage(P4, P1, 3)]);
}

/// The lord's kill moves on when the next pig dies; the reward comes
/// first, and the last rebel's death gives none.
///
/// Turn 1: P1 equips its crossbow. Turn 2: P2 duels P1 and reveals
/// (P1 discards a kill, P2 takes 1). Turn 3: P3 kills P1 and reveals.
/// Turn 4: P1 (6 kills) kills P2 three times; P2 dies; P1 draws K K K;
/// P3 is now next and dies to four more kills. Two kills are left.
#[test]
fn lord_kill_target_moves_when_the_next_pig_dies() {
    let (result, events) = trace(
        "3 12
MP Z K K K
FP F J J J
FP K J J J
K K J J J J K K K K K D
",
    );
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("MP\nK K\nDEAD\nDEAD\n".to_string())
    );
    assert_in_order(
        &events,
        &[
            Event::Death {
                pig: P2,
                source: P1,
                discarded: 5,
                weapon: false,
            },
            Event::Reward { pig: P1 },
            play(P1, Kill, Some(P3)),
        ],
    );
}

/// A loyalist dueled by the lord does not fight: it keeps its kills and
/// takes the damage. Nobody protects the suspect, not even the lord, which
/// holds a nullify: a suspected pig is still unrevealed.
///
/// Turn 2: P2's invasion hurts P3 and P1 (no kills); P1 suspects P2.
/// Turn 4: P1 draws J D and duels the suspect P2, which holds K K K but
/// takes the damage.
#[test]
fn loyalist_does_not_fight_the_lord() {
    let (result, events) = trace(
        "3 8
MP F D D D
ZP N K K K
FP D D D D
D D D D D D J D
",
    );
    assert_eq!(result, did_not_end(9, Stall::QuietRound));
    assert_run(&events, &[play(P1, Duel, Some(P2)), damage(P2, P1, 3)]);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::Respond {
            pig: P2,
            card: Kill
        } | Event::Nullify { .. }
    )));
}

/// A loyalist ignores the lord's suspicion: it neither kills nor duels a
/// suspected (unrevealed) rebel next to it.
///
/// Turn 3: P3's invasion hurts P1, who suspects P3; P2 answers it with a
/// kill. Turn 5: P2 still holds K F, and P3 is next to it, suspected but
/// unrevealed: nothing.
#[test]
fn loyalist_ignores_suspicion() {
    let (result, events) = trace(
        "3 1
MP D D D D
ZP K K F D
FP N D D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_in_order(
        &events,
        &[
            Event::Suspect { pig: P3 },
            Event::Respond {
                pig: P2,
                card: Kill,
            },
        ],
    );
    assert_eq!(plays(&events), [(P3, Invasion, None)]);
}

// ---------------------------------------------------------------------------
// Suspicion and reveals.
// ---------------------------------------------------------------------------

/// No damage, no suspicion: the lord answers the loyalist's invasion with
/// a kill and never duels it.
#[test]
fn no_suspicion_without_damage() {
    let (result, events) = trace(
        "3 1
MP K F D D
ZP N D D D
FP D D D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert!(!events.iter().any(|e| matches!(e, Event::Suspect { .. })));
    assert_eq!(plays(&events), [(P2, Invasion, None)]);
}

/// No suspicion of a revealed pig: the loyalist's first invasion is
/// nullified for the lord by the loyalist itself (which reveals it); its
/// second hurts the lord, who does not suspect a revealed loyalist, and so
/// never duels it.
#[test]
fn no_suspicion_of_a_revealed_pig() {
    let (result, events) = trace(
        "3 1
MP F D D D
ZP N N J D
FP D D D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_in_order(
        &events,
        &[
            damage(P3, P2, 3),
            nullify(P2, P1, 1),
            Event::Reveal {
                pig: P2,
                role: Role::Loyalist,
            },
            damage(P3, P2, 2),
            damage(P1, P2, 3),
        ],
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Suspect { .. })));
    assert_eq!(plays(&events), [(P2, Invasion, None), (P2, Invasion, None)]);
}

/// A reveal clears the lord's suspicion.
///
/// Turn 2: P2's invasion hurts P1: suspected. Turn 3: P3 duels P1 and
/// reveals. Turn 5: P2 kills the revealed P3 and so reveals itself.
/// Turn 7: P1 draws a duel: it passes P2 (a revealed loyalist, no longer
/// suspected) and duels P3.
#[test]
fn reveal_clears_suspicion() {
    let (_, events) = trace(
        "3 15
MP D D D D
ZP N K D D
FP F D D D
D D D D D D D D D D D D F D D
",
    );
    assert_in_order(
        &events,
        &[
            Event::Suspect { pig: P2 },
            play(P3, Duel, Some(P1)),
            play(P2, Kill, Some(P3)),
            Event::Reveal {
                pig: P2,
                role: Role::Loyalist,
            },
            Event::TurnStart { pig: P1, turn: 7 },
            play(P1, Duel, Some(P3)),
        ],
    );
    assert!(!plays(&events).contains(&(P1, Duel, Some(P2))));
}

// ---------------------------------------------------------------------------
// Nullify.
// ---------------------------------------------------------------------------

/// Depth 1: the lord protects itself from a duel; the duel does nothing.
/// Then the rebel's kill is dodged, and round 2 is quiet.
///
/// This is also the event order of a whole small game.
#[test]
fn nullify_depth_1_lord_protects_itself() {
    let (result, events) = trace(
        "2 1
MP J D D D
FP F K D D
D
",
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
    let expected = [
        Event::TurnStart { pig: P1, turn: 1 },
        draw(P1, Dodge, true),
        draw(P1, Dodge, true),
        Event::TurnStart { pig: P2, turn: 2 },
        draw(P2, Dodge, true),
        draw(P2, Dodge, true),
        play(P2, Duel, Some(P1)),
        Event::Reveal {
            pig: P2,
            role: Role::Rebel,
        },
        nullify(P1, P1, 1),
        play(P2, Kill, Some(P1)),
        Event::Respond {
            pig: P1,
            card: Dodge,
        },
        Event::TurnStart { pig: P1, turn: 3 },
        draw(P1, Dodge, true),
        draw(P1, Dodge, true),
        Event::TurnStart { pig: P2, turn: 4 },
        draw(P2, Dodge, true),
        draw(P2, Dodge, true),
    ];
    assert_eq!(events, expected, "\n{}", narrate(&events));
}

/// Depth 2: the rebel cancels the lord's protection; the duel hurts.
#[test]
fn nullify_depth_2_rebel_attacks() {
    let (result, events) = trace(
        "2 1
MP J D D D
FP F J D D
D
",
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
    assert_run(
        &events,
        &[nullify(P1, P1, 1), nullify(P2, P1, 2), damage(P1, P2, 3)],
    );
}

/// Depth 3: after the rebel's attack a new round starts from the rebel,
/// and the lord protects itself again: the duel is cancelled.
/// (The lord is asked first after its own nullify and declines: it does
/// not attack itself.)
#[test]
fn nullify_depth_3_lord_protects_again() {
    let (result, events) = trace(
        "2 1
MP J J D D
FP F J D D
D
",
    );
    assert_eq!(result, did_not_end(4, Stall::QuietRound));
    assert_run(
        &events,
        &[
            nullify(P1, P1, 1),
            nullify(P2, P1, 2),
            nullify(P1, P1, 3),
            Event::TurnStart { pig: P1, turn: 3 },
        ],
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Damage { .. })));
}

/// A revealed rebel protects itself from the lord's duel.
///
/// Turn 2: P2 kills P1 (dodged) and reveals, then duels P1 twice (P1 at 2).
/// Turn 3: P1's first duel at P2 is nullified by P2 itself; the other
/// three hurt P2 down to 1. Turn 4: P2's two duels kill P1.
#[test]
fn revealed_rebel_protects_itself() {
    let (result, events) = trace(
        "2 1
MP D D D D
FP K J D D
F
",
    );
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("FP\nDEAD\nD D\n".to_string())
    );
    assert_run(
        &events,
        &[
            play(P1, Duel, Some(P2)),
            nullify(P2, P2, 1),
            play(P1, Duel, Some(P2)),
            damage(P2, P1, 3),
        ],
    );
}

/// Loyalists protect the lord and, once revealed, loyalists (itself too).
///
/// Turn 2: P2's own invasion would hurt P1; P2 nullifies it for P1 and
/// reveals. Turn 3: P3's invasion reaches P1 first: P2 protects it again;
/// then P2 itself, now a revealed loyalist: P2 protects itself.
#[test]
fn loyalist_protects_the_lord_and_itself() {
    let (result, events) = trace(
        "3 1
MP D D D D
ZP N J J J
FP N D D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_run(
        &events,
        &[
            play(P3, Invasion, None),
            nullify(P2, P1, 1),
            nullify(P2, P2, 1),
            Event::TurnStart { pig: P1, turn: 4 },
        ],
    );
}

/// Offers start with the trick's player: a loyalist nullifies its own
/// invasion to protect the lord, and reveals; the lord keeps its nullify.
/// Nobody protects the unrevealed rebel.
#[test]
fn loyalist_nullifies_its_own_invasion_for_the_lord() {
    let (result, events) = trace(
        "3 1
MP J D D D
FP D D D D
ZP N J D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_run(
        &events,
        &[
            play(P3, Invasion, None),
            nullify(P3, P1, 1),
            Event::Reveal {
                pig: P3,
                role: Role::Loyalist,
            },
            damage(P2, P3, 3),
        ],
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Nullify { .. }))
            .count(),
        1
    );
}

/// A rebel's invasion: the lord is hurt and suspects it; then the rebel
/// protects its revealed ally from its own invasion, revealing itself
/// (which clears the suspicion).
#[test]
fn rebel_protects_a_revealed_rebel_from_its_own_invasion() {
    let (result, events) = trace(
        "3 1
MP D D D D
FP F J D D
FP N J D D
D
",
    );
    assert_eq!(result, did_not_end(6, Stall::QuietRound));
    assert_run(
        &events,
        &[
            play(P3, Invasion, None),
            damage(P1, P3, 2),
            Event::Suspect { pig: P3 },
            nullify(P3, P2, 1),
            Event::Reveal {
                pig: P3,
                role: Role::Rebel,
            },
            Event::TurnStart { pig: P1, turn: 4 },
        ],
    );
}

// ---------------------------------------------------------------------------
// Games that do not end, and games won before they start.
// ---------------------------------------------------------------------------

/// A round that starts with the deck exhausted and plays nothing.
#[test]
fn stall_quiet_round() {
    let text = "2 1
MP D D D D
FP D D D D
D
";
    let (result, events) = trace(text);
    assert_eq!(result, did_not_end(2, Stall::QuietRound));
    assert_eq!(events.len(), 6, "two turns of a start and two draws");
}

/// The round must start with the deck already exhausted: three cards last
/// until turn 1's draws, so round 1 does not count; round 2 does.
#[test]
fn stall_quiet_round_needs_an_exhausted_start() {
    let text = "2 3
MP D D D D
FP D D D D
D D D
";
    assert_eq!(run(text), did_not_end(4, Stall::QuietRound));
}

/// A crossbow as the last card: each pig equips two every turn, so the
/// hands never change; rounds 2 and 3 start in the same state.
#[test]
fn stall_repeated_round() {
    let (result, events) = trace(
        "2 1
MP D D D D
FP D D D D
Z
",
    );
    assert_eq!(result, did_not_end(4, Stall::RepeatedRound));
    assert_eq!(
        events[..4],
        [
            Event::TurnStart { pig: P1, turn: 1 },
            draw(P1, Crossbow, true),
            draw(P1, Crossbow, true),
            play(P1, Crossbow, None),
        ]
    );
    assert!(events.contains(&Event::Equip {
        pig: P2,
        replaced: true
    }));
}

/// The turn cap: checked before each turn, when the turns started reach
/// the budget.
#[test]
fn stall_turn_cap() {
    let text = "2 1
MP D D D D
FP D D D D
Z
";
    let (result, events) = trace_with(text, Budget { max_turns: 3 });
    assert_eq!(result, did_not_end(3, Stall::TurnCap));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::TurnStart { .. }))
            .count(),
        3
    );
    let (result, events) = trace_with(text, Budget { max_turns: 0 });
    assert_eq!(result, did_not_end(0, Stall::TurnCap));
    assert!(events.is_empty());
    // The sample ends in its fifth turn: a cap of 4 stops it, 5 does not.
    let sample = game(SAMPLE);
    assert_eq!(
        StrategyEngine.run(&sample, Budget { max_turns: 4 }),
        did_not_end(4, Stall::TurnCap)
    );
    assert!(StrategyEngine.run(&sample, Budget { max_turns: 5 }).is_ok());
}

/// No rebel: the lord has won before any turn.
#[test]
fn no_rebel_lord_wins_at_once() {
    let (result, events) = trace(
        "3 1
MP K K K K
ZP D D D D
ZP J J J J
P
",
    );
    assert_eq!(
        result.map(|o| o.to_string()),
        Ok("MP\nK K K K\nD D D D\nJ J J J\n".to_string())
    );
    assert_eq!(
        events,
        [Event::GameOver {
            winner: Winner::Lord
        }]
    );
}

// ---------------------------------------------------------------------------
// Internals.
// ---------------------------------------------------------------------------

/// The hands index kinds by `card as usize` and map kind bits back through
/// `Card::ALL`: the two orders must agree.
#[test]
fn card_kinds_follow_card_all() {
    for (i, card) in Card::ALL.iter().enumerate() {
        assert_eq!(*card as usize, i);
    }
}

// ---------------------------------------------------------------------------
// Random games.
// ---------------------------------------------------------------------------

/// Every random game ends in an outcome or a stall, never a panic; the
/// traced and untraced runs agree; the trace is well formed.
#[test]
fn random_games_end() {
    let mut rng = XorShift::new(2010);
    for i in 0..4000 {
        let mix = if i % 2 == 0 {
            Mix::Uniform
        } else {
            Mix::Skewed
        };
        let game = random_game(&mut rng, 200, mix);
        let mut events = Vec::new();
        let traced = StrategyEngine.run_traced(&game, Budget::default(), &mut events);
        assert_eq!(traced, StrategyEngine.run(&game, Budget::default()));
        let turns = events
            .iter()
            .filter(|e| matches!(e, Event::TurnStart { .. }))
            .count() as u32;
        match traced {
            Ok(outcome) => {
                assert!(matches!(events.last(), Some(Event::GameOver { .. })));
                assert_eq!(outcome.pigs.len(), game.pig_count());
            }
            Err(RunError::DidNotEnd { turns: t, .. }) => assert_eq!(t, turns),
            Err(e) => panic!("unexpected failure: {e}"),
        }
    }
}

/// The speed of the engine on random games (2 to 10 pigs, decks of 1 to
/// 2000 cards), uniform and skewed card mixes, and short decks (up to 40
/// cards: many of those games never end). Run with
/// `cargo test -p pigkill-engine --release -- --ignored --nocapture`;
/// `PIGKILL_SPEED_GAMES=N` sets the games per mix (50000 by default; with
/// fewer, one timed pass instead of the best of five, e.g. under valgrind).
#[test]
#[ignore]
fn speed_of_random_games() {
    for (mix, max_deck) in [
        (Mix::Uniform, 2000),
        (Mix::Skewed, 2000),
        (Mix::Uniform, 40),
    ] {
        let mut rng = XorShift::new(7);
        let count: usize = std::env::var("PIGKILL_SPEED_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(50_000);
        let games: Vec<Game> = (0..count)
            .map(|_| random_game(&mut rng, max_deck, mix))
            .collect();
        let (mut ended, mut stalled, mut capped) = (0usize, 0usize, 0usize);
        for game in &games {
            match StrategyEngine.run(game, Budget::default()) {
                Ok(_) => ended += 1,
                Err(RunError::DidNotEnd {
                    stall: Stall::TurnCap,
                    ..
                }) => capped += 1,
                Err(_) => stalled += 1,
            }
        }
        // The best of five timed passes, to see through a busy machine.
        let passes = if count < 50_000 { 1 } else { 5 };
        let seconds = (0..passes)
            .map(|_| {
                let start = Instant::now();
                for game in &games {
                    std::hint::black_box(StrategyEngine.run(game, Budget::default())).ok();
                }
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        println!(
            "strategy engine, {mix:?} cards, decks up to {max_deck}: {} games in {seconds:.3} s = {:.0} games/s \
             ({ended} ended, {stalled} stalled, {capped} hit the turn cap; best of {passes} passes)",
            games.len(),
            games.len() as f64 / seconds
        );
    }
}
