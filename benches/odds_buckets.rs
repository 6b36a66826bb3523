//! The odds per discard by bucket: 13 and 14 tiles × shanten 0–4 × no options and both
//! options (17 draws, the simulator's wall), on fixed random riichi hands — the table that
//! `scripts/odds-vs-mahjong-cpp` puts beside mahjong-cpp's on the same hands, in the same run.
//!
//! ```text
//! cargo bench --bench odds_buckets                    # the table: µs a hand, states a hand
//! cargo bench --bench odds_buckets -- --hands         # the hands: "13 2 <hand>" lines
//! cargo bench --bench odds_buckets -- --time F < H    # each hand of H (one a line), timed
//! ```
//!
//! `--time N|F` prints one line a hand, as the peer's driver does: `T <hand> <mode> 17
//! sh=<shanten> time_us=<best of 3 calls> states=<13-tile hands>`. `HUPAI_BUCKET_HANDS`
//! sets the hands a bucket (default 5); `HUPAI_BUCKET_MAX` the highest shanten (default 4);
//! `HUPAI_BUCKET_MIB` the memory budget (default 256, every door's).

use hupai::{Engine, Hand, OddsOptions, Rules, WallModel};
use std::io::BufRead;
use std::time::Instant;

/// The options of a mode: `N` none, `F` both detours (the peer's letters).
fn options(mode: &str) -> OddsOptions {
    let both = mode == "F";
    OddsOptions {
        backward: both,
        sideways: both,
        model: WallModel::Simulator,
        max_bytes: env("HUPAI_BUCKET_MIB", 256) << 20,
        ..OddsOptions::default()
    }
}

/// The best of three calls, µs, and the states; `None` when the odds give no answer.
fn time(engine: &Engine, hand: &Hand, opts: &OddsOptions) -> Option<(f64, usize)> {
    let mut best = f64::INFINITY;
    let mut states = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let odds = engine.odds(hand, &[0; 34], opts).ok()?;
        best = best.min(t.elapsed().as_secs_f64() * 1e6);
        states = odds.states;
    }
    Some((best, states))
}

/// `count` random hands of each bucket (tiles, shanten), from a fixed seed: riichi tiles
/// from a shuffled wall of 136, kept when the engine puts them in a bucket not yet full.
fn buckets(count: usize, max_shanten: i8) -> Vec<(usize, i8, Hand)> {
    let engine = Engine::new(Rules::riichi());
    let mut seed = 0x000d_d5b0_c4e7_u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut out = Vec::new();
    for tiles in [13usize, 14] {
        let mut filled = vec![0usize; max_shanten as usize + 1];
        while filled.iter().any(|&f| f < count) {
            let mut wall: Vec<usize> = (0..136).map(|t| t / 4).collect();
            for i in 0..tiles {
                let j = i + next((136 - i) as u64) as usize;
                wall.swap(i, j);
            }
            let mut c = [0u8; 34];
            for &t in &wall[..tiles] {
                c[t] += 1;
            }
            let hand = Hand::from_counts(c).build().expect("at most four copies");
            let s = engine.shanten(&hand);
            if (0..=max_shanten).contains(&s) && filled[s as usize] < count {
                filled[s as usize] += 1;
                out.push((tiles, s, hand));
            }
        }
    }
    out.sort_by_key(|b| (b.0, b.1));
    out
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let engine = Engine::new(Rules::riichi());
    let count = env("HUPAI_BUCKET_HANDS", 5);
    let max = env("HUPAI_BUCKET_MAX", 4).min(6) as i8;
    if args.iter().any(|a| a == "--hands") {
        for (tiles, s, hand) in buckets(count, max) {
            println!("{tiles} {s} {hand}");
        }
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--time") {
        let mode = args.get(at + 1).map_or("F", String::as_str);
        let opts = options(mode);
        for line in std::io::stdin().lock().lines() {
            let line = line.expect("stdin");
            let text = line.split_whitespace().last().unwrap_or("");
            let Ok(hand) = text.parse::<Hand>() else {
                continue;
            };
            let s = engine.shanten(&hand);
            match time(&engine, &hand, &opts) {
                Some((us, states)) => {
                    println!("T {text} {mode} 17 sh={s} time_us={us:.1} states={states}")
                }
                None => println!("T {text} {mode} 17 sh={s} time_us=- states=-"),
            }
        }
        return;
    }
    // `cargo bench` passes `--bench`: the table.
    println!("| tiles | shanten | none: µs · states | both: µs · states |");
    println!("|---:|---:|---|---|");
    let hands = buckets(count, max);
    for tiles in [13usize, 14] {
        for s in 0..=max {
            let bucket: Vec<&Hand> = hands
                .iter()
                .filter(|b| b.0 == tiles && b.1 == s)
                .map(|b| &b.2)
                .collect();
            let cell = |mode: &str| {
                let opts = options(mode);
                let runs: Option<Vec<(f64, usize)>> =
                    bucket.iter().map(|h| time(&engine, h, &opts)).collect();
                match runs {
                    Some(r) if !r.is_empty() => {
                        let n = r.len() as f64;
                        let us = r.iter().map(|x| x.0).sum::<f64>() / n;
                        let states = r.iter().map(|x| x.1).sum::<usize>() as f64 / n;
                        format!("{us:.0} · {states:.0}")
                    }
                    _ => "over budget".into(),
                }
            };
            println!("| {tiles} | {s} | {} | {} |", cell("N"), cell("F"));
        }
    }
}
