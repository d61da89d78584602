//! A narration of a game from its event trace, for people: turn by turn,
//! who played what on whom, who responded, who nullified for whom, who
//! revealed, who was suspected, who died and why, and how it ended.

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
    narrate_lines(game, events)
        .into_iter()
        .fold(String::new(), |mut out, line| {
            out.push_str(&line.text);
            out.push('\n');
            out
        })
}

/// One line of a narration and the trace event it tells (the first of
/// them, for a line that groups a turn's ordinary draws).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrationLine {
    /// The index in the trace of the (first) event this line tells.
    pub event: usize,
    /// The line, without its newline.
    pub text: String,
}

/// The narration of a trace as lines tied to the events they tell, in
/// trace order: a turn's ordinary draws share one line, every other event
/// has its own (an equip, a heal or a reveal is told under its play).
pub fn narrate_lines(game: &Game, events: &[Event]) -> Vec<NarrationLine> {
    let mut out = Vec::new();
    // The turn's ordinary draws not yet told: who draws, the index of the
    // first one, the cards.
    let mut pending: Option<(Seat, usize, Vec<Card>)> = None;
    let mut reward_draws = false;
    let flush = |out: &mut Vec<NarrationLine>, pending: &mut Option<(Seat, usize, Vec<Card>)>| {
        if let Some((pig, event, cards)) = pending.take() {
            let cards: Vec<String> = cards.iter().map(|c| c.letter().to_string()).collect();
            out.push(NarrationLine {
                event,
                text: format!("  {} draws {}", who(game, pig), cards.join(" ")),
            });
        }
    };
    for (index, event) in events.iter().enumerate() {
        // Only a turn's ordinary draws wait to be told together; anything
        // else tells the waiting draws first, so lines keep trace order.
        let ordinary_draw = matches!(
            event,
            Event::Draw {
                last_card: false,
                ..
            }
        ) && !reward_draws;
        if !ordinary_draw {
            flush(&mut out, &mut pending);
        }
        if !matches!(event, Event::Draw { .. }) {
            reward_draws = false;
        }
        let mut say = |text: String| out.push(NarrationLine { event: index, text });
        match *event {
            Event::TurnStart { pig, turn } => {
                say(format!("turn {turn}: {}", who(game, pig)));
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
                if reward_draws {
                    say(format!("      draws {}{note}", what(card)));
                } else if last_card {
                    say(format!("  {} draws {}{note}", who(game, pig), what(card)));
                } else {
                    match &mut pending {
                        Some((_, _, cards)) => cards.push(card),
                        None => pending = Some((pig, index, vec![card])),
                    }
                }
            }
            Event::Play { pig, card, target } => {
                let at = target
                    .map(|t| format!(" at {}", who(game, t)))
                    .unwrap_or_default();
                say(format!("  {} plays {}{at}", who(game, pig), what(card)));
            }
            Event::Equip { replaced, .. } => {
                let how = if replaced {
                    ", replacing the old one"
                } else {
                    ""
                };
                say(format!(
                    "    equips the crossbow{how}: kills are no longer limited"
                ));
            }
            Event::Heal { hp, .. } => {
                say(format!("    heals to {hp} HP"));
            }
            Event::Reveal { pig, role } => {
                let side = if role == Role::Loyalist {
                    "a loyalist"
                } else {
                    "a rebel"
                };
                say(format!("    {} reveals itself as {side}", who(game, pig)));
            }
            Event::Respond { pig, card } => {
                say(format!("    {} discards {}", who(game, pig), what(card)));
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
                say(format!(
                    "    {} plays nullify #{depth} {why}",
                    who(game, pig)
                ));
            }
            Event::Damage { pig, source, hp } => {
                say(format!(
                    "    {} takes 1 damage from {}: {hp} HP",
                    who(game, pig),
                    who(game, source)
                ));
            }
            Event::Rescue { pig } => {
                say(format!(
                    "    {} is dying and eats a peach: 1 HP",
                    who(game, pig)
                ));
            }
            Event::Suspect { pig } => {
                say(format!(
                    "    MP now suspects {} (it hurt MP without having revealed)",
                    who(game, pig)
                ));
            }
            Event::Death {
                pig,
                source,
                discarded,
                weapon,
            } => {
                let gear = if weapon { " and its crossbow" } else { "" };
                say(format!(
                    "    {} dies, killed by {}, discarding {discarded} cards{gear}",
                    who(game, pig),
                    who(game, source)
                ));
            }
            Event::Reward { pig } => {
                reward_draws = true;
                say(format!(
                    "    {} draws 3 cards as the reward for a rebel's death:",
                    who(game, pig)
                ));
            }
            Event::Penalty {
                pig,
                discarded,
                weapon,
            } => {
                let gear = if weapon { " and its crossbow" } else { "" };
                say(format!(
                    "    {} killed a loyalist: it discards its {discarded} cards{gear}",
                    who(game, pig)
                ));
            }
            Event::GameOver { winner } => {
                let why = match winner {
                    pigkill_engine::Winner::Lord => "MP wins: every rebel is dead",
                    pigkill_engine::Winner::Rebels => "FP win: MP is dead",
                };
                say(format!("game over: {why}"));
            }
        }
    }
    flush(&mut out, &mut pending);
    out
}
