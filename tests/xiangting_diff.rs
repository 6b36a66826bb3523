//! Differential test against the `xiangting` crate (riichi, no wildcards): shanten on 13- and
//! 14-tile hands (and 3k+1 / 3k+2 hands with melds), and the improving tiles of 3k+1 hands
//! against xiangting's necessary tiles.
//!
//! CI runs 1,000,000 hands; set `HUPAI_XIANGTING_HANDS` to run another count.

mod reference;

use hupai::{Engine, Hand, Meld, Rules};
use hupai::{Tile, TileSet};
use reference::Rng;
use xiangting::{calculate_necessary_tiles, calculate_replacement_number, PlayerCount};

#[test]
fn shanten_and_necessary_tiles_agree_with_xiangting() {
    let n: usize = std::env::var("HUPAI_XIANGTING_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0x5eed);
    let mut disagreements = Vec::new();
    let mut by_shanten = [0usize; 9];
    for i in 0..n {
        // Mostly 13/14 tiles; every 8th hand declares 1..=4 melds (pungs of unheld 4th kinds
        // are not needed: xiangting only sees the concealed tiles).
        let melds = if i % 8 == 7 { 1 + (i / 8) % 4 } else { 0 };
        let tiles = 13 + i % 2 - 3 * melds;
        let counts = if i % 3 == 0 {
            rng.shaped_hand(tiles)
        } else {
            rng.hand(tiles)
        };
        let meld_list: Vec<Meld> = (0..melds)
            .map(|_| Meld::parse("123m", &Rules::riichi()).unwrap())
            .collect();
        // Melds may not push a kind over 4: use chows of 1m2m3m only when they fit.
        let Ok(hand) = Hand::new(counts, &meld_list, TileSet::EMPTY) else {
            continue;
        };
        let ours = engine.shanten(&hand);
        let theirs = calculate_replacement_number(&counts, PlayerCount::Four).unwrap() as i8 - 1;
        by_shanten[(ours + 1) as usize] += 1;
        if ours != theirs {
            disagreements.push(format!(
                "{hand} melds {melds}: shanten {ours} vs xiangting {theirs}"
            ));
        }
        if tiles % 3 == 1 {
            let (_, necessary) = calculate_necessary_tiles(&counts, PlayerCount::Four).unwrap();
            let held4: u64 = Tile::all()
                .filter(|t| counts[t.index()] == 4)
                .fold(0, |m, t| m | 1 << t.index());
            let ours = engine.improving(&hand).0;
            if ours != necessary & !held4 {
                disagreements.push(format!(
                    "{hand} melds {melds}: improving {ours:#x} vs necessary {necessary:#x}"
                ));
            }
        }
        if disagreements.len() > 20 {
            break;
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    eprintln!("{n} hands, zero disagreements; hands by shanten -1..=7: {by_shanten:?}");
    assert!(
        by_shanten[0] > 0 && by_shanten[1] > 1000,
        "sample covers wins and tenpai"
    );
}
