//! The engine on arbitrary counts, wild sets and melds, under every preset: the cross-answer
//! properties of `tests/consistency` (win ⇔ shanten −1, waits ⇔ tenpai, every ukeire tile
//! lowers shanten, every discard line is the 13-tile answer of what is left, the best discard
//! keeps the 14-tile shanten, improvements are never effective tiles), and the loaded snapshot
//! tables answer like the compiled-in ones.
#![no_main]

#[path = "../../tests/consistency/mod.rs"]
mod consistency;

use hupai::table::{set, Tables};
use hupai::{Engine, Hand, Meld, Rules, TileSet};
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
    for rules in [Rules::riichi(), Rules::chinese(), Rules::nanchang()] {
        consistency::check(&Engine::new(rules), &hand);
    }
    let a = Engine::new(rules);
    let b = Engine::with_tables(loaded(), rules).unwrap();
    assert_eq!(a.shanten(&hand), b.shanten(&hand));
    assert_eq!(a.is_win(&hand), b.is_win(&hand));
    if !hand.is_complete_count() {
        assert_eq!(a.improving(&hand), b.improving(&hand));
        assert_eq!(a.waits(&hand), b.waits(&hand));
    }
});
