//! What callers do: 100,000 distinct random hands given as 34 counts (a server's, a batch's, a
//! binding's input), each answered once, with 0, 1, 2, 4 and 8 wildcards, and for the win
//! check also 100,000 winning hands with as many (`win-14-winning`) — hupai from counts
//! (the counts entries: `shanten_counts`, `ukeire_counts`, `is_win_counts`) beside hupai on
//! hands built beforehand and on hands built from the counts first (`hupai-new`:
//! `Hand::under`, then the built hand's answer), the `xiangting` crate (riichi, no wildcards) and a naive
//! backtracking win check, all in one run. Answers are checked equal before anything is timed.
//!
//! Run: `cargo bench --bench callers` (about 3 minutes); `scripts/bench-chart` then draws
//! `docs/bench.svg` and prints the README's table from the results. Other presets:
//! `HUPAI_BENCH_PRESETS=hongzhong,nanchang` (or `all`) adds their groups, named
//! `callers-PRESET-OP`, hupai from counts beside hupai built (the baselines play riichi's
//! forms only); their random hands are of the kinds in play, with exactly the wildcards named
//! (the rules' own wild kinds counted), as `benches/cases.rs` draws them.

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

/// The presets to time: riichi, and those `HUPAI_BENCH_PRESETS` names (`all`: every one).
fn presets() -> Vec<&'static str> {
    let asked = std::env::var("HUPAI_BENCH_PRESETS").unwrap_or_default();
    let mut out = vec!["riichi"];
    for name in Rules::PRESETS {
        let named = asked == "all" || asked.split(',').any(|a| a.trim() == name);
        if named && name != "riichi" {
            out.push(name);
        }
    }
    out
}

/// `DISTINCT` hands of the case: for riichi as before (random hands over all 34 kinds; wins
/// kept by the naive check); for other presets the cases' hands of the kinds in play, kept
/// where they hold exactly `w` wildcards under the rules (and win, for winning cases).
fn case_hands(
    rng: &mut Rng,
    engine: &Engine,
    tiles: usize,
    w: u8,
    winning: bool,
) -> Vec<([u8; 34], TileSet)> {
    let rules = engine.rules();
    if *rules == Rules::riichi() {
        let all: Vec<usize> = (0..34).collect();
        if winning {
            // Wins only: melds and a pair, `w` of their tiles made wildcards, kept by the
            // naive check (not by hupai, whose answers are then checked against it).
            return std::iter::repeat_with(|| {
                reference::cases::case_counts(rng, &all, tiles, w, true)
            })
            .filter(|(c, wild)| naive_win(c, *wild))
            .take(DISTINCT)
            .collect();
        }
        return (0..DISTINCT).map(|_| hand(rng, tiles, w)).collect();
    }
    let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
    std::iter::repeat_with(|| reference::cases::case_counts(rng, &kinds, tiles, w, winning))
        .filter(|(c, wild)| {
            Hand::under(*c, &[], *wild, rules)
                .is_ok_and(|h| h.wildcards() == w && (!winning || engine.is_win(&h)))
        })
        .take(DISTINCT)
        .collect()
}

fn bench_callers(c: &mut Criterion) {
    for preset in presets() {
        let rules = Rules::preset(preset).expect("a preset");
        let engine = Engine::new(rules);
        bench_preset(c, preset, &engine);
        bench_draw(c, preset, &engine);
    }
}

/// A game server's turn: a tile drawn into a 13-tile hand it keeps, the win check, the tile
/// discarded again. `hupai-draw`: `Hand::draw`, `Engine::is_win`, `Hand::discard` on a hand
/// kept built (its indices updated in place); `hupai-counts`: the count raised,
/// `Engine::is_win_counts`, the count lowered; `hupai-rebuild`: a hand built from the 14
/// counts, then `is_win`; `hupai-built`: `is_win` of the 14-tile hand built beforehand (the
/// floor). Random and winning 14-tile hands with 0-8 wildcards, the drawn tile one of theirs.
fn bench_draw(c: &mut Criterion, preset: &str, engine: &Engine) {
    let rules = *engine.rules();
    let name = if preset == "riichi" {
        "callers-draw".to_string()
    } else {
        format!("callers-{preset}-draw")
    };
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(DISTINCT as u64));
    let mut rng = Rng(2031);
    for winning in [false, true] {
        for w in WILDCARDS {
            let case = format!("{}-{w}", if winning { "winning" } else { "random" });
            // Each contender reads arrays of its own: the 13-tile hands and the tiles they
            // draw, the 13 counts, or the 14-tile hands built.
            let (mut kept, mut counts, mut tiles, mut full, mut wilds) =
                (vec![], vec![], vec![], vec![], vec![]);
            for (c, wild) in case_hands(&mut rng, engine, 14, w, winning) {
                let held: Vec<usize> = (0..34).filter(|&i| c[i] > 0).collect();
                let t = Tile::from_index(held[rng.below(held.len() as u64) as usize]);
                let mut c13 = c;
                c13[t.index()] -= 1;
                kept.push(Hand::under(c13, &[], wild, &rules).expect("a hand"));
                counts.push(c13);
                tiles.push(t);
                full.push(Hand::under(c, &[], wild, &rules).expect("a hand"));
                wilds.push(wild);
            }
            for i in 0..kept.len() {
                let mut h = kept[i];
                h.draw(tiles[i]).expect("a tile of the hand");
                assert_eq!(h, full[i], "a draw in place is the hand built");
                let mut c = counts[i];
                c[tiles[i].index()] += 1;
                assert_eq!(
                    engine.is_win_counts(&c, wilds[i]),
                    Ok(engine.is_win(&full[i]))
                );
            }
            g.bench_function(BenchmarkId::new("hupai-draw", &case), |b| {
                b.iter(|| {
                    let mut wins = 0u64;
                    for (h, &t) in kept.iter_mut().zip(&tiles) {
                        h.draw(black_box(t)).expect("drawn");
                        wins += engine.is_win(h) as u64;
                        h.discard(t).expect("discarded");
                    }
                    wins
                })
            });
            g.bench_function(BenchmarkId::new("hupai-counts", &case), |b| {
                b.iter(|| {
                    let mut wins = 0u64;
                    for ((c, &t), &wild) in counts.iter_mut().zip(&tiles).zip(&wilds) {
                        c[black_box(t.index())] += 1;
                        wins += engine.is_win_counts(c, wild).expect("a hand") as u64;
                        c[t.index()] -= 1;
                    }
                    wins
                })
            });
            g.bench_function(BenchmarkId::new("hupai-rebuild", &case), |b| {
                b.iter(|| {
                    let mut wins = 0u64;
                    for ((c, &t), &wild) in counts.iter().zip(&tiles).zip(&wilds) {
                        let mut c = *c;
                        c[black_box(t.index())] += 1;
                        let h = Hand::new(c, &[], wild).expect("a hand");
                        wins += engine.is_win(&h) as u64;
                    }
                    wins
                })
            });
            g.bench_function(BenchmarkId::new("hupai-built", &case), |b| {
                b.iter(|| {
                    full.iter()
                        .map(|h| engine.is_win(black_box(h)) as u64)
                        .sum::<u64>()
                })
            });
        }
    }
    g.finish();
}

fn bench_preset(c: &mut Criterion, preset: &str, engine: &Engine) {
    let riichi = preset == "riichi";
    let rules = *engine.rules();
    let mut rng = Rng(2029);
    for (op, tiles) in [
        ("shanten-13", 13),
        ("ukeire-13", 13),
        ("win-14", 14),
        ("win-14-winning", 14),
    ] {
        let name = if riichi {
            format!("callers-{op}")
        } else {
            format!("callers-{preset}-{op}")
        };
        let mut g = c.benchmark_group(name);
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .throughput(Throughput::Elements(DISTINCT as u64));
        for w in WILDCARDS {
            let hands = case_hands(&mut rng, engine, tiles, w, op == "win-14-winning");
            let built: Vec<Hand> = hands
                .iter()
                .map(|(c, wild)| Hand::under(*c, &[], *wild, &rules).expect("a random hand"))
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
                if !riichi {
                    return None;
                }
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
            g.bench_function(BenchmarkId::new("hupai-new", w), |b| {
                b.iter(|| {
                    hands
                        .iter()
                        .map(|(c, wild)| {
                            let h = Hand::under(*black_box(c), &[], *wild, &rules);
                            of_built(&h.expect("a hand"))
                        })
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
