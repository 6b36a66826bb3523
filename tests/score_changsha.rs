//! 长沙麻将 scoring (`docs/SCORING.md`, "Changsha"): worked examples of the small win and the
//! big wins counted together, the starting hand's small wins, the refusals, and the sweep
//! against the literal reference of `tests/reference/changsha.rs` on random wins
//! (`HUPAI_CHANGSHA_WINS`, 100,000 by default).

mod reference;

use hupai::{
    changsha_opening_wins, ChangshaFan, ChangshaScore, Engine, OpeningWin, RoomRules, Rules,
    ScoreError, Tile, Win, WinningHand,
};
use reference::changsha::{self, Situation};
use reference::{call_text, Rng};
use std::collections::BTreeMap;

fn score(hand: &str, win: &str, calls: &[&str], w: &Win) -> Result<ChangshaScore, ScoreError> {
    let hand = WinningHand::new(hand, win, calls)?;
    Engine::new(Rules::changsha())
        .score(&hand, w)
        .map(|s| s.changsha().expect("Changsha rules score Changsha"))
}

fn wins(s: &ChangshaScore) -> Vec<&'static str> {
    s.fans.iter().map(|&(f, _)| f.chinese()).collect()
}

fn tsumo() -> Win {
    Win {
        tsumo: true,
        ..Win::default()
    }
}

#[test]
fn small_and_big_wins() {
    // A small win needs the 2-5-8 pair: 2 from each of three on a self-draw, 1 from a discarder.
    let s = score("123m456m789p234s55s", "5s", &[], &tsumo()).unwrap();
    assert_eq!(wins(&s), ["小胡"]);
    assert_eq!((s.fan, s.each, s.total), (0, 2, 6));
    let s = score("123m456m789p234s55s", "5s", &[], &Win::default()).unwrap();
    assert_eq!((s.each, s.total), (1, 1));
    // The same hand with a 6s pair is no win (no big win takes it).
    assert_eq!(
        score("123m456m789p234s66s", "6s", &[], &tsumo()).unwrap_err(),
        ScoreError::NotAWin
    );
    // 碰碰胡 takes any pair: one big win, 6 from each.
    let s = score("111m222333p44466s", "6s", &[], &tsumo()).unwrap();
    assert_eq!(wins(&s), ["碰碰胡"]);
    assert_eq!((s.fan, s.each, s.total), (1, 6, 18));
    // Big wins count together: 清一色 and 碰碰胡 (2), 12 from the discarder.
    let s = score("11122233344466m", "6m", &[], &Win::default()).unwrap();
    assert_eq!(wins(&s), ["碰碰胡", "清一色"]);
    assert_eq!((s.fan, s.total), (2, 12));
    // 豪华七小对 (a four among the pairs) counts as two big wins, with 清一色 three.
    let s = score("11112233445566m", "6m", &[], &tsumo()).unwrap();
    assert_eq!(wins(&s), ["豪华七小对", "清一色"]);
    assert_eq!((s.fan, s.each), (3, 18));
    // 将将胡: every tile a 2, 5 or 8, in any arrangement.
    let s = score("258m258p258s22558m", "8m", &[], &tsumo()).unwrap();
    assert_eq!(wins(&s), ["将将胡"]);
    // 全求人: four calls, won on a discard; with 碰碰胡 and 将将胡 three big wins.
    let s = score(
        "2s2s",
        "2s",
        &["pon 222m", "pon 555p", "kan 8888s", "pon 555s"],
        &Win::default(),
    )
    .unwrap();
    assert_eq!(wins(&s), ["碰碰胡", "将将胡", "全求人"]);
    assert_eq!(s.total, 18);
    // 全求人 alone takes any pair, as the other big wins do (a 3s pair, chi among the calls) …
    let calls = ["chi 123m", "pon 777p", "kan 9999s", "chi 456s"];
    let s = score("3s3s", "3s", &calls, &Win::default()).unwrap();
    assert_eq!(wins(&s), ["全求人"]);
    assert_eq!(s.total, 6);
    // … but not self-drawn, and not with a kong declared from the hand (called from no one).
    assert_eq!(
        score("3s3s", "3s", &calls, &tsumo()),
        Err(ScoreError::NotAWin)
    );
    let closed = ["chi 123m", "pon 777p", "ankan 9999s", "chi 456s"];
    assert_eq!(
        score("3s3s", "3s", &closed, &Win::default()),
        Err(ScoreError::NotAWin)
    );
    let closed = ["ankan 2222m", "ankan 5555p", "ankan 8888s", "ankan 1111s"];
    let s = score("2s2s", "2s", &closed, &Win::default()).unwrap();
    assert!(!wins(&s).contains(&"全求人"), "{:?}", wins(&s));
}

#[test]
fn flags_birds_and_the_cap() {
    let bloom = Win {
        rinshan: true,
        birds: 2,
        ..tsumo()
    };
    let s = score("123m456m789p55s", "5s", &["kan 1111s"], &bloom).unwrap();
    assert_eq!(wins(&s), ["杠上开花"]);
    assert_eq!((s.fan, s.each, s.total), (1, 18, 54)); // 6 × (1 + 2 birds) from each of three
    let capped = Win {
        room: RoomRules {
            cap: 1,
            ..RoomRules::default()
        },
        ..Win::default()
    };
    let s = score("11122233344466m", "6m", &[], &capped).unwrap();
    assert_eq!((s.uncapped, s.fan, s.total), (2, 1, 6));
    let heaven = Win {
        tenhou: true,
        seat_wind: Tile::parse("1z").unwrap(),
        ..tsumo()
    };
    let s = score("123m456m789p234s55s", "5s", &[], &heaven).unwrap();
    assert_eq!(wins(&s), ["天胡"]);
}

#[test]
fn the_starting_hand_s_small_wins() {
    let open = |t: &str| changsha_opening_wins(&hupai::parse_tiles(t).unwrap());
    assert_eq!(
        open("1111m222p45799s13p").unwrap(),
        [(OpeningWin::FourOfAKind, 1), (OpeningWin::TwoPungs, 1)]
    );
    assert_eq!(open("1347m1369p134679s").unwrap(), [(OpeningWin::No258, 1)]);
    assert_eq!(
        open("1234567m1234567p").unwrap(),
        [(OpeningWin::MissingSuit, 1)]
    );
    assert_eq!(
        open("11112222m345678p").unwrap(),
        [
            (OpeningWin::FourOfAKind, 2),
            (OpeningWin::MissingSuit, 1),
            (OpeningWin::TwoPungs, 1)
        ]
    );
    assert_eq!(open("123m456p789s123m2s").unwrap(), []);
    assert!(matches!(open("123m456p789s"), Err(ScoreError::BadHand(m)) if m.contains("9 tiles")));
    assert!(
        matches!(open("123m456p789s1234z"), Err(ScoreError::BadHand(m)) if m.contains("not in play"))
    );
}

#[test]
fn what_is_refused() {
    let ok = "123m456m789p234s55s";
    let riichi = score(
        ok,
        "5s",
        &[],
        &Win {
            riichi: true,
            ..tsumo()
        },
    )
    .unwrap_err();
    assert!(matches!(riichi, ScoreError::BadSituation(m) if m.contains("not Changsha's")));
    let clash = score(
        ok,
        "5s",
        &[],
        &Win {
            houtei: true,
            ..tsumo()
        },
    )
    .unwrap_err();
    assert!(matches!(clash, ScoreError::BadSituation(_)));
    // A chi is a Changsha call.
    let s = score("456m789p234s55s", "5s", &["chi 123m"], &tsumo()).unwrap();
    assert_eq!(wins(&s), ["小胡"]);
}

/// A random 长沙 win: four sets (some called, chi too) and a pair leaning to 2-5-8, seven pairs
/// with fours, all-2-5-8 hands of any shape; one, two or three suits; the flags where they can
/// be, stakes, payers, birds and caps.
fn random_win(rng: &mut Rng) -> (WinningHand, Vec<(usize, bool)>, [u8; 34], Win, Situation) {
    loop {
        let suits: Vec<usize> = match rng.below(3) {
            0 => vec![rng.below(3) as usize],
            1 => (0..3).collect(),
            _ => {
                let a = rng.below(3) as usize;
                vec![a, (a + 1 + rng.below(2) as usize) % 3]
            }
        };
        let only_258 = rng.below(8) == 0;
        let kind = |rng: &mut Rng| loop {
            let k = suits[rng.below(suits.len() as u64) as usize] * 9 + rng.below(9) as usize;
            if !only_258 || matches!(k % 9, 1 | 4 | 7) {
                return k;
            }
        };
        let mut concealed = [0u8; 34];
        let mut all = [0u8; 34];
        let mut calls: Vec<(usize, bool, bool)> = Vec::new(); // kind, chi, kan
        if only_258 && rng.below(2) == 0 {
            for _ in 0..14 {
                concealed[kind(rng)] += 1;
            }
            all = concealed;
        } else if rng.below(5) == 0 {
            for _ in 0..7 {
                concealed[kind(rng)] += 2;
            }
            all = concealed;
        } else {
            let pungs_only = only_258 || rng.below(3) == 0;
            // Now and then every set called (全求人's shape), the pair of any kind.
            let all_called = rng.below(8) == 0;
            for _ in 0..4 {
                let k = kind(rng);
                if !pungs_only && k % 9 <= 6 && rng.below(2) == 0 {
                    for j in 0..3 {
                        all[k + j] += 1;
                    }
                    if all_called || rng.below(4) == 0 {
                        calls.push((k, true, false));
                    } else {
                        for j in 0..3 {
                            concealed[k + j] += 1;
                        }
                    }
                } else {
                    let kan = rng.below(6) == 0;
                    all[k] += if kan { 4 } else { 3 };
                    if kan || all_called || rng.below(3) == 0 {
                        calls.push((k, false, kan));
                    } else {
                        concealed[k] += 3;
                    }
                }
            }
            let p = loop {
                let p = kind(rng);
                if rng.below(3) == 0 || matches!(p % 9, 1 | 4 | 7) {
                    break p;
                }
            };
            concealed[p] += 2;
            all[p] += 2;
        }
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        let text = hupai::format_counts(&concealed);
        let kinds: Vec<usize> = (0..34).filter(|&k| concealed[k] > 0).collect();
        let w = kinds[rng.below(kinds.len() as u64) as usize];
        let call_texts: Vec<String> = calls
            .iter()
            .map(|&(k, chi, kan)| call_text(rng, k, chi, kan))
            .collect();
        let refs: Vec<&str> = call_texts.iter().map(String::as_str).collect();
        let Ok(hand) = WinningHand::new(&text, &Tile::from_index(w).to_string(), &refs) else {
            continue;
        };
        let closed_kans = refs.iter().filter(|c| c.starts_with("ankan")).count();
        let tsumo = rng.below(2) == 0;
        let kongs = calls.iter().any(|c| c.2);
        let lone = concealed[w] == 1 && all[w] == 1;
        let mut s = Situation {
            tsumo,
            stake: 1 + rng.below(5),
            payers: 1 + rng.below(3),
            birds: [0, 0, 1, 2, 4][rng.below(5) as usize],
            cap: [0, 0, 0, 1, 2][rng.below(5) as usize],
            closed_kans,
            ..Situation::default()
        };
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
            birds: s.birds as u8,
            room: RoomRules {
                cap: s.cap as u8,
                ..RoomRules::default()
            },
            ..Win::default()
        };
        let called = calls.iter().map(|c| (c.0, c.1)).collect();
        return (hand, called, concealed, win, s);
    }
}

#[test]
fn random_wins_match_the_literal_reference_sweep() {
    let n: usize = std::env::var("HUPAI_CHANGSHA_WINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let e = Engine::new(Rules::changsha());
    let mut rng = Rng(5302);
    let mut reached: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut not_wins = 0;
    for i in 0..n {
        let (hand, calls, concealed, win, s) = random_win(&mut rng);
        let want = changsha::score(&concealed, &calls, &s);
        let got = e.score(&hand, &win);
        let ctx = || format!("case {i}: {hand} {calls:?} {s:?}");
        let (want, got) = match (want, got) {
            (None, Err(ScoreError::NotAWin)) => {
                not_wins += 1;
                continue;
            }
            (Some(w), Ok(g)) => (w, g.changsha().unwrap()),
            (w, g) => panic!("{}: reference {w:?}, engine {g:?}", ctx()),
        };
        let mut names = wins(&got);
        names.sort();
        let mut want_names = want.wins.clone();
        want_names.sort();
        assert_eq!(names, want_names, "{}", ctx());
        assert_eq!(
            (got.uncapped, got.fan, got.each, got.total),
            (want.big, want.paid, want.each, want.total),
            "{}",
            ctx()
        );
        for (f, _) in &got.fans {
            *reached.entry(f.chinese()).or_default() += 1;
        }
    }
    eprintln!(
        "{n} wins ({not_wins} not wins under 长沙 rules, both agree), 0 differences; reached: {reached:?}"
    );
    assert_eq!(
        reached.len(),
        ChangshaFan::ALL.len(),
        "every win reached: {reached:?}"
    );
}
