//! What callers do: 100,000 distinct random hands given as 34 counts (a server's, a batch's, a
//! binding's input), each answered once, with 0, 1, 2, 4 and 8 wildcards, and for the win
//! check also 100,000 winning hands with as many (`win-14-winning`) — hupai from counts
//! (the counts entries: `shanten_counts`, `ukeire_counts`, `is_win_counts`) beside hupai on
//! hands built beforehand, the `xiangting` crate (riichi, no wildcards) and a naive
//! backtracking win check, all in one run. Answers are checked equal before anything is timed.
//!
//! Run: `cargo bench --bench callers` (about 3 minutes); `scripts/bench-chart` then draws
//! `docs/bench.svg` and prints the README's table from the results.

#[path = "../tests/reference/mod.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Engine, Hand, Rules, Tile, TileSet};
use reference::{backtrack_win, Rng};
use std::hint::black_box;
use std::time::Duration;
use xiangting::{calculate_necessary_tiles, calculate_replacement_number, PlayerCount};

/// Distinct hands in each measured pass.
const DISTINCT: usize = 100_000;

/// Wildcards per hand in each pass.
const WILDCARDS: [u8; 5] = [0, 1, 2, 4, 8];

/// A hand of `tiles` tiles as counts, with exactly `w` wildcards: copies of one random wild
/// kind (two beyond 4), the other tiles random among the other kinds.
fn hand(rng: &mut Rng, tiles: usize, w: u8) -> ([u8; 34], TileSet) {
    let mut c = [0u8; 34];
    let mut wild = TileSet::EMPTY;
    let mut left = w;
    while left > 0 {
        let k = rng.below(34) as usize;
        if c[k] == 0 {
            c[k] = left.min(4);
            left -= c[k];
            wild.insert(Tile::from_index(k));
        }
    }
    let mut n = w as usize;
    while n < tiles {
        let k = rng.below(34) as usize;
        if c[k] < 4 && !wild.contains(Tile::from_index(k)) {
            c[k] += 1;
            n += 1;
        }
    }
    (c, wild)
}

/// The naive win check over riichi's forms: backtracking for melds and a pair (wildcards
/// fill any place), seven distinct pairs (each single takes a wildcard) and thirteen orphans.
fn naive_win(c: &[u8; 34], wild: TileSet) -> bool {
    let mut real = *c;
    let mut w = 0;
    for t in wild.iter() {
        w += real[t.index()];
        real[t.index()] = 0;
    }
    let mut d = real;
    if backtrack_win(&mut d, w, false, false) {
        return true;
    }
    let singles = real.iter().filter(|&&x| x == 1).count();
    if real.iter().all(|&x| x <= 2) && singles <= w as usize {
        return true;
    }
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    (0..34).all(|i| real[i] == 0 || orphans.contains(&i))
        && real.iter().all(|&x| x <= 2)
        && real.iter().filter(|&&x| x == 2).count() <= 1
}

fn bench_callers(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(2029);
    let all: Vec<usize> = (0..34).collect();
    for (op, tiles) in [
        ("shanten-13", 13),
        ("ukeire-13", 13),
        ("win-14", 14),
        ("win-14-winning", 14),
    ] {
        let mut g = c.benchmark_group(format!("callers-{op}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .throughput(Throughput::Elements(DISTINCT as u64));
        for w in WILDCARDS {
            let hands: Vec<([u8; 34], TileSet)> = if op == "win-14-winning" {
                // Wins only: melds and a pair, `w` of their tiles made wildcards, kept by the
                // naive check (not by hupai, whose answers are then checked against it).
                std::iter::repeat_with(|| {
                    reference::cases::case_counts(&mut rng, &all, tiles, w, true)
                })
                .filter(|(c, wild)| naive_win(c, *wild))
                .take(DISTINCT)
                .collect()
            } else {
                (0..DISTINCT).map(|_| hand(&mut rng, tiles, w)).collect()
            };
            let built: Vec<Hand> = hands
                .iter()
                .map(|(c, wild)| Hand::new(*c, &[], *wild).expect("a random hand"))
                .collect();
            // The answers each contender gives, checked equal before timing.
            let from_counts = |(c, wild): &([u8; 34], TileSet)| -> u64 {
                match op {
                    "shanten-13" => engine.shanten_counts(c, *wild).expect("a hand") as i64 as u64,
                    "ukeire-13" => {
                        engine
                            .ukeire_counts(c, *wild, &[0; 34])
                            .expect("a hand")
                            .tiles
                            .0
                    }
                    _ => engine.is_win_counts(c, *wild).expect("a hand") as u64,
                }
            };
            let of_built = |h: &Hand| -> u64 {
                match op {
                    "shanten-13" => engine.shanten(h) as i64 as u64,
                    "ukeire-13" => engine.ukeire(h, &[0; 34]).expect("a hand").tiles.0,
                    _ => engine.is_win(h) as u64,
                }
            };
            let other = |(c, wild): &([u8; 34], TileSet)| -> Option<u64> {
                match (op, w) {
                    ("shanten-13", 0) => Some(
                        (calculate_replacement_number(c, PlayerCount::Four).ok()? as i64 - 1)
                            as u64,
                    ),
                    ("ukeire-13", 0) => {
                        Some(calculate_necessary_tiles(c, PlayerCount::Four).ok()?.1)
                    }
                    ("win-14" | "win-14-winning", _) => Some(naive_win(c, *wild) as u64),
                    _ => None,
                }
            };
            for (i, (h, b)) in hands.iter().zip(&built).enumerate() {
                let want = from_counts(h);
                assert_eq!(
                    want,
                    of_built(b),
                    "{op} hand {i}: counts and built disagree"
                );
                if let Some(o) = other(h) {
                    assert_eq!(
                        want, o,
                        "{op} hand {i} ({w} wildcards): the baseline disagrees"
                    );
                }
            }
            g.bench_function(BenchmarkId::new("hupai-counts", w), |b| {
                b.iter(|| {
                    hands
                        .iter()
                        .map(|h| from_counts(black_box(h)))
                        .fold(0, u64::wrapping_add)
                })
            });
            g.bench_function(BenchmarkId::new("hupai-built", w), |b| {
                b.iter(|| {
                    built
                        .iter()
                        .map(|h| of_built(black_box(h)))
                        .fold(0, u64::wrapping_add)
                })
            });
            if other(&hands[0]).is_some() {
                let name = if op.starts_with("win-14") {
                    "naive"
                } else {
                    "xiangting"
                };
                g.bench_function(BenchmarkId::new(name, w), |b| {
                    b.iter(|| {
                        hands
                            .iter()
                            .map(|h| other(black_box(h)).unwrap_or(0))
                            .fold(0, u64::wrapping_add)
                    })
                });
            }
        }
        g.finish();
    }
}

criterion_group!(benches, bench_callers);
criterion_main!(benches);
