//! The validator's reading of a game: the exact format of `rules.md`
//! ("Input, and what counts as a valid game"), as a problem setter checks
//! data before publishing it, like a testlib validator. Line 1 is `n m`,
//! then exactly n lines `ROLE c1 c2 c3 c4`, then one line of exactly m
//! cards; tokens separated by single spaces, LF line ends (CRLF is a
//! deviation), a final newline and nothing after it; 2 <= n <= 10,
//! 1 <= m <= 2000, pig 1 MP and no other MP, and at least one FP (a game
//! without one is outside the statement's data).
//!
//! Every deviation is reported with its line and column, not only the
//! first (up to [`MAX_DEVIATIONS`]). It streams like the judge's reading
//! ([`crate::judge`]): memory does not grow with the input, and reading
//! stops after [`MAX_VALIDATED_BYTES`] (a valid game is under 5 KB).

use std::fmt;
use std::io::{self, BufRead};

use crate::card::{Card, Role};
use crate::game::{Game, PigSetup};
use crate::judge::{card, count, seat_role};
use crate::lexer::{Item, Lexer, Run};
use crate::parse::{ParseError, ParseErrorKind, Position};

/// The most deviations listed for one text; the rest are only counted.
pub const MAX_DEVIATIONS: usize = 100;

/// How many bytes are read at most: a valid game is under 5 KB, and a
/// file past this size is reported as such without reading it all.
pub const MAX_VALIDATED_BYTES: u64 = 1 << 20;

/// A place where the text departs from the exact format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deviation {
    /// Where.
    pub position: Position,
    /// What.
    pub kind: DeviationKind,
}

/// How the text departs from the exact format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviationKind {
    /// What the judge's reading would reject too, or a line that misses
    /// or has the wrong number of tokens.
    Parse(ParseErrorKind),
    /// A count written with a leading zero.
    LeadingZero {
        /// Which count.
        what: &'static str,
    },
    /// Whitespace before the first token of a line.
    LeadingWhitespace {
        /// The whitespace, escaped.
        found: String,
    },
    /// Whitespace between two tokens that is not a single space.
    Separator {
        /// The whitespace, escaped.
        found: String,
    },
    /// Whitespace after the last token of a line.
    TrailingWhitespace {
        /// The whitespace, escaped.
        found: String,
    },
    /// A `\r\n` line end.
    CrLf,
    /// A blank (or whitespace-only) line where a line of the game belongs.
    BlankLine {
        /// The line that belongs there.
        expected: String,
    },
    /// The deck line has no final newline.
    NoFinalNewline,
    /// Tokens after the deck line.
    AfterDeck {
        /// How many (a lower bound unless `complete`).
        tokens: u64,
        /// Whether they were counted to the end of the text.
        complete: bool,
    },
    /// Blank lines or whitespace after the deck line.
    BlankAfterDeck,
    /// No pig is FP: the game is outside the statement's data.
    NoRebel,
    /// The rest of the text could not be checked.
    Unchecked {
        /// Why.
        reason: &'static str,
    },
}

impl fmt::Display for DeviationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviationKind::Parse(kind) => kind.fmt(f),
            DeviationKind::LeadingZero { what } => {
                write!(f, "{what} has a leading zero, expected plain digits")
            }
            DeviationKind::LeadingWhitespace { found } => {
                write!(
                    f,
                    "whitespace \"{found}\" starts the line, expected a token"
                )
            }
            DeviationKind::Separator { found } => {
                write!(
                    f,
                    "whitespace \"{found}\" between tokens, expected a single space"
                )
            }
            DeviationKind::TrailingWhitespace { found } => {
                write!(
                    f,
                    "whitespace \"{found}\" ends the line, expected the line end"
                )
            }
            DeviationKind::CrLf => f.write_str("a CRLF line end, expected LF only"),
            DeviationKind::BlankLine { expected } => {
                write!(f, "a blank line, expected {expected}")
            }
            DeviationKind::NoFinalNewline => {
                f.write_str("the file ends without a newline, expected one after the deck line")
            }
            DeviationKind::AfterDeck { tokens, complete } => {
                let bound = if *complete { "" } else { "at least " };
                write!(
                    f,
                    "{bound}{tokens} tokens after the deck line (the judge's reading ignores them), expected the end of the file"
                )
            }
            DeviationKind::BlankAfterDeck => f.write_str(
                "blank lines or whitespace after the deck line, expected the end of the file",
            ),
            DeviationKind::NoRebel => f.write_str(
                "no pig is FP: the statement's data always has one (MP would win before any turn)",
            ),
            DeviationKind::Unchecked { reason } => {
                write!(f, "{reason}; the rest is not checked")
            }
        }
    }
}

impl fmt::Display for Deviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.position.line, self.position.column, self.kind
        )
    }
}

/// What the validator found in one text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validation {
    /// The deviations, in text order (at most [`MAX_DEVIATIONS`]).
    pub deviations: Vec<Deviation>,
    /// How many more deviations there were.
    pub omitted: u64,
    /// The game, when every token was readable and every line held its
    /// count of tokens (whatever the whitespace).
    pub game: Option<Game>,
}

impl Validation {
    /// Whether the text is in the exact format.
    pub fn conforms(&self) -> bool {
        self.deviations.is_empty() && self.omitted == 0
    }
}

/// Checks a text against the exact format (see the module docs), streaming
/// from `reader`.
///
/// # Errors
///
/// The reader's I/O errors.
pub fn validate_game<R: BufRead>(reader: R) -> io::Result<Validation> {
    let mut validator = Validator {
        lexer: Lexer::new(reader),
        out: Validation::default(),
        n: None,
        m: None,
        readable: true,
        pigs: Vec::new(),
        role: None,
        hand: [None; 4],
        deck: Vec::new(),
    };
    validator.run()?;
    let Validator {
        mut out,
        readable,
        pigs,
        deck,
        ..
    } = validator;
    if readable {
        out.game = Game::new(pigs, deck).ok();
    }
    // A line's token count is checked at its end: put it in text order.
    out.deviations.sort_by_key(|d| d.position);
    Ok(out)
}

/// Which line of the game comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Header,
    /// The line of pig i (1-based).
    Pig(usize),
    Deck,
}

/// One line as read.
struct Line {
    start: Position,
    tokens: u64,
    /// Where the first token too many starts.
    extra: Option<Position>,
    /// Where the line ends (its line end, or the end of the text).
    end: Position,
    /// Whether it ended with a line end (not the end of the text).
    newline: bool,
    /// Whether reading stopped at the byte limit.
    stopped: bool,
}

struct Validator<R> {
    lexer: Lexer<R>,
    out: Validation,
    n: Option<usize>,
    m: Option<usize>,
    /// Whether every token so far was readable and every line complete.
    readable: bool,
    pigs: Vec<PigSetup>,
    role: Option<Role>,
    hand: [Option<Card>; 4],
    deck: Vec<Card>,
}

impl<R: BufRead> Validator<R> {
    fn deviate(&mut self, position: Position, kind: DeviationKind) {
        if self.out.deviations.len() < MAX_DEVIATIONS {
            self.out.deviations.push(Deviation { position, kind });
        } else {
            self.out.omitted += 1;
        }
    }

    fn fault(&mut self, error: ParseError) {
        self.readable = false;
        self.deviate(error.position, DeviationKind::Parse(error.kind));
    }

    fn run(&mut self) -> io::Result<()> {
        let mut expect = Expect::Header;
        let mut first_pig = None;
        loop {
            let line = self.line(expect)?;
            if line.stopped {
                self.readable = false;
                self.deviate(
                    line.end,
                    DeviationKind::Unchecked {
                        reason: "the file is longer than 1 MiB (a valid game is under 5 KB)",
                    },
                );
                return Ok(());
            }
            if line.tokens == 0 {
                let expected = self.describe(expect);
                self.readable &= line.newline;
                if !line.newline {
                    self.deviate(
                        line.end,
                        DeviationKind::Parse(ParseErrorKind::MissingLine { expected }),
                    );
                    return Ok(());
                }
                self.deviate(line.start, DeviationKind::BlankLine { expected });
                continue;
            }
            self.check_count(expect, &line);
            expect = match expect {
                Expect::Header => match self.n {
                    Some(_) => Expect::Pig(1),
                    None => {
                        self.deviate(
                            line.end,
                            DeviationKind::Unchecked {
                                reason: "the pig count n is unknown",
                            },
                        );
                        return Ok(());
                    }
                },
                Expect::Pig(pig) => {
                    self.end_pig(&line);
                    if pig == 1 {
                        first_pig = Some(line.start);
                    }
                    if Some(pig) == self.n {
                        if !self.pigs.iter().any(|p| p.role == Role::Rebel) && self.readable {
                            let at = first_pig.unwrap_or(line.start);
                            self.deviate(at, DeviationKind::NoRebel);
                        }
                        Expect::Deck
                    } else {
                        Expect::Pig(pig + 1)
                    }
                }
                Expect::Deck => {
                    if line.newline {
                        self.tail()?;
                    } else {
                        self.deviate(line.end, DeviationKind::NoFinalNewline);
                    }
                    return Ok(());
                }
            };
            if !line.newline {
                let expected = self.describe(expect);
                self.readable = false;
                self.deviate(
                    line.end,
                    DeviationKind::Parse(ParseErrorKind::MissingLine { expected }),
                );
                return Ok(());
            }
        }
    }

    /// What the line `expect` holds, for messages.
    fn describe(&self, expect: Expect) -> String {
        match (expect, self.m) {
            (Expect::Header, _) => "the line 'n m'".into(),
            (Expect::Pig(pig), _) => format!("the line of pig {pig}: its role and 4 cards"),
            (Expect::Deck, Some(m)) => format!("the deck line of {m} cards"),
            (Expect::Deck, None) => "the deck line".into(),
        }
    }

    /// Flags a line with the wrong number of tokens.
    fn check_count(&mut self, expect: Expect, line: &Line) {
        let (expected, what) = match expect {
            Expect::Header => (2, "the pig count n and the deck size m".to_string()),
            Expect::Pig(_) => (5, "a role and 4 cards".to_string()),
            Expect::Deck => match self.m {
                Some(m) => (m, "the deck size m from line 1".to_string()),
                None => return,
            },
        };
        if line.tokens != expected as u64 {
            self.readable = false;
            self.deviate(
                line.extra.unwrap_or(line.end),
                DeviationKind::Parse(ParseErrorKind::TokenCount {
                    expected: format!("{expected} ({what})"),
                    found: usize::try_from(line.tokens).unwrap_or(usize::MAX),
                }),
            );
        }
    }

    /// Keeps the pig just read, when its line was whole.
    fn end_pig(&mut self, line: &Line) {
        let hand = std::mem::take(&mut self.hand);
        if let (Some(role), [Some(a), Some(b), Some(c), Some(d)], 5) =
            (self.role.take(), hand, line.tokens)
        {
            self.pigs.push(PigSetup {
                role,
                hand: [a, b, c, d],
            });
        } else {
            self.readable = false;
        }
    }

    /// Reads one line, checking its whitespace and each token.
    fn line(&mut self, expect: Expect) -> io::Result<Line> {
        let start = self.lexer.position();
        let expected = match expect {
            Expect::Header => Some(2),
            Expect::Pig(_) => Some(5),
            Expect::Deck => self.m,
        };
        let mut line = Line {
            start,
            tokens: 0,
            extra: None,
            end: start,
            newline: false,
            stopped: false,
        };
        let mut gap: Option<Run> = None;
        loop {
            if self.lexer.offset() > MAX_VALIDATED_BYTES {
                line.stopped = true;
                line.end = self.lexer.position();
                return Ok(line);
            }
            match self.lexer.next_item()? {
                Item::Gap(run) => gap = Some(run),
                Item::Token(token) => {
                    if let Some(run) = gap.take() {
                        if line.tokens == 0 {
                            let found = run.shown();
                            self.deviate(run.position, DeviationKind::LeadingWhitespace { found });
                        } else if run.kept() != b" " {
                            let found = run.shown();
                            self.deviate(run.position, DeviationKind::Separator { found });
                        }
                    }
                    if expected.is_some_and(|e| e as u64 == line.tokens) {
                        line.extra = Some(token.position);
                    }
                    self.token(expect, line.tokens, &token);
                    line.tokens += 1;
                }
                Item::LineEnd { position, crlf } => {
                    self.line_end(&line, gap.take());
                    if crlf {
                        self.deviate(position, DeviationKind::CrLf);
                    }
                    line.end = position;
                    line.newline = true;
                    return Ok(line);
                }
                Item::End(position) => {
                    self.line_end(&line, gap.take());
                    line.end = position;
                    return Ok(line);
                }
            }
        }
    }

    /// Flags whitespace at the end of a line that holds tokens (a line
    /// of only whitespace is a blank line).
    fn line_end(&mut self, line: &Line, gap: Option<Run>) {
        if let Some(run) = gap.filter(|_| line.tokens > 0) {
            let found = run.shown();
            self.deviate(run.position, DeviationKind::TrailingWhitespace { found });
        }
    }

    /// Checks token `index` (from 0) of the line `expect`.
    fn token(&mut self, expect: Expect, index: u64, token: &Run) {
        match (expect, index) {
            (Expect::Header, 0 | 1) => {
                let (what, min, max) = if index == 0 {
                    ("pig count n", crate::MIN_PIGS, crate::MAX_PIGS)
                } else {
                    ("deck size m", crate::MIN_DECK, crate::MAX_DECK)
                };
                match count(token, what, min, max) {
                    Ok(value) => {
                        if token.kept().len() > 1 && token.kept()[0] == b'0' {
                            self.deviate(token.position, DeviationKind::LeadingZero { what });
                        }
                        if index == 0 {
                            self.n = Some(value);
                        } else {
                            self.m = Some(value);
                        }
                    }
                    Err(error) => self.fault(error),
                }
            }
            (Expect::Pig(pig), 0) => match seat_role(token, pig) {
                Ok(role) => self.role = Some(role),
                Err(error) => self.fault(error),
            },
            (Expect::Pig(pig), 1..=4) => {
                let k = index as usize;
                match card(token, || format!("card {k} of pig {pig}")) {
                    Ok(card) => self.hand[k - 1] = Some(card),
                    Err(error) => self.fault(error),
                }
            }
            (Expect::Deck, _) if self.m.is_none_or(|m| index < m as u64) => {
                let k = index + 1;
                match card(token, || format!("deck card {k}")) {
                    Ok(card) => self.deck.push(card),
                    Err(error) => self.fault(error),
                }
            }
            // Tokens too many: the line's count says so.
            _ => {}
        }
    }

    /// Checks that nothing follows the deck line.
    fn tail(&mut self) -> io::Result<()> {
        let start = self.lexer.position();
        let before = self.lexer.offset();
        let skimmed = self.lexer.skim(MAX_VALIDATED_BYTES)?;
        match skimmed.first {
            Some(first) => self.deviate(
                first,
                DeviationKind::AfterDeck {
                    tokens: skimmed.tokens,
                    complete: skimmed.complete,
                },
            ),
            None if self.lexer.offset() > before => {
                self.deviate(start, DeviationKind::BlankAfterDeck);
            }
            None => {}
        }
        Ok(())
    }
}
