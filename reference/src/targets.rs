//! Whom each role attacks with a kill or a duel.
//!
//! Rules.md section: "Targets (hostility)".
//!
//! - MP: kill target: the next living pig, if it is a revealed FP or
//!   suspected. Duel target: the first living pig going forward from MP
//!   that is a revealed FP or suspected.
//! - ZP: kill target: the next living pig if it is a revealed FP. Duel
//!   target: the first living revealed FP going forward.
//! - FP: kill target: the next living pig if it is MP or a revealed ZP.
//!   Duel target: always MP.

use pigkill_engine::{Role, Seat, Tracer};

use crate::mutants::{Mutation, Rules};
use crate::table::Table;

impl<T: Tracer, R: Rules> Table<'_, T, R> {
    /// Whether `player` is hostile to `pig` (would kill or duel it).
    fn hostile(&self, player: Seat, pig: Seat) -> bool {
        match self.role[player] {
            Role::Lord => {
                self.is_revealed_rebel(pig)
                    || (self.suspected[pig] && !self.mutated(Mutation::LordIgnoresSuspicion))
            }
            Role::Loyalist => {
                self.is_revealed_rebel(pig)
                    || (self.suspected[pig] && self.mutated(Mutation::LoyalistAttacksSuspected))
            }
            Role::Rebel => self.is_lord_or_revealed_loyalist(pig),
        }
    }

    /// Whether `player` would kill `pig` if it were its kill target.
    fn kill_hostile(&self, player: Seat, pig: Seat) -> bool {
        if self.role[player] == Role::Rebel && self.mutated(Mutation::RebelTargetsByTrueRole) {
            return self.role[pig] != Role::Rebel;
        }
        self.hostile(player, pig)
    }

    /// The first living pig after `player` going forward for which `wanted` holds.
    fn first_forward(&self, player: Seat, wanted: impl Fn(Seat) -> bool) -> Option<Seat> {
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.next_seat(pig);
            if self.alive[pig] && wanted(pig) {
                return Some(pig);
            }
        }
        None
    }

    /// The pig `player` would kill: the next living pig, if hostile.
    pub(crate) fn kill_target(&self, player: Seat) -> Option<Seat> {
        if self.mutated(Mutation::KillIgnoresDeaths) {
            let next = self.next_seat(player);
            return (self.alive[next] && next != player && self.kill_hostile(player, next))
                .then_some(next);
        }
        if self.mutated(Mutation::KillAnyDistance) {
            return self.first_forward(player, |pig| self.kill_hostile(player, pig));
        }
        let next = self.next_alive(player);
        (next != player && self.kill_hostile(player, next)).then_some(next)
    }

    /// The pig `player` would duel: MP for an FP, else the first living
    /// hostile pig going forward.
    pub(crate) fn duel_target(&self, player: Seat) -> Option<Seat> {
        if self.role[player] == Role::Rebel && !self.mutated(Mutation::RebelDuelsNearestEnemy) {
            return self.alive[0].then_some(0);
        }
        self.first_forward(player, |pig| self.hostile(player, pig))
    }
}
