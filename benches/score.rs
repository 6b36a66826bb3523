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
use hupai::{Engine, RoomScore, Rules, Score, Tile, Win, WinningHand};
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

/// `hand` with `n` of its concealed tiles turned into copies of the `wild` kinds (the winning
/// tile among them when its copies go), under `rules`: `None` when it does not win there.
fn with_wildcards(
    rng: &mut Rng,
    engine: &Engine<'_>,
    hand: &WinningHand,
    tsumo: bool,
    wild: &[usize],
    n: usize,
) -> Option<(WinningHand, Win)> {
    let mut counts = *hand.concealed();
    let mut win = hand.win_tile();
    let mut all = [0u8; 34];
    for (a, &c) in all.iter_mut().zip(counts.iter()) {
        *a = c;
    }
    for c in hand.calls() {
        let m = c.meld();
        for t in m.tiles().iter() {
            all[t.index()] += if c.is_kan() { 4 } else { 3 };
        }
    }
    for _ in 0..n {
        let held: Vec<usize> = (0..34)
            .filter(|&k| counts[k] > 0 && !wild.contains(&k))
            .collect();
        let w = wild[rng.below(wild.len() as u64) as usize];
        if held.is_empty() || all[w] >= 4 {
            break;
        }
        let k = held[rng.below(held.len() as u64) as usize];
        counts[k] -= 1;
        all[k] -= 1;
        counts[w] += 1;
        all[w] += 1;
        if counts[win.index()] == 0 {
            win = Tile::from_index(w);
        }
    }
    let set: hupai::TileSet = wild.iter().map(|&k| Tile::from_index(k)).collect();
    let hand = WinningHand::from_parts(counts, hand.calls().to_vec(), win, [0; 3])
        .ok()?
        .with_wild(set);
    let win = Win {
        tsumo,
        ..Win::default()
    };
    engine.score(&hand, &win).ok().map(|_| (hand, win))
}

/// A room's bench: its name, its engine, its wins.
type RoomBench = (&'static str, Engine<'static>, Vec<(WinningHand, Win)>);

/// The wins of the rooms with wildcards (100,000 each, 0–4 wildcards in turn, and 4 only):
/// 红中麻将 from the two-suit wins, 南昌麻将 (a random indicator) from the others.
fn room_wins(
    rng: &mut Rng,
    two_suits: &[(WinningHand, Win)],
    all: &[(WinningHand, Win)],
) -> Vec<RoomBench> {
    let mut out = Vec::new();
    for (name, rules, from, four) in [
        (
            "hongzhong score, 0-4 wildcards",
            Rules::hongzhong(),
            two_suits,
            false,
        ),
        (
            "hongzhong score, 4 wildcards",
            Rules::hongzhong(),
            two_suits,
            true,
        ),
        ("nanchang score, 0-4 jing", Rules::nanchang(), all, false),
        ("nanchang score, 4 jing", Rules::nanchang(), all, true),
        (
            "changsha score, two-suit wins",
            Rules::changsha(),
            two_suits,
            false,
        ),
    ] {
        let engine = Engine::new(rules);
        let mut wins = Vec::with_capacity(100_000);
        let mut i = 0;
        while wins.len() < 100_000 {
            let (hand, win) = &from[i % from.len()];
            i += 1;
            let wild: Vec<usize> = match rules.scoring {
                hupai::Scoring::Hongzhong => vec![33],
                hupai::Scoring::Nanchang => {
                    let (a, b) = hupai::nanchang_wilds(Tile::from_index(rng.below(34) as usize));
                    vec![a.index(), b.index()]
                }
                _ => vec![],
            };
            let n = if wild.is_empty() {
                0
            } else if four {
                4
            } else {
                i % 5
            };
            if let Some(w) = with_wildcards(rng, &engine, hand, win.tsumo, &wild, n) {
                wins.push(w);
            }
        }
        out.push((name, engine, wins));
    }
    // 南昌's 大七对 and 杠上开花 at ×4 (the scorer's options): the same wins, weighed anew.
    for (name, four) in [
        (
            "nanchang score, 0-4 jing, both x4",
            "nanchang score, 0-4 jing",
        ),
        ("nanchang score, 4 jing, both x4", "nanchang score, 4 jing"),
    ] {
        let Some((_, _, wins)) = out.iter().find(|r| r.0 == four) else {
            continue;
        };
        let mut wins = wins.clone();
        for (_, win) in &mut wins {
            (win.room.all_pungs_fans, win.room.kong_bloom_fans) = (2, 2);
        }
        out.push((name, Engine::new(Rules::nanchang()), wins));
    }
    out
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
    // The rooms with wildcards: the same hands with 0–4 of their concealed tiles turned into
    // wildcards (红中; a random indicator's 精), the wins kept.
    let rooms = room_wins(&mut rng, &sichuan_wins, &wins);
    for (name, engine, wins) in &rooms {
        g.throughput(Throughput::Elements(wins.len() as u64));
        g.bench_function(*name, |b| {
            b.iter(|| {
                let mut total = 0u64;
                for (hand, win) in wins {
                    if let Ok(s) = engine.score(black_box(hand), black_box(win)) {
                        total += match s {
                            Score::Hongzhong(RoomScore { total, .. })
                            | Score::Nanchang(RoomScore { total, .. })
                            | Score::Changsha(RoomScore { total, .. }) => total,
                            _ => 0,
                        };
                    }
                }
                total
            })
        });
    }
    g.throughput(Throughput::Elements(wins.len() as u64));
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
