//! The working directory of a solution: a private temporary directory,
//! made empty again before every run, so that a solution never starts in
//! (nor writes relative paths into) the user's own directory, and never
//! sees files left by an earlier run. Beside it, a `tmp` directory that is
//! the run's `TMPDIR` where no private `/tmp` can be mounted.
//!
//! The directories live under `/var/tmp` when the system's temporary
//! directory is `/tmp` (or under it): a sandboxed run gets a tmpfs of its
//! own on `/tmp`, which would hide them. They are emptied in place, never
//! removed and made again, because a sandbox's bind mount holds on to the
//! directory itself.
//!
//! One [`Workdir`] serves one worker thread for many runs. Checking that a
//! directory is still empty costs three system calls (`open`, `getdents64`,
//! `close`: about 10 µs here), where making and removing a fresh directory
//! per run costs about 3 ms on this machine's ext4 (measured by the
//! `workdir` group of `benches/check_throughput.rs`); keeping it also leaves
//! the last run's files for inspection until the next run or drop.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A private temporary directory that solutions run in.
///
/// The directory itself (`path()`) lives inside a fresh `pigkill-*`
/// directory under the system's temporary directory; both are removed
/// when the `Workdir` is dropped.
#[derive(Debug)]
pub struct Workdir {
    root: tempfile::TempDir,
    dir: PathBuf,
    dir_c: CString,
    tmp: PathBuf,
}

impl Workdir {
    /// Makes a new empty working directory under the system's temporary
    /// directory (`$TMPDIR` or `/tmp`).
    ///
    /// # Errors
    ///
    /// Any I/O error making the directory.
    pub fn new() -> io::Result<Workdir> {
        let system = std::env::temp_dir();
        let builder = || {
            let mut b = tempfile::Builder::new();
            b.prefix("pigkill-");
            b
        };
        let root = if system.starts_with("/tmp") {
            builder()
                .tempdir_in("/var/tmp")
                .or_else(|_| builder().tempdir())?
        } else {
            builder().tempdir()?
        };
        let dir = root.path().join("cwd");
        std::fs::create_dir(&dir)?;
        let tmp = root.path().join("tmp");
        std::fs::create_dir(&tmp)?;
        let dir_c = CString::new(dir.as_os_str().as_bytes().to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "temporary path has a nul"))?;
        Ok(Workdir {
            root,
            dir,
            dir_c,
            tmp,
        })
    }

    /// The run's `TMPDIR` where no private `/tmp` is mounted: emptied
    /// with the working directory.
    pub fn tmp_path(&self) -> &Path {
        &self.tmp
    }

    /// Makes `tmp` empty (before a run, and after it: what a run put in
    /// its `TMPDIR` is removed with it).
    ///
    /// # Errors
    ///
    /// Any I/O error removing what is in it.
    pub(crate) fn empty_tmp(&self) -> io::Result<()> {
        make_empty(&self.tmp, self.root.path()).map(|_| ())
    }

    /// Gives the working directory and `tmp` to `uid:gid` (and lets it
    /// through their parent), for runs that switch to that user.
    ///
    /// # Errors
    ///
    /// Any I/O error changing owners or modes.
    pub(crate) fn hand_to(&self, uid: u32, gid: u32) -> io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(self.root.path(), std::fs::Permissions::from_mode(0o711))?;
        for dir in [&self.dir, &self.tmp] {
            std::os::unix::fs::chown(dir, Some(uid), Some(gid))?;
        }
        Ok(())
    }

    /// The directory a solution runs in.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub(crate) fn path_c(&self) -> &CString {
        &self.dir_c
    }

    /// Makes sure the directory exists and is empty, removing whatever an
    /// earlier run left in it (or in its place). Returns whether the
    /// directory had to be made again.
    ///
    /// # Errors
    ///
    /// Any I/O error reading, emptying or re-making the directory.
    pub fn clear(&mut self) -> io::Result<bool> {
        make_empty(&self.dir, self.root.path())
    }
}

/// Makes `dir` an empty directory again (emptied in place, or made anew
/// when it is gone or was replaced by a file, with `root` if need be).
/// Returns whether it was made anew.
fn make_empty(dir: &Path, root: &Path) -> io::Result<bool> {
    match empty_dir(dir, &[]) {
        Ok(()) => return Ok(false),
        Err(e) if e.raw_os_error() == Some(libc::ENOENT) => {}
        Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {
            // Replaced by something that is not a directory.
            std::fs::remove_file(dir).map_err(|e| context(e, dir))?;
        }
        Err(e) => return Err(context(e, dir)),
    }
    if !root.is_dir() {
        std::fs::create_dir_all(root).map_err(|e| context(e, dir))?;
    }
    std::fs::create_dir(dir).map_err(|e| context(e, dir))?;
    Ok(true)
}

/// Empties a directory in place, keeping the directory itself and the
/// entries named in `keep`: nothing to do (three system calls) when it is
/// empty already.
///
/// # Errors
///
/// `ENOENT` or `ENOTDIR` when `dir` is not a directory; any I/O error
/// removing what is in it.
pub(crate) fn empty_dir(dir: &Path, keep: &[&std::ffi::OsStr]) -> io::Result<()> {
    let dir_c = CString::new(dir.as_os_str().as_bytes().to_vec())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "path has a nul"))?;
    if is_empty_dir(&dir_c)? {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if keep.contains(&entry.file_name().as_os_str()) {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(&path)?;
        } else {
            std::fs::remove_file(&path)?;
        }
    }
    Ok(())
}

/// Whether a directory has no entry but `.` and `..`: one `open`, one
/// `getdents64` into a stack buffer, one `close` (no allocation, unlike
/// `read_dir`).
fn is_empty_dir(path: &CString) -> io::Result<bool> {
    // SAFETY: opening a nul-terminated path; a non-negative result is a new
    // fd that we own.
    let fd = unsafe {
        let fd = libc::open(
            path.as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        OwnedFd::from_raw_fd(fd)
    };
    is_empty_fd(fd.as_raw_fd(), &[])
}

/// Whether the open directory `fd` has no entry but `.`, `..` and those
/// named in `keep`: an `lseek` to its start and one `getdents64` into a
/// stack buffer.
pub(crate) fn is_empty_fd(fd: RawFd, keep: &[&std::ffi::OsStr]) -> io::Result<bool> {
    // SAFETY: seeking a directory fd to its start.
    if unsafe { libc::lseek(fd, 0, libc::SEEK_SET) } < 0 {
        return Err(io::Error::last_os_error());
    }
    // Room for "." and ".." and several more entries: a directory with any
    // other entry shows at least one of them in this first call.
    let mut buf = [0u64; 128];
    let size = std::mem::size_of_val(&buf);
    // SAFETY: reading directory entries into a buffer of `size` bytes.
    let n = unsafe { libc::syscall(libc::SYS_getdents64, fd, buf.as_mut_ptr(), size) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    let n = usize::try_from(n).unwrap_or(0).min(size);
    // SAFETY: the first `n` bytes were written by the kernel.
    let bytes = unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), n) };
    // struct linux_dirent64 { u64 d_ino; i64 d_off; u16 d_reclen; u8 d_type; char d_name[]; }
    let mut at = 0;
    while at + 19 <= n {
        let reclen = usize::from(u16::from_ne_bytes([bytes[at + 16], bytes[at + 17]]));
        if reclen == 0 || at + reclen > n {
            break;
        }
        let name = &bytes[at + 19..at + reclen];
        let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
        if name != b"." && name != b".." && !keep.iter().any(|k| k.as_bytes() == name) {
            return Ok(false);
        }
        at += reclen;
    }
    Ok(true)
}

fn context(e: io::Error, dir: &Path) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("cannot empty the work directory {}: {e}", dir.display()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_empties_and_remakes_the_directory() {
        let mut w = Workdir::new().unwrap();
        assert!(w.path().is_dir());
        std::fs::write(w.path().join("f"), b"x").unwrap();
        std::fs::create_dir(w.path().join("d")).unwrap();
        std::fs::write(w.path().join("d/g"), b"y").unwrap();
        std::fs::write(w.tmp_path().join("t"), b"x").unwrap();
        assert!(!w.clear().unwrap(), "emptied in place");
        w.empty_tmp().unwrap();
        assert_eq!(std::fs::read_dir(w.path()).unwrap().count(), 0);
        assert_eq!(std::fs::read_dir(w.tmp_path()).unwrap().count(), 0);
        std::fs::remove_dir(w.path()).unwrap();
        std::fs::write(w.path(), b"not a dir").unwrap();
        assert!(w.clear().unwrap(), "made again");
        assert!(w.path().is_dir());
        for i in 0..300 {
            std::fs::write(w.path().join(format!("file-with-a-long-name-{i}")), b"").unwrap();
        }
        assert!(!is_empty_dir(&w.dir_c).unwrap());
        w.clear().unwrap();
        assert!(is_empty_dir(&w.dir_c).unwrap());
        std::fs::write(w.path().join(".hidden"), b"").unwrap();
        assert!(!is_empty_dir(&w.dir_c).unwrap());
        let root = w.path().parent().unwrap().to_path_buf();
        drop(w);
        assert!(!root.exists());
    }
}
