//! One fold of the event trace: the table's state as the canonical events
//! (see `pigkill_engine::event`) tell it, event after event.
//!
//! [`TableState`] starts from the game (4 HP each, the input hands, no
//! weapon, nobody revealed or suspected, the deck untouched) and
//! [`TableState::apply`] moves it by one event. Everything a view of the
//! game needs is here and nowhere else: rule-event coverage
//! ([`crate::coverage`]) reads it, and the HTML replay ([`crate::html`])
//! shows one snapshot per event ([`snapshots`]).
//!
//! The hands are exact: every card that leaves a hand in a play, a
//! response, a nullify or a rescue is the leftmost card of its kind (the
//! play phase scan reaches a kind's leftmost card first), draws go to the
//! right, and a death or a penalty empties the hand. The fold knows no
//! rule beyond what each event says, but one: a dead pig holds nothing and
//! takes no part, so an event that names it after its death changes it in
//! no way (see [`TableState::apply`]). A trace that contradicts the table
//! (a seat that is not at the table, a card the hand does not hold) is
//! read on as well as it can, never with a panic.

pub use pigkill_engine::PigState;
use pigkill_engine::{Card, Event, Game, Seat, Winner, MAX_HP};

/// The table after some event: every pig, the deck, whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableState {
    /// The pigs in seat order.
    pub pigs: Vec<PigState>,
    /// How many cards left the deck (a draw of the deck's last card leaves
    /// it in place and does not count).
    pub drawn: usize,
    /// How many cards the deck held at the start.
    pub deck_size: usize,
    /// The current turn: its number (from 1) and whose it is; `None` before
    /// the first turn.
    pub turn: Option<(u32, Seat)>,
    /// The winner, once `GameOver` was read.
    pub winner: Option<Winner>,
}

impl TableState {
    /// The table as `game` starts.
    pub fn new(game: &Game) -> TableState {
        TableState {
            pigs: game
                .pigs()
                .iter()
                .map(|p| PigState {
                    role: p.role,
                    alive: true,
                    hp: MAX_HP,
                    hand: p.hand.to_vec(),
                    crossbow: false,
                    revealed: false,
                    suspected: false,
                })
                .collect(),
            drawn: 0,
            deck_size: game.deck().len(),
            turn: None,
            winner: None,
        }
    }

    /// The cards still in the deck (at least 1: the last card stays).
    pub fn deck_left(&self) -> usize {
        self.deck_size.saturating_sub(self.drawn)
    }

    /// Whether every seat the event names is at the table.
    pub fn seats_valid(&self, event: &Event) -> bool {
        let n = self.pigs.len();
        let other = match *event {
            Event::Play { target, .. } => target,
            Event::Nullify { target, .. } => Some(target),
            Event::Damage { source, .. } | Event::Death { source, .. } => Some(source),
            _ => None,
        };
        event.pig().is_none_or(|p| p < n) && other.is_none_or(|p| p < n)
    }

    /// Removes the leftmost `card` from a pig's hand (nothing when it has none).
    fn take(&mut self, pig: Seat, card: Card) {
        let hand = &mut self.pigs[pig].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
    }

    /// Moves the table by one event. An event naming a seat that is not at
    /// the table changes nothing. A dead pig's hand and weapon are
    /// discarded and it takes no part in the game (rules.md, "Damage,
    /// dying, death"; turns skip it): an event that still names it as its
    /// subject (a trace that breaks the rules, such as a program's deviated
    /// run) leaves it as its death did, dead with no hand, no weapon and
    /// its last HP. Only what such an event does to the rest of the table
    /// is read: a draw still takes its card from the deck, a turn start
    /// still starts the turn.
    pub fn apply(&mut self, event: Event) {
        if !self.seats_valid(&event) {
            return;
        }
        if event.pig().is_some_and(|pig| !self.pigs[pig].alive) {
            match event {
                Event::TurnStart { pig, turn } => self.turn = Some((turn, pig)),
                Event::Draw {
                    last_card: false, ..
                } => self.drawn += 1,
                Event::GameOver { winner } => self.winner = Some(winner),
                _ => {}
            }
            return;
        }
        match event {
            Event::TurnStart { pig, turn } => self.turn = Some((turn, pig)),
            Event::Draw {
                pig,
                card,
                last_card,
            } => {
                self.pigs[pig].hand.push(card);
                if !last_card {
                    self.drawn += 1;
                }
            }
            // The crossbow leaves the hand here; `Equip` arms it.
            Event::Play { pig, card, .. } => self.take(pig, card),
            Event::Equip { pig, .. } => self.pigs[pig].crossbow = true,
            Event::Heal { pig, hp } | Event::Damage { pig, hp, .. } => self.pigs[pig].hp = hp,
            Event::Reveal { pig, .. } => {
                self.pigs[pig].revealed = true;
                self.pigs[pig].suspected = false;
            }
            Event::Respond { pig, card } => self.take(pig, card),
            Event::Nullify { pig, .. } => self.take(pig, Card::Nullify),
            Event::Rescue { pig } => {
                self.take(pig, Card::Peach);
                self.pigs[pig].hp = 1;
            }
            Event::Suspect { pig } => self.pigs[pig].suspected = true,
            Event::Death { pig, .. } => {
                let p = &mut self.pigs[pig];
                p.alive = false;
                p.hand.clear();
                p.crossbow = false;
            }
            Event::Reward { .. } => {}
            Event::Penalty { pig, .. } => {
                let p = &mut self.pigs[pig];
                p.hand.clear();
                p.crossbow = false;
            }
            Event::GameOver { winner } => self.winner = Some(winner),
        }
    }
}

/// The table as `events` leave it, from the start of `game`.
pub fn fold(game: &Game, events: &[Event]) -> TableState {
    let mut state = TableState::new(game);
    for &event in events {
        state.apply(event);
    }
    state
}

/// The table after each event: element `i` is the state after `events[i]`.
pub fn snapshots(game: &Game, events: &[Event]) -> Vec<TableState> {
    let mut state = TableState::new(game);
    events
        .iter()
        .map(|&event| {
            state.apply(event);
            state.clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pigkill_engine::{parse_game, Role};

    #[test]
    fn a_hand_written_trace_moves_the_table() {
        let game = parse_game("2 2\nMP K K D D\nFP P J Z K\nZ D\n").unwrap();
        let mut state = TableState::new(&game);
        assert_eq!(state.deck_left(), 2);
        for event in [
            Event::TurnStart { pig: 1, turn: 2 },
            Event::Draw {
                pig: 1,
                card: Card::Crossbow,
                last_card: false,
            },
            Event::Draw {
                pig: 1,
                card: Card::Dodge,
                last_card: true,
            },
            Event::Play {
                pig: 1,
                card: Card::Crossbow,
                target: None,
            },
            Event::Equip {
                pig: 1,
                replaced: false,
            },
            Event::Play {
                pig: 1,
                card: Card::Kill,
                target: Some(0),
            },
            Event::Reveal {
                pig: 1,
                role: Role::Rebel,
            },
            Event::Respond {
                pig: 0,
                card: Card::Dodge,
            },
        ] {
            state.apply(event);
        }
        assert_eq!(state.turn, Some((2, 1)));
        assert_eq!(state.deck_left(), 1, "the last card stays");
        let rebel = &state.pigs[1];
        // The first of its two crossbows went to the weapon slot.
        assert_eq!(
            rebel.hand,
            [Card::Peach, Card::Nullify, Card::Crossbow, Card::Dodge]
        );
        assert!(rebel.crossbow && rebel.revealed);
        assert_eq!(rebel.public_role(), Some(Role::Rebel));
        assert_eq!(state.pigs[0].hand, [Card::Kill, Card::Kill, Card::Dodge]);
        state.apply(Event::Damage {
            pig: 1,
            source: 0,
            hp: 0,
        });
        state.apply(Event::Rescue { pig: 1 });
        assert_eq!(state.pigs[1].hp, 1);
        assert_eq!(state.pigs[1].hand[0], Card::Nullify, "the peach is eaten");
        state.apply(Event::Death {
            pig: 1,
            source: 0,
            discarded: 3,
            weapon: true,
        });
        assert!(!state.pigs[1].alive && state.pigs[1].hand.is_empty() && !state.pigs[1].crossbow);
    }

    #[test]
    fn a_dead_pig_draws_nothing_and_holds_no_weapon() {
        let game = parse_game("3 3\nMP K K D D\nFP Z D D D\nZP P P P P\nZ K D\n").unwrap();
        let mut state = TableState::new(&game);
        state.apply(Event::Death {
            pig: 1,
            source: 0,
            discarded: 4,
            weapon: false,
        });
        let dead = state.pigs[1].clone();
        assert!(!dead.alive && dead.hand.is_empty());
        // A trace that breaks the rules: the dead rebel is dealt cards and
        // equips, eats, is hurt. Its hand and weapon are discarded at its
        // death, so it holds none of it; the cards it is dealt still leave
        // the deck.
        for event in [
            Event::Reward { pig: 1 },
            Event::Draw {
                pig: 1,
                card: Card::Crossbow,
                last_card: false,
            },
            Event::Equip {
                pig: 1,
                replaced: false,
            },
            Event::Draw {
                pig: 1,
                card: Card::Kill,
                last_card: false,
            },
            Event::Rescue { pig: 1 },
            Event::Damage {
                pig: 1,
                source: 2,
                hp: -1,
            },
        ] {
            state.apply(event);
        }
        assert_eq!(state.pigs[1], dead);
        assert_eq!(state.deck_left(), 1, "two cards left the deck");
        // The living still draw what is left.
        state.apply(Event::Draw {
            pig: 2,
            card: Card::Dodge,
            last_card: true,
        });
        assert_eq!(state.pigs[2].hand.last(), Some(&Card::Dodge));
    }

    #[test]
    fn suspicion_lasts_until_a_reveal() {
        let game = parse_game("3 1\nMP K K D D\nZP N D D D\nFP K D D D\nK\n").unwrap();
        let mut state = TableState::new(&game);
        state.apply(Event::Suspect { pig: 1 });
        assert!(state.pigs[1].suspected);
        assert_eq!(state.pigs[1].public_role(), None);
        state.apply(Event::Reveal {
            pig: 1,
            role: Role::Loyalist,
        });
        assert!(!state.pigs[1].suspected && state.pigs[1].revealed);
    }

    #[test]
    fn events_naming_absent_seats_change_nothing() {
        let game = parse_game("2 1\nMP K K K K\nFP D D D D\nK\n").unwrap();
        let start = TableState::new(&game);
        let after = fold(
            &game,
            &[
                Event::Death {
                    pig: 7,
                    source: 0,
                    discarded: 0,
                    weapon: false,
                },
                Event::Damage {
                    pig: 1,
                    source: 9,
                    hp: 2,
                },
            ],
        );
        assert_eq!(after, start);
    }
}
