//! The failure report: the verdict, the expected and the actual output
//! side by side with the differing tokens marked, the likely causes, and
//! the game's text with a copy button.
//!
//! The actual output is untrusted: each line is split into tokens at
//! spaces, and each token into [`crate::untrusted`] pieces; controls and
//! invalid UTF-8 are shown as marked escapes, and every piece is escaped
//! by maud. Long output is cut (the cut is said).

use maud::{html, Markup};
use pigkill_engine::Game;

use super::replay::Mark;
use crate::deviation::{deviation_text, DeviationReport};
use crate::untrusted::{pieces, split_lines, Piece};

pub use crate::diagnose::LikelyCause;

/// Everything a failure page shows.
#[derive(Clone, Copy, Debug)]
pub struct FailurePage<'a> {
    /// The (minimised) game the solution fails on.
    pub game: &'a Game,
    /// The expected output (the judge's answer).
    pub expected: &'a str,
    /// What the solution printed: untrusted bytes, never inserted as markup.
    pub actual: &'a [u8],
    /// The verdict, in one line (`WA: line 3 differs`, `RE: signal 11`).
    pub verdict: &'a str,
    /// The known mistakes that may explain it, most likely first; may be empty.
    pub diagnosis: &'a [LikelyCause],
    /// For a failure with no output to explain (TLE, MLE, OLE, RE): what is
    /// known of it, shown in place of the likely causes.
    pub explanation: Option<&'a str>,
    /// The solution's name or command line.
    pub solution: &'a str,
    /// Where the solution went another way than the rules, when known.
    pub deviation: Option<&'a DeviationReport>,
}

/// The replay's mark: the event the rules produce at the decision the
/// solution made otherwise (on the minimised game only), in a trace of
/// `events` events. A decision after the last event (a pig's printed line,
/// a dead pig's among them) marks the last event, the game's end: there is
/// no event after it to mark.
pub(super) fn mark(page: &FailurePage<'_>, events: usize) -> Option<Mark> {
    let d = page.deviation.filter(|d| d.on_minimised_game)?;
    let after_the_game = d.event >= events;
    Some(Mark {
        event: if after_the_game { events } else { d.event + 1 },
        note: format!(
            "{}here the rules say: {}; a program printing this output chose: {}",
            if after_the_game {
                "in the output, after the game: "
            } else {
                ""
            },
            d.rule_says,
            d.program_did
        ),
    })
}

/// Where the solution went another way, with a link to the moment.
fn deviation(page: &FailurePage<'_>, mark: Option<&Mark>) -> Markup {
    html! {
        div.deviation {
            h2 { "Where it went another way" }
            p { (deviation_text(page.deviation)) }
            @if let Some(m) = mark {
                p { a href={"#event-" (m.event)} { "show event " (m.event) " in the replay" } }
            }
        }
    }
}

/// The most actual lines shown beyond the expected ones.
const MAX_EXTRA_LINES: usize = 40;
/// The most bytes of one actual line shown.
const MAX_LINE_BYTES: usize = 2_000;

/// Untrusted bytes as marked-up pieces: text as text, controls and
/// invalid UTF-8 as highlighted escapes that say what they stand for. (The
/// verdict goes through here too: it may quote the output, already escaped
/// by `crate::untrusted::show`, so its backslashes are not doubled again.)
pub(super) fn shown(bytes: &[u8]) -> Markup {
    html! {
        @for piece in pieces(bytes) {
            @match piece {
                Piece::Text(text) => (text),
                _ => span.esc title=(piece.describe()) { (piece.visible()) },
            }
        }
    }
}

/// Tokens of a line: its runs between spaces.
fn tokens(line: &[u8]) -> Vec<&[u8]> {
    line.split(|&b| b == b' ')
        .filter(|t| !t.is_empty())
        .collect()
}

/// One line as tokens, those that differ from `other`'s marked.
fn line_tokens(line: &[u8], other: Option<&[u8]>) -> Markup {
    let mine = tokens(line);
    let theirs = other.map(tokens).unwrap_or_default();
    html! {
        @for (i, token) in mine.iter().enumerate() {
            @if i > 0 { " " }
            @if theirs.get(i) == Some(token) {
                (shown(token))
            } @else {
                mark { (shown(token)) }
            }
        }
        @if mine.len() < theirs.len() {
            " " mark.missing title="tokens missing here" { "…" }
        }
    }
}

/// The expected and actual lines side by side.
fn compare(expected: &str, actual: &[u8]) -> Markup {
    let want: Vec<&[u8]> = split_lines(expected.as_bytes()).collect();
    let got: Vec<&[u8]> = split_lines(actual).collect();
    let rows = want.len().max(got.len().min(want.len() + MAX_EXTRA_LINES));
    let cut_lines = got.len().saturating_sub(rows);
    html! {
        table.diff {
            thead { tr { th { "line" } th { "expected" } th { "actual" } } }
            tbody {
                @for i in 0..rows {
                    @let w = want.get(i).copied();
                    @let g = got.get(i).copied().map(|l| &l[..l.len().min(MAX_LINE_BYTES)]);
                    @let same = w.is_some() && w == got.get(i).copied();
                    @let spacing = !same && w.zip(g).is_some_and(|(w, g)| tokens(w) == tokens(g));
                    tr class=@if same { "same" } @else if spacing { "spacing" } @else { "differs" } {
                        td.n { (i + 1) }
                        td { @match w {
                            Some(line) => (line_tokens(line, g)),
                            None => span.none { "(no line)" },
                        } }
                        td { @match g {
                            Some(line) => {
                                (line_tokens(line, w))
                                @if spacing { span.note { " (spacing differs)" } }
                                @if got[i].len() > MAX_LINE_BYTES {
                                    span.note { " … cut: " (got[i].len()) " bytes" }
                                }
                            }
                            None => span.none { "(missing)" },
                        } }
                    }
                }
            }
        }
        @if actual.is_empty() { p.note { "The solution printed nothing." } }
        @if cut_lines > 0 { p.note { (cut_lines) " more lines of actual output are not shown." } }
    }
}

/// The likely causes, what is known of a failure with no output to
/// explain, or why there is none.
fn causes(diagnosis: &[LikelyCause], explanation: Option<&str>) -> Markup {
    html! {
        div.causes {
            h2 { "Likely cause" }
            @if let Some(explanation) = explanation {
                p.explanation { (explanation) }
            } @else if diagnosis.is_empty() {
                p.none { "No known mistake explains this." }
            } @else {
                ul {
                    @for cause in diagnosis {
                        li {
                            code.id { (cause.mistake) }
                            span.explains { "explains " (cause.explains) " of " (cause.of) }
                            @if let (Some(predicted), Some(tried)) = (cause.predicted, cause.tried) {
                                " " span.explains { "matched " (predicted) " of " (tried) " fresh games where it shows" }
                            }
                            p { (cause.description) }
                            p.section { "rules.md: " (cause.rule) " · " (cause.verdict) }
                        }
                    }
                }
            }
        }
    }
}

/// The report above the replay (with the replay's `mark`).
pub(super) fn report(page: &FailurePage<'_>, mark: Option<&Mark>) -> Markup {
    html! {
        section.failure {
            div.verdict {
                span.v { (shown(page.verdict.as_bytes())) }
                " · solution " code { (shown(page.solution.as_bytes())) }
            }
            div.compare {
                h2 { "Expected and actual output" }
                (compare(page.expected, page.actual))
            }
            div.side {
                (causes(page.diagnosis, page.explanation))
                @if page.deviation.is_some() || !page.diagnosis.is_empty() || page.verdict.starts_with("WA") {
                    (deviation(page, mark))
                }
                div.gametext {
                    h2 { "The game " button #copy type="button" { "copy" } }
                    pre #game-text { (page.game.to_text()) }
                }
            }
        }
    }
}
