//! System calls that return `-errno` instead of setting the thread-local
//! `errno`: the child between `clone` and `execve` shares the harness's
//! memory (`CLONE_VM`), and the `errno` it would write is the harness
//! thread's, which (under a namespace's init) runs at the same time.

/// Makes system call `number` with six arguments; a negative result
/// is `-errno`.
///
/// # Safety
///
/// As the system call itself: pointers among the arguments must be
/// valid for it.
#[cfg(target_arch = "x86_64")]
pub(crate) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
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
pub(crate) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
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
pub(crate) unsafe fn syscall(number: libc::c_long, a: [usize; 6]) -> isize {
    // SAFETY: as the caller promises.
    let r = unsafe { libc::syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]) };
    if r < 0 {
        // SAFETY: reading this thread's errno.
        -(unsafe { *libc::__errno_location() } as isize)
    } else {
        r as isize
    }
}
