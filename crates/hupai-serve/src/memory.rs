//! Memory given back after a burst, and bulk work kept behind interactive work. Both matter
//! only under load spikes (the attack suite, `attack/run`, checks them: RSS back near idle
//! after the attackers leave, and the probe's p99 while heavy batches run).
//!
//! * glibc's allocator keeps what a burst freed (bodies, answer lines, connection buffers)
//!   inside its arenas. Bodies and other large buffers are mapped on their own, so that a
//!   free unmaps them (a fixed mmap threshold: the dynamic one rises after the first large
//!   free and keeps later bodies in the arenas), and when the load falls the arenas' free
//!   pages go back to the system (`malloc_trim`).
//! * A batch's thread runs at a lower CPU priority (nice +10) than the analyses and the
//!   async workers: single requests stay quick while batches take the rest of the CPU.
//!
//! Elsewhere than Linux with glibc these are no-ops.

use std::time::Duration;

/// Large allocations (bodies, a batch's input) are mapped on their own from this size.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_FROM: i32 = 128 << 10;

/// Sets the allocator up for a server (once, at start).
pub(crate) fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets glibc allocator parameters; it takes plain integers.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_FROM);
    }
}

/// Gives the allocator's free pages back to the system.
fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim walks glibc's own arenas under their locks; it takes a plain size.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Every few seconds, once the connections and requests at work have fallen from a higher
/// count (memory was freed), trims on a blocking thread. Runs until the server stops.
pub(crate) async fn give_back(load: impl Fn() -> usize) {
    let mut high = load();
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let now = load();
        if now + 64 < high {
            let _ = tokio::task::spawn_blocking(trim).await;
            high = now;
        }
        high = high.max(now);
    }
}

/// Lowers the calling thread's CPU priority (a batch's thread).
pub(crate) fn lower_priority() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: gettid has no arguments; setpriority takes plain integers and on Linux with
    // PRIO_PROCESS and a thread id changes that thread's nice value only.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10);
    }
}
