//! 南昌麻将 scoring (`docs/SCORING.md`, "Nanchang"): worked examples where the 精's reading
//! decides the value (德国, 精钓, a 精 completing a form), the 精 settlement, the refusals,
//! and the sweep against the literal reference of `tests/reference/nanchang.rs` on random
//! wins with 0–4 精 (`HUPAI_NANCHANG_WINS`, 100,000 by default).

mod reference;

use hupai::{
    jing_settlement, nanchang_wilds, Engine, Hand, NanchangFan, NanchangScore, Rules, ScoreError,
    Tile, TileSet, Win, WinningHand,
};
use reference::nanchang::{self, Situation};
use reference::{call_text, Rng};
use std::collections::BTreeMap;

fn jing(indicator: &str) -> TileSet {
    let (a, b) = nanchang_wilds(Tile::parse(indicator).unwrap());
    [a, b].into_iter().collect()
}

fn score(
    hand: &str,
    win: &str,
    calls: &[&str],
    ind: &str,
    w: &Win,
) -> Result<NanchangScore, ScoreError> {
    let hand = WinningHand::new(hand, win, calls)?.with_wild(jing(ind));
    Engine::new(Rules::nanchang())
        .score(&hand, w)
        .map(|s| s.nanchang().expect("Nanchang rules score Nanchang"))
}

fn fans(s: &NanchangScore) -> Vec<&'static str> {
    s.fans.iter().map(|&(f, _)| f.chinese()).collect()
}

fn roles(s: &NanchangScore) -> Vec<String> {
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

#[test]
fn the_jing_s_reading_decides_the_value() {
    // 精 5m and 6m. The 5m as itself completes 345m: 德国 (no 精 stands in), one fan.
    let s = score("345m456p789s11z567z", "3m", &[], "5m", &Win::default()).unwrap();
    assert_eq!(fans(&s), ["平胡", "德国"]);
    assert_eq!(roles(&s), ["5m=5m"]);
    assert_eq!((s.fan, s.total), (1, 2));
    // The 精 pairing the winning tile: 精钓.
    let s = score(
        "123m456p789s1z5m",
        "1z",
        &["pon 777p"],
        "5m",
        &Win::default(),
    )
    .unwrap();
    assert_eq!(fans(&s), ["平胡", "精钓"]);
    assert_eq!(roles(&s), ["5m=1z"]);
    // 精钓 won on a 精 (精 3s and 4s): the drawn 3s pairs the 4s held alone.
    let s = score(
        "3s4s",
        "3s",
        &["chi 123m", "chi 567p", "chi 678m", "chi 456s"],
        "3s",
        &tsumo(),
    )
    .unwrap();
    assert_eq!(fans(&s), ["平胡", "精钓", "自摸"]);
    assert_eq!((s.fan, s.each), (2, 4));
    // A 精 completing seven pairs (the 6m as the second 7z), self-drawn: two fans.
    let s = score("1122334455667z6m", "6m", &[], "5m", &tsumo()).unwrap();
    assert_eq!(fans(&s), ["七小对", "自摸"]);
    assert_eq!(roles(&s), ["6m=7z"]);
    assert_eq!((s.fan, s.each, s.total), (2, 4, 12));
    // 十三烂 with a 精 where it must stand in (5m beside 4m and 7m): 5m as 5z.
    let s = score("147m258p369s1234z5m", "5m", &[], "5m", &Win::default()).unwrap();
    assert_eq!(fans(&s), ["十三烂"]);
    assert_eq!(roles(&s), ["5m=5z"]);
    // 七星十三烂: every honor held.
    let s = score("147m25p36s1234567z", "1z", &[], "9s", &Win::default()).unwrap();
    assert_eq!(fans(&s), ["七星十三烂", "德国"]);
    assert_eq!(s.fan, 3);
    // Honor runs (a wind run, the dragons) with 德国 and a 精 pung as itself.
    let s = score("123456789m55p124z", "4z", &[], "8s", &Win::default()).unwrap();
    assert_eq!(fans(&s), ["平胡", "德国"]);
}

#[test]
fn all_pungs_and_kong_bloom_at_four() {
    // N6's room: 大七对 ×4 and 杠上开花 ×4 (`all_pungs_fans`, `kong_bloom_fans` 2): the fan
    // counted twice. No 精 held (精 9p, 1p): 德国 too.
    let x4 = |w: Win| Win {
        room: hupai::RoomRules {
            all_pungs_fans: 2,
            kong_bloom_fans: 2,
            ..Default::default()
        },
        ..w
    };
    let pungs = "111555m222888s77z";
    let s = score(pungs, "7z", &[], "9p", &Win::default()).unwrap();
    assert_eq!((fans(&s), s.fan, s.each), (vec!["大七对", "德国"], 2, 4));
    let s = score(pungs, "7z", &[], "9p", &x4(Win::default())).unwrap();
    assert_eq!(s.fans[0], (NanchangFan::AllPungs, 2));
    assert_eq!((s.uncapped, s.fan, s.each), (3, 3, 8));
    // Three 精 (1p 1p 9p) make 七小对 or 大七对: at ×2 they tie and 七小对, read first, is
    // paid; at ×4 大七对 pays more.
    let either = "11m55m22s888s77z1p1p9p";
    let s = score(either, "2s", &[], "9p", &Win::default()).unwrap();
    assert_eq!((fans(&s), s.fan), (vec!["七小对"], 1));
    let s = score(either, "2s", &[], "9p", &x4(Win::default())).unwrap();
    assert_eq!((fans(&s), s.fan, s.each), (vec!["大七对"], 2, 4));
    assert_eq!(roles(&s), ["1p=5m", "1p=2s", "9p=7z"]); // 11m the pair
    let bloom = Win {
        rinshan: true,
        ..tsumo()
    };
    let kong = ["ankan 1111s"];
    let s = score("123m456p789s55z", "5z", &kong, "9p", &bloom).unwrap();
    assert_eq!(fans(&s), ["平胡", "德国", "自摸", "杠上开花"]);
    assert_eq!((s.fan, s.each, s.total), (3, 8, 24));
    let s = score("123m456p789s55z", "5z", &kong, "9p", &x4(bloom)).unwrap();
    assert_eq!(s.fans[3], (NanchangFan::KongBloom, 2));
    assert_eq!((s.fan, s.each, s.total), (4, 16, 48));
    // Refused: 3 fans, and the options under another room.
    let three = Win {
        room: hupai::RoomRules {
            all_pungs_fans: 3,
            ..Default::default()
        },
        ..Win::default()
    };
    let e = score(pungs, "7z", &[], "9p", &three).unwrap_err();
    assert!(matches!(e, ScoreError::BadArgument(m) if m.contains("all_pungs_fans is 1")));
    let hand = WinningHand::new("1122334455667m7z", "7m", &[]).unwrap();
    let e = Engine::new(Rules::hongzhong())
        .score(&hand, &x4(tsumo()))
        .unwrap_err();
    assert!(matches!(e, ScoreError::BadArgument(m) if m.contains("is Nanchang's option")));
}

#[test]
fn the_jing_settlement() {
    let t = |s: &str| hupai::parse_tiles(s).unwrap();
    let five = Tile::parse("5m").unwrap();
    // 正精 2 points, 副精 1: 3 and 1 point, nobody at 冲关; each pays the other's value.
    let s = jing_settlement(&[t("5m6m"), t("6m"), t("123p"), t("9s")], five).unwrap();
    let nets: Vec<i64> = s.iter().map(|x| x.net).collect();
    assert_eq!(s.iter().map(|x| x.points).collect::<Vec<_>>(), [3, 1, 0, 0]);
    assert_eq!(nets, [3 * 3 - 1, 3 - 3, -4, -4]);
    assert_eq!(nets.iter().sum::<i64>(), 0);
    // 冲关 at five points (×2), 霸王精 when one player alone holds 精 (×2 more).
    let s = jing_settlement(&[t("55m6m"), t("1p"), t("2p")], five).unwrap();
    assert_eq!(
        (s[0].points, s[0].multiplier, s[0].value, s[0].net),
        (5, 4, 20, 40)
    );
    // Refused: one player, a fifth copy among the hands.
    assert!(jing_settlement(&[t("5m")], five).is_err());
    assert!(jing_settlement(&[t("555m"), t("55m")], five).is_err());
}

#[test]
fn what_is_refused() {
    let ok = "345m456p789s11z567z";
    let riichi = score(
        ok,
        "3m",
        &[],
        "5m",
        &Win {
            riichi: true,
            ..tsumo()
        },
    )
    .unwrap_err();
    assert!(matches!(riichi, ScoreError::BadSituation(m) if m.contains("not Nanchang's")));
    let birds = score(
        ok,
        "3m",
        &[],
        "5m",
        &Win {
            birds: 1,
            ..tsumo()
        },
    )
    .unwrap_err();
    assert!(matches!(birds, ScoreError::BadSituation(_)));
    let haitei = score(
        ok,
        "3m",
        &[],
        "5m",
        &Win {
            haitei: true,
            ..tsumo()
        },
    )
    .unwrap_err();
    assert!(matches!(haitei, ScoreError::BadSituation(_)));
}

/// A random win: the hand, its 精 kinds, its calls (kind, a chi?), its concealed counts, the
/// situation for the engine and for the reference.
type Drawn = (
    WinningHand,
    Vec<usize>,
    Vec<(usize, bool)>,
    [u8; 34],
    Win,
    Situation,
);

/// A random 南昌 win: four sets (chows, honor runs, pungs; some called) and a pair, seven
/// pairs, or a 十三烂 (七星 now and then); a random indicator; 0–4 of the concealed tiles turned
/// into 精 copies.
fn random_win(rng: &mut Rng) -> Drawn {
    loop {
        let ind = Tile::from_index(rng.below(34) as usize);
        let (a, b) = nanchang_wilds(ind);
        let wild = vec![a.index(), b.index()];
        let mut concealed = [0u8; 34];
        let mut all = [0u8; 34];
        let mut calls: Vec<(usize, bool, bool)> = Vec::new(); // kind, chi, kan
        let mut won_on = None;
        match rng.below(6) {
            0 => {
                for _ in 0..7 {
                    concealed[rng.below(34) as usize] += 2;
                }
                all = concealed;
            }
            1 => {
                // A 十三烂: kinds drawn in turn, kept when legal; every honor now and then.
                let mut kinds: Vec<usize> = if rng.below(2) == 0 {
                    (27..34).collect()
                } else {
                    Vec::new()
                };
                let mut tries = 0;
                while kinds.len() < 14 && tries < 400 {
                    tries += 1;
                    let k = rng.below(34) as usize;
                    let clash = kinds.iter().any(|&x| {
                        x == k || (x < 27 && k < 27 && x / 9 == k / 9 && x.abs_diff(k) < 3)
                    });
                    if !clash {
                        kinds.push(k);
                    }
                }
                if kinds.len() < 14 {
                    continue;
                }
                for k in kinds {
                    concealed[k] += 1;
                }
                all = concealed;
            }
            _ => {
                for _ in 0..4 {
                    let k = rng.below(34) as usize;
                    match rng.below(3) {
                        0 if k < 27 && k % 9 <= 6 => {
                            for j in 0..3 {
                                all[k + j] += 1;
                            }
                            if rng.below(4) == 0 {
                                calls.push((k, true, false));
                            } else {
                                for j in 0..3 {
                                    concealed[k + j] += 1;
                                }
                            }
                        }
                        1 if k >= 27 => {
                            let run: Vec<usize> = if k >= 31 {
                                vec![31, 32, 33]
                            } else {
                                let skip = 27 + rng.below(4) as usize;
                                (27..31).filter(|&x| x != skip).collect()
                            };
                            for x in run {
                                concealed[x] += 1;
                                all[x] += 1;
                            }
                        }
                        _ => {
                            let kan = rng.below(6) == 0;
                            all[k] += if kan { 4 } else { 3 };
                            if kan || rng.below(3) == 0 {
                                calls.push((k, false, kan));
                            } else {
                                concealed[k] += 3;
                            }
                        }
                    }
                }
                // The pair: now and then two 精, won on one of them (精钓 on a 精).
                let p = rng.below(34) as usize;
                let pair = match rng.below(5) {
                    0 => [wild[rng.below(2) as usize], wild[rng.below(2) as usize]],
                    _ => [p, p],
                };
                for k in pair {
                    concealed[k] += 1;
                    all[k] += 1;
                }
                won_on = (pair[0] != p).then_some(pair[0]);
            }
        }
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        // 精 in place of some concealed tiles.
        let mut held: Vec<usize> = (0..34)
            .flat_map(|k| std::iter::repeat_n(k, concealed[k] as usize))
            .collect();
        for _ in 0..rng.below(5) {
            if held.is_empty() {
                break;
            }
            let j = wild[rng.below(2) as usize];
            let i = rng.below(held.len() as u64) as usize;
            let k = held[i];
            if all[j] >= 4 || wild.contains(&k) {
                continue;
            }
            held.swap_remove(i);
            concealed[k] -= 1;
            all[k] -= 1;
            concealed[j] += 1;
            all[j] += 1;
        }
        let text = hupai::format_counts(&concealed);
        let kinds: Vec<usize> = (0..34).filter(|&k| concealed[k] > 0).collect();
        let w = won_on
            .filter(|&k| concealed[k] > 0)
            .unwrap_or_else(|| kinds[rng.below(kinds.len() as u64) as usize]);
        let call_texts: Vec<String> = calls
            .iter()
            .map(|&(k, chi, kan)| call_text(rng, k, chi, kan))
            .collect();
        let refs: Vec<&str> = call_texts.iter().map(String::as_str).collect();
        let Ok(hand) = WinningHand::new(&text, &Tile::from_index(w).to_string(), &refs) else {
            continue;
        };
        let hand = hand.with_wild([a, b].into_iter().collect());
        let tsumo = rng.below(2) == 0;
        let kongs = calls.iter().any(|c| c.2);
        let lone = concealed[w] == 1 && all[w] == 1;
        let dealer = rng.below(4) == 0;
        let mut s = Situation {
            tsumo,
            stake: 1 + rng.below(5),
            payers: 1 + rng.below(3),
            cap: [0, 0, 0, 2, 3][rng.below(5) as usize],
            pungs_x4: rng.below(2) == 0,
            bloom_x4: rng.below(2) == 0,
            ..Situation::default()
        };
        match rng.below(6) {
            0 if tsumo && kongs => s.rinshan = true,
            1 if !tsumo && lone => s.chankan = true,
            2 if tsumo && calls.is_empty() && dealer => s.tenhou = true,
            3 if tsumo && calls.is_empty() && !dealer => s.chiihou = true,
            _ => {}
        }
        let win = Win {
            tsumo,
            rinshan: s.rinshan,
            chankan: s.chankan,
            tenhou: s.tenhou,
            chiihou: s.chiihou,
            seat_wind: Tile::from_index(if dealer { 27 } else { 28 }),
            stake: s.stake as u32,
            payers: s.payers as u8,
            room: hupai::RoomRules {
                cap: s.cap as u8,
                all_pungs_fans: 1 + s.pungs_x4 as u8,
                kong_bloom_fans: 1 + s.bloom_x4 as u8,
                ..Default::default()
            },
            ..Win::default()
        };
        let called = calls.iter().map(|c| (c.0, c.1)).collect();
        return (hand, wild, called, concealed, win, s);
    }
}

/// Checks that `s`'s 精, put in their places, leave a win without wildcards (when no 精 is a
/// fifth copy).
fn reading_wins(hand: &WinningHand, s: &NanchangScore) {
    let mut counts = *hand.concealed();
    for &(w, t) in &s.wildcards {
        counts[w.index()] -= 1;
        counts[t.index()] += 1;
    }
    let melds: Vec<_> = hand.calls().iter().map(|c| c.meld()).collect();
    let Ok(h) = Hand::under(counts, &melds, TileSet::EMPTY, &Rules::nanchang()) else {
        return; // a fifth copy
    };
    assert!(
        Engine::new(Rules::nanchang()).is_win(&h),
        "{hand}: {:?} is no win",
        s.wildcards
    );
}

#[test]
fn random_wins_match_the_literal_reference_sweep() {
    let n: usize = std::env::var("HUPAI_NANCHANG_WINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let e = Engine::new(Rules::nanchang());
    let mut rng = Rng(5303);
    let mut reached: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut by_jing = [0usize; 9];
    let mut not_wins = 0;
    for i in 0..n {
        let (hand, wild, calls, concealed, win, s) = random_win(&mut rng);
        let want = nanchang::score(&concealed, &wild, &calls, hand.win_tile().index(), &s);
        let got = e.score(&hand, &win);
        let ctx = || format!("case {i}: {hand} jing {wild:?} {calls:?} {s:?}");
        let (want, got) = match (want, got) {
            (None, Err(ScoreError::NotAWin)) => {
                not_wins += 1;
                continue;
            }
            (Some(w), Ok(g)) => (w, g.nanchang().unwrap()),
            (w, g) => panic!("{}: reference {w:?}, engine {g:?}", ctx()),
        };
        assert_eq!(got.uncapped, want.uncapped, "{}: {got:?} {want:?}", ctx());
        assert_eq!(
            (got.fan, got.each, got.total),
            (want.fan, want.each, want.total),
            "{}",
            ctx()
        );
        if let Some(form) = want.form {
            assert_eq!(got.fans[0].0.chinese(), form, "{}", ctx());
        }
        reading_wins(&hand, &got);
        for (f, _) in &got.fans {
            *reached.entry(f.chinese()).or_default() += 1;
        }
        by_jing[wild.iter().map(|&k| concealed[k] as usize).sum::<usize>()] += 1;
    }
    eprintln!(
        "{n} wins ({not_wins} not wins, both agree), 0 differences; by 精 held {by_jing:?}; fans reached: {reached:?}"
    );
    assert_eq!(
        reached.len(),
        NanchangFan::ALL.len(),
        "every fan reached: {reached:?}"
    );
}
