//! Solutions in other languages than C and C++, judged under the default
//! limits as judges do (issue 11): memory is counted as peak resident
//! memory, not address space, so the JVM, Node and sanitizer builds (which
//! reserve far more than they use) start and are accepted; an endless
//! allocator is still stopped (MLE), and a flood of output is OLE.
//!
//! The small solutions read the game and let the project's own binary
//! (`pigkill run`) compute the answer: what is tested is how they are
//! started, fed and judged, not how they play.

mod common;

use std::path::Path;

use common::{check, compile_c, count, have, shown, write, PIGKILL};
use pigkill::solution::{Command, CompareMode, Limits, VerdictKind, Worker, MIB};

/// One language at a time: the runtimes' start-up under a 1 s limit is
/// what is tested, and on a small machine they would slow each other down.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// `pigkill check --solution SOURCE --count N -- PIGKILL` under the
/// default limits; asserts every game is AC.
fn all_ac(dir: &Path, source: &Path, games: &str) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let out = check(
        &[
            "--solution",
            &source.display().to_string(),
            "--count",
            games,
            "--seed",
            "11",
            "--jobs",
            "1",
            "--",
            PIGKILL,
        ],
        &dir.join("failures"),
        &dir.join("cache"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert!(count(&out, "AC") > 0, "{}", shown(&out));
    assert_eq!(count(&out, "AC"), count(&out, "total"), "{}", shown(&out));
}

#[test]
fn a_java_solution_is_ac_under_the_default_limits() {
    if !have("javac", "the Java solution") || !have("java", "the Java solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = write(
        dir.path(),
        "Main.java",
        r#"import java.io.OutputStream;

public class Main {
    public static void main(String[] args) throws Exception {
        byte[] game = System.in.readAllBytes();
        Process engine = new ProcessBuilder(args[0], "run").start();
        try (OutputStream in = engine.getOutputStream()) {
            in.write(game);
        }
        byte[] answer = engine.getInputStream().readAllBytes();
        if (engine.waitFor() != 0) System.exit(1);
        System.out.write(answer);
        System.out.flush();
    }
}
"#,
    );
    all_ac(dir.path(), &source, "8");
}

#[test]
fn a_node_solution_is_ac_under_the_default_limits() {
    if !have("node", "the Node.js solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = write(
        dir.path(),
        "sol.js",
        "const { execFileSync } = require('child_process');\n\
         const game = require('fs').readFileSync(0);\n\
         process.stdout.write(execFileSync(process.argv[2], ['run'], { input: game }));\n",
    );
    all_ac(dir.path(), &source, "10");
}

#[test]
fn a_python_solution_is_ac_under_the_default_limits() {
    if !have("python3", "the Python solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = write(
        dir.path(),
        "sol.py",
        "import subprocess, sys\n\
         game = sys.stdin.buffer.read()\n\
         answer = subprocess.run([sys.argv[1], 'run'], input=game, capture_output=True, check=True)\n\
         sys.stdout.buffer.write(answer.stdout)\n",
    );
    all_ac(dir.path(), &source, "10");
}

/// The default limits, with a roomy wall limit for a loaded machine.
fn roomy() -> Limits {
    Limits {
        timeout: std::time::Duration::from_secs(20),
        ..Limits::default()
    }
}

#[test]
fn an_address_sanitizer_build_is_ac_under_the_default_memory_limit() {
    // ASan reserves terabytes of shadow memory: any address-space limit
    // near the memory limit would stop it before `main`.
    if !have("gcc", "the sanitizer build") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let binary = compile_c(
        dir.path(),
        "asan_echo",
        "#include <stdio.h>\n#include <stdlib.h>\n\
         int main(void) { char *b = malloc(64); if (!fgets(b, 64, stdin)) return 1; \
         fputs(b, stdout); free(b); return 0; }\n",
        &["-fsanitize=address", "-g"],
    );
    let command = Command::new(&binary).unwrap();
    let mut worker = Worker::new().unwrap();
    let (verdict, report) = worker
        .check(&command, b"MP\n", "MP\n", &roomy(), CompareMode::Lines)
        .unwrap();
    assert!(verdict.is_accepted(), "{verdict}: {report:?}");
    assert!(report.peak_rss < 512 * MIB);
}

#[test]
fn an_endless_allocator_is_mle_under_the_default_memory_limit() {
    if !have("gcc", "the endless allocator") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let binary = compile_c(
        dir.path(),
        "allocator",
        "#include <stdlib.h>\n#include <string.h>\n\
         int main(void) { for (;;) { char *p = malloc(1 << 24); if (!p) return 3; memset(p, 1, 1 << 24); } }\n",
        &[],
    );
    let command = Command::new(&binary).unwrap();
    let mut worker = Worker::new().unwrap();
    // (A loaded machine may take more than the default second to fill
    // 512 MiB.)
    let (verdict, report) = worker
        .check(&command, b"", "", &roomy(), CompareMode::Lines)
        .unwrap();
    assert_eq!(verdict.kind(), VerdictKind::MemoryLimit, "{verdict}");
    assert!(report.memory_exceeded, "{report:?}");
    assert!(!report.timed_out, "{report:?}");
    // Stopped soon after the limit (one look every 10 ms).
    assert!(report.peak_rss > 512 * MIB, "{}", report.peak_rss);
    assert!(report.peak_rss < 4096 * MIB, "{}", report.peak_rss);
}

#[test]
fn a_peak_over_the_limit_is_mle_even_with_the_right_answer() {
    if !have("python3", "the short-lived peak") {
        return;
    }
    // 600 MiB touched at once and freed: whether the watch sees it (and
    // kills the run) or not (the peak after the exit says so), MLE.
    let command = Command::new("python3")
        .and_then(|c| c.arg("-c"))
        .and_then(|c| c.arg("b = b'x' * (600 << 20); del b; print('MP')"))
        .unwrap();
    let mut worker = Worker::new().unwrap();
    let (verdict, report) = worker
        .check(&command, b"", "MP\n", &roomy(), CompareMode::Lines)
        .unwrap();
    assert_eq!(
        verdict.kind(),
        VerdictKind::MemoryLimit,
        "{verdict}: {report:?}"
    );
    assert!(report.peak_rss > 512 * MIB, "{}", report.peak_rss);
}

#[test]
fn a_hundred_megabyte_writer_is_ole_under_the_default_limits() {
    if !have("gcc", "the 100 MB writer") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let binary = compile_c(
        dir.path(),
        "writer",
        "#include <stdio.h>\n\
         int main(void) { static char line[1 << 20]; for (int i = 0; i < (1 << 20) - 1; i++) line[i] = 'K'; \
         for (int i = 0; i < 100; i++) fwrite(line, 1, sizeof line, stdout); return 0; }\n",
        &[],
    );
    let command = Command::new(&binary).unwrap();
    let mut worker = Worker::new().unwrap();
    let (verdict, _) = worker
        .check(&command, b"", "", &Limits::default(), CompareMode::Lines)
        .unwrap();
    assert_eq!(verdict.to_string(), "OLE: more than 1 MiB of output");
}

#[test]
fn the_harness_memory_is_not_counted_as_the_solutions() {
    // The solution's process shares the harness's memory until `execve`,
    // and the kernel counts that peak in its `ru_maxrss`: a harness of
    // 600 MiB must not make `/bin/true` MLE under 512 MiB.
    let harness: Vec<u8> = vec![1; 600 << 20];
    std::hint::black_box(&harness);
    let mut worker = Worker::new().unwrap();
    let command = Command::new("/bin/true").unwrap();
    let (verdict, report) = worker
        .check(&command, b"", "", &roomy(), CompareMode::Lines)
        .unwrap();
    assert!(verdict.is_accepted(), "{verdict}: {report:?}");
    assert!(report.peak_rss < 64 * MIB, "{}", report.peak_rss);
    drop(harness);
    if have("python3", "a peak above the harness's") {
        let python = Command::new("python3")
            .and_then(|c| c.arg("-c"))
            .and_then(|c| c.arg("b = b'x' * (700 << 20); print('MP')"))
            .unwrap();
        let limits = Limits {
            memory: Some(2048 * MIB),
            ..roomy()
        };
        let (verdict, report) = worker
            .check(&python, b"", "MP", &limits, CompareMode::Lines)
            .unwrap();
        assert!(verdict.is_accepted(), "{verdict}: {report:?}");
        assert!(report.peak_rss > 700 * MIB, "{}", report.peak_rss);
    }
}
