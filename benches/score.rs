//! Riichi and MCR scoring (`Engine::score`) on 100,000 distinct random winning hands (closed and
//! open, pungs and kans, seven pairs; random winds, riichi, tsumo and dora), and Sichuan
//! scoring on 100,000 of two suits (pungs called, no chi), one hand at a
//! time as a server scores a win, beside the win check of the same concealed tiles (the
//! baseline of the same run, a few table loads: this machine's timings move, their ratio
//! less; a hand with calls is refused by the check as fast).
//!
//! Run: `cargo bench --bench score` (about 20 s). The peers' per-hand times, from Python in
//! one script, are `crates/hupai-py/bench/score.py`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai::{Engine, Rules, Tile, Win, WinningHand};
use std::hint::black_box;
use std::time::Duration;

/// A deterministic stream of numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random winning hand: four sets (some called) and a pair, or seven pairs; a Sichuan one
/// (`sichuan`) of the first two suits, its calls pungs, its situation riichi's flags off.
fn winning(rng: &mut Rng, sichuan: bool) -> Option<(WinningHand, Win)> {
    let span = if sichuan { 18 } else { 34 };
    let mut counts = [0u8; 34];
    let mut used = [0u8; 34];
    let mut calls: Vec<String> = Vec::new();
    let tile = |i: usize| Tile::from_index(i).to_string();
    if rng.below(20) == 0 {
        let mut kinds = 0;
        while kinds < 7 {
            let i = rng.below(span) as usize;
            if counts[i] == 0 {
                counts[i] = 2;
                kinds += 1;
            }
        }
    } else {
        let n_calls = [0, 0, 0, 1, 1, 2, 3][rng.below(7) as usize];
        for k in 0..4 {
            let i = rng.below(span) as usize;
            let chow = i < 27 && i % 9 <= 6 && rng.below(3) > 0 && !(sichuan && k < n_calls);
            let cells: Vec<usize> = if chow {
                vec![i, i + 1, i + 2]
            } else {
                vec![i; 3]
            };
            if cells
                .iter()
                .any(|&c| used[c] + cells.iter().filter(|&&d| d == c).count() as u8 > 4)
            {
                return None;
            }
            cells.iter().for_each(|&c| used[c] += 1);
            if k < n_calls {
                let word = if chow { "chi" } else { "pon" };
                let text: String = cells.iter().map(|&c| tile(c)).collect::<Vec<_>>().join("");
                calls.push(format!(
                    "{word} {}",
                    hupai::format_counts(&hupai::parse_tiles(&text).ok()?)
                ));
            } else {
                cells.iter().for_each(|&c| counts[c] += 1);
            }
        }
        let p = rng.below(span) as usize;
        if used[p] > 2 {
            return None;
        }
        counts[p] += 2;
    }
    let held: Vec<usize> = (0..34).filter(|&i| counts[i] > 0).collect();
    let win_tile = held[rng.below(held.len() as u64) as usize];
    let calls: Vec<&str> = calls.iter().map(String::as_str).collect();
    let hand = WinningHand::new(&hupai::format_counts(&counts), &tile(win_tile), &calls).ok()?;
    let closed = !hand.is_open();
    let win = Win {
        tsumo: rng.below(2) == 0,
        seat_wind: Tile::from_index(27 + rng.below(4) as usize),
        round_wind: Tile::from_index(27 + rng.below(2) as usize),
        riichi: !sichuan && closed && rng.below(2) == 0,
        dora: if sichuan {
            vec![]
        } else {
            vec![Tile::from_index(rng.below(34) as usize)]
        },
        ..Win::default()
    };
    Some((hand, win))
}

fn score(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut wins = Vec::with_capacity(100_000);
    while wins.len() < 100_000 {
        if let Some(w) = winning(&mut rng, false) {
            wins.push(w);
        }
    }
    let mut sichuan_wins = Vec::with_capacity(100_000);
    while sichuan_wins.len() < 100_000 {
        if let Some(w) = winning(&mut rng, true) {
            sichuan_wins.push(w);
        }
    }
    let counts: Vec<[u8; 34]> = wins.iter().map(|(h, _)| *h.concealed()).collect();
    let mut g = c.benchmark_group("score");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(wins.len() as u64));
    g.bench_function("riichi score, 100k random wins", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for (hand, win) in &wins {
                if let Ok(s) = engine.score(black_box(hand), black_box(win)) {
                    total += s.riichi().map_or(0, |s| s.total as u64);
                }
            }
            total
        })
    });
    let guobiao = Engine::new(Rules::guobiao());
    g.bench_function("mcr score, the same 100k wins", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for (hand, win) in &wins {
                let w = Win {
                    riichi: false,
                    ..win.clone()
                };
                if let Ok(s) = guobiao.score(black_box(hand), black_box(&w)) {
                    total += s.mcr().map_or(0, |s| s.total as u64);
                }
            }
            total
        })
    });
    let sichuan = Engine::new(Rules::sichuan());
    g.bench_function("sichuan score, 100k random wins of two suits", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for (hand, win) in &sichuan_wins {
                if let Ok(s) = sichuan.score(black_box(hand), black_box(win)) {
                    total += s.sichuan().map_or(0, |s| s.total);
                }
            }
            total
        })
    });
    g.bench_function("baseline: win check of the concealed tiles", |b| {
        b.iter(|| {
            counts
                .iter()
                .filter(|c| {
                    engine
                        .is_win_counts(black_box(c), hupai::TileSet::EMPTY)
                        .unwrap_or(false)
                })
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, score);
criterion_main!(benches);
