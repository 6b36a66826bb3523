//! Properties that tie the engine's answers together, for any hand under any rules and wild
//! set (CONTRACT.md's definitions, one in terms of another). One copy serves the exactness
//! tests, the proptest suite and the `engine` fuzz target (which includes this file by path).
//! Each check panics with the hand when it fails.
// Each test binary uses a part of it.
#![allow(dead_code)]

use hupai::{decompositions, Form, SetKind};
use hupai::{Engine, Hand, Tile};

/// The hand, its melds, wild kinds and rules, for a failure message.
fn describe(e: &Engine, h: &Hand) -> String {
    let rules = e.rules();
    let melds: Vec<String> = h.melds().map(|m| m.to_string()).collect();
    format!("{h} melds {melds:?} wild {:?} {rules:?}", h.wild())
}

/// Checks every cross-answer property of one hand.
pub fn check(e: &Engine, h: &Hand) {
    let s = e.shanten(h);
    let who = || describe(e, h);
    assert_eq!(e.is_win(h), s == -1, "win ⇔ shanten −1: {}", who());
    let none = [0u8; 34];
    let visible = h.visible();
    if !h.is_complete_count() {
        let waits = e.waits(h);
        assert_eq!(
            !waits.is_empty(),
            s == 0,
            "waits ⇔ tenpai ({waits:?}, {s}): {}",
            who()
        );
        let u = e.ukeire(h, &none).expect("no seen tiles");
        for t in Tile::all() {
            // A tile left to draw (fewer than 4 visible) is effective iff it lowers shanten.
            let Some(d) = h.with_tile(t) else { continue };
            let lowers = e.shanten(&d) < s;
            assert_eq!(u.tiles.contains(t), lowers, "ukeire {t}: {}", who());
            if waits.contains(t) {
                assert!(e.is_win(&d), "wait {t} does not win: {}", who());
            }
        }
        for (t, n) in e.improvements(h, &none).expect("no seen tiles") {
            assert!(
                !u.tiles.contains(t),
                "improvement {t} is effective: {}",
                who()
            );
            // After drawing it, some discard keeps the shanten with a larger ukeire: `n`.
            let d = h.with_tile(t).expect("an improvement can be drawn");
            let report = e.discards(&d, &none).expect("no seen tiles");
            let best = report
                .iter()
                .filter(|x| x.tile != t && x.shanten == s)
                .map(|x| x.ukeire.count)
                .max();
            assert_eq!(best, Some(n), "improvement {t}: {}", who());
            assert!(
                n > u.count,
                "improvement {t} does not raise ukeire: {}",
                who()
            );
        }
    } else {
        let report = e.discards(h, &none).expect("no seen tiles");
        for d in &report {
            let after = h.without_tile(d.tile).expect("a discard is held");
            let alone = e.shanten(&after);
            assert_eq!(d.shanten, alone, "discard {}: {}", d.tile, who());
            // Its ukeire is that of the 13 tiles left, counted over the 14 (the discard seen).
            let tiles = e.improving(&after);
            let left: u32 = tiles.iter().map(|t| 4 - visible[t.index()] as u32).sum();
            assert_eq!(d.ukeire.count, left, "discard {} count: {}", d.tile, who());
            assert!(
                d.ukeire.tiles.iter().all(|t| tiles.contains(t)),
                "{}",
                who()
            );
        }
        let best = report
            .first()
            .expect("a 14-tile hand has a discard")
            .shanten;
        assert_eq!(best, s.max(0), "best discard vs 14-tile shanten: {}", who());
        check_decompositions(e, h);
    }
}

/// A winning hand has decompositions, each of which rebuilds the hand and is legal under the rules;
/// a hand that does not win has none. The standard form wins exactly when the wildcards
/// needed are at most the wildcards held.
pub fn check_decompositions(e: &Engine, h: &Hand) {
    let who = || describe(e, h);
    let all = decompositions(e, h, 16);
    assert_eq!(
        all.is_empty(),
        !e.is_win(h),
        "decompositions ⇔ win: {}",
        who()
    );
    let standard = e
        .wildcards_needed(h)
        .is_some_and(|n| n <= h.wildcards() as u32);
    if !all.is_empty() {
        assert_eq!(
            all.iter().any(|d| d.form == Form::Standard),
            standard,
            "{}",
            who()
        );
    }
    let r = e.rules();
    for d in &all {
        let allowed = match d.form {
            Form::Standard => true,
            Form::SevenPairs => r.seven_pairs != hupai::SevenPairs::Off,
            Form::ThirteenOrphans => r.thirteen_orphans,
            Form::Shisanlan => r.shisanlan,
            Form::Qixing => r.qixing,
            Form::Quanbukao => r.quanbukao,
            Form::QixingBukao => r.qixing_bukao,
            Form::KnittedStraight => r.knitted_straight,
            Form::Pattern(p) => r.patterns.contains(p) && d.patterns.contains(&p),
            other => panic!("a form these properties do not know yet: {other:?}"),
        };
        assert!(
            allowed && h.meld_count() <= d.form.max_declared(),
            "{d}: {}",
            who()
        );
        // The concealed tiles, as physical tiles (a wildcard counts as its own kind).
        let mut counts = [0u8; 34];
        let mut declared = 0;
        for set in &d.sets {
            if set.declared {
                declared += 1;
                continue;
            }
            for slot in &set.slots {
                if let Some(w) = slot.wildcard {
                    assert!(h.wild().contains(w), "{d}: {w} is not wild: {}", who());
                }
                counts[slot.wildcard.unwrap_or(slot.tile).index()] += 1;
            }
            if d.form == Form::Standard || set.kind != hupai::SetKind::Single {
                assert!(
                    legal(set.kind, &set.slots, r.honor_runs),
                    "{d}: {:?}: {}",
                    set.kind,
                    who()
                );
            }
        }
        assert_eq!(
            &counts,
            h.counts(),
            "{d} does not rebuild the hand: {}",
            who()
        );
        assert_eq!(declared, h.meld_count(), "{d}: declared melds: {}", who());
        // Every tile the decomposition holds (what each wildcard stands for included) is in play;
        // under 缺一门 they span at most two suits; under 258将 the standard pair is 2, 5 or 8.
        let roles: Vec<hupai::Tile> = d
            .sets
            .iter()
            .flat_map(|s| s.slots.iter().map(|x| x.tile))
            .collect();
        for t in &roles {
            assert!(
                r.in_play().contains(*t),
                "{d}: {t} is out of play: {}",
                who()
            );
        }
        if r.lack_suit {
            let suits: std::collections::BTreeSet<usize> = roles
                .iter()
                .filter(|t| !t.is_honor())
                .map(|t| t.index() / 9)
                .collect();
            assert!(suits.len() <= 2, "{d}: three suits: {}", who());
        }
        if r.pair_258 && d.form == Form::Standard && d.patterns.is_empty() {
            for set in d.sets.iter().filter(|s| s.kind == hupai::SetKind::Pair) {
                let t = set.slots[0].tile;
                assert!(
                    !t.is_honor() && [2, 5, 8].contains(&t.number()),
                    "{d}: pair {t}: {}",
                    who()
                );
            }
        }
        // Without the plain win, a standard decomposition wins only by a pattern; each pattern a
        // decomposition names holds by its words.
        if !r.plain_win && d.form == Form::Standard {
            assert!(!d.patterns.is_empty(), "{d}: a plain win: {}", who());
        }
        for &p in &d.patterns {
            assert!(
                r.patterns.contains(p) && pattern_holds(p, d, &roles),
                "{d}: {p} named: {}",
                who()
            );
        }
    }
}

/// Whether a decomposition holds a win pattern, from the pattern's words.
fn pattern_holds(p: hupai::Pattern, d: &hupai::Decomposition, roles: &[hupai::Tile]) -> bool {
    use hupai::Pattern;
    let suits = |honors_too: bool| {
        (0..3).any(|s| {
            roles
                .iter()
                .all(|t| t.index() / 9 == s && t.index() < 27 || honors_too && t.is_honor())
        })
    };
    match p {
        Pattern::AllPungs => {
            d.sets
                .iter()
                .all(|s| s.kind != SetKind::Chow && s.kind != SetKind::Single)
                && d.sets.iter().filter(|s| s.kind == SetKind::Pair).count() == 1
        }
        Pattern::OneSuit => suits(false),
        Pattern::OneSuitHonors => suits(true),
        Pattern::All258 => roles
            .iter()
            .all(|t| !t.is_honor() && [2, 5, 8].contains(&t.number())),
        Pattern::AllHonors => roles.iter().all(|t| t.is_honor()),
        Pattern::FourWild => {
            let wild: Vec<hupai::Tile> = d.wild_roles().iter().map(|r| r.0).collect();
            wild.iter()
                .any(|w| wild.iter().filter(|x| *x == w).count() == 4)
        }
    }
}

/// Whether a concealed set of a standard decomposition is a pair, a pung or a run.
fn legal(kind: SetKind, slots: &[hupai::Slot], honor_runs: bool) -> bool {
    let mut k: Vec<usize> = slots.iter().map(|x| x.tile.index()).collect();
    k.sort_unstable();
    match (kind, k.len()) {
        (SetKind::Pair, 2) => k[0] == k[1],
        (SetKind::Pung, 3) => k[0] == k[2],
        (SetKind::Chow, 3) => {
            let run = k[2] < 27 && k[0] / 9 == k[2] / 9 && k[1] == k[0] + 1 && k[2] == k[0] + 2;
            let winds = k[0] >= 27 && k[2] <= 30 && k[0] < k[1] && k[1] < k[2];
            run || (honor_runs && (winds || k == [31, 32, 33]))
        }
        _ => false,
    }
}
