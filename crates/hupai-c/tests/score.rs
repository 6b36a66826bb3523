//! `hupai_score` against `Engine::score` on random wins (closed and open, every call kind,
//! random situations and options), the yaku names, the defaults, and every refusal as a
//! status.

mod common;

use common::{engine, Rng};
use hupai::{
    Call, CallKind, Engine, Kazoe, Limit, Payment, RiichiRules, Rules, Tile, Win, WinningHand, Yaku,
};
use hupai_c::*;
use std::ffi::CStr;

/// A random winning hand as C passes it: concealed counts (winning tile among them), calls,
/// the winning tile; None when the draw broke a count.
fn random_win(rng: &mut Rng) -> Option<([u8; 34], Vec<HupaiCall>, u8)> {
    let mut counts = [0u8; 34];
    let mut used = [0u8; 34];
    let mut calls = Vec::new();
    let n_calls = rng.below(5) as usize;
    for k in 0..4 {
        let i = rng.below(34) as usize;
        let chow = i < 27 && i % 9 <= 6 && rng.below(2) == 0;
        let kan = !chow && k < n_calls && rng.below(3) == 0;
        let cells: Vec<usize> = match (chow, kan) {
            (true, _) => vec![i, i + 1, i + 2],
            (_, true) => vec![i; 4],
            _ => vec![i; 3],
        };
        for &c in &cells {
            used[c] += 1;
            if used[c] > 4 {
                return None;
            }
        }
        if k < n_calls {
            let kind = match (chow, kan) {
                (true, _) => 0,
                (_, true) => 2 + rng.below(2) as u8,
                _ => 1,
            };
            calls.push(HupaiCall {
                kind,
                tile: i as u8,
            });
        } else {
            cells.iter().for_each(|&c| counts[c] += 1);
        }
    }
    let p = rng.below(34) as usize;
    if used[p] > 2 {
        return None;
    }
    counts[p] += 2;
    let held: Vec<usize> = (0..34).filter(|&i| counts[i] > 0).collect();
    Some((
        counts,
        calls,
        held[rng.below(held.len() as u64) as usize] as u8,
    ))
}

fn rust_hand(counts: &[u8; 34], calls: &[HupaiCall], win: u8, red: [u8; 3]) -> WinningHand {
    let calls = calls
        .iter()
        .map(|c| {
            let kind = [
                CallKind::Chi,
                CallKind::Pon,
                CallKind::Kan,
                CallKind::ClosedKan,
            ][c.kind as usize];
            Call::new(kind, Tile::from_index(c.tile as usize), 0).unwrap()
        })
        .collect();
    WinningHand::from_parts(*counts, calls, Tile::from_index(win as usize), red).unwrap()
}

fn rust_win(w: &HupaiWin) -> Win {
    let tiles = |n: u8, t: &[u8; 5]| {
        t[..n as usize]
            .iter()
            .map(|&i| Tile::from_index(i as usize))
            .collect()
    };
    Win {
        tsumo: w.tsumo == 1,
        seat_wind: Tile::from_index(27 + w.seat_wind as usize),
        round_wind: Tile::from_index(27 + w.round_wind as usize),
        riichi: w.riichi == 1,
        ippatsu: w.ippatsu == 1,
        dora: tiles(w.dora_count, &w.dora),
        ura_dora: tiles(w.ura_count, &w.ura_dora),
        honba: w.honba,
        riichi_sticks: w.riichi_sticks,
        rules: RiichiRules {
            open_tanyao: w.open_tanyao == 1,
            red_fives: w.red_fives == 1,
            kiriage: w.kiriage == 1,
            kazoe: [Kazoe::Yakuman, Kazoe::Sanbaiman, Kazoe::Unlimited][w.kazoe as usize],
            double_yakuman: w.double_yakuman == 1,
            renhou_yakuman: w.renhou_yakuman == 1,
        },
        ..Win::default()
    }
}

#[test]
fn scores_equal_the_rust_api_on_random_wins() {
    let e = engine("riichi", 0);
    let rust = Engine::new(Rules::riichi());
    let mut rng = Rng(44);
    let (mut scored, mut no_yaku, mut tried) = (0, 0, 0);
    while tried < 3000 {
        let Some((counts, calls, win_tile)) = random_win(&mut rng) else {
            continue;
        };
        tried += 1;
        let mut w = HupaiWin::default();
        // SAFETY: a local struct.
        assert_eq!(unsafe { hupai_win_default(&mut w) }, HupaiStatus::Ok);
        let closed = calls.iter().all(|c| c.kind == 3);
        w.tsumo = rng.below(2) as u8;
        w.seat_wind = rng.below(4) as u8;
        w.round_wind = rng.below(4) as u8;
        w.riichi = (closed && rng.below(2) == 0) as u8;
        w.ippatsu = (w.riichi == 1 && rng.below(3) == 0) as u8;
        w.dora_count = rng.below(3) as u8;
        w.dora = [0, 1, 2, 3, 4].map(|_| rng.below(34) as u8);
        // One ura-dora indicator under each dora indicator, or none given.
        w.ura_count = w.riichi * rng.below(2) as u8 * w.dora_count;
        w.ura_dora = [0, 1, 2, 3, 4].map(|_| rng.below(34) as u8);
        let fives = |s: usize| counts[9 * s + 4];
        // All four fives of a suit hold its red one (the set has one red five a suit).
        let mut all = counts;
        for c in &calls {
            let t = c.tile as usize;
            match c.kind {
                0 => (t..t + 3).for_each(|k| all[k] += 1),
                1 => all[t] += 3,
                _ => all[t] += 4,
            }
        }
        w.red =
            [0, 1, 2].map(|s| (all[9 * s + 4] == 4 || (fives(s) > 0 && rng.below(2) == 0)) as u8);
        w.honba = rng.below(3) as u32;
        w.riichi_sticks = rng.below(2) as u32;
        w.open_tanyao = rng.below(2) as u8;
        w.kiriage = rng.below(2) as u8;
        w.kazoe = rng.below(3) as u8;
        w.double_yakuman = rng.below(2) as u8;
        let mut out = HupaiScore::default();
        // SAFETY: live handle, 34 counts, `calls.len()` calls, valid structs.
        let status = unsafe {
            hupai_score(
                e,
                counts.as_ptr(),
                calls.as_ptr(),
                calls.len(),
                win_tile,
                &w,
                &mut out,
            )
        };
        let expected = rust.score(&rust_hand(&counts, &calls, win_tile, w.red), &rust_win(&w));
        match expected {
            Err(hupai::ScoreError::NoYaku) => {
                assert_eq!(status, HupaiStatus::NoYaku);
                no_yaku += 1;
            }
            // Random indicators may put a fifth copy in play: both refuse it alike.
            Err(hupai::ScoreError::TooManyCopies(m)) if m.contains("in play") => {
                assert_eq!(status, HupaiStatus::from(hupai::Code::TooManyCopies), "{m}");
            }
            Err(err) => panic!("{err}"),
            Ok(s) => {
                let s = s.riichi().unwrap();
                assert_eq!(status, HupaiStatus::Ok);
                assert_eq!(
                    (out.han, out.fu, out.base, out.total, out.yakuman),
                    (s.han, s.fu, s.base, s.total, s.yakuman)
                );
                let paid = match s.payment {
                    Payment::Ron { discarder } => (discarder, 0, 0),
                    Payment::Tsumo { dealer, non_dealer } => (0, dealer, non_dealer),
                };
                assert_eq!((out.ron, out.dealer, out.non_dealer), paid);
                let limit = [
                    Limit::None,
                    Limit::Mangan,
                    Limit::Haneman,
                    Limit::Baiman,
                    Limit::Sanbaiman,
                ];
                if (out.limit as usize) < 5 {
                    assert_eq!(limit[out.limit as usize], s.limit);
                }
                let yaku: Vec<(Yaku, u32)> = (0..out.yaku_count as usize)
                    .map(|i| (Yaku::ALL[out.yaku[i] as usize], out.yaku_han[i] as u32))
                    .collect();
                assert_eq!(yaku, s.yaku);
                assert_eq!(out.fu_count as usize, s.fu_parts.len());
                for (i, (p, fu)) in s.fu_parts.iter().enumerate() {
                    let c = out.fu_parts[i];
                    assert_eq!(
                        (c.fu as u32, c.tile),
                        (*fu, p.tile().map_or(255, |t| t.index() as u8))
                    );
                }
                scored += 1;
            }
        }
    }
    assert!(scored > 1500 && no_yaku > 100, "{scored} {no_yaku}");
    // SAFETY: a handle of `engine`, freed once.
    unsafe { hupai_engine_free(e) };
}

#[test]
fn yaku_names_and_refusals() {
    let name = |code: u8, lang: u8| {
        let p = hupai_yaku_name(code, lang);
        // SAFETY: a static NUL-terminated string when not null.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
    };
    let riichi = Yaku::ALL.iter().position(|&y| y == Yaku::Riichi).unwrap() as u8;
    assert_eq!(name(riichi, 0).as_deref(), Some("riichi"));
    assert_eq!(name(riichi, 2).as_deref(), Some("立直"));
    assert_eq!(name(255, 0), None);
    assert_eq!(name(riichi, 4), None);

    let e = engine("riichi", 0);
    let mut out = HupaiScore::default();
    let counts = |s: &str| hupai::parse_tiles(s).unwrap();
    let call =
        |c: &[u8; 34], calls: &[HupaiCall], win: u8, w: *const HupaiWin, out: &mut HupaiScore| {
            // SAFETY: valid pointers and lengths.
            unsafe { hupai_score(e, c.as_ptr(), calls.as_ptr(), calls.len(), win, w, out) }
        };
    let four_s = 21; // 4s
    let closed = counts("234456m66p123444s");
    assert_eq!(
        call(&closed, &[], four_s, std::ptr::null(), &mut out),
        HupaiStatus::NoYaku
    );
    let mut w = HupaiWin::default();
    // SAFETY: a local struct.
    unsafe { hupai_win_default(&mut w) };
    w.riichi = 1;
    assert_eq!(call(&closed, &[], four_s, &w, &mut out), HupaiStatus::Ok);
    assert_eq!((out.han, out.fu, out.total), (1, 40, 1300));
    let open = counts("234456m66p444s");
    let chi = [HupaiCall { kind: 0, tile: 18 }];
    assert_eq!(
        call(&open, &chi, four_s, &w, &mut out),
        HupaiStatus::BadSituation
    );
    assert_eq!(
        call(&counts("123456m1239p55s11z"), &[], 27, &w, &mut out),
        HupaiStatus::NotAWin
    );
    assert_eq!(call(&closed, &[], 22, &w, &mut out), HupaiStatus::BadHand); // 5s not held
    assert_eq!(
        call(&closed, &[], 34, &w, &mut out),
        HupaiStatus::BadArgument
    );
    assert_eq!(
        call(
            &open,
            &[HupaiCall { kind: 0, tile: 25 }],
            four_s,
            &w,
            &mut out
        ),
        HupaiStatus::BadMeld
    );
    assert_eq!(
        call(
            &open,
            &[HupaiCall { kind: 9, tile: 18 }],
            four_s,
            &w,
            &mut out
        ),
        HupaiStatus::BadMeld
    );
    let mut bad = w;
    bad.riichi = 2;
    assert_eq!(
        call(&closed, &[], four_s, &bad, &mut out),
        HupaiStatus::BadArgument
    );
    bad = w;
    bad.dora_count = 6;
    assert_eq!(
        call(&closed, &[], four_s, &bad, &mut out),
        HupaiStatus::BadArgument
    );
    // SAFETY: null pointers where the call says they are refused.
    unsafe {
        assert_eq!(
            hupai_score(
                e,
                std::ptr::null(),
                std::ptr::null(),
                0,
                four_s,
                &w,
                &mut out
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_score(
                e,
                closed.as_ptr(),
                std::ptr::null(),
                1,
                four_s,
                &w,
                &mut out
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_score(
                e,
                closed.as_ptr(),
                std::ptr::null(),
                0,
                four_s,
                &w,
                std::ptr::null_mut()
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_win_default(std::ptr::null_mut()),
            HupaiStatus::NullPointer
        );
        hupai_engine_free(e);
    }
    let chinese = engine("chinese", 0);
    // SAFETY: valid pointers.
    let status = unsafe {
        hupai_score(
            chinese,
            closed.as_ptr(),
            std::ptr::null(),
            0,
            four_s,
            &w,
            &mut out,
        )
    };
    assert_eq!(status, HupaiStatus::NotScored);
    // SAFETY: every status has a message.
    for s in 13..=16 {
        let m = unsafe { CStr::from_ptr(hupai_status_message(s)) }
            .to_str()
            .unwrap();
        assert!(!m.contains("unknown"), "{s}: {m}");
    }
    // SAFETY: a handle of `engine`, freed once.
    unsafe { hupai_engine_free(chinese) };
}

/// `hupai_score_mcr` equals `Engine::score` under guobiao on the rule book's hands; the fan
/// names; `NotScored` for riichi's engine.
#[test]
fn mcr_scores_equal_the_rust_api() {
    let e = engine("guobiao", 0);
    let rust = Engine::new(Rules::guobiao());
    let name = |code: u8, lang: u8| {
        let p = hupai_fan_name(code, lang);
        // SAFETY: a static NUL-terminated string when not null.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
    };
    for (hand, win, calls, tsumo) in [
        ("19m19p19s12345677z", 33u8, vec![], 0u8),
        ("11123455678999m", 4, vec![], 1),
        ("147m258p369s123m55z", 31, vec![], 1),
        (
            "55m",
            4,
            vec![
                HupaiCall { kind: 2, tile: 9 },
                HupaiCall { kind: 1, tile: 26 },
                HupaiCall { kind: 0, tile: 0 },
                HupaiCall { kind: 1, tile: 33 },
            ],
            0,
        ),
    ] {
        let counts = hupai::parse_tiles(hand).unwrap();
        let mut w = HupaiWin::default();
        // SAFETY: a local struct.
        unsafe { hupai_win_default(&mut w) };
        w.tsumo = tsumo;
        w.flowers = 3;
        let mut out = HupaiMcrScore::default();
        // SAFETY: live handle, 34 counts, the calls, valid structs.
        let status = unsafe {
            hupai_score_mcr(
                e,
                counts.as_ptr(),
                calls.as_ptr(),
                calls.len(),
                win,
                &w,
                &mut out,
            )
        };
        assert_eq!(status, HupaiStatus::Ok, "{hand}");
        let expected = rust
            .score(
                &rust_hand(&counts, &calls, win, [0; 3]),
                &Win {
                    tsumo: tsumo == 1,
                    flowers: 3,
                    ..Win::default()
                },
            )
            .unwrap()
            .mcr()
            .unwrap();
        assert_eq!(
            (out.total, out.flowers, out.meets_minimum == 1),
            (expected.total, 3, expected.meets_minimum)
        );
        let fans: Vec<(String, u32)> = (0..out.fan_count as usize)
            .map(|i| (name(out.fans[i], 0).unwrap(), out.fan_counts[i] as u32))
            .collect();
        let want: Vec<(String, u32)> = expected
            .fans
            .iter()
            .map(|(f, n)| (f.id().to_string(), *n))
            .collect();
        assert_eq!(fans, want, "{hand}");
    }
    assert_eq!(name(0, 2).as_deref(), Some("大四喜"));
    assert_eq!(name(200, 0), None);
    // Riichi's engine scores no MCR, and guobiao's no riichi.
    let riichi = engine("riichi", 0);
    let counts = hupai::parse_tiles("19m19p19s12345677z").unwrap();
    let mut out = HupaiMcrScore::default();
    // SAFETY: valid pointers.
    let status = unsafe {
        hupai_score_mcr(
            riichi,
            counts.as_ptr(),
            std::ptr::null(),
            0,
            33,
            std::ptr::null(),
            &mut out,
        )
    };
    assert_eq!(status, HupaiStatus::NotScored);
    let mut r = HupaiScore::default();
    // SAFETY: valid pointers.
    let status = unsafe {
        hupai_score(
            e,
            counts.as_ptr(),
            std::ptr::null(),
            0,
            33,
            std::ptr::null(),
            &mut r,
        )
    };
    assert_eq!(status, HupaiStatus::NotScored);
    // SAFETY: handles of `engine`, freed once.
    unsafe {
        hupai_engine_free(e);
        hupai_engine_free(riichi);
    }
}
