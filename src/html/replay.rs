//! The replay: the table (each pig's seat, role, reveal, suspicion, HP,
//! weapon and hand as cards) and the timeline of turns and events, with
//! the per-event snapshots of [`crate::fold`] as data for the script.
//!
//! Without the script the table shows the end of the game and the
//! timeline is a plain turn list. The script (`replay.js`) selects an
//! event and sets the table to the snapshot after it: it toggles the
//! seats' classes, the hearts, and rebuilds the hands from the card
//! templates here; it knows no rule of the game.

use std::fmt::Write;

use maud::{html, Markup, PreEscaped};
use pigkill_engine::{Card, Event, Game, Role, Seat, Winner, MAX_HP};

use crate::fold::{snapshots, PigState, TableState};

/// A card's Chinese name, as the statement calls it.
pub(super) const fn chinese(card: Card) -> &'static str {
    match card {
        Card::Peach => "桃",
        Card::Kill => "杀",
        Card::Dodge => "闪",
        Card::Duel => "决斗",
        Card::Invasion => "南猪入侵",
        Card::Volley => "万箭齐发",
        Card::Nullify => "无懈可击",
        Card::Crossbow => "猪哥连弩",
    }
}

/// A role's Chinese name.
const fn role_chinese(role: Role) -> &'static str {
    match role {
        Role::Lord => "主猪",
        Role::Loyalist => "忠猪",
        Role::Rebel => "反猪",
    }
}

/// A card face: the letter, the Chinese and the English name.
fn card_face(card: Card) -> Markup {
    let letter = card.letter();
    html! {
        span class={"card k-" (letter)} title={(letter) " " (chinese(card)) " " (card.name())} {
            b { (letter) } i { (chinese(card)) } small { (card.name()) }
        }
    }
}

/// A small inline card chip for the timeline (short markup: a long game
/// has thousands).
fn chip(card: Card) -> Markup {
    html! { b class=(card.letter()) { (card.letter()) } }
}

/// A pig's name in the timeline, coloured by its role.
fn pig(game: &Game, seat: Seat) -> Markup {
    let role = game.pigs().get(seat).map_or("", |p| p.role.code());
    html! { i class=(role) { "pig " (seat + 1) } }
}

/// The seat's classes for a pig's state (the script sets the same).
fn seat_classes(state: &PigState) -> String {
    let mut classes = format!("seat r-{}", state.role.code());
    for (on, name) in [
        (!state.alive, " dead"),
        (state.public_role().is_some(), " public"),
        (state.crossbow, " armed"),
        (state.suspected, " suspected"),
    ] {
        if on {
            classes.push_str(name);
        }
    }
    classes
}

/// "1 card", "2 cards".
fn cards(count: usize) -> String {
    if count == 1 {
        "1 card".to_string()
    } else {
        format!("{count} cards")
    }
}

/// One seat at the table.
fn seat(seat: Seat, state: &PigState) -> Markup {
    html! {
        div class=(seat_classes(state)) id={"seat-" (seat)} {
            div.head {
                span.num { "pig " (seat + 1) }
                span.role title=(state.role.name()) {
                    (state.role.code()) " " span.zh { (role_chinese(state.role)) }
                }
                span.tag.t-secret title="the other pigs do not know its role" { "secret" }
                span.tag.t-revealed { "revealed" }
                span.tag.t-suspected title="the lord takes it for a rebel (类反猪)" { "suspected by MP" }
                span.tag.t-dead { "DEAD" }
            }
            div.status {
                span.hp title="HP" {
                    @for i in 0..MAX_HP {
                        span class=@if i < state.hp { "heart" } @else { "heart lost" } { "♥" }
                    }
                    span.hpnum { (state.hp) "/" (MAX_HP) }
                }
                span.weapon {
                    span.armed-only.wpn title="a crossbow is equipped: kills are not limited" {
                        (chip(Card::Crossbow)) " " (chinese(Card::Crossbow)) " crossbow"
                    }
                    span.unarmed-only { "no weapon" }
                }
                span.count { (cards(state.hand.len())) }
            }
            div.hand {
                @for &card in &state.hand { (card_face(card)) }
            }
        }
    }
}

/// What the colours and marks mean.
fn legend() -> Markup {
    html! {
        div.legend {
            span { span.role.l-MP { "MP" } " lord 主猪" }
            span { span.role.l-ZP { "ZP" } " loyalist 忠猪" }
            span { span.role.l-FP { "FP" } " rebel 反猪" }
            span { span.role.l-secret { "ZP" } " dashed: a role the table does not know yet" }
            span { span.tag.t-show { "suspected by MP" } " the lord takes it for a rebel" }
            span { "cards: " @for card in Card::ALL { (chip(card)) " " } }
        }
    }
}

/// The class and text of one event in the timeline. Classes are one or
/// two letters, as a long game lists thousands of events: `t` a turn's
/// start (and the deal), `d` a draw, `p` a play, `e` an effect of the play,
/// `x` a death, `np` and `na` a nullify that protects or attacks, `g` the
/// game's end. A draw does not repeat its pig: it is the turn's, or the
/// reward's just above.
fn event_line(game: &Game, event: &Event) -> (&'static str, Markup) {
    let class = match *event {
        Event::TurnStart { .. } => "t",
        Event::Draw { .. } => "d",
        Event::Play { .. } => "p",
        Event::Nullify { depth, .. } if depth % 2 == 1 => "np",
        Event::Nullify { .. } => "na",
        Event::Death { .. } => "x",
        Event::GameOver { .. } => "g",
        _ => "e",
    };
    let p = |s| pig(game, s);
    let text = match *event {
        Event::TurnStart { pig, turn } => html! { "turn " (turn) ": " (p(pig)) },
        Event::Draw {
            card, last_card, ..
        } => html! {
            "draws " (chip(card))
            @if last_card { " (the deck's last card, which stays)" }
        },
        Event::Play { pig, card, target } => html! {
            (p(pig)) " plays " (chip(card)) " " (card.name())
            @if let Some(t) = target { " at " (p(t)) }
        },
        Event::Equip { pig, replaced } => html! {
            (p(pig)) " equips the crossbow"
            @if replaced { ", discarding the old one" }
        },
        Event::Heal { pig, hp } => html! { (p(pig)) " heals: " (hp) " HP" },
        Event::Reveal { pig, role } => html! {
            (p(pig)) " reveals: " i class=(role.code()) { (role.code()) }
        },
        Event::Respond { pig, card } => html! { (p(pig)) " answers with " (chip(card)) },
        Event::Nullify { pig, target, depth } => html! {
            (p(pig)) " nullify #" (depth) " (" (chip(Card::Nullify)) ") "
            @if depth % 2 == 1 { "protects " } @else { "attacks " } (p(target))
        },
        Event::Damage { pig, source, hp } => html! {
            (p(pig)) " takes 1 damage from " (p(source)) ": " (hp) " HP"
        },
        Event::Rescue { pig } => {
            html! { (p(pig)) " is dying and eats " (chip(Card::Peach)) ": 1 HP" }
        }
        Event::Suspect { pig } => html! { "MP now suspects " (p(pig)) },
        Event::Death {
            pig,
            source,
            discarded,
            weapon,
        } => html! {
            (p(pig)) " dies, killed by " (p(source)) "; discards " (discarded) " cards"
            @if weapon { " and the crossbow" }
        },
        Event::Reward { pig } => html! { (p(pig)) " draws 3 cards: the reward for a rebel" },
        Event::Penalty {
            pig,
            discarded,
            weapon,
        } => html! {
            (p(pig)) " killed a loyalist: the penalty discards its " (discarded) " cards"
            @if weapon { " and the crossbow" }
        },
        Event::GameOver { winner } => match winner {
            Winner::Lord => html! { "game over: MP wins" },
            Winner::Rebels => html! { "game over: FP win" },
        },
    };
    (class, text)
}

/// An event of the replay marked with a note: where a program went
/// another way than the rules. The page opens at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The event (1-based, as the `#event-N` anchors count).
    pub event: usize,
    /// The note shown under it.
    pub note: String,
}

/// Every event as one list item `#event-N` (1-based; `#event-0` is the
/// deal), each turn's start standing out as a heading; the marked event
/// carries its note, and the list says where the page opens.
fn timeline(game: &Game, events: &[Event], mark: Option<&Mark>) -> Markup {
    let start = mark.map_or(0, |m| m.event.min(events.len()));
    html! {
        ol.events #events data-start=(start) {
            li.t #event-0 { "the deal: every pig has " (MAX_HP) " HP and its 4 cards" }
            @for (i, event) in events.iter().enumerate() {
                @let (class, text) = event_line(game, event);
                @let marked = mark.filter(|m| m.event == i + 1);
                @let class = if marked.is_some() { format!("{class} deviates") } else { class.to_string() };
                li class=(class) id={"event-" (i + 1)} {
                    (text)
                    @if let Some(m) = marked { span.devnote { " ⚑ " (m.note) } }
                }
            }
        }
    }
}

/// A pig's flags for the script: bit 0 alive, 1 crossbow, 2 public role,
/// 3 suspected.
fn flags(pig: &PigState) -> u8 {
    u8::from(pig.alive)
        | u8::from(pig.crossbow) << 1
        | u8::from(pig.public_role().is_some()) << 2
        | u8::from(pig.suspected) << 3
}

fn letters(cards: &[Card]) -> String {
    cards.iter().map(|c| c.letter()).collect()
}

/// The snapshots as data for the script: the starting table, then for
/// each event the turn, whose turn it is, the deck, the event's pig and
/// each pig that changed (its flags, HP and the splice that turns its old
/// hand into its new one). Only digits, card letters and punctuation.
fn data(game: &Game, events: &[Event]) -> String {
    let start = TableState::new(game);
    let after = snapshots(game, events);
    let mut out = String::from("{\"init\":[");
    for (i, p) in start.pigs.iter().enumerate() {
        let sep = if i > 0 { "," } else { "" };
        let _ = write!(out, "{sep}[{},{},\"{}\"]", flags(p), p.hp, letters(&p.hand));
    }
    let _ = write!(out, "],\"deck\":{},\"ev\":[", start.deck_left());
    let mut before = &start;
    for (i, (state, event)) in after.iter().zip(events).enumerate() {
        let (turn, whose) = state.turn.map_or((0, -1), |(t, s)| (t, s as i64));
        let actor = event.pig().map_or(-1, |s| s as i64);
        let sep = if i > 0 { "," } else { "" };
        let _ = write!(out, "{sep}[{turn},{whose},{},{actor}", state.deck_left());
        for (seat, (old, new)) in before.pigs.iter().zip(&state.pigs).enumerate() {
            if old == new {
                continue;
            }
            let prefix = old
                .hand
                .iter()
                .zip(&new.hand)
                .take_while(|(a, b)| a == b)
                .count();
            let room = old.hand.len().min(new.hand.len()) - prefix;
            let suffix = old.hand[prefix..]
                .iter()
                .rev()
                .zip(new.hand[prefix..].iter().rev())
                .take(room)
                .take_while(|(a, b)| a == b)
                .count();
            let removed = old.hand.len() - prefix - suffix;
            let inserted = letters(&new.hand[prefix..new.hand.len() - suffix]);
            let _ = write!(
                out,
                ",[{seat},{},{},{prefix},{removed},\"{inserted}\"]",
                flags(new),
                new.hp
            );
        }
        out.push(']');
        before = state;
    }
    out.push_str("]}");
    out
}

/// The replay: the table at the end, the timeline (with `mark` marked),
/// the card templates and the data.
pub(super) fn replay(game: &Game, events: &[Event], mark: Option<&Mark>) -> Markup {
    let end = snapshots(game, events)
        .pop()
        .unwrap_or_else(|| TableState::new(game));
    html! {
        main.replay {
            section.tablebox {
                div.controls #controls hidden {
                    button #prev type="button" title="previous event (←)" { "◀" }
                    input #slider type="range" min="0" max=(events.len()) value=(events.len()) aria-label="event";
                    button #next type="button" title="next event (→)" { "▶" }
                    span #position {}
                }
                p.where #where {
                    "The table at the end (after event " (events.len()) " of " (events.len()) ")"
                    span.deck { " · deck: " (cards(end.deck_left())) " left" }
                }
                p.now #now {}
                div.table #table {
                    @for (i, state) in end.pigs.iter().enumerate() { (seat(i, state)) }
                }
                (legend())
            }
            section.timeline {
                h2 { "Timeline" }
                p.hint #hint hidden { "← → or the slider step through the events; click one to see the table after it." }
                (timeline(game, events, mark))
            }
        }
        @for card in Card::ALL {
            template id={"card-" (card.letter())} { (card_face(card)) }
        }
        script #replay-data type="application/json" { (PreEscaped(data(game, events))) }
    }
}
