//! The nullify round: whether a trick's effect on one pig is cancelled.
//!
//! Rules.md section: "Nullify (J)".
//!
//! Offers go round the table from the trick's player, each living pig
//! once; the first that holds a J and wants to play it plays its leftmost
//! J, and a new round starts from that pig. An odd number of J cancels
//! the trick on the pig. Odd J protect the pig, even J attack it.

use pigkill_engine::{Card, Event, Role, Seat, Tracer};

use crate::mutants::{Mutation, Rules};
use crate::table::{count_u32, Table};

impl<T: Tracer, R: Rules> Table<'_, T, R> {
    /// Whether `pig` wants to protect `target` with a J: MP or a ZP when the
    /// target is MP or a revealed ZP; an FP when it is a revealed FP.
    fn wants_to_protect(&self, pig: Seat, target: Seat) -> bool {
        if pig == target && self.mutated(Mutation::ProtectsSelfUnrevealed) {
            return true;
        }
        if self.mutated(Mutation::ProtectsByTrueRole) {
            return match self.role[pig] {
                Role::Lord | Role::Loyalist => self.role[target] != Role::Rebel,
                Role::Rebel => self.role[target] == Role::Rebel,
            };
        }
        match self.role[pig] {
            Role::Lord | Role::Loyalist => self.is_lord_or_revealed_loyalist(target),
            Role::Rebel => self.is_revealed_rebel(target),
        }
    }

    /// Whether `pig` wants to attack `target` (cancel a J protecting it):
    /// MP or a ZP when the target is a revealed FP; an FP when it is MP or a
    /// revealed ZP.
    fn wants_to_attack(&self, pig: Seat, target: Seat) -> bool {
        let by_true_role = self.mutated(Mutation::ProtectsByTrueRole);
        match self.role[pig] {
            Role::Lord | Role::Loyalist => {
                let enemy = if by_true_role {
                    self.role[target] == Role::Rebel
                } else {
                    self.is_revealed_rebel(target)
                };
                enemy && !self.mutated(Mutation::LoyalistsNeverCounter)
            }
            Role::Rebel => {
                let enemy = if by_true_role {
                    self.role[target] != Role::Rebel
                } else {
                    self.is_lord_or_revealed_loyalist(target)
                };
                enemy && !self.mutated(Mutation::RebelsNeverCounter)
            }
        }
    }

    /// Where a nullify round that should start from `pig` starts: at `pig`
    /// (the trick's player, or the last J's player).
    fn round_start(&self, pig: Seat) -> Seat {
        if self.mutated(Mutation::NullifyStartsAfterPlayer) {
            self.next_seat(pig)
        } else {
            pig
        }
    }

    /// The nullify round for the trick `player` is resolving on `target`.
    /// Returns true when the trick is cancelled on `target`.
    pub(crate) fn nullify_round(&mut self, player: Seat, target: Seat) -> bool {
        // Nobody protects an unrevealed pig, so no chain can start on one.
        if !self.revealed[target]
            && !self.mutated(Mutation::ProtectsByTrueRole)
            && !self.mutated(Mutation::ProtectsSelfUnrevealed)
        {
            return false;
        }
        let mut depth: usize = 0;
        let mut start = self.round_start(player);
        loop {
            let protect = depth % 2 == 0;
            let mut nullifier = None;
            let mut pig = start;
            for _ in 0..self.n {
                let wants = self.alive[pig]
                    && if protect {
                        self.wants_to_protect(pig, target)
                    } else {
                        self.wants_to_attack(pig, target)
                    };
                if wants && self.take_leftmost(pig, Card::Nullify) {
                    nullifier = Some(pig);
                    break;
                }
                pig = self.next_seat(pig);
            }
            let Some(pig) = nullifier else {
                return depth % 2 == 1;
            };
            depth += 1;
            self.emit(Event::Nullify {
                pig,
                target,
                depth: count_u32(depth),
            });
            if !self.mutated(Mutation::NullifyDoesNotReveal) {
                self.reveal(pig);
            }
            if self.mutated(Mutation::SingleNullify) {
                return true;
            }
            start = if self.mutated(Mutation::CounterRoundRestartsAtPlayer) {
                self.round_start(player)
            } else {
                self.round_start(pig)
            };
        }
    }
}
