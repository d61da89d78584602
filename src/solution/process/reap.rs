//! Ending a run: killing its process group (or the init of its PID
//! namespace, which takes the namespace with it), reaping the main process
//! with its status and resource usage, and, without a namespace, reaping
//! the rest of the group and the strays that left it (the harness is a
//! child subreaper).

use std::ffi::c_int;
use std::io;
use std::os::fd::OwnedFd;
use std::sync::Once;

/// A spawned, unreaped child: the solution itself, or the init of its PID
/// namespace. Dropping it kills its group (or namespace) and reaps it.
///
/// While it lives, `SIGPIPE` is blocked in the supervising thread, so that
/// writing to a solution that closed its stdin fails with `EPIPE` without
/// changing the process-wide disposition; any `SIGPIPE` that a write
/// raised is consumed before the thread's signal mask is restored.
pub(super) struct Child {
    pub(super) pid: libc::pid_t,
    pub(super) pidfd: Option<OwnedFd>,
    /// Whether `pid` is the init of a PID namespace holding the run.
    pub(super) namespace: bool,
    pub(super) killed: bool,
    pub(super) reaped: bool,
    /// The supervising thread's signal mask before the spawn.
    pub(super) old_mask: libc::sigset_t,
    /// Whether a write to the child's stdin failed with `EPIPE`.
    pub(super) sigpipe_raised: bool,
}

impl Child {
    /// Sends `SIGKILL` to the child's whole process group, or to the init
    /// of its namespace (which takes every process of the namespace with
    /// it). Once: a group once killed cannot grow, since every member, a
    /// forking one too, is dying.
    pub(super) fn kill_group(&mut self) {
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
    pub(super) fn has_exited(&self) -> bool {
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
    pub(super) fn reap(&mut self) -> io::Result<(c_int, libc::rusage)> {
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
pub(super) static IN_FLIGHT: std::sync::Mutex<Vec<libc::pid_t>> = std::sync::Mutex::new(Vec::new());

/// A run's process group, listed in [`IN_FLIGHT`] while it lives.
pub(super) struct InFlight(libc::pid_t);

impl InFlight {
    /// Lists `pgid` in `live`, the locked [`IN_FLIGHT`].
    pub(super) fn new(live: &mut Vec<libc::pid_t>, pgid: libc::pid_t) -> InFlight {
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
pub(super) fn kill_strays(own_run: libc::pid_t) {
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
pub(super) fn process_group(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name (in parentheses): state, ppid, pgrp.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(2)?.parse().ok()
}

/// Reaps every child of ours in process group `pgid` (all were sent
/// `SIGKILL`), until none is left.
pub(super) fn reap_group(pgid: libc::pid_t) {
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

/// One-time, process-wide setup: become a child subreaper, so that a
/// solution's orphans are reaped here (see the module docs).
pub(super) fn init_process() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // SAFETY: a plain system call.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong);
        }
    });
}
