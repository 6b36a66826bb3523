//! The engine on arbitrary counts, wild sets and melds: win ⇔ shanten −1; every wait
//! completes the hand; the loaded snapshot tables answer like the compiled-in ones.
#![no_main]
use hupai::table::{set, Tables};
use hupai::{Engine, Hand, Meld, Rules, Tile, TileSet};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn loaded() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        set::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../tables").as_ref())
            .expect("snapshot loads")
    })
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 36 {
        return;
    }
    let mut counts = [0u8; 34];
    for (c, b) in counts.iter_mut().zip(data) {
        *c = b % 5;
    }
    let wild = TileSet((data[34] as u64 & 0x7) << (data[35] % 31));
    let rules = [Rules::riichi(), Rules::chinese(), Rules::nanchang()][data[35] as usize % 3];
    let melds: Vec<Meld> = data[36..]
        .iter()
        .take(4)
        .filter_map(|&b| {
            Meld::parse(
                &format!(
                    "{}{}{}{}",
                    b % 7 + 1,
                    b % 7 + 1,
                    b % 7 + 1,
                    ["m", "p", "s", "z"][b as usize / 64]
                ),
                false,
            )
            .ok()
        })
        .collect();
    let Ok(hand) = Hand::new(counts, &melds, wild) else {
        return;
    };
    let a = Engine::new(rules);
    let b = Engine::with_tables(loaded(), rules).unwrap();
    let s = a.shanten(&hand);
    assert_eq!(a.is_win(&hand), s == -1, "{hand}");
    assert_eq!(s, b.shanten(&hand));
    assert_eq!(a.is_win(&hand), b.is_win(&hand));
    if !hand.is_complete_count() {
        for t in a.waits(&hand).iter() {
            let drawn = hand
                .with_tile(t)
                .expect("a wait is held fewer than 4 times");
            assert!(a.is_win(&drawn), "{hand} + {t}");
        }
        assert_eq!(a.improving(&hand), b.improving(&hand));
    }
    let _ = Tile::from_index(0);
});
