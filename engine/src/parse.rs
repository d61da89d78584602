//! Parsers for the problem's text: a game from the judge input, an outcome
//! from the judge output. Every failure is a [`ParseError`] with a 1-based
//! line and column; nothing here panics on any input.

use std::fmt;

use crate::card::{Card, Role, Winner};
use crate::game::{
    Game, InvalidGame, Outcome, PigFate, PigSetup, MAX_DECK, MAX_PIGS, MIN_DECK, MIN_PIGS,
};

/// A position in the text, 1-based, columns counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

/// What went wrong at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// The text ended where a line was expected.
    MissingLine {
        /// What the line should have held.
        expected: String,
    },
    /// A line holds the wrong number of tokens.
    TokenCount {
        /// What the line should hold.
        expected: String,
        /// How many tokens it holds.
        found: usize,
    },
    /// A count is not a whole number.
    NotANumber {
        /// Which count (`pig count n`, `deck size m`).
        what: &'static str,
        /// The token found.
        token: String,
    },
    /// A count is a number outside its range.
    OutOfRange {
        /// Which count.
        what: &'static str,
        /// The number found (saturated for huge numbers).
        value: u64,
        /// The least allowed.
        min: usize,
        /// The most allowed.
        max: usize,
    },
    /// A token that should be a role is not `MP`, `ZP` or `FP`.
    UnknownRole(String),
    /// A token that should be a card is not one of `P K D F N W J Z`.
    UnknownCard(String),
    /// Pig 1 is not the lord.
    FirstPigNotLord(Role),
    /// A second lord (1-based pig number).
    SecondLord(usize),
    /// A winner token that is not `MP` or `FP`.
    UnknownWinner(String),
    /// Text after the last expected line.
    TrailingInput,
}

/// A failure to read game or outcome text, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where in the text.
    pub position: Position,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            position: Position { line, column },
            kind,
        }
    }

    /// The error with the offending line of `source` and a caret under the
    /// column, for terminals:
    ///
    /// ```text
    /// line 2, column 7: unknown card 'X'
    ///   |
    /// 2 | MP K X D D
    ///   |      ^
    /// ```
    pub fn render(&self, source: &str) -> String {
        let Position { line, column } = self.position;
        let mut out = self.to_string();
        if let Some(text) = source.split('\n').nth(line.saturating_sub(1)) {
            let text = text.trim_end_matches('\r');
            let gutter = " ".repeat(line.to_string().len());
            let pad: String = text
                .chars()
                .take(column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&format!("\n{gutter} |\n{line} | {text}\n{gutter} | {pad}^"));
        }
        out
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8, expected plain text"),
            ParseErrorKind::MissingLine { expected } => {
                write!(f, "the text ends here, expected {expected}")
            }
            ParseErrorKind::TokenCount { expected, found } => {
                write!(f, "found {found} tokens, expected {expected}")
            }
            ParseErrorKind::NotANumber { what, token } => {
                write!(f, "{what} '{token}' is not a whole number")
            }
            ParseErrorKind::OutOfRange {
                what,
                value,
                min,
                max,
            } => write!(f, "{what} {value} is out of range, expected {min} to {max}"),
            ParseErrorKind::UnknownRole(t) => {
                write!(f, "unknown role '{t}', expected MP, ZP or FP")
            }
            ParseErrorKind::UnknownCard(t) => {
                write!(f, "unknown card '{t}', expected one of P K D F N W J Z")
            }
            ParseErrorKind::FirstPigNotLord(role) => {
                write!(f, "pig 1 is {role}, expected MP")
            }
            ParseErrorKind::SecondLord(pig) => {
                write!(f, "pig {pig} is a second MP, expected ZP or FP")
            }
            ParseErrorKind::UnknownWinner(t) => {
                write!(f, "unknown winner '{t}', expected MP or FP")
            }
            ParseErrorKind::TrailingInput => f.write_str("unexpected text after the last line"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.position.line, self.position.column, self.kind
        )
    }
}

impl std::error::Error for ParseError {}

/// A token of a line, with its 1-based column.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    column: usize,
}

/// A line split into tokens, with its 1-based number and where it ends.
struct Line<'a> {
    number: usize,
    tokens: Vec<Token<'a>>,
    /// The column just past the line's last character.
    end_column: usize,
}

/// The text's lines, with blank lines before the first and after the last
/// non-blank line allowed, `\r\n` accepted, and whitespace around tokens
/// ignored.
struct Lines<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
}

/// Every line of the text, tokenised, with `\r\n` accepted.
fn split_lines(text: &str) -> Vec<Line<'_>> {
    text.split('\n')
        .enumerate()
        .map(|(i, raw)| {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let mut tokens = Vec::new();
            let mut start: Option<(usize, usize)> = None; // (byte, column)
            let mut column = 0;
            for (byte, c) in raw.char_indices() {
                column += 1;
                if c.is_whitespace() {
                    if let Some((b, col)) = start.take() {
                        tokens.push(Token {
                            text: &raw[b..byte],
                            column: col,
                        });
                    }
                } else if start.is_none() {
                    start = Some((byte, column));
                }
            }
            if let Some((b, col)) = start {
                tokens.push(Token {
                    text: &raw[b..],
                    column: col,
                });
            }
            Line {
                number: i + 1,
                tokens,
                end_column: column + 1,
            }
        })
        .collect()
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut lines = split_lines(text);
        while lines.last().is_some_and(|l| l.tokens.is_empty()) && lines.len() > 1 {
            lines.pop();
        }
        let first = lines
            .iter()
            .position(|l| !l.tokens.is_empty())
            .unwrap_or(lines.len());
        Lines { lines, next: first }
    }

    /// The next line, or an error at the end of the text saying what was expected.
    fn take(&mut self, expected: impl FnOnce() -> String) -> Result<&Line<'a>, ParseError> {
        match self.lines.get(self.next) {
            Some(line) => {
                self.next += 1;
                Ok(line)
            }
            None => {
                let (line, column) = self
                    .lines
                    .last()
                    .map_or((1, 1), |l| (l.number, l.end_column));
                Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::MissingLine {
                        expected: expected(),
                    },
                ))
            }
        }
    }

    /// An error if anything but blank lines is left.
    fn finish(&self) -> Result<(), ParseError> {
        if let Some(line) = self.lines[self.next.min(self.lines.len())..]
            .iter()
            .find(|l| !l.tokens.is_empty())
        {
            return Err(ParseError::new(
                line.number,
                line.tokens[0].column,
                ParseErrorKind::TrailingInput,
            ));
        }
        Ok(())
    }
}

fn token_count(line: &Line<'_>, expected: usize, what: &str) -> Result<(), ParseError> {
    if line.tokens.len() == expected {
        return Ok(());
    }
    let column = line
        .tokens
        .get(expected)
        .map_or(line.end_column, |t| t.column);
    Err(ParseError::new(
        line.number,
        column,
        ParseErrorKind::TokenCount {
            expected: format!("{expected} ({what})"),
            found: line.tokens.len(),
        },
    ))
}

fn count(
    line: &Line<'_>,
    token: Token<'_>,
    what: &'static str,
    min: usize,
    max: usize,
) -> Result<usize, ParseError> {
    let not_a_number = || {
        ParseError::new(
            line.number,
            token.column,
            ParseErrorKind::NotANumber {
                what,
                token: token.text.to_string(),
            },
        )
    };
    if token.text.is_empty() || !token.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_a_number());
    }
    let value = token.text.parse::<u64>().unwrap_or(u64::MAX);
    if value < min as u64 || value > max as u64 {
        return Err(ParseError::new(
            line.number,
            token.column,
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

fn card(line: &Line<'_>, token: Token<'_>) -> Result<Card, ParseError> {
    Card::from_token(token.text).ok_or_else(|| {
        ParseError::new(
            line.number,
            token.column,
            ParseErrorKind::UnknownCard(token.text.to_string()),
        )
    })
}

/// Reads a game from the problem's input text.
///
/// Accepts `\r\n` line ends, blank lines before and after the game, and
/// extra spaces or tabs around tokens; rejects everything else that is not
/// a valid game (see [`Game::new`]).
///
/// # Errors
///
/// A [`ParseError`] naming the line and column of the first fault and what
/// was expected there.
pub fn parse_game(text: &str) -> Result<Game, ParseError> {
    let mut lines = Lines::new(text);
    let header = lines.take(|| "a line 'n m' with the pig count and deck size".into())?;
    token_count(header, 2, "the pig count n and the deck size m")?;
    let n = count(header, header.tokens[0], "pig count n", MIN_PIGS, MAX_PIGS)?;
    let m = count(header, header.tokens[1], "deck size m", MIN_DECK, MAX_DECK)?;
    let mut pigs = Vec::with_capacity(n);
    for pig in 1..=n {
        let line = lines.take(|| format!("the line of pig {pig}: a role and 4 cards"))?;
        token_count(line, 5, "a role and 4 cards")?;
        let role_token = line.tokens[0];
        let role = Role::from_token(role_token.text).ok_or_else(|| {
            ParseError::new(
                line.number,
                role_token.column,
                ParseErrorKind::UnknownRole(role_token.text.to_string()),
            )
        })?;
        match (pig, role) {
            (1, Role::Lord) | (2.., Role::Loyalist | Role::Rebel) => {}
            (1, other) => {
                return Err(ParseError::new(
                    line.number,
                    role_token.column,
                    ParseErrorKind::FirstPigNotLord(other),
                ))
            }
            (_, _) => {
                return Err(ParseError::new(
                    line.number,
                    role_token.column,
                    ParseErrorKind::SecondLord(pig),
                ))
            }
        }
        let mut hand = [Card::Peach; 4];
        for (slot, token) in hand.iter_mut().zip(&line.tokens[1..]) {
            *slot = card(line, *token)?;
        }
        pigs.push(PigSetup { role, hand });
    }
    let line = lines.take(|| format!("the deck line of {m} cards"))?;
    let mut deck = Vec::with_capacity(m);
    for token in &line.tokens {
        deck.push(card(line, *token)?);
    }
    if deck.len() != m {
        token_count(line, m, "the deck size m from line 1")?;
    }
    lines.finish()?;
    Game::new(pigs, deck).map_err(|e| {
        // Unreachable in practice: every rule of `Game::new` was checked above.
        let kind = match e {
            InvalidGame::FirstPigNotLord(role) => ParseErrorKind::FirstPigNotLord(role),
            InvalidGame::SecondLord(pig) => ParseErrorKind::SecondLord(pig),
            InvalidGame::PigCount(_) | InvalidGame::DeckSize(_) => ParseErrorKind::TrailingInput,
        };
        ParseError::new(1, 1, kind)
    })
}

/// Reads a game from bytes, reporting bytes that are not UTF-8 at their position.
///
/// # Errors
///
/// As [`parse_game`], plus [`ParseErrorKind::InvalidUtf8`].
pub fn parse_game_bytes(bytes: &[u8]) -> Result<Game, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_game(text),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            // The prefix is valid UTF-8 by construction.
            let prefix = std::str::from_utf8(valid).unwrap_or_default();
            let line = prefix.matches('\n').count() + 1;
            let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            Err(ParseError::new(line, column, ParseErrorKind::InvalidUtf8))
        }
    }
}

/// Reads an outcome from judge output text for a game of `pigs` pigs.
///
/// The layout must be the judge's: a winner line, then exactly one line per
/// pig (`DEAD`, or cards separated by whitespace, or an empty line).
/// Trailing whitespace on a line and one final newline are allowed.
///
/// # Errors
///
/// A [`ParseError`] at the first fault.
pub fn parse_outcome(text: &str, pigs: usize) -> Result<Outcome, ParseError> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let text = text.strip_suffix('\r').unwrap_or(text);
    let lines = split_lines(text);
    let winner_line = &lines[0];
    token_count(winner_line, 1, "the winner MP or FP")?;
    let winner = match winner_line.tokens[0].text {
        "MP" => Winner::Lord,
        "FP" => Winner::Rebels,
        other => {
            return Err(ParseError::new(
                1,
                winner_line.tokens[0].column,
                ParseErrorKind::UnknownWinner(other.to_string()),
            ))
        }
    };
    let mut fates = Vec::with_capacity(pigs);
    for pig in 1..=pigs {
        let Some(line) = lines.get(pig) else {
            let last = &lines[lines.len() - 1];
            return Err(ParseError::new(
                last.number,
                last.end_column,
                ParseErrorKind::MissingLine {
                    expected: format!("the line of pig {pig}"),
                },
            ));
        };
        let fate = match line.tokens.as_slice() {
            [t] if t.text == "DEAD" => PigFate::Dead,
            tokens => PigFate::Alive(
                tokens
                    .iter()
                    .map(|t| card(line, *t))
                    .collect::<Result<_, _>>()?,
            ),
        };
        fates.push(fate);
    }
    if let Some(line) = lines.get(pigs + 1) {
        let column = line.tokens.first().map_or(1, |t| t.column);
        return Err(ParseError::new(
            line.number,
            column,
            ParseErrorKind::TrailingInput,
        ));
    }
    Ok(Outcome {
        winner,
        pigs: fates,
    })
}
