//! Moving bytes between the harness and a run: stdin as a read-only
//! regular file (or a pipe the harness fills), stdout kept up to the
//! output cap, and only the tail of stderr, all on non-blocking pipe ends
//! the `poll` loop of [`super::watch`] wakes for.

use std::ffi::c_int;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

use super::reap::Child;
use super::{RunReport, StdinMode};
use crate::solution::limits::Limits;
use crate::solution::workdir::Workdir;

/// The size of one read from stdout or stderr (the default pipe capacity).
pub(super) const READ_CHUNK: usize = 64 * 1024;

/// The most reads of one pipe after the main process exited (bounding the
/// time a process that left the group can keep the harness reading).
pub(super) const DRAIN_CHUNKS: usize = 64;

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
    pub(super) fn new(workdir: &Workdir) -> io::Result<InputFile> {
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
    pub(super) fn fill(&mut self, input: &[u8]) -> io::Result<RawFd> {
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
pub(super) enum StdinEnd {
    Owned(OwnedFd),
    Borrowed(RawFd),
}

impl StdinEnd {
    pub(super) fn as_raw_fd(&self) -> RawFd {
        match self {
            StdinEnd::Owned(fd) => fd.as_raw_fd(),
            StdinEnd::Borrowed(fd) => *fd,
        }
    }
}

/// Reads stdout into the report, up to `reads` reads or until the pipe is
/// empty. Returns `false` when the output went over `cap` (the report is
/// marked, the pipe closed, the excess dropped).
pub(super) fn pump_stdout(
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
pub(super) fn pump_stderr(
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

/// A pipe, both ends close-on-exec, both at fd 3 or above (so that moving
/// them onto 0-2 in the child never clobbers one another).
pub(super) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: `fds` is a valid array of two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the kernel just gave us these two fds.
    let (r, w) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(r)?, above_stdio(w)?))
}

pub(super) fn above_stdio(fd: OwnedFd) -> io::Result<OwnedFd> {
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
pub(super) fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a valid fd.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

pub(super) enum WriteOutcome {
    Wrote(usize),
    Full,
    Closed,
    Failed(io::Error),
}

/// Writes as much of `data` as the non-blocking pipe takes now.
pub(super) fn write_some(fd: RawFd, data: &[u8]) -> WriteOutcome {
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
pub(super) fn read_some(fd: RawFd, buf: &mut [u8]) -> io::Result<usize> {
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
pub(super) fn keep_tail(tail: &mut Vec<u8>, data: &[u8], cap: usize) {
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

/// A run's standard input before the spawn: the child's end, and what the
/// harness keeps.
pub(super) struct Stdin {
    child_end: StdinEnd,
    /// The harness's end of a pipe with input left to write.
    writer: Option<OwnedFd>,
    written: usize,
    /// This run's own input file (when the worker's cannot be reused).
    _own_file: Option<InputFile>,
}

impl Stdin {
    /// A read-only regular file holding `input`, or a pipe of which as
    /// much as fits is filled before the child even exists (its read end
    /// is open, so this cannot fail with `EPIPE`).
    ///
    /// The input file is the worker's (`reused`), rewritten for every run,
    /// when the run gets a namespace: then no process of an earlier run can
    /// still hold it. Otherwise (a process that left the group may have
    /// survived) each run gets its own.
    pub(super) fn new(
        mode: StdinMode,
        reused: &mut Option<InputFile>,
        namespace: bool,
        workdir: &Workdir,
        input: &[u8],
    ) -> io::Result<Stdin> {
        match mode {
            StdinMode::File => {
                let mut own = None;
                let file = match reused {
                    Some(file) if namespace => file,
                    slot if namespace => slot.insert(InputFile::new(workdir)?),
                    _ => own.insert(InputFile::new(workdir)?),
                };
                let fd = file.fill(input)?;
                Ok(Stdin {
                    child_end: StdinEnd::Borrowed(fd),
                    writer: None,
                    written: input.len(),
                    _own_file: own,
                })
            }
            StdinMode::Pipe => {
                let (reader, writer) = pipe()?;
                set_nonblocking(writer.as_raw_fd())?;
                let written = match write_some(writer.as_raw_fd(), input) {
                    WriteOutcome::Wrote(n) => n,
                    WriteOutcome::Full | WriteOutcome::Closed => 0,
                    WriteOutcome::Failed(e) => return Err(e),
                };
                Ok(Stdin {
                    child_end: StdinEnd::Owned(reader),
                    writer: (written < input.len()).then_some(writer),
                    written,
                    _own_file: None,
                })
            }
        }
    }

    /// The fd the child moves to its stdin.
    pub(super) fn child_end(&self) -> RawFd {
        self.child_end.as_raw_fd()
    }

    /// Once the child exists: closes the harness's copy of the child's end
    /// and gives the streams the run is driven with.
    pub(super) fn after_spawn(self, input: &[u8], stdout: OwnedFd, stderr: OwnedFd) -> Streams<'_> {
        Streams {
            stdin: self.writer,
            input,
            written: self.written,
            stdout: Some(stdout),
            stderr: Some(stderr),
        }
    }
}

/// The harness's ends of a running solution's streams.
pub(super) struct Streams<'a> {
    /// The pipe to the solution's stdin while input is left to write.
    pub(super) stdin: Option<OwnedFd>,
    pub(super) input: &'a [u8],
    /// Input bytes given so far.
    pub(super) written: usize,
    pub(super) stdout: Option<OwnedFd>,
    pub(super) stderr: Option<OwnedFd>,
}

impl Streams<'_> {
    /// Writes what the stdin pipe takes now; notes a solution that closed
    /// its stdin (the write raised `SIGPIPE`, to be consumed).
    pub(super) fn feed(&mut self, child: &mut Child) {
        let Some(fd) = &self.stdin else { return };
        match write_some(fd.as_raw_fd(), &self.input[self.written..]) {
            WriteOutcome::Wrote(n) => self.written += n,
            WriteOutcome::Full => {}
            WriteOutcome::Closed => {
                child.sigpipe_raised = true;
                self.stdin = None;
            }
            WriteOutcome::Failed(_) => self.stdin = None,
        }
        if self.written == self.input.len() {
            self.stdin = None;
        }
    }

    /// After the main process exited (not after a kill): what it wrote
    /// before is in the pipes; the group is dead or dying. A process that
    /// left the group may still hold and fill them: reads what is there,
    /// boundedly, and closes them.
    pub(super) fn drain(
        &mut self,
        child: &mut Child,
        report: &mut RunReport,
        limits: &Limits,
        chunk: &mut [u8],
    ) {
        self.stdin = None;
        if !report.timed_out && !report.memory_exceeded {
            let cap = usize::try_from(limits.output).unwrap_or(usize::MAX);
            if !pump_stdout(&mut self.stdout, chunk, report, cap, DRAIN_CHUNKS) {
                child.kill_group();
            }
            pump_stderr(
                &mut self.stderr,
                chunk,
                report,
                limits.stderr_tail,
                DRAIN_CHUNKS,
            );
        }
        self.stdout = None;
        self.stderr = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
