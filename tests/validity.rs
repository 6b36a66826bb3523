//! No answer for a hand that is not one: every public constructor validates, hands keep
//! `concealed + 3 × melds` at 13 or 14, `seen` out of range is an error — and no public
//! method panics on anything a caller can build.

mod reference;

use hupai::decompositions;
use hupai::{Engine, Hand, HandError, Meld, MeldKind, Rules};
use hupai::{Tile, TileSet};
use reference::Rng;

/// Every public engine method on a hand, with the answers that must agree on its shape.
fn every_method(e: &Engine, h: &Hand, seen: &[u8; 34]) {
    let complete = h.is_complete_count();
    let win = e.is_win(h);
    let s = e.shanten(h);
    assert!((-1..=8).contains(&s), "{h}: shanten {s}");
    assert_eq!(win, s == -1, "{h}: win {win} shanten {s}");
    assert!(complete || !win, "{h}: a 3k+1 hand never wins");
    assert_eq!(e.forms(h).best() as i8 - 1, s, "{h}");
    match e.wildcards_needed(h) {
        Some(n) => assert!(complete && (n > h.wildcards() as u32 || win), "{h}"),
        None => assert!(!complete || !win || h.meld_count() == 0, "{h}"),
    }
    let waits = e.waits(h);
    let improving = e.improving(h);
    let u = e.ukeire(h, seen);
    let wu = e.waits_and_ukeire(h, seen).unwrap();
    let report = e.discards(h, seen);
    let mut buf = [None; 14];
    let n = e.discards_into(h, seen, &mut buf);
    let better = e.improvements(h, seen);
    // A question of the other size is an error naming it, the same from every entry.
    let wrong = |question| HandError::WrongSize {
        question,
        tiles: h.concealed_len() + 3 * h.meld_count(),
    };
    if complete {
        assert!(waits.is_empty() && wu.is_none(), "{h}");
        assert_eq!(u, Err(wrong("ukeire")), "{h}");
        assert_eq!(better, Err(wrong("improvements")), "{h}");
        let kinds = h.counts().iter().filter(|&&c| c > 0).count();
        assert_eq!((report.unwrap().len(), n), (kinds, Ok(kinds)), "{h}");
        assert_eq!(decompositions(e, h, 4).is_empty(), !win, "{h}");
    } else {
        let u = u.unwrap();
        assert!(better.is_ok(), "{h}");
        assert_eq!(report, Err(wrong("discards")), "{h}");
        assert_eq!(n, Err(wrong("discards")), "{h}");
        assert_eq!(wu, Some((s, waits, u)), "{h}");
        assert!(u.tiles.iter().all(|t| improving.contains(t)), "{h}");
        assert!(decompositions(e, h, 4).is_empty(), "{h}");
    }
}

/// `n` concealed tiles and `m` declared pungs, spread over the kinds.
fn build(n: usize, m: usize, wild: TileSet, rng: &mut Rng) -> Result<Hand, HandError> {
    let mut c = [0u8; 34];
    let mut placed = 0;
    while placed < n {
        let t = rng.below(34) as usize;
        if c[t] < 4 {
            c[t] += 1;
            placed += 1;
        }
    }
    let melds: Vec<Meld> = (0..34)
        .filter(|&k| c[k] == 0)
        .take(m)
        .map(|k| {
            let t = Tile::from_index(k);
            Meld::parse(
                &format!("{0}{0}{0}{1}", t.number(), t.suit().letter()),
                &Rules::riichi(),
            )
            .unwrap()
        })
        .collect();
    Hand::new(c, &melds, wild)
}

#[test]
fn every_tile_count_and_meld_count_is_refused_or_answered() {
    let mut rng = Rng(1);
    let mut answered = 0;
    for n in 0..=18 {
        for m in 0..=4 {
            for rep in 0..6 {
                let wild = match rep % 3 {
                    0 => TileSet::EMPTY,
                    1 => TileSet::from_iter([Tile::from_index(rng.below(34) as usize)]),
                    _ => TileSet::parse("5m1z").unwrap(),
                };
                let valid = n + 3 * m == 13 || n + 3 * m == 14;
                match build(n, m, wild, &mut rng) {
                    Ok(h) => {
                        assert!(valid, "{n} tiles + {m} melds accepted");
                        for (_, rules) in Rules::presets() {
                            // The same hand fitted to the tiles in play (melds out of play
                            // are refused).
                            let melds: Vec<Meld> = h.melds().collect();
                            let fitted =
                                reference::hand_under(*h.counts(), &melds, h.wild(), &rules);
                            if let Ok(fitted) = fitted {
                                every_method(&Engine::new(rules), &fitted, &[0; 34]);
                            }
                        }
                        // Drawing and discarding never leave 13..=14.
                        for t in Tile::all() {
                            if let Some(d) = h.with_tile(t) {
                                assert_eq!(d.concealed_len() + 3 * m, 14);
                            }
                            if let Some(d) = h.without_tile(t) {
                                assert_eq!(d.concealed_len() + 3 * m, 13);
                            }
                        }
                        answered += 1;
                    }
                    Err(e) => assert!(
                        !valid && matches!(e, HandError::WrongCount { .. }),
                        "{n} + {m}: {e}"
                    ),
                }
            }
        }
    }
    assert!(answered >= 5 * 6, "{answered}");
}

#[test]
fn off_count_hands_of_the_issue_cannot_be_built() {
    // 17 tiles, 2 tiles, 14 concealed + 4 declared melds: refused at construction.
    for (hand, melds) in [
        ("11123456789999m123p", vec![]),
        ("55m", vec![]),
        ("11123456789999m", vec!["111z", "222z", "333z", "444z"]),
    ] {
        let e = melds
            .iter()
            .fold(Hand::builder(hand), |b, m| b.meld(m))
            .build()
            .unwrap_err();
        assert!(matches!(e, HandError::WrongCount { .. }), "{hand}: {e}");
    }
    // A 14-tile hand cannot draw, a 13-tile hand cannot discard.
    let h14 = Hand::builder("11123456789999m").build().unwrap();
    assert!(Tile::all().all(|t| h14.with_tile(t).is_none()));
    let h13 = h14.without_tile("9m".parse().unwrap()).unwrap();
    assert!(Tile::all().all(|t| h13.without_tile(t).is_none()));
    // A draw respects the copies in declared melds: no 5th visible 1m.
    let h = Hand::builder("1m2345678p22z").meld("111m").build().unwrap();
    assert!(h.with_tile("1m".parse().unwrap()).is_none());
    assert!(h.with_tile("2m".parse().unwrap()).is_some());
}

#[test]
fn constructors_refuse_what_is_not_a_hand_or_a_meld() {
    let c = Hand::builder("123456789m11223z").build().unwrap();
    // A wild set with bits past the 34 kinds.
    let e = Hand::new(*c.counts(), &[], TileSet(1 << 40)).unwrap_err();
    assert!(matches!(e, HandError::BadWild { .. }), "{e}");
    // The counts entries refuse such a set too, alone or beside real wild kinds, per call and
    // in a batch on every instruction set (they check it only where a wild bit is set).
    for engine in hupai::Isa::ALL
        .iter()
        .filter(|isa| isa.supported())
        .map(|&isa| Engine::new(Rules::riichi()).with_isa(isa).unwrap())
    {
        for wild in [
            TileSet(1 << 40),
            TileSet(1 << 40 | 1 << 3),
            TileSet(1 << 63),
        ] {
            let e = engine.is_win_counts(c.counts(), wild).unwrap_err();
            assert!(matches!(e, HandError::BadWild { .. }), "{e}");
            let e = engine.shanten_counts(c.counts(), wild).unwrap_err();
            assert!(matches!(e, HandError::BadWild { .. }), "{e}");
            let mut answers = Vec::new();
            engine.is_win_counts_each(&[*c.counts()], wild, |_, r| answers.push(r.is_err()));
            engine.shanten_counts_each(&[*c.counts()], wild, |_, r| answers.push(r.is_err()));
            assert_eq!(answers, [true, true]);
        }
    }
    // Made-up melds: a chow 8m9m1p, a pung over three kinds, a chow of two kinds.
    let set = |s: &str| TileSet::parse(s).unwrap();
    for (kind, tiles) in [
        (MeldKind::Chow, set("89m1p")),
        (MeldKind::Pung, set("123m")),
        (MeldKind::Kong, set("12z")),
        (MeldKind::Chow, set("12m")),
        (MeldKind::Chow, set("135m")),
        (MeldKind::Chow, TileSet(0b111 << 40)),
    ] {
        let e = Meld::new(kind, tiles, &Rules::nanchang()).unwrap_err();
        assert!(matches!(e, HandError::BadMeld { .. }), "{e}");
    }
    assert!(Meld::new(MeldKind::Chow, set("124z"), &Rules::nanchang()).is_ok());
    assert!(Meld::new(MeldKind::Chow, set("124z"), &Rules::riichi()).is_err());
    assert!(Meld::new(MeldKind::Chow, set("567z"), &Rules::nanchang()).is_ok());
    assert!(Meld::new(MeldKind::Chow, set("456z"), &Rules::nanchang()).is_err());
    assert_eq!(
        Meld::new(MeldKind::Pung, set("5z"), &Rules::riichi())
            .unwrap()
            .to_string(),
        "555z"
    );
}

#[test]
fn seen_out_of_range_is_an_error() {
    let e = Engine::new(Rules::chinese());
    let h13 = Hand::builder("1m2345678p22z").meld("111m").build().unwrap();
    let h14 = h13.with_tile("3z".parse().unwrap()).unwrap();
    let mut seen = [0u8; 34];
    seen[0] = 1; // 1m: 3 in the meld + 1 concealed + 1 seen
    assert!(e.ukeire(&h13, &seen).is_err());
    assert!(e.waits_and_ukeire(&h13, &seen).is_err());
    assert!(e.improvements(&h13, &seen).is_err());
    assert!(e.discards(&h14, &seen).is_err());
    assert!(e.discards_into(&h14, &seen, &mut [None; 14]).is_err());
    // Counts that would wrap a byte: an error, not a wrong count or a panic.
    let seen = [255u8; 34];
    let msg = e.ukeire(&h13, &seen).unwrap_err().to_string();
    assert!(msg.contains("in hand, melds and seen"), "{msg}");
    assert!(e.discards(&h14, &seen).is_err());
    // In range: answered.
    seen_ok(&e, &h13);
}

fn seen_ok(e: &Engine, h: &Hand) {
    let mut seen = [0u8; 34];
    seen[28] = 2; // 2z: two concealed, two seen
    let u = e.ukeire(h, &seen).unwrap();
    assert!(!u.tiles.contains("2z".parse().unwrap()));
}
