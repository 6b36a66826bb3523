//! What the odds per discard cost (`Engine::odds`, docs/ODDS.md): time, 13-tile hands explored
//! and peak memory a hand, on the 何切るシミュレーター's hands (without options, with each,
//! with both; 17 draws), on random riichi hands by shanten, and on random hands with 1-4
//! wildcards under nanchang and hongzhong. Prints the tables of docs/PERFORMANCE.md
//! ("Odds per discard"). Peak memory is counted by this program's allocator: the most bytes
//! held at once during a call, over what was held before it.
//!
//!   cargo run --release --example odds_cost            # every table (a few minutes)
//!   cargo run --release --example odds_cost -- quick   # without the 4-shanten hands' options
//!
//! The criterion bench `cargo bench --bench odds` times the fast cases beside each other.

use hupai::{Engine, Hand, OddsOptions, Rules, Tile};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is the system allocator's, with the caller's layout; the counters only
// add and subtract the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: as the trait's contract.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as the trait's contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The simulator's hands (mahjong-cpp's page and issue 42).
const ANCHOR: [&str; 8] = [
    "222567m34p33667s",
    "12455m34567p6777s",
    "12577m22246p445s",
    "12577m222468p445s",
    "12m479p13469s155z",
    "128m2479p1469s155z",
    "1358m2479p1368s12z",
    "13m24679p13468s15z",
];

const OPTIONS: [(&str, bool, bool); 4] = [
    ("none", false, false),
    ("backward", true, false),
    ("sideways", false, true),
    ("both", true, true),
];

/// One call's median time (over at least 3 calls and 0.3 s), its states and peak bytes.
fn measure(engine: &Engine, hand: &Hand, opts: &OddsOptions) -> Option<(Duration, usize, usize)> {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let states = engine.odds(hand, &[0; 34], opts).ok()?.states;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 3 || (start.elapsed() < Duration::from_millis(300) && times.len() < 1000) {
        let t = Instant::now();
        std::hint::black_box(engine.odds(hand, &[0; 34], opts).ok()?);
        times.push(t.elapsed());
        if t.elapsed() > Duration::from_secs(2) {
            break;
        }
    }
    times.sort();
    Some((times[times.len() / 2], states, peak))
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

fn mib(b: usize) -> String {
    format!("{:.1} MiB", b as f64 / (1 << 20) as f64)
}

/// A random 14-tile hand of `rules` at `shanten` (by the engine) with `wildcards` copies of
/// its wild kinds, from a small generator of its own.
fn random_hand(seed: &mut u64, rules: &Rules, shanten: i8, wildcards: u8) -> Hand {
    let engine = Engine::new(*rules);
    let mut next = move |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % n
    };
    let wild: Vec<usize> = (0..34)
        .filter(|&i| rules.wild.contains(Tile::from_index(i)))
        .collect();
    loop {
        let mut c = [0u8; 34];
        let mut extra_wild = hupai::TileSet::EMPTY;
        let kinds: Vec<usize> = (0..34)
            .filter(|&i| rules.in_play().contains(Tile::from_index(i)))
            .collect();
        let wild_kind = if wild.is_empty() {
            let k = kinds[next(kinds.len() as u64) as usize];
            extra_wild.insert(Tile::from_index(k));
            k
        } else {
            wild[0]
        };
        c[wild_kind] = wildcards.min(4);
        let mut n = c[wild_kind] as usize;
        while n < 14 {
            let k = kinds[next(kinds.len() as u64) as usize];
            if k != wild_kind && c[k] < 4 {
                c[k] += 1;
                n += 1;
            }
        }
        let hand = Hand::under(c, &[], extra_wild, rules);
        if let Ok(h) = hand {
            if engine.shanten(&h) == shanten && h.wildcards() == wildcards {
                return h;
            }
        }
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let riichi = Engine::new(Rules::riichi());
    println!(
        "The 何切るシミュレーター's hands, riichi, 17 draws: time · states · peak memory a call\n"
    );
    println!("| hand | shanten | none | backward | sideways | both |");
    println!("|---|---:|---|---|---|---|");
    for text in ANCHOR {
        let hand: Hand = text.parse().unwrap();
        let s = riichi.shanten(&hand);
        let mut cells = Vec::new();
        for (_, backward, sideways) in OPTIONS {
            if quick && s >= 4 && (backward || sideways) {
                cells.push("–".to_string());
                continue;
            }
            let opts = OddsOptions {
                backward,
                sideways,
                ..OddsOptions::default()
            };
            cells.push(match measure(&riichi, &hand, &opts) {
                Some((t, n, peak)) => format!("{} · {n} · {}", show(t), mib(peak)),
                None => "too large".to_string(),
            });
        }
        println!("| `{text}` | {s} | {} |", cells.join(" | "));
    }
    println!("\nRandom 14-tile hands, 17 draws, median over 8 hands a row: time · states · peak\n");
    println!("| rules | wildcards | shanten | none | both |");
    println!("|---|---:|---:|---|---|");
    let mut seed = 0x0dd5_u64;
    let mut rows: Vec<(Rules, u8, i8)> = (1..=4).map(|s| (Rules::riichi(), 0, s)).collect();
    for rules in [Rules::nanchang(), Rules::hongzhong()] {
        for w in 1..=4 {
            rows.push((rules, w, 2));
        }
    }
    for (rules, w, s) in rows {
        let engine = Engine::new(rules);
        let name = Rules::presets()
            .find(|(_, r)| *r == rules)
            .map_or("?", |(n, _)| n);
        let mut cells = Vec::new();
        for (_, backward, sideways) in [OPTIONS[0], OPTIONS[3]] {
            if quick && s >= 4 && backward {
                cells.push("–".to_string());
                continue;
            }
            let opts = OddsOptions {
                backward,
                sideways,
                ..OddsOptions::default()
            };
            let mut got: Vec<(Duration, usize, usize)> = (0..8)
                .filter_map(|_| {
                    let hand = random_hand(&mut seed, &rules, s, w);
                    measure(&engine, &hand, &opts)
                })
                .collect();
            got.sort();
            cells.push(match got.get(got.len() / 2) {
                Some(&(t, n, peak)) => format!("{} · {n} · {}", show(t), mib(peak)),
                None => "too large".to_string(),
            });
        }
        println!("| {name} | {w} | {s} | {} |", cells.join(" | "));
    }
}
