//! Random games from a tiny xorshift builder: the engine never panics, its
//! traced and untraced runs agree, its trace is consistent with its
//! result, and (ignored, for release builds) how many games a second it
//! plays.
//!
//! `cargo test -p pigkill-reference --release -- --ignored --nocapture`

use std::time::Instant;

use pigkill_engine::{
    Budget, Card, Engine, Event, Game, Outcome, PigFate, PigSetup, Role, RunError, Winner,
};
use pigkill_reference::ReferenceEngine;

/// A xorshift64* generator: enough randomness for test games, no dependency.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `low..=high`.
    fn between(&mut self, low: usize, high: usize) -> usize {
        low + (self.next() % (high - low + 1) as u64) as usize
    }

    fn card(&mut self) -> Card {
        Card::ALL[self.between(0, Card::ALL.len() - 1)]
    }
}

/// A random valid game: 2 to 10 pigs, roles at random after the lord, four
/// random cards each, 1 to `max_deck` random deck cards.
fn random_game(rng: &mut XorShift, max_deck: usize) -> Game {
    let n = rng.between(2, 10);
    let pigs = (0..n)
        .map(|seat| {
            let role = match seat {
                0 => Role::Lord,
                _ if rng.between(0, 1) == 0 => Role::Loyalist,
                _ => Role::Rebel,
            };
            let hand = [rng.card(), rng.card(), rng.card(), rng.card()];
            PigSetup { role, hand }
        })
        .collect();
    let m = rng.between(1, max_deck);
    let deck = (0..m).map(|_| rng.card()).collect();
    Game::new(pigs, deck).expect("the builder makes valid games")
}

/// Checks an outcome against the game's roles.
fn check_outcome(game: &Game, outcome: &Outcome) {
    assert_eq!(outcome.pigs.len(), game.pig_count());
    let lord_dead = outcome.pigs[0] == PigFate::Dead;
    let rebel_alive = game
        .pigs()
        .iter()
        .zip(&outcome.pigs)
        .any(|(pig, fate)| pig.role == Role::Rebel && *fate != PigFate::Dead);
    match outcome.winner {
        Winner::Rebels => assert!(lord_dead, "FP won but MP lives:\n{game}"),
        Winner::Lord => assert!(
            !lord_dead && !rebel_alive,
            "MP won but MP is dead or an FP lives:\n{game}"
        ),
    }
}

/// Checks the trace against the result: `GameOver` is last exactly when
/// the game ended, with the same winner, and there is no other.
fn check_trace(game: &Game, result: &Result<Outcome, RunError>, events: &[Event]) {
    let game_overs = events
        .iter()
        .filter(|e| matches!(e, Event::GameOver { .. }))
        .count();
    match result {
        Ok(outcome) => {
            assert_eq!(game_overs, 1, "{game}");
            assert_eq!(
                events.last(),
                Some(&Event::GameOver {
                    winner: outcome.winner
                }),
                "{game}"
            );
        }
        Err(RunError::DidNotEnd { turns, .. }) => {
            assert_eq!(game_overs, 0, "{game}");
            let turn_starts = events
                .iter()
                .filter(|e| matches!(e, Event::TurnStart { .. }))
                .count();
            assert_eq!(turn_starts, *turns as usize, "{game}");
        }
        Err(other) => panic!("unexpected failure {other}:\n{game}"),
    }
}

#[test]
fn random_games_are_consistent() {
    let mut rng = XorShift::new(2010);
    let budget = Budget::default();
    for _ in 0..3_000 {
        let game = random_game(&mut rng, 300);
        let result = ReferenceEngine.run(&game, budget);
        let mut events = Vec::new();
        let traced = ReferenceEngine.run_traced(&game, budget, &mut events);
        assert_eq!(result, traced, "{game}");
        check_trace(&game, &traced, &events);
        if let Ok(outcome) = &result {
            check_outcome(&game, outcome);
        }
    }
}

#[test]
fn a_reparsed_game_plays_the_same() {
    let mut rng = XorShift::new(7);
    for _ in 0..200 {
        let game = random_game(&mut rng, 100);
        let again = pigkill_engine::parse_game(&game.to_text()).expect("printed games parse");
        assert_eq!(
            ReferenceEngine.run(&game, Budget::default()),
            ReferenceEngine.run(&again, Budget::default())
        );
    }
}

/// Plays every game `rounds` times and prints games/s.
fn measure(label: &str, games: &[Game], rounds: usize) {
    let budget = Budget::default();
    let (mut ended, mut stalled, mut turns) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for _ in 0..rounds {
        for game in games {
            match ReferenceEngine.run(game, budget) {
                Ok(_) => ended += 1,
                Err(RunError::DidNotEnd { turns: t, .. }) => {
                    stalled += 1;
                    turns += u64::from(t);
                }
                Err(other) => panic!("{other}"),
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let total = (games.len() * rounds) as f64;
    println!(
        "reference, {label}: {total} games in {seconds:.3} s = {:.0} games/s \
         ({ended} ended, {stalled} did not end, {:.1} turns on average before a stall was found)",
        total / seconds,
        turns as f64 / stalled.max(1) as f64
    );
}

/// Prints games/s over random games: decks of 1 to 2000 cards, then decks
/// of 1 to 20 cards (many run out, and stall detection does the work).
#[test]
#[ignore = "a speed measurement: run in release with --ignored --nocapture"]
fn speed_of_random_games() {
    let mut rng = XorShift::new(1);
    let games: Vec<Game> = (0..20_000).map(|_| random_game(&mut rng, 2000)).collect();
    measure("decks up to 2000 cards", &games, 5);
    let games: Vec<Game> = (0..20_000).map(|_| random_game(&mut rng, 20)).collect();
    measure("decks up to 20 cards", &games, 5);
}
