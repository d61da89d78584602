//! The solution gets its input as judges give it: stdin is a regular file
//! holding the test, opened read-only at offset 0 (issue 16). Programs
//! that map stdin with the size `fstat` reports, or read it twice after
//! `rewind`, are accepted; through a pipe (the old way, still available as
//! `StdinMode::Pipe`) the same programs fail.

mod common;

use common::{assert_success, check, compile_c, count, have, shown, PIGKILL};
use pigkill::solution::{Command, Limits, RunOptions, StdinMode, Termination, Worker};

/// C that hands `len` bytes at `in` to `pigkill run` (the program named
/// `pigkill`) on its stdin and lets it print the answer; returns its exit
/// code.
const ANSWER_C: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int answer(const char *pigkill, const char *in, size_t len) {
    int fds[2];
    if (pipe(fds) != 0) return 4;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        close(fds[0]);
        close(fds[1]);
        execl(pigkill, pigkill, "run", (char *)0);
        _exit(127);
    }
    close(fds[0]);
    for (size_t done = 0; done < len;) {
        ssize_t n = write(fds[1], in + done, len - done);
        if (n <= 0) return 5;
        done += (size_t)n;
    }
    close(fds[1]);
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 6;
}
"#;

/// Maps stdin whole with the size `fstat(0)` gives, as fast-input
/// solutions do (a size of 0, as for a pipe, makes `mmap` fail: abort).
const MMAP_MAIN: &str = r#"
int main(int argc, char **argv) {
    struct stat st;
    if (fstat(0, &st) != 0) return 3;
    char *in = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, 0, 0);
    if (in == MAP_FAILED) {
        perror("mmap stdin");
        abort();
    }
    return answer(argv[1], in, (size_t)st.st_size);
}
"#;

/// Reads stdin to the end, `rewind`s it, reads it again, and answers from
/// the second read only when both agree (through a pipe the second read is
/// empty: exit 1).
const REWIND_MAIN: &str = r#"
static char first[1 << 20], second[1 << 20];
int main(int argc, char **argv) {
    size_t n = fread(first, 1, sizeof first, stdin);
    rewind(stdin);
    size_t m = fread(second, 1, sizeof second, stdin);
    if (n == 0 || n != m || memcmp(first, second, n) != 0) {
        fprintf(stderr, "the second read differs: %zu then %zu bytes\n", n, m);
        return 1;
    }
    return answer(argv[1], second, m);
}
"#;

fn solution(dir: &std::path::Path, name: &str, main: &str) -> String {
    let binary = compile_c(dir, name, &format!("{ANSWER_C}{main}"), &[]);
    format!("{} {PIGKILL}", binary.display())
}

#[test]
fn a_solution_that_maps_stdin_by_its_size_is_ac_on_a_thousand_games() {
    if !have("gcc", "the mmap-stdin solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(dir.path(), "mmap_stdin", MMAP_MAIN);
    let out = check(
        &["--solution", &sol, "--count", "1000", "--seed", "16"],
        &dir.path().join("failures"),
        &dir.path().join("cache"),
    );
    assert_success(&out, "check");
    let games = count(&out, "total");
    assert_eq!(count(&out, "AC"), games, "{}", shown(&out));
    // 1000 indices, less the generated games that are not valid tests.
    assert!(games > 500, "{}", shown(&out));
}

#[test]
fn a_solution_that_maps_stdin_is_ac_on_a_test_folder() {
    if !have("gcc", "the mmap-stdin solution on --tests") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(dir.path(), "mmap_stdin", MMAP_MAIN);
    let tests = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules");
    let out = check(
        &["--solution", &sol, "--tests", tests],
        &dir.path().join("failures"),
        &dir.path().join("cache"),
    );
    assert_success(&out, "check");
    assert!(count(&out, "AC") > 10, "{}", shown(&out));
}

#[test]
fn a_solution_that_reads_stdin_twice_after_rewind_is_ac() {
    if !have("gcc", "the rewind solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(dir.path(), "rewind_stdin", REWIND_MAIN);
    let out = check(
        &["--solution", &sol, "--count", "300", "--seed", "11"],
        &dir.path().join("failures"),
        &dir.path().join("cache"),
    );
    assert_success(&out, "check");
    assert_eq!(count(&out, "AC"), count(&out, "total"), "{}", shown(&out));
}

#[test]
fn through_a_pipe_the_same_solutions_fail() {
    // What `check` did before: the reason stdin is a file now.
    if !have("gcc", "the pipe contrast") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let game = pigkill::solution::SAMPLE.as_bytes();
    let limits = Limits::default();
    for (name, main) in [("mmap_stdin", MMAP_MAIN), ("rewind_stdin", REWIND_MAIN)] {
        let command = Command::parse(&solution(dir.path(), name, main)).unwrap();
        let mut file = Worker::new().unwrap();
        let report = file.run(&command, game, &limits).unwrap();
        assert_eq!(
            report.termination,
            Termination::Exited(0),
            "{name}: {report:?}"
        );
        let mut piped = Worker::with_options(RunOptions {
            stdin: StdinMode::Pipe,
            ..RunOptions::default()
        })
        .unwrap();
        let report = piped.run(&command, game, &limits).unwrap();
        assert!(!report.termination.success(), "{name}: {report:?}");
    }
}

#[test]
fn stdin_is_a_regular_read_only_file_at_offset_zero() {
    if !have("python3", "the stdin properties") {
        return;
    }
    let code = "import os, stat\n\
                st = os.fstat(0)\n\
                print(stat.S_ISREG(st.st_mode), st.st_size, os.lseek(0, 0, os.SEEK_CUR))\n\
                try:\n    os.write(0, b'x'); print('writable')\n\
                except OSError:\n    print('read-only')\n\
                print(len(os.read(0, 100)), os.lseek(0, 0, os.SEEK_END))";
    let command = Command::new("python3")
        .and_then(|c| c.arg("-c"))
        .and_then(|c| c.arg(code))
        .unwrap();
    let limits = Limits {
        timeout: std::time::Duration::from_secs(20),
        ..Limits::default()
    };
    let mut worker = Worker::new().unwrap();
    let report = worker.run(&command, b"3 10\nMP D D\n", &limits).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&report.stdout),
        "True 12 0\nread-only\n12 12\n",
        "{report:?}"
    );
    assert_eq!(report.stdin_written, 12);
}
