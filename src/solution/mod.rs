//! Running a contestant's solution (any language) on games and judging
//! its output like an online judge: the execution and verdict layer of
//! `pigkill check --solution CMD`.
//!
//! - [`prepare`] turns the `--solution` string into a [`Command`]: a
//!   program or command line as it is, or a source file (`.cpp`, `.c`,
//!   `.rs`, `.java`, `.py`, `.js`) built once and cached (see [`Prepared`]
//!   and the `source` module's table; `--compile` overrides the build).
//! - [`preflight`] runs it on the statement's sample first, so that a
//!   solution that cannot start (missing file, class, module, interpreter)
//!   is one clear [`StartupError`], not a pile of "failures" of games.
//! - [`Command`] parses a command string (shell words; a real shell only
//!   when the string needs one).
//! - [`Limits`] says what a run may spend (1 s wall, 512 MiB of resident
//!   memory, 1 MiB of output by default).
//! - [`run`] (or [`Worker::run`], which reuses buffers) runs the solution
//!   once on an input and returns a [`RunReport`]; [`judge`] turns a report
//!   and the expected answer into a [`Verdict`] (AC, WA, PE, TLE, RE, MLE,
//!   OLE) under a [`CompareMode`]; a [`Tally`] counts verdicts for the
//!   final table.
//!
//! Runs are independent and synchronous, one thread each with no helper
//! thread: run them in parallel with one [`Worker`] per thread, e.g. with
//! rayon's `map_init(Worker::new, ...)` in a pool of [`default_jobs`]
//! threads (see `benches/check_throughput.rs`).
//!
//! # How the input is given
//!
//! As judges give it (Luogu, Codeforces, DOMjudge, isolate all start the
//! program with stdin redirected from the test's file): stdin is a
//! **regular file** holding the input, opened read-only at offset 0. The
//! input is written once into a fresh `memfd` (or, on kernels without
//! one, an unlinked file in the temporary directory) and opened again
//! through `/proc/self/fd` read-only, so the solution's descriptor has its
//! own offset and cannot write. Programs that size a buffer or `mmap` stdin
//! with `fstat(0).st_size`, or `fseek`/`rewind` it to read it twice, work
//! as on the judge; through a pipe (as before: `fstat` says 0, `lseek`
//! fails) an accepted Luogu solution got RE on every game. A file costs
//! about as much as a pipe: four system calls per run; see the bench
//! figures below. [`StdinMode::Pipe`] keeps the old way, for comparison.
//!
//! # What is isolated, and what is not
//!
//! A judge for code that may be someone else's: each run is shut in as far
//! as the kernel allows ([`Sandbox::On`], the default; [`means`] says what
//! this machine gives, [`sandbox_notice`] says it in words, and `check`
//! prints that at its start). See the `process::sandbox` module for how.
//!
//! - **As root** (or with `CAP_SYS_ADMIN`, `CAP_SETUID`, `CAP_SETGID` and
//!   `CAP_DAC_READ_SEARCH`), [`Means::Namespaces`]: a network namespace
//!   with only a down loopback (no network at all); a mount namespace in
//!   which the whole file system is read-only but the run's directory and
//!   a tmpfs on `/tmp` (its `TMPDIR` too), emptied before every run; the
//!   solution runs as uid and gid 65534 ([`SandboxUser`], `--sandbox-user`)
//!   with no supplementary groups and one capability, to read and search
//!   any file, until `execve` (so that a program under `/root` or in a
//!   `0700` folder still starts), and after it only for a runtime that
//!   reads such files itself (a script, classes, a program a launcher
//!   starts by its path, a shared library the loader finds in a folder
//!   uid 65534 cannot search; it cannot write them, the mounts are
//!   read-only);
//!   without it, the run's `PATH` holds only the folders uid 65534 can
//!   search, so that a program looked up by name is found or "not found",
//!   never "Permission denied";
//!   `PR_SET_NO_NEW_PRIVS`; at most [`Limits::processes`] processes and
//!   threads, by a pids cgroup per worker (or `RLIMIT_NPROC` of uid 65534
//!   where no cgroup can be made). Files under `/tmp` that the command
//!   names (its program, a `-cp` folder, a script) are shown, read-only, in
//!   the run's `/tmp`; nothing else of the host's `/tmp` is.
//! - **As an ordinary user**, [`Means::Landlock`]: writes only beneath the
//!   run's directory and a private per-run `TMPDIR` (and to `/dev/null`,
//!   `/dev/zero`, `/dev/full`); from Landlock ABI 4 no TCP `connect` or
//!   `bind`; from ABI 6 no signals to, and no abstract Unix sockets with,
//!   processes outside the run; `PR_SET_NO_NEW_PRIVS`. Not contained: it
//!   runs as the user, reads what the user can read, sees the real `/tmp`
//!   (read-only). User namespaces are not used (yet).
//! - **Either way, and with neither**: the socket filter (seccomp, x86-64
//!   and AArch64): no `socket()` of any family, no datagram
//!   `socketpair()`, no io_uring; each fails with `EPERM`.
//! - **Neither**, [`Means::Nothing`]: only the run's directory and
//!   `TMPDIR`; the notice says the solution runs with the user's rights.
//! - [`Sandbox::Off`] (`--sandbox off`): the real system with the
//!   harness's rights, but a private `/tmp` (a mount namespace as root, a
//!   per-run `TMPDIR` otherwise) and the run's own processes.
//!
//! Besides the sandbox:
//!
//! - **Processes: a PID namespace per run** ([`Isolation::Auto`], where
//!   the kernel allows it: as root or with `CAP_SYS_ADMIN`, as on these
//!   machines). The run's first process is a tiny init (pid 1 of the new
//!   namespace, sharing the harness's memory and running only system
//!   calls), which creates the solution as pid 2, waits for it, hands its
//!   status and resource usage to the harness, and exits. The solution is
//!   not pid 1 itself because pid 1 of a namespace ignores every signal
//!   it has no handler for, even from itself: `abort()`, `raise(SIGTERM)`
//!   or a `kill -TERM $$` would behave differently than on a judge. When
//!   the init exits, or is killed by the harness (timeout, output or
//!   memory limit), the kernel kills **every** process of the namespace
//!   and the init counts as exited only once they are all gone: children
//!   that called `setsid` or `setpgid`, ignore `SIGTERM`, or double-fork
//!   die with the run, and none is left as a zombie. Inside, `getpid()` is
//!   the namespace's number (2) while `/proc` is still the harness's: a
//!   program that reads `/proc/<getpid()>/...` reads another process's
//!   file (`/proc/self` is right).
//!
//!   **Fallback** (when `CLONE_NEWPID` is refused, e.g. as an ordinary
//!   user; also [`Isolation::ProcessGroup`]): each run is a new process
//!   group (`setpgid`), killed as a whole with `SIGKILL` on timeout, on too
//!   much output, and as soon as the main process exits, so children it
//!   forked (even ones that ignore `SIGTERM`) die too. The harness is a
//!   child subreaper, so such children are reaped by it, not left as
//!   zombies of init, and orphans that left the group (`setsid`,
//!   `setpgid`) become its children too: when a run ends, the harness
//!   kills and reaps every child of its own that is neither in its own
//!   process group nor in the group of a run still going (a few rounds,
//!   for the strays' own children). What the fallback does not stop: a
//!   process that made itself a subreaper, or one that left the group and
//!   is not yet an orphan when another run ends (it is killed when its own
//!   run ends); and a process the harness's own code started in a process
//!   group of its own is taken for a stray. Such a stray does not hold up
//!   the run (which ends with the main process).
//!
//!   Either way the child gets `PR_SET_PDEATHSIG = SIGKILL`, so it (and
//!   with the init, the whole namespace) dies if the harness thread does.
//! - **Time.** Wall time per run (`Limits::timeout`), enforced by the
//!   harness; CPU time with `RLIMIT_CPU` (the timeout rounded up plus 1 s)
//!   for solutions that burn several cores.
//! - **Memory, as judges count it: peak resident memory.** MLE comes from
//!   the peak RSS (`ru_maxrss` from `wait4`: the solution and the
//!   descendants it waited for) being over [`Limits::memory`], and the
//!   hard stop for runaway allocation is a watch on the main process's
//!   resident memory (`/proc/PID/statm`, every 10 ms once a run has lasted
//!   10 ms, so short runs cost nothing): above the limit, the run is killed
//!   and is MLE. Address space is **not** limited by default
//!   ([`Limits::address_space`] is `None`): the JVM reserves a quarter of
//!   the machine's memory for its heap, Node and Go reserve large ranges,
//!   and ASan maps terabytes of shadow memory, so an `RLIMIT_AS` (or
//!   `RLIMIT_DATA`, which counts ASan's shadow too) near the limit stops
//!   them before `main`; the issue that led here saw the JVM refuse to
//!   start under 512 MiB of address space. Cgroups are not used: the
//!   machines here have only a cgroup v1 memory hierarchy, owned by
//!   whatever started the harness.
//! - **Output.** Stdout is read up to the cap and never buffered beyond
//!   it; stderr keeps only a tail; files are capped by `RLIMIT_FSIZE`; no
//!   core dumps (`RLIMIT_CORE = 0`).
//! - **Working directory.** A fresh, empty, private temporary directory
//!   per worker (under `/var/tmp` when the system's is `/tmp`, which the
//!   sandbox hides), emptied before every run, removed on drop: relative
//!   paths the solution writes never reach the user's files.
//! - **File descriptors and signals.** Only stdin, stdout and stderr are
//!   open in the solution (all others are closed before `execve`). No
//!   signal is blocked, and none is ignored: the signals the harness
//!   ignored when it first ran a solution (and `SIGPIPE`, always) are reset
//!   to their default, and `execve` resets the ones it catches.
//!
//! Not isolated, even in the sandbox:
//!
//! - **Memory of a whole run.** The watch looks at the main process only;
//!   a child it forked that allocates without end is stopped by the
//!   timeout, and its peak counts only if the solution waited for it.
//!   Memory allocated but never touched is not resident and is not
//!   counted (nor is it on a judge that counts RSS). A pids cgroup caps
//!   processes, not memory.
//! - **Reading.** The file system stays readable (runtimes need it), and
//!   `/proc` is the harness's: a solution sees the machine's processes,
//!   though it can signal or trace none outside its run.
//! - **IPC** through `/dev/shm` (read-only in the sandbox) and System V
//!   objects of the uid.
//! - **Environment.** The solution inherits the harness's environment (as
//!   captured when the [`Command`] was made), with `TMPDIR` set to its own.
//!
//! # What it costs
//!
//! Measured by `benches/check_throughput.rs` (`cargo bench --bench
//! check_throughput`), which runs the old runner (stdin a pipe, a process
//! group) and the new one on the same binary in interleaved rounds:
//!
//! | 2 workers, 10 rounds × 400 runs, 2026-11-30, load average 6 to 10 | runs/s (wall) | CPU µs per run |
//! |---|---|---|
//! | old: stdin a pipe, a process group (`cat`, 2 KB, judged) | 896 | 1,047 |
//! | stdin a file, a process group | 971 (108.4 %) | 1,073 (+2.5 %) |
//! | stdin a pipe, a PID namespace | 1,035 (115.5 %) | 1,082 (+3.3 %) |
//! | **new**: stdin a file, a PID namespace | 986 (110.1 %; median of rounds 112.1 %) | 1,079 (**+3.1 %**) |
//! | the fallback without namespaces (stdin a file, a group, orphans killed) | 977 | 1,116 (+6.6 %) |
//! | old, `/bin/true` | 1,012 | 780 |
//! | new, `/bin/true` | 1,161 | 804 (+3.1 %) |
//!
//! The machine (2 cores) was shared with other builds, so the wall rates
//! swing by tens of percent from round to round and between neighbouring
//! lines (the new runner came out faster here, which it is not); the CPU
//! time per run (the harness's and its children's, user and system) is
//! the steadier measure of what each way costs. By it, stdin as a file
//! costs 2.5 % (a `memfd` per run without a namespace; with one, the
//! worker's `memfd` is rewritten in place: `pwrite`, `ftruncate`,
//! `lseek`), the namespace 0.6 to 3.3 % (one more `clone`, the namespace's
//! creation and teardown), both together 3.1 % of a run of `cat`. An
//! earlier run of the same bench under heavier load (average 10 to 16,
//! before the fallback looked for orphans) gave +6.6 % for both together
//! (file +4.2 %, namespace +4.7 %), wall rates 1,140 new against 1,081
//! old runs/s.

//! The sandbox (issues 23 and 25), by the same bench's `sandbox` summary
//! (`cargo bench --bench check_throughput -- sandbox`: today's runner, the
//! private `/tmp` alone, the whole sandbox, in 10 interleaved rounds of 400
//! runs on 2 workers; 2026-12-01 12:50 UTC, load average 13.8 falling to
//! 8.2):
//!
//! | | runs/s (wall) | CPU µs per run |
//! |---|---|---|
//! | `cat` judged, the runner before the sandbox | 830 | 1,188 |
//! | `cat` judged, a private `/tmp` alone ([`Sandbox::Off`]) | 809 (97.4 %; median of rounds 98.2 %) | 1,220 (+2.6 %) |
//! | `cat` judged, the whole sandbox ([`Sandbox::On`]) | 802 (96.6 %; median 96.2 %) | 1,235 (+3.9 %) |
//! | `/bin/true`, the runner before the sandbox | 1,032 | 872 |
//! | `/bin/true`, a private `/tmp` alone | 1,005 (97.4 %; median 97.7 %) | 896 (+2.8 %) |
//! | `/bin/true`, the whole sandbox | 989 (95.8 %; median 95.7 %) | 925 (+6.1 %) |
//!
//! The namespaces are made once per worker and entered with `setns`
//! (a network namespace per run costs about 4 ms of wall time, a mount
//! namespace with a tmpfs about 1 ms, measured with a C loop of `clone`):
//! what each run pays is a few system calls (`setns` twice, the cgroup
//! join, the switch of user, `no_new_privs`, the check that `/tmp` is
//! empty): about 50 µs of CPU per run.
//!
//! # Process-wide effects
//!
//! Each worker's sandbox is made on its first run: a mount and a network
//! namespace kept as file descriptors, and as root a pids cgroup directory
//! (`pigkill-PID-N` beside the harness's own) removed when the worker is
//! dropped.
//!
//! The first run makes the harness process a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`): orphans among *all* its descendants, also
//! those of processes started otherwise (`std::process::Command`), are then
//! reparented to it. Those outside a solution's process group or namespace
//! are not reaped by this module, and stay zombies until the harness exits,
//! as they would under an init that does not reap. Nothing else
//! process-wide changes: `SIGPIPE` is blocked only in the supervising
//! thread during a run, so that writing to a solution that closed its
//! stdin gives `EPIPE` whatever the process's disposition.

mod command;
mod limits;
mod process;
mod source;
mod startup;
pub mod verdict;
mod workdir;

use std::io;

pub use command::{Command, CommandError};
pub use limits::{
    Limits, DEFAULT_FILE_SIZE, DEFAULT_MEMORY, DEFAULT_OUTPUT, DEFAULT_PROCESSES,
    DEFAULT_STDERR_TAIL, DEFAULT_TIMEOUT, MIB,
};
pub use process::{
    means, namespaces_available, run, sandbox_notice, set_default_sandbox, signal_name, Isolation,
    Means, RunOptions, RunReport, Sandbox, SandboxUser, StdinMode, Termination, NOBODY,
};
pub use source::{cache_dir, prepare, Build, PrepareError, Prepared};
pub use startup::{preflight, preflight_sample, StartupError, SAMPLE, STARTUP_MARKERS};
pub use verdict::{accepts, compare, judge, CompareMode, Tally, Verdict, VerdictKind};
pub use workdir::Workdir;

/// The default number of parallel runs (`--jobs`): all cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Everything one thread needs to run solutions again and again: its own
/// working directory and buffers reused from run to run.
pub struct Worker {
    workdir: Workdir,
    buffers: process::Buffers,
    report: RunReport,
}

impl Worker {
    /// A worker with a fresh working directory.
    ///
    /// # Errors
    ///
    /// Any I/O error making the temporary directory.
    pub fn new() -> io::Result<Worker> {
        Worker::with_options(RunOptions::default())
    }

    /// A worker that runs solutions with other [`RunOptions`] than the
    /// defaults (to compare with them, as the benches do).
    ///
    /// # Errors
    ///
    /// Any I/O error making the temporary directory.
    pub fn with_options(options: RunOptions) -> io::Result<Worker> {
        Ok(Worker {
            workdir: Workdir::new()?,
            buffers: process::Buffers::new(options),
            report: RunReport::default(),
        })
    }

    /// The directory this worker's solutions run in.
    pub fn workdir(&self) -> &std::path::Path {
        self.workdir.path()
    }

    /// Runs `command` on `input` as [`run`] does, reusing this worker's
    /// directory and buffers. The report lives until the next run.
    ///
    /// # Errors
    ///
    /// As [`run`]: only when the run could not be carried out.
    pub fn run(
        &mut self,
        command: &Command,
        input: &[u8],
        limits: &Limits,
    ) -> io::Result<&RunReport> {
        process::run_into(
            command,
            input,
            limits,
            &mut self.workdir,
            &mut self.buffers,
            &mut self.report,
        )?;
        Ok(&self.report)
    }

    /// Runs `command` on `input` and judges its output against `expected`.
    ///
    /// # Errors
    ///
    /// As [`run`]: only when the run could not be carried out.
    pub fn check(
        &mut self,
        command: &Command,
        input: &[u8],
        expected: &str,
        limits: &Limits,
        mode: CompareMode,
    ) -> io::Result<(Verdict, &RunReport)> {
        let report = self.run(command, input, limits)?;
        Ok((judge(expected, report, limits, mode), report))
    }
}
