//! Self-contained HTML pages for people: the replay of a game, and the
//! report of a solution's failure on a game.
//!
//! Every page is one file: its CSS and script are inline, it loads nothing
//! from the network, and it reads well without JavaScript (the table at
//! the end of the game, then every event as a static turn list, each with
//! an `#event-N` anchor). With JavaScript the timeline steps: the arrow
//! keys, the slider or a click on an event selects it, the table shows the
//! state after it (from [`crate::fold`]: one snapshot per event), and the
//! page's address gets its `#event-N`.
//!
//! Markup is built with maud, which escapes every value it inserts. The
//! solution's output is untrusted: it goes through [`crate::untrusted`]
//! (controls made visible, invalid UTF-8 marked) and then maud's escaping;
//! it is never inserted as markup.

mod failure;
mod replay;

use maud::{html, Markup, PreEscaped, DOCTYPE};
use pigkill_engine::{Budget, Game, StrategyEngine};

use crate::diff::{play_traced, Verdict};

pub use failure::{FailurePage, LikelyCause};

/// The page's stylesheet.
const STYLE: &str = include_str!("style.css");
/// The page's script: the timeline, and the copy button.
const SCRIPT: &str = include_str!("replay.js");

/// The replay page of `game`, from the strategy engine's trace.
pub fn game_page(game: &Game) -> String {
    let (verdict, events) = play_traced(&StrategyEngine, game, Budget::default());
    let title = format!(
        "猪国杀 replay: {} pigs, {} cards",
        game.pig_count(),
        game.deck().len()
    );
    page(
        &title,
        html! {
            header.top {
                h1 { "猪国杀 replay" }
                p.summary { (summary(game, &verdict)) }
            }
            (replay::replay(game, &events, None))
        },
    )
}

/// The report page of a solution's failure on `page.game`: the verdict,
/// the expected and actual output side by side with the differing tokens
/// marked, the likely causes, where the solution went another way, the
/// game's text with a copy button, and the replay of the game as the
/// strategy engine plays it, opened at the event where it went another
/// way (marked) when that is known.
pub fn failure_page(page: &FailurePage<'_>) -> String {
    let (verdict, events) = play_traced(&StrategyEngine, page.game, Budget::default());
    // The verdict may quote the output already shown escaped: escape what
    // is left, without doubling its backslashes.
    let shown: String = crate::untrusted::pieces(page.verdict.as_bytes())
        .iter()
        .map(crate::untrusted::Piece::visible)
        .collect();
    let title = format!("猪国杀 failure: {shown}");
    let mark = failure::mark(page, events.len());
    self::page(
        &title,
        html! {
            header.top {
                h1 { "猪国杀 failure" }
                p.summary { (summary(page.game, &verdict)) }
            }
            (failure::report(page, mark.as_ref()))
            (replay::replay(page.game, &events, mark.as_ref()))
        },
    )
}

/// One line on the game and how it ends.
fn summary(game: &Game, verdict: &Verdict) -> Markup {
    let end = match verdict {
        Verdict::Ended(outcome) => match outcome.winner {
            pigkill_engine::Winner::Lord => "MP wins: every rebel is dead".to_string(),
            pigkill_engine::Winner::Rebels => "FP win: MP is dead".to_string(),
        },
        other => other.to_text().trim_end().to_string(),
    };
    html! {
        (game.pig_count()) " pigs, " (game.deck().len()) " deck cards · " (end)
    }
}

/// The whole document around `body`.
fn page(title: &str, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                (body)
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string()
}
