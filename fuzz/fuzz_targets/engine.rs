//! The library driven as a caller can: any rule switches, any wild set (bits past the 34
//! kinds included), every meld kind, a hand built tile by tile then changed by a sequence of
//! draws and discards (in a copy and in place, alike), and `seen` counts. Every hand that can
//! be built must pass the cross-answer properties of `tests/consistency` (win ⇔ shanten −1,
//! waits ⇔ tenpai, every ukeire tile lowers shanten, every discard line is the 13-tile answer
//! of what is left, the best discard keeps the 14-tile shanten, improvements are never
//! effective tiles); the counts entries answer as the built hand; the loaded snapshot tables
//! answer like the compiled-in ones; no call panics.
#![no_main]

#[path = "../../tests/consistency/mod.rs"]
mod consistency;
#[path = "../../tests/reference/mod.rs"]
mod reference;

use hupai::decompositions;
use hupai::{sets as set, Tables};
use hupai::{Engine, Hand, HandError, Meld, MeldKind, Rules, Tile, TileSet};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn loaded() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        set::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../tables").as_ref())
            .expect("snapshot loads")
    })
}

/// A meld from two bytes: its kind and its first tile (a chow takes the next two, or an
/// honor run); anything but a real meld is refused by `Meld::new`.
fn meld_of(kind: u8, first: u8, rules: &Rules) -> Result<Meld, HandError> {
    let t = first as usize % 34;
    let set = |kinds: &[usize]| {
        TileSet::from_iter(
            kinds
                .iter()
                .filter(|&&k| k < 34)
                .map(|&k| Tile::from_index(k)),
        )
    };
    match kind % 4 {
        0 => Meld::new(MeldKind::Pung, set(&[t]), rules),
        1 => Meld::new(MeldKind::Kong, set(&[t]), rules),
        2 => Meld::new(MeldKind::Chow, set(&[t, t + 1, t + 2]), rules),
        _ => Meld::new(
            MeldKind::Chow,
            set(&[27 + t % 4, 27 + (t + 1) % 4, 27 + (t + 2) % 4]),
            rules,
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 16 {
        return;
    }
    let rules = reference::switches_of(data[0], data[15]);
    let in_play = rules.in_play().0;
    let mut bits = [0u8; 8];
    bits[..5].copy_from_slice(&data[1..6]);
    let raw_wild = u64::from_le_bytes(bits);
    // Mostly valid sets; one input in eight keeps the bits past the 34 kinds.
    let wild = TileSet(if data[6] & 7 == 0 {
        raw_wild
    } else {
        raw_wild & ((1 << 34) - 1)
    });
    let melds: Vec<Meld> = (0..(data[7] % 5) as usize)
        .filter_map(|i| meld_of(data[8], data[9 + i], &rules).ok())
        .collect();
    let tiles = 13 + (data[6] >> 3 & 1) as usize - 3 * melds.len();
    let mut counts = [0u8; 34];
    let mut rest = data[9..].iter();
    let mut placed = 0;
    for &b in rest.by_ref() {
        if placed == tiles {
            break;
        }
        let t = b as usize % 34;
        if counts[t] < 4 {
            counts[t] += 1;
            placed += 1;
        }
    }
    let hand = match Hand::under(counts, &melds, wild, &rules) {
        Ok(h) => h,
        Err(_) => return,
    };
    assert!(wild.0 >> 34 == 0, "wild bits past 34 accepted");
    // Draws and discards: each byte left, the high bit says which.
    let mut hands = vec![hand];
    let mut h = hand;
    for &b in rest.take(6) {
        let t = Tile::from_index(b as usize % 34);
        let next = if b & 0x80 != 0 {
            h.with_tile(t)
        } else {
            h.without_tile(t)
        };
        // In place, the same hand or the same refusal.
        let mut moved = h;
        let step = if b & 0x80 != 0 {
            moved.draw(t)
        } else {
            moved.discard(t)
        };
        assert_eq!(step.is_ok(), next.is_some());
        assert_eq!(moved, next.unwrap_or(h));
        // Only draws of kinds in play (`with_tile` does not know the rules).
        if let Some(n) = next.filter(|_| in_play >> t.index() & 1 == 1) {
            assert_eq!(
                n.concealed_len() + 3 * n.meld_count(),
                13 + n.is_complete_count() as usize
            );
            h = n;
            hands.push(h);
        }
    }
    let engine = Engine::new(rules);
    let mut seen = [0u8; 34];
    for (i, s) in seen.iter_mut().enumerate() {
        *s = data[i % data.len()] % 3;
    }
    for h in hands.iter().rev().take(2) {
        consistency::check(&engine, h);
        // Seen counts: an answer exactly when no kind is visible more than 4 times, and the
        // question is the hand's size's (ukeire of 13 tiles, the discard report of 14).
        let visible = h.visible();
        let in_range =
            (0..34).all(|i| visible[i] + seen[i] <= 4 && (seen[i] == 0 || in_play >> i & 1 == 1));
        let complete = h.is_complete_count();
        assert_eq!(
            engine.ukeire(h, &seen).is_ok(),
            in_range && !complete,
            "{h} seen {seen:?}"
        );
        assert_eq!(
            engine.discards(h, &seen).is_ok(),
            in_range && complete,
            "{h} seen {seen:?}"
        );
        if engine.is_win(h) {
            assert!(!decompositions(&engine, h, 8).is_empty(), "{h}");
        }
        // Concealed hands: the counts entries answer as the built hand, under any switches.
        if h.meld_count() == 0 {
            let extra = TileSet(h.wild().0 & !rules.wild.0);
            assert_eq!(
                engine.is_win_counts(h.counts(), extra),
                Ok(engine.is_win(h))
            );
            assert_eq!(
                engine.shanten_counts(h.counts(), extra),
                Ok(engine.shanten(h))
            );
        }
        let other = Engine::with_tables(loaded(), rules).unwrap();
        assert_eq!(engine.shanten(h), other.shanten(h));
        assert_eq!(engine.is_win(h), other.is_win(h));
        assert_eq!(engine.improving(h), other.improving(h));
    }
});
