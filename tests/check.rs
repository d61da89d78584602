//! `pigkill check` against real programs: the example contestant (right,
//! and with classic bugs injected), and programs that hang, crash or pad
//! their output. The process-level guarantees (no stray process, memory
//! caps, ...) are pinned in `tests/solution_runner.rs`; here the whole
//! command is driven as a user would.

use std::process::{Command, Output};

fn check(args: &[&str], out: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pigkill"))
        .arg("check")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("pigkill runs")
}

fn contestant(bug: Option<&str>) -> String {
    let exe = env!("CARGO_BIN_EXE_example-contestant");
    match bug {
        Some(bug) => format!("{exe} --bug {bug}"),
        None => exe.to_string(),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_correct_solution_gets_all_ac_and_exit_0() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            &contestant(None),
            "--count",
            "400",
            "--seed",
            "1",
        ],
        out_dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let report = text(&out.stdout);
    assert!(report.contains("AC "), "{report}");
    assert!(!report.contains("WA"), "{report}");
    assert_eq!(
        std::fs::read_dir(out_dir.path()).map_or(0, |d| d.count()),
        0,
        "nothing saved"
    );
}

#[test]
fn injected_classic_bugs_are_found_minimised_and_saved() {
    for bug in [
        "duel-player-first",
        "dying-skips-peach",
        "loyalist-fights-lord",
        "reward-after-last-rebel",
        "peach-at-full-hp",
    ] {
        let out_dir = tempfile::tempdir().expect("temp dir");
        let out = check(
            &[
                "--solution",
                &contestant(Some(bug)),
                "--count",
                "3000",
                "--seed",
                "2",
            ],
            out_dir.path(),
        );
        let report = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{bug}: {report}{}",
            text(&out.stderr)
        );
        assert!(
            report.contains("--- what should have happened:"),
            "{bug}: {report}"
        );
        // Every saved failure is a small game, with expected and actual beside it.
        let mut smallest = (usize::MAX, usize::MAX);
        for entry in std::fs::read_dir(out_dir.path()).expect("saved failures") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "in") {
                let game =
                    pigkill_engine::parse_game(&std::fs::read_to_string(&path).expect("readable"))
                        .expect("a game");
                smallest = smallest.min((game.pig_count(), game.deck().len()));
                for ext in ["expected", "actual", "md"] {
                    assert!(
                        path.with_extension(ext).exists(),
                        "{bug}: no .{ext} beside {}",
                        path.display()
                    );
                }
            }
        }
        assert!(
            smallest.0 <= 3 && smallest.1 <= 12,
            "{bug}: smallest saved failure is {smallest:?}\n{report}"
        );
    }
}

#[test]
fn a_solution_that_hangs_gets_tle() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            "sh -c 'exec sleep 1000'",
            "--count",
            "3",
            "--seed",
            "1",
            "--timeout",
            "200ms",
            "--jobs",
            "1",
        ],
        out_dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("TLE"), "{}", text(&out.stdout));
}

#[test]
fn a_crashing_solution_gets_re_naming_the_signal() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            "sh -c 'kill -SEGV $$'",
            "--count",
            "3",
            "--seed",
            "1",
            "--jobs",
            "1",
        ],
        out_dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("SIGSEGV"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn trailing_spaces_are_ac_under_lines_and_pe_under_exact() {
    let padded = format!("sh -c '{} | sed \"s/$/  /\"'", contestant(None));
    let out_dir = tempfile::tempdir().expect("temp dir");
    let lines = check(
        &["--solution", &padded, "--count", "40", "--seed", "1"],
        out_dir.path(),
    );
    assert_eq!(lines.status.code(), Some(0), "{}", text(&lines.stdout));
    let exact = check(
        &[
            "--solution",
            &padded,
            "--count",
            "40",
            "--seed",
            "1",
            "--compare",
            "exact",
        ],
        out_dir.path(),
    );
    assert_eq!(exact.status.code(), Some(1));
    assert!(
        text(&exact.stdout).contains("PE"),
        "{}",
        text(&exact.stdout)
    );
}

#[test]
fn a_folder_of_tests_is_checked_with_its_own_answers() {
    let tests = tempfile::tempdir().expect("temp dir");
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules/sample");
    std::fs::copy(format!("{sample}.in"), tests.path().join("1.in")).expect("copy");
    std::fs::copy(format!("{sample}.out"), tests.path().join("1.out")).expect("copy");
    std::fs::copy(format!("{sample}.in"), tests.path().join("2.in")).expect("copy");
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            &contestant(None),
            "--tests",
            tests.path().to_str().expect("path"),
        ],
        out_dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("total         2"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_missing_solution_is_a_usage_error() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &["--solution", "/no/such/solution", "--count", "3"],
        out_dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("error: "),
        "{}",
        text(&out.stderr)
    );
}
