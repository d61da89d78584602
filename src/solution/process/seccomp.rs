//! The socket filter: a seccomp program that every sandboxed run installs
//! just before `execve`, so that the solution can open no socket of any
//! kind, whatever else the kernel gives to contain it.
//!
//! Landlock (an ordinary user's box) stops TCP `connect` and `bind` only;
//! UDP datagrams, Unix sockets on the file system (which cross network
//! namespaces too, so root's box needs this as well), netlink and raw
//! sockets it lets through. A judge's box opens none, so here:
//!
//! - `socket()` fails with `EPERM` for every address family;
//! - `socketpair()` works for the connected kinds (`SOCK_STREAM`,
//!   `SOCK_SEQPACKET`), which runtimes use between their own threads, and
//!   fails for `SOCK_DGRAM` (and `SOCK_RAW`, which Unix sockets make a
//!   datagram socket): an unconnected datagram socket may `sendto` any Unix
//!   socket by its path;
//! - `io_uring_setup()` fails too: io_uring can open sockets without the
//!   `socket` system call.
//!
//! A denied call returns an error the program can handle (it is not
//! killed), so the verdict stays about its output. The filter is compiled
//! by `seccompiler` (rust-vmm) once per process, for this architecture
//! (x86-64 or AArch64; on others there is no filter and the start notice
//! says so); it is installed with the raw system call, since the child
//! between `clone` and `execve` may not allocate. On x86-64, the x32 ABI's
//! numbers for the same calls are denied as well. Programs of another ABI
//! than the harness's own (32-bit i386 or ARM) fail the filter's check of
//! the architecture and are killed at their first system call.

use std::sync::OnceLock;

/// A compiled filter, kept for the life of the process: the child reads
/// it between `clone` and `execve`.
struct Compiled {
    /// The program's instructions (never freed).
    filter: &'static [libc::sock_filter],
}

/// The compiled filter, if this architecture has one.
fn compiled() -> Option<&'static Compiled> {
    static FILTER: OnceLock<Option<Compiled>> = OnceLock::new();
    FILTER.get_or_init(compile).as_ref()
}

/// Whether runs get the socket filter here.
pub(crate) fn available() -> bool {
    compiled().is_some()
}

/// The filter as the child passes it to `seccomp(2)`: the address and
/// length of its instructions, or `(0, 0)` where there is none.
pub(crate) fn program() -> (usize, u16) {
    compiled().map_or((0, 0), |c| {
        (c.filter.as_ptr() as usize, c.filter.len() as u16)
    })
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn compile() -> Option<Compiled> {
    use std::collections::BTreeMap;

    use seccompiler::{
        BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule,
    };

    /// The socket types that `socketpair` may not make: an unconnected
    /// datagram pair (`SOCK_RAW` is a datagram for Unix sockets).
    const DATAGRAM_TYPES: [u64; 2] = [libc::SOCK_DGRAM as u64, libc::SOCK_RAW as u64];
    /// The type's bits of `socketpair`'s second argument (the rest are
    /// `SOCK_NONBLOCK` and `SOCK_CLOEXEC`).
    const SOCK_TYPE_MASK: u64 = 0xf;

    let datagram_pair: Vec<SeccompRule> = DATAGRAM_TYPES
        .iter()
        .map(|&kind| {
            SeccompCondition::new(
                1,
                SeccompCmpArgLen::Dword,
                SeccompCmpOp::MaskedEq(SOCK_TYPE_MASK),
                kind,
            )
            .and_then(|condition| SeccompRule::new(vec![condition]))
        })
        .collect::<Result<_, _>>()
        .ok()?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    // The x32 ABI (x86-64 only) numbers the same calls with this bit set,
    // and passes the same architecture to the filter.
    let abis: &[i64] = if cfg!(target_arch = "x86_64") {
        &[0, 0x4000_0000]
    } else {
        &[0]
    };
    for &abi in abis {
        // An empty list of rules matches every call.
        rules.insert(abi | libc::SYS_socket, Vec::new());
        rules.insert(abi | libc::SYS_io_uring_setup, Vec::new());
        rules.insert(abi | libc::SYS_socketpair, datagram_pair.clone());
    }
    let arch = std::env::consts::ARCH.try_into().ok()?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .ok()?;
    let program: BpfProgram = filter.try_into().ok()?;
    // The same layout as the kernel's `struct sock_filter`.
    let filter: Vec<libc::sock_filter> = program
        .iter()
        .map(|i| libc::sock_filter {
            code: i.code,
            jt: i.jt,
            jf: i.jf,
            k: i.k,
        })
        .collect();
    Some(Compiled {
        filter: Vec::leak(filter),
    })
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn compile() -> Option<Compiled> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    fn the_filter_compiles_here() {
        let (address, len) = program();
        assert!(available());
        assert_ne!(address, 0);
        // The check of the architecture, the load of the call's number,
        // a test per call and the default: more than a handful.
        assert!(len > 8, "{len} instructions");
    }
}
