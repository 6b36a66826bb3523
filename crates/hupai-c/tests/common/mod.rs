//! Helpers shared by the C ABI tests: a small generator, random hands as C passes them, and
//! an engine handle.

#![allow(dead_code)] // each test binary uses a part

use hupai_c::*;
use std::ffi::CString;

pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random hand of `tiles` concealed tiles around `melds` declared pungs (of kinds it does
/// not hold), as counts and C melds.
pub fn random_hand(rng: &mut Rng, tiles: usize, melds: usize) -> ([u8; 34], Vec<HupaiMeld>) {
    let mut counts = [0u8; 34];
    let mut left = tiles - 3 * melds;
    while left > 0 {
        let k = rng.below(34) as usize;
        if counts[k] < 4 {
            counts[k] += 1;
            left -= 1;
        }
    }
    let pungs = (0..34u8)
        .filter(|&k| counts[k as usize] == 0)
        .take(melds)
        .map(|k| HupaiMeld {
            kind: HupaiMeldKind::Pung as u8,
            tiles: [k, 0, 0],
        })
        .collect();
    (counts, pungs)
}

pub fn engine(preset: &str, wild: u64) -> *mut HupaiEngine {
    let preset = CString::new(preset).unwrap();
    let mut e = std::ptr::null_mut();
    // SAFETY: valid string and out pointer.
    let status = unsafe { hupai_engine_new(preset.as_ptr(), wild, std::ptr::null(), &mut e) };
    assert_eq!(status, HupaiStatus::Ok);
    e
}
