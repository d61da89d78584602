//! Helpers shared by the tests that drive `pigkill check` on solutions
//! written in several languages: running the command with a private build
//! cache, reading its verdict table, and finding toolchains (a test whose
//! toolchain is missing says so on stderr and is skipped, never silently).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project's binary, which test solutions call to compute answers.
pub const PIGKILL: &str = env!("CARGO_BIN_EXE_pigkill");

/// Runs `pigkill ARGS` and waits for it.
pub fn pigkill(args: &[&str]) -> Output {
    Command::new(PIGKILL)
        .args(args)
        .output()
        .expect("pigkill runs")
}

/// Checks that `pigkill validate --ends DIR` passes: every game in the
/// folder is a valid test that ends; `what` says whose folder it is.
pub fn validates_and_ends(dir: &str, what: &str) {
    assert_success(&pigkill(&["validate", "--ends", dir]), what);
}

/// Asserts that a finished process exited with code 0; otherwise fails
/// with `what` (which run it was), its exit code, stdout and stderr.
#[track_caller]
pub fn assert_success(out: &Output, what: &str) {
    assert_eq!(out.status.code(), Some(0), "{what}: {}", shown(out));
}

/// Bytes a run printed, as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `pigkill check ARGS --out OUT`, with the build cache in `cache`.
pub fn check(args: &[&str], out: &Path, cache: &Path) -> Output {
    Command::new(PIGKILL)
        .arg("check")
        .args(args)
        .arg("--out")
        .arg(out)
        .env("XDG_CACHE_HOME", cache)
        .output()
        .expect("pigkill runs")
}

/// Stdout and stderr of a run, for assertion messages.
pub fn shown(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout:\n{}--- stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// How many games got verdict `code` (`AC`, `RE`, ...) in the final table.
pub fn count(out: &Output, code: &str) -> u64 {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some(code))
                .then(|| words.next()?.parse().ok())
                .flatten()
        })
        .unwrap_or(0)
}

/// Whether `program` is in PATH; if not, says which test is skipped.
pub fn have(program: &str, test: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()));
    if !found {
        eprintln!("SKIPPED {test}: '{program}' is not installed");
    }
    found
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a test file");
    path
}

/// Compiles C source `text` with `gcc -O2 EXTRA` into `dir/name`.
pub fn compile_c(dir: &Path, name: &str, text: &str, extra: &[&str]) -> PathBuf {
    let source = write(dir, &format!("{name}.c"), text);
    let binary = dir.join(name);
    let out = Command::new("gcc")
        .arg("-O2")
        .args(extra)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("gcc runs");
    assert_success(&out, "gcc");
    binary
}
