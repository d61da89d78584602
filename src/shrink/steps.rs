//! The steps the shrinker takes: each [`Step`] turns a game into a smaller
//! candidate (or, for the reordering steps, into one that may be shorter),
//! and [`single_steps`] lists every one-element step from a game, which is
//! the neighbourhood in which a shrunk game is 1-minimal.

use std::fmt;

use pigkill_engine::{Card, Game, PigSetup, Role};

use super::order::{card_complexity, simpler_cards, SIMPLEST};

/// How deep in the deck [`Step::MoveToHand`] looks: only the top 64 deck
/// cards are tried, so that the pass stays linear in the deck (a game with
/// a long deck the shrinker could not cut is slow enough already).
pub const MOVE_REACH: usize = 64;

/// Where a card sits in a game's set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In the starting hand of the pig at `seat` (0-based), at `slot` (0 to 3, left to right).
    Hand {
        /// The pig's seat, 0-based.
        seat: usize,
        /// The card's slot in the hand, 0-based from the left.
        slot: usize,
    },
    /// In the deck, `index` cards below the top (0 is the top card).
    Deck {
        /// The card's index in the deck, 0 for the top.
        index: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Hand { seat, slot } => {
                write!(f, "pig {} hand card {}", one_based(seat), one_based(slot))
            }
            Place::Deck { index } => write!(f, "deck card {}", one_based(index)),
        }
    }
}

/// One change from a game to a candidate.
///
/// Seats, slots and indices are 0-based. Every step except the swaps makes
/// the game strictly smaller by the [`Measure`](super::Measure) order
/// whatever its turns; a swap keeps everything but the order of things, so
/// it is only worth taking when the game gets shorter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Keep only the top `len` deck cards.
    TruncateDeck {
        /// How many cards to keep.
        len: usize,
    },
    /// Drop the pigs at seats `start .. start + count` (never seat 0, the lord).
    DropPigs {
        /// The first seat dropped.
        start: usize,
        /// How many pigs to drop.
        count: usize,
    },
    /// Drop the pigs at seats `first` and `second` (neither the lord).
    DropTwoPigs {
        /// One seat dropped.
        first: usize,
        /// The other seat dropped.
        second: usize,
    },
    /// Drop the pig at `seat` (not the lord) and the deck cards at `start .. start + count`.
    DropPigAndDeckCards {
        /// The seat dropped.
        seat: usize,
        /// The index of the first card dropped.
        start: usize,
        /// How many cards to drop.
        count: usize,
    },
    /// Drop the pig at `seat` (not the lord) and every deck card it would
    /// draw in its own turns if nobody died and nobody drew a reward, so
    /// that the other pigs' draws stay as they were as long as possible.
    DropPigAndDraws {
        /// The seat dropped.
        seat: usize,
    },
    /// Drop the pig at `seat` (not the lord), then put `card` at `place`
    /// (a place of the game without that pig), whether or not it is simpler.
    DropPigAndChangeCard {
        /// The seat dropped.
        seat: usize,
        /// Where the card goes, in the game without the dropped pig.
        place: Place,
        /// The card that goes there.
        card: Card,
    },
    /// Drop the pig at `seat` (not the lord), then change one to four
    /// cards, and maybe one role, at random as drawn from `seed`: the last
    /// resort to get out of a game where no pig can go by any other step.
    DropPigAndPerturb {
        /// The seat dropped.
        seat: usize,
        /// The seed of the random changes.
        seed: u64,
    },
    /// Drop the pig at `from` (not the lord) and put it in the seat of the
    /// pig at `to`, which leaves the game; at the lord's seat only its hand
    /// moves, since the lord stays at seat 0.
    ReplacePig {
        /// The seat of the pig that moves.
        from: usize,
        /// The seat of the pig that leaves the game.
        to: usize,
    },
    /// Drop the deck cards at `start .. start + count`.
    DropDeckCards {
        /// The index of the first card dropped.
        start: usize,
        /// How many cards to drop.
        count: usize,
    },
    /// Replace the card at `place` by the simpler `card`.
    SimplifyCard {
        /// Where the card is.
        place: Place,
        /// The simpler card that replaces it.
        card: Card,
    },
    /// Make every card in the hand of the pig at `seat` the simplest card.
    SimplifyHand {
        /// The pig's seat.
        seat: usize,
    },
    /// Make every deck card at `start .. start + count` the simplest card.
    SimplifyDeckCards {
        /// The index of the first card.
        start: usize,
        /// How many cards.
        count: usize,
    },
    /// Make the loyalist at `seat` a rebel.
    SimplifyRole {
        /// The loyalist's seat.
        seat: usize,
    },
    /// Take the deck card at `index` out of the deck and put it in the hand
    /// of the pig at `seat`, in place of the card at `slot`.
    MoveToHand {
        /// The deck card's index.
        index: usize,
        /// The pig's seat.
        seat: usize,
        /// The hand slot the card replaces.
        slot: usize,
    },
    /// Swap the hand cards at `slot` and `slot + 1` of the pig at `seat`.
    SwapHandCards {
        /// The pig's seat.
        seat: usize,
        /// The left one of the two slots.
        slot: usize,
    },
    /// Swap the deck cards at `index` and `index + 1`.
    SwapDeckCards {
        /// The upper one of the two deck cards.
        index: usize,
    },
    /// Swap the seats of two pigs, neither of them the lord.
    SwapPigs {
        /// The first seat.
        first: usize,
        /// The second seat.
        second: usize,
    },
}

impl Step {
    /// Whether the step can only be worth taking when it shortens the game.
    pub fn is_reorder(&self) -> bool {
        matches!(
            self,
            Step::SwapHandCards { .. } | Step::SwapDeckCards { .. } | Step::SwapPigs { .. }
        )
    }

    /// The candidate this step makes from `game`, or `None` when the step
    /// does not apply (out of range, changes nothing, not simpler) or the
    /// result is not a valid [`Game`].
    pub fn apply(&self, game: &Game) -> Option<Game> {
        let mut pigs = game.pigs().to_vec();
        let mut deck = game.deck().to_vec();
        match *self {
            Step::TruncateDeck { len } => {
                if len == 0 || len >= deck.len() {
                    return None;
                }
                deck.truncate(len);
            }
            Step::DropPigs { start, count } => {
                let end = start.checked_add(count)?;
                if start == 0 || count == 0 || end > pigs.len() {
                    return None;
                }
                pigs.drain(start..end);
            }
            Step::DropTwoPigs { first, second } => {
                if first == 0 || first >= second || second >= pigs.len() {
                    return None;
                }
                pigs.remove(second);
                pigs.remove(first);
            }
            Step::DropPigAndDeckCards { seat, start, count } => {
                let end = start.checked_add(count)?;
                if seat == 0 || seat >= pigs.len() || count == 0 || end > deck.len() {
                    return None;
                }
                pigs.remove(seat);
                deck.drain(start..end);
            }
            Step::DropPigAndDraws { seat } => {
                let n = pigs.len();
                if seat == 0 || seat >= n {
                    return None;
                }
                pigs.remove(seat);
                // Turn t (0-based) draws cards 2t and 2t + 1; this pig's turns are seat, seat + n, ...
                let mut index = 0;
                deck.retain(|_| {
                    let turn = index / 2;
                    index += 1;
                    turn % n != seat
                });
            }
            Step::ReplacePig { from, to } => {
                if from == 0 || from == to || from >= pigs.len() || to >= pigs.len() {
                    return None;
                }
                let moving = pigs[from].clone();
                if to == 0 {
                    pigs[0].hand = moving.hand;
                } else {
                    pigs[to] = moving;
                }
                pigs.remove(from);
            }
            Step::DropPigAndPerturb { seat, seed } => {
                if seat == 0 || seat >= pigs.len() {
                    return None;
                }
                pigs.remove(seat);
                perturb(&mut pigs, &mut deck, seed);
            }
            Step::DropPigAndChangeCard { seat, place, card } => {
                if seat == 0 || seat >= pigs.len() {
                    return None;
                }
                pigs.remove(seat);
                let slot = match place {
                    Place::Hand { seat, slot } => pigs.get_mut(seat)?.hand.get_mut(slot)?,
                    Place::Deck { index } => deck.get_mut(index)?,
                };
                if *slot == card {
                    return None;
                }
                *slot = card;
            }
            Step::DropDeckCards { start, count } => {
                let end = start.checked_add(count)?;
                if count == 0 || end > deck.len() {
                    return None;
                }
                deck.drain(start..end);
            }
            Step::SimplifyCard { place, card } => {
                let slot = match place {
                    Place::Hand { seat, slot } => pigs.get_mut(seat)?.hand.get_mut(slot)?,
                    Place::Deck { index } => deck.get_mut(index)?,
                };
                if card_complexity(card) >= card_complexity(*slot) {
                    return None;
                }
                *slot = card;
            }
            Step::SimplifyHand { seat } => {
                let hand = &mut pigs.get_mut(seat)?.hand;
                if hand.iter().all(|&card| card == SIMPLEST) {
                    return None;
                }
                *hand = [SIMPLEST; 4];
            }
            Step::SimplifyDeckCards { start, count } => {
                let end = start.checked_add(count)?;
                let cards = deck.get_mut(start..end)?;
                if cards.iter().all(|&card| card == SIMPLEST) {
                    return None;
                }
                cards.fill(SIMPLEST);
            }
            Step::SimplifyRole { seat } => {
                let pig = pigs.get_mut(seat)?;
                if seat == 0 || pig.role != Role::Loyalist {
                    return None;
                }
                pig.role = Role::Rebel;
            }
            Step::MoveToHand { index, seat, slot } => {
                if index >= deck.len() {
                    return None;
                }
                let card = deck.remove(index);
                *pigs.get_mut(seat)?.hand.get_mut(slot)? = card;
            }
            Step::SwapHandCards { seat, slot } => {
                let hand = &mut pigs.get_mut(seat)?.hand;
                let next = slot.checked_add(1)?;
                if next >= hand.len() || hand[slot] == hand[next] {
                    return None;
                }
                hand.swap(slot, next);
            }
            Step::SwapDeckCards { index } => {
                let next = index.checked_add(1)?;
                if next >= deck.len() || deck[index] == deck[next] {
                    return None;
                }
                deck.swap(index, next);
            }
            Step::SwapPigs { first, second } => {
                if first == 0 || first >= second || second >= pigs.len() {
                    return None;
                }
                if pigs[first] == pigs[second] {
                    return None;
                }
                pigs.swap(first, second);
            }
        }
        Game::new(pigs, deck).ok()
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::TruncateDeck { len } => write!(f, "keep the top {len} deck cards"),
            Step::DropPigs { start, count: 1 } => write!(f, "drop pig {}", one_based(start)),
            Step::DropPigs { start, count } => {
                write!(
                    f,
                    "drop pigs {} to {}",
                    one_based(start),
                    last(start, count)
                )
            }
            Step::DropTwoPigs { first, second } => {
                write!(
                    f,
                    "drop pigs {} and {}",
                    one_based(first),
                    one_based(second)
                )
            }
            Step::DropPigAndDeckCards { seat, start, count } => write!(
                f,
                "drop pig {} and deck cards {} to {}",
                one_based(seat),
                one_based(start),
                last(start, count)
            ),
            Step::DropPigAndDraws { seat } => {
                write!(
                    f,
                    "drop pig {} and the deck cards it would draw",
                    one_based(seat)
                )
            }
            Step::DropPigAndPerturb { seat, seed } => write!(
                f,
                "drop pig {}, then change cards at random (seed {seed:#x})",
                one_based(seat)
            ),
            Step::DropPigAndChangeCard { seat, place, card } => write!(
                f,
                "drop pig {}, then make {place} a {}",
                one_based(seat),
                card.name()
            ),
            Step::ReplacePig { from, to: 0 } => {
                write!(
                    f,
                    "give pig {} hand to the lord and drop it",
                    one_based(from)
                )
            }
            Step::ReplacePig { from, to } => {
                write!(
                    f,
                    "move pig {} to the seat of pig {}, dropping that one",
                    one_based(from),
                    one_based(to)
                )
            }
            Step::DropDeckCards { start, count: 1 } => {
                write!(f, "drop deck card {}", one_based(start))
            }
            Step::DropDeckCards { start, count } => {
                write!(
                    f,
                    "drop deck cards {} to {}",
                    one_based(start),
                    last(start, count)
                )
            }
            Step::SimplifyCard { place, card } => write!(f, "make {place} a {}", card.name()),
            Step::SimplifyHand { seat } => {
                write!(
                    f,
                    "make pig {} hand all {}",
                    one_based(seat),
                    SIMPLEST.name()
                )
            }
            Step::SimplifyDeckCards { start, count } => write!(
                f,
                "make deck cards {} to {} all {}",
                one_based(start),
                last(start, count),
                SIMPLEST.name()
            ),
            Step::SimplifyRole { seat } => write!(f, "make pig {} a rebel", one_based(seat)),
            Step::MoveToHand { index, seat, slot } => write!(
                f,
                "move deck card {} to pig {} hand card {}",
                one_based(index),
                one_based(seat),
                one_based(slot)
            ),
            Step::SwapHandCards { seat, slot } => write!(
                f,
                "swap pig {} hand cards {} and {}",
                one_based(seat),
                one_based(slot),
                one_based(slot) + 1
            ),
            Step::SwapDeckCards { index } => {
                write!(
                    f,
                    "swap deck cards {} and {}",
                    one_based(index),
                    one_based(index) + 1
                )
            }
            Step::SwapPigs { first, second } => {
                write!(
                    f,
                    "swap pigs {} and {}",
                    one_based(first),
                    one_based(second)
                )
            }
        }
    }
}

/// Changes 1 to 4 random cards among the hands and the top of the deck
/// to random cards, and with some chance one non-lord role, all drawn from
/// `seed` by a xorshift generator.
fn perturb(pigs: &mut [PigSetup], deck: &mut [Card], seed: u64) {
    let mut state = seed | 1;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below.max(1) as u64) as usize
    };
    let hand_places = 4 * pigs.len();
    let places = hand_places + deck.len().min(MOVE_REACH);
    let changes = 1 + next(4);
    for _ in 0..changes {
        let place = next(places);
        let card = Card::ALL[next(Card::ALL.len())];
        if place < hand_places {
            pigs[place / 4].hand[place % 4] = card;
        } else if let Some(slot) = deck.get_mut(place - hand_places) {
            *slot = card;
        }
    }
    if pigs.len() > 1 && next(4) == 0 {
        let seat = 1 + next(pigs.len() - 1);
        pigs[seat].role = match pigs[seat].role {
            Role::Loyalist => Role::Rebel,
            _ => Role::Loyalist,
        };
    }
}

/// A 0-based seat, slot or index as the 1-based number people read.
fn one_based(i: usize) -> u128 {
    i as u128 + 1
}

/// The 1-based number of the last of `count` things from 0-based `start`.
fn last(start: usize, count: usize) -> u128 {
    start as u128 + count as u128
}

/// Every single-element step from `game`: drop one pig, drop one deck
/// card, make one loyalist a rebel, make one card simpler (to each simpler
/// card), move one of the top [`MOVE_REACH`] deck cards into one hand
/// slot, and swap two neighbouring hand cards, two neighbouring deck cards
/// or two pigs.
///
/// A shrunk game is 1-minimal when no step here gives a candidate that
/// still fails and is smaller (the shrinker's last round tries all of
/// them). Steps that cannot apply are left out; steps whose candidate has
/// no rebel are kept (the caller decides whether such a game counts).
pub fn single_steps(game: &Game) -> Vec<Step> {
    let pigs = game.pigs();
    let deck = game.deck();
    let mut steps = Vec::new();
    steps.extend((1..pigs.len()).map(|start| Step::DropPigs { start, count: 1 }));
    if deck.len() > 1 {
        steps.extend((0..deck.len()).map(|start| Step::DropDeckCards { start, count: 1 }));
    }
    steps.extend(
        (1..pigs.len())
            .filter(|&seat| pigs[seat].role == Role::Loyalist)
            .map(|seat| Step::SimplifyRole { seat }),
    );
    for place in places(pigs, deck) {
        let Some(card) = card_at(pigs, deck, place) else {
            continue;
        };
        steps.extend(
            simpler_cards(card)
                .iter()
                .map(|&card| Step::SimplifyCard { place, card }),
        );
    }
    if deck.len() > 1 {
        for index in 0..deck.len().min(MOVE_REACH) {
            for seat in 0..pigs.len() {
                steps.extend((0..4).map(|slot| Step::MoveToHand { index, seat, slot }));
            }
        }
    }
    for (seat, pig) in pigs.iter().enumerate() {
        steps.extend(
            (0..3)
                .filter(|&slot| pig.hand[slot] != pig.hand[slot + 1])
                .map(|slot| Step::SwapHandCards { seat, slot }),
        );
    }
    steps.extend(
        (0..deck.len().saturating_sub(1))
            .filter(|&index| deck[index] != deck[index + 1])
            .map(|index| Step::SwapDeckCards { index }),
    );
    for first in 1..pigs.len() {
        for second in first + 1..pigs.len() {
            if pigs[first] != pigs[second] {
                steps.push(Step::SwapPigs { first, second });
            }
        }
    }
    steps
}

/// Every place of a card: the hands seat by seat, left to right, then the deck from the top.
pub(crate) fn places(pigs: &[PigSetup], deck: &[Card]) -> Vec<Place> {
    let hands = (0..pigs.len()).flat_map(|seat| (0..4).map(move |slot| Place::Hand { seat, slot }));
    let deck = (0..deck.len()).map(|index| Place::Deck { index });
    hands.chain(deck).collect()
}

/// The card at `place`, if the place is in range.
pub(crate) fn card_at(pigs: &[PigSetup], deck: &[Card], place: Place) -> Option<Card> {
    match place {
        Place::Hand { seat, slot } => pigs.get(seat)?.hand.get(slot).copied(),
        Place::Deck { index } => deck.get(index).copied(),
    }
}
