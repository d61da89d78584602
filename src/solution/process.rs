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
//!    enters the working directory, sets `RLIMIT_AS`, `RLIMIT_CPU`,
//!    `RLIMIT_FSIZE`, `RLIMIT_NPROC` and `RLIMIT_CORE = 0`, resets the
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

use std::borrow::Cow;
use std::cell::UnsafeCell;
use std::ffi::{c_int, c_void};
use std::fmt;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

use super::command::Command;
use super::limits::Limits;
use super::workdir::Workdir;

/// The size of the stack the child runs on between `clone` and `execve`.
const CHILD_STACK: usize = 64 * 1024;
/// The size of one read from stdout or stderr (the default pipe capacity).
const READ_CHUNK: usize = 64 * 1024;
/// The most reads of one pipe after the main process exited (bounding the
/// time a process that left the group can keep the harness reading).
const DRAIN_CHUNKS: usize = 64;
/// How often the resident memory of a running solution is looked at (the
/// first look comes this long after the start, so that short runs cost
/// nothing).
const MEMORY_TICK: Duration = Duration::from_millis(10);

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RunOptions {
    /// How stdin is given.
    pub stdin: StdinMode,
    /// How the run's processes are contained.
    pub isolation: Isolation,
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
}

impl Buffers {
    pub(crate) fn new(options: RunOptions) -> Buffers {
        Buffers {
            stack: Vec::with_capacity(2 * CHILD_STACK),
            chunk: vec![0; READ_CHUNK],
            use_pidfd: true,
            options,
            input: None,
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
    workdir.clear()?;
    report.reset();

    let (stdout_r, stdout_w) = pipe()?;
    let (stderr_r, stderr_w) = pipe()?;
    for fd in [&stdout_r, &stderr_r] {
        set_nonblocking(fd.as_raw_fd())?;
    }

    // Standard input: a read-only regular file, or a pipe of which as
    // much as fits is filled before the child even exists (its read end
    // is open, so this cannot fail with EPIPE).
    //
    // The input file is the worker's, rewritten for every run, when the run
    // gets a namespace: then no process of an earlier run can still hold
    // it. Otherwise (a process that left the group may have survived) each
    // run gets its own.
    let mut written = 0;
    let namespace = buffers.options.isolation == Isolation::Auto && namespaces_available();
    let mut run_input = None;
    let (stdin_r, mut stdin_w) = match buffers.options.stdin {
        StdinMode::File => {
            written = input.len();
            let file = match &mut buffers.input {
                Some(file) if namespace => file,
                slot if namespace => slot.insert(InputFile::new(workdir)?),
                _ => run_input.insert(InputFile::new(workdir)?),
            };
            (StdinEnd::Borrowed(file.fill(input)?), None)
        }
        StdinMode::Pipe => {
            let (stdin_r, stdin_w) = pipe()?;
            set_nonblocking(stdin_w.as_raw_fd())?;
            match write_some(stdin_w.as_raw_fd(), input) {
                WriteOutcome::Wrote(n) => written = n,
                WriteOutcome::Full | WriteOutcome::Closed => {}
                WriteOutcome::Failed(e) => return Err(e),
            }
            (
                StdinEnd::Owned(stdin_r),
                (written < input.len()).then_some(stdin_w),
            )
        }
    };

    let stack_top = prepare_stacks(&mut buffers.stack);
    let ctx = ChildContext {
        path: command.program_c().as_ptr(),
        argv: command.argv_ptr(),
        envp: command.env_ptr(),
        cwd: workdir.path_c().as_ptr(),
        fds: [
            stdin_r.as_raw_fd(),
            stdout_w.as_raw_fd(),
            stderr_w.as_raw_fd(),
        ],
        rlimits: rlimits(limits),
        ignored: ignored_signals(),
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
    drop((stdin_r, run_input));
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

    let deadline = started.checked_add(limits.timeout);
    let mut watch = limits.memory.map(|limit| MemoryWatch::new(limit, started));
    let mut stdout_r = Some(stdout_r);
    let mut stderr_r = Some(stderr_r);
    let cap = usize::try_from(limits.output).unwrap_or(usize::MAX);
    let chunk = &mut buffers.chunk;
    let exited_at;

    loop {
        let mut now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            report.timed_out = true;
            child.kill_group();
            exited_at = now;
            break;
        }
        if let Some(watch) = watch.as_mut() {
            if now >= watch.next {
                if watch.over_limit(&child) {
                    report.memory_exceeded = true;
                    child.kill_group();
                    exited_at = now;
                    break;
                }
                now = Instant::now();
            }
        }

        let mut fds = [libc::pollfd {
            fd: -1,
            events: 0,
            revents: 0,
        }; 4];
        let slots = [
            stdin_w.as_ref().map(|fd| (fd.as_raw_fd(), libc::POLLOUT)),
            stdout_r.as_ref().map(|fd| (fd.as_raw_fd(), libc::POLLIN)),
            stderr_r.as_ref().map(|fd| (fd.as_raw_fd(), libc::POLLIN)),
            child
                .pidfd
                .as_ref()
                .map(|fd| (fd.as_raw_fd(), libc::POLLIN)),
        ];
        for (pfd, slot) in fds.iter_mut().zip(slots) {
            if let Some((fd, events)) = slot {
                pfd.fd = fd;
                pfd.events = events;
            }
        }
        let wake = match (deadline, watch.as_ref().map(|w| w.next)) {
            (Some(d), Some(w)) => Some(d.min(w)),
            (d, w) => d.or(w),
        };
        let mut timeout_ms = wake.map_or(-1, |d| ceil_millis(d.saturating_duration_since(now)));
        if child.pidfd.is_none() {
            // No pidfd (a kernel before 5.3): look for the exit every ms.
            timeout_ms = if timeout_ms < 0 { 1 } else { timeout_ms.min(1) };
        }
        // SAFETY: `fds` is a valid array of 4 pollfd; negative fds are ignored.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout_ms) };
        if ready < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }

        let [in_ev, out_ev, err_ev, pid_ev] = fds.map(|p| p.revents);
        if in_ev != 0 {
            if let Some(fd) = &stdin_w {
                match write_some(fd.as_raw_fd(), &input[written..]) {
                    WriteOutcome::Wrote(n) => written += n,
                    WriteOutcome::Full => {}
                    WriteOutcome::Closed => {
                        child.sigpipe_raised = true;
                        stdin_w = None;
                    }
                    WriteOutcome::Failed(_) => stdin_w = None,
                }
                if written == input.len() {
                    stdin_w = None;
                }
            }
        }
        if out_ev != 0 && !pump_stdout(&mut stdout_r, chunk, report, cap, 1) {
            // Over the output limit.
            child.kill_group();
        }
        if err_ev != 0 {
            pump_stderr(&mut stderr_r, chunk, report, limits.stderr_tail, 1);
        }
        let exited = if child.pidfd.is_some() {
            pid_ev != 0
        } else {
            child.has_exited()
        };
        if exited {
            exited_at = Instant::now();
            // Children the solution forked die with it (in a namespace,
            // they died with its init already).
            child.kill_group();
            break;
        }
    }
    drop((stdin_w, held_writers));
    if !report.timed_out && !report.memory_exceeded {
        // What the main process wrote before it exited is in the pipes;
        // the group is dead or dying. A process that left the group may
        // still hold and fill them: read what is there, boundedly, and go.
        if !pump_stdout(&mut stdout_r, chunk, report, cap, DRAIN_CHUNKS) {
            child.kill_group();
        }
        pump_stderr(
            &mut stderr_r,
            chunk,
            report,
            limits.stderr_tail,
            DRAIN_CHUNKS,
        );
    }
    drop((stdout_r, stderr_r));

    let (status, usage) = child.reap()?;
    if !child.namespace && buffers.options.isolation != Isolation::LegacyProcessGroup {
        kill_strays(child.pid);
    }
    if let Some(e) = spawn_failure(&ctx, command) {
        return Err(e);
    }
    let seen = watch.as_ref().map_or(0, |w| w.peak);
    // `ru_maxrss` counts the memory the process had before `execve`, and
    // that was the harness's (`CLONE_VM`): a peak up to the harness's own
    // says nothing about the solution.
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
    report.termination = Termination::from_wait_status(status);
    report.wall = exited_at.saturating_duration_since(started);
    report.cpu = timeval(usage.ru_utime) + timeval(usage.ru_stime);
    report.peak_rss = if peak > harness { peak } else { 0 }.max(seen);
    report.stdin_written = written as u64;
    Ok(())
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

/// The error of a child that failed before `execve` succeeded, if it did.
fn spawn_failure(ctx: &ChildContext, command: &Command) -> Option<io::Error> {
    let stage = ctx.stage.load(Ordering::SeqCst);
    (stage != Stage::None as i32)
        .then(|| spawn_error(command, stage, ctx.errno.load(Ordering::SeqCst)))
}

/// A regular file that a run's input is written into, with a read-only
/// open file description of it for the solution's stdin: a `memfd` (or,
/// without one, an unlinked file in the temporary directory), opened again
/// through `/proc/self/fd` read-only, so that the solution's descriptor has
/// its own offset and cannot write.
pub(crate) struct InputFile {
    file: std::fs::File,
    reader: OwnedFd,
}

impl InputFile {
    fn new(workdir: &Workdir) -> io::Result<InputFile> {
        let name = c"pigkill-stdin";
        // SAFETY: a nul-terminated name; a non-negative result is a new fd.
        let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
        let file: std::fs::File = if fd >= 0 {
            // SAFETY: the fd was just made and is ours.
            unsafe { std::fs::File::from_raw_fd(fd) }
        } else {
            let parent = workdir.path().parent().unwrap_or(workdir.path());
            tempfile::tempfile_in(parent)?
        };
        let path = format!("/proc/self/fd/{}\0", file.as_raw_fd());
        // SAFETY: opening a nul-terminated path; a non-negative result is ours.
        let ro = unsafe { libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC) };
        if ro < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: as above.
        let reader = above_stdio(unsafe { OwnedFd::from_raw_fd(ro) })?;
        Ok(InputFile { file, reader })
    }

    /// Makes the file hold exactly `input` and puts the reader at offset 0.
    fn fill(&mut self, input: &[u8]) -> io::Result<RawFd> {
        use std::os::unix::fs::FileExt;
        self.file.write_all_at(input, 0)?;
        self.file.set_len(input.len() as u64)?;
        // SAFETY: seeking a valid fd.
        if unsafe { libc::lseek(self.reader.as_raw_fd(), 0, libc::SEEK_SET) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(self.reader.as_raw_fd())
    }
}

/// The child's end of stdin: a pipe's read end, closed after the spawn, or
/// the reader of an input file, kept.
enum StdinEnd {
    Owned(OwnedFd),
    Borrowed(RawFd),
}

impl StdinEnd {
    fn as_raw_fd(&self) -> RawFd {
        match self {
            StdinEnd::Owned(fd) => fd.as_raw_fd(),
            StdinEnd::Borrowed(fd) => *fd,
        }
    }
}

/// Watches the resident memory of the running solution, every
/// [`MEMORY_TICK`], from `/proc/PID/statm`.
struct MemoryWatch {
    limit: u64,
    next: Instant,
    statm: Option<OwnedFd>,
    looked: bool,
    peak: u64,
}

impl MemoryWatch {
    fn new(limit: u64, started: Instant) -> MemoryWatch {
        MemoryWatch {
            limit,
            next: started + MEMORY_TICK,
            statm: None,
            looked: false,
            peak: 0,
        }
    }

    /// Looks once; whether the solution is above the limit.
    fn over_limit(&mut self, child: &Child) -> bool {
        self.next = Instant::now() + MEMORY_TICK;
        if !self.looked {
            self.looked = true;
            let pid = if child.namespace {
                match first_child(child.pid) {
                    Some(pid) => pid,
                    None => {
                        self.looked = false;
                        return false;
                    }
                }
            } else {
                child.pid
            };
            let path = format!("/proc/{pid}/statm\0");
            // SAFETY: opening a nul-terminated path; the result is ours.
            let fd = unsafe { libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC) };
            // SAFETY: as above.
            self.statm = (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) });
        }
        let Some(fd) = &self.statm else { return false };
        let mut buf = [0u8; 128];
        // SAFETY: reading into a valid buffer from a valid fd.
        let n = unsafe { libc::pread(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len(), 0) };
        let Ok(n) = usize::try_from(n) else {
            self.statm = None;
            return false;
        };
        let (size, resident) = statm_sizes(&buf[..n]);
        // Before `execve`, the solution's process shares the harness's
        // memory (in a namespace, the harness may look then): not its own.
        let own = std::fs::read("/proc/self/statm").map(|b| statm_sizes(&b));
        if own.is_ok_and(|own| own.0 == size) {
            return false;
        }
        let resident = resident.saturating_mul(page_size());
        self.peak = self.peak.max(resident);
        resident > self.limit
    }
}

/// The total and resident sizes (in pages) of a `/proc/PID/statm` text.
fn statm_sizes(text: &[u8]) -> (u64, u64) {
    let mut numbers = std::str::from_utf8(text)
        .unwrap_or("")
        .split_whitespace()
        .map(|n| n.parse::<u64>().unwrap_or(0));
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
}

fn page_size() -> u64 {
    static PAGE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    // SAFETY: sysconf is a plain query.
    *PAGE
        .get_or_init(|| u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096))
}

/// The first child of `pid` (seen from here), from
/// `/proc/PID/task/PID/children`.
fn first_child(pid: libc::pid_t) -> Option<libc::pid_t> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Reads stdout into the report, up to `reads` reads or until the pipe is
/// empty. Returns `false` when the output went over `cap` (the report is
/// marked, the pipe closed, the excess dropped).
fn pump_stdout(
    pipe: &mut Option<OwnedFd>,
    chunk: &mut [u8],
    report: &mut RunReport,
    cap: usize,
    reads: usize,
) -> bool {
    for _ in 0..reads {
        let Some(fd) = pipe else { return true };
        match read_some(fd.as_raw_fd(), chunk) {
            Ok(0) => *pipe = None,
            Ok(n) => {
                let room = cap - report.stdout.len();
                if n > room {
                    report.stdout.extend_from_slice(&chunk[..room]);
                    report.output_exceeded = true;
                    *pipe = None;
                    return false;
                }
                report.stdout.extend_from_slice(&chunk[..n]);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(_) => *pipe = None,
        }
    }
    true
}

/// Reads stderr, keeping only its tail, up to `reads` reads or until the
/// pipe is empty.
fn pump_stderr(
    pipe: &mut Option<OwnedFd>,
    chunk: &mut [u8],
    report: &mut RunReport,
    tail: usize,
    reads: usize,
) {
    for _ in 0..reads {
        let Some(fd) = pipe else { return };
        match read_some(fd.as_raw_fd(), chunk) {
            Ok(0) => *pipe = None,
            Ok(n) => {
                report.stderr_bytes += n as u64;
                keep_tail(&mut report.stderr_tail, &chunk[..n], tail);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
            Err(_) => *pipe = None,
        }
    }
}

/// A spawned, unreaped child: the solution itself, or the init of its PID
/// namespace. Dropping it kills its group (or namespace) and reaps it.
///
/// While it lives, `SIGPIPE` is blocked in the supervising thread, so that
/// writing to a solution that closed its stdin fails with `EPIPE` without
/// changing the process-wide disposition; any `SIGPIPE` that a write
/// raised is consumed before the thread's signal mask is restored.
struct Child {
    pid: libc::pid_t,
    pidfd: Option<OwnedFd>,
    /// Whether `pid` is the init of a PID namespace holding the run.
    namespace: bool,
    killed: bool,
    reaped: bool,
    /// The supervising thread's signal mask before the spawn.
    old_mask: libc::sigset_t,
    /// Whether a write to the child's stdin failed with `EPIPE`.
    sigpipe_raised: bool,
}

impl Child {
    /// Sends `SIGKILL` to the child's whole process group, or to the init
    /// of its namespace (which takes every process of the namespace with
    /// it). Once: a group once killed cannot grow, since every member, a
    /// forking one too, is dying.
    fn kill_group(&mut self) {
        if !self.reaped && !self.killed {
            self.killed = true;
            let target = if self.namespace { self.pid } else { -self.pid };
            // SAFETY: plain system call. The id is the unreaped child's
            // pid (or its group's), so it cannot belong to anyone else.
            unsafe {
                libc::kill(target, libc::SIGKILL);
            }
        }
    }

    /// Whether the child has exited (without reaping it).
    fn has_exited(&self) -> bool {
        // SAFETY: `info` is a valid out-parameter; WNOWAIT leaves the child
        // reapable.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(
                libc::P_PID,
                self.pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            r == 0 && info.si_pid() != 0
        }
    }

    /// Kills the group, waits for the main process (its status and usage),
    /// then reaps every other group member that became our child. (A
    /// namespace's init exits only once every process in it is gone.)
    fn reap(&mut self) -> io::Result<(c_int, libc::rusage)> {
        if !self.namespace {
            self.kill_group();
        }
        // SAFETY: `status` and `usage` are valid out-parameters.
        let (status, usage) = unsafe {
            let mut status: c_int = 0;
            let mut usage: libc::rusage = std::mem::zeroed();
            loop {
                let r = libc::wait4(self.pid, &mut status, 0, &mut usage);
                if r == self.pid {
                    break;
                }
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    self.reaped = true;
                    return Err(e);
                }
            }
            (status, usage)
        };
        self.reaped = true;
        self.pidfd = None;
        if !self.namespace {
            reap_group(self.pid);
        }
        Ok((status, usage))
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            self.kill_group();
            let _ = self.reap();
        }
        // SAFETY: signal-set operations and system calls on valid pointers.
        unsafe {
            if self.sigpipe_raised && libc::sigismember(&self.old_mask, libc::SIGPIPE) != 1 {
                // Consume the SIGPIPE our write raised (none is pending when
                // the process ignores SIGPIPE: then this returns at once).
                let mut pipe_only: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut pipe_only);
                libc::sigaddset(&mut pipe_only, libc::SIGPIPE);
                let zero = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                };
                libc::sigtimedwait(&pipe_only, std::ptr::null_mut(), &zero);
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &self.old_mask, std::ptr::null_mut());
        }
    }
}

/// The process groups of the runs in flight without a namespace: their
/// members may be the harness's children (reparented to the subreaper)
/// and are not strays.
static IN_FLIGHT: std::sync::Mutex<Vec<libc::pid_t>> = std::sync::Mutex::new(Vec::new());

/// A run's process group, listed in [`IN_FLIGHT`] while it lives.
struct InFlight(libc::pid_t);

impl InFlight {
    /// Lists `pgid` in `live`, the locked [`IN_FLIGHT`].
    fn new(live: &mut Vec<libc::pid_t>, pgid: libc::pid_t) -> InFlight {
        live.push(pgid);
        InFlight(pgid)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&g| g != self.0);
    }
}

/// Without a namespace, after a run: kills and reaps the harness's
/// children that are in neither the harness's own process group nor a run
/// in flight (`own_run`'s is over). Those are orphans of solutions that
/// left their group (`setsid`) and were reparented to the harness, the
/// child subreaper. A process the harness's own code started in a process
/// group of its own would be taken for one.
fn kill_strays(own_run: libc::pid_t) {
    // SAFETY: plain system call.
    let own_group = unsafe { libc::getpgrp() };
    // A stray's children become ours when it dies: look again, a few times.
    for _ in 0..8 {
        // Held through the scan: no run is spawned meanwhile.
        let live = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        let mut killed = false;
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
            return;
        };
        for task in tasks.flatten() {
            let Ok(text) = std::fs::read_to_string(task.path().join("children")) else {
                continue;
            };
            for pid in text.split_whitespace().filter_map(|p| p.parse().ok()) {
                let Some(group) = process_group(pid) else {
                    continue;
                };
                if group == own_group || (group != own_run && live.contains(&group)) {
                    continue;
                }
                killed = true;
                // SAFETY: `pid` is our unreaped child (only we reap our
                // children, and only those of groups in flight elsewhere),
                // so the pid cannot have been reused.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                    libc::waitpid(pid, std::ptr::null_mut(), 0);
                }
            }
        }
        if !killed {
            return;
        }
    }
}

/// The process group of `pid`, from `/proc/PID/stat`.
fn process_group(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name (in parentheses): state, ppid, pgrp.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(2)?.parse().ok()
}

/// Reaps every child of ours in process group `pgid` (all were sent
/// `SIGKILL`), until none is left.
fn reap_group(pgid: libc::pid_t) {
    loop {
        let mut status: c_int = 0;
        // SAFETY: `status` is a valid out-parameter; a null rusage is allowed.
        let r = unsafe { libc::wait4(-pgid, &mut status, 0, std::ptr::null_mut()) };
        if r > 0 {
            continue;
        }
        if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break; // ECHILD: nobody left.
        }
    }
}

/// The step of the child's setup that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
enum Stage {
    None = 0,
    ProcessGroup,
    Stdio,
    Chdir,
    Rlimit,
    Exec,
    /// The namespace's init could not create the solution's process.
    Spawn,
}

/// What the child needs, prepared by the parent. Without a namespace, all
/// pointers stay valid until `clone` returns, because the parent is
/// suspended until the child has called `execve` or exited
/// (`CLONE_VFORK`). With one, the init runs alongside the parent, which
/// keeps this context (and the stacks) alive until it has reaped the init:
/// the `Child` guard is made after the context, so it is dropped first.
#[repr(C)]
struct ChildContext {
    path: *const libc::c_char,
    argv: *const *const libc::c_char,
    envp: *const *const libc::c_char,
    cwd: *const libc::c_char,
    fds: [RawFd; 3],
    rlimits: [Option<libc::rlimit>; 5],
    ignored: u64,
    errno: AtomicI32,
    stage: AtomicI32,
    /// The top of the stack the init gives the solution's process.
    solution_stack: usize,
    /// Set by the init once it has reaped the solution, after `status`
    /// and `usage`.
    done: AtomicBool,
    status: AtomicI32,
    usage: UnsafeCell<libc::rusage>,
}

/// The resources of `ChildContext::rlimits`, in order.
fn rlimit_resources() -> [RlimitResource; 5] {
    [
        libc::RLIMIT_AS,
        libc::RLIMIT_CPU,
        libc::RLIMIT_FSIZE,
        libc::RLIMIT_NPROC,
        libc::RLIMIT_CORE,
    ]
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
type RlimitResource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type RlimitResource = c_int;

/// The rlimits to set in the child, each clamped to the harness's own hard
/// limit (an unprivileged process cannot raise it).
fn rlimits(limits: &Limits) -> [Option<libc::rlimit>; 5] {
    let cpu = limits.cpu_seconds();
    let wanted: [Option<(u64, u64)>; 5] = [
        limits.address_space.map(|m| (m, m)),
        Some((cpu, cpu.saturating_add(1))),
        limits.file_size.map(|f| (f, f)),
        limits.processes.map(|p| (p, p)),
        Some((0, 0)),
    ];
    let mut out = [None; 5];
    for ((slot, want), resource) in out.iter_mut().zip(wanted).zip(rlimit_resources()) {
        let Some((soft, hard)) = want else { continue };
        let current_hard = hard_limit(resource);
        let clamp = |v: u64| -> libc::rlim_t {
            let v = libc::rlim_t::try_from(v).unwrap_or(libc::RLIM_INFINITY);
            if current_hard == libc::RLIM_INFINITY {
                v
            } else {
                v.min(current_hard)
            }
        };
        *slot = Some(libc::rlimit {
            rlim_cur: clamp(soft),
            rlim_max: clamp(hard),
        });
    }
    out
}

/// The harness's hard limit for a resource, read once per resource.
fn hard_limit(resource: RlimitResource) -> libc::rlim_t {
    static CACHE: std::sync::OnceLock<[libc::rlim_t; 5]> = std::sync::OnceLock::new();
    let all = CACHE.get_or_init(|| {
        rlimit_resources().map(|r| {
            let mut rl = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `rl` is a valid out-parameter.
            if unsafe { libc::getrlimit(r, &mut rl) } == 0 {
                rl.rlim_max
            } else {
                libc::RLIM_INFINITY
            }
        })
    });
    rlimit_resources()
        .iter()
        .position(|&r| r == resource)
        .map_or(libc::RLIM_INFINITY, |i| all[i])
}

/// Whether `clone` accepted `CLONE_PIDFD` (cleared after one `EINVAL`).
static CLONE_PIDFD_WORKS: AtomicBool = AtomicBool::new(true);
/// Whether `clone` accepted `CLONE_NEWPID` (cleared after one refusal).
static NEWPID_WORKS: AtomicBool = AtomicBool::new(true);

/// Makes room for two child stacks in `stack` and returns their tops
/// (16-aligned): the first for the child `spawn` makes, the second for the
/// solution's process that a namespace's init makes.
fn prepare_stacks(stack: &mut Vec<u8>) -> [usize; 2] {
    if stack.capacity() < 2 * CHILD_STACK {
        stack.reserve(2 * CHILD_STACK);
    }
    let base = stack.as_mut_ptr() as usize;
    [
        (base + stack.capacity()) & !15usize,
        (base + CHILD_STACK) & !15usize,
    ]
}

/// Creates the child (see the module docs): without a namespace, the
/// solution's process, which has called `execve` or failed by the time
/// this returns; with one, its init, which runs on. The caller checks
/// `ctx.stage`.
fn spawn(ctx: &ChildContext, top: usize, isolation: Isolation) -> io::Result<Child> {
    loop {
        let use_pidfd = CLONE_PIDFD_WORKS.load(Ordering::Relaxed);
        let namespace = isolation == Isolation::Auto && NEWPID_WORKS.load(Ordering::Relaxed);
        let mut flags = libc::CLONE_VM | libc::SIGCHLD;
        let entry: extern "C" fn(*mut c_void) -> c_int = if namespace {
            flags |= libc::CLONE_NEWPID;
            init_main
        } else {
            flags |= libc::CLONE_VFORK;
            child_main
        };
        if use_pidfd {
            flags |= libc::CLONE_PIDFD;
        }
        let mut pidfd: c_int = -1;
        // SAFETY: all signals are blocked around `clone`, so no handler of
        // ours can run on the child's shared memory (a namespace's init
        // keeps them blocked for good); after it, the old mask is restored
        // plus SIGPIPE (see `Child`). The child runs `entry` on its own
        // stack (allocated, unused, 16-aligned top), reads `ctx` (alive:
        // we are suspended until it execs or exits, or, for an init, we
        // reap it before `ctx` is dropped), and makes only
        // async-signal-safe calls.
        let (pid, clone_errno, old_mask) = unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
            let pid = libc::clone(
                entry,
                top as *mut c_void,
                flags,
                ctx as *const ChildContext as *mut c_void,
                &mut pidfd as *mut c_int,
            );
            let clone_errno = io::Error::last_os_error();
            let mut during = old;
            if pid >= 0 {
                libc::sigaddset(&mut during, libc::SIGPIPE);
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &during, std::ptr::null_mut());
            (pid, clone_errno, old)
        };
        if pid < 0 {
            let errno = clone_errno.raw_os_error();
            if use_pidfd && errno == Some(libc::EINVAL) {
                CLONE_PIDFD_WORKS.store(false, Ordering::Relaxed);
                continue;
            }
            if namespace
                && matches!(
                    errno,
                    Some(libc::EPERM | libc::EINVAL | libc::ENOSPC | libc::EUSERS)
                )
            {
                // No PID namespaces here: fall back to the process group.
                NEWPID_WORKS.store(false, Ordering::Relaxed);
                continue;
            }
            return Err(clone_errno);
        }
        let pidfd = if use_pidfd && pidfd >= 0 {
            // SAFETY: the kernel gave us this fd; we own it from here.
            Some(unsafe { OwnedFd::from_raw_fd(pidfd) })
        } else {
            pidfd_open(pid)
        };
        return Ok(Child {
            pid,
            pidfd,
            namespace,
            killed: false,
            reaped: false,
            old_mask,
            sigpipe_raised: false,
        });
    }
}

/// Whether runs can get their own PID namespace here: tried on the first
/// run of [`Isolation::Auto`] (`true` until one was refused).
pub fn namespaces_available() -> bool {
    NEWPID_WORKS.load(Ordering::Relaxed)
}

/// The init of a run's PID namespace (its pid 1). It shares the harness's
/// memory (`CLONE_VM`) and runs alongside it, so like `child_main` it may
/// only make system calls, and it keeps every signal blocked (its handlers
/// would be the harness's). It creates the solution's process as the
/// harness would without a namespace (`child_main`, `CLONE_VFORK`), so
/// that the solution is pid 2, an ordinary process: pid 1 of a namespace
/// ignores every signal it has no handler for, even from itself, which
/// would change what `abort()` or `raise(SIGTERM)` do. It waits for the
/// solution, leaves its status and usage in the context, and exits; its
/// exit makes the kernel kill every other process of the namespace, and
/// it counts as exited only once they are all gone.
extern "C" fn init_main(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the `ChildContext` the parent keeps alive until it
    // has reaped us; everything below is a system call on valid pointers.
    unsafe {
        let ctx = &*(arg as *const ChildContext);
        raw::syscall(
            libc::SYS_prctl,
            [
                libc::PR_SET_PDEATHSIG as usize,
                libc::SIGKILL as usize,
                0,
                0,
                0,
                0,
            ],
        );
        // glibc's `clone` (which runs `child_main` on the new stack) writes
        // `errno` only when it fails, and then the errno is of little use.
        let pid = libc::clone(
            child_main,
            ctx.solution_stack as *mut c_void,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            arg,
        );
        if pid < 0 {
            child_fail(ctx, Stage::Spawn, libc::EAGAIN);
        }
        let mut status: c_int = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        loop {
            let r = raw::syscall(
                libc::SYS_wait4,
                [
                    pid as usize,
                    &mut status as *mut c_int as usize,
                    0,
                    &mut usage as *mut libc::rusage as usize,
                    0,
                    0,
                ],
            );
            if r == pid as isize {
                break;
            }
            if r != -(libc::EINTR as isize) {
                libc::_exit(127);
            }
        }
        *ctx.usage.get() = usage;
        ctx.status.store(status, Ordering::SeqCst);
        ctx.done.store(true, Ordering::SeqCst);
        libc::_exit(0)
    }
}

/// A pidfd for `pid` via `pidfd_open(2)`, if the kernel has it.
fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: plain system call; a non-negative result is a new fd we own.
    unsafe {
        let fd = libc::syscall(libc::SYS_pidfd_open, pid, 0) as c_int;
        (fd >= 0).then(|| OwnedFd::from_raw_fd(fd))
    }
}

/// The child between `clone` and `execve`. It shares the parent's memory,
/// so it may only make system calls: no allocation, no locks, no panics.
/// It makes them with [`raw::syscall`], which leaves `errno` alone: the
/// thread-local `errno` it would otherwise write is the harness thread's,
/// which (under a namespace's init) runs at the same time.
extern "C" fn child_main(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the `ChildContext` the parent keeps alive while we
    // run; everything below is a system call on valid pointers.
    unsafe {
        let ctx = &*(arg as *const ChildContext);
        let check = |r: isize, stage: Stage| {
            if r < 0 {
                child_fail(ctx, stage, -r as i32);
            }
        };

        check(raw::syscall(libc::SYS_setpgid, [0; 6]), Stage::ProcessGroup);
        raw::syscall(
            libc::SYS_prctl,
            [
                libc::PR_SET_PDEATHSIG as usize,
                libc::SIGKILL as usize,
                0,
                0,
                0,
                0,
            ],
        );

        for (target, &fd) in ctx.fds.iter().enumerate() {
            // Every fd of `fds` is 3 or above, so `dup3` (which refuses
            // equal fds) does what `dup2` would, and clears close-on-exec.
            let r = raw::syscall(libc::SYS_dup3, [fd as usize, target, 0, 0, 0, 0]);
            check(r, Stage::Stdio);
        }
        // Close everything else; fails harmlessly (ENOSYS) before Linux 5.9,
        // when only the O_CLOEXEC fds are closed.
        raw::syscall(
            libc::SYS_close_range,
            [3, libc::c_uint::MAX as usize, 0, 0, 0, 0],
        );

        check(
            raw::syscall(libc::SYS_chdir, [ctx.cwd as usize, 0, 0, 0, 0, 0]),
            Stage::Chdir,
        );
        for (limit, resource) in ctx.rlimits.iter().zip(rlimit_resources()) {
            if let Some(limit) = limit {
                let r = raw::syscall(
                    libc::SYS_prlimit64,
                    [
                        0,
                        resource as usize,
                        limit as *const libc::rlimit as usize,
                        0,
                        0,
                        0,
                    ],
                );
                check(r, Stage::Rlimit);
            }
        }

        // Signals, all blocked so far (by the parent). `execve` resets
        // caught signals to their default but keeps ignored ones ignored, so
        // the ones the harness ignores are reset here. If a signal is
        // pending (a ^C that reached us before `setpgid`; none can reach
        // our new group from the terminal after it), every disposition is
        // reset, so that no handler of the harness can run in this child
        // once the mask is cleared.
        let mut pending: u64 = 0;
        let r = raw::syscall(
            libc::SYS_rt_sigpending,
            [&mut pending as *mut u64 as usize, 8, 0, 0, 0, 0],
        );
        let any_pending = r < 0 || pending != 0;
        for sig in 1..=64 {
            if sig == libc::SIGKILL || sig == libc::SIGSTOP {
                continue;
            }
            if any_pending || ctx.ignored & (1u64 << (sig - 1)) != 0 {
                reset_signal(sig);
            }
        }
        let empty: u64 = 0;
        raw::syscall(
            libc::SYS_rt_sigprocmask,
            [
                libc::SIG_SETMASK as usize,
                &empty as *const u64 as usize,
                0,
                8,
                0,
                0,
            ],
        );

        let r = raw::syscall(
            libc::SYS_execve,
            [
                ctx.path as usize,
                ctx.argv as usize,
                ctx.envp as usize,
                0,
                0,
                0,
            ],
        );
        child_fail(ctx, Stage::Exec, -r as i32)
    }
}

/// Sets a signal's disposition to `SIG_DFL` with the raw system call:
/// glibc's `sigaction` refuses its own signals 32 and 33, which may be
/// ignored too. The kernel's struct is at most four words (handler, flags,
/// restorer, mask), all zero for `SIG_DFL`. Errors are ignored.
unsafe fn reset_signal(sig: c_int) {
    let dfl = [0u64; 4];
    raw::syscall(
        libc::SYS_rt_sigaction,
        [sig as usize, dfl.as_ptr() as usize, 0, 8, 0, 0],
    );
}

/// System calls that return `-errno` instead of setting the thread-local
/// `errno` (which, in a `CLONE_VM` child, is the harness thread's).
mod raw {
    /// Makes system call `number` with six arguments; a negative result
    /// is `-errno`.
    ///
    /// # Safety
    ///
    /// As the system call itself: pointers among the arguments must be
    /// valid for it.
    #[cfg(target_arch = "x86_64")]
    pub(super) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
        let ret: isize;
        // SAFETY: the Linux x86-64 system call convention; `syscall`
        // clobbers rcx and r11 and nothing else.
        unsafe {
            std::arch::asm!(
                "syscall",
                inlateout("rax") number as isize => ret,
                in("rdi") a[0],
                in("rsi") a[1],
                in("rdx") a[2],
                in("r10") a[3],
                in("r8") a[4],
                in("r9") a[5],
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        ret
    }

    /// Makes system call `number` with six arguments; a negative result
    /// is `-errno`.
    ///
    /// # Safety
    ///
    /// As the system call itself: pointers among the arguments must be
    /// valid for it.
    #[cfg(target_arch = "aarch64")]
    pub(super) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
        let ret: isize;
        // SAFETY: the Linux AArch64 system call convention.
        unsafe {
            std::arch::asm!(
                "svc 0",
                in("x8") number,
                inlateout("x0") a[0] as isize => ret,
                in("x1") a[1],
                in("x2") a[2],
                in("x3") a[3],
                in("x4") a[4],
                in("x5") a[5],
                options(nostack),
            );
        }
        ret
    }

    /// Makes system call `number` through libc (other architectures: the
    /// `errno` it writes may race with the harness thread's).
    ///
    /// # Safety
    ///
    /// As the system call itself.
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    pub(super) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
        // SAFETY: as the caller promises.
        let r = unsafe { libc::syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]) };
        if r < 0 {
            // SAFETY: reading this thread's errno.
            -(unsafe { *libc::__errno_location() } as isize)
        } else {
            r as isize
        }
    }
}

/// The signals (bit `n - 1` for signal `n`) that the harness ignores, read
/// once, when it first runs a solution; `SIGPIPE` always.
fn ignored_signals() -> u64 {
    static IGNORED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *IGNORED.get_or_init(|| {
        let mut mask = 1u64 << (libc::SIGPIPE - 1);
        for sig in 1..=64 {
            let mut old = [0u64; 4];
            // SAFETY: querying a disposition into a buffer of at least the
            // kernel's struct size.
            let r = unsafe {
                libc::syscall(
                    libc::SYS_rt_sigaction,
                    sig,
                    std::ptr::null::<u64>(),
                    old.as_mut_ptr(),
                    8usize,
                )
            };
            if r == 0 && old[0] == libc::SIG_IGN as u64 {
                mask |= 1u64 << (sig - 1);
            }
        }
        mask
    })
}

/// Records the failed step and errno for the parent, and exits.
unsafe fn child_fail(ctx: &ChildContext, stage: Stage, errno: i32) -> ! {
    ctx.errno.store(errno, Ordering::SeqCst);
    ctx.stage.store(stage as i32, Ordering::SeqCst);
    libc::_exit(127)
}

fn spawn_error(command: &Command, stage: i32, errno: i32) -> io::Error {
    let os = io::Error::from_raw_os_error(errno);
    let program = command.program().display();
    let what = match stage {
        s if s == Stage::ProcessGroup as i32 => "cannot make a process group for".to_string(),
        s if s == Stage::Stdio as i32 => "cannot set up standard streams for".to_string(),
        s if s == Stage::Chdir as i32 => "cannot enter the work directory for".to_string(),
        s if s == Stage::Rlimit as i32 => "cannot set resource limits for".to_string(),
        s if s == Stage::Spawn as i32 => "cannot create the process of".to_string(),
        _ => "cannot execute".to_string(),
    };
    let message = os.to_string();
    let message = message.split(" (os error").next().unwrap_or(&message);
    let mut lower = message.to_string();
    if let Some(first) = lower.get_mut(0..1) {
        first.make_ascii_lowercase();
    }
    io::Error::new(os.kind(), format!("{what} '{program}': {lower}"))
}

/// One-time, process-wide setup: become a child subreaper, so that a
/// solution's orphans are reaped here (see the module docs).
fn init_process() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // SAFETY: a plain system call.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong);
        }
    });
}

/// A pipe, both ends close-on-exec, both at fd 3 or above (so that moving
/// them onto 0-2 in the child never clobbers one another).
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: `fds` is a valid array of two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the kernel just gave us these two fds.
    let (r, w) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(r)?, above_stdio(w)?))
}

fn above_stdio(fd: OwnedFd) -> io::Result<OwnedFd> {
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // SAFETY: duplicating a valid fd; the result is a new fd we own.
    let new = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if new < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    Ok(unsafe { OwnedFd::from_raw_fd(new) })
}

/// Makes one end of a fresh pipe non-blocking (its only status flag; the
/// access mode is not changed by `F_SETFL`; the other end, the child's, is
/// a separate open file and stays blocking).
fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a valid fd.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

enum WriteOutcome {
    Wrote(usize),
    Full,
    Closed,
    Failed(io::Error),
}

/// Writes as much of `data` as the non-blocking pipe takes now.
fn write_some(fd: RawFd, data: &[u8]) -> WriteOutcome {
    let mut done = 0;
    while done < data.len() {
        let rest = &data[done..];
        // SAFETY: writing from a valid slice to a valid fd.
        let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
        if n >= 0 {
            done += n as usize;
            continue;
        }
        let e = io::Error::last_os_error();
        match e.raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EAGAIN) => break,
            Some(libc::EPIPE) => return WriteOutcome::Closed,
            _ => return WriteOutcome::Failed(e),
        }
    }
    if done == 0 && !data.is_empty() {
        WriteOutcome::Full
    } else {
        WriteOutcome::Wrote(done)
    }
}

/// One read of a non-blocking fd (`WouldBlock` when it is empty).
fn read_some(fd: RawFd, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        // SAFETY: reading into a valid mutable slice from a valid fd.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 {
            return Ok(n as usize);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Appends `data` to `tail`, keeping only the last `cap` bytes.
fn keep_tail(tail: &mut Vec<u8>, data: &[u8], cap: usize) {
    if data.len() >= cap {
        tail.clear();
        tail.extend_from_slice(&data[data.len() - cap..]);
        return;
    }
    tail.extend_from_slice(data);
    if tail.len() > cap {
        let excess = tail.len() - cap;
        tail.drain(..excess);
    }
}

fn ceil_millis(d: Duration) -> c_int {
    let ms = d.as_nanos().div_ceil(1_000_000);
    c_int::try_from(ms).unwrap_or(c_int::MAX)
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

    #[test]
    fn tail_keeps_the_last_bytes() {
        let mut tail = Vec::new();
        keep_tail(&mut tail, b"abc", 4);
        keep_tail(&mut tail, b"de", 4);
        assert_eq!(tail, b"bcde");
        keep_tail(&mut tail, b"0123456789", 4);
        assert_eq!(tail, b"6789");
        keep_tail(&mut tail, b"", 4);
        assert_eq!(tail, b"6789");
    }

    #[test]
    fn rlimits_are_clamped_and_complete() {
        let limits = Limits {
            address_space: Some(512 * 1024 * 1024),
            ..Limits::default()
        };
        let rl = rlimits(&limits);
        assert_eq!(rl[0].unwrap().rlim_cur, 512 * 1024 * 1024);
        assert_eq!(rl[1].unwrap().rlim_cur, 2);
        assert_eq!(rl[1].unwrap().rlim_max, 3);
        assert_eq!(rl[4].unwrap().rlim_max, 0);
        assert!(rlimits(&Limits::default())[0].is_none());
        let none = Limits {
            address_space: None,
            file_size: None,
            processes: None,
            ..limits
        };
        let rl = rlimits(&none);
        assert!(rl[0].is_none() && rl[2].is_none() && rl[3].is_none());
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

    #[test]
    fn ceil_millis_rounds_up() {
        assert_eq!(ceil_millis(Duration::from_micros(1)), 1);
        assert_eq!(ceil_millis(Duration::from_millis(5)), 5);
        assert_eq!(ceil_millis(Duration::ZERO), 0);
        assert_eq!(ceil_millis(Duration::MAX), c_int::MAX);
    }
}
