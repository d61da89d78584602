//! The nullify round: whether a trick's effect on one pig is cancelled.
//!
//! Rules.md section: "Nullify (J)".
//!
//! Offers go round the table from the trick's player, each living pig
//! once; the first that holds a J and wants to play it plays its leftmost
//! J, and a new round starts from that pig. An odd number of J cancels
//! the trick on the pig. Odd J protect the pig, even J attack it.

use pigkill_engine::{Card, Event, Role, Seat, Tracer};

use crate::decision::{Choice, Decider, DecisionKind, Feature, Point};
use crate::table::{count_u32, Table};

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// Whether `pig` wants to protect `target` with a J: MP or a ZP when the
    /// target is MP or a revealed ZP; an FP when it is a revealed FP.
    fn wants_to_protect(&self, pig: Seat, target: Seat) -> bool {
        match self.role[pig] {
            Role::Lord | Role::Loyalist => self.is_lord_or_revealed_loyalist(target),
            Role::Rebel => self.is_revealed_rebel(target),
        }
    }

    /// Whether `pig` wants to attack `target` (cancel a J protecting it):
    /// MP or a ZP when the target is a revealed FP; an FP when it is MP or a
    /// revealed ZP.
    fn wants_to_attack(&self, pig: Seat, target: Seat) -> bool {
        match self.role[pig] {
            Role::Lord | Role::Loyalist => self.is_revealed_rebel(target),
            Role::Rebel => self.is_lord_or_revealed_loyalist(target),
        }
    }

    /// Where the nullify round answering `from`'s card starts (`from`
    /// is the trick's `player`, or the last J's player for a counter round;
    /// `target` is the pig the trick is resolved on): at `from`. Also how
    /// the round asks (by the rules, each living pig once).
    fn round_start(
        &mut self,
        from: Seat,
        player: Seat,
        target: Seat,
        counter: bool,
    ) -> (Seat, Walk) {
        // An earlier chain's last nullifier on this card, for a first round.
        let earlier = self.last_nullifier.filter(|_| !D::PLAIN && !counter);
        // The target alone first: a first round's alternative; the rest of
        // the first pass only: a counter round's; a walk as long as the
        // living pigs are many: either's.
        let legal = if counter { 0b1100_1111 } else { 0b1010_1011 }
            | if earlier.is_some() { 0b1_0000 } else { 0 };
        let point = Point::new(DecisionKind::NullifyRoundStart, from, Choice(0)).legal(legal);
        let point = point.with_trick(self.trick);
        let counter_bit = if counter {
            Feature::CounterRound.bit()
        } else {
            0
        };
        match self.decide(point, |_| counter_bit) {
            Choice(1) => (self.next_seat(from), Walk::Round),
            Choice(2) => (player, Walk::Round),
            Choice(3) => (target, Walk::Round),
            Choice(4) => (earlier.unwrap_or(from), Walk::Round),
            Choice(5) => (from, Walk::TargetFirst),
            Choice(6) => (self.next_seat(from), Walk::RestOfPass),
            Choice(7) => (from, Walk::LivingCount),
            _ => (from, Walk::Round),
        }
    }

    /// Whether `pig` wants to play a J on `target` at chain depth `depth`
    /// (even: protecting); a decision, asked only of a pig that holds one.
    fn wants_nullify(&mut self, pig: Seat, target: Seat, depth: usize, start: Seat) -> bool {
        let protect = depth % 2 == 0;
        let rule = if protect {
            self.wants_to_protect(pig, target)
        } else {
            self.wants_to_attack(pig, target)
        };
        if D::PLAIN {
            return rule;
        }
        let point =
            Point::new(DecisionKind::NullifyWants, pig, Choice(u8::from(rule))).about(target);
        let point = point.with_trick(self.trick);
        let mut extra = chain_features(depth);
        if pig < start {
            extra |= Feature::Wrapped.bit();
        }
        if pig == self.previous_seat(start) {
            extra |= Feature::LastAsked.bit();
        }
        self.decide_if(point, Choice(1), |_| extra)
    }

    /// Whether the round ends at `pig`, which plays no nullify: a decision
    /// where it would play one on `target` at chain depth `depth` but holds
    /// none, or holds one (`holds`) but does not want to play it (by the
    /// rules the round goes on to the next pig). Deviating runs only.
    fn round_stops_at(&mut self, pig: Seat, target: Seat, depth: usize, holds: bool) -> bool {
        let would = if depth % 2 == 0 {
            self.wants_to_protect(pig, target)
        } else {
            self.wants_to_attack(pig, target)
        };
        if !would && !holds {
            return false;
        }
        let point = Point::new(DecisionKind::RoundGoesOn, pig, Choice(0)).about(target);
        let point = point.with_trick(self.trick);
        let extra = chain_features(depth);
        self.decide_if(point, Choice(1), |_| extra)
    }

    /// The nullify round for the trick `player` is resolving on `target`.
    /// Returns true when the trick is cancelled on `target`.
    pub(crate) fn nullify_round(&mut self, player: Seat, target: Seat) -> bool {
        if D::PLAIN {
            return self.nullify_chain(player, target, 0).1;
        }
        // Whether the count goes on from the last round's (odd) count.
        let (last, same_card) = self.last_chain;
        let mut from = 0;
        if last % 2 == 1 {
            let point = Point::new(DecisionKind::CountRestarts, player, Choice(0)).about(target);
            let point = point.with_trick(self.trick);
            let same = if same_card {
                Feature::SameCardRound.bit()
            } else {
                0
            };
            if self.decide_if(point, Choice(1), |_| same) {
                from = last;
            }
        }
        let (depth, mut nullified) = self.nullify_chain(player, target, from);
        if depth >= from + 2 {
            // A chain of two or more: whether the count decides.
            let odd = depth % 2 == 1;
            let point = Point::new(DecisionKind::ChainOutcome, player, Choice(0))
                .about(target)
                .legal(if odd { 0b101 } else { 0b011 });
            let point = point.with_trick(self.trick);
            let protecting = if odd { Feature::Protecting.bit() } else { 0 };
            match self.decide(point, |_| protecting) {
                Choice(1) => nullified = true,
                Choice(2) => nullified = false,
                _ => {}
            }
        }
        self.last_chain = (depth, true);
        self.nullified = nullified;
        nullified
    }

    /// The chain of [`Self::nullify_round`], counted from `from`
    /// nullifies: the count it ends on, and whether the trick is cancelled.
    fn nullify_chain(&mut self, player: Seat, target: Seat, from: usize) -> (usize, bool) {
        // Nobody protects an unrevealed pig, so no chain can start on one
        // (a deviating run asks all the same: its pigs may think otherwise).
        if D::PLAIN && !self.revealed[target] {
            return (0, false);
        }
        let mut depth: usize = from;
        if !D::PLAIN {
            self.nullified_in_chain = 0;
        }
        let (mut start, walk) = self.round_start(player, player, target, false);
        // A deviating run may ask the target alone before the round.
        let mut first = if D::PLAIN {
            None
        } else {
            self.target_first(walk == Walk::TargetFirst, target, depth, start)
        };
        // The seats this round walks, and (deviating runs) how many seats
        // of the first pass were walked before it.
        let mut asks = self.seats_walked(walk);
        let mut walked = 0;
        loop {
            let mut nullifier = first.take();
            let mut pig = start;
            // A target that protected itself alone, first, ends this round.
            if nullifier.is_some() {
                asks = 0;
            }
            for _ in 0..asks {
                if !D::PLAIN {
                    walked += 1;
                }
                if self.alive[pig] {
                    // In a deviating run only a pig that holds a J decides
                    // whether to play one; every pig that plays none,
                    // whether the round stops at it.
                    let holds = D::PLAIN || self.hand[pig].contains(&Card::Nullify);
                    if holds && self.wants_nullify(pig, target, depth, start) {
                        if self.take_leftmost(pig, Card::Nullify) {
                            nullifier = Some(pig);
                            break;
                        }
                    } else if !D::PLAIN && self.round_stops_at(pig, target, depth, holds) {
                        self.willing_reveals(pig, target, depth, holds);
                        break;
                    } else if !D::PLAIN {
                        self.willing_reveals(pig, target, depth, holds);
                    }
                }
                pig = self.next_seat(pig);
            }
            let Some(pig) = nullifier else {
                return (depth, depth % 2 == 1);
            };
            depth += 1;
            if !D::PLAIN {
                self.last_nullifier = Some(pig);
                self.nullified_in_chain |= 1 << pig;
            }
            self.emit(Event::Nullify {
                pig,
                target,
                depth: count_u32(depth),
            });
            if !self.revealed[pig] {
                let point = Point::new(DecisionKind::NullifyReveals, pig, Choice(0))
                    .about(target)
                    .with_card(Card::Nullify);
                let extra = chain_features(depth - 1);
                match self.decide(point, |_| extra) {
                    Choice(0) => self.reveal(pig, Card::Nullify),
                    Choice(2) => self.reveal_after_card |= 1 << pig,
                    _ => {}
                }
            } else if !D::PLAIN {
                // Revealed already: only a suspicion a deviation left is
                // decided on.
                self.reveal(pig, Card::Nullify);
            }
            let point = Point::new(DecisionKind::CounterRound, pig, Choice(0)).about(target);
            let point = point.with_trick(self.trick);
            let extra = chain_features(depth - 1);
            if !self.decide_if(point, Choice(0), |_| extra) {
                return (depth, depth % 2 == 1);
            }
            let (next, walk) = self.round_start(pig, player, target, true);
            start = next;
            asks = self.seats_walked(walk);
            if walk == Walk::RestOfPass {
                // On from the next pig, to the end of the first pass.
                asks = self.n.saturating_sub(walked);
            } else {
                walked = 0;
            }
        }
    }

    /// Whether `target`, asked alone before the first round (`asked`: a
    /// deviation), plays a J on itself: `Some(target)` when it does.
    fn target_first(
        &mut self,
        asked: bool,
        target: Seat,
        depth: usize,
        start: Seat,
    ) -> Option<Seat> {
        let plays = asked
            && self.alive[target]
            && self.hand[target].contains(&Card::Nullify)
            && self.wants_nullify(target, target, depth, start)
            && self.take_leftmost(target, Card::Nullify);
        plays.then_some(target)
    }
}

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// How many seats a round walked `walk`'s way asks: every seat, or
    /// (a deviating run's walk) as many as there are living pigs.
    fn seats_walked(&self, walk: Walk) -> usize {
        if walk == Walk::LivingCount {
            self.alive[..self.n].iter().filter(|&&a| a).count()
        } else {
            self.n
        }
    }

    /// Whether the unrevealed `pig`, which plays no nullify on `target` at
    /// chain depth `depth`, reveals all the same because it would play one
    /// but holds none (never, by the rules: only a nullify played
    /// reveals). Deviating runs only.
    fn willing_reveals(&mut self, pig: Seat, target: Seat, depth: usize, holds: bool) {
        if holds || self.revealed[pig] || self.role[pig] == Role::Lord {
            return;
        }
        let would = if depth % 2 == 0 {
            self.wants_to_protect(pig, target)
        } else {
            self.wants_to_attack(pig, target)
        };
        if !would {
            return;
        }
        let point = Point::new(DecisionKind::WillingReveals, pig, Choice(0)).about(target);
        let point = point.with_trick(self.trick);
        let extra = chain_features(depth);
        if self.decide_if(point, Choice(1), |_| extra) {
            self.reveal(pig, Card::Nullify);
        }
    }
}

/// How a nullify round walks the table.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Each living pig once, from the round's start (the rules).
    Round,
    /// The trick's target alone first, then the round.
    TargetFirst,
    /// Only the seats the first round had not walked yet: the whole chain
    /// is one pass round the table.
    RestOfPass,
    /// As many seats from the round's start as there are living pigs, dead
    /// seats counted.
    LivingCount,
}

/// The context of a nullify at chain depth `depth` (0: the first): whether
/// it protects the target, and whether one was played before it.
fn chain_features(depth: usize) -> u128 {
    let protecting = if depth % 2 == 0 {
        Feature::Protecting.bit()
    } else {
        0
    };
    let counter = if depth > 0 {
        Feature::CounterRound.bit()
    } else {
        0
    };
    let two = if depth > 1 {
        Feature::ChainTwo.bit()
    } else {
        0
    };
    protecting | counter | two
}
