//! The public face of the table: what every pig can see when it decides.
//!
//! A [`View`] holds who is alive, who has revealed which role, whom the lord
//! suspects, and the seat order. It holds no hand, no HP and no secret role:
//! the roles in [`super::roles`] decide from this view only (and from their
//! own role, which each role type knows by being that type).

use crate::card::Role;
use crate::game::Seat;

/// The public state of the table, read by the roles when they decide.
///
/// Every set of pigs is a bit mask over seats (bit `s` for seat `s`);
/// there are at most 10 seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The number of seats, living or dead.
    pigs: usize,
    /// Living pigs.
    alive: u16,
    /// Pigs that revealed themselves as loyalists (跳忠).
    revealed_loyalists: u16,
    /// Pigs that revealed themselves as rebels (跳反).
    revealed_rebels: u16,
    /// Unrevealed pigs the lord suspects (类反猪).
    suspected: u16,
}

impl View {
    /// The lord's seat: pig 1 of the statement.
    pub const LORD: Seat = 0;

    /// A table of `pigs` living pigs, none revealed, none suspected.
    pub(super) fn new(pigs: usize) -> View {
        View {
            pigs,
            alive: ((1u32 << pigs) - 1) as u16,
            revealed_loyalists: 0,
            revealed_rebels: 0,
            suspected: 0,
        }
    }

    /// The number of seats, living or dead.
    pub fn pigs(&self) -> usize {
        self.pigs
    }

    /// Whether the pig at `pig` is alive.
    pub fn is_alive(&self, pig: Seat) -> bool {
        self.alive & (1 << pig) != 0
    }

    /// Whether the pig at `pig` is the lord (known to all from the start).
    pub fn is_lord(&self, pig: Seat) -> bool {
        pig == View::LORD
    }

    /// Whether the pig has revealed itself as a loyalist.
    pub fn is_revealed_loyalist(&self, pig: Seat) -> bool {
        self.revealed_loyalists & (1 << pig) != 0
    }

    /// Whether the pig has revealed itself as a rebel.
    pub fn is_revealed_rebel(&self, pig: Seat) -> bool {
        self.revealed_rebels & (1 << pig) != 0
    }

    /// Whether the pig (a loyalist or a rebel) has revealed its role.
    /// The lord is never "revealed": it is known from the start.
    pub fn is_revealed(&self, pig: Seat) -> bool {
        (self.revealed_loyalists | self.revealed_rebels) & (1 << pig) != 0
    }

    /// Whether the lord suspects the pig (only ever an unrevealed pig).
    pub fn is_suspected(&self, pig: Seat) -> bool {
        self.suspected & (1 << pig) != 0
    }

    /// The seat right after `pig` going forward (1, 2, ..., n, 1), dead or alive.
    pub fn next_seat(&self, pig: Seat) -> Seat {
        if pig + 1 == self.pigs {
            0
        } else {
            pig + 1
        }
    }

    /// The next living pig after `pig` going forward: the one at distance 1.
    /// (`pig` itself when no other pig lives.)
    pub fn next_alive(&self, pig: Seat) -> Seat {
        let mut seat = pig;
        for _ in 0..self.pigs {
            seat = self.next_seat(seat);
            if self.is_alive(seat) {
                return seat;
            }
        }
        pig
    }

    /// The other living pigs, going forward from `pig` (nearest first).
    pub fn alive_after(&self, pig: Seat) -> impl Iterator<Item = Seat> + '_ {
        let mut seat = pig;
        (1..self.pigs).filter_map(move |_| {
            seat = self.next_seat(seat);
            self.is_alive(seat).then_some(seat)
        })
    }

    /// The living pigs, as a seat mask (bit `s` for seat `s`).
    pub(super) fn alive_mask(&self) -> u16 {
        self.alive
    }

    /// Marks a pig dead.
    pub(super) fn bury(&mut self, pig: Seat) {
        self.alive &= !(1 << pig);
    }

    /// Marks a loyalist or rebel revealed as `role`, which clears the lord's
    /// suspicion of it.
    pub(super) fn reveal(&mut self, pig: Seat, role: Role) {
        match role {
            Role::Loyalist => self.revealed_loyalists |= 1 << pig,
            Role::Rebel => self.revealed_rebels |= 1 << pig,
            Role::Lord => {}
        }
        self.suspected &= !(1 << pig);
    }

    /// The lord now suspects the pig.
    pub(super) fn suspect(&mut self, pig: Seat) {
        self.suspected |= 1 << pig;
    }

    /// The view as bytes, for comparing whole table states.
    pub(super) fn push_bytes(&self, out: &mut Vec<u8>) {
        for mask in [
            self.alive,
            self.revealed_loyalists,
            self.revealed_rebels,
            self.suspected,
        ] {
            out.extend_from_slice(&mask.to_le_bytes());
        }
    }
}
