//! Damage, dying and death, with the reward, the penalty and the end of
//! the game.
//!
//! Rules.md section: "Damage, dying, death".

use pigkill_engine::{Card, Event, Role, Seat, Tracer, Winner};

use crate::decision::{Choice, Decider, DecisionKind, Point};
use crate::table::{count_u32, Table};

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// `pig` takes 1 damage from `source`. At 0 HP or less it eats its
    /// leftmost P and is back at 1 HP, or else dies.
    pub(crate) fn deal_damage(&mut self, pig: Seat, source: Seat) {
        self.hp[pig] -= 1;
        self.emit(Event::Damage {
            pig,
            source,
            hp: self.hp[pig],
        });
        if self.hp[pig] > 0 {
            return;
        }
        if self.eats_peach(pig, source) {
            self.emit(Event::Rescue { pig });
            return;
        }
        self.die(pig, source);
    }

    /// Whether dying `pig` (hurt by `source`) eats a peach, and eats it:
    /// its leftmost, back to 1 HP.
    fn eats_peach(&mut self, pig: Seat, source: Seat) -> bool {
        if D::PLAIN {
            let eats = self.take_leftmost(pig, Card::Peach);
            if eats {
                self.hp[pig] = 1;
            }
            return eats;
        }
        let peaches = self.hand[pig].iter().filter(|&&c| c == Card::Peach).count();
        if peaches == 0 {
            return false;
        }
        let point = Point::new(DecisionKind::EatPeach, pig, Choice(0))
            .about(source)
            .with_card(Card::Peach);
        if !self.decide_if(point, Choice(0), |_| 0) {
            return false;
        }
        let point = Point::new(DecisionKind::PeachCount, pig, Choice(0))
            .about(source)
            .with_card(Card::Peach);
        if peaches > 1 && self.decide_if(point, Choice(1), |_| 0) {
            self.hand[pig].retain(|&c| c != Card::Peach);
            self.hp[pig] = count_u32(peaches) as i32;
            return true;
        }
        self.take_leftmost(pig, Card::Peach);
        self.hp[pig] = 1;
        true
    }

    /// `pig` dies from `source`'s damage: its hand and weapon are discarded.
    /// MP's death: FP win. The last FP's death: MP wins. Another FP's
    /// death: the source draws 3 cards. A ZP killed by MP: MP discards its
    /// hand and weapon.
    fn die(&mut self, pig: Seat, source: Seat) {
        self.alive[pig] = false;
        if !D::PLAIN {
            self.death_in_resolution = true;
            self.dead_hand[pig].clone_from(&self.hand[pig]);
        }
        let discarded = count_u32(self.hand[pig].len());
        let weapon = self.crossbow[pig];
        self.hand[pig].clear();
        self.crossbow[pig] = false;
        self.emit(Event::Death {
            pig,
            source,
            discarded,
            weapon,
        });
        match self.role[pig] {
            Role::Lord => self.game_over(Winner::Rebels),
            Role::Rebel => {
                let last_rebel = !self.any_rebel_alive();
                if last_rebel {
                    let point = Point::new(DecisionKind::RewardBeforeGameOver, source, Choice(0))
                        .about(pig);
                    if self.decide_if(point, Choice(0), |_| 0) {
                        self.game_over(Winner::Lord);
                        return;
                    }
                }
                self.reward(source, pig);
                if last_rebel {
                    self.game_over(Winner::Lord);
                }
            }
            Role::Loyalist => {
                if self.role[source] == Role::Lord {
                    let point = Point::new(DecisionKind::Penalty, source, Choice(0)).about(pig);
                    if self.decide_if(point, Choice(0), |_| 0) {
                        self.penalise_lord(source, pig);
                    }
                }
            }
        }
    }

    /// `source` killed the FP `rebel`: it draws 3 cards.
    fn reward(&mut self, source: Seat, rebel: Seat) {
        let point = Point::new(DecisionKind::Reward, source, Choice(0)).about(rebel);
        if !self.decide_if(point, Choice(0), |_| 0) {
            return;
        }
        self.emit(Event::Reward { pig: source });
        if !D::PLAIN && source == self.current {
            self.reward_since_kill = true;
        }
        let point = Point::new(DecisionKind::RewardCount, source, Choice(0)).about(rebel);
        let cards = match self.decide(point, |_| 0) {
            Choice(1) => 2,
            Choice(2) => 4,
            _ => 3,
        };
        if !D::PLAIN {
            self.rewarding = true;
        }
        self.draw_cards(source, cards);
        if !D::PLAIN {
            self.rewarding = false;
        }
    }

    /// MP killed the ZP `loyalist`: it discards its whole hand and its weapon.
    fn penalise_lord(&mut self, lord: Seat, loyalist: Seat) {
        let discarded = count_u32(self.hand[lord].len());
        let weapon = self.crossbow[lord]
            && self.decide_if(
                Point::new(DecisionKind::PenaltyWeapon, lord, Choice(0))
                    .about(loyalist)
                    .with_card(Card::Crossbow),
                Choice(0),
                |_| 0,
            );
        self.hand[lord].clear();
        if weapon {
            self.crossbow[lord] = false;
        }
        self.emit(Event::Penalty {
            pig: lord,
            discarded,
            weapon,
        });
    }
}
