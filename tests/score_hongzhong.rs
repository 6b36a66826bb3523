//! 红中麻将 scoring (`docs/SCORING.md`, "Hongzhong"): worked examples where the 红中's reading
//! decides the value, the refusals, the wildcards' reading checked to be a win of the shape
//! paid, and the sweep against the literal reference of `tests/reference/hongzhong.rs` on
//! random wins with 0–4 红中 (`HUPAI_HONGZHONG_WINS`, 100,000 by default).

mod reference;

use hupai::{
    Engine, Hand, HongzhongFan, HongzhongScore, Rules, ScoreError, Tile, TileSet, Win, WinningHand,
};
use reference::hongzhong::{self, Situation, RED};
use reference::{call_text, Rng};
use std::collections::BTreeMap;

fn score_under(
    rules: Rules,
    hand: &str,
    win: &str,
    calls: &[&str],
    w: &Win,
) -> Result<HongzhongScore, ScoreError> {
    let hand = WinningHand::new(hand, win, calls)?;
    Engine::new(rules)
        .score(&hand, w)
        .map(|s| s.hongzhong().expect("Hongzhong rules score Hongzhong"))
}

fn score(hand: &str, win: &str, calls: &[&str], w: &Win) -> Result<HongzhongScore, ScoreError> {
    score_under(Rules::hongzhong(), hand, win, calls, w)
}

fn fans(s: &HongzhongScore) -> Vec<&'static str> {
    s.fans.iter().map(|&(f, _)| f.chinese()).collect()
}

fn roles(s: &HongzhongScore) -> Vec<String> {
    s.wildcards
        .iter()
        .map(|(w, t)| format!("{w}={t}"))
        .collect()
}

fn tsumo() -> Win {
    Win {
        tsumo: true,
        ..Win::default()
    }
}

/// 无红中加倍 (`RoomRules::no_red_double`, on by default): a plain win holding no 红中 pays
/// 平胡 and 无红中, 1 fan (2 from each); off, 平胡 alone (1). Another room's scoring refuses it
/// off.
#[test]
fn no_red_dragon_doubles_unless_the_room_says_not() {
    let hand = "123m456m789p234p55p";
    let s = score(hand, "4p", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["平胡", "无红中"]);
    assert_eq!((s.fan, s.each), (1, 2));
    let plain = Win {
        room: hupai::RoomRules {
            no_red_double: false,
            ..Default::default()
        },
        ..tsumo()
    };
    let s = score(hand, "4p", &[], &plain).unwrap();
    assert_eq!(fans(&s), ["平胡"]);
    assert_eq!((s.fan, s.each), (0, 1));
    let sichuan = WinningHand::new("123m456m789m234m55m", "4m", &[]).unwrap();
    assert!(matches!(
        Engine::new(Rules::sichuan()).score(&sichuan, &plain),
        Err(ScoreError::BadArgument(_))
    ));
}

#[test]
fn the_red_dragon_s_reading_decides_the_value() {
    // A 红中 completing seven pairs of one suit: 七对 and 清一色 (2 fans, 4 from each of three).
    let s = score("1122334455667m7z", "7m", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["七对", "清一色"]);
    assert_eq!(roles(&s), ["7z=7m"]);
    assert_eq!((s.fan, s.each, s.total), (2, 4, 12));
    // The same 红中 completing a pung instead: 碰碰胡 and 清一色.
    let s = score("1112223334445s7z", "5s", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["碰碰胡", "清一色"]);
    assert_eq!(roles(&s), ["7z=5s"]);
    // Two 红中 over two suits: the reading pays no fan (the lone 3s's chow needs one of them),
    // and says where each stood.
    let s = score("123456789m3s11p77z", "1p", &[], &Win::default()).unwrap();
    assert_eq!(fans(&s), ["平胡"]);
    assert_eq!((s.each, s.payers, s.total), (1, 1, 1));
    assert_eq!(s.wildcards.len(), 2);
    // No 红中 held: 无红中 doubles.
    let s = score("123456789m456p11s", "4p", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["平胡", "无红中"]);
    assert_eq!(s.total, 6);
    // Pungs called, the 红中 pairing the last tile: 碰碰胡 in one suit.
    let s = score(
        "5p7z",
        "5p",
        &["pon 111p", "pon 333p", "kan 7777p", "pon 999p"],
        &tsumo(),
    )
    .unwrap();
    assert_eq!(fans(&s), ["碰碰胡", "清一色"]);
    assert_eq!(roles(&s), ["7z=5p"]);
}

#[test]
fn four_red_dragons_where_the_room_plays_them() {
    let four = Rules::hongzhong().four_wild_win(true);
    // Four 红中 and tiles that win no other way: 四红中, one fan, the 红中 as themselves.
    let s = score_under(four, "159m268p1357s7777z", "1m", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["四红中"]);
    assert_eq!(roles(&s), ["7z=7z"; 4]);
    assert_eq!(s.total, 6);
    // Without the pattern the same tiles do not win.
    assert_eq!(
        score("159m268p1357s7777z", "1m", &[], &tsumo()).unwrap_err(),
        ScoreError::NotAWin
    );
    // Four 红中 in a hand that wins better: seven pairs of one suit pays two fans.
    let s = score_under(four, "1122334455m7777z", "1m", &[], &tsumo()).unwrap();
    assert_eq!(fans(&s), ["七对", "清一色"]);
}

#[test]
fn birds_the_cap_and_the_flags() {
    let w = Win {
        tsumo: true,
        birds: 2,
        rinshan: false,
        ..Win::default()
    };
    let s = score("1122334455667m7z", "7m", &[], &w).unwrap();
    assert_eq!((s.fan, s.each, s.total), (2, 12, 36)); // 4 × (1 + 2 birds)
    let capped = Win {
        room: hupai::RoomRules {
            cap: 1,
            ..Default::default()
        },
        ..tsumo()
    };
    let s = score("1122334455667m7z", "7m", &[], &capped).unwrap();
    assert_eq!((s.uncapped, s.fan, s.each), (2, 1, 2));
    let bloom = Win {
        rinshan: true,
        ..tsumo()
    };
    let s = score("123m456m789m5s7z", "5s", &["kan 1111p"], &bloom).unwrap();
    // (a kong called, a 红中 pairing the 5s)
    assert_eq!(fans(&s), ["平胡", "杠上开花"]);
    assert_eq!(roles(&s), ["7z=5s"]);
}

#[test]
fn what_is_refused() {
    let bad =
        |hand: &str, win: &str, calls: &[&str], w: &Win| score(hand, win, calls, w).unwrap_err();
    assert_eq!(
        bad("123m456m789m159s9p7z", "1s", &[], &tsumo()),
        ScoreError::NotAWin
    );
    let chi = bad("456m789m123p1s7z", "1s", &["chi 123m"], &tsumo());
    assert!(matches!(chi, ScoreError::BadCall(m) if m.contains("not a Hongzhong call")));
    let ok = "123m456m789m123p1s7z";
    let riichi = bad(
        ok,
        "1s",
        &[],
        &Win {
            riichi: true,
            ..tsumo()
        },
    );
    assert!(matches!(riichi, ScoreError::BadSituation(m) if m.contains("not Hongzhong's")));
    for flag in [
        Win {
            haitei: true,
            ..tsumo()
        },
        Win {
            chankan: true,
            ..tsumo()
        },
    ] {
        assert!(matches!(
            bad(ok, "1s", &[], &flag),
            ScoreError::BadSituation(_)
        ));
    }
    // An option out of its range, or one the room does not play: BAD_ARGUMENT.
    for option in [
        Win {
            stake: 0,
            ..tsumo()
        },
        Win {
            payers: 4,
            ..tsumo()
        },
        Win {
            room: hupai::RoomRules {
                self_draw: hupai::SelfDraw::Stake,
                ..Default::default()
            },
            ..tsumo()
        },
    ] {
        let e = bad(ok, "1s", &[], &option);
        assert!(matches!(e, ScoreError::BadArgument(_)), "{e:?}");
        assert_eq!(e.code(), hupai::Code::BadArgument);
    }
    // A 红中 is never discarded nor added to a kong: no ron, no 抢杠 on one.
    for w in [
        Win::default(),
        Win {
            chankan: true,
            ..Win::default()
        },
    ] {
        let ron = bad("123m456m789m123p1s7z", "7z", &[], &w);
        assert!(
            matches!(ron, ScoreError::BadSituation(ref m) if m.contains("never discarded")),
            "{ron:?}"
        );
    }
    let red_pung = bad(
        "11s",
        "1s",
        &["pon 777z", "pon 111m", "pon 222m", "pon 333m"],
        &tsumo(),
    );
    assert!(
        matches!(red_pung, ScoreError::BadHand(_) | ScoreError::BadCall(_)),
        "{red_pung:?}"
    );
}

/// A random win of 红中麻将: four sets (some called as pungs or kongs) and a pair, or seven
/// pairs, of one or two suits, leaning to pungs, then 0–4 of its concealed tiles turned into
/// 红中; now and then four 红中 over ten tiles under the rules that play them.
fn random_win(rng: &mut Rng) -> (WinningHand, Vec<usize>, [u8; 34], Win, Situation, bool) {
    loop {
        let suits: Vec<usize> = match rng.below(3) {
            0 => vec![rng.below(3) as usize],
            1 => (0..3).collect(),
            _ => {
                let a = rng.below(3) as usize;
                vec![a, (a + 1 + rng.below(2) as usize) % 3]
            }
        };
        let kind = |rng: &mut Rng| {
            suits[rng.below(suits.len() as u64) as usize] * 9 + rng.below(9) as usize
        };
        let mut concealed = [0u8; 34];
        let mut all = [0u8; 34];
        let mut calls: Vec<(usize, bool)> = Vec::new();
        let four_wild = rng.below(8) == 0;
        if four_wild && rng.below(2) == 0 {
            for _ in 0..10 {
                concealed[kind(rng)] += 1;
            }
            all = concealed;
        } else if rng.below(5) == 0 {
            for _ in 0..7 {
                concealed[kind(rng)] += 2;
            }
            all = concealed;
        } else {
            let pungs_only = rng.below(3) == 0;
            for _ in 0..4 {
                let k = kind(rng);
                if !pungs_only && k % 9 <= 6 && rng.below(2) == 0 {
                    for j in 0..3 {
                        concealed[k + j] += 1;
                        all[k + j] += 1;
                    }
                } else {
                    let kan = rng.below(6) == 0;
                    all[k] += if kan { 4 } else { 3 };
                    if kan || rng.below(3) == 0 {
                        calls.push((k, kan));
                    } else {
                        concealed[k] += 3;
                    }
                }
            }
            let p = kind(rng);
            concealed[p] += 2;
            all[p] += 2;
        }
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        // 红中 in place of some concealed tiles (four over the ten-tile hands).
        let mut held: Vec<usize> = (0..34)
            .flat_map(|k| std::iter::repeat_n(k, concealed[k] as usize))
            .collect();
        let reds = if held.len() == 10 {
            4
        } else {
            rng.below(5).min(held.len() as u64 - 1) as usize
        };
        for _ in 0..reds {
            let i = rng.below(held.len() as u64) as usize;
            let k = held.swap_remove(i);
            concealed[k] -= 1;
            concealed[RED] += 1;
        }
        let text = hupai::format_counts(&concealed);
        let kinds: Vec<usize> = (0..34).filter(|&k| concealed[k] > 0).collect();
        let w = kinds[rng.below(kinds.len() as u64) as usize];
        let call_texts: Vec<String> = calls
            .iter()
            .map(|&(k, kan)| call_text(rng, k, false, kan))
            .collect();
        let refs: Vec<&str> = call_texts.iter().map(String::as_str).collect();
        let Ok(hand) = WinningHand::new(&text, &Tile::from_index(w).to_string(), &refs) else {
            continue;
        };
        let tsumo = rng.below(2) == 0;
        let kongs = calls.iter().any(|c| c.1);
        let lone = concealed[w] == 1 && all[w] <= 1 && w != RED;
        let mut s = Situation {
            tsumo,
            four_wild,
            no_seven_pairs: rng.below(4) == 0,
            no_red_plain: rng.below(4) == 0,
            stake: 1 + rng.below(5),
            payers: 1 + rng.below(3),
            birds: [0, 0, 1, 2, 4][rng.below(5) as usize],
            cap: [0, 0, 0, 2, 3][rng.below(5) as usize],
            ..Situation::default()
        };
        match rng.below(4) {
            0 if tsumo && kongs => s.rinshan = true,
            1 if !tsumo && lone => s.chankan = true,
            _ => {}
        }
        let win = Win {
            tsumo,
            rinshan: s.rinshan,
            chankan: s.chankan,
            stake: s.stake as u32,
            payers: s.payers as u8,
            birds: s.birds as u8,
            room: hupai::RoomRules {
                cap: s.cap as u8,
                no_red_double: !s.no_red_plain,
                ..Default::default()
            },
            ..Win::default()
        };
        let called = calls.iter().map(|c| c.0).collect();
        return (hand, called, concealed, win, s, four_wild);
    }
}

/// Checks that `s`'s wildcards, put in their places, leave a hand that wins under `rules`
/// without wildcards (when no wildcard is a fifth copy), of the shape and suit paid.
fn reading_wins(rules: &Rules, hand: &WinningHand, s: &HongzhongScore) {
    if s.fans[0].0 == HongzhongFan::FourRedDragons {
        return;
    }
    let mut counts = *hand.concealed();
    for &(w, t) in &s.wildcards {
        counts[w.index()] -= 1;
        counts[t.index()] += 1;
    }
    let melds: Vec<_> = hand.calls().iter().map(|c| c.meld()).collect();
    let plain = Rules {
        wild: TileSet::EMPTY,
        ..*rules
    };
    let Ok(h) = Hand::under(counts, &melds, TileSet::EMPTY, &plain) else {
        return; // a fifth copy
    };
    assert!(
        Engine::new(plain).is_win(&h),
        "{hand}: {:?} is no win",
        s.wildcards
    );
    if s.fans.iter().any(|f| f.0 == HongzhongFan::FullFlush) {
        let suits: std::collections::BTreeSet<usize> = (0..34)
            .filter(|&k| h.counts()[k] > 0)
            .map(|k| k / 9)
            .collect();
        assert_eq!(suits.len(), 1, "{hand}: {:?} not of one suit", s.wildcards);
    }
}

#[test]
fn random_wins_match_the_literal_reference_sweep() {
    let n: usize = std::env::var("HUPAI_HONGZHONG_WINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let mut rng = Rng(5301);
    // The four 红中 winning or not, seven pairs a win or not (七对可胡).
    let no_pairs = Rules {
        seven_pairs: hupai::SevenPairs::Off,
        ..Rules::hongzhong()
    };
    let engines = [
        [Engine::new(Rules::hongzhong()), Engine::new(no_pairs)],
        [
            Engine::new(Rules::hongzhong().four_wild_win(true)),
            Engine::new(no_pairs.four_wild_win(true)),
        ],
    ];
    let mut reached: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut by_wild = [0usize; 5];
    let mut pairs_refused = 0;
    for i in 0..n {
        let (hand, calls, concealed, win, s, four_wild) = random_win(&mut rng);
        let e = &engines[four_wild as usize][s.no_seven_pairs as usize];
        let want = hongzhong::score(&concealed, &calls, &s);
        let got = e.score(&hand, &win);
        let ctx = || format!("case {i}: {hand} {calls:?} {s:?}");
        // The generator draws a 红中 won on a discard too: refused, whatever the reference reads.
        if !s.tsumo && hand.win_tile().index() == 33 {
            let refused = match want {
                Some(_) => matches!(got, Err(ScoreError::BadSituation(_))),
                None => matches!(got, Err(ScoreError::NotAWin | ScoreError::BadSituation(_))),
            };
            assert!(refused, "{}: {got:?}", ctx());
            continue;
        }
        // Seven pairs alone is no win where the rules do not play it.
        let pairs_only = s.no_seven_pairs
            && want.is_none()
            && hongzhong::score(
                &concealed,
                &calls,
                &Situation {
                    no_seven_pairs: false,
                    ..s
                },
            )
            .is_some();
        pairs_refused += pairs_only as usize;
        let (want, got) = match (want, got) {
            (None, Err(ScoreError::NotAWin)) => continue,
            (Some(w), Ok(g)) => (w, g.hongzhong().unwrap()),
            (w, g) => panic!("{}: reference {w:?}, engine {g:?}", ctx()),
        };
        assert_eq!(got.uncapped, want.uncapped, "{}: {got:?} {want:?}", ctx());
        assert_eq!(
            (got.fan, got.each, got.total),
            (want.fan, want.each, want.total),
            "{}",
            ctx()
        );
        if let Some(shape) = want.shape {
            assert_eq!(got.fans[0].0.chinese(), shape, "{}", ctx());
        }
        reading_wins(e.rules(), &hand, &got);
        for (f, _) in &got.fans {
            *reached.entry(f.chinese()).or_default() += 1;
        }
        by_wild[concealed[RED] as usize] += 1;
    }
    eprintln!(
        "{n} wins, 0 differences; by 红中 held {by_wild:?}; fans reached: {reached:?}; \
         {pairs_refused} seven pairs refused where the rules play none"
    );
    assert!(pairs_refused * 200 > n, "{pairs_refused} of {n}");
    assert_eq!(
        reached.len(),
        HongzhongFan::ALL.len(),
        "every fan reached: {reached:?}"
    );
}
