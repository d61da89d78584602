//! The canonical event trace: one stream of [`Event`]s that every engine
//! emits in exactly the same order for the same game, so that two engines
//! can be compared event by event and a divergence reported as the first
//! differing event.
//!
//! Tracing costs nothing when not asked for: engines are generic over a
//! [`Tracer`], and [`NoTrace`] compiles to nothing.
//!
//! # The order of events
//!
//! This is part of the contract. Every engine emits exactly these events,
//! in exactly this order:
//!
//! - A game with no rebel emits only `GameOver { winner: Lord }`.
//! - Each turn: `TurnStart`, then the two `Draw`s, then each play.
//! - Each play starts with `Play` (`target` is `Some` for a kill or a
//!   duel, `None` otherwise). If the play reveals its player (a kill or a
//!   duel by an unrevealed ZP or FP), `Reveal` follows at once. Then:
//!   - peach: `Heal`;
//!   - crossbow: `Equip`;
//!   - kill: the target's `Respond` (dodge), or the target's damage;
//!   - duel: the nullify chain on the target (below); if the duel is not
//!     cancelled, the `Respond`s (kills, target first, alternating) and
//!     the loser's damage (a ZP that does not fight the lord just takes
//!     the damage, with no `Respond`);
//!   - invasion, volley: for each other living pig in order, the nullify
//!     chain on it; if not cancelled, its `Respond` or its damage.
//! - A nullify chain is its `Nullify` events, depth 1, 2, ...; each is
//!   followed at once by the `Reveal` of its player when that pig was
//!   unrevealed. An odd final depth cancels the trick on that pig.
//! - Damage: `Damage` (with the HP after it). If the HP is 0 or below:
//!   `Rescue` (the pig eats a peach and is at 1 HP) or `Death`. After a
//!   `Death`: `GameOver` if the game is won; otherwise a rebel's death
//!   gives `Reward` to the source followed by its three `Draw`s, and a
//!   loyalist killed by the lord gives `Penalty`. Only after all that, if
//!   the game goes on, an invasion's or volley's damage to the lord by an
//!   unrevealed player gives `Suspect` (when the lord did not already
//!   suspect that pig).
//! - `GameOver` is the last event of a game that ends; a game that does
//!   not end has none.

use std::fmt;

use crate::card::{Card, Role, Winner};
use crate::game::Seat;

/// One step of a game, as every engine reports it. Seats are 0-based;
/// [`fmt::Display`] prints pigs 1-based, as the statement numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A pig's turn begins; `turn` counts turns from 1 over the whole game.
    TurnStart {
        /// Whose turn.
        pig: Seat,
        /// The turn's number, from 1.
        turn: u32,
    },
    /// A pig draws a card (in its draw phase or as a reward).
    Draw {
        /// Who draws.
        pig: Seat,
        /// The card drawn.
        card: Card,
        /// The deck held only this card, so it stays in place (the
        /// statement's last-card rule).
        last_card: bool,
    },
    /// A pig plays a card in its play phase.
    Play {
        /// Who plays.
        pig: Seat,
        /// The card played.
        card: Card,
        /// The kill's or duel's target.
        target: Option<Seat>,
    },
    /// A pig equips a crossbow it just played.
    Equip {
        /// Who equips.
        pig: Seat,
        /// It already held a crossbow, which is discarded.
        replaced: bool,
    },
    /// A pig eats a peach in its own turn.
    Heal {
        /// Who heals.
        pig: Seat,
        /// HP after healing.
        hp: i32,
    },
    /// A loyalist or rebel reveals its role by a kill, duel or nullify.
    /// A reveal clears the lord's suspicion of that pig.
    Reveal {
        /// Who reveals.
        pig: Seat,
        /// The role it reveals (never the lord).
        role: Role,
    },
    /// A pig discards a card to answer a kill (dodge), a duel (kill), an
    /// invasion (kill) or a volley (dodge).
    Respond {
        /// Who responds.
        pig: Seat,
        /// The card discarded.
        card: Card,
    },
    /// A pig plays a nullify in a chain about `target`.
    Nullify {
        /// Who plays the nullify.
        pig: Seat,
        /// The pig the trick is about to take effect on.
        target: Seat,
        /// 1 for the first nullify of the chain; odd depths protect the
        /// target, even depths attack it.
        depth: u32,
    },
    /// A pig takes 1 damage.
    Damage {
        /// Who is hurt.
        pig: Seat,
        /// The damage's source.
        source: Seat,
        /// HP after the damage (0 or below means dying).
        hp: i32,
    },
    /// A dying pig eats its leftmost peach and is back at 1 HP.
    Rescue {
        /// Who is rescued.
        pig: Seat,
    },
    /// The lord now suspects an unrevealed pig (类反猪).
    Suspect {
        /// The suspected pig.
        pig: Seat,
    },
    /// A pig dies; its hand and weapon are discarded.
    Death {
        /// Who dies.
        pig: Seat,
        /// The last damage's source.
        source: Seat,
        /// How many cards its hand held.
        discarded: u32,
        /// It held a crossbow.
        weapon: bool,
    },
    /// A rebel died and its killer draws three cards (three `Draw`s follow).
    Reward {
        /// Who draws the reward.
        pig: Seat,
    },
    /// The lord killed a loyalist and discards its hand and weapon.
    Penalty {
        /// The lord.
        pig: Seat,
        /// How many cards its hand held.
        discarded: u32,
        /// It held a crossbow.
        weapon: bool,
    },
    /// The game is won; nothing happens after this.
    GameOver {
        /// Who won.
        winner: Winner,
    },
}

impl Event {
    /// A stable snake-case name for the event's kind (`turn_start`, `draw`, ...).
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::TurnStart { .. } => "turn_start",
            Event::Draw { .. } => "draw",
            Event::Play { .. } => "play",
            Event::Equip { .. } => "equip",
            Event::Heal { .. } => "heal",
            Event::Reveal { .. } => "reveal",
            Event::Respond { .. } => "respond",
            Event::Nullify { .. } => "nullify",
            Event::Damage { .. } => "damage",
            Event::Rescue { .. } => "rescue",
            Event::Suspect { .. } => "suspect",
            Event::Death { .. } => "death",
            Event::Reward { .. } => "reward",
            Event::Penalty { .. } => "penalty",
            Event::GameOver { .. } => "game_over",
        }
    }

    /// The pig the event is about (`None` for `GameOver`).
    pub const fn pig(&self) -> Option<Seat> {
        match *self {
            Event::TurnStart { pig, .. }
            | Event::Draw { pig, .. }
            | Event::Play { pig, .. }
            | Event::Equip { pig, .. }
            | Event::Heal { pig, .. }
            | Event::Reveal { pig, .. }
            | Event::Respond { pig, .. }
            | Event::Nullify { pig, .. }
            | Event::Damage { pig, .. }
            | Event::Rescue { pig }
            | Event::Suspect { pig }
            | Event::Death { pig, .. }
            | Event::Reward { pig }
            | Event::Penalty { pig, .. } => Some(pig),
            Event::GameOver { .. } => None,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::TurnStart { pig, turn } => write!(f, "turn {turn}: pig {}", pig + 1),
            Event::Draw {
                pig,
                card,
                last_card,
            } => {
                write!(f, "pig {} draws {card}", pig + 1)?;
                if last_card {
                    f.write_str(" (the deck's last card, left in place)")?;
                }
                Ok(())
            }
            Event::Play { pig, card, target } => {
                write!(f, "pig {} plays {card} ({})", pig + 1, card.name())?;
                if let Some(t) = target {
                    write!(f, " at pig {}", t + 1)?;
                }
                Ok(())
            }
            Event::Equip { pig, replaced } => {
                write!(f, "pig {} equips a crossbow", pig + 1)?;
                if replaced {
                    f.write_str(", discarding the old one")?;
                }
                Ok(())
            }
            Event::Heal { pig, hp } => write!(f, "pig {} heals to {hp} HP", pig + 1),
            Event::Reveal { pig, role } => write!(f, "pig {} reveals as {role}", pig + 1),
            Event::Respond { pig, card } => {
                write!(f, "pig {} discards {card} ({})", pig + 1, card.name())
            }
            Event::Nullify { pig, target, depth } => {
                let why = if depth % 2 == 1 { "protect" } else { "attack" };
                write!(
                    f,
                    "pig {} nullifies (depth {depth}) to {why} pig {}",
                    pig + 1,
                    target + 1
                )
            }
            Event::Damage { pig, source, hp } => write!(
                f,
                "pig {} takes 1 damage from pig {}, HP {hp}",
                pig + 1,
                source + 1
            ),
            Event::Rescue { pig } => write!(f, "pig {} eats a peach to survive, HP 1", pig + 1),
            Event::Suspect { pig } => write!(f, "MP now suspects pig {}", pig + 1),
            Event::Death {
                pig,
                source,
                discarded,
                weapon,
            } => {
                write!(
                    f,
                    "pig {} dies (killed by pig {}), discarding {discarded} cards",
                    pig + 1,
                    source + 1
                )?;
                if weapon {
                    f.write_str(" and a crossbow")?;
                }
                Ok(())
            }
            Event::Reward { pig } => write!(f, "pig {} draws 3 cards as a reward", pig + 1),
            Event::Penalty {
                pig,
                discarded,
                weapon,
            } => {
                write!(
                    f,
                    "pig {} is penalised: discards {discarded} cards",
                    pig + 1
                )?;
                if weapon {
                    f.write_str(" and its crossbow")?;
                }
                Ok(())
            }
            Event::GameOver { winner } => write!(f, "game over: {winner} wins"),
        }
    }
}

/// Where an engine sends its events.
///
/// Engines call [`Tracer::emit`] for every event; they may test
/// [`Tracer::ENABLED`] to skip building an event's data when nobody listens.
pub trait Tracer {
    /// Whether events are wanted at all.
    const ENABLED: bool = true;
    /// Receives one event.
    fn emit(&mut self, event: Event);
}

/// The tracer that drops every event and compiles to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn emit(&mut self, _event: Event) {}
}

impl Tracer for Vec<Event> {
    fn emit(&mut self, event: Event) {
        self.push(event);
    }
}

impl<T: Tracer> Tracer for &mut T {
    const ENABLED: bool = T::ENABLED;
    fn emit(&mut self, event: Event) {
        (**self).emit(event);
    }
}

/// A tracer that hands every event to a closure.
pub struct TraceFn<F>(pub F);

impl<F: FnMut(Event)> Tracer for TraceFn<F> {
    fn emit(&mut self, event: Event) {
        (self.0)(event);
    }
}
