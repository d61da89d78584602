//! Watching a run while it goes: its wall-time deadline, its resident
//! memory (from `/proc/PID/statm`, every [`MEMORY_TICK`]), and the one
//! `poll` loop that wakes for stdin, stdout, stderr and the child's exit.

use std::ffi::c_int;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::time::{Duration, Instant};

use super::pump::{pump_stderr, pump_stdout, Streams};
use super::reap::Child;
use super::RunReport;
use crate::solution::limits::Limits;

/// How often the resident memory of a running solution is looked at (the
/// first look comes this long after the start, so that short runs cost
/// nothing).
pub(super) const MEMORY_TICK: Duration = Duration::from_millis(10);

/// Watches the resident memory of the running solution, every
/// [`MEMORY_TICK`], from `/proc/PID/statm`.
pub(super) struct MemoryWatch {
    pub(super) limit: u64,
    pub(super) next: Instant,
    pub(super) statm: Option<OwnedFd>,
    pub(super) looked: bool,
    pub(super) peak: u64,
}

impl MemoryWatch {
    pub(super) fn new(limit: u64, started: Instant) -> MemoryWatch {
        MemoryWatch {
            limit,
            next: started + MEMORY_TICK,
            statm: None,
            looked: false,
            peak: 0,
        }
    }

    /// Looks once; whether the solution is above the limit.
    pub(super) fn over_limit(&mut self, child: &Child) -> bool {
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
pub(super) fn statm_sizes(text: &[u8]) -> (u64, u64) {
    let mut numbers = std::str::from_utf8(text)
        .unwrap_or("")
        .split_whitespace()
        .map(|n| n.parse::<u64>().unwrap_or(0));
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0))
}

pub(super) fn page_size() -> u64 {
    static PAGE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    // SAFETY: sysconf is a plain query.
    *PAGE
        .get_or_init(|| u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096))
}

/// The first child of `pid` (seen from here), from
/// `/proc/PID/task/PID/children`.
pub(super) fn first_child(pid: libc::pid_t) -> Option<libc::pid_t> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
    text.split_whitespace().next()?.parse().ok()
}

pub(super) fn ceil_millis(d: Duration) -> c_int {
    let ms = d.as_nanos().div_ceil(1_000_000);
    c_int::try_from(ms).unwrap_or(c_int::MAX)
}

/// How the watch of a run ended.
pub(super) struct Outcome {
    /// When the main process exited, or was killed (timeout, memory).
    pub(super) exited_at: Instant,
    /// The largest resident size the memory watch saw.
    pub(super) seen_rss: u64,
}

/// Drives a run from its spawn until its main process exits or is killed:
/// one `poll` on the stdin pipe, stdout, stderr and the child's pidfd,
/// waking also for the deadline and the memory watch. Marks the report
/// on timeout, too much output or too much memory (and kills the group).
///
/// # Errors
///
/// Only when `poll` itself fails.
pub(super) fn supervise(
    child: &mut Child,
    streams: &mut Streams<'_>,
    report: &mut RunReport,
    limits: &Limits,
    chunk: &mut [u8],
    started: Instant,
) -> io::Result<Outcome> {
    let deadline = started.checked_add(limits.timeout);
    let mut watch = limits.memory.map(|limit| MemoryWatch::new(limit, started));
    let cap = usize::try_from(limits.output).unwrap_or(usize::MAX);
    let seen = |watch: &Option<MemoryWatch>| watch.as_ref().map_or(0, |w| w.peak);
    loop {
        let mut now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            report.timed_out = true;
            child.kill_group();
            return Ok(Outcome {
                exited_at: now,
                seen_rss: seen(&watch),
            });
        }
        if let Some(w) = watch.as_mut() {
            if now >= w.next {
                if w.over_limit(child) {
                    report.memory_exceeded = true;
                    child.kill_group();
                    return Ok(Outcome {
                        exited_at: now,
                        seen_rss: seen(&watch),
                    });
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
            streams
                .stdin
                .as_ref()
                .map(|fd| (fd.as_raw_fd(), libc::POLLOUT)),
            streams
                .stdout
                .as_ref()
                .map(|fd| (fd.as_raw_fd(), libc::POLLIN)),
            streams
                .stderr
                .as_ref()
                .map(|fd| (fd.as_raw_fd(), libc::POLLIN)),
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
            streams.feed(child);
        }
        if out_ev != 0 && !pump_stdout(&mut streams.stdout, chunk, report, cap, 1) {
            // Over the output limit.
            child.kill_group();
        }
        if err_ev != 0 {
            pump_stderr(&mut streams.stderr, chunk, report, limits.stderr_tail, 1);
        }
        let exited = if child.pidfd.is_some() {
            pid_ev != 0
        } else {
            child.has_exited()
        };
        if exited {
            let exited_at = Instant::now();
            // Children the solution forked die with it (in a namespace,
            // they died with its init already).
            child.kill_group();
            return Ok(Outcome {
                exited_at,
                seen_rss: seen(&watch),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceil_millis_rounds_up() {
        assert_eq!(ceil_millis(Duration::from_micros(1)), 1);
        assert_eq!(ceil_millis(Duration::from_millis(5)), 5);
        assert_eq!(ceil_millis(Duration::ZERO), 0);
        assert_eq!(ceil_millis(Duration::MAX), c_int::MAX);
    }
}
