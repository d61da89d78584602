//! Damage, dying and death, with the reward, the penalty and the end of
//! the game.
//!
//! Rules.md section: "Damage, dying, death".

use pigkill_engine::{Card, Event, Role, Seat, Tracer, Winner};

use crate::mutants::{Mutation, Rules};
use crate::table::{count_u32, Table};

impl<T: Tracer, R: Rules> Table<'_, T, R> {
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
        let may_eat = !(pig != self.current && self.mutated(Mutation::NoRescueOutsideOwnTurn));
        if may_eat && self.mutated(Mutation::EatEveryPeach) {
            let mut eaten = 0;
            while self.take_leftmost(pig, Card::Peach) {
                eaten += 1;
            }
            if eaten > 0 {
                self.hp[pig] = eaten;
                self.emit(Event::Rescue { pig });
                return;
            }
        }
        if may_eat
            && !self.mutated(Mutation::DyingSkipsPeach)
            && self.take_leftmost(pig, Card::Peach)
        {
            self.hp[pig] = 1;
            self.emit(Event::Rescue { pig });
            return;
        }
        self.die(pig, source);
    }

    /// `pig` dies from `source`'s damage: its hand and weapon are discarded.
    /// MP's death: FP win. The last FP's death: MP wins. Another FP's
    /// death: the source draws 3 cards. A ZP killed by MP: MP discards its
    /// hand and weapon.
    fn die(&mut self, pig: Seat, source: Seat) {
        self.alive[pig] = false;
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
                if last_rebel && !self.mutated(Mutation::RewardAfterLastRebel) {
                    self.game_over(Winner::Lord);
                    return;
                }
                self.reward(source);
                if last_rebel {
                    self.game_over(Winner::Lord);
                }
            }
            Role::Loyalist => {
                if self.role[source] == Role::Lord && !self.mutated(Mutation::NoPenalty) {
                    self.penalise_lord(source);
                }
            }
        }
    }

    /// `source` killed an FP: it draws 3 cards.
    fn reward(&mut self, source: Seat) {
        if self.role[source] == Role::Rebel && self.mutated(Mutation::NoRewardForRebelKiller) {
            return;
        }
        self.emit(Event::Reward { pig: source });
        let cards = if self.mutated(Mutation::RewardDrawsTwo) {
            2
        } else {
            3
        };
        for _ in 0..cards {
            self.draw(source);
        }
    }

    /// MP killed a ZP: it discards its whole hand and its weapon.
    fn penalise_lord(&mut self, lord: Seat) {
        let discarded = count_u32(self.hand[lord].len());
        let weapon = self.crossbow[lord] && !self.mutated(Mutation::PenaltyKeepsWeapon);
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
