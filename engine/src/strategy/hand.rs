//! The pigs' hands: each pig's cards left to right, with counts of each
//! kind per pig and, per kind, the set of pigs holding one, so that "does
//! it hold a dodge?", "is any card of these kinds here?" and "who holds a
//! nullify at all?" cost nothing, however large the hands grow in a long
//! game.
//!
//! Finding the leftmost card of a kind is cheap too. Cards only join a
//! hand at its right end, and every card that leaves it is the leftmost of
//! its kind (a response, a peach when dying, a nullify, or the play phase
//! scan's pick) or goes with the whole hand. So for each pig and kind the
//! hands keep a *mark*: a position at or before the leftmost card of that
//! kind. A search starts at the mark and leaves it on the card found, so
//! over a game each search walks each card at most once per kind.

use crate::card::Card;
use crate::game::{PigSetup, Seat, MAX_PIGS};

/// The bit of a card kind in a kind mask.
pub(super) const fn bit(card: Card) -> u8 {
    1 << card as u8
}

/// Every pig's hand.
#[derive(Clone, Debug)]
pub(super) struct Hands {
    /// Each seat's cards, left to right.
    cards: Vec<Vec<Card>>,
    /// How many cards of each kind each seat holds.
    counts: [[u32; 8]; MAX_PIGS],
    /// For each seat, bit `card as u8` is set when it holds such a card.
    kinds: [u8; MAX_PIGS],
    /// For each kind, bit `seat` is set when that seat holds such a card.
    holders: [u16; 8],
    /// For each seat and kind held, a position at or before the leftmost
    /// card of that kind.
    marks: [[u32; 8]; MAX_PIGS],
}

impl Hands {
    /// The pigs' starting hands, in seat order.
    pub(super) fn new(pigs: &[PigSetup]) -> Hands {
        let mut hands = Hands {
            cards: pigs.iter().map(|_| Vec::with_capacity(16)).collect(),
            counts: [[0; 8]; MAX_PIGS],
            kinds: [0; MAX_PIGS],
            holders: [0; 8],
            marks: [[0; 8]; MAX_PIGS],
        };
        for (seat, pig) in pigs.iter().enumerate() {
            for &card in &pig.hand {
                hands.push(seat, card);
            }
        }
        hands
    }

    /// A pig's cards, left to right.
    pub(super) fn cards(&self, pig: Seat) -> &[Card] {
        &self.cards[pig]
    }

    /// Whether the pig holds a card of this kind.
    #[inline]
    pub(super) fn has(&self, pig: Seat, card: Card) -> bool {
        self.kinds[pig] & bit(card) != 0
    }

    /// The pigs holding a card of this kind, as a seat mask.
    pub(super) fn holders(&self, card: Card) -> u16 {
        self.holders[card as usize]
    }

    /// Adds a card at the right end of the pig's hand.
    #[inline(always)]
    pub(super) fn push(&mut self, pig: Seat, card: Card) {
        let count = &mut self.counts[pig][card as usize];
        if *count == 0 {
            self.marks[pig][card as usize] = self.cards[pig].len() as u32;
            self.kinds[pig] |= bit(card);
            self.holders[card as usize] |= 1 << pig;
        }
        *count += 1;
        self.cards[pig].push(card);
    }

    /// The index of the pig's leftmost card of this kind.
    #[inline(always)]
    pub(super) fn leftmost(&mut self, pig: Seat, card: Card) -> Option<usize> {
        if !self.has(pig, card) {
            return None;
        }
        let cards = &self.cards[pig];
        let mark = &mut self.marks[pig][card as usize];
        let from = (*mark as usize).min(cards.len());
        // The mark is at or before the leftmost such card; were it ever
        // not, the search from the left end still finds it.
        let index = match cards[from..].iter().position(|&c| c == card) {
            Some(offset) => from + offset,
            None => cards.iter().position(|&c| c == card)?,
        };
        *mark = index as u32;
        Some(index)
    }

    /// The index of the pig's leftmost card whose kind is in `mask`.
    #[inline]
    pub(super) fn leftmost_of(&mut self, pig: Seat, mask: u8) -> Option<usize> {
        let mut kinds = self.kinds[pig] & mask;
        let mut first = None;
        while kinds != 0 {
            let card = Card::ALL[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
            if let Some(index) = self.leftmost(pig, card) {
                first = Some(first.map_or(index, |f: usize| f.min(index)));
            }
        }
        first
    }

    /// Removes and returns the pig's card at `index`. (Any card may go;
    /// every card that does is the leftmost of its kind, which keeps the
    /// searches short.)
    #[inline(always)]
    pub(super) fn take_at(&mut self, pig: Seat, index: usize) -> Card {
        let card = self.cards[pig].remove(index);
        // Cards right of `index` move one step left, and so do their marks.
        // The taken kind's mark stays at `index`: its next card is there or
        // further right.
        let index = index as u32;
        for mark in &mut self.marks[pig] {
            *mark -= u32::from(*mark > index);
        }
        let count = &mut self.counts[pig][card as usize];
        *count -= 1;
        if *count == 0 {
            self.kinds[pig] &= !bit(card);
            self.holders[card as usize] &= !(1 << pig);
        }
        card
    }

    /// Removes the pig's leftmost card of this kind; `false` if it has none.
    #[inline(always)]
    pub(super) fn take_leftmost(&mut self, pig: Seat, card: Card) -> bool {
        match self.leftmost(pig, card) {
            Some(index) => {
                self.take_at(pig, index);
                true
            }
            None => false,
        }
    }

    /// Discards the pig's whole hand and says how many cards it held.
    pub(super) fn discard_all(&mut self, pig: Seat) -> usize {
        let count = self.cards[pig].len();
        self.cards[pig].clear();
        self.counts[pig] = [0; 8];
        self.marks[pig] = [0; 8];
        self.kinds[pig] = 0;
        for holders in &mut self.holders {
            *holders &= !(1 << pig);
        }
        count
    }

    /// Gives up the hands, in seat order.
    pub(super) fn into_cards(self) -> Vec<Vec<Card>> {
        self.cards
    }
}
