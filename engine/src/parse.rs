//! The positioned errors of the problem's text, the in-memory game parser
//! (the judge's reading of [`crate::judge`], with nothing allowed after the
//! game), and the outcome parser for judge output. Every failure is a
//! [`ParseError`] with a 1-based line and column; nothing here panics on
//! any input.

use std::fmt;

use crate::card::{Card, Role, Winner};
use crate::game::{Game, InvalidGame, Outcome, PigFate};
use crate::judge::{read_judge_game, JudgeGame};

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
    /// The text ended where a token (or, to the validator, a line) was expected.
    MissingLine {
        /// What should have come.
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
    /// Text after the last expected line (or, for a game, after its m-th deck card).
    TrailingInput,
    /// A token of the wrong kind where another belongs (a role among a
    /// pig's cards: its line holds fewer than 4 cards).
    Misplaced {
        /// What was found (`role 'FP'`).
        found: String,
        /// What belongs there (`card 4 of pig 1`).
        expected: String,
    },
    /// The reader failed (an I/O error).
    Unreadable(String),
    /// The pigs and deck read do not make a valid game.
    Invalid(InvalidGame),
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
        ParseError::at(Position { line, column }, kind)
    }

    /// An error of `kind` at `position`.
    pub(crate) fn at(position: Position, kind: ParseErrorKind) -> ParseError {
        ParseError { position, kind }
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
        match source.split('\n').nth(self.position.line.saturating_sub(1)) {
            Some(text) => self.render_line(text.trim_end_matches('\r')),
            None => self.to_string(),
        }
    }

    /// The error with `text`, the text of its line, and a caret under the
    /// column (as [`ParseError::render`]).
    pub fn render_line(&self, text: &str) -> String {
        let Position { line, column } = self.position;
        let gutter = " ".repeat(line.to_string().len());
        // Control characters are shown escaped (tabs stay, so that the
        // caret's padding lines up with them).
        let (mut shown, mut pad) = (String::new(), String::new());
        for (i, c) in text.chars().enumerate() {
            let piece: String = if c.is_control() && c != '\t' {
                c.escape_debug().collect()
            } else {
                c.to_string()
            };
            if i + 1 < column {
                match c {
                    '\t' => pad.push('\t'),
                    _ => pad.push_str(&" ".repeat(piece.chars().count())),
                }
            }
            shown.push_str(&piece);
        }
        format!("{self}\n{gutter} |\n{line} | {shown}\n{gutter} | {pad}^")
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
            ParseErrorKind::Misplaced { found, expected } => {
                write!(
                    f,
                    "found {found}, expected {expected} (each pig is a role and 4 cards)"
                )
            }
            ParseErrorKind::Unreadable(e) => write!(f, "cannot read the input: {e}"),
            ParseErrorKind::Invalid(e) => write!(f, "not a valid game: {e}"),
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

fn card(line: &Line<'_>, token: Token<'_>) -> Result<Card, ParseError> {
    Card::from_token(token.text).ok_or_else(|| {
        ParseError::new(
            line.number,
            token.column,
            ParseErrorKind::UnknownCard(token.text.to_string()),
        )
    })
}

/// Reads a game from the problem's input text held in memory: the
/// judge's reading ([`read_judge_game`]: tokens separated by any
/// whitespace), except that any text after the m-th deck card is an error,
/// since the text holds just one game.
///
/// # Errors
///
/// A [`ParseError`] naming the line and column of the first fault and what
/// was expected there.
pub fn parse_game(text: &str) -> Result<Game, ParseError> {
    parse_game_bytes(text.as_bytes())
}

/// [`parse_game`] on bytes, reporting bytes that are not UTF-8 at their
/// position.
///
/// # Errors
///
/// As [`parse_game`], plus [`ParseErrorKind::InvalidUtf8`].
pub fn parse_game_bytes(bytes: &[u8]) -> Result<Game, ParseError> {
    let JudgeGame { game, warnings } = read_judge_game(bytes).map_err(|e| e.error)?;
    match warnings.first() {
        Some(warning) => Err(ParseError::at(
            warning.position,
            ParseErrorKind::TrailingInput,
        )),
        None => Ok(game),
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
