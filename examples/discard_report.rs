//! The 牌理 (tile efficiency) report of a 14-tile hand: every discard with the shanten it
//! leaves and the tiles that then advance the hand, with how many copies remain.
//!
//! `cargo run --release -p hupai --example discard_report`

use hupai::{parse_tiles, Engine, Hand, Rules};

fn main() {
    let engine = Engine::new(Rules::riichi());
    let hand: Hand = "1234m567p3478s11z9s".parse().unwrap();
    // Tiles seen elsewhere (discards on the table): they are not left to draw.
    let seen = parse_tiles("2s5s").unwrap();
    println!("{hand}: shanten {}", engine.shanten(&hand));
    let report = engine.discards(&hand, &seen).unwrap();
    for d in &report {
        println!(
            "  discard {}: shanten {}, {} tiles ({})",
            d.tile, d.shanten, d.ukeire.count, d.ukeire.tiles
        );
    }
    // The best discard (1m or 4m) is tenpai on 2s/5s: 8 copies, 2 of them seen. Each line
    // agrees with asking the 13 tiles directly.
    let best = report[0];
    assert_eq!(
        (best.tile.to_string(), best.shanten, best.ukeire.count),
        ("1m".into(), 0, 6)
    );
    let after = hand.without_tile(best.tile).unwrap();
    assert_eq!(engine.shanten(&after), best.shanten);
    assert_eq!(engine.ukeire(&after, &seen).unwrap(), best.ukeire);
}
