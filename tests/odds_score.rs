//! The expected score in the odds (`Engine::odds_scored`, riichi): a fixed wait against its
//! closed form, tiny walls against the exact brute force of `tests/reference/odds.rs` with
//! the scorer as the value of a win, and the answers' properties and refusals.

mod reference;

use hupai::{
    Call, Engine, Hand, OddsError, OddsOptions, OddsScore, Rules, Score, ScoreError, Tile, Win,
    WinningHand,
};
use reference::odds::{tiny_case, Exact};
use reference::Rng;

const PLAIN: OddsOptions = OddsOptions {
    draws: 17,
    backward: false,
    sideways: false,
    riichi: false,
    extra: 1,
    model: hupai::WallModel::Unseen,
    max_states: 2_000_000,
    max_bytes: hupai::DEFAULT_ODDS_BYTES,
    threads: 1,
};

fn t(s: &str) -> Tile {
    Tile::parse(s).unwrap()
}

/// What a win of the 14 tiles `h14` on drawing `x` is worth, as the odds score it: a tsumo.
fn tsumo_worth(engine: &Engine, h14: &Hand, x: Tile, win: &Win) -> f64 {
    let w = Win {
        tsumo: true,
        ..win.clone()
    };
    WinningHand::from_parts(*h14.counts(), vec![], x, [0; 3])
        .ok()
        .and_then(|hand| engine.score(&hand, &w).ok())
        .and_then(Score::riichi)
        .map_or(0.0, |s| s.total as f64)
}

/// The value of drawing `x` into the 13 tiles `h13` and winning.
fn value_after(engine: &Engine, h13: &Hand, x: Tile, win: &Win) -> f64 {
    tsumo_worth(engine, &h13.with_tile(x).unwrap(), x, win)
}

#[test]
fn a_fixed_wait_is_its_closed_form() {
    let engine = Engine::new(Rules::riichi());
    // Tenpai on 2s, 5s (pinfu tsumo, 2 han) and 8s (a dora too: 3 han); no detours, so the
    // hand keeps its wait and the expectation is the waits' mean worth times the win chance.
    let hand: Hand = "123m567p22s345s67s".parse().unwrap();
    let win = Win {
        dora: vec![t("7s")],
        ..Win::default()
    };
    let score = OddsScore {
        win: win.clone(),
        calls: vec![],
        red: [0; 3],
    };
    let o = engine.odds_scored(&hand, &[0; 34], &PLAIN, &score).unwrap();
    // Its waits (2s 5s 8s) and their worth: each win's mean, by the copies left.
    let waits = engine.waits(&hand);
    assert_eq!(waits.to_string(), "258s");
    let (mut sum, mut copies) = (0.0, 0.0);
    for x in waits.iter() {
        let left = 4.0 - hand.counts()[x.index()] as f64;
        // A drawn 5s is the red 0s with chance 1/3 (three 5s outside the hand).
        let worth = if x == t("5s") {
            let red = worth_with_red(&engine, &hand, x, &win, [0, 0, 1]);
            (red + 2.0 * value_after(&engine, &hand, x, &win)) / 3.0
        } else {
            value_after(&engine, &hand, x, &win)
        };
        sum += left * worth;
        copies += left;
    }
    let (v5, v8) = (
        value_after(&engine, &hand, t("5s"), &win),
        value_after(&engine, &hand, t("8s"), &win),
    );
    assert!(v8 > v5 && v5 > 0.0, "{v5} {v8}");
    let mean = sum / copies;
    for k in 0..17 {
        let want = mean * o.win[k];
        assert!(
            (o.expected[k] - want).abs() < 1e-9 * want.max(1.0),
            "k {}: {} vs {want}",
            k + 1,
            o.expected[k]
        );
    }
    // Riichi on tenpai adds a han to every win of the closed hand.
    let riichi = OddsScore {
        win: Win {
            riichi: true,
            ..win.clone()
        },
        calls: vec![],
        red: [0; 3],
    };
    let r = engine
        .odds_scored(&hand, &[0; 34], &PLAIN, &riichi)
        .unwrap();
    assert!(r.expected[16] > o.expected[16]);
}

#[test]
fn tiny_walls_against_the_exact_brute_force() {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0xe5c0);
    let win = Win {
        seat_wind: t("1z"),
        dora: vec![t("4m")],
        // The brute force draws kinds, not copies: no red five among them.
        rules: hupai::RiichiRules {
            red_fives: false,
            ..Default::default()
        },
        ..Win::default()
    };
    let (mut n, mut exact_values, mut gaps, mut signed) = (0, 0, 0.0f64, 0.0f64);
    for case in 0..40 {
        let r = 8 + case % 4;
        let (h, wall, seen) = tiny_case(&mut rng, &engine, r);
        let score = OddsScore {
            win: win.clone(),
            calls: vec![],
            red: [0; 3],
        };
        let opts = OddsOptions {
            draws: 4,
            ..OddsOptions::default()
        };
        let o = engine.odds_scored(&h, &seen, &opts, &score).unwrap();
        // The exact player: every draw of the true wall, every discard, a win taken when
        // drawn and worth what the scorer says of the 14 tiles by tsumo.
        let value = |h14: &Hand, x: Tile| tsumo_worth(&engine, h14, x, &win);
        let mut exact = Exact::with_value(&engine, value);
        for k in 1..=4u8 {
            let want = exact.v13(&h, &wall, k);
            let got = o.expected[k as usize - 1];
            assert!(got >= 0.0 && got.is_finite());
            n += 1;
            let rel = (got - want).abs() / want.max(1.0);
            gaps += rel;
            signed += (got - want) / want.max(1.0);
            // The model plays with less knowledge of the wall than the exact player: never more.
            assert!(
                got <= want + 1e-9 * want.max(1.0),
                "{h:?} k {k}: {got} > {want}"
            );
            if k == 1 {
                // One draw: the model's weights are the wall's.
                assert!(rel < 1e-9, "{h:?}: {got} vs {want}");
            }
            exact_values += (rel < 1e-9) as usize;
        }
    }
    eprintln!(
        "tiny walls, expected points: {n} values, {exact_values} exact, mean relative gap \
         {:.4}, mean signed {:+.4}",
        gaps / n as f64,
        signed / n as f64
    );
    assert!(exact_values * 2 >= n, "{exact_values} of {n}");
    assert!(
        gaps / n as f64 <= 0.05,
        "mean relative gap {}",
        gaps / n as f64
    );
}

#[test]
fn properties_and_refusals() {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0x5c0e);
    let win = Win::default();
    let score = OddsScore {
        win: win.clone(),
        calls: vec![],
        red: [0; 3],
    };
    for _ in 0..20 {
        let h = reference::hands::random_hand(&mut rng, 14, 0, 0, engine.rules());
        if engine.shanten(&h) > 2 {
            continue;
        }
        let opts = OddsOptions {
            draws: 8,
            ..OddsOptions::default()
        };
        let o = engine.odds_scored(&h, &[0; 34], &opts, &score).unwrap();
        let plain = engine.odds(&h, &[0; 34], &opts).unwrap();
        // The other answers are those of `odds`.
        assert_eq!(o.win, plain.win);
        for r in o.rows.iter().filter(|r| !r.win.is_empty()) {
            assert_eq!(r.expected.len(), 8);
            // Non-decreasing in k; a win is worth at most a yakuman's 48,000 (dealer) and at
            // least 0; worth 0 exactly when no win is possible.
            for k in 1..8 {
                assert!(r.expected[k] + 1e-9 >= r.expected[k - 1]);
            }
            for (k, &e) in r.expected.iter().enumerate() {
                assert!((0.0..=48_000.0 * 6.0).contains(&e));
                // A closed hand's tsumo always has a yaku (menzen tsumo): worth something
                // exactly when a win is possible.
                assert_eq!(e > 0.0, r.win[k] > 0.0, "k {}", k + 1);
            }
        }
    }
    // Rules that score nothing, and calls that are not the hand's melds, are refused.
    let hand: Hand = "123m456p789s1122z".parse().unwrap();
    assert_eq!(
        Engine::new(Rules::chinese()).odds_scored(&hand, &[0; 34], &PLAIN, &score),
        Err(OddsError::Score(ScoreError::NotScored))
    );
    let wrong = OddsScore {
        win,
        calls: vec![Call::parse("pon 777z").unwrap()],
        red: [0; 3],
    };
    assert!(matches!(
        engine.odds_scored(&hand, &[0; 34], &PLAIN, &wrong),
        Err(OddsError::Score(_))
    ));
    // A closed kan keeps the hand closed: riichi counts, and menzen tsumo.
    let kan = Hand::builder("123m456p11z789s")
        .meld("1111s")
        .build()
        .unwrap();
    let calls = vec![Call::parse("ankan 1111s").unwrap()];
    let closed = OddsScore {
        win: Win {
            riichi: true,
            ..Win::default()
        },
        calls,
        red: [0; 3],
    };
    let open = OddsScore {
        win: Win {
            riichi: true,
            ..Win::default()
        },
        calls: vec![Call::parse("kan 1111s").unwrap()],
        red: [0; 3],
    };
    let c = engine.odds_scored(&kan, &[0; 34], &PLAIN, &closed).unwrap();
    let o = engine.odds_scored(&kan, &[0; 34], &PLAIN, &open).unwrap();
    assert!(
        c.expected[16] > 0.0 && o.expected[16] == 0.0,
        "{} {}",
        c.expected[16],
        o.expected[16]
    );
}

/// The tsumo worth of `h13` with `x` drawn when its red fives are `red` (m, p, s).
fn worth_with_red(engine: &Engine, h13: &Hand, x: Tile, win: &Win, red: [u8; 3]) -> f64 {
    let w = Win {
        tsumo: true,
        ..win.clone()
    };
    let h14 = h13.with_tile(x).unwrap();
    let hand = WinningHand::from_parts(*h14.counts(), vec![], x, red).unwrap();
    engine
        .score(&hand, &w)
        .ok()
        .and_then(Score::riichi)
        .map_or(0.0, |s| s.total as f64)
}

#[test]
fn red_fives_count_by_their_chances() {
    let engine = Engine::new(Rules::riichi());
    // Tenpai on 2s 5s 8s with the red 5p in hand (`067p`): every win keeps it. A drawn 5s is
    // one of the three 5s outside the hand, the red 0s among them: red with chance 1/3.
    let hand: Hand = "123m567p22s345s67s".parse().unwrap();
    let win = Win::default();
    let score = OddsScore {
        win: win.clone(),
        calls: vec![],
        red: [0, 1, 0],
    };
    let one = OddsOptions { draws: 1, ..PLAIN };
    let o = engine.odds_scored(&hand, &[0; 34], &one, &score).unwrap();
    let mut want = 0.0;
    for x in engine.waits(&hand).iter() {
        let left = 4.0 - hand.counts()[x.index()] as f64;
        let worth = if x == t("5s") {
            let plain = worth_with_red(&engine, &hand, x, &win, [0, 1, 0]);
            let red = worth_with_red(&engine, &hand, x, &win, [0, 1, 1]);
            assert!(red > plain);
            red / 3.0 + plain * 2.0 / 3.0
        } else {
            worth_with_red(&engine, &hand, x, &win, [0, 1, 0])
        };
        want += left / o.wall as f64 * worth;
    }
    assert!(
        (o.expected[0] - want).abs() < 1e-9 * want,
        "{} vs {want}",
        o.expected[0]
    );
    // Without red fives in the room the red five is a five.
    let plain = OddsScore {
        red: [0; 3],
        ..score.clone()
    };
    let off = |s: &OddsScore| {
        let mut s = s.clone();
        s.win.rules.red_fives = false;
        engine.odds_scored(&hand, &[0; 34], &PLAIN, &s).unwrap()
    };
    assert_eq!(off(&score), off(&plain));
    let p = engine.odds_scored(&hand, &[0; 34], &PLAIN, &plain).unwrap();
    let r = engine.odds_scored(&hand, &[0; 34], &PLAIN, &score).unwrap();
    assert!(r.expected[16] > p.expected[16] && r.win == p.win);
    // Under riichi the ura-dora and the red fives add up.
    let riichi = |s: &OddsScore| OddsScore {
        win: Win {
            riichi: true,
            ..s.win.clone()
        },
        ..s.clone()
    };
    let rp = engine
        .odds_scored(&hand, &[0; 34], &PLAIN, &riichi(&plain))
        .unwrap();
    let rr = engine
        .odds_scored(&hand, &[0; 34], &PLAIN, &riichi(&score))
        .unwrap();
    assert!(rr.expected[16] > rp.expected[16] && rp.expected[16] > p.expected[16]);
}

#[test]
fn red_fives_are_checked_against_the_hand() {
    let engine = Engine::new(Rules::riichi());
    let refused = |text: &str, red: [u8; 3], calls: &[&str]| {
        let calls: Vec<Call> = calls.iter().map(|c| Call::parse(c).unwrap()).collect();
        let mut b = Hand::builder(text);
        for c in &calls {
            b = b.meld(&c.meld().to_string().replace(' ', ""));
        }
        let hand = b.build().unwrap();
        let score = OddsScore {
            win: Win::default(),
            calls,
            red,
        };
        match engine.odds_scored(&hand, &[0; 34], &PLAIN, &score) {
            Err(OddsError::Score(e)) => e.to_string(),
            other => panic!("{text} {red:?}: {other:?}"),
        }
    };
    // More red fives than fives, two of a suit, and all four fives with none red.
    assert!(refused("123m567p22s345s67s", [1, 0, 0], &[]).contains("red fives of m"));
    assert!(refused("123m557p22s345s67s", [0, 2, 0], &[]).contains("one red five"));
    assert!(refused("123m5555p2s345s67s", [0, 0, 0], &[]).contains("all four 5p"));
    assert!(refused("123m5p2s345s67s", [0, 1, 0], &["pon 505p"]).contains("one red five"));
}

#[test]
fn mcr_wins_are_worth_their_fan_total() {
    // Nine gates waits on every man tile and each win counts 88 fans and more: a fixed wait,
    // so the expectation is the waits' mean fan total (by the copies left) times the chance.
    let engine = Engine::new(Rules::guobiao());
    let hand: Hand = "1112345678999m".parse().unwrap();
    let o = engine
        .odds_scored(&hand, &[0; 34], &PLAIN, &OddsScore::default())
        .unwrap();
    let tsumo = Win {
        tsumo: true,
        ..Win::default()
    };
    let (mut sum, mut copies) = (0.0, 0.0);
    for x in engine.waits(&hand).iter() {
        let h14 = hand.with_tile(x).unwrap();
        let w = WinningHand::from_parts(*h14.counts(), vec![], x, [0; 3]).unwrap();
        let fans = match engine.score(&w, &tsumo).unwrap() {
            Score::Mcr(m) => m.total as f64,
            other => panic!("{other:?}"),
        };
        assert!(fans >= 88.0);
        let left = 4.0 - hand.counts()[x.index()] as f64;
        sum += left * fans;
        copies += left;
    }
    for k in 0..17 {
        let want = sum / copies * o.win[k];
        assert!((o.expected[k] - want).abs() < 1e-9 * want, "k {}", k + 1);
    }
}

#[test]
fn red_fives_are_riichi_s() {
    // MCR plays no red fives: all four 5m are plain there, refused under riichi.
    let hand: Hand = "123m5555p789s111z".parse().unwrap();
    let mcr = Engine::new(Rules::guobiao());
    assert!(mcr
        .odds_scored(&hand, &[0; 34], &PLAIN, &OddsScore::default())
        .is_ok());
    let riichi = Engine::new(Rules::riichi());
    assert!(matches!(
        riichi.odds_scored(&hand, &[0; 34], &PLAIN, &OddsScore::default()),
        Err(OddsError::Score(ScoreError::BadSituation(_)))
    ));
}

#[test]
fn sichuan_wins_are_worth_their_gain() {
    // Nine gates in one suit under Sichuan: every man tile wins, each a tsumo worth its gain
    // (清一色 and more, 根 when the draw makes a four, 自摸): a fixed wait's closed form.
    let engine = Engine::new(Rules::sichuan());
    let hand: Hand = "1112345678999m".parse().unwrap();
    let situation = Win {
        stake: 2,
        payers: 2,
        ..Win::default()
    };
    let score = OddsScore {
        win: situation.clone(),
        ..OddsScore::default()
    };
    let o = engine.odds_scored(&hand, &[0; 34], &PLAIN, &score).unwrap();
    let tsumo = Win {
        tsumo: true,
        ..situation
    };
    let (mut sum, mut copies) = (0.0, 0.0);
    let mut worths = Vec::new();
    for x in engine.waits(&hand).iter() {
        let h14 = hand.with_tile(x).unwrap();
        let w = WinningHand::from_parts(*h14.counts(), vec![], x, [0; 3]).unwrap();
        let gain = engine.score(&w, &tsumo).unwrap().sichuan().unwrap().total as f64;
        worths.push(gain);
        let left = 4.0 - hand.counts()[x.index()] as f64;
        sum += left * gain;
        copies += left;
    }
    // The waits are not all worth the same (a drawn 1m or 9m makes a four: 根).
    assert!(worths.iter().any(|&w| w != worths[0]), "{worths:?}");
    for k in 0..17 {
        let want = sum / copies * o.win[k];
        assert!((o.expected[k] - want).abs() < 1e-9 * want, "k {}", k + 1);
    }
    // Riichi's situation is refused, not worth 0.
    let riichi = OddsScore {
        win: Win {
            riichi: true,
            ..Win::default()
        },
        ..OddsScore::default()
    };
    assert!(matches!(
        engine.odds_scored(&hand, &[0; 34], &PLAIN, &riichi),
        Err(OddsError::Score(ScoreError::BadSituation(_)))
    ));
}

/// A fixed wait's closed form under a room: every wait of `hand` a tsumo worth its gain
/// (`situation` made a tsumo), the expected gain at each horizon the chance of a win times
/// the waits' mean gain (weighted by the copies left).
fn room_closed_form(engine: &Engine<'_>, hand: &Hand, situation: Win) {
    let score = OddsScore {
        win: situation.clone(),
        ..OddsScore::default()
    };
    let o = engine.odds_scored(hand, &[0; 34], &PLAIN, &score).unwrap();
    let tsumo = Win {
        tsumo: true,
        ..situation
    };
    let (mut sum, mut copies) = (0.0, 0.0);
    for x in engine.waits(hand).iter() {
        let h14 = hand.with_tile(x).unwrap();
        let w = WinningHand::from_parts(*h14.counts(), vec![], x, [0; 3])
            .unwrap()
            .with_wild(hand.wild());
        let gain = match engine.score(&w, &tsumo).unwrap() {
            hupai::Score::Hongzhong(s) => s.total,
            hupai::Score::Changsha(s) => s.total,
            hupai::Score::Nanchang(s) => s.total,
            other => panic!("{other:?}"),
        } as f64;
        assert!(gain > 0.0);
        let left = 4.0 - hand.counts()[x.index()] as f64;
        sum += left * gain;
        copies += left;
    }
    for k in 0..17 {
        let want = sum / copies * o.win[k];
        assert!(
            (o.expected[k] - want).abs() < 1e-9 * want.max(1.0),
            "k {}",
            k + 1
        );
        assert!(o.expected[k] > 0.0);
    }
}

#[test]
fn the_rooms_wins_are_worth_their_gain() {
    // Nine gates under 长沙 (清一色 at least), with a 红中 in it under 红中麻将 (every man tile
    // and a second 红中 win), and with a 精 under 南昌.
    let nine: Hand = "1112345678999m".parse().unwrap();
    room_closed_form(&Engine::new(Rules::changsha()), &nine, Win::default());
    let red = Hand::builder("111234567899m7z")
        .rules(&Rules::hongzhong())
        .build()
        .unwrap();
    let birds = Win {
        stake: 3,
        ..Win::default()
    };
    room_closed_form(&Engine::new(Rules::hongzhong()), &red, birds);
    let jing = Hand::builder("111234567899m5z")
        .wild("5z6z")
        .build()
        .unwrap();
    room_closed_form(&Engine::new(Rules::nanchang()), &jing, Win::default());
    // A room refuses riichi's situation rather than making every win worth 0.
    let riichi = OddsScore {
        win: Win {
            riichi: true,
            ..Win::default()
        },
        ..OddsScore::default()
    };
    let e = Engine::new(Rules::hongzhong());
    assert!(matches!(
        e.odds_scored(&red, &[0; 34], &PLAIN, &riichi),
        Err(OddsError::Score(ScoreError::BadSituation(_)))
    ));
}
