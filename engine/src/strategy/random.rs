//! A tiny seeded random game builder for tests (xorshift, no dependencies):
//! random pig counts, roles, hands and decks, for the speed test and for
//! checking that every game ends in an outcome or a stall.

use crate::card::{Card, Role};
use crate::game::{Game, PigSetup, MAX_DECK, MAX_PIGS, MIN_PIGS};

/// A xorshift64 random number source.
pub(super) struct XorShift(u64);

impl XorShift {
    /// A source from a seed (any seed; zero is replaced).
    pub(super) fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub(super) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `low..=high`.
    pub(super) fn between(&mut self, low: usize, high: usize) -> usize {
        low + (self.next() % (high - low + 1) as u64) as usize
    }

    /// A random card, each kind with probability proportional to its
    /// weight (in the order of [`Card::ALL`]); uniform if every weight is 0.
    pub(super) fn card(&mut self, weights: &[u32; 8]) -> Card {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return Card::ALL[self.between(0, Card::ALL.len() - 1)];
        }
        let mut pick = (self.next() % u64::from(total)) as u32;
        for (card, &weight) in Card::ALL.iter().zip(weights) {
            if pick < weight {
                return *card;
            }
            pick -= weight;
        }
        Card::ALL[0]
    }
}

/// How the builder picks cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mix {
    /// Every kind equally likely.
    Uniform,
    /// Each game draws its own weights (0 to 4 per kind), so that some
    /// games lack whole kinds of cards and more of them never end.
    Skewed,
}

/// A random valid game with at least one rebel: 2 to 10 pigs, the others
/// loyalists or rebels at random, and a deck of 1 to `max_deck` cards.
pub(super) fn random_game(rng: &mut XorShift, max_deck: usize, mix: Mix) -> Game {
    let mut weights = [1; 8];
    if mix == Mix::Skewed {
        for weight in &mut weights {
            *weight = rng.between(0, 4) as u32;
        }
    }
    let pigs = rng.between(MIN_PIGS, MAX_PIGS);
    let rebel = rng.between(1, pigs - 1);
    let setups = (0..pigs)
        .map(|seat| PigSetup {
            role: match seat {
                0 => Role::Lord,
                s if s == rebel || rng.next() % 2 == 0 => Role::Rebel,
                _ => Role::Loyalist,
            },
            hand: [
                rng.card(&weights),
                rng.card(&weights),
                rng.card(&weights),
                rng.card(&weights),
            ],
        })
        .collect();
    let deck_size = rng.between(1, max_deck.min(MAX_DECK));
    let deck = (0..deck_size).map(|_| rng.card(&weights)).collect();
    match Game::new(setups, deck) {
        Ok(game) => game,
        Err(e) => panic!("the random builder made an invalid game: {e}"),
    }
}
