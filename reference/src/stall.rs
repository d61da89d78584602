//! The state at a round's start, kept to find a round that repeats the one
//! before (`Stall::RepeatedRound` in the engine model's `run` module).
//!
//! A snapshot holds every pig's life, HP, hand, weapon, reveal and
//! suspicion. Its hands are reused from round to round, so that taking a
//! snapshot allocates only while a hand grows past its largest size so far.

use pigkill_engine::{Card, Tracer};

use crate::decision::Decider;
use crate::table::{Table, SEATS};

/// Every pig's state at the start of a round.
#[derive(Clone, Default, PartialEq)]
pub(crate) struct Snapshot {
    /// Whether the snapshot holds a round start at all.
    pub(crate) taken: bool,
    alive: [bool; SEATS],
    hp: [i32; SEATS],
    hand: [Vec<Card>; SEATS],
    crossbow: [bool; SEATS],
    revealed: [bool; SEATS],
    suspected: [bool; SEATS],
}

impl Snapshot {
    /// Whether the table is in exactly the state of this snapshot.
    pub(crate) fn matches<T: Tracer, D: Decider>(&self, table: &Table<'_, T, D>) -> bool {
        self.taken
            && self.alive == table.alive
            && self.hp == table.hp
            && self.crossbow == table.crossbow
            && self.revealed == table.revealed
            && self.suspected == table.suspected
            && self.hand == table.hand
    }

    /// Records the table's state.
    pub(crate) fn take<T: Tracer, D: Decider>(&mut self, table: &Table<'_, T, D>) {
        self.taken = true;
        self.alive = table.alive;
        self.hp = table.hp;
        self.crossbow = table.crossbow;
        self.revealed = table.revealed;
        self.suspected = table.suspected;
        for (mine, theirs) in self.hand.iter_mut().zip(&table.hand) {
            mine.clear();
            mine.extend_from_slice(theirs);
        }
    }
}
