//! The steady measure: instructions per hand, counted by `valgrind --tool=callgrind`
//! (`scripts/instructions` builds this and runs it under callgrind, one answer at a time).
//!
//! Each `measure_*` function asks one answer of 100,000 distinct random hands of a preset
//! (13 tiles for shanten and ukeire, 14 for the win check); the script collects inside one
//! function per run and divides by the hands. Run alone it answers once and prints the sums,
//! so `cargo bench` finishes it at once.
//!
//! `scripts/instructions [PRESET …]` (default: riichi guobiao nanchang).

#[path = "../tests/reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Rules, TileSet};
use reference::Rng;
use std::hint::black_box;

/// Hands in each measured pass.
const HANDS: usize = 100_000;

/// `n` random hands of `tiles` tiles (no declared melds, no wild kind), a fixed sequence.
fn hands(n: usize, tiles: usize, seed: u64) -> Vec<Hand> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| Hand::new(rng.hand(tiles), &[], TileSet::EMPTY).expect("a random hand is a hand"))
        .collect()
}

#[inline(never)]
fn measure_shanten(e: &Engine, hs: &[Hand]) -> i64 {
    hs.iter().map(|h| e.shanten(black_box(h)) as i64).sum()
}

#[inline(never)]
fn measure_ukeire(e: &Engine, hs: &[Hand]) -> u64 {
    hs.iter()
        .map(|h| {
            e.ukeire(black_box(h), &[0; 34])
                .map_or(0, |u| u.count as u64)
        })
        .sum()
}

#[inline(never)]
fn measure_win(e: &Engine, hs: &[Hand]) -> u64 {
    hs.iter().map(|h| e.is_win(black_box(h)) as u64).sum()
}

/// Shanten from 34 counts: the hand is built inside the measured loop.
#[inline(never)]
fn measure_counts_shanten(e: &Engine, cs: &[[u8; 34]]) -> i64 {
    cs.iter()
        .map(|c| {
            let h = Hand::new(*black_box(c), &[], TileSet::EMPTY).expect("a random hand");
            e.shanten(&h) as i64
        })
        .sum()
}

fn main() {
    // `cargo bench` passes `--bench`; the preset is the first other argument.
    let preset = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_else(|| "riichi".into());
    let Ok(rules) = Rules::preset(&preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    let e = Engine::new(rules);
    let h13 = hands(HANDS, 13, 7);
    let h14 = hands(HANDS, 14, 9);
    let c13: Vec<[u8; 34]> = h13.iter().map(|h| *h.counts()).collect();
    // The improving masks are derived on first use: once before any measured pass.
    let _ = e.ukeire(&h13[0], &[0; 34]);
    println!(
        "{preset}: {} {} {} {}",
        measure_shanten(&e, &h13),
        measure_ukeire(&e, &h13),
        measure_win(&e, &h14),
        measure_counts_shanten(&e, &c13)
    );
}
