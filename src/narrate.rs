//! A narration of a game from its event trace, for people: turn by turn,
//! who played what on whom, who responded, who nullified for whom, who
//! revealed, who was suspected, who died and why, and how it ended.

use std::fmt::Write;

use pigkill_engine::{Card, Event, Game, Role, Seat};

fn who(game: &Game, pig: Seat) -> String {
    match game.pigs().get(pig) {
        Some(p) => format!("pig {} ({})", pig + 1, p.role),
        None => format!("pig {}", pig + 1),
    }
}

fn what(card: Card) -> String {
    format!("{} ({card})", card.name())
}

/// Narrates a trace of `game`, one line per step, indented under its turn
/// and play.
pub fn narrate(game: &Game, events: &[Event]) -> String {
    let mut out = String::new();
    let mut drawn: Vec<Card> = Vec::new();
    let mut drawer: Option<Seat> = None;
    let mut reward_draws = 0;
    let flush_draws = |out: &mut String, drawn: &mut Vec<Card>, drawer: &mut Option<Seat>| {
        if let Some(pig) = drawer.take() {
            let cards: Vec<String> = drawn.iter().map(|c| c.letter().to_string()).collect();
            let _ = writeln!(out, "  {} draws {}", who(game, pig), cards.join(" "));
            drawn.clear();
        }
    };
    for event in events {
        if !matches!(event, Event::Draw { .. }) || reward_draws > 0 {
            flush_draws(&mut out, &mut drawn, &mut drawer);
        }
        match *event {
            Event::TurnStart { pig, turn } => {
                let _ = writeln!(out, "turn {turn}: {}", who(game, pig));
            }
            Event::Draw {
                pig,
                card,
                last_card,
            } => {
                let note = if last_card {
                    " (the deck's last card, which stays)"
                } else {
                    ""
                };
                if reward_draws > 0 {
                    reward_draws -= 1;
                    let _ = writeln!(out, "      draws {}{note}", what(card));
                } else if last_card {
                    let _ = writeln!(out, "  {} draws {}{note}", who(game, pig), what(card));
                } else {
                    drawer = Some(pig);
                    drawn.push(card);
                }
            }
            Event::Play { pig, card, target } => {
                let at = target
                    .map(|t| format!(" at {}", who(game, t)))
                    .unwrap_or_default();
                let _ = writeln!(out, "  {} plays {}{at}", who(game, pig), what(card));
            }
            Event::Equip { replaced, .. } => {
                let how = if replaced {
                    ", replacing the old one"
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "    equips the crossbow{how}: kills are no longer limited"
                );
            }
            Event::Heal { hp, .. } => {
                let _ = writeln!(out, "    heals to {hp} HP");
            }
            Event::Reveal { pig, role } => {
                let side = if role == Role::Loyalist {
                    "a loyalist"
                } else {
                    "a rebel"
                };
                let _ = writeln!(out, "    {} reveals itself as {side}", who(game, pig));
            }
            Event::Respond { pig, card } => {
                let _ = writeln!(out, "    {} discards {}", who(game, pig), what(card));
            }
            Event::Nullify { pig, target, depth } => {
                let why = if depth % 2 == 1 {
                    format!("to protect {}", who(game, target))
                } else {
                    format!(
                        "against {}, cancelling the nullify before",
                        who(game, target)
                    )
                };
                let _ = writeln!(out, "    {} plays nullify #{depth} {why}", who(game, pig));
            }
            Event::Damage { pig, source, hp } => {
                let _ = writeln!(
                    out,
                    "    {} takes 1 damage from {}: {hp} HP",
                    who(game, pig),
                    who(game, source)
                );
            }
            Event::Rescue { pig } => {
                let _ = writeln!(
                    out,
                    "    {} is dying and eats a peach: 1 HP",
                    who(game, pig)
                );
            }
            Event::Suspect { pig } => {
                let _ = writeln!(
                    out,
                    "    MP now suspects {} (it hurt MP without having revealed)",
                    who(game, pig)
                );
            }
            Event::Death {
                pig,
                source,
                discarded,
                weapon,
            } => {
                let gear = if weapon { " and its crossbow" } else { "" };
                let _ = writeln!(
                    out,
                    "    {} dies, killed by {}, discarding {discarded} cards{gear}",
                    who(game, pig),
                    who(game, source)
                );
            }
            Event::Reward { pig } => {
                reward_draws = 3;
                let _ = writeln!(
                    out,
                    "    {} draws 3 cards as the reward for a rebel's death:",
                    who(game, pig)
                );
            }
            Event::Penalty {
                pig,
                discarded,
                weapon,
            } => {
                let gear = if weapon { " and its crossbow" } else { "" };
                let _ = writeln!(
                    out,
                    "    {} killed a loyalist: it discards its {discarded} cards{gear}",
                    who(game, pig)
                );
            }
            Event::GameOver { winner } => {
                let why = match winner {
                    pigkill_engine::Winner::Lord => "MP wins: every rebel is dead",
                    pigkill_engine::Winner::Rebels => "FP win: MP is dead",
                };
                let _ = writeln!(out, "game over: {why}");
            }
        }
    }
    flush_draws(&mut out, &mut drawn, &mut drawer);
    out
}
