//! The batch calls answer every hand exactly as one single-hand call per hand does — values
//! and statuses — on random hands of every preset, with declared melds, wild kinds, seen
//! tiles and bad hands mixed in; and bad arguments are statuses, with nothing written.

mod common;

use common::{engine, random_hand, Rng};
use hupai::Rules;
use hupai_c::*;
use std::ptr::{null, null_mut};

/// A batch of `n` hands: counts, melds (`HUPAI_MAX_MELDS` places each), meld counts, seen.
struct Batch {
    counts: Vec<u8>,
    melds: Vec<HupaiMeld>,
    meld_counts: Vec<u8>,
    seen: Vec<u8>,
}

const NO_MELD: HupaiMeld = HupaiMeld {
    kind: 0,
    tiles: [0; 3],
};

/// `n` random hands of the kinds in `in_play` (a 34-bit mask: rules leave some out).
fn batch(rng: &mut Rng, n: usize, in_play: u64) -> Batch {
    let mut b = Batch {
        counts: Vec::new(),
        melds: Vec::new(),
        meld_counts: Vec::new(),
        seen: Vec::new(),
    };
    for _ in 0..n {
        let tiles = 13 + rng.below(2) as usize;
        let melds = [0, 0, 0, 1, 2][rng.below(5) as usize];
        let (mut counts, list) = random_hand(rng, tiles, melds);
        let out = |k: usize| in_play >> k & 1 == 0;
        while (0..34).any(|k| counts[k] > 0 && out(k)) {
            let (from, to) = (rng.below(34) as usize, rng.below(34) as usize);
            let free = list.iter().all(|m| m.tiles[0] as usize != to);
            if counts[from] > 0 && out(from) && !out(to) && counts[to] < 4 && free {
                counts[from] -= 1;
                counts[to] += 1;
            }
        }
        let mut meld_count = list.len() as u8;
        match rng.below(50) {
            0 => counts[rng.below(34) as usize] = 5,  // a count past 4
            1 => counts[rng.below(34) as usize] += 1, // a tile too many
            2 => meld_count = 5,                      // more melds than a hand has
            _ => {}
        }
        let mut places = [NO_MELD; HUPAI_MAX_MELDS];
        places[..list.len()].copy_from_slice(&list);
        if rng.below(40) == 0 && !list.is_empty() {
            places[0].kind = 9; // not a meld kind
        }
        let mut seen = [0u8; 34];
        for _ in 0..rng.below(8) {
            seen[rng.below(34) as usize] += 1;
        }
        if rng.below(60) == 0 {
            seen[rng.below(34) as usize] = 5;
        }
        b.counts.extend_from_slice(&counts);
        b.melds.extend_from_slice(&places);
        b.meld_counts.push(meld_count);
        b.seen.extend_from_slice(&seen);
    }
    b
}

#[test]
fn batches_answer_as_single_calls_under_every_preset() {
    let mut rng = Rng(33);
    for (p, preset) in Rules::PRESETS.iter().enumerate() {
        // Wild kinds for some engines (9s, 9m) besides the rules' own.
        let wild = [0u64, 1 << 26, 0, 1 << 8][p % 4];
        let e = engine(preset, wild);
        let n = 3_000;
        let b = batch(&mut rng, n, Rules::preset(preset).unwrap().in_play().0);
        // With the melds, and without (null melds: every hand concealed).
        for with_melds in [true, false] {
            let (melds, meld_counts) = if with_melds {
                (b.melds.as_ptr(), b.meld_counts.as_ptr())
            } else {
                (null(), null())
            };
            let mut shanten = vec![7i8; n];
            let mut win = vec![7u8; n];
            let mut needed = vec![7i32; n];
            let mut ukeire = vec![HupaiUkeire::default(); n];
            let mut st = [
                vec![HupaiStatus::Internal; n],
                vec![HupaiStatus::Internal; n],
            ];
            let mut st2 = [
                vec![HupaiStatus::Internal; n],
                vec![HupaiStatus::Internal; n],
            ];
            // SAFETY: every array holds `n` hands' worth.
            let first = unsafe {
                [
                    hupai_shanten_batch(
                        e,
                        n,
                        b.counts.as_ptr(),
                        melds,
                        meld_counts,
                        shanten.as_mut_ptr(),
                        st[0].as_mut_ptr(),
                    ),
                    hupai_is_win_batch(
                        e,
                        n,
                        b.counts.as_ptr(),
                        melds,
                        meld_counts,
                        win.as_mut_ptr(),
                        st[1].as_mut_ptr(),
                    ),
                    hupai_wildcards_needed_batch(
                        e,
                        n,
                        b.counts.as_ptr(),
                        melds,
                        meld_counts,
                        needed.as_mut_ptr(),
                        st2[0].as_mut_ptr(),
                    ),
                    hupai_ukeire_batch(
                        e,
                        n,
                        b.counts.as_ptr(),
                        melds,
                        meld_counts,
                        b.seen.as_ptr(),
                        ukeire.as_mut_ptr(),
                        st2[1].as_mut_ptr(),
                    ),
                ]
            };
            let statuses = [&st[0], &st[1], &st2[0], &st2[1]];
            let mut bad = 0;
            for i in 0..n {
                let c = &b.counts[34 * i..34 * i + 34];
                let (m, k) = if with_melds {
                    (
                        b.melds[HUPAI_MAX_MELDS * i..].as_ptr(),
                        b.meld_counts[i] as usize,
                    )
                } else {
                    (null(), 0)
                };
                let (mut s1, mut w1, mut n1, mut u1) = (7i8, 7u8, 7i32, HupaiUkeire::default());
                // SAFETY: one hand's counts, its melds, writable answers.
                let single = unsafe {
                    [
                        hupai_shanten(e, c.as_ptr(), m, k, &mut s1),
                        hupai_is_win(e, c.as_ptr(), m, k, &mut w1),
                        hupai_wildcards_needed(e, c.as_ptr(), m, k, &mut n1),
                        hupai_ukeire(e, c.as_ptr(), m, k, b.seen[34 * i..].as_ptr(), &mut u1),
                    ]
                };
                for (q, s) in single.iter().enumerate() {
                    assert_eq!(statuses[q][i], *s, "{preset}: hand {i}, answer {q}");
                }
                bad += (single[0] != HupaiStatus::Ok) as usize;
                let ok = |q: usize| single[q] == HupaiStatus::Ok;
                assert_eq!(
                    shanten[i],
                    if ok(0) { s1 } else { 0 },
                    "{preset}: shanten {i}"
                );
                assert_eq!(win[i], if ok(1) { w1 } else { 0 }, "{preset}: win {i}");
                assert_eq!(
                    needed[i],
                    if ok(2) { n1 } else { -1 },
                    "{preset}: needed {i}"
                );
                let none = HupaiUkeire::default();
                assert_eq!(
                    ukeire[i],
                    if ok(3) { u1 } else { none },
                    "{preset}: ukeire {i}"
                );
            }
            // The returned status is the first hand's failure (or OK).
            for (q, f) in first.iter().enumerate() {
                let want = statuses[q]
                    .iter()
                    .copied()
                    .find(|s| *s != HupaiStatus::Ok)
                    .unwrap_or(HupaiStatus::Ok);
                assert_eq!(*f, want, "{preset}: batch status {q}");
            }
            // Bad hands are in the mix, and most hands are answered (without their melds, the
            // hands that declared some are short of tiles: bad too).
            let most = if with_melds { n / 4 } else { 3 * n / 4 };
            assert!(bad > 0 && bad < most, "{preset}: {bad} bad hands");
        }
        // SAFETY: the handle is live and freed once.
        unsafe { hupai_engine_free(e) };
    }
}

#[test]
fn bad_batch_arguments_are_statuses_with_nothing_written() {
    let e = engine("riichi", 0);
    let counts = [0u8; 34 * 2];
    let mut out = [9i8; 2];
    let mut st = [HupaiStatus::Internal; 2];
    // SAFETY: null pointers are what is tested; the others are valid for 2 hands.
    unsafe {
        assert_eq!(
            hupai_shanten_batch(
                null(),
                2,
                counts.as_ptr(),
                null(),
                null(),
                out.as_mut_ptr(),
                st.as_mut_ptr()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_shanten_batch(
                e,
                2,
                null(),
                null(),
                null(),
                out.as_mut_ptr(),
                st.as_mut_ptr()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_shanten_batch(
                e,
                2,
                counts.as_ptr(),
                null(),
                null(),
                null_mut(),
                st.as_mut_ptr()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_shanten_batch(
                e,
                2,
                counts.as_ptr(),
                null(),
                null(),
                out.as_mut_ptr(),
                null_mut()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(out, [9, 9], "nothing written on a bad argument");
        // No hands: nothing to do, nothing read.
        assert_eq!(
            hupai_shanten_batch(e, 0, null(), null(), null(), null_mut(), null_mut()),
            HupaiStatus::Ok
        );
        // Empty hands are bad hands, each with its status.
        assert_eq!(
            hupai_shanten_batch(
                e,
                2,
                counts.as_ptr(),
                null(),
                null(),
                out.as_mut_ptr(),
                st.as_mut_ptr()
            ),
            HupaiStatus::BadHand
        );
        assert_eq!(st, [HupaiStatus::BadHand; 2]);
        // Meld counts without melds.
        let meld_counts = [1u8, 0];
        assert_eq!(
            hupai_shanten_batch(
                e,
                2,
                counts.as_ptr(),
                null(),
                meld_counts.as_ptr(),
                out.as_mut_ptr(),
                st.as_mut_ptr()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(st, [HupaiStatus::NullPointer, HupaiStatus::BadHand]);
        hupai_engine_free(e);
    }
}

/// `hupai_ukeire` (and its batch) through the counts entry keeps what each status means: a bad
/// hand is `BadHand`, a problem only `seen` brings is `TooManySeen`.
#[test]
fn ukeire_statuses_keep_their_meaning() {
    let e = engine("sichuan", 0); // the honors are out of play
    let mut hand = [0u8; 34];
    // SAFETY: NUL-terminated text and 34 writable bytes.
    unsafe {
        assert_eq!(
            hupai_parse_tiles(c"123m456p789s1123m".as_ptr(), hand.as_mut_ptr()),
            HupaiStatus::Ok
        );
    }
    let ukeire = |hand: &[u8; 34], seen: &[u8; 34]| {
        let mut u = HupaiUkeire::default();
        // SAFETY: a live handle, 34 counts, 34 seen counts, a writable answer.
        unsafe { hupai_ukeire(e, hand.as_ptr(), null(), 0, seen.as_ptr(), &mut u) }
    };
    let mut seen = [0u8; 34];
    assert_eq!(ukeire(&hand, &seen), HupaiStatus::Ok);
    seen[27] = 1; // an east wind seen: out of play, and only `seen` shows it
    assert_eq!(ukeire(&hand, &seen), HupaiStatus::TooManySeen);
    seen[27] = 0;
    seen[0] = 4; // 1m: one in hand and four seen
    assert_eq!(ukeire(&hand, &seen), HupaiStatus::TooManySeen);
    seen[0] = 0;
    let mut honors = hand;
    honors[0] -= 1;
    honors[27] += 1; // the hand holds an east wind
    assert_eq!(ukeire(&honors, &seen), HupaiStatus::BadHand);
    let mut short = hand;
    short[0] -= 1; // 12 tiles
    assert_eq!(ukeire(&short, &seen), HupaiStatus::BadHand);
    // SAFETY: the handle is live and freed once.
    unsafe { hupai_engine_free(e) };
}
