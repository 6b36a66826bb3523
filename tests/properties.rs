//! Property tests (proptest, with shrinking) of the library API's invariants.

use hupai::hand::parse_counts;
use hupai::tile::{format_counts, Tile, TileSet};
use hupai::{Engine, Hand, Rules};
use proptest::prelude::*;

/// A hand of `n` tiles as counts (at most 4 of a kind).
fn counts(n: usize) -> impl Strategy<Value = [u8; 34]> {
    proptest::collection::vec(0usize..34, n * 2).prop_map(move |picks| {
        let mut c = [0u8; 34];
        let mut placed = 0;
        for t in picks {
            if placed < n && c[t] < 4 {
                c[t] += 1;
                placed += 1;
            }
        }
        // Top up deterministically if the picks hit full kinds too often.
        let mut t = 0;
        while placed < n {
            if c[t] < 4 {
                c[t] += 1;
                placed += 1;
            }
            t = (t + 7) % 34;
        }
        c
    })
}

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::riichi()),
        Just(Rules::chinese()),
        Just(Rules::nanchang())
    ]
}

fn wild() -> impl Strategy<Value = TileSet> {
    prop_oneof![
        3 => Just(TileSet::EMPTY),
        1 => (0usize..34).prop_map(|t| [Tile::from_index(t)].into_iter().collect()),
        1 => (0usize..34, 0usize..34).prop_map(|(a, b)| [Tile::from_index(a), Tile::from_index(b)].into_iter().collect()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn canonical_print_parses_back(c in counts(14)) {
        let text = format_counts(&c);
        prop_assert_eq!(parse_counts(&text).unwrap(), c);
    }

    #[test]
    fn win_iff_shanten_minus_one(c in counts(14), r in rules(), w in wild()) {
        let h = Hand::new(c, &[], w).unwrap();
        let e = Engine::new(r);
        prop_assert_eq!(e.is_win(&h), e.shanten(&h) == -1);
    }

    #[test]
    fn every_wait_completes_the_hand(c in counts(13), r in rules(), w in wild()) {
        let h = Hand::new(c, &[], w).unwrap();
        let e = Engine::new(r);
        for t in e.waits(&h).iter() {
            prop_assert!(e.is_win(&h.with_tile(t).unwrap()), "{} + {}", h, t);
        }
        // Waits are exactly the improving tiles of a tenpai hand's real kinds.
        if e.shanten(&h) == 0 {
            let real = TileSet(e.improving(&h).0 & !h.wild().0);
            prop_assert_eq!(TileSet(e.waits(&h).0 & !h.wild().0), real);
        }
    }

    #[test]
    fn a_draw_lowers_shanten_by_at_most_one_unless_wild(c in counts(13), r in rules(), t in 0usize..34) {
        let h = Hand::new(c, &[], TileSet::EMPTY).unwrap();
        let e = Engine::new(r);
        if let Some(d) = h.with_tile(Tile::from_index(t)) {
            let (before, after) = (e.shanten(&h), e.shanten(&d));
            prop_assert!(after >= before - 1 && after <= before, "{} -> {}", before, after);
        }
    }

    #[test]
    fn the_best_discard_keeps_the_hand_shanten(c in counts(14), r in rules()) {
        let h = Hand::new(c, &[], TileSet::EMPTY).unwrap();
        let e = Engine::new(r);
        let report = e.discards(&h, &[0; 34]).unwrap();
        prop_assert!(!report.is_empty());
        if !e.is_win(&h) {
            prop_assert_eq!(report[0].shanten, e.shanten(&h));
        }
    }
}
