//! Property tests (proptest, with shrinking) of the library API's invariants.

use hupai::parse_counts;
use hupai::{format_counts, Tile, TileSet};
use hupai::{Engine, Hand, Rules};
use proptest::prelude::*;

mod consistency;

/// A hand of 13 or 14 tiles in all with `melds` declared pungs (kinds the concealed tiles do
/// not hold, picked from `pick`).
fn hand_with_melds(c: [u8; 34], melds: usize, pick: usize, wild: TileSet) -> Option<Hand> {
    let free: Vec<usize> = (0..34).filter(|&k| c[k] == 0).collect();
    let list: Vec<hupai::Meld> = (0..melds)
        .map(|i| {
            let t = Tile::from_index(free[(pick + 7 * i) % free.len()]);
            format!("{0}{0}{0}{1}", t.number(), t.suit().letter())
        })
        .collect::<std::collections::BTreeSet<_>>()
        .iter()
        .map(|m| hupai::Meld::parse(m, &Rules::riichi()).unwrap())
        .collect();
    if list.len() != melds {
        return None;
    }
    Hand::new(c, &list, wild).ok()
}

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

    /// CONTRACT.md's answers agree with each other for every preset and wild set: waits ⇔
    /// tenpai, each ukeire tile lowers shanten (and no other tile does), improvements are never
    /// effective tiles, each discard line is the 13-tile answer of what is left, and the best
    /// discard keeps the 14-tile shanten.
    #[test]
    fn answers_agree_with_each_other(
        melds in 0usize..3,
        extra in 0usize..2,
        c13 in counts(13), c10 in counts(10), c7 in counts(7),
        c14 in counts(14), c11 in counts(11), c8 in counts(8),
        pick in 0usize..34, r in rules(), w in wild(),
    ) {
        let c = [[c13, c10, c7], [c14, c11, c8]][extra][melds];
        if let Some(h) = hand_with_melds(c, melds, pick, w) {
            consistency::check(&Engine::new(r), &h);
        }
    }

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
