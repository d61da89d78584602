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
//!
//! Decisions: whether the player is hostile to a pig ([`DecisionKind::Hostile`]),
//! whether a kill or duel looks past a dead seat ([`DecisionKind::KillPastDead`],
//! [`DecisionKind::DuelPastDead`]) or
//! past a pig it does not attack ([`DecisionKind::KillPastFriend`]), and
//! whom a rebel duels ([`DecisionKind::RebelDuelTarget`]).

use pigkill_engine::{Card, Role, Seat, Tracer};

use crate::decision::{Choice, Decider, DecisionKind, Feature, Point};
use crate::table::{Table, Way};

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// Whether `player` is hostile to `pig` (would kill or duel it with `card`).
    fn hostile(&mut self, player: Seat, pig: Seat, card: Card) -> bool {
        let rule = self.would_attack(player, pig);
        if D::PLAIN {
            return rule;
        }
        // Hostility asked the other way round is an alternative only where
        // the answer differs from the rules' (elsewhere it changes nothing).
        let reversed = self.would_attack(pig, player);
        let legal = 0b011 | if reversed == rule { 0 } else { 0b100 };
        let point = Point::new(DecisionKind::Hostile, player, Choice(u8::from(rule)))
            .about(pig)
            .with_card(card)
            .legal(legal);
        // Going forward from the player, a lower seat is reached past the last.
        let wrapped = if pig < player {
            Feature::Wrapped.bit()
        } else {
            0
        };
        match self.decide(point, |_| wrapped) {
            Choice(1) => true,
            // Asked the other way round: whether `pig` would attack `player`.
            Choice(2) => reversed,
            _ => false,
        }
    }

    /// The first living pig after `player` going forward that it is hostile to.
    /// Whether the search looks past a dead seat is a decision in a
    /// deviating run (it always does, by the rules).
    fn first_hostile(&mut self, player: Seat, card: Card) -> Option<Seat> {
        self.first_hostile_after(player, player, card)
    }

    /// [`Self::first_hostile`], the walk starting after `from` (the
    /// player, or a seat after it) and ending before the player.
    fn first_hostile_after(&mut self, player: Seat, from: Seat, card: Card) -> Option<Seat> {
        let mut pig = from;
        let mut passed_dead = 0;
        // The seats strictly between `from` and the player, going forward.
        let seats = (player + self.n - from - 1) % self.n;
        for _ in 0..seats {
            pig = self.next_seat(pig);
            if !self.alive[pig] {
                if !D::PLAIN {
                    // Whether the search would take the dead pig as a target.
                    let dead_enemy = self.would_attack(player, pig);
                    let past = Point::new(DecisionKind::DuelPastDead, player, Choice(0))
                        .about(pig)
                        .with_card(card)
                        .legal(if dead_enemy { 0b111 } else { 0b011 });
                    match self.decide(past, |_| passed_dead) {
                        Choice(1) => return None,
                        Choice(2) => return Some(pig),
                        _ => {}
                    }
                    passed_dead = Feature::PassedDead.bit();
                }
                continue;
            }
            if self.hostile(player, pig, card) {
                return Some(pig);
            }
        }
        None
    }

    /// Whether `player` would attack `pig` by the rules, read without a
    /// decision (a deviating run's search that meets a dead pig).
    fn would_attack(&self, player: Seat, pig: Seat) -> bool {
        match self.role[player] {
            Role::Lord => self.is_revealed_rebel(pig) || self.suspected[pig],
            Role::Loyalist => self.is_revealed_rebel(pig),
            Role::Rebel => self.is_lord_or_revealed_loyalist(pig),
        }
    }

    /// The pig `player` would kill: the next living pig, if hostile.
    pub(crate) fn kill_target(&mut self, player: Seat) -> Option<Seat> {
        if D::PLAIN {
            let next = self.next_alive(player);
            return (next != player && self.hostile(player, next, Card::Kill)).then_some(next);
        }
        // The same walk, seat by seat, with its decisions.
        let mut seat = player;
        let mut passed_dead = 0;
        for _ in 1..self.n {
            seat = self.next_seat(seat);
            if !self.alive[seat] {
                let past = Point::new(DecisionKind::KillPastDead, player, Choice(0)).about(seat);
                let extra = passed_dead | self.later_death(seat);
                if self.decide_if(past, Choice(0), |_| extra) {
                    passed_dead = Feature::PassedDead.bit();
                    continue;
                }
                return None;
            }
            if self.hostile(player, seat, Card::Kill) {
                return Some(seat);
            }
            // Whether the kill looks further: on, back to the previous
            // living pig (distance both ways), to the lord (a rebel's), or
            // one pig further only (a reach of 2).
            let previous = self.living_from(player, Way::Backward);
            let back = previous != seat && previous != player;
            let lord = self.role[player] == Role::Rebel && seat != 0 && self.alive[0];
            let second = self.next_alive(seat);
            let reach = second != seat && second != player;
            let legal = 0b0_0011
                | if back { 0b0_0100 } else { 0 }
                | if lord { 0b0_1000 } else { 0 }
                | if reach { 0b1_0000 } else { 0 };
            let further = Point::new(DecisionKind::KillPastFriend, player, Choice(0))
                .about(seat)
                .legal(legal);
            match self.decide(further, |_| 0) {
                Choice(1) => {}
                Choice(2) => {
                    return self
                        .hostile(player, previous, Card::Kill)
                        .then_some(previous)
                }
                Choice(3) => return Some(0),
                Choice(4) => return self.hostile(player, second, Card::Kill).then_some(second),
                _ => return None,
            }
        }
        None
    }

    /// [`Feature::LaterDeath`]'s bit when the dead pig in `seat` died after
    /// the dead pig seated before it.
    fn later_death(&self, seat: Seat) -> u128 {
        let before = (seat + self.n - 1) % self.n;
        if !self.alive[before] && self.death_order[before] < self.death_order[seat] {
            Feature::LaterDeath.bit()
        } else {
            0
        }
    }

    /// The pig `player` would duel: MP for an FP, else the first living
    /// hostile pig going forward.
    pub(crate) fn duel_target(&mut self, player: Seat) -> Option<Seat> {
        if self.role[player] == Role::Rebel {
            let point = Point::new(DecisionKind::RebelDuelTarget, player, Choice(0)).about(0);
            match self.decide(point, |_| 0) {
                Choice(0) => return self.alive[0].then_some(0),
                Choice(2) => return None,
                _ => {}
            }
        }
        if D::PLAIN || self.role[player] == Role::Rebel {
            return self.first_hostile(player, Card::Duel);
        }
        let point = Point::new(DecisionKind::DuelSearch, player, Choice(0)).with_card(Card::Duel);
        match self.decide(point, |_| 0) {
            Choice(1) => self
                .first_revealed_hostile(player)
                .or_else(|| self.first_hostile(player, Card::Duel)),
            Choice(2) => self.last_hostile(player),
            Choice(3) => {
                let next = self.next_alive(player);
                self.first_hostile_after(player, next, Card::Duel)
            }
            Choice(4) => self.first_revealed_if_hostile(player),
            Choice(5) => {
                let last = self.living_from(player, Way::Backward);
                self.first_hostile(player, Card::Duel)
                    .filter(|&pig| pig != last)
            }
            _ => self.first_hostile(player, Card::Duel),
        }
    }

    /// The first living revealed pig after `player` going forward that it
    /// is hostile to (a deviating run's duel search).
    fn first_revealed_hostile(&mut self, player: Seat) -> Option<Seat> {
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.next_seat(pig);
            if self.alive[pig] && self.revealed[pig] && self.hostile(player, pig, Card::Duel) {
                return Some(pig);
            }
        }
        None
    }

    /// The first living revealed or suspected pig after `player` going
    /// forward, if it is hostile to it (a deviating run's duel search that
    /// stops at the first such pig).
    fn first_revealed_if_hostile(&mut self, player: Seat) -> Option<Seat> {
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.next_seat(pig);
            if self.alive[pig] && (self.revealed[pig] || self.suspected[pig]) {
                return self.hostile(player, pig, Card::Duel).then_some(pig);
            }
        }
        None
    }

    /// The pig `player` would duel by the rules, read without a decision
    /// (a deviating run's context).
    pub(crate) fn duel_target_by_rules(&self, player: Seat) -> Option<Seat> {
        if self.role[player] == Role::Rebel {
            return self.alive[0].then_some(0);
        }
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.next_seat(pig);
            if self.alive[pig] && self.would_attack(player, pig) {
                return Some(pig);
            }
        }
        None
    }

    /// The first living pig before `player` going backward that it is
    /// hostile to (a deviating run's duel search).
    fn last_hostile(&mut self, player: Seat) -> Option<Seat> {
        let mut pig = player;
        for _ in 1..self.n {
            pig = self.previous_seat(pig);
            if self.alive[pig] && self.hostile(player, pig, Card::Duel) {
                return Some(pig);
            }
        }
        None
    }
}
