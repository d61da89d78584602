//! Fuzz bytes to valid games: [`ArbitraryGame`] maps bytes to pigs and
//! cards directly (one byte a card, so that a fuzzer can put any card
//! anywhere), [`EdgeCaseGame`] lets the first byte steer toward a hard
//! corner (decks of 1 to 3 cards, hands full of nullifies, the lord among
//! unrevealed pigs holding invasions and volleys, ...) and the rest fill it
//! in. Both are deterministic, give a valid game with at least one rebel
//! for every byte string (the empty one too), and need not end.

use arbitrary::{Arbitrary, Result, Unstructured};
use pigkill_engine::{Card, Game, PigSetup, Role, MAX_DECK, MAX_PIGS, MIN_PIGS};

use crate::profile::Profile;
use crate::rng::Bytes;
use crate::shape::Shape;

/// A valid game with at least one rebel, made from fuzz bytes.
///
/// The bytes give, in order: the pig count (2 to 10), one byte per pig
/// after the lord (even: rebel, odd: loyalist), one byte per hand card
/// (its value mod 8 indexes `P K D F N W J Z`), then the deck's length and
/// cards. When the bytes run out, pigs become rebels, hand cards follow the
/// cycle `K D P F N W J Z`, and the deck is one kill. If no pig is a rebel,
/// the last pig becomes one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArbitraryGame(pub Game);

/// The hand cards used once the bytes run out, cycled.
const DEFAULT_CARDS: [Card; 8] = [
    Card::Kill,
    Card::Dodge,
    Card::Peach,
    Card::Duel,
    Card::Invasion,
    Card::Volley,
    Card::Nullify,
    Card::Crossbow,
];

/// The next card of the bytes, or `default` once they run out.
fn card(u: &mut Unstructured<'_>, default: Card) -> Result<Card> {
    if u.is_empty() {
        return Ok(default);
    }
    Ok(Card::ALL[usize::from(u.arbitrary::<u8>()? % 8)])
}

impl<'a> Arbitrary<'a> for ArbitraryGame {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<ArbitraryGame> {
        let n = u.int_in_range(MIN_PIGS..=MAX_PIGS)?;
        let mut roles = vec![Role::Lord];
        for _ in 1..n {
            let byte = u.arbitrary::<u8>()?;
            roles.push(if byte % 2 == 0 {
                Role::Rebel
            } else {
                Role::Loyalist
            });
        }
        if !roles.contains(&Role::Rebel) {
            roles[n - 1] = Role::Rebel;
        }
        let mut pigs = Vec::with_capacity(n);
        for (seat, role) in roles.into_iter().enumerate() {
            let mut hand = [Card::Kill; 4];
            for (i, slot) in hand.iter_mut().enumerate() {
                *slot = card(u, DEFAULT_CARDS[(seat * 4 + i) % 8])?;
            }
            pigs.push(PigSetup { role, hand });
        }
        let m = u.arbitrary_len::<u8>()?.clamp(1, MAX_DECK);
        let mut deck = Vec::with_capacity(m);
        for _ in 0..m {
            deck.push(card(u, Card::Kill)?);
        }
        Ok(ArbitraryGame(
            Game::new(pigs, deck).expect("the byte mapping only makes valid games"),
        ))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, None)
    }
}

impl ArbitraryGame {
    /// A game steered by the first byte toward a hard corner, the rest of
    /// the bytes filling it in (see [`EdgeCaseGame`]).
    ///
    /// # Errors
    ///
    /// Never in practice: running out of bytes gives defaults, not errors;
    /// the `Result` is `arbitrary`'s convention.
    pub fn edge_case(u: &mut Unstructured<'_>) -> Result<ArbitraryGame> {
        let corner = u.int_in_range(0..=Corner::ALL.len() - 1)?;
        let shape = Corner::ALL[corner].shape(u);
        Ok(ArbitraryGame(shape.build(&mut Bytes(u))))
    }
}

/// A valid game with at least one rebel, steered by the first byte toward
/// a hard corner: a deck of 1 to 3 cards, hands full of nullifies, the
/// lord among unrevealed pigs holding invasions and volleys, duels with
/// kills, crossbows, low peaches, or a profile's shape (the byte picks),
/// with the rest of the bytes choosing pigs, roles and cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EdgeCaseGame(pub Game);

impl<'a> Arbitrary<'a> for EdgeCaseGame {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<EdgeCaseGame> {
        ArbitraryGame::edge_case(u).map(|g| EdgeCaseGame(g.0))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, None)
    }
}

/// The hard corners [`ArbitraryGame::edge_case`] steers toward.
#[derive(Clone, Copy, Debug)]
enum Corner {
    /// A deck of 1 to 3 cards: the last-card rule from the first turn.
    TinyDeck,
    /// Hands and deck full of nullifies, rebels with duels: long chains.
    NullifyHands,
    /// The lord among unrevealed pigs with invasions and volleys.
    Suspicion,
    /// A profile's own shape, skewed by the bytes (swarm).
    Profile(Profile),
}

impl Corner {
    const ALL: [Corner; 13] = [
        Corner::TinyDeck,
        Corner::NullifyHands,
        Corner::Suspicion,
        Corner::Profile(Profile::Basic),
        Corner::Profile(Profile::NoNullify),
        Corner::Profile(Profile::Full),
        Corner::Profile(Profile::NullifyChains),
        Corner::Profile(Profile::Duels),
        Corner::Profile(Profile::Crossbow),
        Corner::Profile(Profile::EmptyDeck),
        Corner::Profile(Profile::Deaths),
        Corner::Profile(Profile::Big),
        Corner::Profile(Profile::Mixed),
    ];

    fn shape(self, u: &mut Unstructured<'_>) -> Shape {
        let src = &mut Bytes(u);
        match self {
            Corner::TinyDeck => Shape {
                deck_len: (1, 3),
                deck_len_log: false,
                ..Profile::Full.shape(src)
            },
            Corner::NullifyHands => Shape {
                pigs: (3, 10),
                hands: [
                    [1, 1, 1, 1, 1, 1, 12, 0],
                    [1, 1, 1, 1, 1, 1, 12, 0],
                    [0, 1, 0, 4, 1, 1, 10, 0],
                ],
                deck: [1, 1, 1, 2, 1, 1, 6, 0],
                deck_len: (1, 64),
                ..Profile::NullifyChains.shape(src)
            },
            Corner::Suspicion => Shape {
                hands: [
                    [2, 1, 0, 3, 0, 0, 2, 0],
                    [1, 0, 1, 0, 4, 4, 0, 0],
                    [1, 0, 1, 0, 4, 4, 0, 0],
                ],
                deck_len: (1, 64),
                ..Profile::Suspicion.shape(src)
            },
            Corner::Profile(profile) => {
                let mut shape = profile.shape(src);
                shape.swarm(src);
                shape
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_rebel_and_is_valid(game: &Game) {
        assert!(game.has_rebel());
        assert!((MIN_PIGS..=MAX_PIGS).contains(&game.pig_count()));
        assert!((1..=MAX_DECK).contains(&game.deck().len()));
        assert_eq!(game.pigs()[0].role, Role::Lord);
    }

    #[test]
    fn empty_bytes_give_the_default_game() {
        let game = ArbitraryGame::arbitrary(&mut Unstructured::new(&[]))
            .unwrap()
            .0;
        assert_eq!(game.to_text(), "2 1\nMP K D P F\nFP N W J Z\nK\n");
        let edge = EdgeCaseGame::arbitrary(&mut Unstructured::new(&[])).unwrap();
        has_rebel_and_is_valid(&edge.0);
    }

    #[test]
    fn random_bytes_always_give_a_valid_game_with_a_rebel() {
        let mut state = 1u64;
        for len in 0..3000usize {
            let bytes: Vec<u8> = (0..len % 700)
                .map(|i| {
                    state = crate::splitmix64(state, i as u64);
                    state as u8
                })
                .collect();
            let a = ArbitraryGame::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
            has_rebel_and_is_valid(&a.0);
            let again = ArbitraryGame::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
            assert_eq!(a, again);
            let e = EdgeCaseGame::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
            has_rebel_and_is_valid(&e.0);
            let rest = ArbitraryGame::arbitrary_take_rest(Unstructured::new(&bytes)).unwrap();
            has_rebel_and_is_valid(&rest.0);
        }
    }

    #[test]
    fn every_corner_is_reachable_and_tiny_decks_are_tiny() {
        for corner in 0..Corner::ALL.len() as u8 {
            let bytes: Vec<u8> = std::iter::once(corner)
                .chain((0..200u32).map(|i| (i * 37 % 251) as u8))
                .collect();
            let game = ArbitraryGame::edge_case(&mut Unstructured::new(&bytes))
                .unwrap()
                .0;
            has_rebel_and_is_valid(&game);
            if corner == 0 {
                assert!(game.deck().len() <= 3, "{game}");
            }
        }
    }
}
