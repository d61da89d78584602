//! Judge data in the wild (`rules.md`, "Judge data in the wild, and how
//! solutions read it"): generated games written with each deviation that
//! real data shows (a padded deck, CRLF, a wrapped deck, no final newline,
//! extra blank lines, tabs and runs of spaces). `pigkill run` answers each
//! as it answers the clean game, as accepted solutions do; `pigkill
//! validate` flags each at its line and column, and passes every game
//! `pigkill gen` writes and every fixture.

use std::path::Path;

mod common;
mod deviations;

use common::{assert_success, pigkill, text};
use deviations::{games, variants};

#[test]
fn run_answers_every_deviation_as_it_answers_the_clean_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (id, game) in games() {
        let clean = dir.path().join(format!("{id}.in"));
        std::fs::write(&clean, game.to_text()).expect("write");
        let answer = pigkill(&["run", clean.to_str().expect("utf-8")]);
        assert_success(&answer, &id);
        for variant in variants(&game) {
            let path = dir.path().join(format!("{id}-{}.in", variant.name));
            std::fs::write(&path, &variant.text).expect("write");
            let out = pigkill(&["run", path.to_str().expect("utf-8")]);
            assert_eq!(
                text(&out.stdout),
                text(&answer.stdout),
                "{id} {}: {}",
                variant.name,
                text(&out.stderr)
            );
            assert_success(&out, &format!("{id} {}", variant.name));
            // Only ignored tokens are worth a warning.
            let warned = text(&out.stderr).contains("warning:");
            assert_eq!(warned, variant.name == "padded", "{id} {}", variant.name);
        }
    }
}

#[test]
fn validate_flags_every_deviation_at_its_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut expected, mut clean) = (Vec::new(), Vec::new());
    for (id, game) in games() {
        let path = dir.path().join(format!("{id}.in"));
        std::fs::write(&path, game.to_text()).expect("write");
        clean.push(path);
        for variant in variants(&game) {
            let path = dir.path().join(format!("{id}-{}.in", variant.name));
            std::fs::write(&path, &variant.text).expect("write");
            expected.push((path, variant.flagged));
        }
    }
    let out = pigkill(&["validate", dir.path().to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for (path, (line, column, message)) in &expected {
        let head = format!("{}:{line}:{column}: ", path.display());
        let first = report
            .lines()
            .find(|l| l.starts_with(&format!("{}:", path.display())))
            .unwrap_or_else(|| panic!("{} is not flagged:\n{report}", path.display()));
        assert!(
            first.starts_with(&head) && first.contains(message),
            "expected {head}...{message}, got {first}"
        );
    }
    for path in &clean {
        let head = format!("{}:", path.display());
        assert!(
            !report.lines().any(|l| l.starts_with(&head)),
            "the clean game {} is flagged:\n{report}",
            path.display()
        );
    }
    let summary = format!(
        "{} of {} files conform",
        clean.len(),
        clean.len() + expected.len()
    );
    assert!(
        text(&out.stderr).contains(&summary),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn validate_exit_codes_say_conform_deviate_or_usage() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.in");
    let bad = dir.path().join("bad.in");
    std::fs::write(&good, "2 1\nMP K K K K\nFP D D D D\nK\n").expect("write");
    std::fs::write(&bad, "2 1\r\nMP K K K K\nFP D D D D\nK\n").expect("write");
    let code = |args: &[&str]| pigkill(args).status.code();
    assert_eq!(code(&["validate", good.to_str().expect("utf-8")]), Some(0));
    assert_eq!(code(&["validate", bad.to_str().expect("utf-8")]), Some(1));
    assert_eq!(code(&["validate"]), Some(2), "no path");
    assert_eq!(code(&["validate", "/no/such/file.in"]), Some(2));
    let empty = tempfile::tempdir().expect("temp dir");
    assert_eq!(
        code(&["validate", empty.path().to_str().expect("utf-8")]),
        Some(2),
        "a folder without .in files"
    );
    // A game that does not end conforms to the format but not to the
    // statement's promise: `--ends` says so.
    let endless = dir.path().join("endless.in");
    std::fs::write(&endless, "3 3\nMP D D D D\nZP D D D D\nFP D D D D\nD D D\n").expect("write");
    let path = endless.to_str().expect("utf-8");
    assert_eq!(code(&["validate", path]), Some(0));
    let out = pigkill(&["validate", "--ends", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("the game does not end"),
        "{}",
        text(&out.stdout)
    );
}

fn gen_validates(args: &[&str]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out_dir = dir.path().to_str().expect("utf-8");
    let mut gen_args = vec!["gen", "--out", out_dir];
    gen_args.extend_from_slice(args);
    let generated = pigkill(&gen_args);
    assert_success(&generated, &format!("gen {args:?}"));
    common::validates_and_ends(out_dir, &format!("gen {args:?}"));
}

#[test]
fn every_gen_output_validates() {
    // What `gen --suite` writes is validated in tests/packages.rs, on the
    // suite that file's tests have the command write anyway: here it was
    // one more suite choice (about 45 s of CPU) for the same check.
    for profile in ["basic", "full", "big", "empty-deck", "deaths", "mixed"] {
        gen_validates(&["--profile", profile, "--count", "15", "--seed", "5"]);
    }
}

#[test]
fn every_fixture_validates() {
    let fixtures = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"));
    for group in std::fs::read_dir(fixtures).expect("fixtures") {
        let group = group.expect("entry").path();
        let has_games = std::fs::read_dir(&group).is_ok_and(|mut files| {
            files.any(|f| f.is_ok_and(|f| f.path().extension().is_some_and(|e| e == "in")))
        });
        if has_games {
            let out = pigkill(&["validate", group.to_str().expect("utf-8")]);
            assert_success(&out, &format!("validate {}", group.display()));
        }
    }
}

#[test]
fn explain_and_coverage_read_padded_data_like_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, game) = games().swap_remove(2);
    let padded = variants(&game).swap_remove(0);
    assert_eq!(padded.name, "padded");
    let path = dir.path().join("1.in");
    std::fs::write(&path, &padded.text).expect("write");
    let explained = pigkill(&["explain", path.to_str().expect("utf-8")]);
    assert_success(&explained, "explain");
    assert!(text(&explained.stderr).starts_with("warning: line "));
    let covered = pigkill(&["coverage", dir.path().to_str().expect("utf-8")]);
    assert_success(&covered, "coverage");
    let warnings = text(&covered.stderr);
    assert!(
        warnings.contains("3 tokens after the") && warnings.contains("1.in"),
        "{warnings}"
    );
}
