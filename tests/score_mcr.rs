//! Chinese Official (MCR) scoring: hands whose fans the rule book settles, each form, the
//! exclusions, the 8-fan minimum, and the refusals. The random differential sweep against
//! `pymahjonggb` is `crates/hupai-py/tests/test_score_mcr.py`.

use hupai::{Engine, Fan, McrScore, Rules, ScoreError, Win, WinningHand};

fn mcr(hand: &str, win: &str, calls: &[&str], w: Win) -> Result<McrScore, ScoreError> {
    let h = WinningHand::new(hand, win, calls)?;
    Engine::new(Rules::guobiao())
        .score(&h, &w)
        .map(|s| s.mcr().expect("guobiao scores MCR"))
}

fn fans(s: &McrScore) -> Vec<(Fan, u32)> {
    s.fans.clone()
}

#[test]
fn forms_and_their_fans() {
    let tsumo = Win {
        tsumo: true,
        ..Win::default()
    };
    use Fan::*;
    /// hand, winning tile, calls, situation, the fans
    type Case<'a> = (&'a str, &'a str, Vec<&'a str>, Win, Vec<(Fan, u32)>);
    let cases: Vec<Case> = vec![
        // 十三幺 alone: not counted with 五门齐, 不求人, 单钓将, 门前清.
        (
            "19m19p19s12345677z",
            "7z",
            vec![],
            Win::default(),
            vec![(ThirteenOrphans, 1)],
        ),
        // 九莲宝灯 on 5m: its two concealed pungs of terminals count, one of them as a pung
        // of terminals (the other is the gate itself); 清一色 and 门前清 do not.
        (
            "11123455678999m",
            "5m",
            vec![],
            tsumo.clone(),
            vec![
                (NineGates, 1),
                (TwoConcealedPungs, 1),
                (PungOfTerminalsOrHonors, 1),
                (SelfDrawn, 1),
            ],
        ),
        // 七对 alone (not with 门前清, 单钓将).
        (
            "1133m5577p2299s11z",
            "1z",
            vec![],
            Win::default(),
            vec![(SevenPairs, 1)],
        ),
        // 组合龙 with a chow and an honor pair, by tsumo on the pair: 不求人 and 单钓将.
        (
            "147m258p369s123m55z",
            "5z",
            vec![],
            tsumo.clone(),
            vec![
                (KnittedStraight, 1),
                (FullyConcealedHand, 1),
                (SingleWait, 1),
            ],
        ),
        // 四暗刻 (the ron took the pair) with 混幺九: not 碰碰和, 门前清, 幺九刻.
        (
            "111m999p111s99s777z",
            "9s",
            vec![],
            Win::default(),
            vec![
                (FourConcealedPungs, 1),
                (AllTerminalsAndHonors, 1),
                (DragonPung, 1),
                (DoublePung, 1),
                (SingleWait, 1),
            ],
        ),
        // 平和, 断幺, 不求人 and a pair wait.
        (
            "234m567p345s456s88s",
            "8s",
            vec![],
            tsumo,
            vec![
                (FullyConcealedHand, 1),
                (AllChows, 1),
                (AllSimples, 1),
                (SingleWait, 1),
            ],
        ),
        // Calls: 明杠 and a melded hand's pungs.
        (
            "55m",
            "5m",
            vec!["kan 1111p", "pon 999s", "chi 123m", "pon 777z"],
            Win::default(),
            vec![
                (MeldedHand, 1),
                (DragonPung, 1),
                (PungOfTerminalsOrHonors, 2),
                (MeldedKong, 1),
            ],
        ),
    ];
    for (hand, win, calls, w, want) in cases {
        let s = mcr(hand, win, &calls, w).unwrap_or_else(|e| panic!("{hand}: {e}"));
        assert_eq!(fans(&s), want, "{hand}");
        let points: u32 = want.iter().map(|(f, n)| f.points() * n).sum();
        assert_eq!((s.total, s.meets_minimum), (points, points >= 8), "{hand}");
    }
}

#[test]
fn flowers_minimum_and_flags() {
    // 3 points of fans: below the minimum, flowers or not.
    let w = Win {
        flowers: 6,
        ..Win::default()
    };
    let s = mcr("123m456p678s234s55z", "5z", &[], w).unwrap();
    assert_eq!(
        s.total,
        s.fans.iter().map(|(f, n)| f.points() * n).sum::<u32>()
    );
    assert!(!s.meets_minimum && s.flowers == 6 && s.fans.contains(&(Fan::FlowerTiles, 6)));
    // 妙手回春 takes the place of 自摸; 海底捞月 by ron; 杠上开花 needs a kong.
    let last = Win {
        tsumo: true,
        haitei: true,
        ..Win::default()
    };
    let s = mcr("234m567p345s456s88s", "8s", &[], last).unwrap();
    assert!(
        s.fans.contains(&(Fan::LastTileDraw, 1)) && !s.fans.iter().any(|f| f.0 == Fan::SelfDrawn)
    );
    let claim = Win {
        houtei: true,
        ..Win::default()
    };
    assert!(mcr("234m567p345s456s88s", "8s", &[], claim)
        .unwrap()
        .fans
        .contains(&(Fan::LastTileClaim, 1)));
    let no_kong = Win {
        tsumo: true,
        rinshan: true,
        ..Win::default()
    };
    assert!(matches!(
        mcr("234m567p345s456s88s", "8s", &[], no_kong),
        Err(ScoreError::BadSituation(_))
    ));
    // 和绝张 only on a lone copy; three copies in the calls make it one.
    let last_copy = Win {
        last_copy: true,
        ..Win::default()
    };
    assert!(matches!(
        mcr("234m567p345s456s88s", "8s", &[], last_copy),
        Err(ScoreError::BadSituation(_))
    ));
    let s = mcr(
        "456p88s",
        "5p",
        &["pon 555p", "chi 123m", "pon 777z"],
        Win::default(),
    )
    .unwrap();
    assert!(s.fans.contains(&(Fan::LastTile, 1)), "{:?}", s.fans);
    // Not a win in any form.
    assert_eq!(
        mcr("123456m1239p55s11z", "1z", &[], Win::default()),
        Err(ScoreError::NotAWin)
    );
}
