//! Every table entry against the brute-force references: all 405,350 suit vectors (slot DP)
//! and all 43,130 honor vectors, plain and with runs (target enumeration).

use super::reference::*;
use crate::table::Tables;
use hupai_gen::{self as hgen, GroupSpec, Layout, LANES};

fn check_vector(
    kind: GroupSpec,
    c: &[u8],
    best: &Best,
    search: &mut WildSearch,
    checked: &mut usize,
) {
    let tables = Tables::compiled();
    let table = tables.get(kind).unwrap();
    let e = table.entry(c);
    let n = kind.slots();
    let u0: Vec<u8> = (0..LANES)
        .map(|l| distance(best, l % 5, l / 5, 0))
        .collect();
    let uinf: Vec<u8> = (0..LANES)
        .map(|l| distance(best, l % 5, l / 5, EB - 1))
        .collect();
    assert_eq!(e.lanes0().to_vec(), u0, "{kind:?} {c:?}: U_0 lanes");
    assert_eq!(
        e.lanes_inf().to_vec(),
        uinf,
        "{kind:?} {c:?}: unlimited-excess lanes"
    );
    let need = (0..EB)
        .find(|&x| (0..LANES).all(|l| distance(best, l % 5, l / 5, x) == uinf[l]))
        .unwrap();
    assert_eq!(
        e.excess() as usize,
        need,
        "{kind:?} {c:?}: largest useful excess"
    );
    // The engine's plain path relies on it: excess (5th copies) helps only a group that
    // holds four of a kind.
    assert!(
        need == 0 || c[..n].contains(&4),
        "{kind:?} {c:?}: excess helps a group without a four"
    );
    for x in 0..=4u8 {
        let want: Vec<u8> = (0..LANES)
            .map(|l| distance(best, l % 5, l / 5, x as usize))
            .collect();
        assert_eq!(
            table.lanes_at_excess(c, x).to_vec(),
            want,
            "{kind:?} {c:?}: U_{x}"
        );
    }
    let w0 = search.min_wild(&c[..n], false, 4);
    let w1 = search.min_wild(&c[..n], true, 4);
    let clamp = |x: u8| if x == 255 { 15 } else { x };
    assert_eq!(
        (e.w0(), e.w1()),
        (clamp(w0), clamp(w1)),
        "{kind:?} {c:?}: W0/W1"
    );
    *checked += 1;
}

/// Walks every suit vector depth-first, sharing the DP of each prefix; a pair may sit only on
/// the slots of `pairs`.
fn walk_suits(
    i: usize,
    pairs: u16,
    dp: &SuitDp,
    c: &mut [u8; 9],
    total: u8,
    visit: &mut dyn FnMut(&[u8; 9], &SuitDp),
) {
    if i == 9 {
        visit(c, dp);
        return;
    }
    for x in 0..=4u8.min(14 - total) {
        c[i] = x;
        let next = suit_dp_step_pairs(dp, x, i <= 6, pairs >> i & 1 == 1);
        walk_suits(i + 1, pairs, &next, c, total + x, visit);
    }
    c[i] = 0;
}

/// Every vector of a suit spec whose pair may sit on the slots of `pairs`.
fn check_every_suit_vector(kind: GroupSpec, pairs: u16) {
    let mut search = WildSearch::suits().pairs_on(pairs);
    let mut checked = 0;
    walk_suits(0, pairs, &suit_dp_start(), &mut [0; 9], 0, &mut |c, dp| {
        let best = suit_dp_finish(dp);
        check_vector(kind, c, &best, &mut search, &mut checked);
    });
    assert_eq!(checked, 405_350);
}

#[test]
fn every_suit_vector_matches_the_slot_dp_reference() {
    check_every_suit_vector(GroupSpec::SUIT, 0x1ff);
}

/// 258将: the pair only on 2, 5 or 8 (slots 1, 4, 7), written here apart from the spec.
#[test]
fn every_suit_258_vector_matches_the_slot_dp_reference() {
    check_every_suit_vector(GroupSpec::SUIT_258, 1 << 1 | 1 << 4 | 1 << 7);
}

fn all_honor_vectors() -> Vec<[u8; 7]> {
    let mut out = Vec::new();
    for i in 0..5usize.pow(7) {
        let mut c = [0u8; 7];
        let mut x = i;
        for s in c.iter_mut() {
            *s = (x % 5) as u8;
            x /= 5;
        }
        if c.iter().map(|&v| v as u32).sum::<u32>() <= 14 {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_honor_vector_matches_target_enumeration() {
    for (kind, runs, pairs) in [
        (GroupSpec::HONOR, false, 0x7f),
        (GroupSpec::HONOR_RUNS, true, 0x7f),
        (GroupSpec::HONOR_NO_PAIR, false, 0),
        (GroupSpec::HONOR_RUNS_NO_PAIR, true, 0),
    ] {
        let targets = honor_targets_pairs(runs, pairs);
        let mut search = WildSearch::honors(runs).pairs_on(pairs);
        let mut checked = 0;
        for c in all_honor_vectors() {
            let best = honor_best(&targets, &c);
            check_vector(kind, &c, &best, &mut search, &mut checked);
        }
        assert_eq!(checked, 43_130, "{kind:?}");
    }
}

#[test]
fn rank_is_a_bijection_onto_the_dense_tables() {
    for kind in GroupSpec::ALL {
        let layout = Layout::new(kind);
        let vectors = layout.vectors();
        assert_eq!(vectors.len(), Tables::compiled().get(kind).unwrap().len());
        for (r, c) in vectors.iter().enumerate() {
            assert_eq!(layout.rank(c), r, "{kind:?} {c:?}");
        }
    }
}

#[test]
fn bit_run_keys_are_unique_and_fit_their_widths() {
    assert_eq!(hgen::bit_run_key(&[1, 3, 1]), 93); // the write-up's example: 1 0 111 0 1
    assert_eq!(hgen::bit_run_key(&[1, 1, 0, 1]), 37);
    for (kind, bits) in [(GroupSpec::SUIT, 22), (GroupSpec::HONOR, 20)] {
        let layout = Layout::new(kind);
        let mut keys: Vec<u32> = layout
            .vectors()
            .iter()
            .map(|c| hgen::bit_run_key(&c[..kind.slots()]))
            .collect();
        assert!(keys.iter().all(|&k| k < 1 << bits));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), layout.len, "{kind:?}");
    }
}

#[test]
fn splits_of_every_complete_vector_are_all_its_splits() {
    for kind in GroupSpec::ALL {
        let tables = Tables::compiled();
        let table = tables.get(kind).unwrap();
        let layout = Layout::new(kind);
        let mut complete = 0;
        for c in layout.vectors() {
            let e = table.entry(&c);
            let is_complete = e.w0() == 0 || e.w1() == 0;
            let splits = table.splits(&c);
            assert_eq!(!splits.is_empty(), is_complete, "{kind:?} {c:?}");
            if is_complete {
                let s = &splits[..];
                complete += 1;
                assert_eq!(s, hgen::exact_decompositions(kind, &c).as_slice());
                // Every split rebuilds the vector exactly.
                let shapes = kind.meld_shapes();
                for &code in s {
                    let mut sum = [0u8; 9];
                    for k in 0..(code & 7) as usize {
                        let item = code >> (3 + 5 * k) & 31;
                        if item >= hgen::PAIR_CODE {
                            sum[(item - hgen::PAIR_CODE) as usize] += 2;
                        } else {
                            for j in 0..9 {
                                sum[j] += shapes[item as usize][j];
                            }
                        }
                    }
                    assert_eq!(sum, c, "{kind:?} split {code:#x}");
                }
            }
        }
        // Pungs alone make 99 complete honor vectors.
        assert!(complete >= 99, "{kind:?}: {complete}");
    }
}

#[test]
fn improving_masks_match_their_definition_on_neighbours() {
    let tables = Tables::compiled();
    for kind in GroupSpec::ALL {
        let table = tables.get(kind).unwrap();
        let layout = Layout::new(kind);
        // The masks are kept as shared halves: far fewer than two per vector, and within the
        // 16-bit ids.
        assert!(
            table.mask_half_count() * 5 < table.len() && table.mask_half_count() <= 1 << 16,
            "{kind:?}: {} mask halves for {} vectors",
            table.mask_half_count(),
            table.len()
        );
        for c in layout.vectors().iter() {
            let total: u8 = c.iter().sum();
            let key = layout.key(c);
            let mask = table.masks_of(key, table.aux_of(key)).to_array();
            // Lanes past 4 melds hold nothing.
            assert!((5..9).chain(14..16).all(|k| mask[k] == 0), "{kind:?} {c:?}");
            if total >= 14 {
                assert_eq!(mask, [0; 16], "a full vector takes no draw");
                continue;
            }
            let here = table.entry(c).lanes0();
            for t in 0..kind.slots() {
                let mut d = *c;
                if d[t] == 4 {
                    continue;
                }
                d[t] += 1;
                let there = table.entry(&d).lanes0();
                for l in 0..LANES {
                    let bit = mask[l % 5 + 9 * (l / 5)] >> t & 1 == 1;
                    assert_eq!(
                        bit,
                        there[l] + 1 == here[l],
                        "{kind:?} {c:?} slot {t} lane {l}"
                    );
                }
            }
        }
    }
}

/// The hot records are derived on load: classes of vectors that share a shanten word and a
/// win byte, and count fields by key part. Here each vector's answer is read through them and
/// compared with the generated data (its own shanten word and win byte, decoded again) and
/// with the count fields computed slot by slot, for every vector of every spec.
#[test]
fn hot_records_match_their_definition() {
    use crate::combine::to16;
    use crate::table::aux;
    use hupai_gen::unpack_lanes;
    let tables = Tables::compiled();
    let data = Tables::compiled_data();
    for kind in GroupSpec::ALL {
        let table = tables.get(kind).unwrap();
        let d = data.groups.iter().find(|g| g.spec == kind).unwrap();
        let layout = Layout::new(kind);
        // Far fewer classes than vectors: the point of the classes.
        assert!(
            table.class_count() * 100 < table.len(),
            "{kind:?}: {} classes for {} vectors",
            table.class_count(),
            table.len()
        );
        for (r, c) in layout.vectors().iter().enumerate() {
            let key = layout.key(c);
            assert_eq!(table.word_at(r), d.shanten[r], "{kind:?} {c:?}: word");
            assert_eq!(table.win_at(r), d.win[r], "{kind:?} {c:?}: win byte");
            assert_eq!(
                table.lanes16_at(r),
                to16(&unpack_lanes(d.shanten[r])),
                "{kind:?} {c:?}: lanes"
            );
            // The win byte of the generated data, the excess of its shanten word.
            let mut want = d.win[r] as u64 | (d.shanten[r] >> 60) << 8;
            for (slot, &x) in c[..kind.slots()].iter().enumerate() {
                let field = match x {
                    0 => continue,
                    1 => aux::ONCE,
                    2 => aux::TWICE,
                    3 => aux::THRICE,
                    _ => aux::FOUR,
                };
                want += 1 << field;
                want += 1 << (aux::PRESENT + slot as u32);
                want += (x as u64) << aux::TILES;
                if kind.orphan_slots() >> slot & 1 == 1 {
                    want += 1 << aux::ORPHANS;
                    if x >= 2 {
                        want += 1 << aux::DUPS;
                    }
                }
            }
            // Beside those fields the aux word names the vector's class, where its lanes are.
            let got = table.aux_of(key);
            let class = (aux::CLASSES as u64 - 1) << aux::CLASS;
            assert_eq!(table.rank_of_key(key), r, "{kind:?} {c:?}: rank");
            assert_eq!(got & !class, want, "{kind:?} {c:?}: aux word");
            assert_eq!(
                table.lanes16_of(got),
                to16(&unpack_lanes(d.shanten[r])),
                "{kind:?} {c:?}: lanes of the aux word's class"
            );
            assert_eq!(table.entry(c).aux, got, "{kind:?} {c:?}: entry");
        }
    }
}
