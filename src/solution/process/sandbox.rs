//! The box a run is shut in, as far as the kernel allows: what the harness
//! prepares once per worker (namespaces, a private `/tmp`, a pids cgroup,
//! a Landlock ruleset) and what each run's child is told to enter.
//!
//! Three means, tried in this order once per process ([`means`]):
//!
//! - **Namespaces** (root, or `CAP_SYS_ADMIN` with `CAP_SETUID`,
//!   `CAP_SETGID` and `CAP_DAC_READ_SEARCH`): each worker gets a mount
//!   namespace where every mount is read-only (`mount_setattr`, recursive)
//!   but the worker's run directory (a read-write bind) and a tmpfs on
//!   `/tmp`, and a network namespace with nothing but a loopback that is
//!   down. They are made once per worker by a short-lived thread
//!   (`unshare`) and kept as file descriptors; each run's process enters
//!   them with `setns` before `execve`, which costs a few microseconds where
//!   making a network namespace per run costs milliseconds (measured: 4 ms
//!   of wall time each, mostly its teardown). The run's `/tmp` is emptied
//!   before every run, so it is private to the run. The solution then
//!   drops to an unprivileged uid and gid (65534 by default; no
//!   supplementary groups), keeping one capability, `CAP_DAC_READ_SEARCH`,
//!   until `execve` (so that a program under `/root` or in a `0700`
//!   directory still starts), and after it (ambient) only when the runtime
//!   reads files that uid cannot reach itself ([`needs_to_read`]: a script,
//!   classes); without it, the run's `PATH` keeps only the folders that uid
//!   can search ([`searchable_path`]); it can write nothing outside its directory and `/tmp` (the
//!   mounts are read-only; device nodes are root's). `PR_SET_NO_NEW_PRIVS` stops
//!   set-uid programs from giving any privilege back. Processes are capped
//!   by a pids cgroup per worker where one can be made (cgroup v1 `pids`,
//!   or v2 with the `pids` controller), else by `RLIMIT_NPROC` (which
//!   counts every process of the uid, across runs).
//! - **Landlock** (an ordinary user, Linux 5.13+): writes only beneath the
//!   run directory and a private per-run `TMPDIR` (and to `/dev/null`,
//!   `/dev/zero`, `/dev/full`); from ABI 4, no TCP `connect` or `bind`;
//!   from ABI 6, no signals to processes outside the run and no abstract
//!   Unix sockets out of it. Same uid; `PR_SET_NO_NEW_PRIVS`.
//! - **Nothing**: only the run directory and a per-run `TMPDIR`; the start
//!   notice says what is not contained.
//!
//! With any of them, the socket filter of [`super::seccomp`] (no socket of
//! any kind), installed last before `execve`.
//!
//! `Sandbox::Off` keeps only the private `/tmp` (a mount namespace with a
//! tmpfs where namespaces work, a per-run `TMPDIR` otherwise); the
//! solution sees the real system with the harness's rights.

use std::ffi::{c_char, CString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{elf, seccomp};
use crate::solution::command::Command;
use crate::solution::workdir::{empty_dir, is_empty_fd, Workdir};

/// How much a run is shut in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sandbox {
    /// Everything the kernel allows (see the module docs of
    /// `solution`): the default.
    #[default]
    On,
    /// Only a private `/tmp` (and the run's own processes and directory):
    /// the solution sees the real system with the harness's rights
    /// (`--sandbox off`).
    Off,
    /// No private `/tmp` either: the runner as it was before the sandbox,
    /// kept only for comparison in the benches.
    #[doc(hidden)]
    Legacy,
}

/// The unprivileged user and group a sandboxed run gets, where the harness
/// may switch to it (as root).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SandboxUser {
    /// The user id (65534, `nobody`, by default).
    pub uid: u32,
    /// The group id (65534 by default).
    pub gid: u32,
}

/// `nobody`'s id on most systems, the default [`SandboxUser`].
pub const NOBODY: u32 = 65534;

impl Default for SandboxUser {
    fn default() -> SandboxUser {
        SandboxUser {
            uid: NOBODY,
            gid: NOBODY,
        }
    }
}

/// The process-wide sandbox settings that `Worker::new` uses.
static DEFAULT: Mutex<(Sandbox, Option<SandboxUser>)> = Mutex::new((Sandbox::On, None));

/// Sets the sandbox that every worker made from now on uses by default
/// (the command line's `--sandbox` and `--sandbox-user`).
pub fn set_default_sandbox(sandbox: Sandbox, user: SandboxUser) {
    *DEFAULT.lock().unwrap_or_else(|e| e.into_inner()) = (sandbox, Some(user));
}

/// The process-wide default sandbox and user.
pub(crate) fn default_sandbox() -> (Sandbox, SandboxUser) {
    let (sandbox, user) = *DEFAULT.lock().unwrap_or_else(|e| e.into_inner());
    (sandbox, user.unwrap_or_default())
}

/// What this machine lets the runner use to shut runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Means {
    /// Mount and network namespaces, a switch of user, and a pids cgroup
    /// when one can be made (root).
    Namespaces {
        /// Whether a pids cgroup caps processes (else `RLIMIT_NPROC`).
        pids_cgroup: bool,
    },
    /// Landlock, of this ABI version (an ordinary user).
    Landlock {
        /// The kernel's Landlock ABI version.
        abi: u32,
    },
    /// Nothing but the run directory and a per-run `TMPDIR`.
    Nothing,
}

/// What this machine allows, tried once (by making a worker's namespaces
/// and a cgroup, and throwing them away).
pub fn means() -> Means {
    static MEANS: OnceLock<Means> = OnceLock::new();
    *MEANS.get_or_init(|| {
        if may_switch_user() && Namespaces::new(true, None, &[]).is_ok() {
            return Means::Namespaces {
                pids_cgroup: PidsCgroup::new().is_some(),
            };
        }
        match landlock_abi() {
            Some(abi) => Means::Landlock { abi },
            None => Means::Nothing,
        }
    })
}

/// What a run is shut in by, in one paragraph for the start of `check`:
/// said once, so that nobody believes a program is contained when it is
/// not.
pub fn sandbox_notice(sandbox: Sandbox, user: SandboxUser) -> String {
    let rights =
        "the solution runs with your user's rights: it can write your files and reach the network";
    let no_socket = "it can open no socket (a seccomp filter: no TCP, UDP, Unix, netlink or raw socket; only connected pairs of its own)";
    let filter = seccomp::available();
    match (sandbox, means()) {
        (Sandbox::Legacy, _) => format!("no sandbox: {rights}"),
        (Sandbox::Off, Means::Namespaces { .. }) => format!(
            "sandbox off: {rights}; each run only gets its own processes (a PID namespace) and a private /tmp (a mount namespace)"
        ),
        (Sandbox::Off, _) => format!(
            "sandbox off: {rights}; each run only gets a private TMPDIR"
        ),
        (Sandbox::On, Means::Namespaces { pids_cgroup }) => format!(
            "sandbox: each run has its own PID, mount and network namespaces (no network{}), runs as uid {} gid {} with no privileges (the capability to read any file only for a runtime that reads files uid {} cannot, such as a script or classes in /root), sees the file system read-only but for its own directory and a private /tmp, and is capped in processes ({})",
            if filter { "; no socket of any kind" } else { "; Unix sockets of the file system work" },
            user.uid,
            user.gid,
            user.uid,
            if pids_cgroup { "a pids cgroup" } else { "RLIMIT_NPROC of its uid" }
        ),
        (Sandbox::On, Means::Landlock { abi }) => {
            let network = if filter {
                format!("it cannot connect or listen: {no_socket}")
            } else if abi >= 4 {
                "it cannot connect or listen by TCP, but UDP and Unix sockets work".to_string()
            } else {
                "it can reach the network".to_string()
            };
            format!(
                "sandbox: partial (no namespaces for this user; Landlock ABI {abi}): the solution runs with your user's rights but may write only its own directory and a private TMPDIR; {network}; it can read your files; other processes of yours are {}",
                if abi >= 6 { "out of its reach (no signals)" } else { "within its reach" }
            )
        }
        (Sandbox::On, Means::Nothing) if filter => format!(
            "sandbox: partial (no namespaces for this user, no Landlock): the solution runs with your user's rights: it can write and read your files, but {no_socket}"
        ),
        (Sandbox::On, Means::Nothing) => format!(
            "sandbox: not available here (no namespaces for this user, no Landlock): {rights}"
        ),
    }
}

/// Whether the harness may switch a run to another user and keep it able
/// to read: root's `CAP_SETUID`, `CAP_SETGID` and `CAP_DAC_READ_SEARCH`.
fn may_switch_user() -> bool {
    let Some(caps) = effective_caps() else {
        return false;
    };
    [CAP_SETUID, CAP_SETGID, CAP_DAC_READ_SEARCH]
        .iter()
        .all(|&cap| caps & (1u64 << cap) != 0)
}

const CAP_DAC_READ_SEARCH: u32 = 2;
const CAP_SETGID: u32 = 6;
const CAP_SETUID: u32 = 7;

/// The harness's effective capabilities (from `/proc/self/status`).
fn effective_caps() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/thread-self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("CapEff:"))?;
    u64::from_str_radix(line["CapEff:".len()..].trim(), 16).ok()
}

/// The per-worker box: what the runs of one worker enter.
pub(crate) struct RunBox {
    sandbox: Sandbox,
    user: SandboxUser,
    namespaces: Option<Namespaces>,
    cgroup: Option<PidsCgroup>,
    landlock: Option<OwnedFd>,
    /// `TMPDIR=...` for the solution's environment.
    tmpdir: CString,
    /// The solution's environment: the command's with `TMPDIR` replaced.
    envp: Vec<*const c_char>,
    /// What of the host's `/tmp` the command names, shown in the run's.
    exposed: Vec<PathBuf>,
    /// The command whose need to read was last worked out, and that need
    /// ([`needs_to_read`]).
    reads: Option<Reads>,
    /// The command's `PATH=` entry and the one a run without the
    /// capability to read gets ([`searchable_path`]).
    path: Option<(CString, CString)>,
}

/// A command's program, arguments and environment, and whether its run
/// keeps the capability to read ([`needs_to_read`]).
type Reads = (CString, Vec<CString>, Vec<CString>, bool);

// SAFETY: `envp` points into `tmpdir` (owned) and into a `Command`'s
// strings, rebuilt before every run from the command of that run; the box
// is used by one thread at a time.
unsafe impl Send for RunBox {}

/// What the child of a run does to enter the box (copied into its
/// context; -1 for an fd that is not used).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) mount_ns: RawFd,
    pub(crate) net_ns: RawFd,
    pub(crate) cgroup_procs: RawFd,
    pub(crate) landlock: RawFd,
    /// The user and group to switch to, or -1.
    pub(crate) uid: i64,
    pub(crate) gid: i64,
    pub(crate) no_new_privs: bool,
    /// Whether the switched user keeps the capability to read any file
    /// after `execve` (ambient), or only until it ([`needs_to_read`]).
    pub(crate) keep_read: bool,
    /// The socket filter's instructions (address and length), or `(0, 0)`
    /// (see [`super::seccomp`]).
    pub(crate) seccomp: (usize, u16),
}

impl Entry {
    /// Entering nothing (the legacy runner).
    pub(crate) const NONE: Entry = Entry {
        mount_ns: -1,
        net_ns: -1,
        cgroup_procs: -1,
        landlock: -1,
        uid: -1,
        gid: -1,
        no_new_privs: false,
        keep_read: false,
        seccomp: (0, 0),
    };
}

impl RunBox {
    /// Makes the box for a worker's runs in `workdir`.
    ///
    /// # Errors
    ///
    /// Any error making the namespaces (where [`means`] said they work),
    /// the cgroup directory, or the Landlock ruleset.
    pub(crate) fn new(
        sandbox: Sandbox,
        user: SandboxUser,
        workdir: &Workdir,
        command: &Command,
    ) -> io::Result<RunBox> {
        let exposed = exposed_paths(command);
        let means = means();
        let on = sandbox == Sandbox::On;
        let namespaced = matches!(means, Means::Namespaces { .. });
        let switch = on && namespaced;
        if switch {
            workdir.hand_to(user.uid, user.gid)?;
        }
        let namespaces = if namespaced {
            Some(Namespaces::new(on, Some(workdir.path()), &exposed)?)
        } else {
            None
        };
        let cgroup = if switch { PidsCgroup::new() } else { None };
        let landlock = match means {
            Means::Landlock { abi } if on => Some(landlock_ruleset(
                abi,
                &[workdir.path(), workdir.tmp_path()],
            )?),
            _ => None,
        };
        let tmp: &Path = if namespaces.is_some() {
            Path::new("/tmp")
        } else {
            workdir.tmp_path()
        };
        let mut tmpdir = b"TMPDIR=".to_vec();
        tmpdir.extend_from_slice(tmp.as_os_str().as_bytes());
        let tmpdir = CString::new(tmpdir)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "temporary path has a nul"))?;
        Ok(RunBox {
            sandbox,
            user,
            namespaces,
            cgroup,
            landlock,
            tmpdir,
            envp: Vec::new(),
            exposed,
            reads: None,
            path: None,
        })
    }

    /// Whether this box still fits these options and the command's files
    /// under `/tmp` (a work directory made again needs a new box too: the
    /// caller knows that from `Workdir::clear`).
    pub(crate) fn fits(&self, sandbox: Sandbox, user: SandboxUser, command: &Command) -> bool {
        self.sandbox == sandbox
            && self.user == user
            && (self.namespaces.is_none() || self.exposed == exposed_paths(command))
    }

    /// Makes the box ready for a run of `command` with at most `processes`
    /// processes: the private `/tmp` emptied, the cap set, the environment
    /// made. Returns what the child enters.
    ///
    /// # Errors
    ///
    /// Any I/O error emptying `/tmp` or setting the cap.
    pub(crate) fn prepare(
        &mut self,
        command: &Command,
        processes: Option<u64>,
    ) -> io::Result<Entry> {
        self.empty_tmp()?;
        if let Some(cgroup) = &mut self.cgroup {
            cgroup.set_max(processes)?;
        }
        let on = self.sandbox == Sandbox::On;
        let switch = on && self.namespaces.is_some();
        let fd = |f: Option<&OwnedFd>| f.map_or(-1, |f| f.as_raw_fd());
        let keep_read = switch && self.needs_to_read(command);
        // Without the capability, the folders of `PATH` the user cannot
        // search would make every look-up past them "Permission denied".
        let path = command
            .env_entries()
            .iter()
            .find(|e| e.as_bytes().starts_with(b"PATH="));
        let searchable = match path {
            Some(path) if switch && !keep_read => Some(self.searchable_path(path)),
            _ => None,
        };
        self.envp.clear();
        self.envp.extend(
            command
                .env_entries()
                .iter()
                .filter(|e| !e.as_bytes().starts_with(b"TMPDIR="))
                .map(|e| match searchable {
                    Some(p) if e.as_bytes().starts_with(b"PATH=") => p,
                    _ => e.as_ptr(),
                }),
        );
        self.envp.push(self.tmpdir.as_ptr());
        self.envp.push(std::ptr::null());
        Ok(Entry {
            mount_ns: fd(self.namespaces.as_ref().map(|n| &n.mount)),
            net_ns: fd(self.namespaces.as_ref().and_then(|n| n.net.as_ref())),
            cgroup_procs: fd(self.cgroup.as_ref().map(|c| &c.procs)),
            landlock: fd(self.landlock.as_ref()),
            uid: if switch { i64::from(self.user.uid) } else { -1 },
            gid: if switch { i64::from(self.user.gid) } else { -1 },
            no_new_privs: on,
            keep_read,
            seccomp: if on { seccomp::program() } else { (0, 0) },
        })
    }

    /// [`needs_to_read`] for `command`, worked out again only when the
    /// command changed.
    fn needs_to_read(&mut self, command: &Command) -> bool {
        let same = |(program, words, env, _): &Reads| {
            program == command.program_c()
                && words == command.argv_entries()
                && env == command.env_entries()
        };
        if let Some((.., need)) = self.reads.as_ref().filter(|r| same(r)) {
            return *need;
        }
        let need = needs_to_read(command, self.user);
        self.reads = Some((
            command.program_c().clone(),
            command.argv_entries().to_vec(),
            command.env_entries().to_vec(),
            need,
        ));
        need
    }

    /// The `PATH=` entry of a run without the capability to read
    /// ([`searchable_path`]), worked out again only when `PATH` changed;
    /// the pointer stays valid until the next call.
    fn searchable_path(&mut self, entry: &CString) -> *const c_char {
        if self.path.as_ref().is_none_or(|(from, _)| from != entry) {
            let value = &entry.as_bytes()["PATH=".len()..];
            let mut kept = b"PATH=".to_vec();
            kept.extend_from_slice(&searchable_path(value, self.user));
            // No nul: the parts come from a C string.
            let kept = CString::new(kept).unwrap_or_default();
            self.path = Some((entry.clone(), kept));
        }
        self.path
            .as_ref()
            .map_or(std::ptr::null(), |(_, p)| p.as_ptr())
    }

    /// Empties the private `/tmp` (a tmpfs holds memory), after a run as
    /// before the next. The fallback `TMPDIR` is the work directory's, which
    /// `Workdir::clear` and `Workdir::empty_tmp` empty.
    ///
    /// # Errors
    ///
    /// Any I/O error removing what the run left.
    pub(crate) fn empty_tmp(&self) -> io::Result<()> {
        if let Some(ns) = &self.namespaces {
            // Not what the command names: it is the user's.
            let keep: Vec<&std::ffi::OsStr> =
                self.exposed.iter().filter_map(|p| p.file_name()).collect();
            if !is_empty_fd(ns.tmp.as_raw_fd(), &keep)? {
                empty_dir(
                    Path::new(&format!("/proc/self/fd/{}", ns.tmp.as_raw_fd())),
                    &keep,
                )?;
            }
        }
        Ok(())
    }

    /// Whether the run's `/tmp` is a tmpfs of the worker's.
    pub(crate) fn has_tmpfs(&self) -> bool {
        self.namespaces.is_some()
    }

    /// The solution's environment for the run `prepare` made ready.
    pub(crate) fn envp(&self) -> *const *const c_char {
        self.envp.as_ptr()
    }

    /// Whether the process cap is a cgroup of the worker's (else
    /// `RLIMIT_NPROC` is set, as without a box).
    pub(crate) fn caps_processes(&self) -> bool {
        self.cgroup.is_some()
    }
}

/// The entries of the host's `/tmp` that `command` names (its program, or
/// a part of a word of its arguments between separators of class paths,
/// options and shell command lines, that starts with `/tmp/`): a program or
/// its files kept there stay visible, read-only, in the run's private
/// `/tmp`.
fn exposed_paths(command: &Command) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    let words = std::iter::once(command.program_c().as_bytes())
        .chain(command.argv_entries().iter().map(|a| a.as_bytes()));
    for part in words.flat_map(path_parts) {
        let Some(rest) = part.strip_prefix(b"/tmp/") else {
            continue;
        };
        let top = rest.split(|&b| b == b'/').next().unwrap_or(b"");
        if top.is_empty() || top == b"." || top == b".." {
            continue;
        }
        let path = Path::new("/tmp").join(std::ffi::OsStr::from_bytes(top));
        if !found.contains(&path) {
            found.push(path);
        }
    }
    found
}

/// The parts of a word between separators of paths in a class path, an
/// option, or a shell command line given as one word (`sh -c 'cat
/// /tmp/x'`).
fn path_parts(word: &[u8]) -> impl Iterator<Item = &[u8]> {
    word.split(|b: &u8| b" \t\n:=;|&<>()'\",".contains(b))
}

/// The variables of the environment that name files a runtime reads once
/// it runs (class paths, module paths, options). Not the loader's
/// `LD_LIBRARY_PATH`, which [`loads_what_it_cannot_reach`] reads: cargo
/// sets it to folders under `~/.rustup`, which hold no library a solution
/// needs (and which the loader skips when it cannot search them).
const READ_VARIABLES: [&[u8]; 9] = [
    b"CLASSPATH",
    b"JAVA_TOOL_OPTIONS",
    b"JDK_JAVA_OPTIONS",
    b"_JAVA_OPTIONS",
    b"PYTHONPATH",
    b"PYTHONHOME",
    b"PYTHONSTARTUP",
    b"NODE_PATH",
    b"NODE_OPTIONS",
];

/// Whether a run of `command` as `user` must keep the capability to read
/// any file after `execve`: it is a shell command line (which may name
/// files in ways its words do not show: `~`, `$HOME`, `cd`), its program
/// is not an ELF binary (a script's interpreter opens the script by its
/// path once it runs), or an argument or one of the [`READ_VARIABLES`]
/// names a path that `user` could not reach without it (a class path, a
/// script, a folder, a program that a launcher such as `timeout` or `sh
/// -c` starts by its path), or the loader would find a library the
/// binary needs where `user` cannot reach it ([`loads_what_it_cannot_reach`]:
/// `LD_LIBRARY_PATH`, or the binary's own run path). `execve` itself opens
/// the program with the capability, so a binary in `/root` or a `0700`
/// folder starts without keeping it. Programs started by name are looked
/// up on a `PATH` of the folders `user` can search ([`searchable_path`]).
fn needs_to_read(command: &Command, user: SandboxUser) -> bool {
    if command.uses_shell() {
        return true;
    }
    let program = command.program_c().as_bytes();
    let binary = std::fs::read(command.program())
        .ok()
        .filter(|bytes| bytes.starts_with(b"\x7fELF"));
    if binary
        .as_ref()
        .is_some_and(|bytes| loads_what_it_cannot_reach(command, bytes, user))
    {
        return true;
    }
    let script = binary.is_none().then_some(program);
    let values = READ_VARIABLES
        .iter()
        .filter_map(|name| variable(command, name));
    script
        .into_iter()
        .chain(command.argv_entries().iter().skip(1).map(|a| a.as_bytes()))
        .chain(values)
        .flat_map(path_parts)
        .filter(|part| part.starts_with(b"/"))
        .any(|part| !reachable(Path::new(std::ffi::OsStr::from_bytes(part)), user))
}

/// The value of the variable `name` in `command`'s environment.
fn variable<'a>(command: &'a Command, name: &[u8]) -> Option<&'a [u8]> {
    command.env_entries().iter().find_map(|e| {
        let entry = e.as_bytes();
        entry
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(b"="))
    })
}

/// Whether the loader, started by the ELF binary `bytes` (the program of
/// `command`) as `user`, would look for a library it needs by name in a
/// folder `user` cannot search, or find it there unreadable: the first
/// folder that holds it, in the loader's order (the binary's `DT_RPATH`
/// when it has no `DT_RUNPATH`, then `LD_LIBRARY_PATH`, then its
/// `DT_RUNPATH`; `$ORIGIN` is the program's folder). A library found in
/// none of them is in the system's folders, which everyone may read. Only
/// the binary's own needs are read, not those of the libraries it loads.
fn loads_what_it_cannot_reach(command: &Command, bytes: &[u8], user: SandboxUser) -> bool {
    let dynamic = elf::dynamic(bytes);
    if dynamic.needed.is_empty() {
        return false;
    }
    let origin = command.program().parent().unwrap_or(Path::new("/"));
    let origin = origin.as_os_str().as_bytes();
    let rpath = dynamic.rpath.filter(|_| dynamic.runpath.is_none());
    let ours = |list: Option<Vec<u8>>| {
        list.map(|l| {
            l.split(|&b| b == b':')
                .map(|f| {
                    f.strip_prefix(b"$ORIGIN")
                        .or_else(|| f.strip_prefix(b"${ORIGIN}"))
                        .map_or_else(|| f.to_vec(), |rest| [origin, rest].concat())
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let library_path = variable(command, b"LD_LIBRARY_PATH")
        .into_iter()
        .flat_map(|l| l.split(|&b| b == b':' || b == b';'))
        .map(<[u8]>::to_vec);
    let folders: Vec<Vec<u8>> = ours(rpath)
        .into_iter()
        .chain(library_path)
        .chain(ours(dynamic.runpath))
        .filter(|f| f.starts_with(b"/") && !f.contains(&b'$'))
        .collect();
    dynamic.needed.iter().any(|name| {
        let as_path = |bytes: &[u8]| PathBuf::from(std::ffi::OsStr::from_bytes(bytes));
        if name.contains(&b'/') {
            return name.starts_with(b"/") && !reachable(&as_path(name), user);
        }
        folders
            .iter()
            .map(|folder| as_path(folder).join(std::ffi::OsStr::from_bytes(name)))
            .find(|library| library.exists())
            .is_some_and(|library| !reachable(&library, user))
    })
}

/// The folders of `path` (a `PATH` value) that `user` can search, in
/// their order: what a run that dropped the capability to read gets, so
/// that a program looking others up by name (`timeout`, `xargs`, `env`, a
/// shell) finds them in the folders it may enter and is told "not found",
/// not "Permission denied", for a name that is in none of them. A folder
/// counts when it exists and `user` may search it and every folder above
/// it, as written and once symbolic links are resolved. A relative or
/// empty part (the run's own directory) is kept.
fn searchable_path(path: &[u8], user: SandboxUser) -> Vec<u8> {
    let kept: Vec<&[u8]> = path
        .split(|&b| b == b':')
        .filter(|folder| {
            if !folder.starts_with(b"/") {
                return true;
            }
            let folder = Path::new(std::ffi::OsStr::from_bytes(folder));
            let Ok(real) = std::fs::canonicalize(folder) else {
                return false;
            };
            [folder, real.as_path()].iter().all(|f| {
                f.ancestors()
                    .all(|f| std::fs::metadata(f).is_ok_and(|meta| allows(&meta, user, 0o1)))
            })
        })
        .collect();
    kept.join(&b':')
}

/// Whether the permission bits of a file with this metadata give `user`
/// (no capabilities, no supplementary groups) every right of `want`
/// (`0o4` read, `0o2` write, `0o1` search or execute).
fn allows(meta: &std::fs::Metadata, user: SandboxUser, want: u32) -> bool {
    use std::os::unix::fs::MetadataExt;
    let mode = meta.mode();
    let bits = if meta.uid() == user.uid {
        mode >> 6
    } else if meta.gid() == user.gid {
        mode >> 3
    } else {
        mode
    };
    bits & want == want
}

/// Whether `user` (no capabilities, no supplementary groups) may search
/// every folder down to `path` and read `path` (and search it, for a
/// folder), by the permission bits; the part of `path` that does not exist
/// is not looked at.
fn reachable(path: &Path, user: SandboxUser) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return path.parent().is_none_or(|parent| reachable(parent, user));
    };
    let want = if meta.is_dir() { 0o5 } else { 0o4 };
    allows(&meta, user, want)
        && path
            .ancestors()
            .skip(1)
            .all(|folder| std::fs::metadata(folder).is_ok_and(|meta| allows(&meta, user, 0o1)))
}

/// A worker's namespaces, kept as file descriptors.
struct Namespaces {
    mount: OwnedFd,
    net: Option<OwnedFd>,
    /// The private `/tmp` (the tmpfs's root), for emptying it.
    tmp: OwnedFd,
}

const OPEN_TREE_CLONE: u32 = 1;
const AT_RECURSIVE: u32 = 0x8000;
const MOVE_MOUNT_F_EMPTY_PATH: u32 = 0x4;
const MOUNT_ATTR_RDONLY: u64 = 0x1;
/// The private `/tmp`'s size cap (tmpfs counts it as memory).
const TMP_SIZE: &str = "size=256m,nr_inodes=16384,mode=1777";

#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

impl Namespaces {
    /// Makes them in a thread of their own: a mount namespace where all is
    /// read-only (when `read_only`) but `workdir` and a tmpfs on `/tmp`,
    /// and (when `read_only`, i.e. sandboxed) a network namespace.
    fn new(read_only: bool, workdir: Option<&Path>, exposed: &[PathBuf]) -> io::Result<Namespaces> {
        std::thread::scope(|scope| {
            scope
                .spawn(|| Namespaces::make_here(read_only, workdir, exposed))
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the namespace thread panicked")))
        })
    }

    /// [`Namespaces::new`] in the calling thread, which is left in them.
    fn make_here(
        read_only: bool,
        workdir: Option<&Path>,
        exposed: &[PathBuf],
    ) -> io::Result<Namespaces> {
        let flags = libc::CLONE_NEWNS | if read_only { libc::CLONE_NEWNET } else { 0 };
        // SAFETY: plain system call; it changes this thread only.
        check(unsafe { libc::unshare(flags) })?;
        let workdir = workdir.map(path_c).transpose()?;
        let under_tmp = workdir
            .as_ref()
            .is_some_and(|w| w.as_bytes().starts_with(b"/tmp/"));
        // The run directory, read-write, kept aside before the rest goes
        // read-only or under the tmpfs.
        let tree = match &workdir {
            Some(w) if read_only || under_tmp => Some(clone_tree(w)?),
            _ => None,
        };
        let attr = MountAttr {
            attr_set: if read_only { MOUNT_ATTR_RDONLY } else { 0 },
            attr_clr: 0,
            propagation: libc::MS_PRIVATE,
            userns_fd: 0,
        };
        // SAFETY: a valid struct of the size given; "/" is nul-terminated.
        let r = unsafe {
            libc::syscall(
                libc::SYS_mount_setattr,
                libc::AT_FDCWD,
                c"/".as_ptr(),
                AT_RECURSIVE,
                &attr as *const MountAttr,
                std::mem::size_of::<MountAttr>(),
            )
        };
        if r != 0 {
            remount_each(read_only)?;
        }
        // What the command names under /tmp, read-only now, kept aside too
        // (those that exist).
        let mut shown = Vec::new();
        for path in exposed {
            let c = path_c(path)?;
            if let Ok(tree) = clone_tree(&c) {
                shown.push((c, tree, path.is_dir()));
            }
        }
        // SAFETY: nul-terminated strings.
        check(unsafe {
            libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                CString::new(TMP_SIZE).unwrap_or_default().as_ptr().cast(),
            )
        })?;
        for (path, tree, is_dir) in &shown {
            let at = Path::new(std::ffi::OsStr::from_bytes(path.as_bytes()));
            if *is_dir {
                std::fs::create_dir_all(at)?;
            } else {
                std::fs::write(at, b"")?;
            }
            attach(tree, path)?;
        }
        if let (Some(tree), Some(w)) = (tree, &workdir) {
            if under_tmp {
                std::fs::create_dir_all(Path::new(std::ffi::OsStr::from_bytes(w.as_bytes())))?;
            }
            attach(&tree, w)?;
        }
        let open = |path: &std::ffi::CStr, flags: i32| -> io::Result<OwnedFd> {
            // SAFETY: a nul-terminated path; a non-negative result is ours.
            let fd = unsafe { libc::open(path.as_ptr(), flags | libc::O_CLOEXEC) };
            check(fd)?;
            // SAFETY: as above.
            Ok(unsafe { OwnedFd::from_raw_fd(fd) })
        };
        Ok(Namespaces {
            mount: open(c"/proc/thread-self/ns/mnt", libc::O_RDONLY)?,
            net: if read_only {
                Some(open(c"/proc/thread-self/ns/net", libc::O_RDONLY)?)
            } else {
                None
            },
            tmp: open(c"/tmp", libc::O_RDONLY | libc::O_DIRECTORY)?,
        })
    }
}

/// A detached copy of the mount tree at `path` (with what is mounted
/// beneath it), with the flags it has now.
fn clone_tree(path: &std::ffi::CStr) -> io::Result<OwnedFd> {
    // SAFETY: a nul-terminated path; a non-negative result is ours.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            libc::AT_FDCWD,
            path.as_ptr(),
            OPEN_TREE_CLONE | AT_RECURSIVE | libc::O_CLOEXEC as u32,
        )
    };
    check(fd as i32)?;
    // SAFETY: as above.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Mounts a tree made by [`clone_tree`] at `path`.
fn attach(tree: &OwnedFd, path: &std::ffi::CStr) -> io::Result<()> {
    // SAFETY: a valid fd and nul-terminated paths.
    check(unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            tree.as_raw_fd(),
            c"".as_ptr(),
            libc::AT_FDCWD,
            path.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        ) as i32
    })
}

/// Without `mount_setattr` (before Linux 5.12): makes every mount private,
/// then remounts each read-only, keeping its other flags.
fn remount_each(read_only: bool) -> io::Result<()> {
    // SAFETY: nul-terminated strings or nulls, as mount(2) allows.
    check(unsafe {
        libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        )
    })?;
    if !read_only {
        return Ok(());
    }
    let info = std::fs::read_to_string("/proc/thread-self/mountinfo")?;
    for line in info.lines() {
        let Some(point) = line.split(' ').nth(4) else {
            continue;
        };
        let point = point.replace("\\040", " ");
        let Ok(point) = CString::new(point) else {
            continue;
        };
        // SAFETY: a valid out-parameter and a nul-terminated path.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(point.as_ptr(), &mut st) } != 0 {
            continue;
        }
        let keep = st.f_flag
            & (libc::ST_NOSUID
                | libc::ST_NODEV
                | libc::ST_NOEXEC
                | libc::ST_NOATIME
                | libc::ST_NODIRATIME
                | libc::ST_RELATIME);
        // The ST_* flags have the values of the MS_* ones.
        // SAFETY: as above.
        unsafe {
            libc::mount(
                std::ptr::null(),
                point.as_ptr(),
                std::ptr::null(),
                libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | keep,
                std::ptr::null(),
            );
        }
    }
    Ok(())
}

/// A pids cgroup of a worker's own, which each of its runs joins.
struct PidsCgroup {
    dir: PathBuf,
    procs: OwnedFd,
    max: Option<Option<u64>>,
}

impl PidsCgroup {
    /// A new pids cgroup under the harness's own, or `None` where none can
    /// be made (no pids controller, not allowed).
    fn new() -> Option<PidsCgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let v1 = own.lines().find_map(|l| {
            let mut parts = l.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            controllers
                .split(',')
                .any(|c| c == "pids")
                .then(|| Path::new("/sys/fs/cgroup/pids").join(path.trim_start_matches('/')))
        });
        let parent = v1.or_else(|| {
            let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
            let dir = Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
            let controllers = std::fs::read_to_string(dir.join("cgroup.controllers")).ok()?;
            controllers
                .split_whitespace()
                .any(|c| c == "pids")
                .then_some(dir)
        })?;
        let name = format!(
            "pigkill-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let dir = parent.join(name);
        std::fs::create_dir(&dir).ok()?;
        let made = (|| {
            std::fs::metadata(dir.join("pids.max")).ok()?;
            let procs = std::fs::OpenOptions::new()
                .write(true)
                .open(dir.join("cgroup.procs"))
                .ok()?;
            Some(OwnedFd::from(procs))
        })();
        match made {
            Some(procs) => Some(PidsCgroup {
                dir,
                procs,
                max: None,
            }),
            None => {
                let _ = std::fs::remove_dir(&dir);
                None
            }
        }
    }

    fn set_max(&mut self, max: Option<u64>) -> io::Result<()> {
        if self.max == Some(max) {
            return Ok(());
        }
        let text = max.map_or_else(|| "max".to_string(), |m| m.to_string());
        std::fs::write(self.dir.join("pids.max"), text)?;
        self.max = Some(max);
        Ok(())
    }
}

impl Drop for PidsCgroup {
    fn drop(&mut self) {
        // Empty by now: every run's processes were reaped.
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// The kernel's Landlock ABI version, if it has Landlock.
fn landlock_abi() -> Option<u32> {
    const LANDLOCK_CREATE_RULESET_VERSION: u32 = 1;
    // SAFETY: the version query takes no struct.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(v).ok().filter(|&v| v >= 1)
}

/// A Landlock ruleset: read and execute anywhere, write only beneath
/// `writable` (and to the harmless devices); no TCP from ABI 4; no signals
/// or abstract sockets out of the run from ABI 6.
fn landlock_ruleset(abi: u32, writable: &[&Path]) -> io::Result<OwnedFd> {
    #[repr(C)]
    struct RulesetAttr {
        fs: u64,
        net: u64,
        scoped: u64,
    }
    #[repr(C, packed)]
    struct PathBeneath {
        allowed: u64,
        parent: i32,
    }
    const EXECUTE: u64 = 1;
    const WRITE_FILE: u64 = 1 << 1;
    const READ_FILE: u64 = 1 << 2;
    const READ_DIR: u64 = 1 << 3;
    let fs_all: u64 = match abi {
        1 => (1 << 13) - 1,
        2 => (1 << 14) - 1,
        3 | 4 => (1 << 15) - 1,
        _ => (1 << 16) - 1,
    };
    let attr = RulesetAttr {
        fs: fs_all,
        net: if abi >= 4 { 0b11 } else { 0 },
        scoped: if abi >= 6 { 0b11 } else { 0 },
    };
    let size = match abi {
        1..=3 => 8,
        4 | 5 => 16,
        _ => 24,
    };
    // SAFETY: a valid struct at least `size` bytes long.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            &attr as *const RulesetAttr,
            size as usize,
            0u32,
        )
    };
    check(fd as i32)?;
    // SAFETY: a new fd of ours.
    let ruleset = unsafe { OwnedFd::from_raw_fd(fd as RawFd) };
    let add = |path: &Path, allowed: u64| -> io::Result<()> {
        let file = std::fs::File::open(path)?;
        let rule = PathBeneath {
            allowed,
            parent: file.as_raw_fd(),
        };
        // SAFETY: a valid rule struct; 1 is LANDLOCK_RULE_PATH_BENEATH.
        check(unsafe {
            libc::syscall(
                libc::SYS_landlock_add_rule,
                ruleset.as_raw_fd(),
                1u32,
                &rule as *const PathBeneath,
                0u32,
            ) as i32
        })
    };
    add(Path::new("/"), EXECUTE | READ_FILE | READ_DIR)?;
    for dir in writable {
        add(dir, fs_all)?;
    }
    for dev in ["/dev/null", "/dev/zero", "/dev/full"] {
        if Path::new(dev).exists() {
            add(Path::new(dev), READ_FILE | WRITE_FILE)?;
        }
    }
    Ok(ruleset)
}

fn path_c(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "path has a nul"))
}

fn check(r: i32) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_command_names_under_tmp_is_shown_in_its_tmp() {
        let command = Command::parse(
            "/bin/sh -c x /tmp/a/sol.py -cp /tmp/b:/tmp/c/d:/usr/lib --out=/tmp/a/x /tmpfile /tmp/.. 'cat </tmp/e/f; x'",
        )
        .unwrap();
        assert_eq!(
            exposed_paths(&command),
            [
                PathBuf::from("/tmp/a"),
                PathBuf::from("/tmp/b"),
                PathBuf::from("/tmp/c"),
                PathBuf::from("/tmp/e")
            ]
        );
        assert!(exposed_paths(&Command::parse("/bin/true").unwrap()).is_empty());
    }

    #[test]
    fn a_run_without_the_capability_looks_programs_up_only_where_its_user_may_search() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path, mode| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        let root = tempfile::tempdir().unwrap();
        mode(root.path(), 0o755);
        let open = root.path().join("open");
        let shut = root.path().join("shut");
        let under_shut = shut.join("bin");
        let link_into_shut = root.path().join("link");
        for folder in [&open, &under_shut] {
            std::fs::create_dir_all(folder).unwrap();
            mode(folder, 0o755);
        }
        mode(&shut, 0o700);
        std::os::unix::fs::symlink(&under_shut, &link_into_shut).unwrap();
        let missing = root.path().join("missing");
        let path = [
            under_shut.as_path(),
            open.as_path(),
            Path::new(""),
            link_into_shut.as_path(),
            Path::new("bin"),
            missing.as_path(),
            Path::new("/tmp"),
        ]
        .map(|p| p.as_os_str().as_bytes().to_vec())
        .join(&b':');
        let user = SandboxUser::default();
        let kept = searchable_path(&path, user);
        // The folder under a 0700 one and a link into it go; so does one
        // that does not exist. The user's order stays; relative parts (the
        // run's own directory) stay.
        let expected = [
            open.as_path(),
            Path::new(""),
            Path::new("bin"),
            Path::new("/tmp"),
        ]
        .map(|p| p.as_os_str().as_bytes().to_vec())
        .join(&b':');
        assert_eq!(
            String::from_utf8_lossy(&kept),
            String::from_utf8_lossy(&expected)
        );
        // The folder's owner may search it.
        let meta = std::fs::metadata(&shut).unwrap();
        let owner = SandboxUser {
            uid: std::os::unix::fs::MetadataExt::uid(&meta),
            gid: std::os::unix::fs::MetadataExt::gid(&meta),
        };
        assert!(!searchable_path(under_shut.as_os_str().as_bytes(), user).ends_with(b"bin"));
        assert!(searchable_path(under_shut.as_os_str().as_bytes(), owner).ends_with(b"bin"));
    }

    #[test]
    fn the_notice_says_what_is_not_contained() {
        let off = sandbox_notice(Sandbox::Off, SandboxUser::default());
        assert!(
            off.contains("it can write your files and reach the network"),
            "{off}"
        );
        let on = sandbox_notice(Sandbox::On, SandboxUser::default());
        match means() {
            Means::Namespaces { .. } => assert!(on.contains("uid 65534"), "{on}"),
            Means::Landlock { .. } => assert!(on.contains("partial"), "{on}"),
            Means::Nothing => assert!(on.contains("your files"), "{on}"),
        }
    }
}
