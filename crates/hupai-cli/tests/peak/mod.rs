//! A child's peak memory, read exactly when it is reaped: what the memory tests of `hupai
//! batch` and `hupai review` assert on (Linux).

/// Reaps child `pid` and gives whether it exited with 0 and its peak resident memory (KiB):
/// the kernel's own count at exit (`wait4`'s rusage), exact, with nothing sampled or waited
/// for by the clock. The count starts from the parent's own peak at the spawn (Linux keeps
/// it across exec): a test spawns its child before it holds much.
pub fn reap_with_peak(pid: u32) -> (bool, u64) {
    let mut status = 0;
    // SAFETY: `rusage` is plain data the kernel fills; all-zero is a valid value of it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is our own unreaped child; both pointers are to live locals.
    let got = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(
        got,
        pid as libc::pid_t,
        "wait4: {}",
        std::io::Error::last_os_error()
    );
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (ok, usage.ru_maxrss as u64)
}
