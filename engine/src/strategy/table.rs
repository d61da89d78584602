//! The table: the whole state of one game, and the resolution of every card.
//!
//! The table knows hands, HP, weapons and the deck, and follows `rules.md`
//! mechanically: turns, draws, the play phase scan, kills, duels,
//! invasions, volleys, nullify chains, damage, dying, rewards and
//! penalties. Every choice is asked of the pig's role through
//! [`Strategy`]; the table itself never decides who is friend or foe.
//!
//! Events are emitted in the order fixed by [`crate::event`].

use std::mem;

use crate::card::{Card, Role, Winner};
use crate::event::{Event, Tracer};
use crate::game::{Game, Outcome, PigFate, Seat, MAX_HP, MAX_PIGS};
use crate::run::{Budget, RunError, Stall};

use super::hand::{bit, Hands};
use super::roles::Strategy;
use super::stall::RoundWatch;
use super::view::View;

/// A card the current pig plays, chosen by the play phase scan.
#[derive(Clone, Copy, Debug)]
enum Play {
    /// A peach, to heal.
    Peach,
    /// A kill at the target.
    Kill(Seat),
    /// A duel at the target.
    Duel(Seat),
    /// An invasion or a volley.
    Area(Card),
    /// A crossbow, to equip.
    Crossbow,
}

/// One game in progress.
pub(super) struct Table<'g, T: Tracer> {
    /// The deck, top first; `deck[top]` is the next card drawn.
    deck: &'g [Card],
    top: usize,
    /// Each seat's secret role.
    roles: [Role; MAX_PIGS],
    /// What every pig can see.
    view: View,
    hp: [i32; MAX_PIGS],
    crossbow: [bool; MAX_PIGS],
    hands: Hands,
    /// Living rebels.
    rebels: usize,
    /// Set once the game is won; nothing happens after.
    winner: Option<Winner>,
    /// Cards played so far (one per `Play` event).
    plays: u64,
    tracer: T,
}

impl<'g, T: Tracer> Table<'g, T> {
    /// The table as the game starts: 4 HP each, the input hands, no weapon.
    pub(super) fn new(game: &'g Game, tracer: T) -> Table<'g, T> {
        let pigs = game.pigs();
        let mut roles = [Role::Lord; MAX_PIGS];
        for (slot, pig) in roles.iter_mut().zip(pigs) {
            *slot = pig.role;
        }
        Table {
            deck: game.deck(),
            top: 0,
            roles,
            view: View::new(pigs.len()),
            hp: [MAX_HP; MAX_PIGS],
            crossbow: [false; MAX_PIGS],
            hands: Hands::new(pigs),
            rebels: pigs.iter().filter(|pig| pig.role == Role::Rebel).count(),
            winner: None,
            plays: 0,
            tracer,
        }
    }

    /// Plays the game to its end, or until a stall rule of [`crate::run`]
    /// finds that it does not end.
    pub(super) fn play(mut self, budget: Budget) -> Result<Outcome, RunError> {
        let winner = self.play_turns(budget)?;
        Ok(self.outcome(winner))
    }

    /// [`Table::play`], keeping the table, and its winner.
    fn play_turns(&mut self, budget: Budget) -> Result<Winner, RunError> {
        if self.rebels == 0 {
            // No rebel: the lord has won before any turn.
            self.game_over(Winner::Lord);
            return Ok(Winner::Lord);
        }
        let mut watch = RoundWatch::new();
        let mut turns: u32 = 0;
        let mut pig = View::LORD;
        loop {
            if pig == View::LORD {
                if let Some(stall) = watch.round_starts(self) {
                    return Err(RunError::DidNotEnd { turns, stall });
                }
            }
            if turns >= budget.max_turns {
                return Err(RunError::DidNotEnd {
                    turns,
                    stall: Stall::TurnCap,
                });
            }
            turns += 1;
            self.emit(Event::TurnStart { pig, turn: turns });
            self.take_turn(pig);
            if let Some(winner) = self.winner {
                return Ok(winner);
            }
            pig = self.view.next_alive(pig);
        }
    }

    /// Plays the game to its end and reads the whole table.
    #[cfg(feature = "inspect")]
    pub(super) fn play_to_end(
        mut self,
        budget: Budget,
    ) -> Result<crate::state::TableEnd, RunError> {
        let winner = self.play_turns(budget)?;
        let pigs = (0..self.view.pigs())
            .map(|seat| crate::state::PigState {
                role: self.roles[seat],
                alive: self.view.is_alive(seat),
                hp: self.hp[seat],
                hand: self.hands.cards(seat).to_vec(),
                crossbow: self.crossbow[seat],
                revealed: self.view.is_revealed(seat),
                suspected: self.view.is_suspected(seat),
            })
            .collect();
        Ok(crate::state::TableEnd {
            winner,
            pigs,
            drawn: self.top,
        })
    }

    /// The judge output: the winner and each pig's hand or death.
    fn outcome(self, winner: Winner) -> Outcome {
        let view = self.view;
        let pigs = self
            .hands
            .into_cards()
            .into_iter()
            .enumerate()
            .map(|(seat, hand)| {
                if view.is_alive(seat) {
                    PigFate::Alive(hand)
                } else {
                    PigFate::Dead
                }
            })
            .collect();
        Outcome { winner, pigs }
    }

    #[inline(always)]
    fn emit(&mut self, event: Event) {
        if T::ENABLED {
            self.tracer.emit(event);
        }
    }

    /// Cards played so far.
    pub(super) fn plays(&self) -> u64 {
        self.plays
    }

    /// Whether the deck is down to its last card, which every draw repeats.
    pub(super) fn deck_exhausted(&self) -> bool {
        self.top + 1 >= self.deck.len()
    }

    /// The whole state that can change between rounds once the deck is
    /// exhausted (lives, HP, hands, weapons, reveals, suspicion), as bytes.
    pub(super) fn snapshot(&self, out: &mut Vec<u8>) {
        out.clear();
        self.view.push_bytes(out);
        for seat in 0..self.view.pigs() {
            let hand = self.hands.cards(seat);
            out.extend_from_slice(&self.hp[seat].to_le_bytes());
            out.push(u8::from(self.crossbow[seat]));
            out.extend_from_slice(&(hand.len() as u64).to_le_bytes());
            out.extend(hand.iter().map(|&card| card as u8));
        }
    }

    /// Draws the top card to the right end of the pig's hand. The deck's
    /// last card stays in place, so every later draw gives it again.
    fn draw(&mut self, pig: Seat) {
        let last_card = self.deck_exhausted();
        let card = self.deck[self.top];
        if !last_card {
            self.top += 1;
        }
        self.hands.push(pig, card);
        self.emit(Event::Draw {
            pig,
            card,
            last_card,
        });
    }

    /// One turn: draw 2, then play until nothing is playable, the pig dies
    /// or the game ends.
    fn take_turn(&mut self, me: Seat) {
        self.draw(me);
        self.draw(me);
        let mut kill_played = false;
        while self.winner.is_none() && self.view.is_alive(me) {
            let Some((index, play)) = self.choose_play(me, kill_played) else {
                break;
            };
            let card = self.hands.take_at(me, index);
            self.plays += 1;
            let target = match play {
                Play::Kill(target) | Play::Duel(target) => Some(target),
                _ => None,
            };
            self.emit(Event::Play {
                pig: me,
                card,
                target,
            });
            match play {
                Play::Peach => {
                    self.hp[me] += 1;
                    let hp = self.hp[me];
                    self.emit(Event::Heal { pig: me, hp });
                }
                Play::Kill(target) => {
                    kill_played = true;
                    self.reveal(me);
                    self.kill(me, target);
                }
                Play::Duel(target) => {
                    self.reveal(me);
                    self.duel(me, target);
                }
                Play::Area(card) => self.area(me, card),
                Play::Crossbow => {
                    let replaced = mem::replace(&mut self.crossbow[me], true);
                    self.emit(Event::Equip { pig: me, replaced });
                }
            }
        }
    }

    /// The play phase scan: the leftmost card of the pig's hand that is
    /// playable right now, with what playing it means.
    fn choose_play(&mut self, me: Seat, kill_played: bool) -> Option<(usize, Play)> {
        let hands = &mut self.hands;
        let role = self.roles[me];
        let mut playable = bit(Card::Invasion) | bit(Card::Volley) | bit(Card::Crossbow);
        if self.hp[me] < MAX_HP {
            playable |= bit(Card::Peach);
        }
        let mut kill_target = None;
        if hands.has(me, Card::Kill) && (!kill_played || self.crossbow[me]) {
            kill_target = role.kill_target(&self.view, me);
            if kill_target.is_some() {
                playable |= bit(Card::Kill);
            }
        }
        let mut duel_target = None;
        if hands.has(me, Card::Duel) {
            duel_target = role.duel_target(&self.view, me);
            if duel_target.is_some() {
                playable |= bit(Card::Duel);
            }
        }
        let index = hands.leftmost_of(me, playable)?;
        let play = match hands.cards(me)[index] {
            Card::Peach => Play::Peach,
            Card::Kill => Play::Kill(kill_target?),
            Card::Duel => Play::Duel(duel_target?),
            Card::Crossbow => Play::Crossbow,
            card @ (Card::Invasion | Card::Volley) => Play::Area(card),
            Card::Dodge | Card::Nullify => return None,
        };
        Some((index, play))
    }

    /// Reveals a loyalist or rebel that is not yet revealed (the lord is
    /// known from the start), clearing the lord's suspicion of it.
    fn reveal(&mut self, pig: Seat) {
        let role = self.roles[pig];
        if role != Role::Lord && !self.view.is_revealed(pig) {
            self.view.reveal(pig, role);
            self.emit(Event::Reveal { pig, role });
        }
    }

    /// A kill: the target dodges with its leftmost dodge, or takes 1 damage.
    fn kill(&mut self, player: Seat, target: Seat) {
        if self.hands.take_leftmost(target, Card::Dodge) {
            self.emit(Event::Respond {
                pig: target,
                card: Card::Dodge,
            });
        } else {
            self.hurt(target, player);
        }
    }

    /// A duel: unless nullified, the target and the player discard kills in
    /// turn, the target first; the first that does not takes 1 damage from
    /// the other. A pig that does not fight its opponent discards nothing.
    fn duel(&mut self, player: Seat, target: Seat) {
        if self.nullified(player, target) {
            return;
        }
        let (mut side, mut other) = (target, player);
        // Each round of this loop discards a kill, so it ends.
        loop {
            let fights = self.roles[side].fights(&self.view, side, other);
            if fights && self.hands.take_leftmost(side, Card::Kill) {
                self.emit(Event::Respond {
                    pig: side,
                    card: Card::Kill,
                });
                mem::swap(&mut side, &mut other);
            } else {
                self.hurt(side, other);
                return;
            }
        }
    }

    /// An invasion (answered by a kill) or a volley (answered by a dodge):
    /// each other living pig in turn, from the one after the player, unless
    /// nullified for it, answers or takes 1 damage. Damage to the lord from
    /// an unrevealed player makes the lord suspect it.
    fn area(&mut self, player: Seat, card: Card) {
        let answer = if card == Card::Invasion {
            Card::Kill
        } else {
            Card::Dodge
        };
        let mut pig = player;
        for _ in 1..self.view.pigs() {
            pig = self.view.next_seat(pig);
            if !self.view.is_alive(pig) || self.nullified(player, pig) {
                continue;
            }
            if self.hands.take_leftmost(pig, answer) {
                self.emit(Event::Respond { pig, card: answer });
                continue;
            }
            self.hurt(pig, player);
            if self.winner.is_some() {
                return;
            }
            if pig == View::LORD
                && !self.view.is_revealed(player)
                && !self.view.is_suspected(player)
            {
                self.view.suspect(player);
                self.emit(Event::Suspect { pig: player });
            }
        }
    }

    /// Whether the trick `player` played is cancelled on `target`: the
    /// nullify chain on `target` (see [`Table::nullify_chain`]), skipped at
    /// once when nobody holds a nullify.
    #[inline]
    fn nullified(&mut self, player: Seat, target: Seat) -> bool {
        self.hands.holders(Card::Nullify) != 0 && self.nullify_chain(player, target)
    }

    /// The nullify chain on `target` for a trick `player` played: offers go
    /// round from the trick's player, then from each nullify's player; the
    /// first living pig that holds a nullify and wants to play it does.
    /// Odd nullifies protect the target, even ones attack it. Returns
    /// whether the trick is cancelled on the target (an odd chain).
    #[inline(never)]
    fn nullify_chain(&mut self, player: Seat, target: Seat) -> bool {
        let mut from = player;
        let mut depth: u32 = 0;
        // Each round of this loop spends a nullify, so it ends.
        while let Some(pig) = self.nullifier(from, target, depth + 1) {
            self.hands.take_leftmost(pig, Card::Nullify);
            depth += 1;
            self.emit(Event::Nullify { pig, target, depth });
            self.reveal(pig);
            from = pig;
        }
        depth % 2 == 1
    }

    /// The first living pig from `from` going forward (`from` included)
    /// that holds a nullify and wants to play it at this depth of the chain.
    fn nullifier(&self, from: Seat, target: Seat, depth: u32) -> Option<Seat> {
        let holders = self.hands.holders(Card::Nullify) & self.view.alive_mask();
        // The holders at `from` and after it, then those before it.
        let from_on = holders & (u16::MAX << from);
        for mut seats in [from_on, holders & !from_on] {
            while seats != 0 {
                let pig = seats.trailing_zeros() as Seat;
                seats &= seats - 1;
                let role = self.roles[pig];
                let wants = if depth % 2 == 1 {
                    role.protects(&self.view, pig, target)
                } else {
                    role.attacks(&self.view, pig, target)
                };
                if wants {
                    return Some(pig);
                }
            }
        }
        None
    }

    /// One damage to `victim` from `source`: at 0 HP it eats its leftmost
    /// peach or dies.
    fn hurt(&mut self, victim: Seat, source: Seat) {
        self.hp[victim] -= 1;
        let hp = self.hp[victim];
        self.emit(Event::Damage {
            pig: victim,
            source,
            hp,
        });
        if hp > 0 {
            return;
        }
        if self.hands.take_leftmost(victim, Card::Peach) {
            self.hp[victim] = 1;
            self.emit(Event::Rescue { pig: victim });
        } else {
            self.die(victim, source);
        }
    }

    /// A death: the hand and weapon are discarded; then the game may be
    /// won, or the killer of a rebel is rewarded, or a lord that killed a
    /// loyalist is penalised.
    fn die(&mut self, victim: Seat, source: Seat) {
        let discarded = self.hands.discard_all(victim);
        let weapon = mem::replace(&mut self.crossbow[victim], false);
        self.view.bury(victim);
        self.emit(Event::Death {
            pig: victim,
            source,
            discarded: saturate(discarded),
            weapon,
        });
        match self.roles[victim] {
            Role::Lord => self.game_over(Winner::Rebels),
            Role::Rebel => {
                self.rebels -= 1;
                if self.rebels == 0 {
                    self.game_over(Winner::Lord);
                } else {
                    self.emit(Event::Reward { pig: source });
                    for _ in 0..3 {
                        self.draw(source);
                    }
                }
            }
            Role::Loyalist => {
                if source == View::LORD {
                    let discarded = self.hands.discard_all(source);
                    let weapon = mem::replace(&mut self.crossbow[source], false);
                    self.emit(Event::Penalty {
                        pig: source,
                        discarded: saturate(discarded),
                        weapon,
                    });
                }
            }
        }
    }

    fn game_over(&mut self, winner: Winner) {
        self.winner = Some(winner);
        self.emit(Event::GameOver { winner });
    }
}

/// A card count for an event's `u32` field (hands never come near `u32::MAX`).
fn saturate(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}
