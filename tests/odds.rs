//! The odds per discard (`Engine::odds`, docs/ODDS.md), proven: closed forms, the
//! simulator's published check, properties on random hands of every preset with and without
//! wildcards, an exact brute force on tiny walls, and inputs that must neither crash nor hang.
//! (The Monte Carlo of the model's own policy is a unit test: it replays the policy's
//! private graph, `tests/inner/odds.rs`.)

// Loops over the 34 kinds index several arrays at once, as the model's definitions do.
#![allow(clippy::needless_range_loop)]

#[path = "reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Odds, OddsError, OddsOptions, Rules, Tile, WallModel};
use reference::hands::{preset, random_hand};
use reference::odds::{fixed_wait, tiny_case, Exact, Goal};
use reference::Rng;

const PLAIN: OddsOptions = OddsOptions {
    draws: 17,
    backward: false,
    sideways: false,
    riichi: false,
    extra: 1,
    model: WallModel::Unseen,
    max_states: 1_000_000,
    max_bytes: hupai::DEFAULT_ODDS_BYTES,
    threads: 1,
};

fn seen_of(text: &str) -> [u8; 34] {
    hupai::parse_tiles(text).unwrap()
}

/// 1 - C(R - a, k) / C(R, k), as a product of ratios.
fn hypergeometric(a: u32, r: u32, k: u32) -> f64 {
    if k > r - a {
        return 1.0;
    }
    1.0 - (0..k)
        .map(|i| (r - a - i) as f64 / (r - i) as f64)
        .product::<f64>()
}

#[test]
fn a_fixed_wait_is_the_hypergeometric_chance() {
    let riichi = Engine::new(Rules::riichi());
    // (hand, seen, live winning tiles)
    let cases = [
        ("123m456p789s1122z", "", 4),
        ("123m456p789s1122z", "1z", 3),
        ("23m456p789s11122z", "", 8),
        ("23m456p789s11122z", "1m4m4m9p9p9p", 5),
        ("1m456p789s111222z", "", 3),
    ];
    for (hand, seen, a) in cases {
        let h: Hand = hand.parse().unwrap();
        let seen = seen_of(seen);
        let o = riichi
            .odds(&h, &seen, &OddsOptions { draws: 40, ..PLAIN })
            .unwrap();
        let r = o.wall;
        assert_eq!(o.draws, 40);
        // The row's ukeire is the hand's: the live winning tiles.
        assert_eq!(o.rows[0].ukeire.count, a, "{hand}");
        for k in 1..=40u32 {
            let want = fixed_wait(a, r, k);
            assert!(
                (want - hypergeometric(a, r, k)).abs() < 1e-12,
                "{hand} k={k}"
            );
            let got = o.win[k as usize - 1];
            assert!((got - want).abs() < 1e-12, "{hand} k={k}: {got} vs {want}");
            assert_eq!(o.tenpai[k as usize - 1], 1.0, "a tenpai hand is tenpai");
        }
        // Wait changes (sideways draws) can only add to a fixed wait.
        let all = riichi.odds(&h, &seen, &OddsOptions::default()).unwrap();
        for k in 0..17 {
            assert!(all.win[k] >= o.win[k] - 1e-12, "{hand} k={}", k + 1);
        }
    }
}

/// Threads split each layer's nodes: the answers are the same bits whatever their number
/// (a 4-shanten hand's graph of ~70,000 hands, split in two and in three).
#[test]
fn threads_give_the_same_bits() {
    let engine = Engine::new(Rules::riichi());
    let hand = Hand::builder("13m2469p1357s123z").build().unwrap();
    let opts = OddsOptions::default();
    let one = engine.odds(&hand, &[0; 34], &opts).unwrap();
    assert!(
        one.states > 3 * 4096,
        "{} hands: too few to split",
        one.states
    );
    for threads in [2, 3] {
        let many = engine
            .odds(&hand, &[0; 34], &OddsOptions { threads, ..opts })
            .unwrap();
        assert_eq!(many, one, "{threads} threads");
    }
}

#[test]
fn a_complete_hand_has_won_at_every_horizon() {
    for (rules, hand, wild) in [
        (Rules::riichi(), "123m456p789s11222z", ""),
        (Rules::chinese(), "1111m456789p1239s", "9s"),
        (Rules::nanchang(), "123m456p789s123z55z", ""),
    ] {
        let engine = Engine::new(rules);
        let h = Hand::builder(hand).wild(wild).build().unwrap();
        let o = engine.odds(&h, &[0; 34], &OddsOptions::default()).unwrap();
        assert!(o.won);
        assert!(o.win.iter().chain(&o.tenpai).all(|&p| p == 1.0), "{hand}");
        // Each row is what that discard would give instead: at most 1, tenpai at least win.
        for r in &o.rows {
            for k in 0..r.win.len() {
                assert!(r.win[k] <= r.tenpai[k] && r.tenpai[k] <= 1.0);
            }
        }
    }
}

#[test]
fn the_simulator_model_reproduces_its_published_tenpai_check() {
    // 123m456p789s1122z, 3 winning tiles live of 122 unseen.
    let riichi = Engine::new(Rules::riichi());
    let h: Hand = "123m456p789s1122z".parse().unwrap();
    let seen = seen_of("1z");
    let sim = OddsOptions {
        model: WallModel::Simulator,
        ..OddsOptions::default()
    };
    let o = riichi.odds(&h, &seen, &sim).unwrap();
    assert_eq!(o.wall, 122);
    let want = 1.0
        - (1..=17)
            .map(|t| 1.0 - 3.0 / (122.0 - t as f64))
            .product::<f64>();
    assert!((o.win[16] - want).abs() < 1e-9, "{} vs {want}", o.win[16]);
    assert!((want - 0.367651).abs() < 1e-6);
    // The exact 17-draw chance, the default model's: 1 - C(119,17)/C(122,17).
    let o = riichi.odds(&h, &seen, &PLAIN).unwrap();
    assert!((o.win[16] - hypergeometric(3, 122, 17)).abs() < 1e-12);
    assert!((o.win[16] - 0.365059).abs() < 1e-6);
}

/// The checks every answer passes: values in [0, 1], non-decreasing in k, tenpai >= win.
fn check(o: &Odds, what: &str) {
    let rows = o.rows.iter().map(|r| (&r.tenpai, &r.win));
    for (tenpai, win) in rows.chain([(&o.tenpai, &o.win)]) {
        for k in 0..win.len() {
            assert!((0.0..=1.0).contains(&win[k]), "{what}: win {}", win[k]);
            assert!(
                (0.0..=1.0).contains(&tenpai[k]),
                "{what}: tenpai {}",
                tenpai[k]
            );
            assert!(
                win[k] <= tenpai[k] + 1e-12,
                "{what}: win above tenpai at {k}"
            );
            if k > 0 {
                assert!(win[k] >= win[k - 1] - 1e-12, "{what}: win falls at {k}");
                assert!(
                    tenpai[k] >= tenpai[k - 1] - 1e-12,
                    "{what}: tenpai falls at {k}"
                );
            }
        }
    }
}

#[test]
fn properties_on_random_hands_of_every_preset_with_and_without_wildcards() {
    let mut rng = Rng(0x0dd5);
    let mut answered = 0;
    for i in 0..7 * 12 {
        let rules = preset(i);
        let engine = Engine::new(rules);
        let wild = if i % 2 == 0 { 0 } else { 3 };
        let h = random_hand(&mut rng, 13 + (i / 7) % 2, (i / 14) % 2, wild, &rules);
        let base = OddsOptions {
            draws: 8,
            max_states: 30_000,
            ..PLAIN
        };
        let mut answers = Vec::new();
        for (backward, sideways) in [(false, false), (true, false), (false, true), (true, true)] {
            let o = OddsOptions {
                backward,
                sideways,
                ..base
            };
            match engine.odds(&h, &[0; 34], &o) {
                Ok(odds) => {
                    check(&odds, &format!("{h:?} {backward} {sideways}"));
                    answers.push(Some(odds));
                }
                Err(OddsError::TooLarge { .. }) => answers.push(None),
                Err(e) => panic!("{h:?}: {e}"),
            }
        }
        // An option never lowers the best value (the hand's own, for every horizon).
        for (lo, hi) in [(0, 1), (0, 2), (1, 3), (2, 3)] {
            if let (Some(a), Some(b)) = (&answers[lo], &answers[hi]) {
                for k in 0..a.win.len() {
                    assert!(
                        b.win[k] >= a.win[k] - 1e-12,
                        "{h:?}: option {hi} lowers win"
                    );
                    assert!(
                        b.tenpai[k] >= a.tenpai[k] - 1e-12,
                        "{h:?}: option {hi} lowers tenpai"
                    );
                }
                answered += 1;
            }
        }
    }
    assert!(answered >= 150, "{answered} comparisons");
}

#[test]
fn tiny_walls_against_the_exact_brute_force() {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0x71e5);
    let (mut gaps, mut worst, mut exact_cases, mut n) = (0.0f64, 0.0f64, 0, 0);
    let mut signed = 0.0f64;
    for case in 0..60 {
        let r = 8 + case % 5;
        let (h, wall, seen) = tiny_case(&mut rng, &engine, r);
        let o = engine
            .odds(
                &h,
                &seen,
                &OddsOptions {
                    draws: 4,
                    ..OddsOptions::default()
                },
            )
            .unwrap();
        assert_eq!(o.wall as usize, r);
        for (goal, model) in [(Goal::Win, &o.win), (Goal::Tenpai, &o.tenpai)] {
            let mut exact = Exact::new(&engine, goal);
            for k in 1..=4u8 {
                let want = exact.v13(&h, &wall, k);
                let got = model[k as usize - 1];
                let gap = got - want;
                if k == 1 {
                    // One draw: the model's weights are the wall's.
                    assert!(gap.abs() < 1e-12, "{h:?} {goal:?}: {got} vs {want}");
                }
                gaps += gap.abs();
                signed += gap;
                worst = worst.max(gap.abs());
                exact_cases += (gap.abs() < 1e-12) as usize;
                n += 1;
            }
        }
    }
    eprintln!(
        "tiny walls (R 8-12, k 1-4, riichi, both options): {n} values, {exact_cases} exact, \
         mean |model - exact| {:.5}, mean model - exact {:+.5}, worst {worst:.5}",
        gaps / n as f64,
        signed / n as f64
    );
    // The model's measured distance from exact play (docs/ODDS.md reports these figures).
    assert!(gaps / n as f64 <= 0.005, "mean gap {}", gaps / n as f64);
    assert!(worst <= 0.1, "worst gap {worst}");
}

#[test]
fn no_input_crashes_or_hangs() {
    let riichi = Engine::new(Rules::riichi());
    let far: Hand = "258m369p147s2467z".parse().unwrap();
    assert!(riichi.shanten(&far) >= 6);
    // 6-shanten, every option, k = the wall: a clear error past the budget, not a hang.
    let t = std::time::Instant::now();
    let all = OddsOptions {
        draws: 200,
        max_states: 200_000,
        ..OddsOptions::default()
    };
    match riichi.odds(&far, &[0; 34], &all) {
        Err(OddsError::TooLarge { states }) => assert_eq!(states, 200_000),
        Ok(o) => check(&o, "6-shanten"),
        Err(e) => panic!("{e}"),
    }
    assert!(t.elapsed().as_secs() < 60);
    // k = 0 is refused; k > R is capped at R.
    let tenpai: Hand = "123m456p789s1122z".parse().unwrap();
    let zero = OddsOptions { draws: 0, ..PLAIN };
    assert_eq!(
        riichi.odds(&tenpai, &[0; 34], &zero),
        Err(OddsError::NoDraws)
    );
    let mut seen = [4u8; 34];
    for (i, c) in tenpai.visible().iter().enumerate() {
        seen[i] -= c;
    }
    assert_eq!(
        riichi.odds(&tenpai, &seen, &PLAIN),
        Err(OddsError::EmptyWall)
    );
    seen[0] -= 1; // one 1m left
    let o = riichi.odds(&tenpai, &seen, &PLAIN).unwrap();
    assert_eq!((o.wall, o.draws, o.win[0]), (1, 1, 0.0));
    // Eight wildcards (hongzhong's 7z and a wild 5m), and four declared melds.
    let hz = Engine::new(Rules::hongzhong());
    let eight = Hand::builder("5555m12p456s7777z")
        .wild("5m")
        .rules(&Rules::hongzhong());
    let o = hz
        .odds(&eight.build().unwrap(), &[0; 34], &OddsOptions::default())
        .unwrap();
    check(&o, "eight wildcards, 13 tiles");
    assert_eq!(o.tenpai[0], 1.0);
    let eight = Hand::builder("5555m123p456s7777z")
        .wild("5m")
        .rules(&Rules::hongzhong());
    let o = hz
        .odds(&eight.build().unwrap(), &[0; 34], &OddsOptions::default())
        .unwrap();
    check(&o, "eight wildcards, 14 tiles");
    assert!(o.won);
    let melded = Hand::builder("1z")
        .meld("123m")
        .meld("456p")
        .meld("789s")
        .meld("222z")
        .build()
        .unwrap();
    let o = riichi
        .odds(&melded, &[0; 34], &OddsOptions::default())
        .unwrap();
    // A single wait on 1z: three live.
    assert!((o.win[16] - fixed_wait(3, o.wall, 17)).abs() < 1e-12);
    check(&o, "four melds");
}

/// The 14-tile answer of `h` after a draw, at `k` draws left: the best row's (1 on a win; at 0
/// draws, whether the goal holds now).
fn after_draw(
    engine: &Engine,
    h: &Hand,
    seen: &[u8; 34],
    k: usize,
    opts: &OddsOptions,
    win: bool,
) -> f64 {
    if win && engine.is_win(h) {
        return 1.0;
    }
    if k == 0 {
        let tenpai =
            Tile::all().any(|t| h.without_tile(t).is_some_and(|c| engine.shanten(&c) == 0));
        return (!win && tenpai) as u8 as f64;
    }
    let o = engine
        .odds(
            h,
            seen,
            &OddsOptions {
                draws: k as u32,
                ..*opts
            },
        )
        .unwrap();
    if win {
        o.win[k - 1]
    } else {
        o.tenpai[k - 1]
    }
}

#[test]
fn the_13_tile_value_is_the_draw_average_of_the_best_14_tile_rows() {
    let engine = Engine::new(Rules::riichi());
    let mut rng = Rng(0x1314);
    let (mut n, mut equal, mut gaps, mut worst) = (0, 0, 0.0f64, 0.0f64);
    let mut by_options = [(0.0f64, 0usize); 2];
    for case in 0..24 {
        let (h, _, _) = tiny_case(&mut rng, &engine, 10);
        let opts = OddsOptions {
            draws: 4,
            backward: case % 2 == 0,
            sideways: case % 2 == 0,
            ..OddsOptions::default()
        };
        let o = engine.odds(&h, &[0; 34], &opts).unwrap();
        let unseen: Vec<u32> = h.visible().iter().map(|&v| 4 - v as u32).collect();
        let r: u32 = unseen.iter().sum();
        for win in [true, false] {
            for k in 1..=4usize {
                // Draw i with weight unseen[i] / R, then the 14 tiles' best row with i seen by
                // no one (it is in the hand): the same wall less that tile.
                let mut avg = 0.0;
                for i in 0..34 {
                    if unseen[i] == 0 {
                        continue;
                    }
                    let h14 = h.with_tile(Tile::from_index(i)).unwrap();
                    avg += unseen[i] as f64 / r as f64
                        * after_draw(&engine, &h14, &[0; 34], k - 1, &opts, win);
                }
                let got = if win { o.win[k - 1] } else { o.tenpai[k - 1] };
                let gap = (got - avg).abs();
                by_options[case % 2].0 += got - avg;
                by_options[case % 2].1 += 1;
                if k == 1 {
                    assert!(gap < 1e-12, "{h:?} k={k} win={win}: {got} vs {avg}");
                }
                equal += (gap < 1e-12) as usize;
                gaps += gap;
                worst = worst.max(gap);
                n += 1;
            }
        }
    }
    eprintln!(
        "13-tile value vs the draw average of the best 14-tile rows: {n} values, {equal} equal, \
         mean gap {:.5}, worst {worst:.5}; mean 13 - 14 with both options {:+.5}, with none {:+.5}",
        gaps / n as f64,
        by_options[0].0 / by_options[0].1 as f64,
        by_options[1].0 / by_options[1].1 as f64,
    );
    // The 14 tiles know the tile drawn (the 13-tile model counts a kind drawn and thrown back
    // as still in the wall) and may take any discard: docs/ODDS.md reports the gap.
    assert!(gaps / n as f64 <= 0.01 && worst <= 0.1);
}
