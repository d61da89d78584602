//! Running one solution process from spawn to reap, with one thread and
//! no shell.
//!
//! # How a run goes
//!
//! 1. Three pipes are made (`O_CLOEXEC`, so that concurrent runs on other
//!    threads never inherit each other's ends). As much of the input as fits
//!    in the stdin pipe is written before the child even exists.
//! 2. The child is made with `clone(CLONE_VM | CLONE_VFORK | CLONE_PIDFD)`,
//!    the way glibc's `posix_spawn` makes its children: no page tables are
//!    copied, so spawning costs the same whatever the harness's size. All
//!    signals are blocked in the spawning thread meanwhile, so no handler of
//!    the harness can run in the child. The child, on its own small stack,
//!    makes only raw system calls (it must not allocate or take a lock):
//!    puts itself in a new process group (`setpgid(0, 0)`), asks for
//!    `SIGKILL` should the spawning thread die (`PR_SET_PDEATHSIG`), moves
//!    the pipes to fds 0-2 and closes every other fd (`close_range`),
//!    enters the worker's sandbox ([`sandbox`]: `setns` into its mount
//!    and network namespaces, its pids cgroup, Landlock,
//!    `PR_SET_NO_NEW_PRIVS`), enters the working directory, sets
//!    `RLIMIT_AS`, `RLIMIT_CPU`, `RLIMIT_FSIZE`, `RLIMIT_NPROC` and
//!    `RLIMIT_CORE = 0`, switches to the sandbox's user, resets the
//!    signals the harness ignores (`SIGPIPE`, ...) to their default,
//!    unblocks every signal, and calls `execve`. A failure at
//!    any step is written to memory the parent reads once `clone` returns,
//!    and becomes an [`io::Error`] naming the step.
//! 3. The parent drives the rest of stdin, stdout, stderr and the child's
//!    pidfd with one `poll(2)` loop on non-blocking pipe ends: a solution
//!    that never reads its input cannot deadlock the harness (`EPIPE` just
//!    stops the writing; `SIGPIPE` is blocked in this thread meanwhile),
//!    stdout is kept up to the output limit (one byte more and the group is
//!    killed: OLE), stderr keeps only its tail. The parent holds its own
//!    copies of the stdout and stderr write ends, so the end of a run is
//!    the pidfd alone: a hang-up is never waited for, and a process that
//!    left the group cannot hold the run open by keeping the pipes.
//! 4. When the main process exits, the whole group is sent `SIGKILL`, so
//!    that children it forked die with it, and what is left in the pipes
//!    is read (all the main process wrote is there: it could not have
//!    exited with more unread). On timeout the group is killed first. Then
//!    the main process is reaped with `wait4` (which gives its exit
//!    status, CPU time and peak RSS), and every other member of the group
//!    is reaped too: the harness makes itself a *child subreaper*
//!    (`PR_SET_CHILD_SUBREAPER`), so orphaned descendants of a solution
//!    become its children instead of init's (init does not reap them on
//!    every machine), and `wait4(-pgid)` collects them until none is left.
//!    The group is only ever signalled while its leader is unreaped, so
//!    its id cannot have been reused.
//!
//! A guard kills and reaps the group on every early return, so no error
//! path leaves a zombie or a running process behind.
//!
//! The rooms: [`spawn`] makes the processes (`clone`, namespaces, the
//! child's set-up before `execve`), [`sandbox`] prepares what a worker's
//! runs are shut in (namespaces, mounts, cgroup, Landlock, the private
//! `/tmp`) and says what that is, [`watch`] drives a run until it ends
//! (time, memory, the `poll` loop), [`pump`] moves bytes (stdin as a file
//! or a pipe, stdout up to its cap, the tail of stderr), [`reap`] kills
//! and collects what is left, and [`raw`] holds the system calls the child
//! may make.

mod elf;
mod pump;
mod raw;
mod reap;
mod sandbox;
mod seccomp;
mod spawn;
mod watch;

use std::borrow::Cow;
use std::cell::UnsafeCell;
use std::ffi::c_int;
use std::fmt;
use std::io;
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

use super::command::Command;
use super::limits::Limits;
use super::workdir::Workdir;
use pump::{pipe, set_nonblocking, InputFile, Stdin, READ_CHUNK};
use reap::{init_process, kill_strays, InFlight, IN_FLIGHT};
use sandbox::{default_sandbox, Entry, RunBox};
use spawn::{
    ignored_signals, prepare_stacks, rlimits, spawn, spawn_failure, ChildContext, Stage,
    CHILD_STACK,
};

pub use sandbox::{
    means, sandbox_notice, set_default_sandbox, Means, Sandbox, SandboxUser, NOBODY,
};
pub use spawn::namespaces_available;

/// How a solution gets its standard input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StdinMode {
    /// A regular file holding the input (a `memfd`, or an unlinked file
    /// in the temporary directory on kernels without one), opened
    /// read-only at offset 0: `fstat` gives its size, `mmap`, `lseek` and
    /// `rewind` work, as on a judge that redirects stdin from the test's
    /// file. The default.
    #[default]
    File,
    /// A pipe the harness writes the input into while the solution runs
    /// (what `check` did before; kept for comparison in the benches).
    Pipe,
}

/// What holds a run's processes together, so that none outlives the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Isolation {
    /// A new PID namespace per run with a tiny init as its pid 1, where
    /// the kernel allows it (root, or `CAP_SYS_ADMIN`); otherwise, as
    /// [`Isolation::ProcessGroup`]. The default.
    #[default]
    Auto,
    /// A process group killed as a whole, with the harness as a child
    /// subreaper that kills the orphans of the run when it ends (the
    /// fallback of [`Isolation::Auto`]).
    ProcessGroup,
    /// [`Isolation::ProcessGroup`] without the look for orphans at the end
    /// of a run: the runner as it was before the namespace, kept only for
    /// comparison in the benches.
    #[doc(hidden)]
    LegacyProcessGroup,
}

/// How runs are carried out: the defaults are what `check` uses; the
/// other values exist to compare with them (see
/// `benches/check_throughput.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunOptions {
    /// How stdin is given.
    pub stdin: StdinMode,
    /// How the run's processes are contained.
    pub isolation: Isolation,
    /// How much the run is shut in.
    pub sandbox: Sandbox,
    /// The user a sandboxed run switches to, where it can.
    pub user: SandboxUser,
}

impl Default for RunOptions {
    /// The process-wide defaults ([`set_default_sandbox`]).
    fn default() -> RunOptions {
        let (sandbox, user) = default_sandbox();
        RunOptions {
            stdin: StdinMode::default(),
            isolation: Isolation::default(),
            sandbox,
            user,
        }
    }
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// It exited with this code.
    Exited(i32),
    /// It was killed by this signal.
    Signaled(i32),
}

impl Termination {
    /// Whether it exited with code 0.
    pub fn success(&self) -> bool {
        matches!(self, Termination::Exited(0))
    }

    /// The signal that killed it, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self {
            Termination::Signaled(sig) => Some(*sig),
            Termination::Exited(_) => None,
        }
    }

    fn from_wait_status(status: c_int) -> Termination {
        if libc::WIFSIGNALED(status) {
            Termination::Signaled(libc::WTERMSIG(status))
        } else {
            Termination::Exited(libc::WEXITSTATUS(status))
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Exited(code) => write!(f, "exit code {code}"),
            Termination::Signaled(sig) => write!(f, "killed by {}", signal_name(*sig)),
        }
    }
}

/// The conventional name of a signal (`SIGSEGV`, `SIGRTMIN+2`), or
/// `signal N` for a number with no name.
pub fn signal_name(sig: i32) -> Cow<'static, str> {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGCHLD => "SIGCHLD",
        libc::SIGCONT => "SIGCONT",
        libc::SIGSTOP => "SIGSTOP",
        libc::SIGTSTP => "SIGTSTP",
        libc::SIGTTIN => "SIGTTIN",
        libc::SIGTTOU => "SIGTTOU",
        libc::SIGURG => "SIGURG",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGVTALRM => "SIGVTALRM",
        libc::SIGPROF => "SIGPROF",
        libc::SIGWINCH => "SIGWINCH",
        libc::SIGIO => "SIGIO",
        libc::SIGPWR => "SIGPWR",
        libc::SIGSYS => "SIGSYS",
        _ => {
            let (min, max) = (libc::SIGRTMIN(), libc::SIGRTMAX());
            return if (min..=max).contains(&sig) {
                Cow::Owned(format!("SIGRTMIN+{}", sig - min))
            } else {
                Cow::Owned(format!("signal {sig}"))
            };
        }
    };
    Cow::Borrowed(name)
}

/// Everything observed about one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// The process id of the run's top process (gone by the time the
    /// report exists): the solution itself, or, in a PID namespace, the
    /// namespace's init, whose only child the solution was.
    pub pid: u32,
    /// How the main process ended. After a timeout or an output overflow
    /// this is the harness's `SIGKILL`.
    pub termination: Termination,
    /// Wall time from spawn to exit (to the kill, after a timeout).
    pub wall: Duration,
    /// User plus system CPU time of the main process and of the
    /// descendants it waited for.
    pub cpu: Duration,
    /// Peak resident set size in bytes (`ru_maxrss`), of the main process
    /// or of any descendant it waited for, whichever is largest, when it is
    /// above the harness's own peak; otherwise, and after the harness
    /// killed the run (timeout, output or memory limit), the largest
    /// resident size the harness saw while the run went on (0 for a run
    /// shorter than its first look, 10 ms).
    ///
    /// Why: the solution's process is started sharing the harness's memory
    /// until `execve` (as `posix_spawn` does, so that starting it costs the
    /// same whatever the harness's size), and the kernel counts that
    /// memory's peak in the process's `ru_maxrss` at `execve`. A peak up to
    /// the harness's own (tens of MiB for `pigkill check`) is therefore not
    /// the solution's, and not reported.
    pub peak_rss: u64,
    /// Standard output, at most [`Limits::output`] bytes.
    pub stdout: Vec<u8>,
    /// The last [`Limits::stderr_tail`] bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// The total bytes of standard error read.
    pub stderr_bytes: u64,
    /// How many input bytes the solution was given: all of them when stdin
    /// is a file; through a pipe ([`StdinMode::Pipe`]), those written
    /// before it exited or closed it (all of them, normally).
    pub stdin_written: u64,
    /// Whether the wall limit was reached and the group killed.
    pub timed_out: bool,
    /// Whether the solution wrote more than the output limit and the
    /// group was killed.
    pub output_exceeded: bool,
    /// Whether the main process was seen above the memory limit while
    /// running, and the run killed.
    pub memory_exceeded: bool,
    /// Whether the run was contained in its own PID namespace.
    pub namespaced: bool,
}

impl Default for RunReport {
    fn default() -> RunReport {
        RunReport {
            pid: 0,
            termination: Termination::Exited(0),
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            peak_rss: 0,
            stdout: Vec::new(),
            stderr_tail: Vec::new(),
            stderr_bytes: 0,
            stdin_written: 0,
            timed_out: false,
            output_exceeded: false,
            memory_exceeded: false,
            namespaced: false,
        }
    }
}

impl RunReport {
    /// Forgets the last run, keeping the buffers' memory for the next one.
    fn reset(&mut self) {
        let mut stdout = std::mem::take(&mut self.stdout);
        let mut stderr_tail = std::mem::take(&mut self.stderr_tail);
        stdout.clear();
        stderr_tail.clear();
        *self = RunReport {
            stdout,
            stderr_tail,
            ..RunReport::default()
        };
    }
}

/// Memory reused from run to run by one worker: the stacks of the child
/// (and of the namespace's init) and the read buffer.
pub(crate) struct Buffers {
    stack: Vec<u8>,
    chunk: Vec<u8>,
    /// Whether to watch the child through a pidfd (always, but for the
    /// test of the fallback for kernels without one).
    use_pidfd: bool,
    pub(crate) options: RunOptions,
    /// The input file reused from run to run (with a namespace).
    input: Option<InputFile>,
    /// The worker's sandbox, made on its first run.
    run_box: Option<RunBox>,
}

impl Buffers {
    pub(crate) fn new(options: RunOptions) -> Buffers {
        Buffers {
            stack: Vec::with_capacity(2 * CHILD_STACK),
            chunk: vec![0; READ_CHUNK],
            use_pidfd: true,
            options,
            input: None,
            run_box: None,
        }
    }
}

/// Runs `command` on `input` within `limits`, in `workdir` (emptied first),
/// and reports what happened.
///
/// For many runs on one thread, [`super::Worker`] reuses the buffers.
///
/// # Errors
///
/// An [`io::Error`] when the run could not be carried out: the work
/// directory could not be emptied, pipes could not be made, the process
/// could not be created, or the program could not be executed (its message
/// names the program and the step, e.g. `cannot execute '/x/sol':
/// permission denied`). What the solution does once running (crash,
/// timeout, flood of output, ...) is never an error: it is in the report.
pub fn run(
    command: &Command,
    input: &[u8],
    limits: &Limits,
    workdir: &mut Workdir,
) -> io::Result<RunReport> {
    let mut report = RunReport::default();
    run_into(
        command,
        input,
        limits,
        workdir,
        &mut Buffers::new(RunOptions::default()),
        &mut report,
    )?;
    Ok(report)
}

/// [`run`], writing into a reused report with reused buffers.
pub(crate) fn run_into(
    command: &Command,
    input: &[u8],
    limits: &Limits,
    workdir: &mut Workdir,
    buffers: &mut Buffers,
    report: &mut RunReport,
) -> io::Result<()> {
    init_process();
    let remade = workdir.clear()?;
    report.reset();
    let (entry, envp, capped) = buffers.enter_box(command, limits, workdir, remade)?;
    // The run's TMPDIR: a tmpfs of the sandbox's, or the work directory's
    // own `tmp` (none for the legacy runner).
    let tmpfs = buffers.run_box.as_ref().map(RunBox::has_tmpfs);
    if tmpfs == Some(false) {
        workdir.empty_tmp()?;
    }

    let (stdout_r, stdout_w) = pipe()?;
    let (stderr_r, stderr_w) = pipe()?;
    for fd in [&stdout_r, &stderr_r] {
        set_nonblocking(fd.as_raw_fd())?;
    }
    let namespace = buffers.options.isolation == Isolation::Auto && namespaces_available();
    let stdin = Stdin::new(
        buffers.options.stdin,
        &mut buffers.input,
        namespace,
        workdir,
        input,
    )?;

    let stack_top = prepare_stacks(&mut buffers.stack);
    let ctx = ChildContext {
        path: command.program_c().as_ptr(),
        argv: command.argv_ptr(),
        envp,
        cwd: workdir.path_c().as_ptr(),
        fds: [
            stdin.child_end(),
            stdout_w.as_raw_fd(),
            stderr_w.as_raw_fd(),
        ],
        rlimits: rlimits(&Limits {
            processes: if capped { None } else { limits.processes },
            ..*limits
        }),
        ignored: ignored_signals(),
        entry,
        errno: AtomicI32::new(0),
        stage: AtomicI32::new(Stage::None as i32),
        solution_stack: stack_top[1],
        done: AtomicBool::new(false),
        status: AtomicI32::new(0),
        usage: UnsafeCell::new(zeroed_rusage()),
    };
    let started = Instant::now();
    // Spawned and listed in one step, so that another run's look for
    // strays never takes this one's process for one.
    let (mut child, _in_flight) = {
        let mut live = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        let child = spawn(&ctx, stack_top[0], buffers.options.isolation)?;
        let in_flight = (!child.namespace).then(|| InFlight::new(&mut live, child.pid));
        (child, in_flight)
    };
    if !buffers.use_pidfd {
        child.pidfd = None;
    }
    // The harness keeps its own copies of the stdout and stderr write ends
    // until the main process has exited: so the read ends never report a
    // hang-up (two wake-ups per run saved), and the end of a run is the
    // pidfd alone.
    let mut streams = stdin.after_spawn(input, stdout_r, stderr_r);
    let held_writers = (stdout_w, stderr_w);
    report.pid = child.pid as u32;
    report.namespaced = child.namespace;

    if let Some(e) = spawn_failure(&ctx, command) {
        // (Known at once without a namespace: `clone` returned after the
        // exec or the failure.)
        child.kill_group();
        child.reap()?;
        return Err(e);
    }

    let outcome = watch::supervise(
        &mut child,
        &mut streams,
        report,
        limits,
        &mut buffers.chunk,
        started,
    )?;
    drop(held_writers);
    streams.drain(&mut child, report, limits, &mut buffers.chunk);

    let (status, usage) = child.reap()?;
    if !child.namespace && buffers.options.isolation != Isolation::LegacyProcessGroup {
        kill_strays(child.pid);
    }
    // What the run put in its /tmp goes with it.
    match (&buffers.run_box, tmpfs) {
        (Some(run_box), Some(true)) => run_box.empty_tmp()?,
        (_, Some(false)) => workdir.empty_tmp()?,
        _ => {}
    }
    if let Some(e) = spawn_failure(&ctx, command) {
        return Err(e);
    }
    let (status, usage, peak) = solution_status(&ctx, &child, status, usage);
    report.termination = Termination::from_wait_status(status);
    report.wall = outcome.exited_at.saturating_duration_since(started);
    report.cpu = timeval(usage.ru_utime) + timeval(usage.ru_stime);
    report.peak_rss = peak.max(outcome.seen_rss);
    report.stdin_written = streams.written as u64;
    Ok(())
}

/// The solution's wait status, resource usage and peak resident memory,
/// from the reaped child's: in a namespace, what the init left in the
/// context. The peak is 0 when it is not above the harness's own:
/// `ru_maxrss` counts the memory the process had before `execve`, and that
/// was the harness's (`CLONE_VM`).
fn solution_status(
    ctx: &ChildContext,
    child: &reap::Child,
    status: c_int,
    usage: libc::rusage,
) -> (c_int, libc::rusage, u64) {
    let harness = own_peak_rss();
    let (status, usage, peak) = if !child.namespace {
        (status, usage, rss_bytes(&usage))
    } else if ctx.done.load(Ordering::SeqCst) {
        // The init reaped the solution and left its status and usage.
        // SAFETY: the init wrote `usage` before `done` and has exited.
        let usage = unsafe { *ctx.usage.get() };
        (ctx.status.load(Ordering::SeqCst), usage, rss_bytes(&usage))
    } else {
        // Killed before the solution ended: the init's own usage counts
        // the harness's memory (they share it), so only what was seen.
        (status, usage, 0)
    };
    (status, usage, if peak > harness { peak } else { 0 })
}

impl Buffers {
    /// Makes (or reuses) this worker's sandbox for a run of `command` in
    /// `workdir`; returns what the child enters, its environment, and
    /// whether a cgroup caps its processes.
    fn enter_box(
        &mut self,
        command: &Command,
        limits: &Limits,
        workdir: &Workdir,
        remade: bool,
    ) -> io::Result<(Entry, *const *const libc::c_char, bool)> {
        let RunOptions { sandbox, user, .. } = self.options;
        if sandbox == Sandbox::Legacy {
            return Ok((Entry::NONE, command.env_ptr(), false));
        }
        let stale = remade
            || !self
                .run_box
                .as_ref()
                .is_some_and(|b| b.fits(sandbox, user, command));
        if stale {
            // The old box (its cgroup) goes before the new one is made.
            self.run_box = None;
        }
        let run_box = match &mut self.run_box {
            Some(run_box) => run_box,
            slot => slot.insert(RunBox::new(sandbox, user, workdir, command)?),
        };
        let entry = run_box.prepare(command, limits.processes)?;
        Ok((entry, run_box.envp(), run_box.caps_processes()))
    }
}

/// The harness's own peak resident memory (`ru_maxrss` of the process).
fn own_peak_rss() -> u64 {
    let mut usage = zeroed_rusage();
    // SAFETY: `usage` is a valid out-parameter.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    rss_bytes(&usage)
}

fn rss_bytes(usage: &libc::rusage) -> u64 {
    u64::try_from(usage.ru_maxrss)
        .unwrap_or(0)
        .saturating_mul(1024)
}

fn zeroed_rusage() -> libc::rusage {
    // SAFETY: rusage is plain integers; all zero is a valid value.
    unsafe { std::mem::zeroed() }
}

fn timeval(t: libc::timeval) -> Duration {
    let secs = u64::try_from(t.tv_sec).unwrap_or(0);
    let micros = u32::try_from(t.tv_usec).unwrap_or(0);
    Duration::from_secs(secs) + Duration::from_micros(u64::from(micros))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_names() {
        assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
        assert_eq!(signal_name(libc::SIGKILL), "SIGKILL");
        assert_eq!(signal_name(libc::SIGRTMIN() + 2), "SIGRTMIN+2");
        assert_eq!(signal_name(999), "signal 999");
        assert_eq!(
            Termination::Signaled(libc::SIGABRT).to_string(),
            "killed by SIGABRT"
        );
        assert_eq!(Termination::Exited(3).to_string(), "exit code 3");
    }

    fn sh(script: &str) -> Command {
        Command::new("/bin/sh")
            .and_then(|c| c.arg("-c"))
            .and_then(|c| c.arg(script))
            .unwrap()
    }

    #[test]
    fn without_a_pidfd_exits_and_timeouts_are_still_seen() {
        let mut workdir = Workdir::new().unwrap();
        let mut buffers = Buffers::new(RunOptions::default());
        buffers.use_pidfd = false;
        let mut report = RunReport::default();
        let limits = Limits {
            timeout: Duration::from_secs(20),
            ..Limits::default()
        };
        let command = sh("read x; echo \"got $x\"; exec >&-; sleep 0.05; exit 4");
        run_into(
            &command,
            b"K\n",
            &limits,
            &mut workdir,
            &mut buffers,
            &mut report,
        )
        .unwrap();
        assert_eq!(report.termination, Termination::Exited(4));
        assert_eq!(report.stdout, b"got K\n");
        assert!(report.wall >= Duration::from_millis(50));
        assert!(report.wall < Duration::from_secs(10));
        let limits = Limits {
            timeout: Duration::from_millis(100),
            ..Limits::default()
        };
        run_into(
            &sh("exec sleep 100"),
            b"",
            &limits,
            &mut workdir,
            &mut buffers,
            &mut report,
        )
        .unwrap();
        assert!(report.timed_out);
        assert_eq!(report.termination, Termination::Signaled(libc::SIGKILL));
    }
}
