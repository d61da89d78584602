//! Damage, dying and death, with the reward, the penalty and the end of
//! the game.
//!
//! Rules.md section: "Damage, dying, death".

use pigkill_engine::{Card, Event, Role, Seat, Tracer, Winner};

use crate::decision::{Choice, Decider, DecisionKind, Point};
use crate::table::{count_u32, PutOff, Table, AFTER_CARD, AT_TURN_END};

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// `pig` takes 1 damage from `source`. At 0 HP or less it eats its
    /// leftmost P and is back at 1 HP, or else dies.
    pub(crate) fn deal_damage(&mut self, pig: Seat, source: Seat) {
        self.hp[pig] -= 1;
        if !D::PLAIN {
            self.damage_in_resolution = true;
            self.hurt_by[pig] = [Some(source), self.hurt_by[pig][0]];
            if self.trick != Some(Card::Duel) {
                self.hurt_outside_duel[pig] = Some(source);
            }
        }
        self.emit(Event::Damage {
            pig,
            source,
            hp: self.hp[pig],
        });
        if self.hp[pig] > 0 {
            return;
        }
        if !D::PLAIN && self.hp[pig] == 0 {
            // Whether 0 HP is dying already.
            let point = Point::new(DecisionKind::DyingAtZero, pig, Choice(0)).about(source);
            if self.decide_if(point, Choice(1), |_| 0) {
                return;
            }
        }
        // Whether the dying is settled at all (by the rules, always).
        let mut settled = Choice(0);
        if !D::PLAIN {
            let holds_peach = self.hand[pig].contains(&Card::Peach);
            // "The peach only" is the rules' own choice when a peach is
            // there to eat.
            let point = Point::new(DecisionKind::DyingSettled, pig, Choice(0))
                .about(source)
                .legal(if holds_peach { 0b011 } else { 0b111 });
            settled = self.decide(point, |_| 0);
            if settled == Choice(1) {
                return;
            }
        }
        if self.eats_peach(pig, source) {
            self.emit(Event::Rescue { pig });
            if !D::PLAIN {
                self.rescued_in_resolution |= 1 << pig;
                self.rescued_this_turn |= 1 << pig;
                self.rescued(pig, source);
            }
            return;
        }
        if settled == Choice(2) {
            return;
        }
        self.die(pig, source);
    }

    /// `pig`, brought to dying by `source`, was saved by a peach: whether
    /// `source` gets the reward or penalty of a death all the same (by the
    /// rules only a death counts). Deviating runs only.
    fn rescued(&mut self, pig: Seat, source: Seat) {
        let counts = match self.role[pig] {
            Role::Rebel => source != pig,
            Role::Loyalist => self.role[source] == Role::Lord,
            Role::Lord => false,
        };
        if !counts {
            return;
        }
        let rebel = self.role[pig] == Role::Rebel;
        let point = Point::new(DecisionKind::RescueCounts, pig, Choice(0))
            .about(source)
            .legal(if rebel { 0b111 } else { 0b011 });
        match self.decide(point, |_| 0) {
            Choice(1) => {}
            Choice(2) => {
                // Counted off the rebels left, as if it had died.
                self.counted_off += 1;
                return;
            }
            _ => return,
        }
        if rebel {
            // As for a death: none for the last rebel (the game would end).
            if self.rebels_left() > 1 {
                self.reward(source, pig);
            }
        } else {
            self.lord_killed_loyalist(source, pig);
        }
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
        let leftmost = self.hand[pig].iter().position(|&c| c == Card::Peach);
        let last_place = leftmost == Some(self.hand[pig].len() - 1);
        let mut point = Point::new(DecisionKind::EatPeach, pig, Choice(0))
            .about(source)
            .with_card(Card::Peach)
            .legal(if last_place { 0b1011 } else { 0b1111 });
        if let Some(place) = leftmost {
            point = point.at(place);
        }
        match self.decide(point, |_| 0) {
            Choice(1) => return false,
            Choice(3) => {
                // Back to 1 HP, but the peach is never discarded.
                self.hp[pig] = 1;
                return true;
            }
            Choice(2) => {
                // The hand's last card takes the eaten peach's place.
                if let Some(index) = leftmost {
                    self.hand[pig].swap_remove(index);
                }
                self.hp[pig] = 1;
                return true;
            }
            _ => {}
        }
        let point = Point::new(DecisionKind::PeachCount, pig, Choice(0))
            .about(source)
            .with_card(Card::Peach);
        if peaches > 1 && self.decide_if(point, Choice(1), |_| 0) {
            if self.hand[pig].len() == peaches {
                self.last_card[pig] = Some(Card::Peach);
            }
            self.hand[pig].retain(|&c| c != Card::Peach);
            self.hp[pig] = count_u32(peaches) as i32;
            return true;
        }
        if !self.take_leftmost(pig, Card::Peach) {
            return false;
        }
        self.hp[pig] = 1;
        true
    }

    /// `pig` dies from `source`'s damage: its hand and weapon are discarded.
    /// MP's death: FP win. The last FP's death: MP wins. Another FP's
    /// death: the source draws 3 cards. A ZP killed by MP: MP discards its
    /// hand and weapon.
    fn die(&mut self, pig: Seat, source: Seat) {
        let (source, credited) = if D::PLAIN {
            (source, true)
        } else {
            match self.death_credit(pig, source) {
                Some(credit) => (credit, true),
                // Nobody is credited: no reward, no penalty.
                None => (pig, false),
            }
        };
        self.alive[pig] = false;
        let decided = self.winner.is_some();
        if !D::PLAIN {
            self.death_in_resolution = true;
            self.dead_hand[pig].clone_from(&self.hand[pig]);
            self.deaths += 1;
            self.death_order[pig] = self.deaths;
            self.died_this_turn |= 1 << pig;
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
            Role::Lord => {
                // Which side the lord's death makes win is a decision.
                if !D::PLAIN
                    && credited
                    && self.role[source] != Role::Rebel
                    && self.decide_if(
                        Point::new(DecisionKind::LordDeathWinner, pig, Choice(0)).about(source),
                        Choice(1),
                        |_| 0,
                    )
                {
                    self.game_over(Winner::Lord);
                } else {
                    self.game_over(Winner::Rebels);
                }
            }
            Role::Rebel => {
                if !D::PLAIN && source != pig && !decided {
                    self.death_penalty(source, pig);
                }
                let last_rebel = if D::PLAIN {
                    !self.any_rebel_alive()
                } else {
                    self.last_rebel(pig)
                };
                if last_rebel {
                    let point = Point::new(DecisionKind::RewardBeforeGameOver, source, Choice(0))
                        .about(pig);
                    if self.decide_if(point, Choice(0), |_| 0) {
                        self.game_over(Winner::Lord);
                        if !D::PLAIN && !decided {
                            self.decisive_death = Some(pig);
                        }
                        return;
                    }
                }
                if credited {
                    self.reward(source, pig);
                }
                if last_rebel {
                    self.game_over(Winner::Lord);
                }
            }
            Role::Loyalist => {
                // Whether the death counts as a rebel's, and so ends the game.
                let mut ended = false;
                if !D::PLAIN && self.any_rebel_alive() {
                    let point = Point::new(DecisionKind::RebelsLeft, pig, Choice(0)).about(source);
                    if self.decide_if(point, Choice(1), |_| 0) {
                        self.counted_off += 1;
                        ended = self.rebels_left() == 0;
                        if ended {
                            self.game_over(Winner::Lord);
                        }
                    }
                }
                // With nobody credited, `source` is the loyalist itself.
                if self.role[source] == Role::Lord && !ended {
                    self.lord_killed_loyalist(source, pig);
                } else if !D::PLAIN && !ended && !decided && source != pig {
                    self.death_penalty(source, pig);
                }
                if !D::PLAIN && !ended && !decided && source != pig {
                    // A reward for a loyalist too (never, by the rules).
                    let point = Point::new(DecisionKind::Reward, source, Choice(1))
                        .about(pig)
                        .legal(0b011);
                    if self.decide_if(point, Choice(0), |_| 0) {
                        self.draw_reward(source, pig);
                    }
                }
            }
        }
        if !D::PLAIN && !decided && self.winner.is_some() {
            self.decisive_death = Some(pig);
        }
    }

    /// Who is credited with `pig`'s death (its reward, its penalty): by
    /// the rules `source`, the pig that dealt the killing damage; a
    /// deviating run may credit the pig that hurt it before, or the pig
    /// that last played a kill or duel (the lord when there is none), or
    /// the last pig that hurt it outside a duel (nobody when none did).
    fn death_credit(&mut self, pig: Seat, source: Seat) -> Option<Seat> {
        let point = Point::new(DecisionKind::DeathCredit, pig, Choice(0)).about(source);
        match self.decide(point, |_| 0) {
            Choice(1) => Some(self.hurt_by[pig][1].unwrap_or(0)),
            Choice(2) => Some(self.last_attacker.unwrap_or(0)),
            Choice(3) => self.hurt_outside_duel[pig],
            _ => Some(source),
        }
    }

    /// Whether the rebel `dead` was the last one, as a deviating run
    /// counts them: none left by the rules; with one left, whether the
    /// count is taken one off is a decision.
    fn last_rebel(&mut self, dead: Seat) -> bool {
        let left = self.rebels_left();
        if left != 1 {
            return left == 0;
        }
        let Some(rebel) = (0..self.n).find(|&s| self.alive[s] && self.role[s] == Role::Rebel)
        else {
            return false;
        };
        let point = Point::new(DecisionKind::LastRebel, dead, Choice(0)).about(rebel);
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// `source` killed `dead` (a rebel, or a loyalist when `source` is not
    /// the lord): whether `source` is penalised as the lord is for a
    /// loyalist (never, by the rules). Deviating runs only.
    fn death_penalty(&mut self, source: Seat, dead: Seat) {
        // Once the card is resolved is another time here: a rebel's
        // reward is drawn before it.
        let point = Point::new(DecisionKind::Penalty, source, Choice(1))
            .about(dead)
            .legal(0b1011);
        match self.decide(point, |_| 0) {
            Choice(0) => self.penalise_lord(source, dead),
            Choice(3) => self.put_off[AFTER_CARD].push(PutOff::Penalty {
                lord: source,
                loyalist: dead,
                always: false,
            }),
            _ => {}
        }
    }

    /// How many rebels are left as a deviating run counts them: the living
    /// ones, less the loyalists' deaths counted as rebels' (none by the rules).
    fn rebels_left(&self) -> usize {
        let living = (0..self.n)
            .filter(|&seat| self.alive[seat] && self.role[seat] == Role::Rebel)
            .count();
        living.saturating_sub(self.counted_off)
    }

    /// The lord killed `loyalist`: whether, and when, it is penalised (at
    /// once, by the rules).
    fn lord_killed_loyalist(&mut self, lord: Seat, loyalist: Seat) {
        let area = matches!(self.trick, Some(Card::Invasion | Card::Volley));
        let point = Point::new(DecisionKind::Penalty, lord, Choice(0))
            .about(loyalist)
            .legal(if area { 0b1_1111 } else { 0b0_0111 });
        let owed = |always| PutOff::Penalty {
            lord,
            loyalist,
            always,
        };
        match self.decide(point, |_| 0) {
            Choice(0) => self.penalise_lord(lord, loyalist),
            Choice(2) => self.put_off[AT_TURN_END].push(owed(false)),
            Choice(3) => self.put_off[AFTER_CARD].push(owed(false)),
            Choice(4) => self.put_off[AFTER_CARD].push(owed(true)),
            _ => {}
        }
    }

    /// Settles the rewards and penalties put off until `when` (after the
    /// card, or at the turn's end): a reward only while the game goes on; a
    /// penalty after a card only while the game goes on, at the turn's end
    /// always. Deviating runs only.
    pub(crate) fn settle_put_off(&mut self, when: usize) {
        if self.put_off[when].is_empty() {
            return;
        }
        let owed = std::mem::take(&mut self.put_off[when]);
        for put_off in owed {
            match put_off {
                PutOff::Reward { source, rebel } => {
                    if self.winner.is_none() && self.alive[source] {
                        self.draw_reward(source, rebel);
                    }
                }
                PutOff::Penalty {
                    lord,
                    loyalist,
                    always,
                } => {
                    if when == AT_TURN_END || always || self.winner.is_none() {
                        self.penalise_lord(lord, loyalist);
                    }
                }
            }
        }
    }

    /// `source` killed the FP `rebel`: it draws 3 cards.
    fn reward(&mut self, source: Seat, rebel: Seat) {
        let area = matches!(self.trick, Some(Card::Invasion | Card::Volley));
        // "One reward a turn" differs from the rules only after a reward.
        let once = if self.rewarded_this_turn { 0b1_0000 } else { 0 };
        let point = Point::new(DecisionKind::Reward, source, Choice(0))
            .about(rebel)
            .legal(0b10_0000 | once | if area { 0b1111 } else { 0b1011 });
        match self.decide(point, |_| 0) {
            Choice(0) => self.draw_reward(source, rebel),
            Choice(2) => self.put_off[AFTER_CARD].push(PutOff::Reward { source, rebel }),
            Choice(3) => self.put_off[AT_TURN_END].push(PutOff::Reward { source, rebel }),
            Choice(5) => {
                // Drawn into a copy of the hand: the cards leave the deck
                // and are lost.
                let hand = self.hand[source].clone();
                self.draw_reward(source, rebel);
                self.hand[source] = hand;
            }
            _ => {}
        }
    }

    /// `source` draws the reward for killing `rebel`: 3 cards (who draws
    /// it is a decision in a deviating run).
    fn draw_reward(&mut self, source: Seat, rebel: Seat) {
        let source = if D::PLAIN {
            source
        } else {
            self.reward_to(source, rebel)
        };
        self.emit(Event::Reward { pig: source });
        if !D::PLAIN && source == self.current {
            self.reward_since_kill = true;
        }
        let point = Point::new(DecisionKind::RewardCount, source, Choice(0)).about(rebel);
        let cards = match self.decide(point, |_| 0) {
            Choice(1) => 2,
            Choice(2) => 4,
            Choice(3) => 6,
            _ => 3,
        };
        if !D::PLAIN {
            self.rewarding = true;
            self.rewarded_this_turn = true;
        }
        let wait = !D::PLAIN && source == self.current && self.in_phase && self.fresh_wait(source);
        // Whether the reward's cards leave the deck is a decision.
        let keep_deck = !D::PLAIN
            && self.decide_if(
                Point::new(DecisionKind::RewardTakes, source, Choice(0)).about(rebel),
                Choice(1),
                |_| 0,
            );
        if keep_deck {
            self.draw_cards_on_copy(source, cards);
        } else {
            self.draw_cards(source, cards);
        }
        if !D::PLAIN {
            self.rewarding = false;
            if wait {
                // Drawn at the right end, they are out of this phase's sight.
                self.fresh = (self.fresh + cards).min(self.hand[source].len());
            }
        }
    }

    /// Whether the cards `pig` draws in its own play phase wait for its
    /// next turn (never, by the rules). Deviating runs only.
    fn fresh_wait(&mut self, pig: Seat) -> bool {
        let point = Point::new(DecisionKind::FreshCardsWait, pig, Choice(0));
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// Who draws the reward `source` earned for killing `rebel`: `source`
    /// by the rules; the pig whose turn it is, or the player of the card
    /// being resolved, in a deviating run (when not `source`; by the rules
    /// that is only ever the dead rebel itself, whose draws are lost).
    fn reward_to(&mut self, source: Seat, rebel: Seat) -> Seat {
        let current = self.current;
        let player = self.trick.map(|_| self.trick_player);
        let turn = current != source;
        let trick = player.is_some_and(|p| p != source);
        let legal = 0b001 | if turn { 0b010 } else { 0 } | if trick { 0b100 } else { 0 };
        if legal == 0b001 {
            return source;
        }
        let point = Point::new(DecisionKind::RewardTo, source, Choice(0))
            .about(rebel)
            .legal(legal);
        match (self.decide(point, |_| 0), player) {
            (Choice(1), _) => current,
            (Choice(2), Some(player)) => player,
            _ => source,
        }
    }

    /// MP killed the ZP `loyalist`: it discards its whole hand and its weapon.
    fn penalise_lord(&mut self, lord: Seat, loyalist: Seat) {
        // Whether its hand goes (by the rules, always).
        let keeps_hand = !D::PLAIN
            && !self.hand[lord].is_empty()
            && self.decide_if(
                Point::new(DecisionKind::PenaltyHand, lord, Choice(0)).about(loyalist),
                Choice(1),
                |_| 0,
            );
        let discarded = if keeps_hand {
            0
        } else {
            count_u32(self.hand[lord].len())
        };
        if !D::PLAIN && !keeps_hand && !self.hand[lord].is_empty() {
            self.last_card[lord] = Some(self.hand[lord][0]);
        }
        let weapon = self.crossbow[lord]
            && self.decide_if(
                Point::new(DecisionKind::PenaltyWeapon, lord, Choice(0))
                    .about(loyalist)
                    .with_card(Card::Crossbow),
                Choice(0),
                |_| 0,
            );
        if !keeps_hand {
            self.hand[lord].clear();
        }
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
