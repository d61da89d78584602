//! A solution's output is untrusted: whatever bytes it prints, nothing of
//! it reaches the terminal text, the saved `.md` or the JSON unescaped,
//! the side-by-side table stays aligned, and only `NAME.actual` keeps the
//! raw bytes as evidence.

use std::process::Command;

/// What the hostile solution prints: terminal escapes (clear the screen,
/// retitle the window, move the cursor), a carriage return that would hide
/// the start of a line, NUL, BEL, a Markdown fence, an HTML injection and
/// bytes that are not UTF-8.
const HOSTILE: &[u8] = b"FP\x1b[2J\x1b]0;owned\x07\nK\rDEAD\n\x00\x07```\n</pre><script>alert(1)</script>\n\xff\xfe\xc3\x28 K\n\xe2\x80\xae D\n";

fn hostile_solution(dir: &std::path::Path) -> String {
    let path = dir.join("hostile.out");
    std::fs::write(&path, HOSTILE).expect("write");
    format!("sh -c 'cat >/dev/null; cat {}'", path.display())
}

/// Every control byte in `bytes` other than a line feed.
fn control_bytes(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .filter(|&c| (c.is_control() && c != '\n') || c == '\u{202e}')
        .map(|c| c as u32 as u8)
        .collect()
}

#[test]
fn hostile_output_is_shown_escaped_in_the_terminal_and_the_md_and_kept_raw() {
    let work = tempfile::tempdir().expect("temp dir");
    let out_dir = work.path().join("failures");
    let output = Command::new(env!("CARGO_BIN_EXE_pigkill"))
        .args(["check", "--solution", &hostile_solution(work.path())])
        .args(["--count", "50", "--seed", "1", "--out"])
        .arg(&out_dir)
        .output()
        .expect("pigkill runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = output.stdout;
    assert!(std::str::from_utf8(&stdout).is_ok(), "the report is UTF-8");
    assert_eq!(
        control_bytes(&stdout),
        b"",
        "no raw control byte on the terminal"
    );
    let report = String::from_utf8(stdout).unwrap();
    assert!(report.contains("\\x1b[2J"), "{report}");
    assert!(report.contains("K\\rDEAD"), "{report}");
    assert!(report.contains("\\xff\\xfe"), "{report}");
    assert!(report.contains("\\u{202e}"), "{report}");

    // The side-by-side table: every row has its bar in the same column.
    let table: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("--- expected vs actual"))
        .skip(1)
        .take_while(|l| !l.starts_with("---"))
        .collect();
    assert!(table.len() > 3, "{report}");
    let bar = table[0].chars().position(|c| c == '|').expect("a bar");
    for row in &table {
        assert_eq!(
            row.chars().position(|c| c == '|'),
            Some(bar),
            "misaligned row {row:?}"
        );
    }

    let saved: Vec<std::path::PathBuf> = std::fs::read_dir(&out_dir)
        .expect("saved")
        .map(|e| e.expect("entry").path())
        .collect();
    let md = saved
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "md"))
        .expect(".md");
    let note = std::fs::read(md).expect("read");
    assert_eq!(control_bytes(&note), b"", "no raw control byte in the .md");
    let note = String::from_utf8(note).expect("the .md is UTF-8");
    // The fence around the actual output is longer than the ``` inside it,
    // so the content cannot close it.
    assert!(note.contains("````\n"), "{note}");
    let actual = saved
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "actual"))
        .expect(".actual");
    assert_eq!(
        std::fs::read(actual).expect("read"),
        HOSTILE,
        "the evidence is raw"
    );
}

#[test]
fn hostile_output_in_json_is_escaped_by_json() {
    let work = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_pigkill"))
        .args(["check", "--solution", &hostile_solution(work.path())])
        .args(["--count", "50", "--seed", "1", "--json", "--out"])
        .arg(work.path().join("failures"))
        .output()
        .expect("pigkill runs");
    assert_eq!(control_bytes(&output.stdout), b"");
    let failure = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .find(|e| e["event"] == "failure")
        .expect("a failure");
    let actual = failure["actual"].as_str().expect("text");
    assert!(
        actual.starts_with("FP\u{1b}[2J"),
        "JSON carries the text, escaped by JSON"
    );
}
