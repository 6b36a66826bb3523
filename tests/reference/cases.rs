//! The hands of the cases callers send: random ones or wins, with exactly `w` wildcards
//! (`benches/cases.rs` counts their instructions, `benches/callers.rs` times them, and
//! `tests/counts_entries.rs` checks the counts entries on them).

use super::Rng;
use hupai::{Tile, TileSet};

/// `tiles` tiles of the given kinds (indices, those in play) with exactly `w` wildcards:
/// copies of one wild kind the hand does not otherwise hold, two past 4. Random tiles, or
/// (`winning`, 14 tiles) melds and a pair over two suits and the honors ([`winning_counts`])
/// with `w` of their tiles replaced by the wildcards. A winning case is a win where the rules
/// take its shape: the caller keeps the ones its engine calls a win.
pub fn case_counts(
    rng: &mut Rng,
    kinds: &[usize],
    tiles: usize,
    w: u8,
    winning: bool,
) -> ([u8; 34], TileSet) {
    let mut c = if winning {
        winning_counts(rng, kinds)
    } else {
        rng.hand_of_kinds(tiles - w as usize, kinds)
    };
    // Wild kinds the hand does not hold, in play (a wild tile is a tile of the game).
    let mut wild = TileSet::EMPTY;
    let mut left = w;
    while left > 0 {
        let k = kinds[rng.below(kinds.len() as u64) as usize];
        if c[k] == 0 && !wild.contains(Tile::from_index(k)) {
            wild.insert(Tile::from_index(k));
            let add = left.min(4);
            if winning {
                // The wildcards stand where real tiles were.
                for _ in 0..add {
                    let held: Vec<usize> = (0..34)
                        .filter(|&i| c[i] > 0 && !wild.contains(Tile::from_index(i)))
                        .collect();
                    c[held[rng.below(held.len() as u64) as usize]] -= 1;
                }
            }
            c[k] = add;
            left -= add;
        }
    }
    (c, wild)
}

/// 14 tiles of four melds and a pair over the kinds given, two suits and the honors.
pub fn winning_counts(rng: &mut Rng, kinds: &[usize]) -> [u8; 34] {
    let lacked = rng.below(3) as usize;
    let usable: Vec<usize> = kinds
        .iter()
        .copied()
        .filter(|&k| k >= 27 || k / 9 != lacked)
        .collect();
    loop {
        let mut c = [0u8; 34];
        let pair = if rng.below(2) == 0 {
            let suits: Vec<usize> = (0..3).filter(|&s| s != lacked).collect();
            9 * suits[rng.below(2) as usize] + [1, 4, 7][rng.below(3) as usize]
        } else {
            usable[rng.below(usable.len() as u64) as usize]
        };
        c[pair] += 2;
        for _ in 0..4 {
            let k = usable[rng.below(usable.len() as u64) as usize];
            if k < 27 && k % 9 <= 6 && rng.below(2) == 0 {
                for x in &mut c[k..k + 3] {
                    *x += 1;
                }
            } else {
                c[k] += 3;
            }
        }
        if c.iter().all(|&x| x <= 4) && (0..34).all(|k| c[k] == 0 || usable.contains(&k)) {
            return c;
        }
    }
}
