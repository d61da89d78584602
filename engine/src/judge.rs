//! The judge's reading of a game: what accepted solutions do with
//! `scanf`/`cin >>`. Tokens separated by any whitespace (line breaks are
//! not significant, so CRLF, blank lines, a deck wrapped over several
//! lines and a missing final newline are all fine), `n m`, n pigs of a
//! role and 4 cards, then the first m deck cards. Whatever follows is
//! ignored with a [`Warning`] saying how many tokens and where they start
//! (real judge data pads the deck: see `rules.md`, "Judge data in the
//! wild"). Too few tokens, an unknown token or a bad count is an error
//! at its line and column.
//!
//! It streams: memory does not grow with the input, and what follows the
//! game is counted, not stored, for at most [`MAX_SKIM_BYTES`].

use std::fmt;
use std::io::BufRead;

use crate::card::{Card, Role};
use crate::game::{Game, PigSetup, MAX_DECK, MAX_PIGS, MIN_DECK, MIN_PIGS};
use crate::lexer::{Item, Lexer, Run};
use crate::parse::{ParseError, ParseErrorKind, Position};

/// How many bytes after the game are skimmed to count the ignored tokens;
/// past this the count is a lower bound (judge data is a few kilobytes).
pub const MAX_SKIM_BYTES: u64 = 16 << 20;

/// A game as a judge's solution reads it, with what the reading ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeGame {
    /// The game: the first n pigs and the first m deck cards.
    pub game: Game,
    /// What was ignored, in text order.
    pub warnings: Vec<Warning>,
}

/// Something the judge's reading ignored, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where the ignored text starts.
    pub position: Position,
    /// What was ignored.
    pub kind: WarningKind,
}

/// What the judge's reading ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// Tokens after the m-th deck card.
    IgnoredTokens {
        /// How many (a lower bound unless `complete`).
        tokens: u64,
        /// Whether they were counted to the end of the text (false after
        /// [`MAX_SKIM_BYTES`]).
        complete: bool,
        /// The deck size m.
        deck: usize,
    },
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::IgnoredTokens {
                tokens,
                complete,
                deck,
            } => {
                let bound = if *complete { "" } else { "at least " };
                write!(
                    f,
                    "{bound}{tokens} tokens after the {deck} deck cards are ignored, as judges' solutions read only the first m = {deck}"
                )?;
                if !complete {
                    write!(f, " (counting stopped after {} MiB)", MAX_SKIM_BYTES >> 20)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.position.line, self.position.column, self.kind
        )
    }
}

/// A failure of the judge's reading, with the text of its line (as far as
/// it was kept) for showing it under the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// What went wrong, and where.
    pub error: ParseError,
    /// The error's line (its first bytes), without its line end.
    pub line_text: String,
}

impl ReadError {
    /// The error with its line and a caret under the column, as
    /// [`ParseError::render`] does.
    pub fn render(&self) -> String {
        self.error.render_line(&self.line_text)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for ReadError {}

/// Reads a game as a judge's solution does (see the module docs),
/// streaming from `reader`.
///
/// # Errors
///
/// A [`ReadError`] at the first token that cannot be read (or where the
/// text ends too early), saying what was expected there; a failing reader
/// gives [`ParseErrorKind::Unreadable`].
pub fn read_judge_game<R: BufRead>(reader: R) -> Result<JudgeGame, ReadError> {
    let mut reading = Reading {
        lexer: Lexer::new(reader),
        last_end: Position { line: 1, column: 1 },
    };
    match reading.game() {
        Ok(game) => Ok(game),
        Err(error) => {
            let line_text = reading.lexer.line_text(error.position.line);
            Err(ReadError { error, line_text })
        }
    }
}

/// The lexer and where the last token ended.
struct Reading<R> {
    lexer: Lexer<R>,
    last_end: Position,
}

impl<R: BufRead> Reading<R> {
    fn unreadable(&self, error: &std::io::Error) -> ParseError {
        ParseError::at(
            self.lexer.position(),
            ParseErrorKind::Unreadable(error.to_string()),
        )
    }

    /// The next token, or an error where the text ends.
    fn token(&mut self, expected: impl FnOnce() -> String) -> Result<Run, ParseError> {
        loop {
            match self.lexer.next_item() {
                Ok(Item::Token(token)) => {
                    self.last_end = token.end;
                    return Ok(token);
                }
                Ok(Item::End(_)) => {
                    return Err(ParseError::at(
                        self.last_end,
                        ParseErrorKind::MissingLine {
                            expected: expected(),
                        },
                    ))
                }
                Ok(Item::Gap(_) | Item::LineEnd { .. }) => {}
                Err(e) => return Err(self.unreadable(&e)),
            }
        }
    }

    fn game(&mut self) -> Result<JudgeGame, ParseError> {
        let token = self.token(|| "the pig count n".into())?;
        let n = count(&token, "pig count n", MIN_PIGS, MAX_PIGS)?;
        let token = self.token(|| "the deck size m".into())?;
        let m = count(&token, "deck size m", MIN_DECK, MAX_DECK)?;
        let mut pigs = Vec::with_capacity(n);
        for pig in 1..=n {
            let token = self.token(|| format!("the role of pig {pig}"))?;
            let role = seat_role(&token, pig)?;
            let mut hand = [Card::Peach; 4];
            for (k, slot) in hand.iter_mut().enumerate() {
                let what = || format!("card {} of pig {pig}", k + 1);
                let token = self.token(what)?;
                *slot = card(&token, what)?;
            }
            pigs.push(PigSetup { role, hand });
        }
        let mut deck = Vec::with_capacity(m);
        for k in 1..=m {
            let what = || format!("deck card {k} of {m}");
            let token = self.token(what)?;
            deck.push(card(&token, what)?);
        }
        let mut warnings = Vec::new();
        let skimmed = self
            .lexer
            .skim(MAX_SKIM_BYTES)
            .map_err(|e| self.unreadable(&e))?;
        if let Some(position) = skimmed.first {
            warnings.push(Warning {
                position,
                kind: WarningKind::IgnoredTokens {
                    tokens: skimmed.tokens,
                    complete: skimmed.complete,
                    deck: m,
                },
            });
        }
        let game = Game::new(pigs, deck).map_err(|e| {
            // Unreachable: every rule of `Game::new` was checked above.
            ParseError::at(Position { line: 1, column: 1 }, ParseErrorKind::Invalid(e))
        })?;
        Ok(JudgeGame { game, warnings })
    }
}

/// A token that is not UTF-8, as an error at its first bad byte.
fn utf8(token: &Run) -> Result<(), ParseError> {
    match token.invalid_utf8() {
        Some(position) => Err(ParseError::at(position, ParseErrorKind::InvalidUtf8)),
        None => Ok(()),
    }
}

/// A count token (digits only) within `min..=max`.
///
/// # Errors
///
/// [`ParseErrorKind::NotANumber`] or [`ParseErrorKind::OutOfRange`] at the token.
pub(crate) fn count(
    token: &Run,
    what: &'static str,
    min: usize,
    max: usize,
) -> Result<usize, ParseError> {
    utf8(token)?;
    let kept = token.kept();
    if kept.is_empty() || !kept.iter().all(u8::is_ascii_digit) {
        return Err(ParseError::at(
            token.position,
            ParseErrorKind::NotANumber {
                what,
                token: token.shown(),
            },
        ));
    }
    let value = token
        .text()
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(u64::MAX);
    if value < min as u64 || value > max as u64 {
        return Err(ParseError::at(
            token.position,
            ParseErrorKind::OutOfRange {
                what,
                value,
                min,
                max,
            },
        ));
    }
    Ok(value as usize)
}

/// A card token; a role where a card belongs is named as such.
///
/// # Errors
///
/// [`ParseErrorKind::UnknownCard`], [`ParseErrorKind::Misplaced`] or
/// [`ParseErrorKind::InvalidUtf8`] at the token.
pub(crate) fn card(token: &Run, expected: impl FnOnce() -> String) -> Result<Card, ParseError> {
    utf8(token)?;
    let text = token.text().unwrap_or_default();
    if let Some(card) = Card::from_token(text) {
        return Ok(card);
    }
    let kind = match Role::from_token(text) {
        Some(_) => ParseErrorKind::Misplaced {
            found: format!("role '{text}'"),
            expected: expected(),
        },
        None => ParseErrorKind::UnknownCard(token.shown()),
    };
    Err(ParseError::at(token.position, kind))
}

/// The role token of pig `pig` (1-based): MP for pig 1, ZP or FP after.
///
/// # Errors
///
/// [`ParseErrorKind::UnknownRole`], [`ParseErrorKind::Misplaced`] (a card),
/// [`ParseErrorKind::FirstPigNotLord`], [`ParseErrorKind::SecondLord`] or
/// [`ParseErrorKind::InvalidUtf8`] at the token.
pub(crate) fn seat_role(token: &Run, pig: usize) -> Result<Role, ParseError> {
    utf8(token)?;
    let text = token.text().unwrap_or_default();
    let kind = match (pig, Role::from_token(text)) {
        (1, Some(role @ Role::Lord)) | (2.., Some(role @ (Role::Loyalist | Role::Rebel))) => {
            return Ok(role)
        }
        (1, Some(other)) => ParseErrorKind::FirstPigNotLord(other),
        (_, Some(_)) => ParseErrorKind::SecondLord(pig),
        (_, None) if Card::from_token(text).is_some() => ParseErrorKind::Misplaced {
            found: format!("card '{text}'"),
            expected: format!("the role of pig {pig}"),
        },
        (_, None) => ParseErrorKind::UnknownRole(token.shown()),
    };
    Err(ParseError::at(token.position, kind))
}
