//! The regional presets against riichi on the very same hands, timed in turn.
//!
//! Each round times the preset over 100,000 distinct random hands of its tiles in play, then
//! riichi over the same hands (a 7z is then a plain tile), and the answer is the median of
//! the per-round ratios. Criterion times one function after the other, seconds apart, and on
//! a noisy machine two runs of one build can read ratios 1.4× apart; timed in turn, both sides
//! see the same machine state. Shanten is asked of 13-tile hands, the win check of 14-tile
//! hands (the `presets-100k` group of `benches/engine.rs` draws the same hands).
//!
//! Run: `cargo bench --bench presets` (add preset names to run some: `-- guobiao sichuan`).
//! `ROUNDS` (default 61: with 21, three runs of one build spread over 1.43–1.51× for guobiao's
//! shanten, with 61 over 1.46–1.47×) and `HANDS` (default 100000) in the environment change
//! the run.

#[path = "../tests/reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Rules, TileSet};
use reference::Rng;
use std::hint::black_box;
use std::time::Instant;

/// What a round times.
#[derive(Clone, Copy)]
enum Answer {
    Shanten,
    Win,
}

/// Nanoseconds per hand for one pass of `answer` over `hands`.
fn per_hand(answer: Answer, engine: &Engine, hands: &[Hand]) -> f64 {
    let start = Instant::now();
    // The answers are summed and the sum kept: unused, the work could be optimised away.
    let sum: i64 = match answer {
        Answer::Shanten => hands
            .iter()
            .map(|h| engine.shanten(black_box(h)) as i64)
            .sum(),
        Answer::Win => hands.iter().filter(|h| engine.is_win(black_box(h))).count() as i64,
    };
    black_box(sum);
    start.elapsed().as_nanos() as f64 / hands.len() as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; the other arguments name presets.
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let rounds = env_or("ROUNDS", 61).max(1);
    let hands = env_or("HANDS", 100_000).max(1);
    println!("{hands} distinct hands a pass, {rounds} rounds; ns a hand are medians");
    println!(
        "{:<10} {:<8} {:>10} {:>10} {:>13}",
        "preset", "answer", "preset ns", "riichi ns", "median ratio"
    );
    let riichi = Rules::riichi();
    for (name, rules) in Rules::presets() {
        if name == "riichi" || !(wanted.is_empty() || wanted.iter().any(|w| w == name)) {
            continue;
        }
        let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
        let mut rng = Rng(77);
        for (answer, label, tiles) in [(Answer::Shanten, "shanten", 13), (Answer::Win, "win", 14)] {
            let counts: Vec<[u8; 34]> = (0..hands)
                .map(|_| rng.hand_of_kinds(tiles, &kinds))
                .collect();
            let built = |r: &Rules| -> Vec<Hand> {
                counts
                    .iter()
                    .map(|c| Hand::under(*c, &[], TileSet::EMPTY, r).unwrap())
                    .collect()
            };
            let (preset_hands, riichi_hands) = (built(&rules), built(&riichi));
            let (preset, baseline) = (Engine::new(rules), Engine::new(riichi));
            // One pass each first: tables decoded, pages touched.
            per_hand(answer, &preset, &preset_hands);
            per_hand(answer, &baseline, &riichi_hands);
            let (mut a, mut b, mut ratio) = (vec![], vec![], vec![]);
            for _ in 0..rounds {
                let x = per_hand(answer, &preset, &preset_hands);
                let y = per_hand(answer, &baseline, &riichi_hands);
                a.push(x);
                b.push(y);
                ratio.push(x / y);
            }
            println!(
                "{name:<10} {label:<8} {:>10.1} {:>10.1} {:>12.2}×",
                median(a),
                median(b),
                median(ratio)
            );
        }
    }
}
