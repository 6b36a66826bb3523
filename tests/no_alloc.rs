//! The hot paths allocate nothing: a counting global allocator watches win, shanten, waits,
//! ukeire and the discard report (into a caller's buffer) on thousands of hands.

mod counting;
mod reference;

use hupai::{Engine, Hand, Rules, TileSet};
use reference::Rng;

#[test]
fn win_shanten_waits_ukeire_and_discards_do_not_allocate() {
    let mut rng = Rng(11);
    let mut hands = Vec::new();
    for i in 0..3000 {
        let tiles = 13 + i % 2;
        let wild = if i % 3 == 0 {
            TileSet::parse("5m").unwrap()
        } else {
            TileSet::EMPTY
        };
        if let Ok(h) = Hand::new(rng.shaped_hand(tiles), &[], wild) {
            hands.push(h);
        }
    }
    let engines: Vec<Engine> = Rules::presets()
        .map(|(_, rules)| Engine::new(rules))
        .collect();
    let seen = [0u8; 34];
    // Warm up: each compiled-in table is decoded when an engine first needs it, and its
    // improving masks are derived on the first waits/ukeire/discard question.
    let thirteen = hands.iter().find(|h| !h.is_complete_count()).unwrap();
    for e in &engines {
        let _ = e.ukeire(thirteen, &seen);
    }
    // Each engine's hands fitted to its tiles in play.
    let fitted: Vec<Vec<Hand>> = Rules::presets()
        .map(|(_, rules)| {
            hands
                .iter()
                .filter_map(|h| reference::hand_under(*h.counts(), &[], h.wild(), &rules).ok())
                .collect()
        })
        .collect();
    // Two passes over the same hands: the second must allocate nothing. (A one-time lazy
    // initialisation in the process — seen once in a workspace run, not reproduced — would
    // show in the first pass only; anything a call allocates shows in both.)
    let pass = || {
        let before = counting::allocations();
        let mut sink = 0u64;
        for (e, hands) in engines.iter().zip(&fitted) {
            for h in hands {
                sink += e.is_win(h) as u64 + e.shanten(h) as u64;
                if h.is_complete_count() {
                    let mut buf = [None; 14];
                    sink += e.discards_into(h, &seen, &mut buf).unwrap() as u64;
                } else {
                    sink += e.waits(h).0 + e.ukeire(h, &seen).unwrap().count as u64;
                    sink += e
                        .waits_and_ukeire(h, &seen)
                        .unwrap()
                        .map_or(0, |(_, w, _)| w.0);
                }
            }
        }
        (counting::allocations() - before, sink)
    };
    let (first, sink) = pass();
    let (second, again) = pass();
    assert!(sink > 0 && sink == again);
    assert_eq!(
        second, 0,
        "{second} allocations on the hot paths (first pass: {first})"
    );
}
