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

use crate::table::Table;

impl<T: Tracer> Table<'_, T> {
    /// Whether `player` is hostile to `pig` (would kill or duel it).
    fn hostile(&self, player: Seat, pig: Seat) -> bool {
        match self.role[player] {
            Role::Lord => self.is_revealed_rebel(pig) || self.suspected[pig],
            Role::Loyalist => self.is_revealed_rebel(pig),
            Role::Rebel => self.is_lord_or_revealed_loyalist(pig),
        }
    }

    /// The pig `player` would kill: the next living pig, if hostile.
    pub(crate) fn kill_target(&self, player: Seat) -> Option<Seat> {
        if self.mutated(crate::mutants::Mutation::KillIgnoresDeaths) {
            let next = self.next_seat(player);
            return (self.alive[next] && next != player && self.hostile(player, next))
                .then_some(next);
        }
        let next = self.next_alive(player);
        (next != player && self.hostile(player, next)).then_some(next)
    }

    /// The pig `player` would duel: MP for an FP, else the first living
    /// hostile pig going forward.
    pub(crate) fn duel_target(&self, player: Seat) -> Option<Seat> {
        if self.role[player] == Role::Rebel
            && !self.mutated(crate::mutants::Mutation::RebelDuelsNearestEnemy)
        {
            return self.alive[0].then_some(0);
        }
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.next_seat(pig);
            if self.alive[pig] && self.hostile(player, pig) {
                return Some(pig);
            }
        }
        None
    }
}
