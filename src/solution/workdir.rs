//! The working directory of a solution: a private temporary directory,
//! made empty again before every run, so that a solution never starts in
//! (nor writes relative paths into) the user's own directory, and never
//! sees files left by an earlier run.
//!
//! One [`Workdir`] serves one worker thread for many runs. Checking that a
//! directory is still empty costs three system calls (`open`, `getdents64`,
//! `close`: about 10 µs here), where making and removing a fresh directory
//! per run costs about 3 ms on this machine's ext4 (measured by the
//! `workdir` group of `benches/check_throughput.rs`); keeping it also leaves
//! the last run's files for inspection until the next run or drop.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
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
}

impl Workdir {
    /// Makes a new empty working directory under the system's temporary
    /// directory (`$TMPDIR` or `/tmp`).
    ///
    /// # Errors
    ///
    /// Any I/O error making the directory.
    pub fn new() -> io::Result<Workdir> {
        let root = tempfile::Builder::new().prefix("pigkill-").tempdir()?;
        let dir = root.path().join("cwd");
        std::fs::create_dir(&dir)?;
        let dir_c = CString::new(dir.as_os_str().as_bytes().to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "temporary path has a nul"))?;
        Ok(Workdir { root, dir, dir_c })
    }

    /// The directory a solution runs in.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub(crate) fn path_c(&self) -> &CString {
        &self.dir_c
    }

    /// Makes sure the directory exists and is empty, removing whatever an
    /// earlier run left in it (or in its place).
    ///
    /// # Errors
    ///
    /// Any I/O error reading, emptying or re-making the directory.
    pub fn clear(&mut self) -> io::Result<()> {
        match is_empty_dir(&self.dir_c) {
            Ok(true) => return Ok(()),
            Ok(false) => {
                std::fs::remove_dir_all(&self.dir).map_err(|e| context(e, &self.dir))?;
            }
            Err(e) if e.raw_os_error() == Some(libc::ENOENT) => {}
            Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {
                // Replaced by something that is not a directory.
                std::fs::remove_file(&self.dir).map_err(|e| context(e, &self.dir))?;
            }
            Err(e) => return Err(context(e, &self.dir)),
        }
        if !self.root.path().is_dir() {
            std::fs::create_dir_all(self.root.path()).map_err(|e| context(e, &self.dir))?;
        }
        std::fs::create_dir(&self.dir).map_err(|e| context(e, &self.dir))
    }
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
    // Room for "." and ".." and several more entries: a directory with any
    // other entry shows at least one of them in this first call.
    let mut buf = [0u64; 128];
    let size = std::mem::size_of_val(&buf);
    // SAFETY: reading directory entries into a buffer of `size` bytes.
    let n = unsafe { libc::syscall(libc::SYS_getdents64, fd.as_raw_fd(), buf.as_mut_ptr(), size) };
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
        if name != b"." && name != b".." {
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
        w.clear().unwrap();
        assert_eq!(std::fs::read_dir(w.path()).unwrap().count(), 0);
        std::fs::remove_dir(w.path()).unwrap();
        std::fs::write(w.path(), b"not a dir").unwrap();
        w.clear().unwrap();
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
