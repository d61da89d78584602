//! Tests of the shrinker with synthetic predicates (no engine needed): a
//! known minimal game, properties over many random games and predicates
//! (the result still fails, is valid, is no larger, and is 1-minimal by an
//! enumeration of single steps written here apart from the shrinker's),
//! the caps, and the games the shrinker may offer.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::time::Duration;

use pigkill::shrink::{shrink, shrink_with_progress, ShrinkError, ShrinkOptions, Stop};
use pigkill_engine::{Card, Game, PigSetup, Role};

/// A small xorshift generator, so the tests need no seed crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn card(&mut self) -> Card {
        Card::ALL[self.below(8)]
    }
}

/// A random valid game with at least one rebel: 2 to `max_pigs` pigs, 1 to `max_deck` deck cards.
fn random_game(rng: &mut Rng, max_pigs: usize, max_deck: usize) -> Game {
    let n = 2 + rng.below(max_pigs - 1);
    let mut pigs: Vec<PigSetup> = (0..n)
        .map(|seat| PigSetup {
            role: match (seat, rng.below(2)) {
                (0, _) => Role::Lord,
                (_, 0) => Role::Loyalist,
                _ => Role::Rebel,
            },
            hand: [rng.card(), rng.card(), rng.card(), rng.card()],
        })
        .collect();
    if !pigs.iter().any(|p| p.role == Role::Rebel) {
        let seat = 1 + rng.below(n - 1);
        pigs[seat].role = Role::Rebel;
    }
    let m = 1 + rng.below(max_deck);
    let deck = (0..m).map(|_| rng.card()).collect();
    Game::new(pigs, deck).expect("a valid random game")
}

/// The documented card order, written out again here: D P Z K F W N J.
fn rank(card: Card) -> u32 {
    match card {
        Card::Dodge => 0,
        Card::Peach => 1,
        Card::Crossbow => 2,
        Card::Kill => 3,
        Card::Duel => 4,
        Card::Volley => 5,
        Card::Invasion => 6,
        Card::Nullify => 7,
    }
}

/// The documented order of games: (pigs, deck, card ranks, loyalists, turns).
fn measure(game: &Game, turns: u32) -> (usize, usize, u32, usize, u32) {
    let cards = game
        .pigs()
        .iter()
        .flat_map(|p| p.hand)
        .chain(game.deck().iter().copied())
        .map(rank)
        .sum();
    let loyalists = game
        .pigs()
        .iter()
        .filter(|p| p.role == Role::Loyalist)
        .count();
    (game.pig_count(), game.deck().len(), cards, loyalists, turns)
}

/// Every single step from `game`, enumerated here apart from the shrinker:
/// drop a pig, drop a deck card, a loyalist made a rebel, a card made
/// simpler, one of the top deck cards moved into a hand slot, and the
/// swaps. Only valid games with a rebel.
fn neighbours(game: &Game) -> Vec<Game> {
    let pigs = game.pigs();
    let deck = game.deck();
    let mut out = Vec::new();
    let mut push = |pigs: Vec<PigSetup>, deck: Vec<Card>| {
        if let Ok(g) = Game::new(pigs, deck) {
            if g.has_rebel() {
                out.push(g);
            }
        }
    };
    for seat in 1..pigs.len() {
        let mut p = pigs.to_vec();
        p.remove(seat);
        push(p, deck.to_vec());
    }
    for index in 0..deck.len() {
        let mut d = deck.to_vec();
        d.remove(index);
        push(pigs.to_vec(), d);
    }
    for seat in 1..pigs.len() {
        if pigs[seat].role == Role::Loyalist {
            let mut p = pigs.to_vec();
            p[seat].role = Role::Rebel;
            push(p, deck.to_vec());
        }
    }
    for seat in 0..pigs.len() {
        for slot in 0..4 {
            for card in Card::ALL {
                if rank(card) < rank(pigs[seat].hand[slot]) {
                    let mut p = pigs.to_vec();
                    p[seat].hand[slot] = card;
                    push(p, deck.to_vec());
                }
            }
        }
    }
    for index in 0..deck.len() {
        for card in Card::ALL {
            if rank(card) < rank(deck[index]) {
                let mut d = deck.to_vec();
                d[index] = card;
                push(pigs.to_vec(), d);
            }
        }
    }
    for index in 0..deck.len().min(pigkill::shrink::MOVE_REACH) {
        for seat in 0..pigs.len() {
            for slot in 0..4 {
                let mut p = pigs.to_vec();
                let mut d = deck.to_vec();
                p[seat].hand[slot] = d.remove(index);
                push(p, d);
            }
        }
    }
    for seat in 0..pigs.len() {
        for slot in 0..3 {
            let mut p = pigs.to_vec();
            p[seat].hand.swap(slot, slot + 1);
            push(p, deck.to_vec());
        }
    }
    for index in 0..deck.len().saturating_sub(1) {
        let mut d = deck.to_vec();
        d.swap(index, index + 1);
        push(pigs.to_vec(), d);
    }
    for first in 1..pigs.len() {
        for second in first + 1..pigs.len() {
            let mut p = pigs.to_vec();
            p.swap(first, second);
            push(p, deck.to_vec());
        }
    }
    out
}

/// A synthetic predicate: a name and a function of the game.
type Predicate = (&'static str, fn(&Game) -> Option<u32>);

fn hand_cards(game: &Game) -> impl Iterator<Item = Card> + '_ {
    game.pigs().iter().flat_map(|p| p.hand)
}

fn all_cards(game: &Game) -> impl Iterator<Item = Card> + '_ {
    hand_cards(game).chain(game.deck().iter().copied())
}

/// Fails when some non-lord pig's hand holds a nullify and the deck holds a duel.
fn nullify_and_duel(game: &Game) -> Option<u32> {
    let nullify = game.pigs()[1..]
        .iter()
        .any(|p| p.hand.contains(&Card::Nullify));
    let duel = game.deck().contains(&Card::Duel);
    (nullify && duel).then(|| game.deck().len() as u32 + 1)
}

/// Fails when the deck holds three kills and there are at least three pigs;
/// the game "lasts" until the third kill is drawn.
fn three_kills(game: &Game) -> Option<u32> {
    if game.pig_count() < 3 {
        return None;
    }
    let third = game
        .deck()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == Card::Kill)
        .nth(2)?
        .0;
    Some(third as u32 / 2 + 1)
}

/// Fails when a loyalist holds a peach left of a kill.
fn loyalist_peach_then_kill(game: &Game) -> Option<u32> {
    game.pigs().iter().enumerate().find_map(|(seat, p)| {
        let peach = p.hand.iter().position(|&c| c == Card::Peach)?;
        let kill = p.hand.iter().rposition(|&c| c == Card::Kill)?;
        (p.role == Role::Loyalist && peach < kill).then_some(seat as u32 + 1)
    })
}

/// Fails when there are two volleys anywhere and the top deck card is not a dodge.
fn two_volleys(game: &Game) -> Option<u32> {
    let volleys = all_cards(game).filter(|&c| c == Card::Volley).count();
    (volleys >= 2 && game.deck()[0] != Card::Dodge).then(|| {
        let spread: usize = all_cards(game)
            .enumerate()
            .filter(|(_, c)| *c == Card::Volley)
            .map(|(i, _)| i)
            .sum();
        spread as u32 % 7 + 1
    })
}

/// A non-monotone predicate: a weighted checksum of the game.
fn checksum(game: &Game) -> Option<u32> {
    let sum: u64 = all_cards(game)
        .enumerate()
        .map(|(i, c)| (i as u64 + 3) * (rank(c) as u64 + 1))
        .sum::<u64>()
        + game.pig_count() as u64 * 11;
    (sum % 5 == 0).then_some((sum % 13) as u32 + 1)
}

/// Fails when a rebel holds an invasion; a one-card deck of crossbows "does
/// not end", so the predicate says no to it.
fn rebel_invasion_that_ends(game: &Game) -> Option<u32> {
    if game.deck() == [Card::Crossbow] {
        return None;
    }
    let invasion = game
        .pigs()
        .iter()
        .any(|p| p.role == Role::Rebel && p.hand.contains(&Card::Invasion));
    invasion.then(|| 2 * game.deck().len() as u32)
}

/// Fails when a hand holds both a kill and a duel; the game is shorter the
/// further left the duel and the nearer the pig to the lord (so reordering pays).
fn kill_and_duel_in_hand(game: &Game) -> Option<u32> {
    game.pigs().iter().enumerate().find_map(|(seat, p)| {
        let duel = p.hand.iter().position(|&c| c == Card::Duel)?;
        p.hand
            .contains(&Card::Kill)
            .then_some(duel as u32 + 4 * seat as u32 + 1)
    })
}

/// Fails when the deck holds a crossbow somewhere after a peach, and pig 2 is a loyalist.
fn deck_order(game: &Game) -> Option<u32> {
    let deck = game.deck();
    let peach = deck.iter().position(|&c| c == Card::Peach)?;
    let crossbow = deck.iter().rposition(|&c| c == Card::Crossbow)?;
    (peach < crossbow && game.pigs()[1].role == Role::Loyalist).then_some(crossbow as u32 + 1)
}

const PREDICATES: [Predicate; 8] = [
    ("nullify_and_duel", nullify_and_duel),
    ("three_kills", three_kills),
    ("loyalist_peach_then_kill", loyalist_peach_then_kill),
    ("two_volleys", two_volleys),
    ("checksum", checksum),
    ("rebel_invasion_that_ends", rebel_invasion_that_ends),
    ("kill_and_duel_in_hand", kill_and_duel_in_hand),
    ("deck_order", deck_order),
];

/// Checks everything a shrink result must be, for one input and predicate.
fn check_shrink(name: &str, input: &Game, predicate: fn(&Game) -> Option<u32>) {
    let input_turns = predicate(input).expect("the input fails");
    let offered = RefCell::new(HashSet::new());
    let shrunk = shrink(
        input,
        |g: &Game| {
            assert!(g.has_rebel(), "{name}: offered a game with no rebel:\n{g}");
            assert!(
                offered.borrow_mut().insert(g.clone()),
                "{name}: offered the same game twice:\n{g}"
            );
            predicate(g)
        },
        &ShrinkOptions::default(),
    )
    .expect("shrinks");
    let result = &shrunk.game;
    assert_eq!(shrunk.stopped, None, "{name}");
    assert_eq!(
        predicate(result),
        Some(shrunk.turns),
        "{name}: the result fails"
    );
    let valid = Game::new(result.pigs().to_vec(), result.deck().to_vec());
    assert_eq!(valid.as_ref(), Ok(result), "{name}: the result is valid");
    assert!(result.has_rebel(), "{name}: the result has a rebel");
    let before = measure(input, input_turns);
    let after = measure(result, shrunk.turns);
    assert!(after <= before, "{name}: {after:?} > {before:?}");
    assert!(result.pig_count() <= input.pig_count());
    assert!(result.deck().len() <= input.deck().len());
    assert_eq!(
        shrunk.calls as usize,
        offered.borrow().len(),
        "{name}: calls, the input included"
    );
    for candidate in neighbours(result) {
        if let Some(turns) = predicate(&candidate) {
            assert!(
                measure(&candidate, turns) >= after,
                "{name}: not 1-minimal: from\n{input}to\n{result}a smaller failing neighbour\n{candidate}"
            );
        }
    }
}

#[test]
fn known_minimal_game_for_nullify_and_duel() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for _ in 0..20 {
        let mut game = random_game(&mut rng, 10, 300);
        if nullify_and_duel(&game).is_none() {
            // Make it fail: a nullify in some non-lord hand, a duel in the deck.
            let mut pigs = game.pigs().to_vec();
            let seat = 1 + rng.below(pigs.len() - 1);
            pigs[seat].hand[rng.below(4)] = Card::Nullify;
            let mut deck = game.deck().to_vec();
            let index = rng.below(deck.len());
            deck[index] = Card::Duel;
            game = Game::new(pigs, deck).expect("valid");
        }
        let shrunk = shrink(&game, nullify_and_duel, &ShrinkOptions::default()).expect("shrinks");
        let result = &shrunk.game;
        assert_eq!(result.pig_count(), 2, "{result}");
        assert_eq!(result.pigs()[0].role, Role::Lord);
        assert_eq!(result.pigs()[1].role, Role::Rebel);
        assert_eq!(result.deck(), [Card::Duel]);
        assert_eq!(result.pigs()[0].hand, [Card::Dodge; 4]);
        let mut hand = result.pigs()[1].hand;
        hand.sort();
        assert_eq!(hand, [Card::Dodge, Card::Dodge, Card::Dodge, Card::Nullify]);
        assert_eq!(shrunk.after.pigs, 2);
        assert_eq!(shrunk.after.deck, 1);
        assert_eq!(shrunk.before.pigs, game.pig_count());
        assert_eq!(shrunk.before.deck, game.deck().len());
        assert!(shrunk.is_minimal());
    }
}

#[test]
fn results_fail_are_valid_no_larger_and_one_minimal() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    for &(name, predicate) in &PREDICATES {
        let mut checked = 0;
        let mut attempts = 0;
        while checked < 40 && attempts < 20_000 {
            attempts += 1;
            let max_deck = if attempts % 10 == 0 { 2000 } else { 60 };
            let game = random_game(&mut rng, 10, max_deck);
            if predicate(&game).is_some() {
                check_shrink(name, &game, predicate);
                checked += 1;
            }
        }
        assert!(checked >= 10, "{name}: only {checked} failing random games");
    }
}

#[test]
fn reordering_shortens_the_game() {
    // Pig 3 holds the kill and the duel, the duel rightmost: the shortest
    // smallest game has them at pig 2 (the first seat a rebel can have)
    // with the duel leftmost.
    let pig = |role, hand| PigSetup { role, hand };
    use Card::*;
    let game = Game::new(
        vec![
            pig(Role::Lord, [Peach, Peach, Peach, Peach]),
            pig(Role::Rebel, [Dodge, Dodge, Dodge, Peach]),
            pig(Role::Rebel, [Kill, Dodge, Dodge, Duel]),
        ],
        vec![Dodge],
    )
    .expect("valid");
    let shrunk = shrink(&game, kill_and_duel_in_hand, &ShrinkOptions::default()).expect("shrinks");
    assert_eq!(shrunk.game.pig_count(), 2);
    assert_eq!(shrunk.game.pigs()[1].hand, [Duel, Kill, Dodge, Dodge]);
    assert_eq!(shrunk.turns, 5);
    check_shrink("kill_and_duel_in_hand", &game, kill_and_duel_in_hand);
}

#[test]
fn the_call_cap_is_respected() {
    let mut rng = Rng(0xc0ffee);
    let game = loop {
        let game = random_game(&mut rng, 10, 500);
        if two_volleys(&game).is_some() && game.pig_count() > 4 {
            break game;
        }
    };
    let full = shrink(&game, two_volleys, &ShrinkOptions::default()).expect("shrinks");
    assert!(full.calls > 20);
    for cap in [0, 1, 2, 5, 20, full.calls - 1, full.calls, full.calls + 10] {
        let calls = Cell::new(0u64);
        let options = ShrinkOptions {
            max_calls: Some(cap),
            ..ShrinkOptions::default()
        };
        let shrunk = shrink(
            &game,
            |g: &Game| {
                calls.set(calls.get() + 1);
                two_volleys(g)
            },
            &options,
        )
        .expect("shrinks");
        assert_eq!(shrunk.calls, calls.get());
        assert!(
            calls.get() <= cap.max(1),
            "cap {cap}: {} calls",
            calls.get()
        );
        assert!(two_volleys(&shrunk.game).is_some());
        assert!(shrunk.after <= shrunk.before);
        if cap < full.calls {
            assert_eq!(shrunk.stopped, Some(Stop::Calls), "cap {cap}");
        } else {
            assert_eq!(shrunk.stopped, None, "cap {cap}");
            assert_eq!(shrunk.game, full.game);
        }
    }
}

#[test]
fn the_time_limit_is_respected() {
    let mut rng = Rng(0xdead_beef);
    let game = loop {
        let game = random_game(&mut rng, 10, 500);
        if nullify_and_duel(&game).is_some() && game.deck().len() > 100 {
            break game;
        }
    };
    let options = ShrinkOptions {
        time_limit: Some(Duration::from_millis(30)),
        ..ShrinkOptions::default()
    };
    let slow = |g: &Game| {
        std::thread::sleep(Duration::from_millis(2));
        nullify_and_duel(g)
    };
    let shrunk = shrink(&game, slow, &options).expect("shrinks");
    assert_eq!(shrunk.stopped, Some(Stop::Time));
    assert!(
        shrunk.elapsed < Duration::from_millis(200),
        "{:?}",
        shrunk.elapsed
    );
    assert!(nullify_and_duel(&shrunk.game).is_some());
}

#[test]
fn no_game_without_a_rebel_is_offered() {
    use Card::*;
    let pig = |role, hand| PigSetup { role, hand };
    // Fails whenever some pig holds a nullify: dropping the only rebel
    // would keep it failing, but such a game is no test.
    let game = Game::new(
        vec![
            pig(Role::Lord, [Kill, Kill, Duel, Peach]),
            pig(Role::Loyalist, [Nullify, Kill, Kill, Kill]),
            pig(Role::Rebel, [Kill, Duel, Duel, Duel]),
            pig(Role::Loyalist, [Nullify, Nullify, Nullify, Nullify]),
        ],
        vec![Kill; 30],
    )
    .expect("valid");
    let has_nullify = |g: &Game| hand_cards(g).any(|c| c == Nullify).then_some(1);
    let shrunk = shrink(
        &game,
        |g: &Game| {
            assert!(g.has_rebel(), "offered a game with no rebel:\n{g}");
            has_nullify(g)
        },
        &ShrinkOptions::default(),
    )
    .expect("shrinks");
    assert_eq!(shrunk.game.pig_count(), 2);
    assert!(shrunk.game.has_rebel());

    // With no-rebel games allowed, the rebel may go.
    let options = ShrinkOptions {
        allow_no_rebel: true,
        ..ShrinkOptions::default()
    };
    let mut offered_without_rebel = false;
    let shrunk = shrink(
        &game,
        |g: &Game| {
            offered_without_rebel |= !g.has_rebel();
            has_nullify(g)
        },
        &options,
    )
    .expect("shrinks");
    assert!(offered_without_rebel);
    assert_eq!(shrunk.game.pig_count(), 2);
}

#[test]
fn errors_for_inputs_that_cannot_be_shrunk() {
    use Card::*;
    let pig = |role, hand| PigSetup { role, hand };
    let no_rebel = Game::new(
        vec![
            pig(Role::Lord, [Kill; 4]),
            pig(Role::Loyalist, [Nullify; 4]),
        ],
        vec![Kill],
    )
    .expect("valid");
    let mut called = false;
    let result = shrink(
        &no_rebel,
        |_: &Game| {
            called = true;
            Some(1)
        },
        &ShrinkOptions::default(),
    );
    assert_eq!(result.err(), Some(ShrinkError::NoRebel));
    assert!(!called);

    let game = Game::new(
        vec![pig(Role::Lord, [Kill; 4]), pig(Role::Rebel, [Nullify; 4])],
        vec![Kill],
    )
    .expect("valid");
    let result = shrink(&game, |_: &Game| None, &ShrinkOptions::default());
    assert_eq!(result.err(), Some(ShrinkError::NotFailing));
    assert_eq!(
        ShrinkError::NotFailing.to_string(),
        "the game to shrink does not fail"
    );
}

#[test]
fn progress_reports_each_smaller_game() {
    let mut rng = Rng(0xfeed);
    let game = loop {
        let game = random_game(&mut rng, 10, 300);
        if nullify_and_duel(&game).is_some() {
            break game;
        }
    };
    let mut seen = Vec::new();
    let shrunk = shrink_with_progress(
        &game,
        nullify_and_duel,
        &ShrinkOptions::default(),
        |p: &pigkill::shrink::Progress<'_>| {
            seen.push((p.measure, p.game.clone(), p.step.to_string()))
        },
    )
    .expect("shrinks");
    assert_eq!(seen.len() as u64, shrunk.accepted);
    assert!(seen.windows(2).all(|w| w[1].0 < w[0].0));
    assert_eq!(seen.last().map(|s| &s.1), Some(&shrunk.game));
}

#[test]
fn big_games_shrink_fast() {
    // A predicate that costs like two engines on the game: about 1 ms on a
    // 10-pig, 2000-card game (optimised), and a few µs on a small one.
    fn costly(game: &Game) -> Option<u32> {
        let work = game.deck().len() * game.pig_count() * 50;
        let mut x = 1u64;
        for i in 0..work {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i as u64));
        }
        std::hint::black_box(x);
        nullify_and_duel(game)
    }
    let mut rng = Rng(0xb16_6a3e);
    let mut total = Duration::ZERO;
    for _ in 0..5 {
        let game = loop {
            let game = random_game(&mut rng, 10, 2000);
            if game.pig_count() >= 8
                && game.deck().len() >= 1000
                && nullify_and_duel(&game).is_some()
            {
                break game;
            }
        };
        let shrunk = shrink(&game, costly, &ShrinkOptions::default()).expect("shrinks");
        assert_eq!(shrunk.game.pig_count(), 2);
        assert_eq!(shrunk.game.deck().len(), 1);
        total += shrunk.elapsed;
        eprintln!(
            "{} pigs {} cards -> {} pigs {} cards: {} calls, {:?}",
            shrunk.before.pigs,
            shrunk.before.deck,
            shrunk.after.pigs,
            shrunk.after.deck,
            shrunk.calls,
            shrunk.elapsed
        );
    }
    assert!(total < Duration::from_secs(10), "{total:?}");
}

#[test]
#[ignore = "a timing probe: cargo test --release --test shrink -- --ignored --nocapture"]
fn timing_of_a_failure_that_needs_a_long_deck() {
    fn costly(game: &Game) -> Option<u32> {
        let work = game.deck().len() * game.pig_count() * 50;
        let mut x = 1u64;
        for i in 0..work {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i as u64));
        }
        std::hint::black_box(x);
        let nullify = game.pigs()[1..]
            .iter()
            .any(|p| p.hand.contains(&Card::Nullify));
        (nullify && game.deck().len() >= 1500).then(|| game.deck().len() as u32 / 2)
    }
    let mut rng = Rng(0x10_0000_0001);
    let game = loop {
        let game = random_game(&mut rng, 10, 2000);
        if game.deck().len() >= 1900 && game.pig_count() >= 8 && costly(&game).is_some() {
            break game;
        }
    };
    let shrunk = shrink(&game, costly, &ShrinkOptions::default()).expect("shrinks");
    eprintln!(
        "{} pigs {} cards -> {} pigs {} cards: {} calls, {:?}",
        shrunk.before.pigs,
        shrunk.before.deck,
        shrunk.after.pigs,
        shrunk.after.deck,
        shrunk.calls,
        shrunk.elapsed
    );
}
