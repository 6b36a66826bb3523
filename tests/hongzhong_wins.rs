//! 红中麻将 at the table: hands written by hand from the public rules (docs/SCORING.md,
//! "Hongzhong at the table"), each payment named, the literal reference of
//! `tests/rooms/hongzhong.rs` reading every event beside them — a self-draw and its birds,
//! 七对 under its switch, 一码全中, a robbed kong paid by its konger, 荒庄荒杠, four 红中, no win
//! on a discard while a 红中 is held, the birds' other switches and stakes, a 红中 standing in,
//! a whole game. `tests/hongzhong_table.rs` holds the random games.

use hupai::game::room::{
    BirdPay, DiscardWins, HongzhongRules, Reason, RoomAction, RoomEvent, RoomGame,
};
use rooms::{last_scores, paid};

#[path = "rooms/hongzhong.rs"]
#[allow(dead_code)] // the options and tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;
use reference::{birds, drive, events_of};

/// The 红中's kind (the reference reads it from here).
const RED: usize = 33;

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str], back: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, back, 112)
}

fn one_hand() -> HongzhongRules {
    HongzhongRules {
        hands: 1,
        ..HongzhongRules::default()
    }
}

/// The dealer's fourteen tiles win at once, no 红中 held: 平胡 and 无红中, 1 fan, 2 stakes;
/// six birds (four, and two for no 红中): 1m, 5p, 9s, 3s, 2m, 8s — three hit (1m, 5p, 9s);
/// each hit adds a stake: 5 from each of the three; with 无红中加倍 off, 4.
#[test]
fn a_self_draw_pays_its_fans_and_a_stake_a_hit() {
    let w = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert_eq!(birds(&events), [(0, 6, 3)]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 5), (2, 0, 5), (3, 0, 5)]
    );
    assert_eq!(last_scores(&events), [15, -5, -5, -5]);
    // 无红中加倍 off: 平胡 alone, 1 stake, and the three hits: 4 from each.
    let plain = HongzhongRules {
        no_red_double: false,
        ..one_hand()
    };
    let events = events_of(plain, &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 4), (2, 0, 4), (3, 0, 4)]
    );
}

/// 七对可胡: the dealer's fourteen tiles are seven pairs with no 红中 — 七对 and 无红中, 2 fans:
/// 4 stakes from each (six birds, 2p 2p 3s 3s 7p 7p, none hitting); with the switch off the
/// same tiles are no win, and no win is offered.
#[test]
fn seven_pairs_wins_only_under_its_switch() {
    let w = wall(
        [
            "1122m3344p5566s8s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "8s",
        &["2p", "2p", "3s", "3s", "7p", "7p"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert!(events.contains(&RoomEvent::Win {
        seat: 0,
        from: None,
        tile: 25,
        fan: 2
    }));
    assert_eq!(birds(&events), [(0, 6, 0)]);
    assert_eq!(last_scores(&events), [12, -4, -4, -4]);
    let off = HongzhongRules {
        seven_pairs: false,
        ..one_hand()
    };
    let game = RoomGame::at_hand(off, 0, &w).unwrap();
    assert!(!game.legal(0).contains(RoomAction::WIN));
    assert!(RoomGame::at_hand(one_hand(), 0, &w)
        .unwrap()
        .legal(0)
        .contains(RoomAction::WIN));
}

/// 一码全中: the same self-draw, one bird drawn and its rank the hits (R5: a suited bird its
/// number, a 红中 10). A 9s under `add`: 2 + 9 = 11 from each; a 红中 under `multiply`:
/// 2 × (1 + 10) = 22 from each. The wall keeps that one bird back.
#[test]
fn one_bird_pays_its_rank_under_one_bird_all() {
    for (bird, pay, each) in [("9s", BirdPay::Add, 11), ("7z", BirdPay::Multiply, 22)] {
        let w = wall(
            [
                "123456789m234p5s",
                "1122m3344p6677s9p",
                "5566m7788p1122s7z",
                "3388m1166p3344s7z",
            ],
            "5s",
            &[bird],
            &[],
        );
        let rules = HongzhongRules {
            one_bird_all: true,
            bird_pay: pay,
            ..one_hand()
        };
        let events = events_of(rules, &w, &mut |g, seat| {
            (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
        });
        let hits = if bird == "9s" { 9 } else { 10 };
        assert_eq!(birds(&events), [(0, 1, hits)], "{bird}");
        assert_eq!(
            paid(&events, Reason::Win),
            [(1, 0, each), (2, 0, each), (3, 0, each)],
            "{bird}"
        );
    }
}

/// Seat 1 pons the dealer's 5m (no one may win on a discard) and adds its drawn fourth; seat
/// 2, holding a 红中, robs it (抢杠胡: 1 fan, 2 stakes; four birds for a hand with a 红中, 2m
/// 3m 4m 6m, none hits) and the konger pays for all three (抢杠全包): 6. No kong is paid.
#[test]
fn a_robbed_kong_is_paid_by_its_konger_for_all_three() {
    let w = wall(
        [
            "1122334m667788s",
            "55m123s456s789s99p",
            "46m123p456p789p1s7z",
            "1199m2288p3355s6p",
        ],
        "5m",
        &["7p", "7p", "7p", "5m", "2m", "3m", "4m", "6m"],
        &[],
    );
    let kong = RoomAction::added_kong("5m".parse().unwrap());
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        let legal = g.legal(seat);
        [RoomAction::PON, kong, RoomAction::WIN]
            .into_iter()
            .find(|&a| {
                legal.contains(a)
                    && if seat == 1 {
                        a != RoomAction::WIN
                    } else {
                        seat == 2 && a == RoomAction::WIN
                    }
            })
    });
    assert_eq!(birds(&events), [(2, 4, 0)]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 2,
        from: Some(1),
        tile: 4,
        fan: 1
    }));
    assert_eq!(paid(&events, Reason::Win), [(1, 2, 6)]);
    assert!(paid(&events, Reason::AddedKong).is_empty());
    assert_eq!(last_scores(&events), [0, -6, 6, 0]);
}

/// The dealer's closed kong of 2m is paid 2 by each (3/2/1: a closed kong 2); no one wins
/// (every seat discards its draw) and the wall is drawn with its six birds kept back; under
/// 荒庄荒杠 the kong money goes back: every seat ends at 0.
#[test]
fn a_drawn_wall_returns_the_kong_money_under_the_switch() {
    let rules = HongzhongRules {
        draw_refunds_kongs: true,
        ..one_hand()
    };
    let w = wall(
        [
            "2222m13579p1357s",
            "13456789m2468p2s",
            "13456789m2468p4s",
            "13456789m1357p6s",
        ],
        "9s",
        &[],
        &[],
    );
    let kong = RoomAction::closed_kong("2m".parse().unwrap());
    let events = events_of(rules, &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(kong)).then_some(kong)
    });
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    assert_eq!(
        paid(&events, Reason::Refund),
        [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    );
    assert!(paid(&events, Reason::Win).is_empty());
    let draws = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Draw { .. }))
        .count();
    assert_eq!(
        draws,
        112 - 52 - 6,
        "every tile drawn but the six birds kept back"
    );
    assert_eq!(last_scores(&events), [0; 4]);
}

/// The dealer's four 红中 win at once (四红中, the hand no other win: 1 fan, 2 stakes); four
/// birds, three hit (1p, 5s, 9p; 2s not): 5 from each.
#[test]
fn four_red_dragons_win_at_once() {
    let w = wall(
        [
            "7777z13579m2468p",
            "2468m1357p12468s",
            "2468m1357p12468s",
            "1133m5m22p4p9997s8s",
        ],
        "3s",
        &["1p", "5s", "9p", "2s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert!(events.contains(&RoomEvent::Win {
        seat: 0,
        from: None,
        tile: 20,
        fan: 1
    }));
    assert_eq!(birds(&events), [(0, 4, 3)]);
    assert_eq!(last_scores(&events), [15, -5, -5, -5]);
}

/// 有红中不接炮: on the dealer's 1s seat 1 would win with its 红中 and may not (its pon is
/// offered); seat 2, no 红中, wins (无红中 1 fan: 2 stakes; six birds, 9p 1p 5m hit: 5), paid
/// by the dealer alone.
#[test]
fn a_hand_holding_a_red_dragon_does_not_win_on_a_discard() {
    let rules = HongzhongRules {
        discard_wins: DiscardWins::WithoutRedDragon,
        ..one_hand()
    };
    let w = wall(
        [
            "2233m6677m88m99s4s",
            "123p456p789p11s3s7z",
            "123m456m789m23s55s",
            "149m156p5566778s",
        ],
        "1s",
        &["9p", "1p", "5m", "2p", "3p", "4p"],
        &[],
    );
    let events = events_of(rules, &w, &mut |g, seat| {
        let legal = g.legal(seat);
        if seat == 1 && legal.contains(RoomAction::PON) {
            assert!(!legal.contains(RoomAction::WIN));
            return Some(RoomAction::PASS);
        }
        (seat == 2 && legal.contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert!(events.contains(&RoomEvent::Win {
        seat: 2,
        from: Some(0),
        tile: 18,
        fan: 1
    }));
    assert_eq!(birds(&events), [(2, 6, 3)]);
    assert_eq!(paid(&events, Reason::Win), [(0, 2, 5)]);
}

/// The first hand above under other switches: birds that multiply pay 2 × (1 + 3) = 8 from
/// each; two birds with none more for a hand with no 红中 (1m and 5p, both hit) pay 2 + 2 = 4;
/// a stake of 2 pays 4 + 3 × 2 = 10.
#[test]
fn the_self_draw_under_other_bird_switches_and_stakes() {
    let w = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let play = |rules: HongzhongRules| {
        let events = events_of(rules, &w, &mut |g, seat| {
            (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
        });
        (birds(&events), paid(&events, Reason::Win))
    };
    let each = |n: i64| vec![(1, 0, n), (2, 0, n), (3, 0, n)];
    let multiply = play(HongzhongRules {
        bird_pay: BirdPay::Multiply,
        ..one_hand()
    });
    assert_eq!(multiply, (vec![(0, 6, 3)], each(8)));
    let two = play(HongzhongRules {
        birds: 2,
        no_red_birds: 0,
        ..one_hand()
    });
    assert_eq!(two, (vec![(0, 2, 2)], each(4)));
    let stake = play(HongzhongRules {
        stake: 2,
        ..one_hand()
    });
    assert_eq!(stake, (vec![(0, 6, 3)], each(10)));
}

/// The dealer's 红中 stands for a second 5s: 平胡 with a 红中 held, no fan, 1 stake; four birds
/// (no more: the hand holds a 红中) — 1m, 5p, 9s, 3s, three hit: 1 + 3 = 4 from each.
#[test]
fn a_self_draw_with_a_red_dragon_standing_in() {
    let w = wall(
        [
            "123456789m234p7z",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert_eq!(birds(&events), [(0, 4, 3)]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 4), (2, 0, 4), (3, 0, 4)]
    );
}

/// A whole game of two hands on given walls: the first self-draw above (15 to the dealer),
/// then the 红中 hand (12 more); the winner deals again. The points add up hand after hand.
#[test]
fn a_whole_game_of_two_self_draws() {
    let first = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let red = wall(
        [
            "123456789m234p7z",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s"],
        &[],
    );
    let rules = one_hand();
    let game = RoomGame::with_walls(rules, 0, &[&first, &red]).unwrap();
    let events = drive(game, rules, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0]);
    assert_eq!(points, [[15, -5, -5, -5], [27, -9, -9, -9]]);
}
