//! `pigkill check` against real programs: the example contestant (right,
//! and with classic bugs injected), and programs that hang, crash or pad
//! their output. The process-level guarantees (no stray process, memory
//! caps, ...) are pinned in `tests/solution_runner.rs`; here the whole
//! command is driven as a user would.

use std::process::{Command, Output};

mod common;

use common::{assert_success, text};

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
    assert_success(&out, "check on the right contestant");
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
fn a_solution_that_crashes_before_reading_is_re_on_the_sample_not_cannot_start() {
    // It started (no runtime says it could not): a crash on every game is
    // RE, reported on the statement's sample with the end of its stderr.
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            "sh -c 'echo cannot open the table >&2; kill -SEGV $$'",
            "--count",
            "3",
            "--seed",
            "1",
            "--shrink-time",
            "2s",
        ],
        out_dir.path(),
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("cannot start"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        report.contains("=== RE: crash SIGSEGV, first at the statement's sample"),
        "{report}"
    );
    assert!(
        report.contains("its stderr ends with `cannot open the table`"),
        "{report}"
    );
}

#[test]
fn a_crash_that_says_it_could_not_load_is_one_clear_error() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            "sh -c 'echo error while loading shared libraries: libfoo.so >&2; kill -SEGV $$'",
            "--count",
            "3",
            "--seed",
            "1",
        ],
        out_dir.path(),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the solution cannot start"), "{stderr}");
    assert!(stderr.contains("SIGSEGV"), "{stderr}");
    assert!(stderr.contains("libfoo.so"), "{stderr}");
    assert!(text(&out.stdout).is_empty(), "no game was minimised");
}

#[test]
fn a_solution_that_crashes_on_some_games_gets_re_naming_the_signal() {
    // Crashes on games of 6 pigs or more, answers right otherwise.
    let crashes = format!(
        "sh -c 'input=$(cat); set -- $input; if [ $1 -ge 6 ]; then kill -SEGV $$; fi; printf \"%s\\n\" \"$input\" | {}'",
        contestant(None)
    );
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &["--solution", &crashes, "--count", "200", "--seed", "1"],
        out_dir.path(),
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(report.contains("RE: killed by SIGSEGV"), "{report}");
    // ShrunkDivergence to the smallest table that still crashes: 6 pigs.
    assert!(report.contains("to 6 pigs"), "{report}");
}

#[test]
fn trailing_spaces_are_ac_under_lines_and_pe_under_exact() {
    let padded = format!("sh -c '{} | sed \"s/$/  /\"'", contestant(None));
    let out_dir = tempfile::tempdir().expect("temp dir");
    let lines = check(
        &["--solution", &padded, "--count", "40", "--seed", "1"],
        out_dir.path(),
    );
    assert_success(&lines, "check --compare lines");
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
    assert_success(&out, "check --tests");
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

/// Runs `pigkill check --json` and parses every line of its stdout.
fn check_json(args: &[&str], out: &std::path::Path) -> (Option<i32>, Vec<serde_json::Value>) {
    let mut all = args.to_vec();
    all.push("--json");
    let output = check(&all, out);
    let events = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (output.status.code(), events)
}

#[test]
fn the_default_run_stops_at_the_first_failure_with_one_minimised_game() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = check(
        &[
            "--solution",
            &contestant(Some("loyalist-fights-lord")),
            "--time",
            "60s",
            "--seed",
            "7",
        ],
        out_dir.path(),
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert_eq!(report.matches("\n=== ").count(), 1, "{report}");
    let saved: Vec<_> = std::fs::read_dir(out_dir.path()).expect("saved").collect();
    assert_eq!(saved.len(), 5, "{report}");
    // It stopped long before the 60 s budget: the search ended at the
    // first failure.
    assert!(report.contains("1 failure saved"), "{report}");
}

#[test]
fn keep_going_reports_one_game_per_cause_not_per_line() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let (code, events) = check_json(
        &[
            "--solution",
            &contestant(Some("duel-player-first")),
            "--time",
            "4s",
            "--seed",
            "3",
            "--keep-going",
        ],
        out_dir.path(),
    );
    assert_eq!(code, Some(1));
    let failures: Vec<_> = events.iter().filter(|e| e["event"] == "failure").collect();
    let summary = events.last().expect("a summary");
    assert_eq!(summary["event"], "summary");
    let wrong = summary["verdicts"]["WA"].as_u64().unwrap_or(0)
        + summary["verdicts"]["PE"].as_u64().unwrap_or(0);
    assert!(wrong > 10, "many failing games: {summary}");
    assert!(
        (1..=3).contains(&failures.len()),
        "one mistake, at most 3 causes: {failures:?}"
    );
    let causes: std::collections::HashSet<&str> = failures
        .iter()
        .map(|f| f["cause"].as_str().unwrap())
        .collect();
    assert_eq!(causes.len(), failures.len(), "each cause reported once");
}

#[test]
fn json_lines_carry_every_field() {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let (code, events) = check_json(
        &[
            "--solution",
            &contestant(Some("dying-skips-peach")),
            "--count",
            "500",
            "--seed",
            "7",
        ],
        out_dir.path(),
    );
    assert_eq!(code, Some(1));
    let names: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["start", "failure", "summary"]);
    let start = &events[0];
    assert_eq!(start["solution"], contestant(Some("dying-skips-peach")));
    assert_eq!(start["source"], "generated");
    assert_eq!(start["profile"], "mixed");
    assert_eq!(start["seed"], 7);
    assert_eq!(start["count"], 500);
    assert!(start["time_s"].is_null() && start["folder"].is_null());
    assert!(start["jobs"].as_u64().unwrap() >= 1);
    assert_eq!(start["keep_going"], false);
    assert_eq!(start["compare"], "lines");
    assert_eq!(start["timeout_s"], 1.0);

    let failure = &events[1];
    assert_eq!(failure["verdict"], "WA");
    assert!(failure["detail"].as_str().unwrap().starts_with("WA line "));
    // The cause is the known mistake that reproduces the output and
    // predicts the solution on fresh games.
    assert_eq!(failure["cause"], "dying-skips-peach");
    let diagnosis = failure["diagnosis"].as_array().expect("a diagnosis");
    let likely = &diagnosis[0];
    assert_eq!(likely["mistake"], "dying-skips-peach");
    assert!(likely["description"].as_str().unwrap().len() > 10);
    assert_eq!(likely["rule"], "Damage, dying, death");
    assert_eq!(likely["explains"], likely["of"]);
    assert!(likely["predicted"].as_u64().unwrap() >= 18, "{likely}");
    assert_eq!(likely["tried"], 20);
    assert_eq!(likely["verdict"], "confirmed");
    assert!(failure["elapsed_s"].as_f64().unwrap() > 0.0);
    assert!(failure["game_index"].as_u64().unwrap() < 500);
    assert!(failure["test"].is_null());
    let (before, after) = (&failure["original"], &failure["minimised"]);
    assert!(after["pigs"].as_u64() <= before["pigs"].as_u64());
    assert!(after["deck"].as_u64() <= before["deck"].as_u64());
    assert_eq!(failure["minimal"], true);
    assert!(failure["shrink_runs"].as_u64().unwrap() > 0);
    assert!(failure["shrink_s"].as_f64().unwrap() >= 0.0);
    // The input is the minimised game, and its answers are the engines' and
    // the solution's.
    let input = failure["input"].as_str().unwrap();
    let game = pigkill_engine::parse_game(input).expect("the minimised game");
    assert_eq!(game.pig_count() as u64, after["pigs"].as_u64().unwrap());
    let expected = failure["expected"].as_str().unwrap();
    assert_eq!(
        pigkill::check::expected(&game),
        pigkill::check::Expected::Answer(expected.to_string()),
        "the expected answer is the engines'"
    );
    assert_ne!(failure["actual"], failure["expected"]);
    assert!(failure["stderr"].is_string());
    let files: Vec<&str> = failure["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 5);
    assert!(files[4].ends_with(".html"));
    assert_eq!(std::fs::read_to_string(files[0]).unwrap(), input);
    assert_eq!(
        std::fs::read_to_string(files[2]).unwrap(),
        failure["actual"].as_str().unwrap()
    );
    // Two jobs may each judge a failing game before the search stops; the
    // failure event counts those known when it was reported, the summary
    // all of them.
    let summary = &events[2];
    let in_group = summary["groups"][0].as_u64().unwrap();
    assert!((1..=2).contains(&in_group), "{summary}");
    assert!(failure["games_in_group"].as_u64().unwrap() <= in_group);
    assert_eq!(summary["verdicts"]["WA"].as_u64(), Some(in_group));
    let games = summary["games"].as_u64().unwrap();
    assert_eq!(
        games,
        summary["verdicts"]["AC"].as_u64().unwrap_or(0) + in_group,
        "{summary}"
    );
    assert!(summary["games_per_s"].as_f64().unwrap() > 0.0);
    assert!(summary["search_s"].as_f64().unwrap() <= summary["elapsed_s"].as_f64().unwrap());
    assert!(summary["skipped"].is_u64());
    assert_eq!(summary["failures"], 1);
    assert_eq!(summary["saved"].as_array().unwrap().len(), 5);
    assert_eq!(summary["interrupted"], false);
}

#[test]
fn a_tle_on_some_games_only_is_minimised_within_the_budget() {
    // Hangs on games with 7 pigs or more, answers right otherwise.
    let hangs = format!(
        "sh -c 'input=$(cat); set -- $input; if [ $1 -ge 7 ]; then exec sleep 1000; fi; printf \"%s\\n\" \"$input\" | {}'",
        contestant(None)
    );
    let out_dir = tempfile::tempdir().expect("temp dir");
    let (code, events) = check_json(
        &[
            "--solution",
            &hangs,
            "--count",
            "300",
            "--seed",
            "1",
            "--shrink-time",
            "5s",
        ],
        out_dir.path(),
    );
    assert_eq!(code, Some(1));
    let failure = events
        .iter()
        .find(|e| e["event"] == "failure")
        .expect("a failure");
    assert_eq!(failure["verdict"], "TLE");
    assert_eq!(failure["minimised"]["pigs"], 7, "{failure}");
    // The budget, plus at most one run at the full limit that was under
    // way when it ran out.
    assert!(
        failure["shrink_s"].as_f64().unwrap() < 5.0 + 1.5,
        "{failure}"
    );
}

#[test]
fn ctrl_c_stops_with_the_summary_and_the_failures_saved_and_no_process_left() {
    // The runs write their pids outside their own directory: the sandbox
    // is off, and the folder is not under /tmp (each run has its own).
    let pids = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("temp dir");
    // Every run records its pid, then answers slowly and wrongly on some
    // games, so that a keep-going check is busy when interrupted. (The pid
    // as this test sees it: `$$` is the one in the run's PID namespace.)
    let solution = format!(
        "sh -c 'read -r p _ < /proc/self/stat; echo $p >> {}/pids; sleep 0.05; {} --bug duel-player-first'",
        pids.path().display(),
        env!("CARGO_BIN_EXE_example-contestant")
    );
    let out_dir = tempfile::tempdir().expect("temp dir");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_pigkill"))
        .args([
            "check",
            "--solution",
            &solution,
            "--time",
            "60s",
            "--seed",
            "3",
            "--sandbox",
            "off",
        ])
        .args(["--keep-going", "--json", "--out"])
        .arg(out_dir.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("pigkill runs");
    std::thread::sleep(std::time::Duration::from_secs(3));
    // SAFETY: kill(2) on the child's pid, which has not been reaped yet.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let started = std::time::Instant::now();
    let output = child.wait_with_output().expect("pigkill ends");
    assert!(
        started.elapsed().as_secs() < 20,
        "it stopped soon after Ctrl-C"
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    let events: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let summary = events.last().expect("a summary");
    assert_eq!(summary["event"], "summary");
    assert_eq!(summary["interrupted"], true);
    let saved = summary["saved"].as_array().expect("saved files");
    assert!(!saved.is_empty());
    for file in saved {
        assert!(std::path::Path::new(file.as_str().unwrap()).exists());
    }
    let recorded = std::fs::read_to_string(pids.path().join("pids")).expect("pids");
    for pid in recorded.lines() {
        let pid: libc::pid_t = pid.trim().parse().expect("a pid");
        // SAFETY: signal 0 only asks whether the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        assert!(!alive, "process {pid} of the solution is still running");
    }
}

#[test]
fn a_folder_of_real_judge_data_is_read_as_judges_do_and_a_bad_test_does_not_stop_it() {
    let tests = tempfile::tempdir().expect("temp dir");
    let sample = include_str!("fixtures/rules/sample.in");
    // Padded deck (as 6 of the 14 public hack tests), CRLF, a deck wrapped
    // over two lines, and one test that is not a game at all.
    let padded = sample.replace("F F D D J J F F K D", "F F D D J J F F K D K K K P P P");
    std::fs::write(tests.path().join("1.in"), padded).expect("write");
    std::fs::write(tests.path().join("2.in"), sample.replace('\n', "\r\n")).expect("write");
    std::fs::write(
        tests.path().join("3.in"),
        sample.replace("F F D D J J", "F F D D J J\n"),
    )
    .expect("write");
    std::fs::write(tests.path().join("4.in"), "3 10\nMP D D X F\n").expect("write");
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
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_success(&out, "check --tests");
    assert!(stdout.contains("total         3"), "{stdout}");
    assert!(
        stderr.contains("1.in: line 5, column 21: 6 tokens after the 10 deck cards are ignored"),
        "{stderr}"
    );
    assert!(
        stderr.contains("4.in: not a readable test (line 2, column 8: unknown card 'X'"),
        "{stderr}"
    );
}
