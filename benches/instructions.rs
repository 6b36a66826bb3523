//! The steady measure: instructions per hand, counted by `valgrind --tool=callgrind`
//! (`scripts/instructions` builds this and runs it under callgrind, one answer at a time).
//!
//! Each `measure_*` function asks one answer of 100,000 distinct random hands of a preset
//! (13 tiles for shanten and ukeire, 14 for the win check); the script collects inside one
//! function per run and divides by the hands. Run alone it answers once and prints the sums,
//! so `cargo bench` finishes it at once.
//!
//! `scripts/instructions [PRESET …]` (default: riichi guobiao nanchang).

#[path = "measure/mod.rs"]
mod measure;
#[path = "../tests/reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Rules, TileSet};
use measure::{measure_shanten, measure_ukeire, measure_win};
use reference::Rng;
use std::hint::black_box;

/// Hands in each measured pass.
const HANDS: usize = 100_000;

/// `n` random hands of `tiles` tiles of the kinds in play (no declared melds, no wild kind
/// named: the rules' own are wild), a fixed sequence.
fn hands(n: usize, tiles: usize, seed: u64, rules: &Rules) -> Vec<Hand> {
    let mut rng = Rng(seed);
    let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
    (0..n)
        .map(|_| {
            let counts = if kinds.len() == 34 {
                rng.hand(tiles)
            } else {
                rng.hand_of_kinds(tiles, &kinds)
            };
            Hand::under(counts, &[], TileSet::EMPTY, rules).expect("a random hand is a hand")
        })
        .collect()
}

/// Shanten from 34 counts through the counts entry ([`Engine::shanten_counts`]).
#[inline(never)]
fn measure_counts_shanten(e: &Engine, cs: &[[u8; 34]]) -> i64 {
    cs.iter()
        .map(|c| {
            e.shanten_counts(black_box(c), TileSet::EMPTY)
                .expect("a random hand") as i64
        })
        .sum()
}

/// Ukeire from 34 counts through the counts entry ([`Engine::ukeire_counts`]).
#[inline(never)]
fn measure_counts_ukeire(e: &Engine, cs: &[[u8; 34]]) -> u64 {
    cs.iter()
        .map(|c| {
            e.ukeire_counts(black_box(c), TileSet::EMPTY, &[0; 34])
                .map_or(0, |u| u.count as u64)
        })
        .sum()
}

/// The win check from 34 counts through the counts entry ([`Engine::is_win_counts`]).
#[inline(never)]
fn measure_counts_win(e: &Engine, cs: &[[u8; 34]]) -> u64 {
    cs.iter()
        .map(|c| {
            e.is_win_counts(black_box(c), TileSet::EMPTY)
                .expect("a random hand") as u64
        })
        .sum()
}

fn main() {
    // `cargo bench` passes `--bench`; the preset is the first other argument.
    let preset = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_else(|| "riichi".into());
    // `NAME-strict`: the preset without its win patterns; `NAME:p,q`: with patterns p and q
    // only (where the time of the patterns goes).
    let (name, patterns) = match preset.strip_suffix("-strict") {
        Some(name) => (name, Some("")),
        None => match preset.split_once(':') {
            Some((name, list)) => (name, Some(list)),
            None => (preset.as_str(), None),
        },
    };
    let Ok(mut rules) = Rules::preset(name) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    if let Some(list) = patterns {
        let value = hupai::protocol::Switch::Text(list);
        if let Err(e) = rules.set("patterns", value) {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
    let e = Engine::new(rules);
    let h13 = hands(HANDS, 13, 7, &rules);
    let h14 = hands(HANDS, 14, 9, &rules);
    let c13: Vec<[u8; 34]> = h13.iter().map(|h| *h.counts()).collect();
    let c14: Vec<[u8; 34]> = h14.iter().map(|h| *h.counts()).collect();
    println!(
        "{preset}: {} {} {} {} {} {}",
        measure_shanten(&e, &h13),
        measure_counts_shanten(&e, &c13),
        measure_ukeire(&e, &h13),
        measure_counts_ukeire(&e, &c13),
        measure_win(&e, &h14),
        measure_counts_win(&e, &c14),
    );
}
