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
