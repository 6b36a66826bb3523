//! Criterion benches, each side by side with its baseline in the same run (ratios matter:
//! this machine is noisy). Most benches iterate over the same 1,000 pre-generated hands (the
//! tables they touch stay in the cache), so a reported time divided by 1,000 is the cost per
//! hand; the `distinct-100k` group takes 100,000 distinct half-flush hands (divide by
//! 100,000). Random hands as callers send them: `benches/callers.rs`.
//!
//! Run: `cargo bench --bench engine` (add a filter such as `win/` to run one group).

#[path = "../tests/reference/mod.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::Tables;
use hupai::{Engine, Hand, Rules};
use hupai::{Tile, TileSet};
use hupai_gen::{bit_run_key, exact_decompositions, GroupSpec, Layout};
use reference::{backtrack_win, Rng};
use std::hint::black_box;
use xiangting::{calculate_necessary_tiles, calculate_replacement_number, PlayerCount};

const HANDS: usize = 1000;

fn hands(seed: u64, tiles: usize, shaped: bool) -> Vec<[u8; 34]> {
    let mut rng = Rng(seed);
    (0..HANDS)
        .map(|_| {
            if shaped {
                rng.shaped_hand(tiles)
            } else {
                rng.hand(tiles)
            }
        })
        .collect()
}

fn to_hands(counts: &[[u8; 34]], wild: TileSet) -> Vec<Hand> {
    counts
        .iter()
        .map(|c| Hand::new(*c, &[], wild).unwrap())
        .collect()
}

/// Winning 14-tile hands (found by sampling shaped hands).
fn winning(seed: u64, rules: Rules) -> Vec<[u8; 34]> {
    let e = Engine::new(rules);
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < HANDS {
        let c = rng.shaped_hand(14);
        if e.is_win(&Hand::new(c, &[], TileSet::EMPTY).unwrap()) {
            out.push(c);
        }
    }
    out
}

/// Hands with exactly `w` wildcards: winning hands with `w` random tiles replaced by copies
/// of wild kinds the hand does not hold (one kind up to 4 wildcards, two beyond).
fn with_wildcards(base: &[[u8; 34]], w: u8, seed: u64) -> Vec<Hand> {
    let mut rng = Rng(seed);
    base.iter()
        .map(|c| {
            let mut d = *c;
            let mut removed = 0;
            while removed < w {
                let t = rng.below(34) as usize;
                if d[t] > 0 {
                    d[t] -= 1;
                    removed += 1;
                }
            }
            let free: Vec<usize> = (0..34).filter(|&t| c[t] == 0).collect();
            let mut wild = TileSet::EMPTY;
            let mut left = w;
            for &k in free.iter().take(2) {
                let n = left.min(4);
                d[k] = n;
                left -= n;
                wild.insert(Tile::from_index(k));
            }
            Hand::new(d, &[], wild).expect("valid hand")
        })
        .collect()
}

fn naive_win(c: &[u8; 34], w: u8) -> bool {
    let mut d = *c;
    backtrack_win(&mut d, w, false, false)
}

/// The naive baseline over the same forms as the `chinese` preset: backtracking for melds
/// and a pair, then counting loops for seven pairs (four of a kind = two pairs) and
/// thirteen orphans.
fn naive_win_all_forms(c: &[u8; 34]) -> bool {
    if naive_win(c, 0) {
        return true;
    }
    if c.iter().all(|&x| x % 2 == 0) {
        return true;
    }
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let all_orphans = (0..34).all(|i| c[i] == 0 || orphans.contains(&i));
    all_orphans
        && orphans.iter().all(|&i| c[i] >= 1)
        && orphans.iter().filter(|&&i| c[i] == 2).count() == 1
}

/// Seed 001's method: try every substitution of the wildcards, then a plain check.
fn substitution_win(real: &[u8; 34], w: u8) -> bool {
    if w == 0 {
        return naive_win(real, 0);
    }
    let mut d = *real;
    for t in 0..34 {
        d[t] += 1;
        let ok = substitution_win(&d, w - 1);
        d[t] -= 1;
        if ok {
            return true;
        }
    }
    false
}

fn bench_win(c: &mut Criterion) {
    let engine = Engine::new(Rules::chinese());
    let random = hands(1, 14, false);
    let wins = winning(2, Rules::chinese());
    let mut g = c.benchmark_group("win");
    g.throughput(Throughput::Elements(HANDS as u64));
    for (name, set) in [("random", &random), ("winning", &wins)] {
        let hs = to_hands(set, TileSet::EMPTY);
        g.bench_function(BenchmarkId::new("hupai", name), |b| {
            b.iter(|| hs.iter().filter(|h| engine.is_win(black_box(h))).count())
        });
        g.bench_function(BenchmarkId::new("naive-all-forms", name), |b| {
            b.iter(|| {
                set.iter()
                    .filter(|h| naive_win_all_forms(black_box(h)))
                    .count()
            })
        });
        g.bench_function(BenchmarkId::new("naive-standard-only", name), |b| {
            b.iter(|| set.iter().filter(|h| naive_win(black_box(h), 0)).count())
        });
    }
    for w in [0u8, 1, 2, 4, 8] {
        let hs = with_wildcards(&wins, w, 3 + w as u64);
        g.bench_function(BenchmarkId::new("hupai-wildcards", w), |b| {
            b.iter(|| hs.iter().filter(|h| engine.is_win(black_box(h))).count())
        });
    }
    g.finish();

    // Every-substitution baseline: costly, so fewer hands and samples.
    let mut g = c.benchmark_group("win-substitution");
    g.sample_size(10);
    for w in [1u8, 2, 3, 4] {
        let hs: Vec<Hand> = with_wildcards(&wins, w, 3 + w as u64)
            .into_iter()
            .take(if w >= 3 { 10 } else { 100 })
            .collect();
        g.throughput(Throughput::Elements(hs.len() as u64));
        g.bench_function(BenchmarkId::new("hupai", w), |b| {
            b.iter(|| hs.iter().filter(|h| engine.is_win(black_box(h))).count())
        });
        g.bench_function(BenchmarkId::new("every-substitution", w), |b| {
            b.iter(|| {
                hs.iter()
                    .filter(|h| substitution_win(black_box(&h.real_counts()), h.wildcards()))
                    .count()
            })
        });
    }
    g.finish();
}

fn bench_index(c: &mut Criterion) {
    // The same vectors (complete suit patterns) looked up by the two-level rank the tables are
    // indexed by (the generator's `Layout::rank`, which the engine's key parts precompute),
    // and split by the exact splitter a decomposition runs on them.
    let layout = Layout::new(GroupSpec::SUIT);
    let data = Tables::compiled_data();
    let suit = data
        .groups
        .iter()
        .find(|g| g.spec == GroupSpec::SUIT)
        .unwrap();
    let mut rng = Rng(9);
    let all: Vec<[u8; 9]> = layout
        .vectors()
        .into_iter()
        .filter(|v| suit.win[layout.rank(v)] & 15 == 0 || suit.win[layout.rank(v)] >> 4 == 0)
        .collect();
    let sample: Vec<[u8; 9]> = (0..HANDS)
        .map(|_| all[rng.below(all.len() as u64) as usize])
        .collect();
    let mut g = c.benchmark_group("index");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("two-level-rank", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|v| suit.win[layout.rank(black_box(v))] as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("exact-splits", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|v| exact_decompositions(GroupSpec::SUIT, black_box(v)).len() as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("bit-run-key-only", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|v| bit_run_key(black_box(v)) as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

fn bench_shanten(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let mut g = c.benchmark_group("shanten");
    g.throughput(Throughput::Elements(HANDS as u64));
    for tiles in [13usize, 14] {
        let set = hands(10 + tiles as u64, tiles, false);
        let hs = to_hands(&set, TileSet::EMPTY);
        g.bench_function(BenchmarkId::new("hupai", tiles), |b| {
            b.iter(|| {
                hs.iter()
                    .map(|h| engine.shanten(black_box(h)) as i64)
                    .sum::<i64>()
            })
        });
        g.bench_function(BenchmarkId::new("xiangting", tiles), |b| {
            b.iter(|| {
                set.iter()
                    .map(|h| {
                        calculate_replacement_number(black_box(h), PlayerCount::Four).unwrap()
                            as i64
                    })
                    .sum::<i64>()
            })
        });
    }
    // The same hands with a table set loaded from disk (the committed snapshot).
    let loaded = hupai::sets::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables"
    )))
    .expect("tables/ snapshot loads");
    let from_disk = Engine::with_tables(&loaded, Rules::riichi()).unwrap();
    let hs = to_hands(&hands(23, 13, false), TileSet::EMPTY);
    g.bench_function("hupai-compiled-tables/13", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| engine.shanten(black_box(h)) as i64)
                .sum::<i64>()
        })
    });
    g.bench_function("hupai-loaded-tables/13", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| from_disk.shanten(black_box(h)) as i64)
                .sum::<i64>()
        })
    });
    let chinese = Engine::new(Rules::chinese());
    let wins = winning(20, Rules::chinese());
    for w in [0u8, 2, 4] {
        // 13-tile hands: a winning hand less one random tile, `w` of them wildcards.
        let mut rng = Rng(30 + w as u64);
        let hs: Vec<Hand> = with_wildcards(&wins, w, 40 + w as u64)
            .into_iter()
            .map(|h| loop {
                let t = Tile::from_index(rng.below(34) as usize);
                if let Some(x) = h.without_tile(t) {
                    break x;
                }
            })
            .collect();
        g.bench_function(BenchmarkId::new("hupai-wildcards", w), |b| {
            b.iter(|| {
                hs.iter()
                    .map(|h| chinese.shanten(black_box(h)) as i64)
                    .sum::<i64>()
            })
        });
    }
    g.finish();
}

fn bench_ukeire(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let set = hands(50, 13, false);
    let hs = to_hands(&set, TileSet::EMPTY);
    let seen = [0u8; 34];
    let mut g = c.benchmark_group("ukeire");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("hupai-13", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| engine.ukeire(black_box(h), &seen).unwrap().count as u64)
                .sum::<u64>()
        })
    });
    g.bench_function("xiangting-necessary-13", |b| {
        b.iter(|| {
            set.iter()
                .map(|h| {
                    calculate_necessary_tiles(black_box(h), PlayerCount::Four)
                        .unwrap()
                        .1
                        .count_ones() as u64
                })
                .sum::<u64>()
        })
    });
    let set14 = hands(51, 14, false);
    let hs14 = to_hands(&set14, TileSet::EMPTY);
    g.bench_function("hupai-discard-report-14", |b| {
        let mut buf = [None; 14];
        b.iter(|| {
            hs14.iter()
                .map(|h| engine.discards_into(black_box(h), &seen, &mut buf).unwrap() as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

/// 100,000 distinct random hands, as a server sees them (the table entries they touch do not
/// stay in the cache): from counts (`Hand::new` + the answer, what a server that keeps counts
/// and the C ABI pay) and from hands built beforehand (what an incremental caller pays), beside
/// the `xiangting` crate (from counts) and the naive win check.
fn bench_distinct(c: &mut Criterion) {
    // Random hands from counts, with wildcards, are `benches/callers.rs`'s; here the hands
    // that reach far more of the tables.
    const DISTINCT: usize = 100_000;
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(2024);
    let mut g = c.benchmark_group("distinct-100k");
    g.sample_size(10);
    g.throughput(Throughput::Elements(DISTINCT as u64));
    // Half-flush hands (one suit and the honors): a suit holds ~9 tiles, so the hands reach
    // far more of the suit table than random ones (~4 tiles a suit), as late hands do.
    let flush13: Vec<[u8; 34]> = (0..DISTINCT).map(|_| flush_hand(&mut rng, 13)).collect();
    let flush_built = to_hands(&flush13, TileSet::EMPTY);
    g.bench_function("shanten-13-flush/hupai-built", |b| {
        b.iter(|| {
            flush_built
                .iter()
                .map(|h| engine.shanten(black_box(h)) as i64)
                .sum::<i64>()
        })
    });
    g.bench_function("shanten-13-flush/xiangting", |b| {
        b.iter(|| {
            flush13
                .iter()
                .map(|c| {
                    calculate_replacement_number(black_box(c), PlayerCount::Four).unwrap() as i64
                })
                .sum::<i64>()
        })
    });
    g.bench_function("ukeire-13-flush/hupai-built", |b| {
        b.iter(|| {
            flush_built
                .iter()
                .map(|h| engine.ukeire(black_box(h), &[0; 34]).unwrap().count)
                .sum::<u32>()
        })
    });
    g.bench_function("ukeire-13-flush/xiangting-necessary", |b| {
        b.iter(|| {
            flush13
                .iter()
                .map(|c| {
                    calculate_necessary_tiles(black_box(c), PlayerCount::Four)
                        .unwrap()
                        .1
                })
                .fold(0u64, |a, m| a ^ m)
        })
    });
    g.finish();
}

/// A random hand of `n` tiles of the man suit and the honors.
fn flush_hand(rng: &mut Rng, n: usize) -> [u8; 34] {
    let mut c = [0u8; 34];
    let mut held = 0;
    while held < n {
        let k = rng.below(16) as usize;
        let k = if k < 9 { k } else { 27 + k - 9 };
        if c[k] < 4 {
            c[k] += 1;
            held += 1;
        }
    }
    c
}

/// Every preset side by side with riichi on the same hands (the baseline): shanten of 13-tile
/// hands and the win check of 14-tile hands, 100,000 distinct random hands of each preset's
/// tiles in play (红中麻将's 7z among them, as wildcards under its rules). For steadier ratios
/// on a noisy machine, `benches/presets.rs` times the two in turn on the same hands.
fn bench_presets(c: &mut Criterion) {
    const DISTINCT: usize = 100_000;
    let mut g = c.benchmark_group("presets-100k");
    g.sample_size(10);
    g.throughput(Throughput::Elements(DISTINCT as u64));
    for (name, rules) in Rules::presets() {
        let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
        let mut rng = Rng(77);
        let mut draw = |tiles: usize| -> Vec<[u8; 34]> {
            (0..DISTINCT)
                .map(|_| rng.hand_of_kinds(tiles, &kinds))
                .collect()
        };
        let (c13, c14) = (draw(13), draw(14));
        // The same hands under the preset, and under riichi (the baseline: a 7z is then a
        // plain tile).
        for (label, rules) in [
            (name.to_string(), rules),
            (format!("riichi-on-{name}"), Rules::riichi()),
        ] {
            if name == "riichi" && label != name {
                continue;
            }
            let built = |cs: &[[u8; 34]]| -> Vec<Hand> {
                cs.iter()
                    .map(|c| Hand::under(*c, &[], TileSet::EMPTY, &rules).unwrap())
                    .collect()
            };
            let (h13, h14) = (built(&c13), built(&c14));
            let engine = Engine::new(rules);
            g.bench_function(BenchmarkId::new("shanten-13", &label), |b| {
                b.iter(|| {
                    h13.iter()
                        .map(|h| engine.shanten(black_box(h)) as i64)
                        .sum::<i64>()
                })
            });
            g.bench_function(BenchmarkId::new("win-14", &label), |b| {
                b.iter(|| h14.iter().filter(|h| engine.is_win(black_box(h))).count())
            });
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_win,
    bench_index,
    bench_shanten,
    bench_ukeire,
    bench_distinct,
    bench_presets
);
criterion_main!(benches);
