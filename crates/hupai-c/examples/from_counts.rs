//! From counts to a shanten and to a win verdict in Rust, the figures the C benchmark
//! (`examples/c/bench.c`) compares with: the same hands (the same generator and seed) and the
//! same method, nanoseconds per call, best of 5 passes over 100,000 distinct random hands.
//!
//! `cargo run --release -p hupai-c --example from_counts`

use hupai::{Engine, Hand, Rules, TileSet};
use std::hint::black_box;
use std::time::Instant;

const HANDS: usize = 100_000;
const PASSES: usize = 5;

fn random_hands(seed: &mut u64, tiles: u32) -> Vec<[u8; 34]> {
    (0..HANDS)
        .map(|_| {
            let mut counts = [0u8; 34];
            let mut left = tiles;
            while left > 0 {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (*seed >> 33) as usize % 34;
                if counts[k] < 4 {
                    counts[k] += 1;
                    left -= 1;
                }
            }
            counts
        })
        .collect()
}

fn best_ns(mut pass: impl FnMut() -> i64) -> f64 {
    (0..PASSES)
        .map(|_| {
            let t = Instant::now();
            black_box(pass());
            t.elapsed().as_nanos() as f64 / HANDS as f64
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let mut seed = 12345;
    let h13 = random_hands(&mut seed, 13);
    let h14 = random_hands(&mut seed, 14);
    let engine = Engine::new(Rules::riichi());
    let shanten = best_ns(|| {
        h13.iter()
            .map(|c| {
                let hand = Hand::new(*black_box(c), &[], TileSet::EMPTY).unwrap();
                engine.shanten(&hand) as i64
            })
            .sum()
    });
    let win = best_ns(|| {
        h14.iter()
            .map(|c| {
                let hand = Hand::new(*black_box(c), &[], TileSet::EMPTY).unwrap();
                engine.is_win(&hand) as i64
            })
            .sum()
    });
    // The same answers from hands built beforehand (what an incremental caller pays).
    let built13: Vec<Hand> = h13
        .iter()
        .map(|c| Hand::new(*c, &[], TileSet::EMPTY).unwrap())
        .collect();
    let built14: Vec<Hand> = h14
        .iter()
        .map(|c| Hand::new(*c, &[], TileSet::EMPTY).unwrap())
        .collect();
    let shanten_built = best_ns(|| {
        built13
            .iter()
            .map(|h| engine.shanten(black_box(h)) as i64)
            .sum()
    });
    let win_built = best_ns(|| {
        built14
            .iter()
            .map(|h| engine.is_win(black_box(h)) as i64)
            .sum()
    });
    println!(
        "Rust, {HANDS} distinct random hands (best of {PASSES} passes): shanten from counts \
         {shanten:.1} ns ({shanten_built:.1} ns from a built hand), win from counts {win:.1} ns \
         ({win_built:.1} ns from a built hand)"
    );
}
