//! The riichi player's model of the odds (`OddsOptions::riichi`, docs/ODDS.md "Riichi"): a
//! closed hand that reaches tenpai by a discard declares and keeps its wait. Proven by the
//! closed form of a fixed wait, by what it must leave alone (every tenpai chance, an open
//! hand) and by the order it must keep (never a better win chance than free play), and the
//! expected points count riichi exactly when the hand has declared.

#[path = "reference/mod.rs"]
mod reference;

use hupai::{Engine, Hand, Odds, OddsOptions, OddsScore, Rules, Tile, WallModel, Win};
use reference::hands::random_hand;
use reference::odds::fixed_wait;
use reference::Rng;

fn row<'o>(o: &'o Odds, tile: &str) -> &'o hupai::OddsRow {
    let t = Tile::parse(tile).unwrap();
    o.rows.iter().find(|r| r.discard == Some(t)).unwrap()
}

/// The odds of `hand` under `opts` with the riichi model on or off (free play).
fn played(engine: &Engine, hand: &Hand, opts: &OddsOptions, riichi: bool) -> Odds {
    let opts = OddsOptions { riichi, ..*opts };
    engine.odds(hand, &[0; 34], &opts).unwrap()
}

const SIMULATOR: OddsOptions = OddsOptions {
    draws: 17,
    backward: false,
    sideways: false,
    riichi: true,
    extra: 1,
    model: WallModel::Simulator,
    max_states: 1_000_000,
    max_bytes: hupai::DEFAULT_ODDS_BYTES,
    threads: 1,
};

/// 234567m455p34577s: discarding 4p declares on a 5p/7s wait (4 tiles, 122 unseen). Under
/// the model that wait is kept whatever the options: the fixed-wait chance with the
/// simulator's denominators 121, 120, …; in free play the hand may move to a better wait.
#[test]
fn a_declared_hand_keeps_its_wait() {
    let engine = Engine::new(Rules::riichi());
    let hand: Hand = "234567m455p34577s".parse().unwrap();
    for (backward, sideways) in [(false, false), (true, true)] {
        let opts = OddsOptions {
            backward,
            sideways,
            ..SIMULATOR
        };
        let o = engine.odds(&hand, &[0; 34], &opts).unwrap();
        let r = row(&o, "4p");
        for k in 1..=17 {
            let closed = fixed_wait(4, 121, k);
            assert!((r.win[k as usize - 1] - closed).abs() < 1e-12, "k {k}");
        }
        let f = row(&played(&engine, &hand, &opts, false), "4p").win[16];
        if sideways {
            assert!(f > r.win[16] + 1e-3, "free play changes the wait: {f}");
        } else {
            assert_eq!(f, r.win[16], "no option: a tenpai hand never moves");
        }
    }
}

/// A 13-tile query that is tenpai has not declared: its own draws may still change its wait
/// (with sideways draws), the hands it moves to have declared.
#[test]
fn a_13_tile_tenpai_hand_has_not_declared() {
    let engine = Engine::new(Rules::riichi());
    let hand: Hand = "234567m55p34577s".parse().unwrap();
    let both = OddsOptions {
        backward: true,
        sideways: true,
        ..SIMULATOR
    };
    let model = engine.odds(&hand, &[0; 34], &both).unwrap();
    let closed = fixed_wait(4, 122 - 1, 17);
    assert!(
        model.win[16] > closed + 1e-3,
        "{} vs {closed}",
        model.win[16]
    );
    // With detours two draws deep, free play may move again after its first move; the
    // model's hand, declared by then, may not.
    let deep = OddsOptions { extra: 2, ..both };
    let model = played(&engine, &hand, &deep, true);
    let free = played(&engine, &hand, &deep, false);
    assert!(
        model.win[16] < free.win[16],
        "the moves after it are frozen"
    );
}

/// On random riichi hands: every tenpai chance is the same bits with the model or without
/// (a tenpai hand has its answer), no win chance is higher than in free play, and a hand with
/// declared melds (open) is not touched at all.
#[test]
fn the_model_moves_only_the_win_chances_of_closed_hands() {
    let rules = Rules::riichi();
    let engine = Engine::new(rules);
    let mut rng = Rng(0x52_52);
    let (mut compared, mut lower) = (0, 0);
    for i in 0..120 {
        let tiles = if i % 2 == 0 { 13 } else { 14 };
        let melds = if i % 5 == 4 { 1 } else { 0 };
        let hand = random_hand(&mut rng, tiles, melds, 0, &rules);
        if engine.shanten(&hand) > 2 {
            continue;
        }
        let both = i % 3 == 0;
        let free = OddsOptions {
            backward: both,
            sideways: both,
            riichi: false,
            draws: 12,
            ..OddsOptions::default()
        };
        let a = played(&engine, &hand, &free, false);
        let b = played(&engine, &hand, &free, true);
        if melds > 0 {
            assert_eq!(a, b, "{hand}: an open hand never declares");
            continue;
        }
        for x in &a.rows {
            let y = b.rows.iter().find(|r| r.discard == x.discard).unwrap();
            assert_eq!(x.tenpai, y.tenpai, "{hand} {:?}", x.discard);
            for k in 0..y.win.len() {
                assert!(y.win[k] <= x.win[k] + 1e-12, "{hand} {:?} k {k}", x.discard);
                lower += (y.win[k] < x.win[k] - 1e-12) as usize;
            }
            compared += 1;
        }
    }
    assert!(
        compared > 200 && lower > 0,
        "{compared} rows, {lower} lower"
    );
}

/// Under riichi scoring the expected points count riichi when the hand had declared: at one
/// draw, a 13-tile tenpai query (not declared) is worth what it is without riichi; a 14-tile
/// query's tenpai discard (declared) what it is with riichi on every win.
#[test]
fn expected_points_count_riichi_once_declared() {
    let engine = Engine::new(Rules::riichi());
    let situation = |riichi: bool| OddsScore {
        win: Win {
            riichi,
            seat_wind: Tile::parse("2z").unwrap(),
            ..Win::default()
        },
        calls: vec![],
        red: [0; 3],
    };
    let one = OddsOptions {
        draws: 1,
        riichi: false,
        ..OddsOptions::default()
    };
    let model = OddsOptions {
        riichi: true,
        ..one
    };
    let score = |h: &Hand, o: &OddsOptions, s: bool| {
        engine.odds_scored(h, &[0; 34], o, &situation(s)).unwrap()
    };
    let h13: Hand = "123m456p789s1155z".parse().unwrap();
    let undeclared = score(&h13, &model, true).expected[0];
    assert!(undeclared > 0.0);
    assert_eq!(undeclared, score(&h13, &one, false).expected[0]);
    assert!(undeclared < score(&h13, &one, true).expected[0]);
    let h14: Hand = "123m456p789s11557z".parse().unwrap();
    let declared = row(&score(&h14, &model, false), "7z").expected[0];
    assert_eq!(declared, row(&score(&h14, &one, true), "7z").expected[0]);
    assert!(declared > row(&score(&h14, &one, false), "7z").expected[0]);
}

/// A win in riichi is worth the mean over its ura-dora: with one dora indicator and then two,
/// a fixed wait's expectation equals the waits' mean worth, each worth the literal average of
/// the public scorer over every physical tile (or pair of tiles) not in the 14 tiles and not
/// shown as an indicator, times the win chance.
#[test]
fn ura_dora_are_weighed_by_the_tiles_that_can_be_turned() {
    let engine = Engine::new(Rules::riichi());
    let t = |s: &str| Tile::parse(s).unwrap();
    let hand: Hand = "123m567p22s345s67s".parse().unwrap(); // waits 2s 5s 8s
    let plain = OddsOptions {
        backward: false,
        sideways: false,
        ..OddsOptions::default()
    };
    for dora in [vec![t("7s")], vec![t("7s"), t("1z")]] {
        let win = Win {
            riichi: true,
            tsumo: true,
            dora: dora.clone(),
            // The ura-dora alone (tests/odds_score.rs weighs the red fives).
            rules: hupai::RiichiRules {
                red_fives: false,
                ..Default::default()
            },
            ..Win::default()
        };
        let score = OddsScore {
            win: win.clone(),
            calls: vec![],
            red: [0; 3],
        };
        let o = engine.odds_scored(&hand, &[0; 34], &plain, &score).unwrap();
        let (mut sum, mut copies) = (0.0, 0.0);
        for x in engine.waits(&hand).iter() {
            let h14 = hand.with_tile(x).unwrap();
            let w = hupai::WinningHand::from_parts(*h14.counts(), vec![], x, [0; 3]).unwrap();
            // The physical tiles that can be turned.
            let mut tiles = Vec::new();
            for k in 0..34 {
                let shown = dora.iter().filter(|d| d.index() == k).count();
                let free = 4 - h14.counts()[k] as usize - shown;
                tiles.extend(std::iter::repeat_n(Tile::from_index(k), free));
            }
            let worth = |ura: Vec<Tile>| {
                let s = engine.score(
                    &w,
                    &Win {
                        ura_dora: ura,
                        ..win.clone()
                    },
                );
                s.unwrap().riichi().unwrap().total as f64
            };
            let (mut total, mut draws) = (0.0, 0.0);
            for a in 0..tiles.len() {
                if dora.len() == 1 {
                    total += worth(vec![tiles[a]]);
                    draws += 1.0;
                    continue;
                }
                for b in a + 1..tiles.len() {
                    total += worth(vec![tiles[a], tiles[b]]);
                    draws += 1.0;
                }
            }
            let left = 4.0 - hand.counts()[x.index()] as f64;
            sum += left * total / draws;
            copies += left;
        }
        let mean = sum / copies;
        for k in 0..17 {
            let want = mean * o.win[k];
            assert!(
                (o.expected[k] - want).abs() < 1e-9 * want,
                "{} indicators, k {}: {} vs {want}",
                dora.len(),
                k + 1,
                o.expected[k]
            );
        }
    }
}

/// Under riichi rules a win needs a yaku: an open hand's waits without one are no wins. 456m
/// 67p 888s 22z with a pon of 2p has no yaku on 5p or 8p: no chance to win by those draws
/// (detours off, so no other wait is reached), where rules without yaku count both; the same
/// when the calls come from the expected score's situation. 888m 567p 66s 78s with a chi of
/// 234m wins by tanyao on 6s alone (9s makes 789s): the fixed-wait chance of the two 6s left.
#[test]
fn an_open_hand_wins_only_on_waits_with_a_yaku() {
    let straight = OddsOptions {
        extra: 0,
        ..OddsOptions::default()
    };
    let riichi = Engine::new(Rules::riichi());
    let no_yaku = Hand::builder("456m67p888s22z")
        .meld("222p")
        .build()
        .unwrap();
    let odds = riichi.odds(&no_yaku, &[0; 34], &straight).unwrap();
    assert!(odds.win.iter().all(|&p| p == 0.0), "{:?}", odds.win);
    assert!(
        odds.tenpai.iter().all(|&p| p == 1.0),
        "a shape wait is still tenpai"
    );
    let chinese = Engine::new(Rules::chinese());
    let free = chinese.odds(&no_yaku, &[0; 34], &straight).unwrap();
    assert!(free.win[16] > 0.3, "{:?}", free.win);
    let called = OddsScore {
        calls: vec![hupai::Call::parse("pon 222p").unwrap()],
        ..OddsScore::default()
    };
    let scored = riichi
        .odds_scored(&no_yaku, &[0; 34], &straight, &called)
        .unwrap();
    assert!(scored.win.iter().all(|&p| p == 0.0), "{:?}", scored.win);
    // One wait of two scores.
    let one = Hand::builder("888m567p66s78s")
        .meld("234m")
        .build()
        .unwrap();
    let odds = riichi.odds(&one, &[0; 34], &straight).unwrap();
    for k in 1..=17 {
        let want = fixed_wait(2, 123, k);
        assert!(
            (odds.win[k as usize - 1] - want).abs() < 1e-12,
            "{k}: {:?}",
            odds.win
        );
    }
    // With detours the no-yaku hand may still reach a wait that scores (a 2z pung: south).
    let detours = riichi
        .odds(&no_yaku, &[0; 34], &OddsOptions::default())
        .unwrap();
    assert!(detours.win[16] > 0.0 && detours.win[16] < free.win[16]);
}
