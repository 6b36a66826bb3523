//! Sichuan 血战到底 scoring (`docs/SCORING.md`, "Sichuan"): the table's worked examples, each
//! fan reached, the refusals, and the sweep against the literal reference of
//! `tests/reference/sichuan.rs` on random wins (`HUPAI_SICHUAN_WINS`, 100,000 by default).

mod reference;

use hupai::{
    Call, Engine, Heavenly, RoomRules, Rules, ScoreError, SelfDraw, SichuanFan, SichuanScore, Tile,
    Win, WinningHand,
};
use reference::sichuan::{self, Called, Situation};
use reference::{call_text, Rng};
use std::collections::BTreeMap;

fn engine() -> Engine<'static> {
    Engine::new(Rules::sichuan())
}

fn score(hand: &str, win: &str, calls: &[&str], w: &Win) -> Result<SichuanScore, ScoreError> {
    let hand = WinningHand::new(hand, win, calls)?;
    engine()
        .score(&hand, w)
        .map(|s| s.sichuan().expect("Sichuan rules score Sichuan"))
}

fn fans(s: &SichuanScore) -> Vec<(&'static str, u32)> {
    s.fans.iter().map(|&(f, n)| (f.chinese(), n)).collect()
}

fn ron() -> Win {
    Win::default()
}

fn tsumo() -> Win {
    Win {
        tsumo: true,
        ..Win::default()
    }
}

#[test]
fn the_table_s_patterns() {
    use SichuanFan::*;
    // (hand, winning tile, calls, pattern, its fans)
    let cases: &[(&str, &str, &[&str], SichuanFan, u32)] = &[
        ("123m456m789p234p55p", "5p", &[], PlainWin, 0),
        ("111m333m555p777p99p", "9p", &[], AllPungs, 1),
        ("11m33m55m77p99p22p44p", "4p", &[], SevenPairs, 2),
        ("123m456m789m234m55m", "5m", &[], FullFlush, 2),
        ("123m789m123p789p11p", "1p", &[], Terminals, 2),
        (
            "99p",
            "9p",
            &["pon 111m", "pon 333m", "pon 555p", "pon 777p"],
            GoldenHook,
            2,
        ),
        ("222m555m888p222p55p", "5p", &[], AllPungs258, 3),
        ("1111m33m55m77p99p22p", "2p", &[], DragonSevenPairs, 3),
        ("111m333m555m777m99m", "9m", &[], FlushPungs, 3),
        ("11m33m55m77m99m22m44m", "4m", &[], FlushSevenPairs, 4),
        ("123m123m789m999m11m", "1m", &[], FlushTerminals, 4),
        (
            "99m",
            "9m",
            &["pon 111m", "pon 333m", "pon 555m", "pon 777m"],
            FlushGoldenHook,
            4,
        ),
        (
            "55p",
            "5p",
            &["pon 222m", "pon 555m", "pon 888m", "pon 222p"],
            GoldenHook258,
            4,
        ),
        ("1111m33m55m77m99m22m", "2m", &[], FlushDragonSevenPairs, 5),
    ];
    for &(hand, win, calls, want, value) in cases {
        let s = score(hand, win, calls, &ron()).unwrap();
        assert_eq!(s.fans[0], (want, 1), "{hand}");
        assert_eq!(want.fans(), value, "{hand}");
        assert_eq!(
            s.uncapped,
            value + s.fans[1..].iter().map(|f| f.0.fans() * f.1).sum::<u32>()
        );
        assert_eq!(
            (s.each, s.payers, s.total),
            (1 << s.fan, 1, 1 << s.fan),
            "{hand}"
        );
    }
}

#[test]
fn roots_and_the_way_the_hand_was_won() {
    // A four held in a standard hand is a 根; a dragon's own four is not counted again, a
    // second four is.
    let s = score("111123m567p888p99p", "9p", &[], &ron()).unwrap();
    assert_eq!(fans(&s), vec![("平胡", 1), ("根", 1)]);
    let s = score("1111m3333m55m77m99m", "9m", &[], &ron()).unwrap();
    assert_eq!(fans(&s), vec![("清龙七对", 1), ("根", 1)]);
    assert_eq!(s.uncapped, 6);
    // Declared kongs are roots; 杠上开花 after one, self-drawn.
    let w = Win {
        rinshan: true,
        ..tsumo()
    };
    let s = score("234m567m99m", "9m", &["kan 1111p", "pon 555p"], &w).unwrap();
    assert_eq!(
        fans(&s),
        vec![("平胡", 1), ("根", 1), ("自摸", 1), ("杠上开花", 1)]
    );
    assert_eq!((s.fan, s.each, s.payers, s.total), (3, 8, 3, 24));
    // Each flag of the moment.
    let flags: [(Win, &str); 6] = [
        (
            Win {
                kong_discard: true,
                ..ron()
            },
            "杠上炮",
        ),
        (
            Win {
                chankan: true,
                ..ron()
            },
            "抢杠胡",
        ),
        (
            Win {
                haitei: true,
                ..tsumo()
            },
            "海底捞月",
        ),
        (
            Win {
                houtei: true,
                ..ron()
            },
            "海底炮",
        ),
        (
            Win {
                tenhou: true,
                seat_wind: Tile::parse("1z").unwrap(),
                ..tsumo()
            },
            "天胡",
        ),
        (
            Win {
                chiihou: true,
                ..tsumo()
            },
            "地胡",
        ),
    ];
    for (w, name) in flags {
        let s = score("123m456m789p234p55p", "4p", &[], &w).unwrap();
        assert!(fans(&s).contains(&(name, 1)), "{name}: {:?}", fans(&s));
    }
}

#[test]
fn the_cap_the_self_draw_and_the_payers() {
    let room = |cap, self_draw| Win {
        room: RoomRules {
            cap,
            self_draw,
            ..RoomRules::default()
        },
        payers: 2,
        stake: 5,
        ..tsumo()
    };
    // 清龙七对 (5) and 自摸 (1): 6 fans; a cap of 4 pays 4.
    let hand = "1111m33m55m77m99m22m";
    let s = score(hand, "2m", &[], &room(0, SelfDraw::Fan)).unwrap();
    assert_eq!(
        (s.uncapped, s.fan, s.each, s.total),
        (6, 6, 5 * 64, 2 * 5 * 64)
    );
    let s = score(hand, "2m", &[], &room(4, SelfDraw::Fan)).unwrap();
    assert_eq!(
        (s.uncapped, s.fan, s.each, s.total),
        (6, 4, 5 * 16, 2 * 5 * 16)
    );
    // 自摸加底: no fan, the stake once more from each payer.
    let s = score(hand, "2m", &[], &room(0, SelfDraw::Stake)).unwrap();
    assert_eq!(
        (s.uncapped, s.each, s.total),
        (5, 5 * 32 + 5, 2 * (5 * 32 + 5))
    );
    assert!(!fans(&s).iter().any(|f| f.0 == "自摸"));
    // 自摸不加倍: nothing more, 5 fans.
    let s = score(hand, "2m", &[], &room(0, SelfDraw::Nothing)).unwrap();
    assert_eq!((s.uncapped, s.each, s.total), (5, 5 * 32, 2 * 5 * 32));
    assert!(!fans(&s).iter().any(|f| f.0 == "自摸"));
}

/// 天胡 added (the default) or the largest basic hand (`Heavenly::Largest`, S-M2: 天胡 ×32
/// among the basic hands, only the largest counting).
#[test]
fn heavenly_adds_or_is_the_largest_basic_hand() {
    let dealer = |heavenly| Win {
        tenhou: true,
        seat_wind: Tile::parse("1z").unwrap(),
        room: RoomRules {
            heavenly,
            ..RoomRules::default()
        },
        ..tsumo()
    };
    // 清一色 (2) with a four held (根 1): 2 + 1 + 天胡 5 + 自摸 1 = 9 added; as the largest
    // basic hand 天胡 takes 清一色's place: 5 + 1 + 1 = 7.
    let flush = "1111m23m456m789m99m";
    let s = score(flush, "9m", &[], &dealer(Heavenly::Add)).unwrap();
    assert_eq!(s.uncapped, 9);
    let s = score(flush, "9m", &[], &dealer(Heavenly::Largest)).unwrap();
    assert_eq!(s.uncapped, 7);
    assert_eq!(fans(&s), [("天胡", 1), ("根", 1), ("自摸", 1)]);
    // 清龙七对 (5, its four inside) is as large: it stays, 天胡 adds nothing — 5 + 1.
    let dragon = "1111m33m55m77m99m22m";
    let s = score(dragon, "2m", &[], &dealer(Heavenly::Largest)).unwrap();
    assert_eq!(fans(&s)[0].0, "清龙七对");
    assert_eq!(s.uncapped, 6);
    // 龙七对 (3, its four inside): 天胡 takes its place and the four is a root again:
    // 5 + 根 1 + 自摸 1.
    let s = score(
        "1111m33m55m77p99p22p",
        "2p",
        &[],
        &dealer(Heavenly::Largest),
    )
    .unwrap();
    assert_eq!(fans(&s), [("天胡", 1), ("根", 1), ("自摸", 1)]);
    // Another room's scoring refuses the option.
    let hz = Engine::new(Rules::hongzhong());
    let h = WinningHand::new("123m456m789p234p55p", "4p", &[]).unwrap();
    let largest = Win {
        room: RoomRules {
            heavenly: Heavenly::Largest,
            ..RoomRules::default()
        },
        ..tsumo()
    };
    assert!(matches!(
        hz.score(&h, &largest),
        Err(ScoreError::BadArgument(_))
    ));
}

#[test]
fn what_is_refused() {
    let e = engine();
    let refused = |hand: &str, win: &str, calls: &[&str], w: &Win| {
        let h = WinningHand::new(hand, win, calls).unwrap();
        e.score(&h, w).unwrap_err()
    };
    // Three suits: not a Sichuan win; honors are out of play; a chi is not a call here.
    assert_eq!(
        refused("123m456p789s23455s", "5s", &[], &ron()),
        ScoreError::NotAWin
    );
    assert!(matches!(
        refused("123m456m789m11z", "1z", &["pon 222p"], &ron()),
        ScoreError::BadHand(_)
    ));
    assert!(matches!(
        refused("456m789m11m", "1m", &["chi 123p", "pon 555p"], &ron()),
        ScoreError::BadCall(_)
    ));
    // Flags of other rules, and flags that clash.
    let plain = "123m456m789p234p55p";
    for w in [
        Win {
            riichi: true,
            ..ron()
        },
        Win {
            dora: vec![Tile::parse("1m").unwrap()],
            ..ron()
        },
        Win {
            chankan: true,
            ..tsumo()
        },
        Win {
            rinshan: true,
            ..tsumo()
        },
        Win {
            kong_discard: true,
            ..tsumo()
        },
        Win {
            haitei: true,
            ..ron()
        },
        Win {
            tenhou: true,
            ..tsumo()
        },
        Win {
            chiihou: true,
            seat_wind: Tile::parse("1z").unwrap(),
            ..tsumo()
        },
    ] {
        assert!(
            matches!(refused(plain, "5p", &[], &w), ScoreError::BadSituation(_)),
            "{w:?}"
        );
    }
    // Options out of their range: BAD_ARGUMENT, not an impossible win.
    for w in [
        Win {
            payers: 0,
            ..tsumo()
        },
        Win { stake: 0, ..ron() },
    ] {
        assert!(
            matches!(refused(plain, "5p", &[], &w), ScoreError::BadArgument(_)),
            "{w:?}"
        );
    }
    // 抢杠胡 on a tile the hand holds twice.
    let w = Win {
        chankan: true,
        ..ron()
    };
    assert!(matches!(
        refused("111m333m555p777p99p", "9p", &[], &w),
        ScoreError::BadSituation(_)
    ));
}

/// A random Sichuan win: one or two suits (no honors), four sets and a pair (pungs, kongs and
/// chows; pungs and kongs may be declared) or seven pairs, and a situation it may have.
fn random_win(rng: &mut Rng) -> (WinningHand, Vec<Called>, [u8; 34], Win, Situation) {
    loop {
        let suits: Vec<usize> = match rng.below(3) {
            0 => vec![rng.below(3) as usize],
            _ => {
                let a = rng.below(3) as usize;
                vec![a, (a + 1 + rng.below(2) as usize) % 3]
            }
        };
        let kind = |rng: &mut Rng| {
            suits[rng.below(suits.len() as u64) as usize] * 9 + rng.below(9) as usize
        };
        let mut all = [0u8; 34];
        let mut concealed = [0u8; 34];
        let mut calls: Vec<Called> = Vec::new();
        let ok;
        if rng.below(5) == 0 {
            // Seven pairs (a four as two).
            for _ in 0..7 {
                let k = kind(rng);
                concealed[k] += 2;
            }
            ok = concealed.iter().all(|&c| c <= 4);
            all = concealed;
        } else {
            // Terminal- and 2-5-8-leaning sets now and then, so those patterns are met.
            let lean = rng.below(4);
            let pick = |rng: &mut Rng| loop {
                let k = kind(rng);
                let n = k % 9 + 1;
                match lean {
                    0 if !matches!(n, 1 | 7 | 9) => continue,
                    1 if !matches!(n, 2 | 5 | 8) => continue,
                    _ => return k,
                }
            };
            let pungs_only = rng.below(3) == 0;
            for _ in 0..4 {
                let k = pick(rng);
                let run = !pungs_only && k % 9 <= 6 && rng.below(2) == 0;
                if run {
                    for j in 0..3 {
                        concealed[k + j] += 1;
                        all[k + j] += 1;
                    }
                } else {
                    let kan = rng.below(6) == 0;
                    let n = if kan { 4 } else { 3 };
                    all[k] += n;
                    // A kong is a set only when declared (pon, kan or ankan below); a pung
                    // is declared or concealed.
                    if kan || rng.below(2) == 0 {
                        calls.push(Called { kind: k, kan });
                    } else {
                        concealed[k] += 3;
                    }
                }
            }
            let p = pick(rng);
            concealed[p] += 2;
            all[p] += 2;
            ok = all.iter().all(|&c| c <= 4);
        }
        if !ok {
            continue;
        }
        // The winning tile: one of the concealed.
        let held: Vec<usize> = (0..34).filter(|&k| concealed[k] > 0).collect();
        let w = held[rng.below(held.len() as u64) as usize];
        let text = |c: &[u8; 34]| {
            let mut s = String::new();
            for (su, letter) in ["m", "p", "s"].iter().enumerate() {
                let digits: String = (0..9)
                    .flat_map(|n| {
                        std::iter::repeat_n(char::from(b'1' + n as u8), c[su * 9 + n] as usize)
                    })
                    .collect();
                if !digits.is_empty() {
                    s += &digits;
                    s += letter;
                }
            }
            s
        };
        let call_texts: Vec<String> = calls
            .iter()
            .map(|c| call_text(rng, c.kind, false, c.kan))
            .collect();
        let refs: Vec<&str> = call_texts.iter().map(String::as_str).collect();
        let hand = WinningHand::new(&text(&concealed), &Tile::from_index(w).to_string(), &refs)
            .expect("a well-formed hand");
        // A situation: flags where they can be.
        let tsumo = rng.below(2) == 0;
        let kongs = calls.iter().any(|c| c.kan);
        let lone = concealed[w] == 1 && all[w] == 1;
        let mut s = Situation {
            tsumo,
            stake: 1 + rng.below(5),
            payers: 1 + rng.below(3),
            cap: [0, 0, 3, 4, 5, 6][rng.below(6) as usize],
            ..Situation::default()
        };
        // What a self-draw adds: a stake one time in three, nothing one in six, else a fan.
        match rng.below(6) {
            0 | 1 => s.self_draw_stake = true,
            2 => s.self_draw_nothing = true,
            _ => {}
        }
        let dealer = rng.below(4) == 0;
        match rng.below(8) {
            0 if tsumo && kongs => s.rinshan = true,
            1 if !tsumo => s.kong_discard = true,
            2 if !tsumo && lone => s.chankan = true,
            3 if tsumo => s.haitei = true,
            4 if !tsumo => s.houtei = true,
            5 if tsumo && calls.is_empty() && dealer => s.tenhou = true,
            6 if tsumo && calls.is_empty() && !dealer => s.chiihou = true,
            _ => {}
        }
        // 天胡 / 地胡 the largest basic hand half the time they are won.
        s.heavenly_largest = (s.tenhou || s.chiihou) && rng.below(2) == 0;
        let win = Win {
            tsumo,
            rinshan: s.rinshan,
            kong_discard: s.kong_discard,
            chankan: s.chankan,
            haitei: s.haitei,
            houtei: s.houtei,
            tenhou: s.tenhou,
            chiihou: s.chiihou,
            seat_wind: Tile::from_index(if dealer { 27 } else { 28 }),
            stake: s.stake as u32,
            payers: s.payers as u8,
            room: RoomRules {
                cap: s.cap as u8,
                self_draw: match (s.self_draw_stake, s.self_draw_nothing) {
                    (true, _) => SelfDraw::Stake,
                    (_, true) => SelfDraw::Nothing,
                    _ => SelfDraw::Fan,
                },
                heavenly: match s.heavenly_largest {
                    true => Heavenly::Largest,
                    false => Heavenly::Add,
                },
                ..RoomRules::default()
            },
            ..Win::default()
        };
        return (hand, calls, concealed, win, s);
    }
}

#[test]
fn random_wins_match_the_literal_reference_sweep() {
    let n: usize = std::env::var("HUPAI_SICHUAN_WINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let e = engine();
    let mut rng = Rng(53);
    let mut reached: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut largest = 0;
    for i in 0..n {
        let (hand, calls, concealed, win, s) = random_win(&mut rng);
        let want = sichuan::score(&concealed, &calls, &s).expect("a split hand");
        // 天胡 / 地胡 taking the pattern's place as the largest basic hand.
        largest += (s.heavenly_largest && ["天胡", "地胡"].contains(&want.pattern)) as usize;
        let got = e
            .score(&hand, &win)
            .unwrap_or_else(|err| panic!("case {i}: {hand}: {err}"))
            .sichuan()
            .unwrap();
        let ctx = || format!("case {i}: {hand} {win:?}");
        assert_eq!(got.uncapped, want.uncapped, "{}", ctx());
        assert_eq!(
            (got.fan, got.each, got.total),
            (want.fan, want.each, want.total),
            "{}",
            ctx()
        );
        if !want.tied {
            assert_eq!(got.fans[0].0.chinese(), want.pattern, "{}", ctx());
        }
        let roots = got
            .fans
            .iter()
            .find(|f| f.0 == SichuanFan::Root)
            .map_or(0, |f| f.1);
        assert_eq!(roots, want.roots, "{}", ctx());
        let extras: Vec<&str> = got
            .fans
            .iter()
            .skip(1)
            .filter(|f| f.0 != SichuanFan::Root)
            .map(|f| f.0.chinese())
            .collect();
        assert_eq!(extras, want.extras, "{}", ctx());
        for (f, _) in &got.fans {
            *reached.entry(f.chinese()).or_default() += 1;
        }
    }
    eprintln!(
        "{n} wins, 0 differences; fans reached: {reached:?}; 天胡 / 地胡 the largest basic hand \
         {largest} times"
    );
    assert!(largest * 1000 > n, "{largest} of {n}");
    assert_eq!(
        reached.len(),
        SichuanFan::ALL.len(),
        "every fan reached: {reached:?}"
    );
}

#[test]
fn calls_are_what_the_rooms_call() {
    // A pon and a kan in one hand; the text forms of a call read the same.
    let a = score("234m567m99m", "9m", &["kan 1111p", "pon 555p"], &ron()).unwrap();
    let b = WinningHand::new("234m567m99m", "9m", &["1111p", "555p"]).unwrap();
    assert_eq!(engine().score(&b, &ron()).unwrap().sichuan().unwrap(), a);
    assert!(Call::parse("ankan 2222p").unwrap().is_kan());
}
