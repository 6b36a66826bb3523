//! What `benches/instructions.rs` and `benches/cases.rs` both measure: the answers of built
//! hands, each in a function of its own that `scripts/instructions` counts under callgrind.

use hupai::{Engine, Hand};
use std::hint::black_box;

#[inline(never)]
pub fn measure_shanten(e: &Engine, hs: &[Hand]) -> i64 {
    hs.iter().map(|h| e.shanten(black_box(h)) as i64).sum()
}

#[inline(never)]
pub fn measure_ukeire(e: &Engine, hs: &[Hand]) -> u64 {
    hs.iter()
        .map(|h| {
            e.ukeire(black_box(h), &[0; 34])
                .map_or(0, |u| u.count as u64)
        })
        .sum()
}

#[inline(never)]
pub fn measure_win(e: &Engine, hs: &[Hand]) -> u64 {
    hs.iter().map(|h| e.is_win(black_box(h)) as u64).sum()
}
