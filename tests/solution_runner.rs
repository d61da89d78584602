//! Integration tests of the solution runner: small programs written at
//! test time (`sh -c`, `python3 -c`) that sleep forever, fork, crash, flood
//! their output, leak memory, ignore their input or print trailing spaces,
//! each judged as an online judge would, with no process left behind.
//!
//! Timing assertions are generous bounds only (a TLE with a 300 ms limit
//! returns within 5 s), so a loaded CI machine passes them.

use std::path::Path;
use std::time::{Duration, Instant};

use pigkill::solution::{
    judge, means, namespaces_available, run, Command, CommandError, CompareMode, Isolation, Limits,
    Means, RunOptions, RunReport, StdinMode, Termination, Verdict, VerdictKind, Workdir, Worker,
    MIB,
};

/// A command running `script` with `/bin/sh -c`.
fn sh(script: &str) -> Command {
    Command::new("/bin/sh")
        .and_then(|c| c.arg("-c"))
        .and_then(|c| c.arg(script))
        .expect("/bin/sh exists")
}

/// A command running `code` with `python3 -c`.
fn py(code: &str) -> Command {
    Command::new("python3")
        .and_then(|c| c.arg("-c"))
        .and_then(|c| c.arg(code))
        .expect("python3 is in PATH")
}

/// Default limits but a 20 s timeout, for tests not about time: a loaded
/// machine may take more than the default 1 s to start Python.
fn relaxed() -> Limits {
    limits_ms(20_000)
}

fn limits_ms(timeout_ms: u64) -> Limits {
    Limits {
        timeout: Duration::from_millis(timeout_ms),
        ..Limits::default()
    }
}

/// Runs once in a fresh work directory, checking the generous time bound.
fn run_once(command: &Command, input: &[u8], limits: &Limits) -> RunReport {
    let mut workdir = Workdir::new().expect("temporary directory");
    let started = Instant::now();
    let report = run(command, input, limits, &mut workdir).expect("the run is carried out");
    let bound = limits.timeout + Duration::from_secs(5);
    assert!(
        started.elapsed() < bound,
        "run took {:?}, more than {bound:?}",
        started.elapsed()
    );
    report
}

/// Whether no process with this pid exists any more (not even a zombie).
fn gone(pid: u32) -> bool {
    // SAFETY: signal 0 only checks for existence.
    let alive = unsafe { libc::kill(pid as libc::pid_t, 0) } == 0;
    !alive && !Path::new(&format!("/proc/{pid}")).exists()
}

fn describe(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_else(|_| "gone".into())
}

fn assert_gone(pid: u32, what: &str) {
    assert!(
        gone(pid),
        "{what} (pid {pid}) is still there: {}",
        describe(pid)
    );
}

/// The pids printed one per line on the report's stderr.
fn pids_in_stderr(report: &RunReport) -> Vec<u32> {
    String::from_utf8_lossy(&report.stderr_tail)
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

fn verdict_of(expected: &str, report: &RunReport, limits: &Limits) -> Verdict {
    judge(expected, report, limits, CompareMode::Lines)
}

#[test]
fn a_program_that_sleeps_forever_is_tle_and_leaves_no_process() {
    let limits = limits_ms(300);
    let report = run_once(&sh("exec sleep 1000"), b"", &limits);
    assert!(report.timed_out);
    assert_eq!(report.termination, Termination::Signaled(libc::SIGKILL));
    assert!(
        report.wall >= Duration::from_millis(300),
        "{:?}",
        report.wall
    );
    let verdict = verdict_of("", &report, &limits);
    assert_eq!(verdict.kind(), VerdictKind::TimeLimit, "{verdict}");
    assert!(verdict
        .to_string()
        .starts_with("TLE: still running after 0.3"));
    assert_gone(report.pid, "the sleeping solution");
}

/// A worker that contains its runs this way (and gives stdin as a file).
fn isolated(isolation: Isolation) -> Worker {
    Worker::with_options(RunOptions {
        isolation,
        ..RunOptions::default()
    })
    .expect("a work directory")
}

/// Shell words that print the pid of the shell process running them, as
/// the harness knows it: in the run's PID namespace `$$` and `$!` are the
/// namespace's numbers, while `/proc` (the harness's) shows the outer ones.
const MY_PID: &str = "read -r p _ < /proc/self/stat; echo $p";

/// A script that starts `body` in the background, with [`MY_PID`] first
/// writing the background process's pid into the file `pid`, and waits for
/// that file before going on with `rest`.
fn background(body: &str, rest: &str) -> String {
    format!("({MY_PID} > pid.tmp; mv pid.tmp pid; {body}) & while [ ! -s pid ]; do sleep 0.01; done; cat pid >&2; {rest}")
}

#[test]
fn a_forked_sleeping_child_dies_with_the_solution_on_timeout() {
    let limits = limits_ms(1000);
    let mut worker = Worker::new().unwrap();
    let command = sh(&background("exec sleep 1000", "wait"));
    let started = Instant::now();
    let report = worker.run(&command, b"", &limits).unwrap().clone();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        verdict_of("", &report, &limits).kind(),
        VerdictKind::TimeLimit
    );
    let written: u32 = std::fs::read_to_string(worker.workdir().join("pid"))
        .expect("the solution wrote its child's pid in its work directory")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(pids_in_stderr(&report), [written]);
    assert_gone(report.pid, "the solution");
    assert_gone(written, "the solution's child");
}

#[test]
fn a_child_left_running_after_a_normal_exit_is_killed_at_once() {
    for isolation in [Isolation::Auto, Isolation::ProcessGroup] {
        let limits = limits_ms(20_000);
        let mut worker = isolated(isolation);
        let command = sh(&background("exec sleep 1000", "echo done"));
        let report = worker.run(&command, b"", &limits).unwrap().clone();
        // The background child holds stdout open, yet the run ends with the
        // main process, not at the 20 s deadline.
        assert!(report.wall < Duration::from_secs(5), "{:?}", report.wall);
        assert!(!report.timed_out);
        assert!(verdict_of("done", &report, &limits).is_accepted());
        let child = pids_in_stderr(&report);
        assert_eq!(child.len(), 1, "{report:?}");
        assert_gone(report.pid, "the solution");
        assert_gone(child[0], "the solution's child");
    }
}

#[test]
fn a_child_that_calls_setsid_and_ignores_sigterm_is_gone_after_the_run() {
    // The run's PID namespace dies with it: leaving the process group
    // (setsid) and ignoring SIGTERM does not help a descendant survive.
    if !namespaces_available() {
        eprintln!("skipped: PID namespaces are refused here (not root?)");
        return;
    }
    let limits = relaxed();
    let escapee = format!(
        "setsid sh -c 'trap \"\" TERM; {MY_PID} > pid.tmp; mv pid.tmp pid; exec sleep 1000' &"
    );
    let script = format!("{escapee} while [ ! -s pid ]; do sleep 0.01; done; cat pid >&2; echo ok");
    let report = run_once(&sh(&script), b"", &limits);
    assert!(report.namespaced, "{report:?}");
    assert!(
        verdict_of("ok", &report, &limits).is_accepted(),
        "{report:?}"
    );
    let pids = pids_in_stderr(&report);
    assert_eq!(pids.len(), 1, "{report:?}");
    assert_gone(pids[0], "the child that called setsid");
    assert_gone(report.pid, "the run's init");
}

#[test]
fn without_a_namespace_a_child_that_calls_setsid_is_killed_after_the_run() {
    // The fallback: `setsid` escapes the group kill, but once its parent
    // is gone the escapee is the harness's child (a subreaper), and is
    // killed as a stray when the run ends. The run itself ends with the
    // main process, though the escapee holds stdout open.
    let limits = relaxed();
    let mut worker = isolated(Isolation::ProcessGroup);
    let script = format!(
        "setsid sh -c 'trap \"\" TERM; {MY_PID} > pid.tmp; mv pid.tmp pid; exec sleep 1000' & \
         while [ ! -s pid ]; do sleep 0.01; done; cat pid >&2; echo ok"
    );
    let report = worker.run(&sh(&script), b"", &limits).unwrap().clone();
    assert!(!report.namespaced);
    assert!(report.wall < Duration::from_secs(5), "{:?}", report.wall);
    assert!(verdict_of("ok", &report, &limits).is_accepted());
    let escapee = pids_in_stderr(&report);
    assert_eq!(escapee.len(), 1, "{report:?}");
    assert_gone(escapee[0], "the child that called setsid");
    assert_gone(report.pid, "the solution");
}

#[test]
fn a_grandchild_chain_that_ignores_sigterm_is_gone_after_timeout() {
    for isolation in [Isolation::Auto, Isolation::ProcessGroup] {
        let limits = limits_ms(1000);
        let mut worker = isolated(isolation);
        let script = format!(
            "trap '' TERM; sh -c 'trap \"\" TERM; ({MY_PID} >&2; exec sleep 1000) & \
             {MY_PID} >&2; while :; do sleep 1; done' & while :; do sleep 1; done"
        );
        let report = worker.run(&sh(&script), b"", &limits).unwrap().clone();
        assert_eq!(
            verdict_of("", &report, &limits).kind(),
            VerdictKind::TimeLimit
        );
        let pids = pids_in_stderr(&report);
        assert_eq!(pids.len(), 2, "{isolation:?}: {report:?}");
        assert_gone(report.pid, "the solution");
        for pid in pids {
            assert_gone(pid, "a descendant");
        }
    }
}

#[test]
fn a_program_that_ignores_sigterm_still_dies_on_timeout() {
    let limits = limits_ms(300);
    let report = run_once(&sh("trap '' TERM; while :; do sleep 1; done"), b"", &limits);
    assert!(report.timed_out);
    assert_eq!(
        verdict_of("", &report, &limits).kind(),
        VerdictKind::TimeLimit
    );
    assert_gone(report.pid, "the solution");
}

#[test]
fn a_program_that_closes_its_output_and_sleeps_is_tle() {
    let limits = limits_ms(300);
    let report = run_once(&sh("exec >&- 2>&-; exec sleep 1000"), b"", &limits);
    assert!(report.timed_out);
    assert_gone(report.pid, "the solution");
}

#[test]
fn a_segfault_is_re_naming_the_signal() {
    let limits = relaxed();
    let report = run_once(
        &sh("echo partial; echo about to crash >&2; kill -SEGV $$"),
        b"",
        &limits,
    );
    assert_eq!(report.termination, Termination::Signaled(libc::SIGSEGV));
    let verdict = verdict_of("partial", &report, &limits);
    assert_eq!(
        verdict.to_string(),
        "RE: killed by SIGSEGV, stderr ends with 'about to crash'"
    );
    match verdict {
        Verdict::RuntimeError { stderr_tail, .. } => assert_eq!(stderr_tail, "about to crash\n"),
        other => panic!("expected RE, got {other}"),
    }
}

#[test]
fn a_real_null_dereference_is_re_with_sigsegv() {
    let limits = relaxed();
    let report = run_once(&py("import ctypes; ctypes.string_at(0)"), b"", &limits);
    assert_eq!(report.termination, Termination::Signaled(libc::SIGSEGV));
    assert_eq!(
        verdict_of("", &report, &limits).kind(),
        VerdictKind::RuntimeError
    );
}

#[test]
fn a_non_zero_exit_is_re_with_the_code_and_stderr_tail() {
    let limits = relaxed();
    let report = run_once(&sh("echo 'bad card Q' >&2; exit 3"), b"", &limits);
    assert_eq!(report.termination, Termination::Exited(3));
    assert_eq!(
        verdict_of("", &report, &limits).to_string(),
        "RE: exit code 3, stderr ends with 'bad card Q'"
    );
}

/// The harness's peak resident memory, from `/proc/self/status`.
fn harness_hwm() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

#[test]
fn a_hundred_megabytes_of_output_is_ole_and_the_harness_stays_small() {
    let limits = limits_ms(20_000);
    let before = harness_hwm();
    let code = "import sys\nb = b'K ' * (1 << 19)\nfor _ in range(100): sys.stdout.buffer.write(b)";
    let report = run_once(&py(code), b"", &limits);
    let after = harness_hwm();
    assert!(report.output_exceeded);
    assert_eq!(report.stdout.len() as u64, limits.output);
    assert!(report.stdout.capacity() as u64 <= 2 * limits.output);
    assert_eq!(
        verdict_of("", &report, &limits).to_string(),
        "OLE: more than 1 MiB of output"
    );
    assert!(
        after.saturating_sub(before) < 50 * MIB,
        "harness peak memory grew from {before} to {after} bytes"
    );
    assert_gone(report.pid, "the flooding solution");
}

#[test]
fn output_of_exactly_the_cap_is_not_ole() {
    let limits = Limits {
        output: 1000,
        ..relaxed()
    };
    let report = run_once(&py("print('x' * 999)"), b"", &limits);
    assert!(!report.output_exceeded);
    assert_eq!(report.stdout.len(), 1000);
    let report = run_once(&py("print('x' * 1000)"), b"", &limits);
    assert!(report.output_exceeded);
    assert_eq!(report.stdout.len(), 1000);
}

#[test]
fn allocating_without_end_is_mle() {
    let limits = Limits {
        memory: Some(256 * MIB),
        timeout: Duration::from_secs(20),
        ..relaxed()
    };
    let code = "a = []\nwhile True: a.append(bytearray(10**7))";
    let report = run_once(&py(code), b"", &limits);
    assert!(!report.timed_out, "{report:?}");
    let verdict = verdict_of("", &report, &limits);
    assert_eq!(verdict.kind(), VerdictKind::MemoryLimit, "{verdict}");
    assert!(
        verdict
            .to_string()
            .contains("with a memory limit of 256 MiB"),
        "{verdict}"
    );
}

#[test]
fn touching_memory_up_to_the_limit_is_mle() {
    let limits = Limits {
        memory: Some(256 * MIB),
        timeout: Duration::from_secs(20),
        ..relaxed()
    };
    // Touched pages: the peak RSS reaches the limit.
    let code = "a = []\nwhile True: a.append(b'x' * 10**7)";
    let report = run_once(&py(code), b"", &limits);
    let verdict = verdict_of("", &report, &limits);
    assert_eq!(verdict.kind(), VerdictKind::MemoryLimit, "{verdict}");
    assert!(report.peak_rss > 200 * MIB, "{}", report.peak_rss);
}

#[test]
fn trailing_spaces_are_ac_under_lines_and_pe_under_exact() {
    let limits = relaxed();
    let expected = "FP\nDEAD\nK K D\n";
    let report = run_once(&sh("printf 'FP  \\nDEAD\\nK K D \\n\\n'"), b"", &limits);
    assert!(judge(expected, &report, &limits, CompareMode::Lines).is_accepted());
    assert!(judge(expected, &report, &limits, CompareMode::Tokens).is_accepted());
    let exact = judge(expected, &report, &limits, CompareMode::Exact);
    assert_eq!(exact.to_string(), "PE line 1: expected 'FP', got 'FP  '");
    // Inner spaces are PE under lines too; a missing card is WA.
    let report = run_once(&sh("printf 'FP\\nDEAD\\nK  K D\\n'"), b"", &limits);
    assert_eq!(
        judge(expected, &report, &limits, CompareMode::Lines).kind(),
        VerdictKind::PresentationError
    );
    let report = run_once(&sh("printf 'FP\\nDEAD\\nK D\\n'"), b"", &limits);
    assert_eq!(
        judge(expected, &report, &limits, CompareMode::Lines).to_string(),
        "WA line 3: expected 'K K D', got 'K D'"
    );
}

/// Runs once with stdin through a pipe, as before stdin became a file.
fn run_piped(command: &Command, input: &[u8], limits: &Limits) -> RunReport {
    let mut worker = Worker::with_options(RunOptions {
        stdin: StdinMode::Pipe,
        ..RunOptions::default()
    })
    .unwrap();
    worker.run(command, input, limits).unwrap().clone()
}

#[test]
fn a_program_that_never_reads_a_megabyte_of_input_does_not_deadlock() {
    let limits = relaxed();
    let input = vec![b'K'; 1 << 20];
    let report = run_once(&sh("echo ok"), &input, &limits);
    assert!(verdict_of("ok", &report, &limits).is_accepted());
    let report = run_piped(&sh("echo ok"), &input, &limits);
    assert!(!report.timed_out);
    assert_eq!(report.termination, Termination::Exited(0));
    assert!(verdict_of("ok", &report, &limits).is_accepted());
    assert!(report.stdin_written < input.len() as u64);
}

#[test]
fn a_closed_stdin_does_not_kill_a_harness_with_default_sigpipe() {
    // SAFETY: setting and restoring a signal disposition. Other tests only
    // write to pipes through the runner, which is what is tested here.
    let old = unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let input = vec![b'K'; 1 << 20];
    let report = run_piped(&sh("exec <&-; sleep 0.1; echo ok"), &input, &relaxed());
    // SAFETY: as above.
    unsafe { libc::signal(libc::SIGPIPE, old) };
    assert!(verdict_of("ok", &report, &relaxed()).is_accepted());
    assert!(report.stdin_written < input.len() as u64);
    // The thread's mask is as before: SIGPIPE neither blocked nor pending.
    // SAFETY: querying the mask and the pending set into valid sets.
    unsafe {
        let mut mask: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_SETMASK, std::ptr::null(), &mut mask);
        assert_eq!(libc::sigismember(&mask, libc::SIGPIPE), 0);
        let mut pending: libc::sigset_t = std::mem::zeroed();
        libc::sigpending(&mut pending);
        assert_eq!(libc::sigismember(&pending, libc::SIGPIPE), 0);
    }
}

#[test]
fn a_program_that_reads_part_of_its_input_and_exits_does_not_deadlock() {
    let limits = relaxed();
    let input = vec![b'K'; 1 << 20];
    let report = run_once(&sh("head -c 5"), &input, &limits);
    assert!(!report.timed_out);
    assert_eq!(report.stdout, b"KKKKK");
}

#[test]
fn a_megabyte_in_and_out_through_cat_does_not_deadlock() {
    let limits = Limits {
        output: 2 * MIB,
        ..relaxed()
    };
    let input: Vec<u8> = (0..(1u32 << 20))
        .map(|i| b"KDP\n"[(i % 4) as usize])
        .collect();
    let cat = Command::parse("cat").unwrap();
    let report = run_once(&cat, &input, &limits);
    assert_eq!(report.termination, Termination::Exited(0));
    assert_eq!(report.stdin_written, input.len() as u64);
    assert!(
        report.stdout == input,
        "cat's output differs from its input"
    );
}

#[test]
fn a_missing_program_is_a_clear_error() {
    let e = Command::parse("/no/such/solution --fast").unwrap_err();
    assert_eq!(e.to_string(), "program '/no/such/solution' does not exist");
    let e = Command::parse("no-such-solution-pigkill").unwrap_err();
    assert_eq!(
        e,
        CommandError::NotInPath("no-such-solution-pigkill".to_string())
    );
    assert_eq!(
        e.to_string(),
        "program 'no-such-solution-pigkill' not found in PATH"
    );
    assert_eq!(
        Command::parse("  ").unwrap_err().to_string(),
        "empty command"
    );
}

#[test]
fn a_program_that_cannot_be_executed_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sol");
    std::fs::write(&path, "not a program").unwrap();
    let command = Command::new(&path).unwrap();
    let mut workdir = Workdir::new().unwrap();
    let e = run(&command, b"", &relaxed(), &mut workdir).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied, "{e}");
    assert_eq!(
        e.to_string(),
        format!("cannot execute '{}': permission denied", path.display())
    );
    // A program removed after the command was made.
    let gone_path = dir.path().join("vanished");
    std::fs::copy("/bin/true", &gone_path).unwrap();
    let command = Command::new(&gone_path).unwrap();
    std::fs::remove_file(&gone_path).unwrap();
    let e = run(&command, b"", &relaxed(), &mut workdir).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    assert!(e.to_string().starts_with("cannot execute '"), "{e}");
}

#[test]
fn the_solution_runs_in_a_fresh_empty_directory() {
    let limits = relaxed();
    let mut worker = Worker::new().unwrap();
    let command = sh("ls -A; pwd; echo x > left-behind");
    let report = worker.run(&command, b"", &limits).unwrap();
    let pwd = String::from_utf8_lossy(&report.stdout).trim().to_string();
    assert_eq!(Path::new(&pwd), worker.workdir());
    assert_ne!(Path::new(&pwd), std::env::current_dir().unwrap());
    assert!(worker.workdir().join("left-behind").exists());
    // The next run does not see the file left behind.
    let report = worker.run(&command, b"", &limits).unwrap();
    assert_eq!(String::from_utf8_lossy(&report.stdout).trim(), pwd);
}

#[test]
fn limits_are_set_before_exec() {
    let limits = Limits {
        address_space: Some(256 * MIB),
        timeout: Duration::from_millis(1500),
        file_size: Some(MIB),
        processes: Some(100),
        ..relaxed()
    };
    // The process cap is a pids cgroup where the sandbox has one, else
    // RLIMIT_NPROC: the script prints the cgroup's pids.max after the limits.
    let report = run_once(
        &sh("cat /proc/self/limits; d=$(sed -n 's/^[0-9]*:pids://p' /proc/self/cgroup); cat /sys/fs/cgroup/pids$d/pids.max 2>/dev/null || echo none"),
        b"",
        &limits,
    );
    let text = String::from_utf8_lossy(&report.stdout);
    let row = |name: &str| -> Vec<String> {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap();
        line[name.len()..]
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(row("Max address space")[..2], ["268435456", "268435456"]);
    assert_eq!(row("Max cpu time")[..2], ["3", "4"]);
    assert_eq!(row("Max file size")[..2], ["1048576", "1048576"]);
    let pids_max = text.lines().last().unwrap();
    if matches!(means(), Means::Namespaces { pids_cgroup: true }) {
        assert_eq!(pids_max, "100", "{text}");
    } else {
        assert_eq!(row("Max processes")[..2], ["100", "100"]);
    }
    assert_eq!(row("Max core file size")[..2], ["0", "0"]);
}

#[test]
fn a_file_over_the_size_limit_is_ole() {
    let limits = Limits {
        file_size: Some(MIB),
        ..relaxed()
    };
    let report = run_once(&sh("exec head -c 2000000 /dev/zero > big"), b"", &limits);
    assert_eq!(report.termination, Termination::Signaled(libc::SIGXFSZ));
    assert_eq!(
        verdict_of("", &report, &limits).to_string(),
        "OLE: wrote a file over 1 MiB"
    );
}

#[test]
fn only_the_standard_streams_are_open_and_no_signal_is_ignored() {
    let limits = relaxed();
    // `$$` is the shell's pid in its own PID namespace; the one that
    // `/proc` (the harness's) knows it by is in `/proc/self/stat`.
    let report = run_once(
        &sh("read -r p _ < /proc/self/stat; ls /proc/$p/fd"),
        b"",
        &limits,
    );
    assert_eq!(String::from_utf8_lossy(&report.stdout), "0\n1\n2\n");
    // The harness ignores SIGPIPE (as Rust programs do) and blocks every
    // signal while it spawns; the solution sees neither.
    let grep = Command::parse("grep -E '^Sig(Blk|Ign)' /proc/self/status").unwrap();
    let report = run_once(&grep, b"", &limits);
    assert_eq!(
        String::from_utf8_lossy(&report.stdout),
        "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n"
    );
}

#[test]
fn only_the_tail_of_stderr_is_kept() {
    let limits = relaxed();
    let code = "import sys\nsys.stderr.write('x' * 1000000 + 'END')";
    let report = run_once(&py(code), b"", &limits);
    assert_eq!(report.stderr_bytes, 1_000_003);
    assert_eq!(report.stderr_tail.len(), limits.stderr_tail);
    assert!(report.stderr_tail.ends_with(b"xxEND"));
}

#[test]
fn a_command_string_with_a_pipe_runs_through_a_shell() {
    let command = Command::parse("tr a-z A-Z | sed 's/K/k/'").unwrap();
    assert!(command.uses_shell());
    let report = run_once(&command, b"mp kill\n", &relaxed());
    assert_eq!(report.stdout, b"MP kILL\n");
    // `$` inside single quotes needs no shell of ours.
    let command = Command::parse("sh -c 'echo \"$0\" $1' a 'b c'").unwrap();
    assert!(!command.uses_shell());
    let report = run_once(&command, b"", &relaxed());
    assert_eq!(report.stdout, b"a b c\n");
    let command = Command::parse("printf '%s|' 'one two' three").unwrap();
    assert!(!command.uses_shell());
    let report = run_once(&command, b"", &relaxed());
    assert_eq!(report.stdout, b"one two|three|");
}

#[test]
fn relative_paths_in_a_command_are_resolved_against_the_current_directory() {
    // Cargo runs integration tests in the package root, where Cargo.toml is.
    let command =
        Command::parse("python3 -c 'import sys; print(open(sys.argv[1]).read())' Cargo.toml")
            .unwrap();
    assert!(command
        .arguments()
        .last()
        .unwrap()
        .to_string_lossy()
        .starts_with('/'));
    let report = run_once(&command, b"", &relaxed());
    assert_eq!(report.termination, Termination::Exited(0), "{report:?}");
    let mut expected = std::fs::read("Cargo.toml").unwrap();
    expected.push(b'\n');
    assert!(report.stdout == expected, "the solution read another file");
}

/// The environment is the caller's, with the variables the command sets.
/// `PATH` is the one exception: where the box drops the capability to
/// read (as root), it keeps only the folders the box's user can search,
/// in the caller's order (a folder it cannot search could give the
/// program nothing but "Permission denied"); `/usr/bin` always stays.
#[test]
fn the_environment_is_inherited_and_can_be_changed() {
    let path = std::env::var("PATH").expect("tests run with a PATH");
    let command = Command::parse("sh -c 'echo \"$PATH\"; echo \"[$PIGKILL_TEST_X]\"'")
        .unwrap()
        .env("PIGKILL_TEST_X", "set")
        .unwrap();
    let report = run_once(&command, b"", &relaxed());
    let stdout = String::from_utf8_lossy(&report.stdout);
    let (seen_path, rest) = stdout.split_once('\n').expect("two lines");
    assert_eq!(rest, "[set]\n");
    let mut inherited = path.split(':');
    for folder in seen_path.split(':') {
        assert!(
            inherited.any(|f| f == folder),
            "{folder} is not in the caller's PATH after the folders before it: {seen_path} / {path}"
        );
    }
    if path.split(':').any(|f| f == "/usr/bin") {
        assert!(seen_path.split(':').any(|f| f == "/usr/bin"), "{seen_path}");
    }
    let report = run_once(&command.env_clear(), b"", &relaxed());
    assert!(report.stdout.ends_with(b"\n[]\n"), "{report:?}");
}

#[test]
fn the_types_can_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<Command>();
    send_sync::<Limits>();
    send_sync::<RunReport>();
    send_sync::<Verdict>();
    send::<Worker>();
    send::<Workdir>();
}

#[test]
fn many_parallel_runs_are_all_judged_right() {
    let limits = relaxed();
    let cat = Command::parse("cat").unwrap();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let cat = cat.clone();
            std::thread::spawn(move || {
                let mut worker = Worker::new().unwrap();
                let mut pids = Vec::new();
                for i in 0..100 {
                    let input = format!("game {t} {i}\n{}\n", "K D P ".repeat(300));
                    let (verdict, report) = worker
                        .check(&cat, input.as_bytes(), &input, &limits, CompareMode::Exact)
                        .unwrap();
                    assert!(verdict.is_accepted(), "{verdict}");
                    pids.push(report.pid);
                }
                pids
            })
        })
        .collect();
    for t in threads {
        for pid in t.join().unwrap() {
            assert_gone(pid, "a cat");
        }
    }
}

#[test]
fn a_solution_that_signals_itself_dies_of_that_signal_as_on_a_judge() {
    // Pid 1 of a namespace would ignore these (it has no handler): the
    // solution is pid 2, under a tiny init.
    let limits = relaxed();
    let report = run_once(&sh("kill -TERM $$; sleep 5"), b"", &limits);
    assert_eq!(report.termination, Termination::Signaled(libc::SIGTERM));
    let abort = py("import os; os.abort()");
    let report = run_once(&abort, b"", &limits);
    assert_eq!(report.termination, Termination::Signaled(libc::SIGABRT));
}

#[test]
fn each_run_reads_exactly_its_own_input() {
    // The input file is rewritten from run to run: a short input after a
    // long one is not followed by the long one's tail.
    let limits = Limits {
        output: 2 * MIB,
        ..relaxed()
    };
    let cat = Command::parse("cat").unwrap();
    let mut worker = Worker::new().unwrap();
    let long = vec![b'K'; 1 << 20];
    assert_eq!(worker.run(&cat, &long, &limits).unwrap().stdout, long);
    assert_eq!(worker.run(&cat, b"MP\n", &limits).unwrap().stdout, b"MP\n");
    assert_eq!(worker.run(&cat, b"", &limits).unwrap().stdout, b"");
}
