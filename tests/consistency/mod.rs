//! Properties that tie the engine's answers together, for any hand under any rules and wild
//! set (CONTRACT.md's definitions, one in terms of another). One copy serves the exactness
//! tests, the proptest suite and the `engine` fuzz target (which includes this file by path).
//! Each check panics with the hand when it fails.

use hupai::{Engine, Hand, Tile};

/// Checks every cross-answer property of one hand.
pub fn check(e: &Engine, h: &Hand) {
    let s = e.shanten(h);
    let who = || {
        format!(
            "{h} melds {} wild {:?} {:?}",
            h.meld_count(),
            h.wild(),
            e.rules()
        )
    };
    assert_eq!(e.is_win(h), s == -1, "win ⇔ shanten −1: {}", who());
    let none = [0u8; 34];
    let visible = h.visible();
    if !h.is_complete_count() {
        let waits = e.waits(h);
        assert_eq!(
            !waits.is_empty(),
            s == 0,
            "waits ⇔ tenpai ({waits:?}, {s}): {}",
            who()
        );
        let u = e.ukeire(h, &none).expect("no seen tiles");
        for t in Tile::all() {
            // A tile left to draw (fewer than 4 visible) is effective iff it lowers shanten.
            let Some(d) = h.with_tile(t) else { continue };
            let lowers = e.shanten(&d) < s;
            assert_eq!(u.tiles.contains(t), lowers, "ukeire {t}: {}", who());
            if waits.contains(t) {
                assert!(e.is_win(&d), "wait {t} does not win: {}", who());
            }
        }
        for (t, _) in e.improvements(h, &none).expect("no seen tiles") {
            assert!(
                !u.tiles.contains(t),
                "improvement {t} is effective: {}",
                who()
            );
        }
    } else {
        let report = e.discards(h, &none).expect("no seen tiles");
        for d in &report {
            let after = h.without_tile(d.tile).expect("a discard is held");
            let alone = e.shanten(&after);
            assert_eq!(d.shanten, alone, "discard {}: {}", d.tile, who());
            // Its ukeire is that of the 13 tiles left, counted over the 14 (the discard seen).
            let tiles = e.improving(&after);
            let left: u32 = tiles.iter().map(|t| 4 - visible[t.index()] as u32).sum();
            assert_eq!(d.ukeire.count, left, "discard {} count: {}", d.tile, who());
            assert!(
                d.ukeire.tiles.iter().all(|t| tiles.contains(t)),
                "{}",
                who()
            );
        }
        let best = report
            .first()
            .expect("a 14-tile hand has a discard")
            .shanten;
        assert_eq!(best, s.max(0), "best discard vs 14-tile shanten: {}", who());
    }
}
