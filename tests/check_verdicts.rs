//! `pigkill check` gives the verdicts a judge gives, within the time asked
//! for (issue 23): "cannot start" only for what cannot start; a program
//! that started and crashes or allocates without end on every game has
//! its RE or MLE on the statement's sample saved like any other failure;
//! a hang does not hide a wrong answer; and `--time T` ends the check
//! within T plus `--shrink-time` per reported cause plus 2 s, even for a
//! solution that hangs on the fresh games its diagnosis runs it on.
//!
//! The programs are small C programs compiled here with gcc, or shell
//! wrappers around the example contestant; they and their state live
//! under the target directory, not in /tmp (which runs may not share).

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use common::{compile_c, have, shown, write};

/// A fresh directory under the target directory.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("a scratch directory")
}

/// Runs `pigkill check ARGS --out OUT`, with a private build cache.
fn check(args: &[&str], out: &Path) -> Output {
    let cache = scratch();
    common::check(args, out, cache.path())
}

/// The example contestant, right or with one known mistake.
fn contestant(bug: Option<&str>) -> String {
    let exe = env!("CARGO_BIN_EXE_example-contestant");
    match bug {
        Some(bug) => format!("{exe} --bug {bug}"),
        None => exe.to_string(),
    }
}

/// The JSON Lines events of a `--json` run.
fn events(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

/// The `failure` events.
fn failures(out: &Output) -> Vec<serde_json::Value> {
    events(out)
        .into_iter()
        .filter(|e| e["event"] == "failure")
        .collect()
}

/// The saved files of `dir` whose names start with `prefix`.
fn saved(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.expect("entry").path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A game's size from a failure event's `original` or `minimised`.
fn size(value: &serde_json::Value) -> (u64, u64) {
    (
        value["pigs"].as_u64().expect("pigs"),
        value["deck"].as_u64().expect("deck"),
    )
}

#[test]
fn an_endless_allocator_is_an_mle_failure_saved_with_exit_1() {
    if !have("gcc", "the endless allocator") {
        return;
    }
    let dir = scratch();
    let allocator = compile_c(
        dir.path(),
        "allocator",
        "#include <stdlib.h>\n#include <string.h>\n\
         int main(void) { for (;;) { char *p = malloc(1 << 22); if (!p) return 3; memset(p, 1, 1 << 22); } }\n",
        &[],
    );
    let out_dir = scratch();
    let solution = allocator.display().to_string();
    let out = check(
        &[
            "--solution",
            &solution,
            "--memory",
            "64",
            "--timeout",
            "5s",
            "--count",
            "4",
            "--seed",
            "1",
            "--shrink-time",
            "3s",
            "--json",
        ],
        out_dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", shown(&out));
    let failures = failures(&out);
    assert_eq!(failures.len(), 1, "{}", shown(&out));
    let mle = &failures[0];
    assert_eq!(mle["verdict"], "MLE", "{mle}");
    assert_eq!(mle["cause"], "memory-limit", "{mle}");
    let explanation = mle["explanation"].as_str().expect("an explanation");
    assert!(
        explanation.contains("against a limit of 64 MiB"),
        "{explanation}"
    );
    assert_eq!(saved(out_dir.path(), "MLE-memory-limit").len(), 5);
}

#[test]
fn a_segfault_on_every_game_is_an_re_failure_on_the_sample_minimised_and_saved() {
    if !have("gcc", "the segfault") {
        return;
    }
    let dir = scratch();
    let segfault = compile_c(
        dir.path(),
        "segfault",
        "#include <stdio.h>\n\
         int main(void) { int n = 0; if (scanf(\"%d\", &n) != 1) return 2; \
         volatile int *p = 0; *p = n; return 0; }\n",
        &[],
    );
    let out_dir = scratch();
    let solution = segfault.display().to_string();
    let out = check(
        &[
            "--solution",
            &solution,
            "--count",
            "20",
            "--seed",
            "1",
            "--shrink-time",
            "5s",
            "--json",
        ],
        out_dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", shown(&out));
    let failures = failures(&out);
    assert_eq!(failures.len(), 1, "{}", shown(&out));
    let re = &failures[0];
    assert_eq!(re["verdict"], "RE", "{re}");
    assert_eq!(re["cause"], "crash-SIGSEGV", "{re}");
    // Found on the statement's sample (3 pigs, 10 deck cards), minimised.
    assert_eq!(re["game_index"], serde_json::Value::Null, "{re}");
    assert_eq!(re["test"], serde_json::Value::Null, "{re}");
    assert_eq!(size(&re["original"]), (3, 10), "{re}");
    let (pigs, deck) = size(&re["minimised"]);
    assert!(pigs + deck < 13, "{re}");
    let explanation = re["explanation"].as_str().expect("an explanation");
    assert!(
        explanation.starts_with("It crashed: killed by SIGSEGV"),
        "{explanation}"
    );
    assert!(
        explanation.contains("after printing nothing"),
        "{explanation}"
    );
    // Every rendering says so, none blames a missing mistake.
    let note = std::fs::read_to_string(
        saved(out_dir.path(), "RE-crash-SIGSEGV")
            .into_iter()
            .find(|p| p.extension().is_some_and(|e| e == "md"))
            .expect("a saved note"),
    )
    .expect("readable");
    assert!(note.contains("It crashed: killed by SIGSEGV"), "{note}");
    assert!(!note.contains("No known mistake"), "{note}");
    let text_out = scratch();
    let text = check(
        &[
            "--solution",
            &solution,
            "--count",
            "5",
            "--seed",
            "1",
            "--shrink-time",
            "2s",
        ],
        text_out.path(),
    );
    let report = String::from_utf8_lossy(&text.stdout);
    assert!(
        report.contains("first at the statement's sample"),
        "{report}"
    );
    assert!(
        report.contains("--- likely cause:\nIt crashed: killed by SIGSEGV"),
        "{report}"
    );
    let page = std::fs::read_to_string(
        saved(text_out.path(), "RE-crash-SIGSEGV")
            .into_iter()
            .find(|p| p.extension().is_some_and(|e| e == "html"))
            .expect("a saved page"),
    )
    .expect("readable");
    assert!(page.contains("It crashed: killed by SIGSEGV"));
}

#[test]
fn what_cannot_start_is_still_cannot_start_with_exit_2() {
    let dir = scratch();
    let mut cases = vec![
        ("sh -c 'exit 127'".to_string(), "exit code 127"),
        (
            "sh -c 'exec no-such-interpreter-pigkill sol.py'".to_string(),
            "exit code 127",
        ),
    ];
    // A script whose interpreter is missing cannot even be executed.
    let script = write(dir.path(), "solution", "#!/no/such/python3\nprint('MP')\n");
    let mut permissions = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&script, permissions).unwrap();
    cases.push((script.display().to_string(), "cannot start"));
    if have("java", "a missing Java class") {
        cases.push((
            "java -cp /nonexistent Main".to_string(),
            "Could not find or load main class",
        ));
    }
    for (solution, says) in cases {
        let out_dir = scratch();
        let out = check(
            &["--solution", &solution, "--count", "3", "--seed", "1"],
            out_dir.path(),
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{solution}: {}", shown(&out));
        assert!(
            stderr.contains("the solution cannot start"),
            "{solution}: {stderr}"
        );
        assert!(stderr.contains(says), "{solution}: {stderr}");
        assert!(out.stdout.is_empty(), "{solution}: no game was minimised");
    }
}

/// Runs `sh WRAPPER` with `--keep-going --time 10s --shrink-time 4s` on
/// two jobs, and checks that it fails (exit 1) within the bound `--time`
/// promises: 10 s, plus 4 s for each reported cause, plus 2 s. Returns the
/// text report and the folder of saved failures.
fn check_for_ten_seconds(wrapper: &Path, what: &str, sandbox: &str) -> (String, tempfile::TempDir) {
    let solution = format!("sh {}", wrapper.display());
    let out_dir = scratch();
    let started = Instant::now();
    let out = check(
        &[
            "--solution",
            &solution,
            "--sandbox",
            sandbox,
            "--keep-going",
            "--time",
            "10s",
            "--shrink-time",
            "4s",
            "--jobs",
            "2",
            "--seed",
            "3",
        ],
        out_dir.path(),
    );
    let wall = started.elapsed();
    let causes = (saved(out_dir.path(), "").len() / 5) as u64;
    eprintln!("{what}: {wall:?} wall, {causes} causes reported");
    assert_eq!(out.status.code(), Some(1), "{}", shown(&out));
    let bound = Duration::from_secs(10 + 4 * causes + 2);
    assert!(wall <= bound, "{what}: {wall:?} for {causes} causes");
    (String::from_utf8_lossy(&out.stdout).into_owned(), out_dir)
}

#[test]
fn a_hang_on_big_games_does_not_hide_a_wrong_answer_on_small_ones() {
    // Wrong on games of up to 5 pigs (a duel answered by the player
    // first), hangs on every game of 6 pigs or more. The wrong output is
    // found first (game 3, while game 0 hangs) and its diagnosis may use
    // the whole clock under load: the TLE is reported all the same (the
    // first of its kind), and runs stop early from the first hang the
    // search itself sees, not from the TLE's report. (An RE with exit code
    // 1 may be reported too: that mistake makes some small games endless,
    // and the example contestant exits 1 there, "the game does not end".)
    let dir = scratch();
    let wrapper = write(
        dir.path(),
        "hangs-on-big-games.sh",
        &format!(
            "input=$(cat)\nset -- $input\nif [ \"$1\" -ge 6 ]; then exec sleep 1000; fi\n\
             printf '%s\\n' \"$input\" | {}\n",
            contestant(Some("duel-player-first"))
        ),
    );
    let (report, out_dir) =
        check_for_ten_seconds(&wrapper, "wrong on small games, hangs on big ones", "on");
    assert_eq!(saved(out_dir.path(), "TLE-").len(), 5, "{report}");
    let wrong = saved(out_dir.path(), "WA-").len() + saved(out_dir.path(), "PE-").len();
    assert!(wrong >= 5, "{report}");
    assert!(report.contains("TLE, stopped early: "), "{report}");
}

#[test]
fn a_hang_on_the_fresh_games_of_its_diagnosis_still_ends_in_time() {
    // Right wherever a duel answered by the player first changes nothing;
    // where it does, wrong on the first two such games it sees, and then
    // it hangs: on the fresh games that test the diagnosis (all of them
    // games where the mistake shows), and on the search's later ones.
    let dir = scratch();
    let state = dir.path().join("state");
    std::fs::create_dir(&state).unwrap();
    let wrapper = write(
        dir.path(),
        "hangs-on-fresh-games.sh",
        &format!(
            "input=$(cat)\n\
             right=$(printf '%s\\n' \"$input\" | {right})\n\
             wrong=$(printf '%s\\n' \"$input\" | {wrong})\n\
             if [ \"$right\" = \"$wrong\" ]; then printf '%s\\n' \"$right\"; exit 0; fi\n\
             n=$(flock {state}/lock sh -c 'n=$(cat {state}/n 2>/dev/null || echo 0); \
             n=$((n + 1)); echo $n > {state}/n; echo $n')\n\
             if [ \"$n\" -le 2 ]; then printf '%s\\n' \"$wrong\"; else exec sleep 1000; fi\n",
            right = contestant(None),
            wrong = contestant(Some("duel-player-first")),
            state = state.display(),
        ),
    );
    // It counts the games where the mistake shows in a file outside its
    // run, which the sandbox forbids (as a judge does): sandbox off.
    let (report, out_dir) =
        check_for_ten_seconds(&wrapper, "hangs on the fresh games of its diagnosis", "off");
    let shown_wrong: usize =
        std::fs::read_to_string(state.join("n")).map_or(0, |n| n.trim().parse().unwrap_or(0));
    assert!(shown_wrong > 2, "the mistake showed on {shown_wrong} games");
    assert!(!saved(out_dir.path(), "").is_empty(), "{report}");
}
