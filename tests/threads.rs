//! The engine is `Send + Sync` and answers identically from 16 threads at once.

mod reference;

use hupai::{Engine, Hand, Rules, TileSet};
use reference::Rng;

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn engine_and_tables_are_send_and_sync() {
    assert_send_sync::<Engine<'static>>();
    assert_send_sync::<hupai::Tables>();
    assert_send_sync::<Hand>();
}

#[test]
fn sixteen_threads_answer_like_one() {
    let mut rng = Rng(21);
    let rules: Vec<Rules> = Rules::presets().map(|(_, rules)| rules).collect();
    // Hand `i` is answered under `rules[i % rules.len()]`, and fitted to its tiles in play.
    let hands: Vec<Hand> = (0..4000)
        .map(|i| {
            let c = rng.shaped_hand(13 + i % 2);
            reference::hand_under(c, &[], TileSet::EMPTY, &rules[i % rules.len()]).unwrap()
        })
        .collect();
    let answer = |e: &Engine, h: &Hand| -> (bool, i8, u64, u32) {
        let u = e.ukeire(h, &[0; 34]).unwrap_or_default(); // none for 14 tiles (an error)
        (e.is_win(h), e.shanten(h), u.tiles.0, u.count)
    };
    let single: Vec<_> = hands
        .iter()
        .enumerate()
        .map(|(i, h)| answer(&Engine::new(rules[i % rules.len()]), h))
        .collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..16)
            .map(|t| {
                let (hands, rules) = (&hands, &rules);
                s.spawn(move || {
                    // Each thread walks the hands from a different start.
                    let n = hands.len();
                    (0..n)
                        .map(|k| (k + t * 251) % n)
                        .map(|i| (i, answer(&Engine::new(rules[i % rules.len()]), &hands[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, a) in h.join().unwrap() {
                assert_eq!(a, single[i], "hand {i}");
            }
        }
    });
}
