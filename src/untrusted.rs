//! Showing untrusted text: bytes that a contestant's solution printed,
//! made safe to show on a terminal, in Markdown or in HTML.
//!
//! Untrusted bytes are split into [`Piece`]s: runs of printable text,
//! control characters (C0 and C1 controls, DEL, and the Unicode bidi
//! controls that can reorder what a reader sees), and invalid UTF-8. Each
//! piece has a visible form ([`Piece::visible`]) made of printable
//! characters only: `\0`, `\t`, `\n`, `\r`, `\x1b`, `\u{202e}` for
//! controls, U+FFFD for each invalid sequence. [`show_line`] and
//! [`show_lines`] join those forms.
//!
//! The visible form holds no control character, so it cannot move a
//! terminal's cursor or colour, but it is not escaped for any markup: HTML
//! still escapes it (maud does by default), Markdown still fences it (a
//! fence longer than any run of backticks in it, [`markdown_fence`]).
//! Where the distinction between a real `\x1b` typed by the solution and
//! an escape matters, the caller marks the non-text pieces (the HTML page
//! does, with a highlighted span per piece).

use std::borrow::Cow;

/// One piece of untrusted bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Printable text (no control character).
    Text(&'a str),
    /// One control character (C0, DEL, C1 or a bidi control).
    Control(char),
    /// Bytes that are not valid UTF-8 (one maximal invalid sequence).
    Invalid(&'a [u8]),
}

impl Piece<'_> {
    /// The piece in printable characters only (see the module docs).
    pub fn visible(&self) -> Cow<'_, str> {
        match *self {
            Piece::Text(text) => Cow::Borrowed(text),
            Piece::Control(c) => Cow::Owned(control_escape(c)),
            Piece::Invalid(_) => Cow::Borrowed("\u{fffd}"),
        }
    }

    /// What the piece stands for, for a tooltip: `ESC (0x1b)`, `invalid
    /// UTF-8: ff fe`; empty for text.
    pub fn describe(&self) -> String {
        match *self {
            Piece::Text(_) => String::new(),
            Piece::Control(c) => format!("{} (U+{:04X})", control_name(c), c as u32),
            Piece::Invalid(bytes) => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
                format!("invalid UTF-8: {}", hex.join(" "))
            }
        }
    }
}

/// Whether `c` is shown escaped: C0 controls, DEL, C1 controls, and the
/// bidi embedding, override and isolate controls (U+202A..U+202E,
/// U+2066..U+2069), and the zero-width marks U+200E, U+200F.
pub fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

fn control_escape(c: char) -> String {
    match c {
        '\0' => "\\0".to_string(),
        '\t' => "\\t".to_string(),
        '\n' => "\\n".to_string(),
        '\r' => "\\r".to_string(),
        c if (c as u32) < 0x100 => format!("\\x{:02x}", c as u32),
        c => format!("\\u{{{:x}}}", c as u32),
    }
}

fn control_name(c: char) -> &'static str {
    match c {
        '\0' => "NUL",
        '\t' => "tab",
        '\n' => "line feed",
        '\r' => "carriage return",
        '\x1b' => "ESC",
        '\x7f' => "DEL",
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' => {
            "bidi control"
        }
        _ => "control character",
    }
}

/// Splits untrusted bytes into pieces, in order; joined, their bytes are
/// the input.
pub fn pieces(bytes: &[u8]) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    for chunk in bytes.utf8_chunks() {
        let text = chunk.valid();
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if is_control(c) {
                if start < i {
                    out.push(Piece::Text(&text[start..i]));
                }
                out.push(Piece::Control(c));
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

/// One line of untrusted bytes in printable characters only: controls
/// escaped (`\x1b`, `\r`, `\0`, and `\n` if the bytes hold one), each
/// invalid UTF-8 sequence as U+FFFD.
pub fn show_line(bytes: &[u8]) -> String {
    pieces(bytes).iter().map(|p| p.visible()).collect()
}

/// Untrusted output as lines (split at `\n`, which is not shown; a
/// missing final newline gives no extra empty line), each as [`show_line`].
pub fn show_lines(bytes: &[u8]) -> Vec<String> {
    split_lines(bytes).map(show_line).collect()
}

/// Untrusted output split into lines at `\n` (not kept); a final `\n`
/// does not start another line.
pub fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    body.split(|&b| b == b'\n').filter(move |_| !empty)
}

/// Whether the bytes are shown as they are: valid UTF-8 with no control
/// character but `\n`.
pub fn is_plain(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|s| s.chars().all(|c| c == '\n' || !is_control(c)))
}

/// A Markdown code fence that `text` cannot close: one backtick more than
/// its longest run of backticks, and at least three.
pub fn markdown_fence(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_as_escapes() {
        assert_eq!(show_line(b"MP\r"), "MP\\r");
        assert_eq!(show_line(b"\x1b[31mFP\x1b[0m"), "\\x1b[31mFP\\x1b[0m");
        assert_eq!(show_line(b"a\0b\tc\x7f"), "a\\0b\\tc\\x7f");
        assert_eq!(show_line("\u{202e}KP".as_bytes()), "\\u{202e}KP");
        assert_eq!(show_line("\u{85}".as_bytes()), "\\x85");
    }

    #[test]
    fn invalid_utf8_is_a_replacement_character() {
        assert_eq!(show_line(b"K \xff\xfe D"), "K \u{fffd}\u{fffd} D");
        let p = pieces(b"K\xffD");
        assert_eq!(
            p,
            [Piece::Text("K"), Piece::Invalid(b"\xff"), Piece::Text("D")]
        );
        assert_eq!(p[1].describe(), "invalid UTF-8: ff");
    }

    #[test]
    fn plain_text_is_kept_and_pieces_join_to_the_input() {
        let input = "猪国杀 K K D\n".as_bytes();
        assert!(is_plain(input));
        assert_eq!(show_line(b"K K D"), "K K D");
        let hostile = b"a\x1bb\xf0\x9fc\r\n";
        assert!(!is_plain(hostile));
        let joined: Vec<u8> = pieces(hostile)
            .iter()
            .flat_map(|p| match *p {
                Piece::Text(t) => t.as_bytes().to_vec(),
                Piece::Control(c) => c.to_string().into_bytes(),
                Piece::Invalid(b) => b.to_vec(),
            })
            .collect();
        assert_eq!(joined, hostile);
    }

    #[test]
    fn lines_split_at_newlines() {
        assert_eq!(show_lines(b"FP\nDEAD\n"), ["FP", "DEAD"]);
        assert_eq!(show_lines(b"FP\r\n\nK"), ["FP\\r", "", "K"]);
        assert!(show_lines(b"").is_empty());
        assert_eq!(show_lines(b"\n"), [""]);
    }

    #[test]
    fn a_fence_outlasts_the_backticks_inside() {
        assert_eq!(markdown_fence("K D"), "```");
        assert_eq!(markdown_fence("a ```` b"), "`````");
    }
}
