//! The play phase and one function per card.
//!
//! Rules.md sections: "A turn" (the play phase and when a card is
//! playable) and "Responses" (what each card does).

use pigkill_engine::{Card, Event, Role, Seat, Tracer, MAX_HP};

use crate::mutants::Mutation;
use crate::table::Table;

impl<T: Tracer> Table<'_, T> {
    /// `pig`'s play phase: scan the hand from the left, play the first
    /// playable card, and scan again from the left; stop when nothing is
    /// playable, the pig dies, or the game ends.
    ///
    /// Playable: P when HP < 4; K when no kill was played this phase or
    /// the pig has a crossbow, and it has a kill target; F when it has a
    /// duel target; N, W and Z always; D and J never.
    pub(crate) fn play_phase(&mut self, pig: Seat) {
        let mut kill_played = false;
        let mut resume = 0;
        loop {
            let kill_target = self.kill_target(pig);
            let duel_target = self.duel_target(pig);
            let may_kill = (!kill_played || self.crossbow[pig]) && kill_target.is_some();
            let hurt = self.hp[pig] < MAX_HP;
            let from = if self.mutated(Mutation::ScanResumesAfterPlay) {
                resume.min(self.hand[pig].len())
            } else {
                0
            };
            // Which cards are playable right now, decided once per scan.
            let playable = |card: Card| match card {
                Card::Peach => hurt || self.mutated(Mutation::PeachAtFullHp),
                Card::Kill => may_kill,
                Card::Duel => duel_target.is_some(),
                Card::Crossbow => {
                    !(self.crossbow[pig] && self.mutated(Mutation::SecondCrossbowStays))
                }
                Card::Invasion | Card::Volley => true,
                Card::Dodge | Card::Nullify => false,
            };
            let playable_now = Card::ALL.map(playable);
            let found = self.hand[pig][from..]
                .iter()
                .position(|&card| playable_now[card as usize]);
            let Some(index) = found.map(|i| i + from) else {
                return;
            };
            resume = index;
            let card = self.hand[pig].remove(index);
            self.plays_this_round += 1;
            match (card, kill_target, duel_target) {
                (Card::Peach, _, _) => self.play_peach(pig),
                (Card::Kill, Some(target), _) => {
                    kill_played = true;
                    self.play_kill(pig, target);
                }
                (Card::Duel, _, Some(target)) => self.play_duel(pig, target),
                (Card::Invasion, _, _) => self.play_invasion(pig),
                (Card::Volley, _, _) => self.play_volley(pig),
                (Card::Crossbow, _, _) => self.play_crossbow(pig),
                // Not playable, so never found above.
                _ => return,
            }
            if self.winner.is_some() || !self.alive[pig] {
                return;
            }
        }
    }

    /// A player that plays a kill or a duel at a target reveals its role.
    fn reveal_by_attack(&mut self, player: Seat) {
        self.reveal(player);
    }

    /// P: heals its owner by 1.
    pub(crate) fn play_peach(&mut self, pig: Seat) {
        self.emit(Event::Play {
            pig,
            card: Card::Peach,
            target: None,
        });
        self.hp[pig] += 1;
        self.emit(Event::Heal {
            pig,
            hp: self.hp[pig],
        });
    }

    /// Z: equips a crossbow, replacing any held one.
    pub(crate) fn play_crossbow(&mut self, pig: Seat) {
        self.emit(Event::Play {
            pig,
            card: Card::Crossbow,
            target: None,
        });
        let replaced = self.crossbow[pig];
        self.crossbow[pig] = true;
        self.emit(Event::Equip { pig, replaced });
    }

    /// K: the target discards its leftmost D, or takes 1 damage from the player.
    pub(crate) fn play_kill(&mut self, player: Seat, target: Seat) {
        self.emit(Event::Play {
            pig: player,
            card: Card::Kill,
            target: Some(target),
        });
        self.reveal_by_attack(player);
        if self.take_leftmost(target, Card::Dodge) {
            self.emit(Event::Respond {
                pig: target,
                card: Card::Dodge,
            });
        } else {
            self.deal_damage(target, player);
        }
    }

    /// F: a nullify round for the target; if not nullified, MP against a ZP
    /// just hurts it, and otherwise target and player discard their leftmost
    /// K in turn, target first, until one has none and takes 1 damage from
    /// the other.
    pub(crate) fn play_duel(&mut self, player: Seat, target: Seat) {
        self.emit(Event::Play {
            pig: player,
            card: Card::Duel,
            target: Some(target),
        });
        self.reveal_by_attack(player);
        if self.nullify_round(player, target) {
            return;
        }
        if self.role[player] == Role::Lord
            && self.role[target] == Role::Loyalist
            && !self.mutated(Mutation::LoyalistFightsLord)
        {
            self.deal_damage(target, player);
            return;
        }
        let (first, second) = if self.mutated(Mutation::DuelPlayerFirst) {
            (player, target)
        } else {
            (target, player)
        };
        loop {
            if self.take_leftmost(first, Card::Kill) {
                self.emit(Event::Respond {
                    pig: first,
                    card: Card::Kill,
                });
            } else {
                self.deal_damage(first, second);
                return;
            }
            if self.take_leftmost(second, Card::Kill) {
                self.emit(Event::Respond {
                    pig: second,
                    card: Card::Kill,
                });
            } else {
                self.deal_damage(second, first);
                return;
            }
        }
    }

    /// N: every other living pig discards a K or takes 1 damage.
    pub(crate) fn play_invasion(&mut self, player: Seat) {
        self.play_area_trick(player, Card::Invasion, Card::Kill);
    }

    /// W: every other living pig discards a D or takes 1 damage.
    pub(crate) fn play_volley(&mut self, player: Seat) {
        self.play_area_trick(player, Card::Volley, Card::Dodge);
    }

    /// N or W: for each other living pig in turn, from the one after the
    /// player going forward: a nullify round for it; if not nullified, it
    /// discards its leftmost `answer` card or takes 1 damage from the
    /// player. If that damage hit MP and the player is unrevealed, MP now
    /// suspects the player. Pigs that die meanwhile are skipped.
    fn play_area_trick(&mut self, player: Seat, card: Card, answer: Card) {
        self.emit(Event::Play {
            pig: player,
            card,
            target: None,
        });
        let mut pig = if self.mutated(Mutation::InvasionFromFirstPig) {
            self.n - 1
        } else {
            player
        };
        for _ in 0..self.n {
            pig = self.next_seat(pig);
            if pig == player || !self.alive[pig] {
                continue;
            }
            if self.nullify_round(player, pig) {
                continue;
            }
            if self.take_leftmost(pig, answer) {
                self.emit(Event::Respond { pig, card: answer });
                if pig == 0
                    && !self.revealed[player]
                    && !self.suspected[player]
                    && self.mutated(Mutation::SuspicionWithoutDamage)
                {
                    self.suspected[player] = true;
                    self.emit(Event::Suspect { pig: player });
                }
                continue;
            }
            self.deal_damage(pig, player);
            if self.winner.is_some() {
                return;
            }
            if pig == 0 && !self.revealed[player] && !self.suspected[player] {
                self.suspected[player] = true;
                self.emit(Event::Suspect { pig: player });
            }
        }
    }
}
