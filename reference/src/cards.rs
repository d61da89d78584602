//! The play phase and one function per card.
//!
//! Rules.md sections: "A turn" (the play phase and when a card is
//! playable) and "Responses" (what each card does).

use pigkill_engine::{Card, Event, Role, Seat, Tracer, MAX_HP};

use crate::mutants::{Mutation, Rules};
use crate::table::Table;

impl<T: Tracer, R: Rules> Table<'_, T, R> {
    /// `pig`'s play phase: scan the hand from the left, play the first
    /// playable card, and scan again from the left; stop when nothing is
    /// playable, the pig dies, or the game ends.
    ///
    /// Playable: P when HP < 4; K when no kill was played this phase or
    /// the pig has a crossbow, and it has a kill target; F when it has a
    /// duel target; N, W and Z always; D and J never.
    pub(crate) fn play_phase(&mut self, pig: Seat) {
        let mut kill_played = false;
        // Where the next scan starts: the leftmost card, but for some mistakes.
        let mut resume = 0;
        loop {
            let kill_target = self.kill_target(pig);
            let duel_target = self.duel_target(pig);
            let kill_limit_reached =
                kill_played && !self.crossbow[pig] && !self.mutated(Mutation::UnlimitedKills);
            let may_kill = !kill_limit_reached && kill_target.is_some();
            let hurt = self.hp[pig] < MAX_HP;
            let from = resume.min(self.hand[pig].len());
            // Which cards are playable right now, decided once per scan
            // (indexed by card; D and J never are).
            let mut playable_now = [false; Card::ALL.len()];
            playable_now[Card::Peach as usize] = hurt || self.mutated(Mutation::PeachAtFullHp);
            playable_now[Card::Kill as usize] = may_kill;
            playable_now[Card::Duel as usize] = duel_target.is_some();
            playable_now[Card::Invasion as usize] = true;
            playable_now[Card::Volley as usize] = true;
            playable_now[Card::Crossbow as usize] =
                !(self.crossbow[pig] && self.mutated(Mutation::SecondCrossbowStays));
            let found = self.hand[pig][from..]
                .iter()
                .position(|&card| playable_now[card as usize]);
            let Some(index) = found.map(|i| i + from) else {
                return;
            };
            let card = self.hand[pig].remove(index);
            resume = if self.scan_resumes_after(card) {
                index
            } else {
                0
            };
            self.plays_this_round += 1;
            match (card, kill_target, duel_target) {
                (Card::Peach, _, _) => self.play_peach(pig),
                (Card::Kill, Some(target), _) => {
                    kill_played = true;
                    self.play_kill(pig, target);
                }
                (Card::Duel, _, Some(target)) => {
                    let fought_with_kills = self.play_duel(pig, target);
                    if fought_with_kills && self.mutated(Mutation::DuelKillCountsAsPlayed) {
                        kill_played = true;
                    }
                }
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

    /// Whether, after playing `card`, the next scan goes on from the played
    /// card's place rather than from the leftmost card (never, by the rules).
    fn scan_resumes_after(&self, card: Card) -> bool {
        self.mutated(Mutation::ScanResumesAfterPlay)
            || (card == Card::Crossbow && self.mutated(Mutation::ScanResumesAfterCrossbow))
    }

    /// A player that plays a kill or a duel at a target reveals its role.
    fn reveal_by_attack(&mut self, player: Seat) {
        self.reveal(player);
    }

    /// P: heals its owner by 1, up to 4 HP (played only below 4 HP, but
    /// for `PeachAtFullHp`, where HP stays 4).
    pub(crate) fn play_peach(&mut self, pig: Seat) {
        self.emit(Event::Play {
            pig,
            card: Card::Peach,
            target: None,
        });
        self.hp[pig] = (self.hp[pig] + 1).min(MAX_HP);
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

    /// K: the player reveals; the target discards its leftmost D, or takes
    /// 1 damage from the player.
    pub(crate) fn play_kill(&mut self, player: Seat, target: Seat) {
        self.emit(Event::Play {
            pig: player,
            card: Card::Kill,
            target: Some(target),
        });
        let reveal_on_play = !self.mutated(Mutation::KillRevealsOnlyOnHit);
        if reveal_on_play {
            self.reveal_by_attack(player);
        }
        if self.take_leftmost(target, Card::Dodge) {
            self.emit(Event::Respond {
                pig: target,
                card: Card::Dodge,
            });
        } else {
            self.deal_damage(target, player);
            if !reveal_on_play {
                self.reveal_by_attack(player);
            }
        }
    }

    /// F: the player reveals; a nullify round for the target; if not
    /// nullified, MP against a ZP just hurts it, and otherwise target and
    /// player discard their leftmost K in turn, target first, until one has
    /// none and takes 1 damage from the other. Returns whether the player
    /// discarded a kill.
    pub(crate) fn play_duel(&mut self, player: Seat, target: Seat) -> bool {
        self.emit(Event::Play {
            pig: player,
            card: Card::Duel,
            target: Some(target),
        });
        let reveal_on_play = !self.mutated(Mutation::DuelRevealsOnlyIfNotNullified);
        if reveal_on_play {
            self.reveal_by_attack(player);
        }
        if !self.mutated(Mutation::DuelNotNullified) && self.nullify_round(player, target) {
            return false;
        }
        if !reveal_on_play {
            self.reveal_by_attack(player);
        }
        if self.role[player] == Role::Lord
            && self.role[target] == Role::Loyalist
            && !self.mutated(Mutation::LoyalistFightsLord)
        {
            self.deal_damage(target, player);
            return false;
        }
        let (first, second) = if self.mutated(Mutation::DuelPlayerFirst) {
            (player, target)
        } else {
            (target, player)
        };
        let mut player_discarded = false;
        loop {
            for (pig, other) in [(first, second), (second, first)] {
                if !self.take_leftmost(pig, Card::Kill) {
                    self.lose_duel(pig, other, player);
                    return player_discarded;
                }
                player_discarded |= pig == player;
                self.emit(Event::Respond {
                    pig,
                    card: Card::Kill,
                });
            }
            if self.mutated(Mutation::DuelOneKillEach) {
                return player_discarded;
            }
        }
    }

    /// `loser` has no kill left in `player`'s duel: it takes 1 damage from
    /// the winner.
    fn lose_duel(&mut self, loser: Seat, winner: Seat, player: Seat) {
        let source = if self.mutated(Mutation::DuelDamageFromPlayer) {
            player
        } else {
            winner
        };
        self.deal_damage(loser, source);
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
        if self.mutated(Mutation::AreaTrickReveals) {
            self.reveal(player);
        }
        let mut pig = if self.mutated(Mutation::InvasionFromFirstPig) {
            self.n - 1
        } else {
            player
        };
        let nullifiable = !(card == Card::Volley && self.mutated(Mutation::VolleyNotNullified));
        for _ in 0..self.n {
            pig = self.next_seat(pig);
            if pig == player || !self.alive[pig] {
                continue;
            }
            if nullifiable && self.nullify_round(player, pig) {
                continue;
            }
            if self.take_leftmost(pig, answer) {
                self.emit(Event::Respond { pig, card: answer });
                if pig == 0
                    && self.mutated(Mutation::SuspicionWithoutDamage)
                    && self.lord_would_suspect(player, card)
                {
                    self.suspect(player);
                }
                continue;
            }
            self.deal_damage(pig, player);
            if self.winner.is_some() {
                return;
            }
            if pig == 0 && self.lord_would_suspect(player, card) {
                self.suspect(player);
            }
            if !self.alive[pig] && self.mutated(Mutation::AreaTrickStopsAtDeath) {
                return;
            }
        }
    }

    /// Whether MP, hurt by `player`'s invasion or volley `card`, now
    /// suspects it: when the player is unrevealed (and not yet suspected).
    fn lord_would_suspect(&self, player: Seat, card: Card) -> bool {
        let unrevealed = !self.revealed[player] || self.mutated(Mutation::SuspectsRevealedPlayers);
        let suspicious_card = card == Card::Invasion || !self.mutated(Mutation::VolleyNoSuspicion);
        let suspicious_role =
            self.role[player] == Role::Rebel || !self.mutated(Mutation::SuspectsOnlyTrueRebels);
        unrevealed && suspicious_card && suspicious_role && !self.suspected[player]
    }

    /// MP now suspects `player`.
    fn suspect(&mut self, player: Seat) {
        self.suspected[player] = true;
        self.emit(Event::Suspect { pig: player });
    }
}
