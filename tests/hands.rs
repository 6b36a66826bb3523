//! Random hands against whole-hand brute-force references: plain and with 1–8 wildcards,
//! every preset, with and without declared melds.

mod consistency;
mod reference;

use hupai::GroupSpec;
use hupai::{Engine, Hand, Meld, MeldKind, Rules};
use hupai::{Tile, TileSet};
use reference::hands::*;
use reference::*;
use std::ops::Range;

#[test]
fn win_check_matches_backtracking_with_up_to_8_wildcards() {
    win_check_matches_backtracking_with_up_to_8_wildcards_over(0..15_000);
}

/// The full sweep of [`win_check_matches_backtracking_with_up_to_8_wildcards`] (its first
/// half: two tests, so that two cores share it).
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn win_check_matches_backtracking_with_up_to_8_wildcards_sweep() {
    win_check_matches_backtracking_with_up_to_8_wildcards_over(0..30_000);
}

/// The second half of the sweep above.
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn win_check_matches_backtracking_with_up_to_8_wildcards_sweep_second_half() {
    win_check_matches_backtracking_with_up_to_8_wildcards_over(30_000..60_000);
}

/// Hands `hands` of the sequence (each drawn from its own seed, so a range is a part of it).
fn win_check_matches_backtracking_with_up_to_8_wildcards_over(hands: Range<usize>) {
    let reference = Reference::new();
    let n = hands.len();
    let mut wins = 0;
    for i in hands {
        let mut rng = Rng(1 + (i as u64) * 7919);
        let rules = preset(i);
        let melds = if i % 5 == 0 { (i / 5) % 4 } else { 0 };
        let max_wild = (i % 9) as u8;
        let h = random_hand(&mut rng, 14, melds, max_wild, &rules);
        let got = Engine::new(rules).is_win(&h);
        assert_eq!(
            got,
            reference.wins(&h, &rules),
            "{h} wild {:?} melds {} {rules:?}",
            h.wild(),
            melds
        );
        wins += got as u32;
        // Its decompositions rebuild the hand and are legal (none when it does not win).
        consistency::check_decompositions(&Engine::new(rules), &h);
        // win ⇔ shanten == -1
        assert_eq!(got, Engine::new(rules).shanten(&h) == -1, "{h}");
    }
    assert!(
        wins as usize * 20 > n,
        "the sample must hold many wins: {wins} of {n}"
    );
}

#[test]
fn shanten_matches_the_literal_reference_with_up_to_4_wildcards() {
    shanten_matches_the_literal_reference_with_up_to_4_wildcards_over(0..200);
}

/// The second half of the hands of the test above: two tests, so that two cores share them.
#[test]
fn shanten_matches_the_literal_reference_with_up_to_4_wildcards_second_half() {
    shanten_matches_the_literal_reference_with_up_to_4_wildcards_over(200..400);
}

/// The full sweep of [`shanten_matches_the_literal_reference_with_up_to_4_wildcards`] (its
/// first half: two tests, so that two cores share it).
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn shanten_matches_the_literal_reference_with_up_to_4_wildcards_sweep() {
    shanten_matches_the_literal_reference_with_up_to_4_wildcards_over(0..2_000);
}

/// The second half of the sweep above.
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn shanten_matches_the_literal_reference_with_up_to_4_wildcards_sweep_second_half() {
    shanten_matches_the_literal_reference_with_up_to_4_wildcards_over(2_000..4_000);
}

/// Hands `hands` of the sequence (each drawn from its own seed, so a range is a part of it).
fn shanten_matches_the_literal_reference_with_up_to_4_wildcards_over(hands: Range<usize>) {
    let reference = Reference::new();
    for i in hands {
        let mut rng = Rng(2 + (i as u64) * 7919);
        let rules = preset(i);
        // One hand in eight has 14 tiles (the literal 14-tile answer tries every discard).
        let tiles = if i % 8 == 7 { 14 } else { 13 };
        let melds = if i % 4 == 0 { (i / 4) % 4 } else { 0 };
        let max_wild = ((i / 6) % 5) as u8;
        let h = random_hand(&mut rng, tiles, melds, max_wild, &rules);
        assert_eq!(
            Engine::new(rules).shanten(&h),
            reference.shanten(&h, &rules),
            "{h} wild {:?} melds {melds} {rules:?}",
            h.wild()
        );
    }
}

/// `h` after drawing `t`, as CONTRACT.md reads waits: only concealed copies bar a draw. Where
/// declared melds already show 4 copies of `t` no such hand exists, so the melds are swapped
/// for melds of kinds nobody holds, each in its meld's suit and of its shape (answers depend
/// on how many melds there are, which suits they hold and, under the win patterns, whether
/// they are chows, 2-5-8 or wild kinds, not which kinds). Kinds out of play are never drawn.
fn drawn(h: &Hand, t: Tile, rules: &Rules) -> Option<Hand> {
    if !rules.in_play().contains(t) {
        return None;
    }
    if let Some(d) = h.with_tile(t) {
        return Some(d);
    }
    if h.counts()[t.index()] >= 4 {
        return None;
    }
    // Every meld is replaced: a new meld may use the copies the concealed tiles and the drawn
    // tile leave.
    let mut used = *h.counts();
    used[t.index()] += 1;
    let is_258 = |k: Tile| !k.is_honor() && [2, 5, 8].contains(&k.number());
    let shaped = !rules.patterns.is_empty() || !rules.plain_win;
    let mut melds: Vec<Meld> = Vec::new();
    for m in h.melds() {
        let first = m.tiles().iter().next().unwrap();
        // A chow for a chow, a pung for a pung or kong, in the same suit and as near the
        // win patterns as the meld it replaces (a 2, 5 or 8, a wild kind), where the copies
        // allow (rarely nowhere: the draw is then skipped).
        let room =
            |k: Tile, n: u8, used: &[u8; 34]| k.suit() == first.suit() && used[k.index()] + n <= 4;
        let like = |k: Tile| {
            !shaped
                || is_258(k) == is_258(first) && h.wild().contains(k) == h.wild().contains(first)
        };
        let meld = if shaped && m.kind() == MeldKind::Chow {
            let run = Tile::all()
                .filter(|k| !k.is_honor() && k.number() <= 7)
                .map(|k| [k.index(), k.index() + 1, k.index() + 2].map(Tile::from_index))
                .find(|run| {
                    run.iter()
                        .all(|&k| room(k, 1, &used) && !h.wild().contains(k))
                })?;
            let text: String = run.iter().map(|k| k.number().to_string()).collect();
            for k in run {
                used[k.index()] += 1;
            }
            Meld::parse(&format!("{text}{}", first.suit().letter()), rules).unwrap()
        } else {
            let k = Tile::all().find(|&k| room(k, 3, &used) && like(k))?;
            used[k.index()] += 3;
            Meld::parse(
                &format!("{0}{0}{0}{1}", k.number(), k.suit().letter()),
                rules,
            )
            .unwrap()
        };
        melds.push(meld);
    }
    Hand::new(*h.counts(), &melds, h.wild())
        .unwrap()
        .with_tile(t)
}

#[test]
fn improving_tiles_are_exactly_the_draws_that_lower_shanten() {
    let mut rng = Rng(3);
    for i in 0..30_000 {
        let rules = preset(i);
        let melds = if i % 4 == 0 { (i / 4) % 4 } else { 0 };
        let max_wild = if i % 2 == 0 { 0 } else { ((i / 2) % 5) as u8 };
        let h = random_hand(&mut rng, 13, melds, max_wild, &rules);
        // A declared meld of a wild kind leaves no like meld to swap in where a draw needs one.
        if h.melds().any(|m| m.tiles().0 & h.wild().0 != 0) {
            continue;
        }
        let e = Engine::new(rules);
        let s = e.shanten(&h);
        let want: TileSet = Tile::all()
            .filter(|&t| drawn(&h, t, &rules).is_some_and(|d| e.shanten(&d) < s))
            .collect();
        assert_eq!(
            e.improving(&h),
            want,
            "{h} melds {:?} wild {:?} {rules:?}",
            h.melds().map(|m| m.to_string()).collect::<Vec<_>>(),
            h.wild()
        );
        let waits: TileSet = Tile::all()
            .filter(|&t| drawn(&h, t, &rules).is_some_and(|d| e.is_win(&d)))
            .collect();
        assert_eq!(
            e.waits(&h),
            waits,
            "{h} wild {:?} waits {rules:?}",
            h.wild()
        );
        // The one-evaluation answer is the three separate ones.
        let seen = [0u8; 34];
        assert_eq!(
            e.waits_and_ukeire(&h, &seen).unwrap(),
            Some((s, waits, e.ukeire(&h, &seen).unwrap())),
            "{h}"
        );
    }
}

#[test]
fn discard_report_lines_are_the_13_tile_answers() {
    let mut rng = Rng(4);
    for i in 0..3_000 {
        let rules = preset(i);
        let h = random_hand(&mut rng, 14, 0, (i % 3) as u8, &rules);
        let e = Engine::new(rules);
        let seen = rng.hand(0);
        let report = e.discards(&h, &seen).unwrap();
        let kinds = h.counts().iter().filter(|&&c| c > 0).count();
        assert_eq!(report.len(), kinds);
        for d in &report {
            let after = h.without_tile(d.tile).unwrap();
            assert_eq!(d.shanten, e.shanten(&after));
            let improving = e.improving(&after);
            let visible = h.visible();
            let count: u32 = improving
                .iter()
                .map(|t| 4 - visible[t.index()] as u32)
                .sum();
            assert_eq!(d.ukeire.count, count);
        }
        for w in report.windows(2) {
            let key = |d: &hupai::Discard| (d.shanten, std::cmp::Reverse(d.ukeire.count), d.tile);
            assert!(key(&w[0]) < key(&w[1]), "sorted");
        }
        // The best discard's shanten is the 14-tile shanten unless the hand wins.
        if !e.is_win(&h) {
            assert_eq!(report[0].shanten, e.shanten(&h));
        }
    }
}

#[test]
fn group_kinds_follow_the_rules() {
    // Honor runs only change the honor table.
    let h = Hand::builder("123m456p789s11234z").build().unwrap();
    assert_eq!(Engine::new(Rules::nanchang()).shanten(&h), -1);
    assert_eq!(Engine::new(Rules::chinese()).shanten(&h), 1);
    assert_eq!(GroupSpec::HONOR_RUNS.meld_shapes().len(), 12);
}
