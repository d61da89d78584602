//! Showing what a solution printed. Its output is untrusted: a buggy
//! program prints binary garbage, and any program can print terminal
//! escape sequences (clear the screen, move the cursor over pigkill's own
//! report, retitle the window) or a carriage return that makes a line lie
//! about its content. Everywhere such text is shown (the terminal, the
//! side-by-side table, the saved `.md`, `--json`, the HTML page) it goes
//! through this module first; only `NAME.actual` keeps the raw bytes, as
//! evidence.
//!
//! The rendering is visible and unambiguous: printable text stays as it is,
//! a backslash is doubled, and everything else is an escape: `\t`, `\r`,
//! `\0`, `\x1b` for other control bytes, `\u{202e}` for invisible or
//! reordering characters (C1 controls, bidirectional overrides, zero-width
//! and other format characters), and `\xff` for each byte that is not
//! UTF-8. Line feeds split lines; lines longer than a limit are cut with a
//! note saying how much was cut.
//!
//! Where the escapes can be marked (the HTML page highlights each one and
//! says what it stands for), [`pieces`] splits the bytes into printable
//! text, characters to escape and invalid bytes, with the same escapes
//! ([`Piece::visible`]); backslashes in text then stay single, since a
//! marked escape cannot be mistaken for text.

use std::fmt::Write;

/// The longest line shown by [`show_lines`] before it is cut.
pub const SHOWN_LINE_CHARS: usize = 200;

/// Whether `c` would be invisible or move other text when shown as is.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Bidirectional formatting (Trojan Source), zero-width and other
            // format characters, line and paragraph separators.
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

fn push_char(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\n' => out.push_str("\\n"),
        '\0' => out.push_str("\\0"),
        c if u32::from(c) < 0x80 && needs_escape(c) => {
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        }
        c if needs_escape(c) => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// One piece of untrusted bytes (see [`pieces`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Printable text: no character that [`show`] escapes but backslashes.
    Text(&'a str),
    /// One control, invisible or reordering character.
    Escaped(char),
    /// Bytes that are not UTF-8 (one maximal invalid sequence).
    Invalid(&'a [u8]),
}

impl Piece<'_> {
    /// The piece in visible characters: text as it is, an escaped
    /// character or invalid bytes as [`show`] writes them (`\x1b`,
    /// `\u{202e}`, `\xff`).
    pub fn visible(&self) -> String {
        match *self {
            Piece::Text(text) => text.to_string(),
            Piece::Escaped(c) => {
                let mut out = String::new();
                push_char(&mut out, c);
                out
            }
            Piece::Invalid(bytes) => show(bytes),
        }
    }

    /// What an escape stands for, for a tooltip (`ESC (U+001B)`, `invalid
    /// UTF-8: ff`); empty for text.
    pub fn describe(&self) -> String {
        match *self {
            Piece::Text(_) => String::new(),
            Piece::Escaped(c) => {
                let name = match c {
                    '\0' => "NUL",
                    '\t' => "tab",
                    '\n' => "line feed",
                    '\r' => "carriage return",
                    '\x1b' => "ESC",
                    '\x7f' => "DEL",
                    c if c.is_control() => "control character",
                    _ => "invisible or reordering character",
                };
                format!("{name} (U+{:04X})", u32::from(c))
            }
            Piece::Invalid(bytes) => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
                format!("invalid UTF-8: {}", hex.join(" "))
            }
        }
    }
}

/// Splits untrusted bytes into pieces, in order: runs of printable text,
/// each character [`show`] escapes (backslashes aside), each invalid
/// sequence. Joined, the pieces' bytes are `bytes`.
pub fn pieces(bytes: &[u8]) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    for chunk in bytes.utf8_chunks() {
        let text = chunk.valid();
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if needs_escape(c) {
                if start < i {
                    out.push(Piece::Text(&text[start..i]));
                }
                out.push(Piece::Escaped(c));
                start = i + c.len_utf8();
            }
        }
        if start < text.len() {
            out.push(Piece::Text(&text[start..]));
        }
        if !chunk.invalid().is_empty() {
            out.push(Piece::Invalid(chunk.invalid()));
        }
    }
    out
}

/// The lines of untrusted bytes, split at line feeds (not kept); a final
/// line feed ends the last line rather than starting an empty one.
pub fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    body.split(|&b| b == b'\n').filter(move |_| !empty)
}

/// `bytes` as one line of visible text: every control character (line
/// feeds too), invisible character and invalid byte escaped, backslashes
/// doubled. The result holds no control character at all.
pub fn show(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_char(&mut out, c);
        }
        for byte in chunk.invalid() {
            let _ = write!(out, "\\x{byte:02x}");
        }
    }
    out
}

/// `text` shown as [`show`] does, cut after `max_chars` shown characters
/// with a note of how many characters were cut.
pub fn show_cut(bytes: &[u8], max_chars: usize) -> String {
    let shown = show(bytes);
    let total = shown.chars().count();
    if total <= max_chars {
        return shown;
    }
    let mut cut: String = shown.chars().take(max_chars).collect();
    // Never end inside an escape: drop a trailing partial `\...`.
    if let Some(slash) = cut.rfind('\\') {
        let tail = &cut[slash..];
        let complete = tail == "\\\\"
            || (tail.len() == 2 && "trn0".contains(&tail[1..]))
            || (tail.starts_with("\\x") && tail.len() == 4)
            || (tail.starts_with("\\u{") && tail.ends_with('}'));
        if !complete {
            cut.truncate(slash);
        }
    }
    let more = total - cut.chars().count();
    let _ = write!(cut, "… ({more} more characters)");
    cut
}

/// The lines of `bytes` (split at line feeds; a final line feed ends the
/// last line rather than starting an empty one), each shown as [`show`]
/// does and cut after [`SHOWN_LINE_CHARS`].
pub fn show_lines(bytes: &[u8]) -> Vec<String> {
    split_lines(bytes)
        .map(|line| show_cut(line, SHOWN_LINE_CHARS))
        .collect()
}

/// `bytes` as a block of shown lines, each ended by a line feed.
pub fn show_block(bytes: &[u8]) -> String {
    show_lines(bytes)
        .into_iter()
        .fold(String::new(), |mut out, line| {
            out.push_str(&line);
            out.push('\n');
            out
        })
}

/// A line of JSON made safe to print on a terminal: JSON escapes the
/// control characters below U+0020, but not C1 controls nor invisible or
/// reordering characters, which this writes as `\uXXXX` escapes (they can
/// only stand inside strings, where the escape means the same character).
pub fn json_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if needs_escape(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A Markdown code fence that `content` cannot close: backticks, one more
/// than the longest run of backticks in it (at least three).
pub fn fence_for(content: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in content.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

/// `content` in a fenced Markdown code block that it cannot close.
pub fn fenced(content: &str) -> String {
    let fence = fence_for(content);
    let body = content.strip_suffix('\n').unwrap_or(content);
    format!("{fence}\n{body}\n{fence}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_text_stays_and_backslashes_are_doubled() {
        assert_eq!(show(b"K K D"), "K K D");
        assert_eq!(show("桃 杀".as_bytes()), "桃 杀");
        assert_eq!(show(b"a\\x1b"), "a\\\\x1b");
    }

    #[test]
    fn control_bytes_invisible_characters_and_bad_bytes_are_escaped() {
        assert_eq!(show(b"\x1b[2J\r\0\x07\t"), "\\x1b[2J\\r\\0\\x07\\t");
        assert_eq!(
            show("a\u{202e}b\u{200b}".as_bytes()),
            "a\\u{202e}b\\u{200b}"
        );
        assert_eq!(show(b"\xff\xfeK"), "\\xff\\xfeK");
        assert_eq!(show("\u{9b}".as_bytes()), "\\u{9b}");
        let all: Vec<u8> = (0..=255).collect();
        assert!(!show(&all).chars().any(|c| c.is_control()));
    }

    #[test]
    fn long_lines_are_cut_with_a_note_and_never_inside_an_escape() {
        let line = "K ".repeat(300);
        let shown = show_cut(line.as_bytes(), 10);
        assert_eq!(shown, "K K K K K … (590 more characters)");
        let shown = show_cut(b"KKKKKKKKK\x1b[2J", 11);
        assert_eq!(shown, "KKKKKKKKK… (7 more characters)");
    }

    #[test]
    fn lines_split_at_line_feeds_and_a_final_one_ends_the_last_line() {
        assert_eq!(show_lines(b"MP\n\nK\r\n"), ["MP", "", "K\\r"]);
        assert_eq!(show_lines(b""), Vec::<String>::new());
        assert_eq!(show_block(b"MP\nK"), "MP\nK\n");
    }

    #[test]
    fn pieces_escape_as_show_does_and_join_to_the_input() {
        let hostile = "a\\b\x1b[2J\u{202e}c\r".as_bytes();
        let mut hostile = hostile.to_vec();
        hostile.extend_from_slice(b"\xff\xfeK");
        let p = pieces(&hostile);
        assert_eq!(
            p,
            [
                Piece::Text("a\\b"),
                Piece::Escaped('\x1b'),
                Piece::Text("[2J"),
                Piece::Escaped('\u{202e}'),
                Piece::Text("c"),
                Piece::Escaped('\r'),
                Piece::Invalid(b"\xff"),
                Piece::Invalid(b"\xfe"),
                Piece::Text("K"),
            ]
        );
        // The escapes are show's; only the backslash in text stays single.
        let visible: String = p.iter().map(Piece::visible).collect();
        assert_eq!(visible, show(&hostile).replacen("\\\\", "\\", 1));
        assert_eq!(p[1].describe(), "ESC (U+001B)");
        assert_eq!(p[6].describe(), "invalid UTF-8: ff");
        let joined: Vec<u8> = p
            .iter()
            .flat_map(|piece| match *piece {
                Piece::Text(t) => t.as_bytes().to_vec(),
                Piece::Escaped(c) => c.to_string().into_bytes(),
                Piece::Invalid(b) => b.to_vec(),
            })
            .collect();
        assert_eq!(joined, hostile);
    }

    #[test]
    fn json_lines_escape_what_json_leaves_raw() {
        let line = serde_json::to_string("a\u{202e}b\u{9b}").unwrap();
        let safe = json_safe(&line);
        assert_eq!(safe, "\"a\\u202eb\\u009b\"");
        assert_eq!(
            serde_json::from_str::<String>(&safe).unwrap(),
            "a\u{202e}b\u{9b}"
        );
    }

    #[test]
    fn a_fence_is_longer_than_any_backtick_run_inside() {
        assert_eq!(fence_for("K K"), "```");
        assert_eq!(fence_for("```\n````"), "`````");
        let block = fenced("a\n```\nb\n");
        assert!(block.starts_with("````\n") && block.ends_with("\n````\n"));
    }
}
