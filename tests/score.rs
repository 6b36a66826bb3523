//! Riichi scoring: the cases of the `mahjong` package's own test suite (written here as data),
//! the points table, the rule options, and every refusal. The random differential sweep
//! against the package is `crates/hupai-py/tests/test_score_riichi.py`.

use hupai::{
    Engine, FuPart, Kazoe, Limit, Payment, RiichiRules, RiichiScore, Rules, ScoreError, Tile, Win,
    WinningHand, Yaku,
};

fn t(s: &str) -> Tile {
    Tile::parse(s).unwrap()
}

fn riichi() -> Engine<'static> {
    Engine::new(Rules::riichi())
}

fn score(hand: &WinningHand, win: &Win) -> Result<RiichiScore, ScoreError> {
    riichi()
        .score(hand, win)
        .map(|s| s.riichi().expect("riichi rules score riichi"))
}

/// A win from flags written as words (`tsumo riichi ippatsu …`).
fn situation(flags: &str, seat: &str, round: &str, dora: &[&str]) -> Win {
    let mut w = Win {
        seat_wind: t(seat),
        round_wind: t(round),
        dora: dora.iter().map(|d| t(d)).collect(),
        rules: RiichiRules {
            // The package's defaults: no open tanyao, no red fives.
            open_tanyao: false,
            red_fives: false,
            ..RiichiRules::default()
        },
        ..Win::default()
    };
    for f in flags.split_whitespace() {
        match f {
            "tsumo" => w.tsumo = true,
            "riichi" => w.riichi = true,
            "double_riichi" => w.double_riichi = true,
            "ippatsu" => w.ippatsu = true,
            "rinshan" => w.rinshan = true,
            "chankan" => w.chankan = true,
            "haitei" => w.haitei = true,
            "houtei" => w.houtei = true,
            "renhou" => w.renhou = true,
            other => panic!("unknown flag {other}"),
        }
    }
    w
}

/// The han and fu the `mahjong` package's own tests assert (tests/hand_calculating/
/// tests_yaku_calculation.py: `test_hands_calculation`, the hands of Tenhou replays it once
/// got wrong, and the one-yaku tests after it), each written as concealed tiles without the
/// calls. The package leaves the winds unset; the winds here give no wind yaku to these hands.
#[test]
fn the_mahjong_package_suite_cases() {
    /// hand, calls, win, flags, seat, dora indicators, han, fu
    type Case<'a> = (
        &'a str,
        &'a [&'a str],
        &'a str,
        &'a str,
        &'a str,
        &'a [&'a str],
        u32,
        u32,
    );
    #[rustfmt::skip]
    let cases: &[Case] = &[
        // hand, calls, win, flags, seat, dora indicators, han, fu
        ("999p77z", &["pon 111z", "chi 123p", "chi 123p"], "9p", "", "2z", &[], 3, 30),
        ("22244456799p", &["kan 4444z"], "2p", "", "2z", &["3s", "3z"], 6, 50),
        ("11m123345p678s666z", &[], "3p", "tsumo", "2z", &[], 2, 40),
        ("234789m12345666p", &[], "6p", "", "2z", &[], 1, 30),
        ("34555789p678s555z", &[], "5p", "tsumo", "2z", &[], 2, 40),
        ("678m88p123345678s", &[], "3s", "", "2z", &[], 1, 30),
        ("123456m456p12399s", &[], "1s", "", "2z", &[], 1, 30),
        ("111123789s11z", &["pon 666s"], "1s", "", "1z", &["4z"], 4, 40),
        ("12333p567s", &["pon 666z", "pon 777z"], "3p", "", "2z", &[], 2, 30),
        ("456m12367778p678s", &[], "7p", "riichi", "2z", &[], 1, 40),
        ("56799m", &["kan 7777z", "pon 111m", "chi 678m"], "7m", "", "2z", &[], 3, 40),
        ("222888m66z", &["chi 123m", "pon 777m"], "2m", "", "2z", &[], 2, 30),
        ("44678p", &["pon 444z", "pon 111p", "pon 888p"], "8p", "", "2z", &[], 2, 30),
        ("345m999p67778s222z", &[], "7s", "tsumo", "4z", &[], 1, 40),
        ("345m33445577789s", &[], "7s", "tsumo", "2z", &[], 2, 30),
        ("123667788p22z", &["chi 123p"], "3p", "", "4z", &[], 2, 30),
        ("12333456789m345s", &[], "3m", "", "2z", &[], 2, 40),
        ("11456s", &["chi 123s", "pon 777s", "pon 888s"], "4s", "tsumo", "2z", &[], 5, 30),
        ("123789s55777z", &["chi 123s"], "2s", "", "2z", &[], 4, 40),
        ("778899p22z", &["chi 234p", "chi 789p"], "9p", "", "4z", &[], 2, 30),
        ("77888899p", &["pon 777z", "pon 444m"], "8p", "tsumo", "2z", &[], 1, 30),
        ("567m12333345p555z", &[], "3p", "", "2z", &[], 1, 40),
        ("67777889p555z", &["chi 345p"], "7p", "", "2z", &[], 3, 30),
        ("567p333555s77z", &["ankan 4444s"], "3s", "riichi", "2z", &[], 1, 60),
        // test_is_riichi … test_is_daburu_riichi, test_is_chitoitsu_hand.
        ("234456m66p123444s", &[], "4s", "riichi", "2z", &[], 1, 40),
        ("234456m66p123444s", &[], "4s", "tsumo", "2z", &[], 1, 30),
        ("234456m66p123444s", &[], "4s", "riichi ippatsu", "2z", &[], 2, 40),
        ("234456m66p123s", &["ankan 4444s"], "1s", "tsumo rinshan", "2z", &[], 2, 40),
        ("234456m66p123s", &["kan 4444s"], "1s", "tsumo rinshan", "2z", &[], 1, 30),
        ("234456m66p123444s", &[], "1s", "chankan", "2z", &[], 1, 40),
        ("234456m66p123444s", &[], "4s", "tsumo haitei", "2z", &[], 2, 30),
        ("234456m66p123444s", &[], "4s", "houtei", "2z", &[], 1, 40),
        ("234456m66p123444s", &[], "4s", "renhou", "2z", &[], 5, 40),
        ("234456m66p123444s", &[], "4s", "double_riichi", "2z", &[], 2, 40),
        ("113355m11p113355s", &[], "1p", "", "2z", &[], 2, 25),
    ];
    for &(hand, calls, win, flags, seat, dora, han, fu) in cases {
        let h = WinningHand::new(hand, win, calls).unwrap();
        let w = situation(flags, seat, "3z", dora);
        let what = format!("{h} [{flags}]");
        match score(&h, &w) {
            Ok(s) => assert_eq!((s.han, s.fu), (han, fu), "{what}: {:?}", s.yaku),
            Err(ScoreError::NoYaku) => assert_eq!(han, 0, "{what}: no yaku"),
            Err(e) => panic!("{what}: {e}"),
        }
        // The no-yaku case still has its fu: the same hand with riichi.
        if han == 0 {
            let w = situation("riichi", seat, "3z", dora);
            assert_eq!(score(&h, &w).unwrap().fu, fu, "{what} with riichi");
        }
    }
}

/// The limits on real hands: 4 han 30 fu, with and without kiriage; honba and sticks.
#[test]
fn limits_kiriage_honba_and_sticks() {
    // Riichi, tsumo, iipeikou, 1 dora: closed, 30 fu with a closed pung of simples.
    let h = WinningHand::new("223344m555p67899s", "9s", &[]).unwrap();
    let mut w = Win {
        tsumo: true,
        riichi: true,
        dora: vec![t("1m")],
        ..Win::default()
    };
    w.rules.red_fives = false;
    let s = score(&h, &w).unwrap();
    assert_eq!((s.han, s.fu), (5, 30), "{:?} {:?}", s.yaku, s.fu_parts);
    assert_eq!(s.limit, Limit::Mangan);
    // 4 han 30 fu: riichi, pinfu, iipeikou by ron, one dora (4p).
    let h = WinningHand::new("223344m456p67899s", "8s", &[]).unwrap();
    let mut w = Win {
        riichi: true,
        dora: vec![t("3p")],
        ..Win::default()
    };
    let s = score(&h, &w).unwrap();
    assert_eq!((s.han, s.fu, s.total), (4, 30, 7700), "{:?}", s.yaku);
    assert_eq!(
        s.yaku,
        vec![
            (Yaku::Riichi, 1),
            (Yaku::Pinfu, 1),
            (Yaku::Iipeikou, 1),
            (Yaku::Dora, 1)
        ]
    );
    w.rules.kiriage = true;
    let s = score(&h, &w).unwrap();
    assert_eq!((s.limit, s.total), (Limit::Mangan, 8000));
    w.honba = 2;
    w.riichi_sticks = 3;
    let s = score(&h, &w).unwrap();
    assert_eq!(s.payment, Payment::Ron { discarder: 8600 });
    assert_eq!(s.total, 11600);
    w.tsumo = true;
    let s = score(&h, &w).unwrap();
    // Tsumo adds menzen tsumo: 5 han, mangan; each payer adds 100 a honba.
    assert_eq!(
        s.payment,
        Payment::Tsumo {
            dealer: 4200,
            non_dealer: 2200
        }
    );
    assert_eq!(s.total, 4200 + 2 * 2200 + 3000);
}

#[test]
fn yakuman_doubles_and_kazoe() {
    let thirteen = WinningHand::new("19m19p19s12345677z", "7z", &[]).unwrap();
    let win = Win::default();
    let s = score(&thirteen, &win).unwrap();
    assert_eq!(s.yaku, vec![(Yaku::KokushiJuusanmen, 26)]);
    assert_eq!((s.limit, s.total), (Limit::Yakuman(2), 64000));
    let single = Win {
        rules: RiichiRules {
            double_yakuman: false,
            ..RiichiRules::default()
        },
        ..Win::default()
    };
    let s = score(&thirteen, &single).unwrap();
    assert_eq!((s.yaku[0], s.total), ((Yaku::KokushiJuusanmen, 13), 32000));
    // Dora do not count with a yakuman: four concealed pungs, tsumo.
    let h = WinningHand::new("111m333p555s777s22z", "7s", &[]).unwrap();
    let w = Win {
        tsumo: true,
        dora: vec![t("9m")],
        ..Win::default()
    };
    let s = score(&h, &w).unwrap();
    assert_eq!(s.yaku, vec![(Yaku::Suuankou, 13)]);
    // By ron the pung it completed is open: san ankou, toitoi, not a yakuman.
    let s = score(
        &h,
        &Win {
            tsumo: false,
            ..w.clone()
        },
    )
    .unwrap();
    assert!(
        s.yaku.contains(&(Yaku::Sanankou, 2)) && s.yakuman == 0,
        "{:?}",
        s.yaku
    );
    // Kazoe: chinitsu, riichi, tsumo, ryanpeikou, pinfu, ippatsu… 13 han or more.
    let h = WinningHand::new("22334455667788m", "8m", &[]).unwrap();
    let mut w = Win {
        tsumo: true,
        riichi: true,
        ippatsu: true,
        ..Win::default()
    };
    let s = score(&h, &w).unwrap();
    assert!(
        s.han >= 13 && s.limit == Limit::Kazoe(1),
        "{:?} {}",
        s.yaku,
        s.han
    );
    w.rules.kazoe = Kazoe::Sanbaiman;
    assert_eq!(score(&h, &w).unwrap().limit, Limit::Sanbaiman);
}

#[test]
fn fu_parts_are_named() {
    // A closed pung of honors by tsumo, a kanchan: 20 + 8 + 2 + 2 = 32 → 40.
    let h = WinningHand::new("123m456p789s22s777z", "2m", &[]).unwrap();
    let w = Win {
        tsumo: true,
        ..Win::default()
    };
    let s = score(&h, &w).unwrap();
    assert_eq!(s.fu, 40);
    let parts: Vec<_> = s.fu_parts.iter().map(|(p, f)| (p.id(), *f)).collect();
    assert_eq!(
        parts,
        [
            ("base", 20),
            ("kanchan", 2),
            ("closed_pung", 8),
            ("tsumo", 2)
        ]
    );
    assert_eq!(
        s.fu_parts[2].0,
        FuPart::Set {
            tile: t("7z"),
            kong: false,
            concealed: true
        }
    );
}

#[test]
fn red_fives_count_where_the_rules_play_them() {
    let h = WinningHand::new("234m340p567s22z", "4m", &["chi 406s"]).unwrap();
    assert_eq!(h.red(), 2);
    let w = Win::default(); // open tanyao? no: 22z is there. No yaku but dora.
    assert_eq!(score(&h, &w), Err(ScoreError::NoYaku));
    let h = WinningHand::new("234m340p567s22s", "4m", &["chi 406s"]).unwrap();
    let s = score(&h, &w).unwrap();
    assert_eq!(s.yaku, vec![(Yaku::Tanyao, 1), (Yaku::AkaDora, 2)]);
    let no_red = Win {
        rules: RiichiRules {
            red_fives: false,
            ..RiichiRules::default()
        },
        ..Win::default()
    };
    assert_eq!(score(&h, &no_red).unwrap().yaku, vec![(Yaku::Tanyao, 1)]);
    let no_kuitan = Win {
        rules: RiichiRules {
            open_tanyao: false,
            ..RiichiRules::default()
        },
        ..Win::default()
    };
    assert_eq!(score(&h, &no_kuitan), Err(ScoreError::NoYaku));
}

#[test]
fn red_fives_among_the_indicators_are_in_play() {
    let t = |s: &str| Tile::parse(s).unwrap();
    let h = WinningHand::new("234m340m567p22s789s", "5m", &[]).unwrap();
    let riichi = |dora: &[&str], ura: &[&str], red: [u8; 3]| Win {
        tsumo: true,
        riichi: true,
        dora: dora.iter().map(|x| t(x)).collect(),
        ura_dora: ura.iter().map(|x| t(x)).collect(),
        red_indicators: red,
        ..Win::default()
    };
    let refused = |w: Win, part: &str| match score(&h, &w) {
        Err(ScoreError::BadSituation(m) | ScoreError::TooManyCopies(m)) => {
            assert!(m.contains(part), "{m}")
        }
        other => panic!("{w:?}: {other:?}"),
    };
    // The hand's 0m and a red 5m indicator: two red 5m.
    refused(riichi(&["5m"], &["1p"], [1, 0, 0]), "2 red fives of m");
    // Three red 5m as indicators, the hand's fives plain.
    let plain = WinningHand::new("234m345m567p22s789s", "5m", &[]).unwrap();
    let three = riichi(&["5m", "5m", "5m"], &[], [3, 0, 0]);
    assert!(matches!(
        score(&plain, &three),
        Err(ScoreError::TooManyCopies(_))
    ));
    // A red 5p indicator beside the hand's red 5m is the 5p's own: counted nowhere, allowed.
    assert!(score(&h, &riichi(&["5p"], &["1s"], [0, 1, 0])).is_ok());
    // One ura-dora indicator lies under each dora indicator: not one under three.
    refused(riichi(&["1p", "2p", "3p"], &["4p"], [0; 3]), "under 3 dora");
    assert!(score(&h, &riichi(&["1p", "2p"], &["4p", "5s"], [0; 3])).is_ok());
    // Four 5m in play, none said red: an indicator may be the red one (allowed).
    let four = WinningHand::new("234m345m567p22s789s", "5m", &[]).unwrap();
    assert!(score(&four, &riichi(&["5m", "5m"], &["5m", "1p"], [0; 3])).is_ok());
}

#[test]
fn refusals_name_the_problem() {
    let closed = WinningHand::new("234456m66p123444s", "4s", &[]).unwrap();
    let open = WinningHand::new("234456m66p444s", "4s", &["chi 123s"]).unwrap();
    let bad = |h: &WinningHand, w: Win, part: &str| match score(h, &w) {
        Err(ScoreError::BadSituation(m)) => assert!(m.contains(part), "{m}"),
        other => panic!("{part}: {other:?}"),
    };
    bad(
        &open,
        Win {
            riichi: true,
            ..Win::default()
        },
        "closed hand",
    );
    bad(
        &closed,
        Win {
            ippatsu: true,
            ..Win::default()
        },
        "ippatsu",
    );
    bad(
        &closed,
        Win {
            tsumo: true,
            houtei: true,
            ..Win::default()
        },
        "ron",
    );
    bad(
        &closed,
        Win {
            rinshan: true,
            ..Win::default()
        },
        "tsumo",
    );
    bad(
        &closed,
        Win {
            tsumo: true,
            rinshan: true,
            ..Win::default()
        },
        "kan",
    );
    bad(
        &closed,
        Win {
            chankan: true,
            ..Win::default()
        },
        "fourth tile",
    );
    bad(
        &closed,
        Win {
            tsumo: true,
            tenhou: true,
            ..Win::default()
        },
        "dealer",
    );
    bad(
        &open,
        Win {
            renhou: true,
            ..Win::default()
        },
        "before any call",
    );
    bad(
        &closed,
        Win {
            seat_wind: t("5z"),
            ..Win::default()
        },
        "wind",
    );
    let chiihou = Win {
        tsumo: true,
        chiihou: true,
        seat_wind: t("1z"),
        ..Win::default()
    };
    bad(&closed, chiihou, "non-dealer");

    let err = |r: Result<WinningHand, ScoreError>| r.unwrap_err().to_string();
    assert!(err(WinningHand::new("234456m66p123444s", "5s", &[])).contains("not among"));
    assert!(err(WinningHand::new("234456m66p12344s", "4s", &[])).contains("13 concealed"));
    assert!(err(WinningHand::new("22222m", "2m", &["pon 222m"])).contains("copies"));
    assert!(err(WinningHand::new("2m", "2m", &["pon 124m"])).contains("bad call"));
    assert!(err(WinningHand::new("2m", "2m", &["chi 111m"])).contains("not a chi"));
    assert!(err(WinningHand::new("2m", "2m", &["pong 111m"])).contains("unknown kind"));
    assert!(err(WinningHand::new("2q", "2m", &[])).contains("bad tile"));
    let many = ["pon 111m", "pon 222m", "pon 333m", "pon 444m", "pon 555m"];
    assert!(err(WinningHand::new("", "2m", &many)).contains("at most four"));

    let not_win = WinningHand::new("123456m1239p55s11z", "1z", &[]).unwrap();
    assert_eq!(score(&not_win, &Win::default()), Err(ScoreError::NotAWin));
    let chinese = Engine::new(Rules::chinese());
    assert_eq!(
        chinese.score(&closed, &Win::default()),
        Err(ScoreError::NotScored)
    );
}

/// Issue 51's list: each situation puts more in play than the set holds, or clashes in time.
#[test]
fn situations_that_cannot_happen_are_refused() {
    let bad = |h: &WinningHand, w: Win, part: &str| match score(h, &w) {
        Err(ScoreError::BadSituation(m)) => assert!(m.contains(part), "{part}: {m}"),
        other => panic!("{part}: {other:?}"),
    };
    // More copies in play than the set holds: a code of their own (TOO_MANY_COPIES).
    let copies = |h: &WinningHand, w: Win, part: &str| match score(h, &w) {
        Err(ScoreError::TooManyCopies(m)) => assert!(m.contains(part), "{part}: {m}"),
        other => panic!("{part}: {other:?}"),
    };
    let closed = WinningHand::new("234456m66p123444s", "4s", &[]).unwrap();
    // Five 1m indicators; six 1m in play (four in hand, a dora and an ura-dora indicator).
    let dora = |d: &[&str], u: &[&str]| Win {
        riichi: true,
        dora: d.iter().map(|x| t(x)).collect(),
        ura_dora: u.iter().map(|x| t(x)).collect(),
        ..Win::default()
    };
    copies(&closed, dora(&["1m"; 5], &[]), "5 copies of 1m");
    let four = WinningHand::new("111122223333m44p", "4p", &[]).unwrap();
    copies(&four, dora(&["1m"], &["1m"]), "6 copies of 1m");
    assert!(score(&four, &dora(&["9m"], &["9m"])).is_ok());
    // Three red 5m: a set has one red five a suit, concealed or called.
    let err = |r: Result<WinningHand, ScoreError>| r.unwrap_err().to_string();
    assert!(err(WinningHand::new("000m123p456s789s11z", "1z", &[])).contains("one red five"));
    assert!(err(WinningHand::new("123p456s789s11z", "1z", &["pon 000m"])).contains("one red five"));
    assert!(err(WinningHand::new("05m123p456s789s", "5m", &["chi 406m"])).contains("one red five"));
    // A kan of fives with red fives played holds the red one.
    let kan = |call: &str| WinningHand::new("123p456s789s11z", "1z", &[call]).unwrap();
    for call in ["ankan 5555m", "kan 5555m"] {
        bad(&kan(call), Win::default(), "red 0m");
    }
    let tsumo = Win {
        tsumo: true,
        ..Win::default()
    };
    assert!(score(&kan("ankan 0555m"), &tsumo).is_ok());
    let no_red = Win {
        rules: RiichiRules {
            red_fives: false,
            ..RiichiRules::default()
        },
        ..tsumo
    };
    assert!(score(&kan("ankan 5555m"), &no_red).is_ok());
    // Flags of moments that exclude one another.
    bad(
        &closed,
        Win {
            chankan: true,
            houtei: true,
            ..Win::default()
        },
        "chankan and houtei",
    );
    let ankan = WinningHand::new("234m66p123444s", "4s", &["ankan 9999m"]).unwrap();
    bad(
        &ankan,
        Win {
            tsumo: true,
            riichi: true,
            ippatsu: true,
            rinshan: true,
            ..Win::default()
        },
        "ends ippatsu",
    );
    for flags in [(true, false), (false, true)] {
        bad(
            &closed,
            Win {
                riichi: flags.0,
                double_riichi: flags.1,
                renhou: true,
                ..Win::default()
            },
            "riichi after",
        );
    }
    bad(
        &closed,
        Win {
            tsumo: true,
            riichi: true,
            chiihou: true,
            ..Win::default()
        },
        "riichi after",
    );
}

#[test]
fn a_winning_hand_prints_as_it_was_written() {
    for (text, win, calls) in [
        ("345m067p22s", "5m", vec!["chi 789s", "ankan 1111m"]),
        (
            "11z",
            "1z",
            vec!["pon 555z", "kan 0555s", "chi 406p", "pon 999m"],
        ),
    ] {
        let h = WinningHand::new(text, win, &calls).unwrap_or_else(|e| panic!("{text}: {e}"));
        let printed = h.to_string();
        let (tiles, rest) = printed.split_once(' ').unwrap();
        let back_calls: Vec<&str> = rest.rsplit_once(", win ").unwrap().0.split(", ").collect();
        let again = WinningHand::new(tiles, win, &back_calls).unwrap();
        assert_eq!(again, h, "{printed}");
    }
}
