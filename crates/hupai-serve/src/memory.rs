//! Memory given back after a burst, and bulk work kept behind interactive work. Both matter
//! only under load spikes (the attack suite, `attack/run`, checks them: RSS back near idle
//! after the attackers leave, and the probe's p99 while heavy batches run).
//!
//! * glibc's allocator keeps what a burst freed (bodies, answer lines, connection buffers)
//!   inside its arenas. Bodies and other large buffers are mapped on their own, so that a
//!   free unmaps them (a fixed mmap threshold: the dynamic one rises after the first large
//!   free and keeps later bodies in the arenas), and when the load falls the arenas' free
//!   pages go back to the system (`malloc_trim`).
//! * The work runs below the async workers: single answers at nice +5, a batch's thread at
//!   nice +10. Reading requests, writing answers and `/healthz` stay quick while heavy work
//!   takes the rest of the CPU, and single requests stay ahead of batches.
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

/// Nice value of a batch's thread: bulk work, behind everything else.
pub(crate) const BATCH_NICE: i32 = 10;

/// Nice value of the blocking threads that answer single requests: behind the async workers
/// (which read requests, write answers and answer `/healthz`), ahead of batches.
pub(crate) const ANSWER_NICE: i32 = 5;

/// Sets the calling thread's nice value (Linux: per thread).
pub(crate) fn lower_priority(nice: i32) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: gettid has no arguments; setpriority takes plain integers and on Linux with
    // PRIO_PROCESS and a thread id changes that thread's nice value only.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, nice);
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = nice;
}

/// [`lower_priority`] to [`ANSWER_NICE`], once per blocking thread (they are reused).
pub(crate) fn answer_priority() {
    thread_local!(static SET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    SET.with(|set| {
        if !set.replace(true) {
            lower_priority(ANSWER_NICE);
        }
    });
}
