//! The fields a `Hand` keeps for the lookups (group keys, sizes, kind masks) against their
//! definitions, written out one kind at a time.

use super::reference::Rng;
use crate::kinds::{spaced_bit, KindMasks};
use crate::{CopiesPlace, Counts, Hand, HandError, Meld, MeldKind, Rules, Tile, TileSet};
use hupai_gen::slot_weight;

#[test]
fn kind_masks_and_group_sizes_follow_added_and_removed_tiles() {
    let mask = |c: &Counts, f: fn(u8) -> bool| {
        (0..34)
            .filter(|&i| f(c[i]))
            .fold(0u64, |m, i| m | spaced_bit(i))
    };
    let mut rng = Rng(78);
    for _ in 0..20_000 {
        let wild = TileSet::from_iter([Tile::from_index(rng.below(34) as usize)]);
        let mut h = Hand::new(rng.hand(13), &[], wild).unwrap();
        for _ in 0..8 {
            let t = Tile::from_index(rng.below(34) as usize);
            let next = if rng.below(2) == 0 {
                h.with_tile(t)
            } else {
                h.without_tile(t)
            };
            if let Some(n) = next {
                // The masks are of the real tiles: the wild kind is never in them.
                let (c, m) = (&n.real_counts(), n.kind_masks());
                assert_eq!(m.single, mask(c, |x| x == 1), "{n}");
                assert_eq!(m.odd, mask(c, |x| x % 2 == 1), "{n}");
                assert_eq!(m.pairs_or_more, mask(c, |x| x >= 2), "{n}");
                assert_eq!(m.held, mask(c, |x| x >= 1), "{n}");
                let sizes: [u8; 4] =
                    std::array::from_fn(|g| c[9 * g..(9 * g + 9).min(34)].iter().sum());
                assert_eq!(n.group_sizes(), sizes, "{n}");
                h = n;
            }
        }
    }
}

/// `Hand::new` works eight counts at a time and finds the exact error only when a check
/// fails; here every field a hand keeps, and every error, against the definitions written out
/// one kind at a time, on random counts (up to 7 copies), wild sets and declared pungs.
#[test]
fn hand_new_matches_its_definition_on_random_counts() {
    let mut rng = Rng(99);
    let (mut built, mut refused) = (0, 0);
    for round in 0..200_000 {
        let mut counts = [0u8; 34];
        let tiles = 11 + rng.below(5) as usize;
        for _ in 0..tiles {
            let k = rng.below(34) as usize;
            counts[k] += 1 + (round % 97 == 0 && rng.below(4) == 0) as u8;
        }
        let wild = TileSet((0..rng.below(3)).fold(0, |w, _| w | 1 << rng.below(34)));
        let melds: Vec<Meld> = (0..rng.below(3))
            .map(|_| {
                let t = Tile::from_index(rng.below(34) as usize);
                Meld::new(MeldKind::Pung, TileSet::from_iter([t]), &Rules::riichi()).unwrap()
            })
            .collect();
        // The definitions.
        let concealed: usize = counts.iter().map(|&c| c as usize).sum();
        let mut all = counts;
        for m in &melds {
            all[m.tiles().iter().next().unwrap().index()] += 3;
        }
        let want = if !(13..=14).contains(&(concealed + 3 * melds.len())) {
            Err(HandError::WrongCount {
                concealed,
                melds: melds.len(),
            })
        } else if let Some(i) = (0..34).find(|&i| counts[i] > 4 || all[i] > 4) {
            let place = if counts[i] > 4 {
                CopiesPlace::Hand
            } else {
                CopiesPlace::HandAndMelds
            };
            Err(HandError::TooManyCopies {
                tile: Tile::from_index(i),
                place,
            })
        } else {
            Ok(())
        };
        match (Hand::new(counts, &melds, wild), want) {
            (Err(got), Err(want)) => {
                assert_eq!(got, want, "{counts:?}");
                refused += 1;
            }
            (Ok(h), Ok(())) => {
                let mut keys = [0u32; 4];
                let mut sizes = [0u8; 4];
                let mut planes = [0u64; 4];
                for i in 0..34 {
                    // Keys, sizes and planes are of the real tiles.
                    if !wild.contains(Tile::from_index(i)) {
                        keys[i / 9] += counts[i] as u32 * slot_weight(i % 9);
                        sizes[i / 9] += counts[i];
                        for plane in planes.iter_mut().take(counts[i] as usize) {
                            *plane |= spaced_bit(i);
                        }
                    }
                }
                let wildcards: u8 = wild.iter().map(|t| counts[t.index()]).sum();
                assert_eq!(h.keys(), keys, "{counts:?} {wild:?}");
                assert_eq!(h.group_sizes(), sizes, "{counts:?} {wild:?}");
                assert_eq!(h.kind_masks(), KindMasks::from_planes(planes), "{counts:?}");
                assert_eq!((h.wildcards(), h.concealed_len()), (wildcards, concealed));
                assert_eq!(*h.counts(), counts);
                built += 1;
            }
            (got, want) => panic!("{counts:?} {melds:?}: {got:?}, expected {want:?}"),
        }
    }
    assert!(
        built > 10_000 && refused > 10_000,
        "{built} built, {refused} refused"
    );
}

/// `Hand::draw` and `Hand::discard` keep every field a hand keeps in place: after each step the
/// hand equals the hand built afresh from its counts, melds and wild kinds (the keys, planes,
/// sizes and wildcards included), and a refused step leaves it unchanged with the error the
/// rules of a draw and a discard name.
#[test]
fn draws_and_discards_in_place_keep_the_hand_as_built() {
    let mut rng = Rng(79);
    let (mut drawn, mut discarded, mut refused) = (0, 0, 0);
    for round in 0..20_000 {
        let wild = TileSet((0..rng.below(3)).fold(0, |w, _| w | 1 << rng.below(34)));
        let melds: Vec<Meld> = if round % 3 == 0 {
            let t = Tile::from_index(rng.below(34) as usize);
            vec![Meld::checked(MeldKind::Pung, TileSet::from_iter([t]), false).unwrap()]
        } else {
            vec![]
        };
        let tiles = 13 - 3 * melds.len();
        let Ok(mut h) = Hand::new(rng.hand(tiles), &melds, wild) else {
            continue;
        };
        for _ in 0..12 {
            // A complete hand discards one of its tiles three times in four (else any kind).
            let held: Vec<usize> = (0..34).filter(|&i| h.counts()[i] > 0).collect();
            let t = if h.is_complete_count() && rng.below(4) != 0 {
                Tile::from_index(held[rng.below(held.len() as u64) as usize])
            } else {
                Tile::from_index(rng.below(34) as usize)
            };
            let before = h;
            let visible = h.visible()[t.index()];
            if rng.below(2) == 0 {
                match h.draw(t) {
                    Ok(()) => drawn += 1,
                    Err(e) => {
                        refused += 1;
                        assert_eq!(h, before, "a refused draw leaves the hand");
                        if before.is_complete_count() {
                            assert!(matches!(e, HandError::WrongCount { .. }), "{e}");
                        } else {
                            assert_eq!(visible, 4, "{before} + {t}: {e}");
                            assert!(
                                matches!(e, HandError::TooManyCopies { tile, .. } if tile == t)
                            );
                        }
                    }
                }
                assert_eq!(h.with_tile(t).is_some(), h.clone().draw(t).is_ok());
            } else {
                match h.discard(t) {
                    Ok(()) => discarded += 1,
                    Err(e) => {
                        refused += 1;
                        assert_eq!(h, before, "a refused discard leaves the hand");
                        let want = if before.is_complete_count() {
                            HandError::NotHeld { tile: t }
                        } else {
                            HandError::WrongCount {
                                concealed: before.concealed_len() - 1,
                                melds: melds.len(),
                            }
                        };
                        assert_eq!(e, want);
                    }
                }
            }
            let fresh = Hand::new(*h.counts(), &melds, wild).unwrap();
            assert_eq!(h, fresh, "{before} then {t}");
        }
    }
    assert!(
        drawn > 40_000 && discarded > 40_000 && refused > 50_000,
        "{drawn} drawn, {discarded} discarded, {refused} refused"
    );
}
