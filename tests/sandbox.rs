//! A solution touches nothing that is not its own (issue 25): hostile
//! programs, compiled here with gcc, try to write into the home directory,
//! the folder the harness started in and the system's folders, to connect
//! to a listener the test opens on 127.0.0.1, to send it a UDP datagram, to
//! reach a Unix socket the test listens on (by `socket` or by a datagram
//! pair of its own), to keep a capability or read a file only root may, to
//! be or become root, and to fork without end. Each prints `contained` when
//! the attempt failed and `escaped` when it worked, so the verdict against
//! `contained` is AC for a contained program; and the test compares the
//! places attacked before and after.
//!
//! What is contained depends on what the kernel gives ([`means`]): as root,
//! namespaces and a switch of user (everything here); as an ordinary user,
//! Landlock (writes, and TCP from ABI 4); the socket filter (seccomp, any
//! user, x86-64 and AArch64) for UDP and Unix sockets. A part the machine
//! cannot contain is skipped with the reason printed. The same as an unprivileged user,
//! through `pigkill check`, is the last test.

mod common;

use std::io::ErrorKind;
use std::net::{TcpListener, UdpSocket};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixDatagram, UnixListener};
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{assert_success, compile_c, count, have, shown, PIGKILL};
use pigkill::solution::{
    means, sandbox_notice, CompareMode, Limits, Means, RunOptions, Sandbox, SandboxUser,
    VerdictKind, Worker,
};

/// The hostile program: `hostile MODE [ARG]`.
const HOSTILE: &str = r#"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int verdict(int escaped, const char *what) {
    fprintf(stderr, "%s: %s (%s)\n", what, escaped ? "escaped" : "contained", strerror(errno));
    puts(escaped ? "escaped" : "contained");
    return 0;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    const char *arg = argc > 2 ? argv[2] : "";
    if (!strcmp(mode, "write")) {
        /* a new file in the folder ARG */
        char path[4096];
        snprintf(path, sizeof path, "%s/pigkill-hostile-was-here", arg);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        return verdict(fd >= 0 && write(fd, "x", 1) == 1, path);
    }
    if (!strcmp(mode, "home")) {
        const char *home = getenv("HOME");
        char path[4096];
        snprintf(path, sizeof path, "%s/pigkill-hostile-was-here", home ? home : "/root");
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        return verdict(fd >= 0, path);
    }
    if (!strcmp(mode, "connect")) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(atoi(arg)) };
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return verdict(s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0, "connect");
    }
    if (!strcmp(mode, "udp")) {
        /* a datagram to 127.0.0.1:ARG */
        int s = socket(AF_INET, SOCK_DGRAM, 0);
        struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(atoi(arg)) };
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return verdict(s >= 0 && sendto(s, "x", 1, 0, (struct sockaddr *)&to, sizeof to) == 1, "udp");
    }
    if (!strcmp(mode, "unix") || !strcmp(mode, "unix-pair")) {
        /* a stream connected to the Unix socket at ARG; or, by a datagram
           pair of its own (which any socket may be), a datagram sent to it */
        struct sockaddr_un to = { .sun_family = AF_UNIX };
        strncpy(to.sun_path, arg, sizeof to.sun_path - 1);
        if (!strcmp(mode, "unix")) {
            int s = socket(AF_UNIX, SOCK_STREAM, 0);
            return verdict(s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0, "unix");
        }
        int pair[2];
        int made = socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) == 0;
        return verdict(made && sendto(pair[0], "x", 1, 0, (struct sockaddr *)&to, sizeof to) == 1, "unix-pair");
    }
    if (!strcmp(mode, "stream-pair")) {
        /* what runtimes use between their own threads: must work */
        int pair[2];
        char c = 0;
        int ok = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0
            && write(pair[0], "x", 1) == 1 && read(pair[1], &c, 1) == 1 && c == 'x';
        return verdict(!ok, "stream-pair");
    }
    if (!strcmp(mode, "caps")) {
        /* any capability left after execve */
        FILE *f = fopen("/proc/self/status", "r");
        char line[256];
        int any = 0;
        while (f && fgets(line, sizeof line, f))
            if (!strncmp(line, "CapEff:", 7) || !strncmp(line, "CapPrm:", 7) || !strncmp(line, "CapAmb:", 7)) {
                fprintf(stderr, "%s", line);
                any |= strtoull(line + 7, NULL, 16) != 0;
            }
        return verdict(any, "capabilities");
    }
    if (!strcmp(mode, "read")) {
        /* reading the file whose path is on stdin */
        char path[4096] = "";
        if (!fgets(path, sizeof path, stdin)) return 2;
        path[strcspn(path, "\n")] = 0;
        int fd = open(path, O_RDONLY);
        char c;
        return verdict(fd >= 0 && read(fd, &c, 1) == 1, path);
    }
    if (!strcmp(mode, "uid")) {
        fprintf(stderr, "uid %d euid %d\n", (int)getuid(), (int)geteuid());
        return verdict(getuid() == 0 || geteuid() == 0, "uid");
    }
    if (!strcmp(mode, "setuid")) {
        return verdict(setuid(0) == 0 && getuid() == 0, "setuid(0)");
    }
    if (!strcmp(mode, "forkbomb")) {
        /* Every process forks without end; the first one says whether a
           fork was refused (the cap) and leaves the others to the harness. */
        for (;;) {
            pid_t pid = fork();
            if (pid < 0) return verdict(0, "fork");
            if (pid == 0) for (;;) fork();
        }
    }
    return 2;
}
"#;

/// The hostile program, compiled once per test into `dir`.
fn hostile(dir: &Path) -> PathBuf {
    compile_c(dir, "hostile", HOSTILE, &["-O1"])
}

/// Roomy limits (a loaded machine), and a small process cap so that the
/// fork bomb stays small.
fn limits() -> Limits {
    Limits {
        timeout: Duration::from_secs(5),
        processes: Some(100),
        ..Limits::default()
    }
}

/// The names and sizes in a folder, to compare before and after.
fn snapshot(dir: &Path) -> Vec<(String, u64)> {
    let mut entries: Vec<(String, u64)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| {
                    let size = e.metadata().map_or(0, |m| m.len());
                    (e.file_name().to_string_lossy().into_owned(), size)
                })
                .collect()
        })
        .unwrap_or_default();
    entries.sort();
    entries
}

/// Runs `hostile MODE ARG` in the default sandbox and returns its verdict
/// against `contained`, with its stderr.
fn attempt(worker: &mut Worker, program: &Path, mode: &str, arg: &str) -> (VerdictKind, String) {
    attempt_with(worker, program, mode, arg, b"")
}

/// [`attempt`] with `input` on its stdin.
fn attempt_with(
    worker: &mut Worker,
    program: &Path,
    mode: &str,
    arg: &str,
    input: &[u8],
) -> (VerdictKind, String) {
    let command = pigkill::solution::Command::new(program)
        .and_then(|c| c.arg(mode))
        .and_then(|c| c.arg(arg))
        .expect("a command");
    let (verdict, report) = worker
        .check(
            &command,
            input,
            "contained\n",
            &limits(),
            CompareMode::Lines,
        )
        .expect("the run is carried out");
    let stderr = String::from_utf8_lossy(&report.stderr_tail).into_owned();
    eprintln!("{mode} {arg}: {verdict}; {}", stderr.trim());
    (verdict.kind(), stderr)
}

/// Whether writes outside the run are contained here; prints why not.
fn writes_contained() -> bool {
    match means() {
        Means::Namespaces { .. } | Means::Landlock { .. } => true,
        Means::Nothing => {
            eprintln!("skipped: no namespaces and no Landlock here, writes are not contained");
            false
        }
    }
}

#[test]
fn writes_outside_the_run_fail_and_change_nothing() {
    if !have("gcc", "the hostile programs") || !writes_contained() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()));
    let start = std::env::current_dir().unwrap();
    let places = [home.clone(), start.clone(), "/etc".into(), "/usr".into()];
    let before: Vec<_> = places.iter().map(|p| snapshot(p)).collect();
    let mut worker = Worker::new().unwrap();
    let (verdict, _) = attempt(&mut worker, &program, "home", "");
    assert_eq!(verdict, VerdictKind::Accepted, "writing to $HOME");
    for place in &places {
        let (verdict, stderr) =
            attempt(&mut worker, &program, "write", &place.display().to_string());
        assert_eq!(
            verdict,
            VerdictKind::Accepted,
            "writing to {}: {stderr}",
            place.display()
        );
    }
    let after: Vec<_> = places.iter().map(|p| snapshot(p)).collect();
    for ((place, before), after) in places.iter().zip(&before).zip(&after) {
        assert_eq!(before, after, "{} changed", place.display());
    }
    // Its own directory is writable (and emptied before the next run).
    let own = worker.workdir().display().to_string();
    let (verdict, _) = attempt(&mut worker, &program, "write", &own);
    assert_eq!(
        verdict,
        VerdictKind::WrongAnswer,
        "its own directory is its own"
    );
}

#[test]
fn a_listener_on_the_loopback_sees_no_connection() {
    if !have("gcc", "the hostile programs") {
        return;
    }
    let tcp_contained = match means() {
        Means::Namespaces { .. } => true,
        Means::Landlock { abi } => abi >= 4,
        Means::Nothing => false,
    };
    if !tcp_contained {
        eprintln!("skipped: this machine gives no network namespace and no Landlock TCP rules");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "connect", &port);
    assert_eq!(verdict, VerdictKind::Accepted, "connecting: {stderr}");
    let seen = listener.accept();
    assert_eq!(
        seen.as_ref().map_err(|e| e.kind()).err(),
        Some(ErrorKind::WouldBlock),
        "the listener saw {seen:?}"
    );
}

/// A worker whose runs see the real system (`--sandbox off`).
fn sandbox_off() -> Worker {
    Worker::with_options(RunOptions {
        sandbox: Sandbox::Off,
        ..RunOptions::default()
    })
    .unwrap()
}

/// Whether runs get the socket filter here (the start notice says so);
/// prints why not.
fn sockets_filtered() -> bool {
    let notice = sandbox_notice(Sandbox::On, SandboxUser::default());
    let filtered = notice.contains("no socket");
    if !filtered {
        eprintln!("skipped: no socket filter here ({notice})");
    }
    filtered
}

/// What a nonblocking socket received: `None` when nothing came.
fn received(result: std::io::Result<usize>) -> Option<usize> {
    match result {
        Err(e) if e.kind() == ErrorKind::WouldBlock => None,
        other => Some(other.expect("the test's socket works")),
    }
}

#[test]
fn no_datagram_reaches_a_socket_on_the_loopback() {
    if !have("gcc", "the hostile programs") || !sockets_filtered() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
    socket.set_nonblocking(true).unwrap();
    let port = socket.local_addr().unwrap().port().to_string();
    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "udp", &port);
    assert_eq!(verdict, VerdictKind::Accepted, "sending: {stderr}");
    let mut buffer = [0u8; 16];
    assert_eq!(
        received(socket.recv(&mut buffer)),
        None,
        "a datagram arrived"
    );
}

#[test]
fn no_unix_socket_of_the_machine_is_reached() {
    if !have("gcc", "the hostile programs") || !sockets_filtered() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    // Sockets anyone may use, in a folder anyone may enter.
    let sockets = tempfile::tempdir().unwrap();
    open_to_all(sockets.path());
    let stream_path = sockets.path().join("stream.sock");
    let datagram_path = sockets.path().join("datagram.sock");
    let listener = UnixListener::bind(&stream_path).unwrap();
    let datagrams = UnixDatagram::bind(&datagram_path).unwrap();
    for path in [&stream_path, &datagram_path] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    listener.set_nonblocking(true).unwrap();
    datagrams.set_nonblocking(true).unwrap();
    let (stream_arg, datagram_arg) = (
        stream_path.display().to_string(),
        datagram_path.display().to_string(),
    );
    let mut buffer = [0u8; 16];

    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "unix", &stream_arg);
    assert_eq!(verdict, VerdictKind::Accepted, "connecting: {stderr}");
    assert!(listener.accept().is_err(), "the listener saw a connection");
    let (verdict, stderr) = attempt(&mut worker, &program, "unix-pair", &datagram_arg);
    assert_eq!(verdict, VerdictKind::Accepted, "sending: {stderr}");
    assert_eq!(
        received(datagrams.recv(&mut buffer)),
        None,
        "a datagram arrived"
    );
    // A connected pair of its own, as runtimes make, still works.
    let (verdict, stderr) = attempt(&mut worker, &program, "stream-pair", "");
    assert_eq!(
        verdict,
        VerdictKind::Accepted,
        "a pair of its own: {stderr}"
    );

    // The attacks are real: with the sandbox off, both get through.
    let mut off = sandbox_off();
    let (verdict, _) = attempt(&mut off, &program, "unix", &stream_arg);
    assert_eq!(verdict, VerdictKind::WrongAnswer, "connected, sandbox off");
    let (verdict, _) = attempt(&mut off, &program, "unix-pair", &datagram_arg);
    assert_eq!(verdict, VerdictKind::WrongAnswer, "sent, sandbox off");
    assert_eq!(received(datagrams.recv(&mut buffer)), Some(1));
}

#[test]
fn a_binary_keeps_no_capability_once_it_runs() {
    if !have("gcc", "the hostile programs") {
        return;
    }
    if !matches!(means(), Means::Namespaces { .. }) {
        eprintln!("skipped: no switch of user here, so no capability to drop");
        return;
    }
    // In a 0700 folder of root's (tempfile makes its folders 0777 less the
    // umask): it starts all the same.
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "caps", "");
    assert_eq!(verdict, VerdictKind::Accepted, "{stderr}");
    // A file only root may read, outside /tmp (so that the run sees it),
    // named on stdin (so that nothing in the command asks for reading).
    let secrets = tempfile::tempdir_in(env!("CARGO_MANIFEST_DIR")).unwrap();
    let secret = secrets.path().join("secret");
    std::fs::write(&secret, "secret\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let path = format!("{}\n", secret.display());
    let (verdict, stderr) = attempt_with(&mut worker, &program, "read", "", path.as_bytes());
    assert_eq!(verdict, VerdictKind::Accepted, "{stderr}");
    // The attack is real: with the sandbox off, the file is read.
    let mut off = sandbox_off();
    let (verdict, _) = attempt_with(&mut off, &program, "read", "", path.as_bytes());
    assert_eq!(verdict, VerdictKind::WrongAnswer, "read, sandbox off");
}

#[test]
fn a_launcher_looks_programs_up_only_where_its_user_may_search() {
    if !have("gcc", "the hostile programs") || !have("timeout", "a launcher") {
        return;
    }
    if !matches!(means(), Means::Namespaces { .. }) {
        eprintln!("skipped: no switch of user here, so no folder the run cannot search");
        return;
    }
    // A 0700 folder of root's, first on PATH, as `~/.cargo/bin` is on
    // root's: uid 65534 cannot search it. Outside /tmp, so that the run
    // sees it (the run's /tmp is its own).
    let shut = tempfile::tempdir_in(env!("CARGO_MANIFEST_DIR")).unwrap();
    let program = hostile(shut.path());
    let script = common::write(
        shut.path(),
        "solution.sh",
        &format!("exec {} uid\n", program.display()),
    );
    // (tempfile makes its folders 0777 less the umask.)
    std::fs::set_permissions(shut.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let path = format!("{}:/usr/bin:/bin", shut.path().display());
    let mut worker = Worker::new().unwrap();
    let mut run = |line: &str| {
        let command = pigkill::solution::Command::parse(line)
            .and_then(|c| c.env("PATH", &path))
            .expect("a command");
        let (verdict, report) = worker
            .check(&command, b"", "contained\n", &limits(), CompareMode::Lines)
            .expect("the run is carried out");
        let stderr = String::from_utf8_lossy(&report.stderr_tail).into_owned();
        eprintln!("{line}: {verdict}; {}", stderr.trim());
        (verdict.to_string(), stderr)
    };
    // A name in no folder: "not found" (127), not "Permission denied"
    // (126), whichever program looks it up.
    for launcher in ["timeout 5", "nice", "env", "xargs", "sh -c 'exec"] {
        let quote = if launcher.ends_with("exec") { "'" } else { "" };
        let line = format!("{launcher} pigkill-no-such-program{quote}");
        let (verdict, stderr) = run(&line);
        assert!(
            verdict.starts_with("RE: exit code 127"),
            "{line}: {verdict}"
        );
        assert!(!stderr.contains("Permission denied"), "{line}: {stderr}");
    }
    // A name only the 0700 folder holds is not found either: the run's
    // PATH leaves out the folders uid 65534 cannot search.
    let (verdict, _) = run("timeout 5 hostile uid");
    assert!(verdict.starts_with("RE: exit code 127"), "{verdict}");
    // By its path, the program in the 0700 folder starts, whether a
    // launcher starts it or a shell runs a script there that does: the
    // path in the arguments keeps the capability to read for the run.
    for line in [
        format!("{} uid", program.display()),
        format!("timeout 5 {} uid", program.display()),
        format!("sh -c '{} uid'", program.display()),
        format!("sh {}", script.display()),
    ] {
        let (verdict, stderr) = run(&line);
        assert_eq!(verdict, "AC", "{line}: {stderr}");
    }
}

#[test]
fn a_binary_finds_its_libraries_in_a_folder_only_root_may_search() {
    if !have("gcc", "a shared library") {
        return;
    }
    if !matches!(means(), Means::Namespaces { .. }) {
        eprintln!("skipped: no switch of user here, so no folder the run cannot search");
        return;
    }
    // The library in a 0700 folder of root's (outside /tmp, which the run
    // does not see); the programs that need it in a folder open to all.
    let shut = tempfile::tempdir_in(env!("CARGO_MANIFEST_DIR")).unwrap();
    let open = tempfile::tempdir_in(env!("CARGO_MANIFEST_DIR")).unwrap();
    open_to_all(open.path());
    let gcc = |args: &[&str]| {
        let out = std::process::Command::new("gcc")
            .args(args)
            .output()
            .expect("gcc runs");
        assert_success(&out, "gcc");
    };
    let library = common::write(
        shut.path(),
        "answer.c",
        "const char *answer(void) { return \"contained\"; }\n",
    );
    let main = common::write(
        open.path(),
        "main.c",
        "#include <stdio.h>\nconst char *answer(void);\nint main(void) { puts(answer()); return 0; }\n",
    );
    let shut_dir = shut.path().display().to_string();
    let library_file = format!("{shut_dir}/libpigkillanswer.so");
    gcc(&[
        "-shared",
        "-fPIC",
        "-o",
        &library_file,
        &library.display().to_string(),
    ]);
    let main = main.display().to_string();
    let by_variable = open.path().join("by-variable").display().to_string();
    let by_run_path = open.path().join("by-run-path").display().to_string();
    gcc(&[
        "-o",
        &by_variable,
        &main,
        "-L",
        &shut_dir,
        "-lpigkillanswer",
    ]);
    let rpath = format!("-Wl,-rpath,{shut_dir}");
    gcc(&[
        "-o",
        &by_run_path,
        &main,
        "-L",
        &shut_dir,
        "-lpigkillanswer",
        &rpath,
    ]);
    std::fs::set_permissions(shut.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut worker = Worker::new().unwrap();
    // Found through LD_LIBRARY_PATH (after cargo's own folders), or through
    // the binary's own run path: the loader, which runs after `execve` as
    // uid 65534, opens the library all the same.
    let variable =
        std::env::var("LD_LIBRARY_PATH").map_or(shut_dir.clone(), |v| format!("{v}:{shut_dir}"));
    for (program, library_path) in [(&by_variable, Some(&variable)), (&by_run_path, None)] {
        let mut command = pigkill::solution::Command::new(program).expect("a command");
        command = match library_path {
            Some(value) => command.env("LD_LIBRARY_PATH", value).expect("a variable"),
            None => command.env_remove("LD_LIBRARY_PATH"),
        };
        let (verdict, report) = worker
            .check(&command, b"", "contained\n", &limits(), CompareMode::Lines)
            .expect("the run is carried out");
        let stderr = String::from_utf8_lossy(&report.stderr_tail);
        assert_eq!(
            verdict.kind(),
            VerdictKind::Accepted,
            "{program}: {verdict}; {stderr}"
        );
    }
}

#[test]
fn the_solution_is_not_root_and_cannot_become_root() {
    if !have("gcc", "the hostile programs") {
        return;
    }
    if !matches!(means(), Means::Namespaces { .. }) {
        // SAFETY: plain query.
        if unsafe { libc::getuid() } == 0 {
            eprintln!("skipped: root without the capabilities to switch users");
            return;
        }
        // An ordinary user's run has the user's uid: not root either.
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "uid", "");
    assert_eq!(verdict, VerdictKind::Accepted, "{stderr}");
    let (verdict, stderr) = attempt(&mut worker, &program, "setuid", "");
    assert_eq!(verdict, VerdictKind::Accepted, "{stderr}");
}

#[test]
fn a_fork_bomb_is_stopped_by_the_process_cap() {
    if !have("gcc", "the hostile programs") {
        return;
    }
    // SAFETY: plain query.
    if unsafe { libc::getuid() } == 0 && !matches!(means(), Means::Namespaces { .. }) {
        eprintln!("skipped: root is not held by RLIMIT_NPROC and no pids cgroup or switch of user is available");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let mut worker = Worker::new().unwrap();
    let (verdict, stderr) = attempt(&mut worker, &program, "forkbomb", "");
    // The first refused fork is the cap, not the timeout: the run ends
    // with the answer, and its processes die with it.
    assert_eq!(verdict, VerdictKind::Accepted, "{stderr}");
    // The machine still starts processes.
    let (verdict, _) = attempt(&mut worker, &program, "uid", "");
    assert_ne!(verdict, VerdictKind::TimeLimit);
}

#[test]
fn with_the_sandbox_off_the_solution_sees_the_real_system() {
    if !have("gcc", "the hostile programs") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let program = hostile(dir.path());
    let target = tempfile::tempdir().unwrap();
    std::fs::set_permissions(target.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let mut worker = sandbox_off();
    let (verdict, _) = attempt(
        &mut worker,
        &program,
        "write",
        &target.path().display().to_string(),
    );
    assert_eq!(verdict, VerdictKind::WrongAnswer, "the write went through");
    assert!(target.path().join("pigkill-hostile-was-here").exists());
}

/// A folder the unprivileged user may enter and read (0755).
fn open_to_all(path: &Path) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn an_unprivileged_user_is_contained_as_far_as_the_kernel_allows() {
    // SAFETY: plain query.
    if unsafe { libc::getuid() } != 0 {
        eprintln!("skipped: dropping to another user needs root; this test runs as a user already");
        return;
    }
    if !have("setpriv", "the unprivileged run") || !have("gcc", "the hostile programs") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    open_to_all(dir.path());
    let nobody = |path: &Path| std::os::unix::fs::chown(path, Some(65534), Some(65534)).unwrap();
    // The binary and the programs where the user can read and run them.
    let pigkill = dir.path().join("pigkill");
    std::fs::copy(PIGKILL, &pigkill).unwrap();
    std::fs::set_permissions(&pigkill, std::fs::Permissions::from_mode(0o755)).unwrap();
    let program = hostile(dir.path());
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    // A home, a starting folder and an out folder of the user's own, which
    // the solution must not write.
    let (home, start, out, tests) = (
        dir.path().join("home"),
        dir.path().join("start"),
        dir.path().join("out"),
        dir.path().join("tests"),
    );
    for d in [&home, &start, &out, &tests] {
        std::fs::create_dir(d).unwrap();
        nobody(d);
    }
    std::fs::copy("tests/fixtures/rules/sample.in", tests.join("1.in")).unwrap();
    std::fs::write(tests.join("1.out"), "contained\n").unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let datagrams = UdpSocket::bind("127.0.0.1:0").unwrap();
    datagrams.set_nonblocking(true).unwrap();
    let udp_port = datagrams.local_addr().unwrap().port().to_string();
    let attacks: [(&str, String); 7] = [
        ("home", String::new()),
        ("write", start.display().to_string()),
        ("write", "/etc".into()),
        ("connect", port),
        ("udp", udp_port),
        ("uid", String::new()),
        ("setuid", String::new()),
    ];
    let before = [snapshot(&home), snapshot(&start)];
    let mut notice = String::new();
    for (mode, arg) in &attacks {
        let output = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(&pigkill)
            .args(["check", "--solution"])
            .arg(&program)
            .arg("--tests")
            .arg(&tests)
            .arg("--out")
            .arg(out.join(mode))
            .args(["--jobs", "1", "--timeout", "5s", "--"])
            .arg(mode)
            .arg(arg)
            .current_dir(&start)
            .env("HOME", &home)
            .env("XDG_CACHE_HOME", out.join("cache"))
            .output()
            .expect("setpriv runs");
        let text = shown(&output);
        eprintln!("as uid 65534, {mode} {arg}:\n{text}");
        notice = String::from_utf8_lossy(&output.stderr)
            .lines()
            .find(|l| l.starts_with("check: sandbox") || l.starts_with("check: no sandbox"))
            .unwrap_or_default()
            .to_string();
        assert!(
            !notice.is_empty(),
            "the start says what is contained: {text}"
        );
        let contained = match *mode {
            // Not root, whatever the kernel gives.
            "uid" | "setuid" => true,
            // By DAC: /etc is root's.
            "write" if arg == "/etc" => true,
            "connect" => notice.contains("cannot connect"),
            "udp" => notice.contains("no socket"),
            _ => notice.contains("may write only"),
        };
        if contained {
            assert_eq!(count(&output, "AC"), 1, "{mode} {arg} is contained: {text}");
            assert_eq!(output.status.code(), Some(0), "{text}");
        } else {
            eprintln!("not contained here ({notice}): {mode} {arg}");
        }
    }
    if notice.contains("may write only") {
        assert_eq!(before, [snapshot(&home), snapshot(&start)]);
    }
    assert!(listener.accept().is_err(), "the listener saw a connection");
    if notice.contains("no socket") {
        let mut buffer = [0u8; 16];
        assert_eq!(
            received(datagrams.recv(&mut buffer)),
            None,
            "a datagram arrived"
        );
    }
    eprintln!("the unprivileged notice: {notice}");
}
