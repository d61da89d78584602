//! Running a contestant's solution binary (any language) on games and
//! judging its output like an online judge: the execution and verdict
//! layer of `pigkill check --solution CMD`.
//!
//! - [`Command`] parses the `--solution` string (shell words; a real shell
//!   only when the string needs one).
//! - [`Limits`] says what a run may spend (1 s wall, 512 MiB, 1 MiB of
//!   output by default).
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
//! # What is isolated, and what is not
//!
//! This is a judge for code the user trusts not to be malicious (their own
//! solution), protecting against accidents: runaway loops, fork loops,
//! floods of output, memory leaks, stray files. It is **not** a sandbox for
//! hostile code; use a container or a jail (nsjail, isolate) for that.
//!
//! Isolated:
//!
//! - **Processes.** Each run is a new process group (`setpgid`), killed as
//!   a whole with `SIGKILL` on timeout, on too much output, and as soon as
//!   the main process exits, so children it forked (even ones that ignore
//!   `SIGTERM`) die too. The harness is a child subreaper, so such
//!   children are reaped by it, not left as zombies of init. The child gets
//!   `PR_SET_PDEATHSIG = SIGKILL`, so it dies if the harness thread does.
//! - **Time.** Wall time per run (`Limits::timeout`), enforced by the
//!   harness; CPU time with `RLIMIT_CPU` (the timeout rounded up plus 1 s)
//!   for solutions that burn several cores.
//! - **Memory.** `RLIMIT_AS` (virtual memory) per process of the run.
//! - **Output.** Stdout is read up to the cap and never buffered beyond
//!   it; stderr keeps only a tail; files are capped by `RLIMIT_FSIZE`; no
//!   core dumps (`RLIMIT_CORE = 0`).
//! - **Working directory.** A fresh, empty, private temporary directory
//!   per worker, emptied before every run, removed on drop: relative paths
//!   the solution writes never reach the user's files.
//! - **File descriptors and signals.** Only stdin, stdout and stderr are
//!   open in the solution (all others are closed before `execve`). No
//!   signal is blocked, and none is ignored: the signals the harness
//!   ignored when it first ran a solution (and `SIGPIPE`, always) are reset
//!   to their default, and `execve` resets the ones it catches.
//!
//! Not isolated:
//!
//! - **The file system** outside the working directory: absolute paths and
//!   `..` reach everything the user can reach (everything, for root).
//! - **The network**, IPC, shared memory, `/tmp`, other processes of the
//!   user (root can signal or trace any process).
//! - **Process counts for root.** `RLIMIT_NPROC` is never applied to root
//!   (nor to `CAP_SYS_RESOURCE` / `CAP_SYS_ADMIN`), and for other users it
//!   counts all their processes and threads, not this run's. A fork bomb
//!   run as root is stopped only by the timeout and the group kill, and a
//!   loop that forks faster than the kill lands can briefly fill the
//!   process table.
//! - **Escaping the group.** A descendant that calls `setsid` or
//!   `setpgid` leaves the process group and survives the group kill (and,
//!   once it exits, stays a zombie of the harness, which only reaps its
//!   groups); so does one started through a service manager, `at`, a
//!   container runtime, or one that makes itself a subreaper. Such a
//!   process does not hold up the run (which ends with the main process)
//!   but may outlive it, and write into the next run's working directory.
//! - **Memory of a whole run.** `RLIMIT_AS` is per process; a solution that
//!   forks gets the limit in each child. Resident memory is not capped (no
//!   cgroups), and MLE is told from RE by a heuristic (see [`verdict`]).
//! - **Environment.** The solution inherits the harness's environment (as
//!   captured when the [`Command`] was made) and user and group ids.
//!
//! # Process-wide effects
//!
//! The first run makes the harness process a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`): orphans among *all* its descendants, also
//! those of processes started otherwise (`std::process::Command`), are then
//! reparented to it. Those outside a solution's process group are not
//! reaped by this module, and stay zombies until the harness exits, as
//! they would under an init that does not reap. Nothing else process-wide
//! changes:
//! `SIGPIPE` is blocked only in the supervising thread during a run, so
//! that writing to a solution that closed its stdin gives `EPIPE` whatever
//! the process's disposition.

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
    namespaces_available, run, signal_name, Isolation, RunOptions, RunReport, StdinMode,
    Termination,
};
pub use source::{cache_dir, prepare, Build, PrepareError, Prepared};
pub use startup::{preflight, StartupError, SAMPLE, STARTUP_MARKERS};
pub use verdict::{compare, judge, CompareMode, Tally, Verdict, VerdictKind};
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
