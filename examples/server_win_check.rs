//! A game server's hot loop: one engine built at start, shared by every table, asked whether
//! each 14-tile hand wins — here under Nanchang rules, where the 精 (wildcards) are the
//! indicator tile and the next one.
//!
//! `cargo run --release -p hupai --example server_win_check`

use hupai::{decompositions, nanchang_wilds, Engine, Hand, Rules, Tile, TileSet};

fn main() {
    // Built once (tables are decoded on first use, then shared; the engine is Copy + Sync).
    let engine = Engine::new(Rules::nanchang());
    // The indicator 9s makes 9s (正精) and 1s (副精) wild.
    let (main, next) = nanchang_wilds("9s".parse::<Tile>().unwrap());
    let wild: TileSet = [main, next].into_iter().collect();

    let table = [
        ("1111m456789p1239s", true),     // the 9s is a 5th 1m
        ("123m456p789s1z2z3z55z", true), // 1z2z3z is an honor run in Nanchang
        ("123m456p78s11z2355z", false),
        ("147m25p36s1234567z", true), // 七星十三烂
    ];
    for (tiles, expected) in table {
        let hand = Hand::builder(tiles).wild_set(wild).build().unwrap();
        let win = engine.is_win(&hand);
        assert_eq!(win, expected, "{tiles}");
        let how = decompositions(&engine, &hand, 1);
        match how.first() {
            Some(d) => println!("{tiles}: WIN as {} — {d}", d.form.name()),
            None => println!("{tiles}: no win (shanten {})", engine.shanten(&hand)),
        }
    }
    // How many wildcards the standard form needs on top of the real tiles: 111 234 567 999m
    // leave 8m (one wildcard pairs it) and 5p (two more make it a pung).
    let hand: Hand = "1112345678999m5p".parse().unwrap();
    let needed = engine.wildcards_needed(&hand);
    assert_eq!(needed, Some(3));
    println!("1112345678999m5p: {} wildcards needed", needed.unwrap());
}
