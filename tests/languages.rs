//! Solutions in other languages than C and C++, judged under the default
//! limits as judges do (issue 11): memory is counted as peak resident
//! memory, not address space, so the JVM, Node and sanitizer builds (which
//! reserve far more than they use) start and are accepted; an endless
//! allocator is still stopped (MLE), and a flood of output is OLE.
//!
//! The small solutions read the game and let the project's own binary
//! (`pigkill run`) compute the answer: what is tested is how they are
//! started, fed and judged, not how they play. The C++ one is a real
//! solution (`examples/contestant.cpp`). Each is checked on 200 games, two
//! at a time (issues 23 and 25): two JVMs in their own PID namespaces are
//! both pid 2, and with a shared `/tmp` one warned on stdout that the
//! other's `/tmp/hsperfdata_*/2` was locked (WA); each run has its own
//! `/tmp` now, and the sandbox lets every runtime start.

mod common;

use std::path::Path;

use common::{assert_success, check, compile_c, count, have, shown, write, PIGKILL};
use pigkill::solution::{means, Command, CompareMode, Limits, Means, VerdictKind, Worker, MIB};

/// One language at a time: the runtimes' start-up under a 1 s limit is
/// what is tested, and on a small machine they would slow each other down.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The games generated for each solution, two at a time: about a quarter
/// of the mixed profile's games do not end and are skipped, so this gives
/// at least 200 judged games.
const GAMES: &str = "280";

/// `pigkill check --solution SOURCE --count 280 --jobs 2 -- PIGKILL`
/// under the default limits but a roomy wall limit (a loaded machine);
/// asserts every game is AC, and that at least 200 were judged.
fn all_ac(dir: &Path, source: &Path) {
    all_ac_with(dir, source, &[PIGKILL]);
}

/// [`all_ac`] with these arguments for the solution.
fn all_ac_with(dir: &Path, source: &Path, args: &[&str]) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let source = source.display().to_string();
    let mut words = vec![
        "--solution",
        &source,
        "--count",
        GAMES,
        "--seed",
        "11",
        "--jobs",
        "2",
        "--timeout",
        "10s",
        "--",
    ];
    words.extend_from_slice(args);
    let out = check(&words, &dir.join("failures"), &dir.join("cache"));
    assert_success(&out, "check");
    assert!(count(&out, "AC") > 0, "{}", shown(&out));
    assert_eq!(count(&out, "AC"), count(&out, "total"), "{}", shown(&out));
    assert!(count(&out, "total") >= 200, "{}", shown(&out));
    eprintln!("{}", shown(&out));
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
    all_ac(dir.path(), &source);
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
    all_ac(dir.path(), &source);
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
    all_ac(dir.path(), &source);
}

#[test]
fn a_real_cpp_solution_is_ac_under_the_default_limits() {
    if !have("g++", "the C++ solution") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/contestant.cpp");
    all_ac_with(dir.path(), &source, &[]);
}

#[test]
fn the_jvm_sees_a_private_empty_tmp() {
    if !have("javac", "the JVM's /tmp") || !have("java", "the JVM's /tmp") {
        return;
    }
    if !matches!(means(), Means::Namespaces { .. }) {
        eprintln!("skipped: no mount namespace here, so /tmp is the machine's (each run gets a private TMPDIR instead)");
        return;
    }
    // The classes outside /tmp, so that nothing of the host's /tmp is
    // named by the command (what is named is shown read-only).
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let source = write(
        dir.path(),
        "Main.java",
        r#"import java.io.File;

public class Main {
    static void list(File dir, String indent) {
        String[] names = dir.list();
        if (names == null) return;
        java.util.Arrays.sort(names);
        for (String name : names) {
            System.out.println(indent + name);
            list(new File(dir, name), indent + "  ");
        }
    }

    public static void main(String[] args) {
        System.out.println("/tmp:");
        list(new File("/tmp"), "  ");
    }
}
"#,
    );
    let javac = std::process::Command::new("javac")
        .arg("-d")
        .arg(dir.path())
        .arg(&source)
        .status()
        .unwrap();
    assert!(javac.success());
    let command = Command::new("java")
        .and_then(|c| c.arg("-cp"))
        .and_then(|c| c.arg(dir.path()))
        .and_then(|c| c.arg("Main"))
        .unwrap();
    // Two workers, one JVM each at the same time: both are pid 2.
    let views: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut worker = Worker::new().unwrap();
                    let report = worker.run(&command, b"", &roomy()).unwrap();
                    assert!(report.termination.success(), "{report:?}");
                    String::from_utf8_lossy(&report.stdout).into_owned()
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for view in &views {
        eprintln!("the JVM's view of /tmp from inside a run:\n{view}");
        // Only what the JVM made itself: its perf-data file, named by its
        // own pid (2, the solution's pid in its namespace).
        let lines: Vec<&str> = view.lines().collect();
        assert_eq!(lines.len(), 3, "{view}");
        assert!(lines[1].trim().starts_with("hsperfdata_"), "{view}");
        assert_eq!(lines[2].trim(), "2", "{view}");
    }
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
