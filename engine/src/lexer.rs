//! The streaming lexer under both readers of a game (the judge's reading in
//! [`crate::judge`] and the validator's in [`crate::validate`]): it cuts
//! any [`BufRead`] into tokens, runs of whitespace and line ends, each with
//! its 1-based line and column, in constant memory whatever the input
//! holds (a token keeps at most [`TOKEN_KEEP`] bytes, the current line at
//! most [`LINE_KEEP`]).
//!
//! Whitespace is what `scanf` and `cin >>` skip: space, tab, `\n`, `\v`,
//! `\f` and `\r`. Columns count characters (bytes that do not continue a
//! UTF-8 sequence), as the rest of the text format does.

use std::io::{self, BufRead};

use crate::parse::Position;

/// The most bytes of a token (or a run of whitespace) kept for messages.
pub const TOKEN_KEEP: usize = 32;
/// The most bytes of a line kept to show it under an error.
pub const LINE_KEEP: usize = 512;

/// Whether `scanf`/`cin >>` skip this byte.
pub(crate) const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// A byte that starts a character (not a UTF-8 continuation byte).
const fn starts_char(byte: u8) -> bool {
    byte & 0xC0 != 0x80
}

/// A run of bytes (a token or whitespace), its first [`TOKEN_KEEP`] bytes kept.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    /// Where it starts.
    pub position: Position,
    /// Just past its last character.
    pub end: Position,
    kept: [u8; TOKEN_KEEP],
    kept_len: usize,
    /// Its full length in bytes.
    pub len: u64,
}

impl Run {
    fn new(position: Position) -> Run {
        Run {
            position,
            end: position,
            kept: [0; TOKEN_KEEP],
            kept_len: 0,
            len: 0,
        }
    }

    /// Its first bytes (all of them unless [`Run::truncated`]).
    pub fn kept(&self) -> &[u8] {
        &self.kept[..self.kept_len]
    }

    /// Whether it is longer than what was kept.
    pub fn truncated(&self) -> bool {
        self.len > self.kept_len as u64
    }

    /// Its text as `str`, when it is short enough to be kept whole and is UTF-8.
    pub fn text(&self) -> Option<&str> {
        if self.truncated() {
            return None;
        }
        std::str::from_utf8(self.kept()).ok()
    }

    /// Its text for a message: control characters escaped, cut with `...`
    /// when it was too long to keep.
    pub fn shown(&self) -> String {
        let mut shown: String = String::from_utf8_lossy(self.kept())
            .chars()
            .flat_map(char::escape_debug)
            .collect();
        if self.truncated() {
            shown.push_str("...");
        }
        shown
    }

    /// Where its first byte that is not UTF-8 is, if any (a sequence cut by
    /// the keep limit is not a fault).
    pub fn invalid_utf8(&self) -> Option<Position> {
        let error = std::str::from_utf8(self.kept()).err()?;
        error.error_len()?;
        let chars = self.kept()[..error.valid_up_to()]
            .iter()
            .filter(|&&b| starts_char(b))
            .count();
        Some(Position {
            line: self.position.line,
            column: self.position.column + chars,
        })
    }

    fn push_all(&mut self, bytes: &[u8]) {
        let take = bytes.len().min(TOKEN_KEEP - self.kept_len);
        self.kept[self.kept_len..self.kept_len + take].copy_from_slice(&bytes[..take]);
        self.kept_len += take;
        self.len += bytes.len() as u64;
    }
}

/// One piece of the text.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// A run of bytes that are not whitespace.
    Token(Run),
    /// A run of whitespace inside a line (not its line end).
    Gap(Run),
    /// A line end: `\n`, or `\r\n` (then `crlf`, and the position is the `\r`'s).
    LineEnd {
        /// Where the line end starts.
        position: Position,
        /// Whether it is `\r\n`.
        crlf: bool,
    },
    /// The end of the text.
    End(Position),
}

/// What [`Lexer::skim`] found after the point it started at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Skimmed {
    /// Where the first token starts, if there is one.
    pub first: Option<Position>,
    /// How many tokens there are (counting stopped at the byte limit).
    pub tokens: u64,
    /// Whether the count reached the end of the text.
    pub complete: bool,
}

/// The lexer: items one by one from a reader.
pub(crate) struct Lexer<R> {
    reader: R,
    /// The position of the next byte.
    next: Position,
    /// How many bytes were consumed.
    offset: u64,
    /// The current line's first bytes.
    line: Vec<u8>,
    /// The number and first bytes of the last line that held a token.
    token_line: (usize, Vec<u8>),
    /// Whether the current line holds a token.
    line_has_token: bool,
    /// An item found ahead of its turn (the `\r\n` after a gap).
    pending: Option<Item>,
}

impl<R: BufRead> Lexer<R> {
    /// A lexer at the start of `reader`.
    pub fn new(reader: R) -> Lexer<R> {
        Lexer {
            reader,
            next: Position { line: 1, column: 1 },
            offset: 0,
            line: Vec::new(),
            token_line: (0, Vec::new()),
            line_has_token: false,
            pending: None,
        }
    }

    /// The position of the next byte.
    pub fn position(&self) -> Position {
        self.next
    }

    /// How many bytes were read so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Consumes `byte`, the byte [`Lexer::peek`] returned.
    fn bump(&mut self, byte: u8) {
        self.reader.consume(1);
        self.offset += 1;
        if byte == b'\n' {
            if self.line_has_token {
                self.token_line.0 = self.next.line;
                std::mem::swap(&mut self.token_line.1, &mut self.line);
            }
            self.line.clear();
            self.line_has_token = false;
            self.next = Position {
                line: self.next.line + 1,
                column: 1,
            };
            return;
        }
        if self.line.len() < LINE_KEEP {
            self.line.push(byte);
        }
        if starts_char(byte) {
            self.next.column += 1;
        }
    }

    /// The next item.
    ///
    /// # Errors
    ///
    /// The reader's.
    pub fn next_item(&mut self) -> io::Result<Item> {
        if let Some(item) = self.pending.take() {
            return Ok(item);
        }
        let position = self.next;
        let Some(first) = self.peek()? else {
            return Ok(Item::End(position));
        };
        if first == b'\n' {
            self.bump(first);
            return Ok(Item::LineEnd {
                position,
                crlf: false,
            });
        }
        let space = is_space(first);
        let mut run = Run::new(position);
        let mut last = first;
        // A chunk of the reader's buffer at a time: no `\n` inside a run.
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let len = buf
                .iter()
                .position(|&b| is_space(b) != space || b == b'\n')
                .unwrap_or(buf.len());
            let chunk = &buf[..len];
            let Some(&end) = chunk.last() else { break };
            last = end;
            run.push_all(chunk);
            let room = LINE_KEEP.saturating_sub(self.line.len());
            self.line.extend_from_slice(&chunk[..len.min(room)]);
            self.next.column += chunk.iter().filter(|&&b| starts_char(b)).count();
            let boundary = len < buf.len();
            self.reader.consume(len);
            self.offset += len as u64;
            if boundary {
                break;
            }
        }
        run.end = self.next;
        // The last byte's position, when it is the one-column `\r`.
        let last = (
            last,
            Position {
                line: run.end.line,
                column: run.end.column.saturating_sub(1),
            },
        );
        if !space {
            self.line_has_token = true;
            return Ok(Item::Token(run));
        }
        // A `\r` right before `\n` belongs to the line end, not the gap.
        if last.0 == b'\r' && self.peek()? == Some(b'\n') {
            self.bump(b'\n');
            let line_end = Item::LineEnd {
                position: last.1,
                crlf: true,
            };
            if run.len == 1 {
                return Ok(line_end);
            }
            self.pending = Some(line_end);
            run.len -= 1;
            run.kept_len = run
                .kept_len
                .min(usize::try_from(run.len).unwrap_or(usize::MAX));
            run.end = last.1;
        }
        Ok(Item::Gap(run))
    }

    /// Reads the rest of the current line (up to [`LINE_KEEP`] bytes kept)
    /// and returns the text of line `number` if it is the current line or
    /// the last line that held a token, for showing under an error.
    pub fn line_text(&mut self, number: usize) -> String {
        if number == self.next.line {
            while let Ok(Some(byte)) = self.peek() {
                if byte == b'\n' {
                    break;
                }
                self.bump(byte);
            }
        }
        let bytes = if number == self.next.line {
            &self.line
        } else if number == self.token_line.0 {
            &self.token_line.1
        } else {
            return String::new();
        };
        let text = String::from_utf8_lossy(bytes);
        text.trim_end_matches('\r').to_string()
    }

    /// Counts the tokens from here to the end of the text, reading at most
    /// `limit` more bytes; positions are tracked only up to the first token.
    ///
    /// # Errors
    ///
    /// The reader's.
    pub fn skim(&mut self, limit: u64) -> io::Result<Skimmed> {
        // A pending item is a line end: whitespace.
        self.pending = None;
        let stop = self.offset.saturating_add(limit);
        let mut skimmed = Skimmed {
            first: None,
            tokens: 0,
            complete: false,
        };
        loop {
            if self.offset >= stop {
                return Ok(skimmed);
            }
            match self.peek()? {
                None => {
                    skimmed.complete = true;
                    return Ok(skimmed);
                }
                Some(byte) if is_space(byte) => self.bump(byte),
                Some(_) => break,
            }
        }
        skimmed.first = Some(self.next);
        let mut in_token = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                skimmed.complete = true;
                return Ok(skimmed);
            }
            if self.offset >= stop {
                return Ok(skimmed);
            }
            let take = buf
                .len()
                .min(usize::try_from(stop - self.offset).unwrap_or(usize::MAX));
            for &byte in &buf[..take] {
                let space = is_space(byte);
                if !space && !in_token {
                    skimmed.tokens += 1;
                }
                in_token = !space;
            }
            self.reader.consume(take);
            self.offset += take as u64;
        }
    }
}
