//! Making a run's processes: `clone` with the harness's memory shared (as
//! `posix_spawn` does), the tiny init of a PID namespace, and the child's
//! set-up between `clone` and `execve` (process group, standard streams,
//! working directory, resource limits, signals), made of raw system calls
//! only.

use std::cell::UnsafeCell;
use std::ffi::{c_int, c_void};
use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use super::raw;
use super::reap::Child;
use super::sandbox::Entry;
use super::Isolation;
use crate::solution::command::Command;
use crate::solution::limits::Limits;

/// The size of the stack the child runs on between `clone` and `execve`.
pub(super) const CHILD_STACK: usize = 64 * 1024;

/// The error of a child that failed before `execve` succeeded, if it did.
pub(super) fn spawn_failure(ctx: &ChildContext, command: &Command) -> Option<io::Error> {
    let stage = ctx.stage.load(Ordering::SeqCst);
    (stage != Stage::None as i32)
        .then(|| spawn_error(command, stage, ctx.errno.load(Ordering::SeqCst)))
}

/// The step of the child's setup that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub(super) enum Stage {
    None = 0,
    ProcessGroup,
    Stdio,
    Chdir,
    Rlimit,
    Exec,
    /// The namespace's init could not create the solution's process.
    Spawn,
    /// Entering the sandbox (namespaces, cgroup, Landlock, user) failed.
    Sandbox,
    /// The namespace's init could not wait for the solution's process.
    Wait,
}

/// What the child needs, prepared by the parent. Without a namespace, all
/// pointers stay valid until `clone` returns, because the parent is
/// suspended until the child has called `execve` or exited
/// (`CLONE_VFORK`). With one, the init runs alongside the parent, which
/// keeps this context (and the stacks) alive until it has reaped the init:
/// the `Child` guard is made after the context, so it is dropped first.
#[repr(C)]
pub(super) struct ChildContext {
    pub(super) path: *const libc::c_char,
    pub(super) argv: *const *const libc::c_char,
    pub(super) envp: *const *const libc::c_char,
    pub(super) cwd: *const libc::c_char,
    pub(super) fds: [RawFd; 3],
    pub(super) rlimits: [Option<libc::rlimit>; 5],
    pub(super) ignored: u64,
    /// What to enter before `execve` (the sandbox).
    pub(super) entry: Entry,
    pub(super) errno: AtomicI32,
    pub(super) stage: AtomicI32,
    /// The top of the stack the init gives the solution's process.
    pub(super) solution_stack: usize,
    /// Set by the init once it has reaped the solution, after `status`
    /// and `usage`.
    pub(super) done: AtomicBool,
    pub(super) status: AtomicI32,
    pub(super) usage: UnsafeCell<libc::rusage>,
}

/// The resources of `ChildContext::rlimits`, in order.
pub(super) fn rlimit_resources() -> [RlimitResource; 5] {
    [
        libc::RLIMIT_AS,
        libc::RLIMIT_CPU,
        libc::RLIMIT_FSIZE,
        libc::RLIMIT_NPROC,
        libc::RLIMIT_CORE,
    ]
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) type RlimitResource = libc::__rlimit_resource_t;

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) type RlimitResource = c_int;

/// The rlimits to set in the child, each clamped to the harness's own hard
/// limit (an unprivileged process cannot raise it).
pub(super) fn rlimits(limits: &Limits) -> [Option<libc::rlimit>; 5] {
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
pub(super) fn hard_limit(resource: RlimitResource) -> libc::rlim_t {
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
pub(super) static CLONE_PIDFD_WORKS: AtomicBool = AtomicBool::new(true);

/// Whether `clone` accepted `CLONE_NEWPID` (cleared after one refusal).
pub(super) static NEWPID_WORKS: AtomicBool = AtomicBool::new(true);

/// Makes room for two child stacks in `stack` and returns their tops
/// (16-aligned): the first for the child `spawn` makes, the second for the
/// solution's process that a namespace's init makes.
pub(super) fn prepare_stacks(stack: &mut Vec<u8>) -> [usize; 2] {
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
pub(super) fn spawn(ctx: &ChildContext, top: usize, isolation: Isolation) -> io::Result<Child> {
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
pub(super) extern "C" fn init_main(arg: *mut c_void) -> c_int {
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
                // The harness's failure, not the solution's exit code: an
                // error naming the step, never an RE with code 127.
                child_fail(ctx, Stage::Wait, -r as i32);
            }
        }
        *ctx.usage.get() = usage;
        ctx.status.store(status, Ordering::SeqCst);
        ctx.done.store(true, Ordering::SeqCst);
        libc::_exit(0)
    }
}

/// A pidfd for `pid` via `pidfd_open(2)`, if the kernel has it.
pub(super) fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
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
pub(super) extern "C" fn child_main(arg: *mut c_void) -> c_int {
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
        let death_signal = || {
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
            )
        };
        death_signal();
        let entry = &ctx.entry;
        enter_namespaces(entry, check);

        for (target, &fd) in ctx.fds.iter().enumerate() {
            // Every fd of `fds` is 3 or above, so `dup3` (which refuses
            // equal fds) does what `dup2` would, and clears close-on-exec.
            let r = raw::syscall(libc::SYS_dup3, [fd as usize, target, 0, 0, 0, 0]);
            check(r, Stage::Stdio);
        }
        if entry.no_new_privs {
            let r = raw::syscall(
                libc::SYS_prctl,
                [libc::PR_SET_NO_NEW_PRIVS as usize, 1, 0, 0, 0, 0],
            );
            check(r, Stage::Sandbox);
        }
        if entry.landlock >= 0 {
            let r = raw::syscall(
                libc::SYS_landlock_restrict_self,
                [entry.landlock as usize, 0, 0, 0, 0, 0],
            );
            check(r, Stage::Sandbox);
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
        if entry.uid >= 0 {
            switch_user(entry, check);
            // A change of user clears the parent-death signal.
            death_signal();
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

        if entry.seccomp.0 != 0 {
            // The socket filter, last: from here on the child's own calls
            // are filtered too. Allowed by `no_new_privs`, set above.
            let program = libc::sock_fprog {
                len: entry.seccomp.1,
                filter: entry.seccomp.0 as *mut libc::sock_filter,
            };
            let r = raw::syscall(
                libc::SYS_seccomp,
                [
                    libc::SECCOMP_SET_MODE_FILTER as usize,
                    0,
                    &program as *const libc::sock_fprog as usize,
                    0,
                    0,
                    0,
                ],
            );
            check(r, Stage::Sandbox);
        }
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

/// Enters the worker's namespaces and pids cgroup, where the sandbox has
/// them (in the child: system calls only).
unsafe fn enter_namespaces(entry: &Entry, check: impl Fn(isize, Stage)) {
    for (fd, kind) in [
        (entry.mount_ns, libc::CLONE_NEWNS),
        (entry.net_ns, libc::CLONE_NEWNET),
    ] {
        if fd >= 0 {
            check(
                raw::syscall(libc::SYS_setns, [fd as usize, kind as usize, 0, 0, 0, 0]),
                Stage::Sandbox,
            );
        }
    }
    if entry.cgroup_procs >= 0 {
        // "0": the writing process; its children follow it.
        let zero = b"0\n";
        check(
            raw::syscall(
                libc::SYS_write,
                [
                    entry.cgroup_procs as usize,
                    zero.as_ptr() as usize,
                    2,
                    0,
                    0,
                    0,
                ],
            ),
            Stage::Sandbox,
        );
    }
}

/// The capability to read and search any file (linux/capability.h).
const CAP_DAC_READ_SEARCH: u32 = 2;

/// Switches to the sandbox's user and group with no supplementary groups,
/// keeping only `CAP_DAC_READ_SEARCH`: until `execve`, so that the program
/// in `/root` or a `0700` folder can be opened and run, and after it
/// (ambient) only when `entry.keep_read` says the runtime reads such files
/// once it runs (a script, classes). Either way the solution writes only
/// where the sandbox's mounts allow it and its uid owns.
unsafe fn switch_user(entry: &Entry, check: impl Fn(isize, Stage)) {
    let (uid, gid) = (entry.uid as usize, entry.gid as usize);
    check(raw::syscall(libc::SYS_setgroups, [0; 6]), Stage::Sandbox);
    check(
        raw::syscall(libc::SYS_setresgid, [gid, gid, gid, 0, 0, 0]),
        Stage::Sandbox,
    );
    check(
        raw::syscall(
            libc::SYS_prctl,
            [libc::PR_SET_KEEPCAPS as usize, 1, 0, 0, 0, 0],
        ),
        Stage::Sandbox,
    );
    check(
        raw::syscall(libc::SYS_setresuid, [uid, uid, uid, 0, 0, 0]),
        Stage::Sandbox,
    );
    // struct __user_cap_header_struct and two __user_cap_data_struct
    // (effective, permitted, inheritable) of version 3.
    let header: [u32; 2] = [0x2008_0522, 0];
    let read = 1u32 << CAP_DAC_READ_SEARCH;
    if !entry.keep_read {
        // Effective and permitted only: `execve` of a file without
        // capabilities by a uid other than 0 clears them.
        let data: [u32; 6] = [read, read, 0, 0, 0, 0];
        check(
            raw::syscall(
                libc::SYS_capset,
                [header.as_ptr() as usize, data.as_ptr() as usize, 0, 0, 0, 0],
            ),
            Stage::Sandbox,
        );
        return;
    }
    let data: [u32; 6] = [read, read, read, 0, 0, 0];
    check(
        raw::syscall(
            libc::SYS_capset,
            [header.as_ptr() as usize, data.as_ptr() as usize, 0, 0, 0, 0],
        ),
        Stage::Sandbox,
    );
    check(
        raw::syscall(
            libc::SYS_prctl,
            [
                libc::PR_CAP_AMBIENT as usize,
                libc::PR_CAP_AMBIENT_RAISE as usize,
                CAP_DAC_READ_SEARCH as usize,
                0,
                0,
                0,
            ],
        ),
        Stage::Sandbox,
    );
}

/// Sets a signal's disposition to `SIG_DFL` with the raw system call:
/// glibc's `sigaction` refuses its own signals 32 and 33, which may be
/// ignored too. The kernel's struct is at most four words (handler, flags,
/// restorer, mask), all zero for `SIG_DFL`. Errors are ignored.
pub(super) unsafe fn reset_signal(sig: c_int) {
    let dfl = [0u64; 4];
    raw::syscall(
        libc::SYS_rt_sigaction,
        [sig as usize, dfl.as_ptr() as usize, 0, 8, 0, 0],
    );
}

/// The signals (bit `n - 1` for signal `n`) that the harness ignores, read
/// once, when it first runs a solution; `SIGPIPE` always.
pub(super) fn ignored_signals() -> u64 {
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
pub(super) unsafe fn child_fail(ctx: &ChildContext, stage: Stage, errno: i32) -> ! {
    ctx.errno.store(errno, Ordering::SeqCst);
    ctx.stage.store(stage as i32, Ordering::SeqCst);
    libc::_exit(127)
}

pub(super) fn spawn_error(command: &Command, stage: i32, errno: i32) -> io::Error {
    let os = io::Error::from_raw_os_error(errno);
    let program = command.program().display();
    let what = match stage {
        s if s == Stage::ProcessGroup as i32 => "cannot make a process group for".to_string(),
        s if s == Stage::Stdio as i32 => "cannot set up standard streams for".to_string(),
        s if s == Stage::Chdir as i32 => "cannot enter the work directory for".to_string(),
        s if s == Stage::Rlimit as i32 => "cannot set resource limits for".to_string(),
        s if s == Stage::Spawn as i32 => "cannot create the process of".to_string(),
        s if s == Stage::Sandbox as i32 => "cannot enter the sandbox for".to_string(),
        s if s == Stage::Wait as i32 => "cannot wait for the process of".to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_of_the_harness_names_its_step() {
        // What the parent reports when the namespace's init could not wait
        // for the solution: an error of the run, never the solution's exit
        // code (the init exits 127 then, which was read as an RE).
        let command = Command::new("/bin/sh").unwrap();
        let error = spawn_error(&command, Stage::Wait as i32, libc::ECHILD);
        assert_eq!(
            error.to_string(),
            "cannot wait for the process of '/bin/sh': no child processes"
        );
        let error = spawn_error(&command, Stage::Spawn as i32, libc::EAGAIN);
        assert!(
            error
                .to_string()
                .starts_with("cannot create the process of '/bin/sh': "),
            "{error}"
        );
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
}
