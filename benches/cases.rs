//! Instructions per hand of the cases callers send, counted by `valgrind --tool=callgrind`
//! (`scripts/instructions --cases` builds this and runs it under callgrind, one answer at a
//! time): random hands and winning hands, each with exactly 0, 1, 2, 4 or 8 wildcards, built
//! and from 34 counts. The counts entries are given each hand's wild kinds as a value known
//! at run time, as a caller's is (`benches/instructions.rs`, the steady default rows, passes a
//! constant empty set, which the compiler folds).
//!
//! `cases PRESET CASE`, CASE `random-W` or `winning-W` (`W` wildcards): 100,000 distinct
//! hands of the case; winning hands are asked the win check, and shanten and ukeire are asked
//! of random 13-tile hands with as many wildcards. A server's turn (`draw_win`): each 14-tile
//! hand of the case, kept built without one of its tiles, draws it in place, is asked the win
//! check and discards it. Run alone it answers once and prints the
//! sums, so `cargo bench` finishes it at once.

#[path = "measure/mod.rs"]
mod measure;
#[path = "../tests/reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Rules, Tile, TileSet};
use measure::{measure_shanten, measure_ukeire, measure_win};
use reference::cases::case_counts;
use reference::Rng;
use std::hint::black_box;

/// Hands in each measured pass.
const HANDS: usize = 100_000;

/// `n` hands of `tiles` tiles of the kinds in play with exactly `w` wildcards
/// ([`case_counts`]), kept only where the engine calls them a win if `winning`.
fn case_hands(n: usize, tiles: usize, w: u8, winning: bool, seed: u64, e: &Engine) -> Vec<Hand> {
    let rules = e.rules();
    let mut rng = Rng(seed);
    let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let (c, wild) = case_counts(&mut rng, &kinds, tiles, w, winning);
        let Ok(h) = Hand::under(c, &[], wild, rules) else {
            continue;
        };
        if h.wildcards() == w && (!winning || e.is_win(&h)) {
            out.push(h);
        }
    }
    out
}

/// Shanten from 34 counts ([`Engine::shanten_counts`]) with each hand's wild kinds, a value
/// known only at run time, as a caller's is.
#[inline(never)]
fn measure_counts_shanten_wild(e: &Engine, cs: &[[u8; 34]], ws: &[TileSet]) -> i64 {
    cs.iter()
        .zip(ws)
        .map(|(c, &w)| e.shanten_counts(black_box(c), w).expect("a hand") as i64)
        .sum()
}

/// Ukeire from 34 counts ([`Engine::ukeire_counts`]) with each hand's wild kinds.
#[inline(never)]
fn measure_counts_ukeire_wild(e: &Engine, cs: &[[u8; 34]], ws: &[TileSet]) -> u64 {
    cs.iter()
        .zip(ws)
        .map(|(c, &w)| {
            e.ukeire_counts(black_box(c), w, &[0; 34])
                .map_or(0, |u| u.count as u64)
        })
        .sum()
}

/// The win check from 34 counts ([`Engine::is_win_counts`]) with each hand's wild kinds.
#[inline(never)]
fn measure_counts_win_wild(e: &Engine, cs: &[[u8; 34]], ws: &[TileSet]) -> u64 {
    cs.iter()
        .zip(ws)
        .map(|(c, &w)| e.is_win_counts(black_box(c), w).expect("a hand") as u64)
        .sum()
}

/// A server's turn on hands it keeps built: each 13-tile hand draws its tile in place
/// ([`Hand::draw`]), is asked the win check, and discards the tile again.
#[inline(never)]
fn measure_draw_win(e: &Engine, hs: &mut [Hand], ts: &[Tile]) -> u64 {
    let mut wins = 0;
    for (h, &t) in hs.iter_mut().zip(ts) {
        h.draw(black_box(t)).expect("a tile left");
        wins += e.is_win(h) as u64;
        h.discard(t).expect("the tile drawn");
    }
    wins
}

/// The 13-tile hands of 14-tile ones, one of their tiles taken out, and that tile.
fn before_draws(hs: &[Hand], seed: u64) -> (Vec<Hand>, Vec<Tile>) {
    let mut rng = Rng(seed);
    hs.iter()
        .map(|h| {
            let held: Vec<Tile> = Tile::all().filter(|t| h.counts()[t.index()] > 0).collect();
            let t = held[rng.below(held.len() as u64) as usize];
            (h.without_tile(t).expect("a tile held"), t)
        })
        .unzip()
}

/// Each hand's wild kinds, for the counts entries.
fn wild_of(hs: &[Hand]) -> Vec<TileSet> {
    hs.iter().map(|h| h.wild()).collect()
}

fn main() {
    // `cargo bench` passes `--bench`; then the preset and the case.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let preset = args.first().map_or("riichi", String::as_str);
    let case = args.get(1).map_or("random-0", String::as_str);
    let Ok(rules) = Rules::preset(preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    let Some((w, winning)) = case.split_once('-').and_then(|(kind, w)| {
        let w = w.parse::<u8>().ok().filter(|&w| w <= 8)?;
        match kind {
            "random" => Some((w, false)),
            "winning" => Some((w, true)),
            _ => None,
        }
    }) else {
        eprintln!("a case is random-W or winning-W, W the wildcards (0 to 8): not {case}");
        std::process::exit(2);
    };
    let e = Engine::new(rules);
    let h13 = case_hands(HANDS, 13, w, false, 7, &e);
    let h14 = case_hands(HANDS, 14, w, winning, 9, &e);
    let c13: Vec<[u8; 34]> = h13.iter().map(|h| *h.counts()).collect();
    let c14: Vec<[u8; 34]> = h14.iter().map(|h| *h.counts()).collect();
    let (w13, w14) = (wild_of(&h13), wild_of(&h14));
    let (mut kept, drawn) = before_draws(&h14, 11);
    println!(
        "{preset} {case}: {} {} {} {} {} {} {}",
        measure_shanten(&e, &h13),
        measure_counts_shanten_wild(&e, &c13, &w13),
        measure_ukeire(&e, &h13),
        measure_counts_ukeire_wild(&e, &c13, &w13),
        measure_win(&e, &h14),
        measure_counts_win_wild(&e, &c14, &w14),
        measure_draw_win(&e, &mut kept, &drawn),
    );
}
