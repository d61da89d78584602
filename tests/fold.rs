//! The one fold of the trace (`pigkill::fold`) tells the table as the
//! engine itself holds it. On 10,000 mixed games that end, each engine's
//! canonical trace is folded from the game's start, and the fold's last
//! snapshot is compared with two things the fold never reads:
//!
//! - the engine's judge output (`Outcome`): the winner, who is dead, and
//!   each living pig's hand;
//! - the engine's own table at the end (`run_to_end`, the test-only
//!   feature `inspect`): every pig's life, HP, hand, crossbow, reveal and
//!   the lord's suspicion, and how many cards left the deck.
//!
//! Both engines are checked, each against its own trace.

use pigkill::fold::{fold, snapshots, TableState};
use pigkill_engine::{Budget, Engine, Event, Game, Outcome, PigFate, StrategyEngine, TableEnd};
use pigkill_generators::{game_seed, generate_ending, Profile};
use pigkill_reference::ReferenceEngine;

/// The run seed of these games.
const RUN_SEED: u64 = 13;
/// How many games.
const GAMES: u64 = 10_000;

/// What the end states held, so that the test shows it compared something.
#[derive(Debug, Default)]
struct Seen {
    events: usize,
    pigs: usize,
    dead: usize,
    revealed: usize,
    suspected: usize,
    crossbows: usize,
    hurt: usize,
}

fn check_against_engine(
    game: &Game,
    end: &TableState,
    outcome: &Outcome,
    table: &TableEnd,
    seen: &mut Seen,
) {
    let context = || game.to_text();
    assert_eq!(end.winner, Some(outcome.winner), "winner of\n{}", context());
    assert_eq!(end.winner, Some(table.winner), "winner of\n{}", context());
    assert_eq!(end.drawn, table.drawn, "cards drawn in\n{}", context());
    assert_eq!(end.pigs.len(), outcome.pigs.len());
    assert_eq!(end.pigs.len(), table.pigs.len());
    for (seat, ((pig, fate), engine)) in end
        .pigs
        .iter()
        .zip(&outcome.pigs)
        .zip(&table.pigs)
        .enumerate()
    {
        let at = || format!("pig {} of\n{}", seat + 1, context());
        match fate {
            PigFate::Dead => assert!(!pig.alive, "dead in the output: {}", at()),
            PigFate::Alive(hand) => {
                assert!(pig.alive, "alive in the output: {}", at());
                assert_eq!(&pig.hand, hand, "hand in the output: {}", at());
            }
        }
        assert_eq!(pig.alive, engine.alive, "life: {}", at());
        assert_eq!(pig.hp, engine.hp, "HP: {}", at());
        assert_eq!(pig.revealed, engine.revealed, "reveal: {}", at());
        assert_eq!(pig.suspected, engine.suspected, "suspicion: {}", at());
        if pig.alive {
            assert_eq!(pig.hand, engine.hand, "hand: {}", at());
            assert_eq!(pig.crossbow, engine.crossbow, "crossbow: {}", at());
        } else {
            // A dead pig's hand and weapon are discarded.
            assert!(pig.hand.is_empty() && !pig.crossbow, "{}", at());
        }
        seen.pigs += 1;
        seen.dead += usize::from(!pig.alive);
        seen.revealed += usize::from(pig.revealed);
        seen.suspected += usize::from(pig.suspected);
        seen.crossbows += usize::from(pig.crossbow);
        seen.hurt += usize::from(pig.alive && pig.hp < pigkill_engine::MAX_HP);
    }
}

fn traced(engine: &dyn Engine, game: &Game) -> (Vec<Event>, Outcome) {
    let mut events = Vec::new();
    let outcome = engine
        .run_traced(game, Budget::default(), &mut events)
        .expect("the game ends");
    (events, outcome)
}

#[test]
fn the_fold_agrees_with_both_engines_at_the_end_of_10_000_mixed_games() {
    let mut seen = [Seen::default(), Seen::default()];
    for i in 0..GAMES {
        let g = generate_ending(Profile::Mixed, game_seed(RUN_SEED, i), &StrategyEngine)
            .expect("a game that ends");
        let game = &g.game;

        let (events, outcome) = traced(&StrategyEngine, game);
        let table = StrategyEngine
            .run_to_end(game, Budget::default())
            .expect("the game ends");
        check_against_engine(game, &fold(game, &events), &outcome, &table, &mut seen[0]);
        seen[0].events += events.len();

        let (events, outcome) = traced(&ReferenceEngine, game);
        let table = pigkill_reference::run_to_end(game, Budget::default()).expect("the game ends");
        check_against_engine(game, &fold(game, &events), &outcome, &table, &mut seen[1]);
        seen[1].events += events.len();
    }
    for (name, s) in ["strategy", "reference"].iter().zip(&seen) {
        eprintln!("{name}: {GAMES} games, {s:?}");
        // The end states held every kind of thing compared.
        assert!(s.dead > 0 && s.revealed > 0 && s.suspected > 0 && s.crossbows > 0 && s.hurt > 0);
    }
}

#[test]
fn snapshot_i_is_the_fold_of_the_first_i_plus_1_events() {
    for i in 0..50 {
        let g = generate_ending(Profile::Mixed, game_seed(RUN_SEED + 1, i), &StrategyEngine)
            .expect("a game that ends");
        let (events, _) = traced(&StrategyEngine, &g.game);
        let all = snapshots(&g.game, &events);
        assert_eq!(all.len(), events.len());
        for k in [0, events.len() / 2, events.len() - 1] {
            assert_eq!(all[k], fold(&g.game, &events[..=k]));
        }
    }
}
