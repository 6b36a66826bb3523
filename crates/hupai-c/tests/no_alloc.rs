//! The answer calls of the C ABI allocate nothing (a server calls them millions of times a
//! second). Its own test binary: the counting allocator sees no other test's allocations.

use hupai_c::*;

mod common;
#[path = "../../../tests/counting/mod.rs"]
mod counting;
use common::{engine, random_hand, Rng};

#[test]
fn answer_calls_do_not_allocate() {
    let e = engine("nanchang", hupai_nanchang_wilds(27));
    let mut rng = Rng(3);
    let hands: Vec<_> = (0..200)
        .map(|i| random_hand(&mut rng, 13 + i % 2, i % 2))
        .collect();
    let mut report = [HupaiDiscard::default(); HUPAI_MAX_DISCARDS];
    // The first pass decodes tables and derives masks (once per process); the second counts.
    let mut before = 0;
    for pass in 0..2 {
        if pass == 1 {
            before = counting::allocations();
        }
        for (counts, melds) in &hands {
            let (mp, mc) = (melds.as_ptr(), melds.len());
            // SAFETY: valid handle, 34 counts, `mc` melds, writable outputs.
            unsafe {
                let (mut s, mut w, mut n, mut needed) = (0i8, 0u8, 0usize, 0i32);
                let mut u = HupaiUkeire::default();
                hupai_shanten(e, counts.as_ptr(), mp, mc, &mut s);
                hupai_is_win(e, counts.as_ptr(), mp, mc, &mut w);
                hupai_wildcards_needed(e, counts.as_ptr(), mp, mc, &mut needed);
                hupai_ukeire(e, counts.as_ptr(), mp, mc, std::ptr::null(), &mut u);
                hupai_discards(
                    e,
                    counts.as_ptr(),
                    mp,
                    mc,
                    std::ptr::null(),
                    report.as_mut_ptr(),
                    report.len(),
                    &mut n,
                );
            }
        }
    }
    let after = counting::allocations();
    assert_eq!(after - before, 0, "the answer calls allocated");
    // SAFETY: a handle from hupai_engine_new.
    unsafe { hupai_engine_free(e) };
}
