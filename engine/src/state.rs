//! The table's state as data: one pig ([`PigState`]) and the whole table at
//! a game's end ([`TableEnd`]). No rule lives here.
//!
//! The harness's fold of the event trace builds [`PigState`]s event by
//! event; with the test-only feature `inspect`, both engines read their
//! own table at a game's end into a [`TableEnd`] (`run_to_end`), so that a
//! test can check the fold against each engine's own state, including what
//! the judge output does not show (HP, weapons, reveals, suspicion).

use crate::card::{Card, Role, Winner};

/// One pig as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PigState {
    /// Its secret role (the lord's is public).
    pub role: Role,
    /// Whether it lives.
    pub alive: bool,
    /// Its HP (0 or below while dying).
    pub hp: i32,
    /// Its hand, left to right (empty once dead in the fold; an engine may
    /// keep a dead pig's cards).
    pub hand: Vec<Card>,
    /// Whether it has a crossbow equipped.
    pub crossbow: bool,
    /// Whether it revealed its role (by a kill, a duel or a nullify);
    /// never set for the lord.
    pub revealed: bool,
    /// Whether the lord suspects it (类反猪): set by `Suspect`, cleared by
    /// its `Reveal`.
    pub suspected: bool,
}

impl PigState {
    /// The role every pig sees: the lord's, or a revealed pig's; `None`
    /// while the pig keeps its role secret.
    pub fn public_role(&self) -> Option<Role> {
        (self.role == Role::Lord || self.revealed).then_some(self.role)
    }
}

/// The table at the end of a game, read from an engine's own state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableEnd {
    /// Who won.
    pub winner: Winner,
    /// The pigs in seat order.
    pub pigs: Vec<PigState>,
    /// How many cards left the deck.
    pub drawn: usize,
}
