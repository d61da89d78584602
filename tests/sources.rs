//! `--solution` given a source file: built once with the judge's usual
//! command, cached by the hash of the source and the command, and reused;
//! a build that fails shows the compiler's own messages and exits 2; and a
//! solution that cannot start (a missing file, class or module) gets one
//! clear message and exit 2 instead of a pile of "minimised" games
//! (issue 11).

mod common;

use std::path::Path;

use common::{assert_success, check, count, have, shown, write, PIGKILL};
use pigkill::solution::{preflight, Command, Limits, Termination};

/// A C++ solution that lets `pigkill run` (its first argument) answer.
const CPP: &str = "#include <unistd.h>\n\
                   int main(int argc, char **argv) {\n\
                   \x20   execl(argv[1], argv[1], \"run\", (char *)0);\n\
                   \x20   return 127;\n\
                   }\n";

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `check --solution SOURCE [--compile CMD] --count 20 -- PIGKILL`.
fn check_source(dir: &Path, source: &Path, compile: Option<&str>) -> std::process::Output {
    let source = source.display().to_string();
    let mut args = vec!["--solution", &source];
    if let Some(compile) = compile {
        args.extend(["--compile", compile]);
    }
    args.extend(["--count", "20", "--seed", "5", "--", PIGKILL]);
    check(&args, &dir.join("failures"), &dir.join("cache"))
}

#[test]
fn the_example_contestant_is_compiled_once_then_taken_from_the_cache() {
    if !have("g++", "the C++ source") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/contestant.cpp"
    ));
    let first = check_source(dir.path(), source, None);
    assert_success(&first, "the first check");
    assert!(
        stderr(&first).contains("with `g++ -O2 -std=c++17 -o "),
        "{}",
        shown(&first)
    );
    assert_eq!(count(&first, "AC"), count(&first, "total"));
    let builds = dir.path().join("cache/pigkill/builds");
    let entries = || std::fs::read_dir(&builds).unwrap().count();
    assert_eq!(entries(), 1);

    let second = check_source(dir.path(), source, None);
    assert_success(&second, "the second check");
    assert!(
        stderr(&second).contains("already built"),
        "{}",
        shown(&second)
    );
    assert_eq!(entries(), 1);

    // A changed source is built again.
    let text = std::fs::read_to_string(source).unwrap();
    let changed = write(dir.path(), "contestant.cpp", &format!("{text}// changed\n"));
    let third = check_source(dir.path(), &changed, None);
    assert!(
        !stderr(&third).contains("already built"),
        "{}",
        shown(&third)
    );
    assert_eq!(entries(), 2);
}

#[test]
fn compile_replaces_the_build_command_and_the_compiler_runs_once() {
    if !have("gcc", "--compile") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = write(dir.path(), "sol.c", CPP);
    let log = dir.path().join("compiler-runs");
    let compile = format!("echo run >> {}; gcc -O1 -o {{out}} {{src}}", log.display());
    for _ in 0..2 {
        let out = check_source(dir.path(), &source, Some(&compile));
        assert_success(&out, "check");
    }
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "run\n");
}

#[test]
fn a_compile_error_is_shown_as_the_compiler_wrote_it_with_exit_2() {
    if !have("g++", "the compile error") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = write(
        dir.path(),
        "broken.cpp",
        "int main() { return undeclared_pig; }\n",
    );
    let out = check_source(dir.path(), &source, None);
    assert_eq!(out.status.code(), Some(2), "{}", shown(&out));
    let text = stderr(&out);
    assert!(text.contains("cannot compile"), "{text}");
    assert!(text.contains("broken.cpp:1:"), "{text}");
    assert!(text.contains("undeclared_pig"), "{text}");
    assert!(out.stdout.is_empty(), "{}", shown(&out));
}

/// Asserts that `check --solution SPEC` stops at once with exit 2 and one
/// message that contains `says`, and checks no game.
fn cannot_start(spec: &str, says: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = check(
        &["--solution", spec, "--count", "50"],
        &dir.path().join("failures"),
        &dir.path().join("cache"),
    );
    assert_eq!(out.status.code(), Some(2), "{spec}: {}", shown(&out));
    let text = stderr(&out);
    assert!(text.contains("the solution cannot start"), "{spec}: {text}");
    assert!(text.contains(says), "{spec}: {text}");
    assert!(out.stdout.is_empty(), "{spec}: {}", shown(&out));
    assert!(!dir.path().join("failures").exists());
}

#[test]
fn solutions_that_cannot_start_get_one_message_and_exit_2() {
    if have("python3", "a missing Python file") {
        cannot_start("python3 no-such-solution.py", "can't open file");
    }
    if have("node", "a missing Node.js module") {
        cannot_start("node no-such-solution.js", "Cannot find module");
    }
    if have("java", "a missing Java class") {
        cannot_start(
            "java -cp /nonexistent Main",
            "Could not find or load main class",
        );
    }
    cannot_start("sh -c 'exec no-such-interpreter-pigkill'", "exit code 127");
    let dir = tempfile::tempdir().unwrap();
    let not_executable = write(dir.path(), "sol", "not a program\n");
    cannot_start(&not_executable.display().to_string(), "permission denied");
}

#[test]
fn a_solution_that_answers_wrong_is_not_a_startup_failure() {
    let limits = Limits::default();
    let wrong = Command::parse("sh -c 'echo MP; exit 0'").unwrap();
    assert_eq!(preflight(&wrong, &limits), Ok(()));
    // It fails, but not as a program that never started: the check judges it.
    let crashes = Command::parse("sh -c 'echo bad card >&2; exit 1'").unwrap();
    assert_eq!(preflight(&crashes, &limits), Ok(()));
    let missing = Command::parse("sh -c 'exit 127'").unwrap();
    let e = preflight(&missing, &limits).unwrap_err();
    assert_eq!(e.termination, Some(Termination::Exited(127)));
    assert!(e.to_string().contains("(nothing on stderr)"), "{e}");
}
