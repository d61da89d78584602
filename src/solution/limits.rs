//! What one run of a solution may spend: wall time, memory, output, file
//! size and processes, and how each maps onto a resource limit set in the
//! child before it executes the solution.

use std::time::Duration;

/// One mebibyte, 1024 × 1024 bytes.
pub const MIB: u64 = 1024 * 1024;

/// The default wall-clock limit per game: 1 s.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(1);
/// The default memory limit (peak resident memory): 512 MiB.
pub const DEFAULT_MEMORY: u64 = 512 * MIB;
/// The default cap on standard output: 1 MiB.
pub const DEFAULT_OUTPUT: u64 = MIB;
/// The default limit on the size of a file the solution writes: 16 MiB.
pub const DEFAULT_FILE_SIZE: u64 = 16 * MIB;
/// The default process limit: 4096 (see [`Limits::processes`]).
pub const DEFAULT_PROCESSES: u64 = 4096;
/// How much of the end of standard error a report keeps by default: 4 KiB.
pub const DEFAULT_STDERR_TAIL: usize = 4096;

/// What one run may spend.
///
/// `Limits::default()` is a judge's usual setting: 1 s wall, 512 MiB of
/// resident memory, 1 MiB of output, and no cap on address space. Each
/// field is public; change the ones a command line sets and keep the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Wall-clock time from spawn to exit; past it the whole process group
    /// is killed and the verdict is TLE.
    pub timeout: Duration,
    /// Peak resident memory in bytes, as judges count it, or `None` for
    /// no limit. A run whose main process is seen above it while running
    /// (every 10 ms, from `/proc/PID/statm`) is killed, and one whose peak
    /// (`ru_maxrss`, of the main process and the descendants it waited
    /// for) ends above it is MLE whatever it printed. Address space is not
    /// limited by this (see [`Limits::address_space`]), so that runtimes
    /// which reserve large virtual ranges (the JVM, Node, Go, sanitizers)
    /// start as they do on a judge.
    pub memory: Option<u64>,
    /// Address space in bytes (`RLIMIT_AS`) per process, or `None` (the
    /// default) for no limit. It bounds *virtual* memory: the JVM, Node,
    /// Go and sanitizer builds reserve far more than they use and fail to
    /// start under a limit near [`Limits::memory`].
    pub address_space: Option<u64>,
    /// The most bytes of standard output kept; a solution that writes more
    /// is killed and the verdict is OLE. The harness never buffers more.
    pub output: u64,
    /// The largest file the solution may write (`RLIMIT_FSIZE`), or `None`.
    /// Pipes are not files: standard output is bounded by `output` instead.
    pub file_size: Option<u64>,
    /// The most processes and threads, or `None`. In the sandbox as root
    /// this is the `pids.max` of the worker's own pids cgroup: an exact
    /// count of the run's processes and threads (a fork bomb's first
    /// refused `fork` comes at this many). Otherwise it is `RLIMIT_NPROC`,
    /// which the kernel counts over *every* process and thread of the uid
    /// (not only this run's) and does not apply to root at all
    /// (`CAP_SYS_RESOURCE` / `CAP_SYS_ADMIN`): a brake on fork bombs, not
    /// an exact count.
    pub processes: Option<u64>,
    /// How many bytes of the end of standard error a report keeps.
    pub stderr_tail: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            timeout: DEFAULT_TIMEOUT,
            memory: Some(DEFAULT_MEMORY),
            address_space: None,
            output: DEFAULT_OUTPUT,
            file_size: Some(DEFAULT_FILE_SIZE),
            processes: Some(DEFAULT_PROCESSES),
            stderr_tail: DEFAULT_STDERR_TAIL,
        }
    }
}

impl Limits {
    /// The CPU-time limit in whole seconds (`RLIMIT_CPU` soft limit),
    /// derived from the wall limit: the timeout rounded up, plus one
    /// second. The wall limit normally fires first; this one stops a
    /// solution whose threads burn CPU on several cores at once. The hard
    /// limit (`SIGKILL`) is one second above the soft one (`SIGXCPU`).
    pub fn cpu_seconds(&self) -> u64 {
        let whole = self.timeout.as_secs();
        let rounded = if self.timeout.subsec_nanos() > 0 {
            whole.saturating_add(1)
        } else {
            whole
        };
        rounded.saturating_add(1).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_seconds_rounds_up_and_adds_one() {
        let mut limits = Limits::default();
        assert_eq!(limits.cpu_seconds(), 2);
        limits.timeout = Duration::from_millis(300);
        assert_eq!(limits.cpu_seconds(), 2);
        limits.timeout = Duration::from_millis(2500);
        assert_eq!(limits.cpu_seconds(), 4);
        limits.timeout = Duration::ZERO;
        assert_eq!(limits.cpu_seconds(), 1);
        limits.timeout = Duration::MAX;
        assert_eq!(limits.cpu_seconds(), u64::MAX);
    }
}
