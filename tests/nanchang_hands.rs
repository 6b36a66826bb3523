//! 南昌麻将 at the table: hands and a whole game written by hand from the public rules
//! (docs/SCORING.md, "Nanchang at the table"), each payment named, the literal reference of
//! `tests/rooms/nanchang.rs` reading every event beside them: the deal passed to the first
//! winner, 抢杠全包, 德中德, 跟庄, 下精, kong points, 精杠 and 回头一笑 (`tests/nanchang_table.rs`
//! holds the random games, `tests/nanchang_wins.rs` the first hands).

use hupai::game::room::{NanchangRules, NextDealer, Reason, RoomAction, RoomEvent, RoomGame};
use reference::{dealer_deals_in_2z, one_hand, two_winners_wall, wall, Reference};
use rooms::{last_scores, paid, win_when_offered};

#[path = "rooms/nanchang.rs"]
#[allow(dead_code)] // the options and tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// A whole game of three hands on given walls: the dealer's 天胡 above (it deals again: the
/// first winner deals), the discard hand above (seat 1 wins: it deals next), the first deal
/// again with seat 1 dealing — its 天胡, the 9s 9s 1s of the seat after it and the lone 1s of
/// the next. Each hand's points add up hand after hand.
#[test]
fn a_whole_game_passes_the_deal_to_the_first_winner() {
    let heavenly = wall(
        [
            "123m456m789p111z2z",
            "199s2345678s234p",
            "1s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let discard = wall(
        [
            "1379m13579p2468s",
            "123m456m789p111z2z",
            "2233445566m567z",
            "9s2244668p3344z7z",
        ],
        "2z",
        "9s",
    );
    let rules = NanchangRules::default();
    let game = RoomGame::with_walls(rules, 0, &[&heavenly, &discard, &heavenly]).unwrap();
    let mut reference = Reference::default();
    let events = rooms::drive(
        game,
        &mut |e| reference.read(e, &rules),
        &mut |game, seat| {
            let two_z = RoomAction::discard("2z".parse().unwrap());
            win_when_offered(game, seat)
                .or_else(|| (seat == 0 && game.legal(0).contains(two_z)).then_some(two_z))
        },
    );
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0, 1]);
    assert_eq!(
        points,
        [[85, -3, -39, -43], [73, 5, -45, -33], [30, 90, -48, -72]]
    );
    assert_eq!(
        events.last(),
        Some(&RoomEvent::EndGame { scores: points[2] })
    );
}

/// 抢杠全包 (`robbed_pays_all`; docs/SCORING.md, N5): seat 1 pons the dealer's 5p (seat 3,
/// waiting on it, passes), draws the fourth 5p and adds it; seat 3 robs it (123m 456m 234s
/// 33z, 4p6p: 抢杠胡). Paid as a discard, the konger twice and the others once (the dealer
/// twice again: its double); under 抢杠全包 the konger pays all of it, one payment.
#[test]
fn a_robbed_kong_is_paid_by_the_konger_alone_under_its_switch() {
    let w = rooms::wall(
        [
            "5p2468m2468p2467s",
            "55p123m789m23p567s",
            "1133557799m4z5z6z",
            "123m456m234s4p6p33z",
        ],
        "7z",
        &["8s", "8s", "8s", "5p"],
        &["9s"],
        136,
    );
    let five_p = RoomAction::discard("5p".parse().unwrap());
    let play = |rules: NanchangRules| {
        one_hand(rules, &w, &mut |game: &RoomGame, seat: u8| {
            let legal = game.legal(seat);
            let added = RoomAction::added_kong("5p".parse().unwrap());
            match seat {
                0 if legal.contains(five_p) => Some(five_p),
                1 if legal.contains(RoomAction::PON) => Some(RoomAction::PON),
                1 if legal.contains(added) => Some(added),
                // Seat 3 waits for the kong: it passes the dealer's 5p.
                3 if game.melds(1).count() > 0 => win_when_offered(game, seat),
                _ => None,
            }
        })
    };
    let shared = play(NanchangRules::default());
    let win = shared.iter().find_map(|e| match *e {
        RoomEvent::Win { seat, from, .. } => Some((seat, from)),
        _ => None,
    });
    assert_eq!(win, Some((3, Some(1))));
    assert!(!shared.iter().any(|e| matches!(e, RoomEvent::Kong { .. })));
    let wins = paid(&shared, Reason::Win);
    let each = wins.iter().find(|p| p.0 == 2).unwrap().2;
    assert_eq!(wins, vec![(1, 3, 2 * each), (0, 3, 2 * each), (2, 3, each)]);
    let all = NanchangRules {
        robbed_pays_all: true,
        ..NanchangRules::default()
    };
    let alone = play(all);
    assert_eq!(paid(&alone, Reason::Win), vec![(1, 3, 5 * each)]);
}

/// 德中德 (`de_zhong_de`; docs/SCORING.md, N6: "德中德 ×4: 自己胡德国, 并且其它三家手中都没有精"):
/// the 精 turned is 9s (9s and 1s wild) and no seat but the winner holds one. Seat 1 wins on
/// the dealer's 2z as it is: 平胡 0, 德国 1 — 2 a share, the dealer paying 2 × 2 × its double
/// = 8. Under 德中德 the 德国 reading counts a doubling more: 4 a share, 16 from the dealer;
/// with 德国 +5, 9 and 36; capped at one doubling, no more than 德国's 2. One other seat
/// holding a 1s, and it is 德国 alone again.
#[test]
fn de_zhong_de_doubles_a_de_guo_win_when_no_other_seat_holds_jing() {
    let hands = [
        "1379m13579p2468s",
        "123m456m789p111z2z",
        "2233445566m567z",
        "3s2244668p3344z7z",
    ];
    let script = &mut |game: &RoomGame, seat: u8| {
        let two_z = RoomAction::discard("2z".parse().unwrap());
        if seat == 0 && game.legal(0).contains(two_z) {
            return Some(two_z);
        }
        win_when_offered(game, seat)
    };
    let w = wall(hands, "2z", "9s");
    let mut win = |rules: NanchangRules, w: &[u8]| {
        let events = one_hand(rules, w, script);
        (rooms::win_fan(&events, 1), paid(&events, Reason::Win))
    };
    let plain = NanchangRules::default();
    assert_eq!(
        win(plain, &w),
        (Some(1), vec![(0, 1, 8), (2, 1, 2), (3, 1, 2)])
    );
    let on = NanchangRules {
        de_zhong_de: true,
        ..plain
    };
    assert_eq!(
        win(on, &w),
        (Some(2), vec![(0, 1, 16), (2, 1, 4), (3, 1, 4)])
    );
    let plus_five = NanchangRules {
        de_guo_bonus: 5,
        ..on
    };
    let nine = vec![(0, 1, 36), (2, 1, 9), (3, 1, 9)];
    assert_eq!(win(plus_five, &w), (Some(2), nine));
    let capped = NanchangRules { cap: 1, ..on };
    assert_eq!(
        win(capped, &w),
        (Some(1), vec![(0, 1, 8), (2, 1, 2), (3, 1, 2)])
    );
    // Seat 3 holds a 1s (a 副精) in place of its 3s: no 德中德.
    let held = wall(
        [hands[0], hands[1], hands[2], "1s2244668p3344z7z"],
        "2z",
        "9s",
    );
    let events = one_hand(on, &held, script);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 8), (2, 1, 2), (3, 1, 2)]
    );
}

/// 跟庄 (`follow_dealer`; docs/SCORING.md, N6: "庄家出牌后其他三家均打出和庄家一致的牌时 … 庄家-15分,
/// 其他玩家每人+5分"): the dealer's first discard is a 7z and each other seat's first is a 7z too,
/// no call between: the dealer pays 5 stakes to each (10 at a stake of 2). The hand then plays
/// out to a drawn wall, nothing else paid. Seat 3 playing another tile first, or the switch
/// off, and nothing is paid.
#[test]
fn follow_the_dealer_is_paid_by_the_dealer() {
    let w = wall(
        [
            "1379m13579p2468s",
            "123m456m789p11z2z7z",
            "2233445566m567z",
            "9s2244668p3344z7z",
        ],
        "7z",
        "9s",
    );
    let seven_z = RoomAction::discard("7z".parse().unwrap());
    let follow = |rules: NanchangRules, skip: Option<u8>| {
        one_hand(rules, &w, &mut |game: &RoomGame, seat: u8| {
            let legal = game.legal(seat);
            (legal.contains(seven_z) && skip != Some(seat)).then_some(seven_z)
        })
    };
    let five = NanchangRules {
        follow_dealer: 5,
        ..NanchangRules::default()
    };
    let events = follow(five, None);
    assert_eq!(
        paid(&events, Reason::FollowDealer),
        vec![(0, 1, 5), (0, 2, 5), (0, 3, 5)]
    );
    assert_eq!(last_scores(&events), [-15, 5, 5, 5]);
    let staked = NanchangRules { stake: 2, ..five };
    assert_eq!(last_scores(&follow(staked, None)), [-30, 10, 10, 10]);
    assert_eq!(last_scores(&follow(five, Some(3))), [0; 4]);
    assert_eq!(last_scores(&follow(NanchangRules::default(), None)), [0; 4]);
}

/// 下精 (`lower_jing`; docs/SCORING.md, N6 "下精分 … 在下翻的时候计算", N2's 无下精 its other
/// reading): the dealer's 天胡 and the 精 of the 9s settled as in the first hand of
/// `tests/nanchang_table.rs` ([85, -3, -39, -43]); then the wall's last tile, a 1s, is turned:
/// 1s the 正精 and 2s the 副精. Seat 1 holds a 1s and a 2s (3 points), seat 2 a 1s (2), seat 3
/// two 2s (2): each paid its points by every other seat — 7 from the dealer in all.
#[test]
fn the_lower_jing_is_turned_and_settled_after_a_won_hand() {
    let w = rooms::wall(
        [
            "123m456m789p111z2z",
            "199s2345678s234p",
            "1s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        &[],
        &["9s", "1s"],
        136,
    );
    let rules = NanchangRules {
        lower_jing: true,
        ..NanchangRules::default()
    };
    let events = one_hand(rules, &w, &mut win_when_offered);
    let turned: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Jing { .. }))
        .collect();
    assert_eq!(
        turned,
        [
            &RoomEvent::Jing { indicator: 26 },
            &RoomEvent::Jing { indicator: 18 }
        ]
    );
    let lower = events
        .iter()
        .skip_while(|e| **e != RoomEvent::Jing { indicator: 18 })
        .filter_map(|e| match *e {
            RoomEvent::Pay {
                from, to, amount, ..
            } => Some((from, to, amount)),
            _ => None,
        });
    let mut lower: Vec<_> = lower.collect();
    lower.sort();
    assert_eq!(
        lower,
        [
            (0, 1, 3),
            (0, 2, 2),
            (0, 3, 2),
            (1, 2, 2),
            (1, 3, 2),
            (2, 1, 3),
            (2, 3, 2),
            (3, 1, 3),
            (3, 2, 2)
        ]
    );
    assert_eq!(last_scores(&events), [78, 2, -38, -42]);
    let off = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    assert_eq!(last_scores(&off), [85, -3, -39, -43]);
}

/// The dealer konges its four 1m, draws the 2z from the wall's back and wins on it (the
/// hand of the two tests below), under `rules`.
fn kong_then_bloom(rules: NanchangRules) -> Vec<RoomEvent> {
    kong_then_win(rules, &bloom_wall(), "1m")
}

/// The wall of [`kong_then_bloom`]: the dealer dealt four 1m, the 2z at the wall's back.
fn bloom_wall() -> Vec<u8> {
    rooms::wall(
        [
            "1111m456m789p11z2z",
            "199s2345678s234p",
            "1s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        &[],
        &["9s", "2z"],
        136,
    )
}

/// One hand on wall `w` under `rules`: a closed kong of `kind` made when offered, every win
/// taken.
fn kong_then_win(rules: NanchangRules, w: &[u8], kind: &str) -> Vec<RoomEvent> {
    let kong = RoomAction::closed_kong(kind.parse().unwrap());
    one_hand(rules, w, &mut |game: &RoomGame, seat: u8| {
        if game.legal(seat).contains(kong) {
            Some(kong)
        } else {
            win_when_offered(game, seat)
        }
    })
}

/// Kong points (`kong_points`; docs/SCORING.md, N6 "明杠/暗杠 2分 … 奖励分三家都要给"): the
/// dealer's 杠上开花 of [`kong_then_bloom`] — 平胡 0, 德国 1, 自摸 1, 杠上开花 1 (no 天胡: the
/// kong is a call), 8 a share and 16 with the dealer's double. At the hand's end its kong is
/// paid 2 stakes by every other seat (6 at a stake of 3); with the switch off, nothing.
#[test]
fn a_kong_is_paid_its_points_at_a_won_hands_end() {
    let two = NanchangRules {
        kong_points: 2,
        ..NanchangRules::default()
    };
    let events = kong_then_bloom(two);
    assert_eq!(rooms::win_fan(&events, 0), Some(3));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 16), (2, 0, 16), (3, 0, 16)]
    );
    assert_eq!(
        paid(&events, Reason::KongBonus),
        vec![(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    let staked = kong_then_bloom(NanchangRules { stake: 3, ..two });
    assert_eq!(
        paid(&staked, Reason::KongBonus),
        vec![(1, 0, 6), (2, 0, 6), (3, 0, 6)]
    );
    assert!(paid(
        &kong_then_bloom(NanchangRules::default()),
        Reason::KongBonus
    )
    .is_empty());
}

/// 杠上开花 ×4 (`kong_bloom_fans` 2; N6's room, where N5 prices 杠开 ×2): the same win counts
/// 杠上开花 twice — 4 fans, 16 a share and 32 with the dealer's double; 大七对 ×4
/// (`all_pungs_fans`) leaves this plain win as it was.
#[test]
fn kong_bloom_at_four_doubles_the_win_once_more() {
    let x4 = NanchangRules {
        kong_bloom_fans: 2,
        ..NanchangRules::default()
    };
    let events = kong_then_bloom(x4);
    assert_eq!(rooms::win_fan(&events, 0), Some(4));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 32), (2, 0, 32), (3, 0, 32)]
    );
    let pungs = kong_then_bloom(NanchangRules {
        all_pungs_fans: 2,
        ..NanchangRules::default()
    });
    assert_eq!(rooms::win_fan(&pungs, 0), Some(3));
}

/// 精杠 (`jing_kong`; N6 "精杠：四个精开杠，有分数奖励 … 精杠 10分 … 奖励分三家都要给，庄家输赢不翻倍";
/// N5 "杠精每人给10分"): the 精 are 9s and 1s; the dealer, dealt four 1s, konges them, draws
/// the 2z from the wall's back and wins on it — 德国 (no 精 stands in: the four are a kong),
/// 自摸, 杠上开花: 8 a share, 16 with the dealer's double. At the hand's end the 精杠 is paid
/// 10 stakes by every other seat (no dealer's double), and its four 副精 count in the 精
/// settlement (4 points, as seat 1's two 正精). With the switch at 0 no 精 is konged.
#[test]
fn a_kong_of_four_jing_is_paid_its_points() {
    let w = rooms::wall(
        [
            "1111s456m789p11z2z",
            "299s2345678s234p",
            "6s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        &[],
        &["9s", "2z"],
        136,
    );
    let play = |rules: NanchangRules| kong_then_win(rules, &w, "1s");
    let ten = NanchangRules {
        jing_kong: 10,
        ..NanchangRules::default()
    };
    let events = play(ten);
    assert!(events.contains(&RoomEvent::Kong {
        seat: 0,
        from: None,
        tile: 18,
        added: false
    }));
    assert_eq!(rooms::win_fan(&events, 0), Some(3));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 16), (2, 0, 16), (3, 0, 16)]
    );
    assert_eq!(
        paid(&events, Reason::JingKong),
        vec![(1, 0, 10), (2, 0, 10), (3, 0, 10)]
    );
    // Kong points (`kong_points`) do not pay a 精杠 again.
    let both = play(NanchangRules {
        kong_points: 2,
        ..ten
    });
    assert!(paid(&both, Reason::KongBonus).is_empty());
    assert_eq!(paid(&both, Reason::JingKong).len(), 3);
    // The 精 settlement: the dealer's four 副精 (konged) and seat 1's two 正精, 4 points each.
    let jing = paid(&events, Reason::Jing);
    assert!(
        jing.contains(&(2, 0, 4)) && jing.contains(&(2, 1, 4)),
        "{jing:?}"
    );
    // Off: no 精杠 offered, the dealer plays on.
    let off = play(NanchangRules::default());
    assert!(!off.iter().any(|e| matches!(e, RoomEvent::Kong { .. })));
    assert!(paid(&off, Reason::JingKong).is_empty());
}

/// The two winners on the dealer's 2z of `nanchang_table.rs` under N6's reading (no 一炮多响,
/// `multiple_wins` off): seat 1, the first after the discarder, wins alone — 8 from the
/// dealer, 2 from each other seat, seat 3 among them —; seat 3's lone 1s is still its
/// 霸王精, 2 from each.
#[test]
fn one_winner_on_a_discard_under_its_switch() {
    let w = two_winners_wall();
    let script = &mut dealer_deals_in_2z;
    let rules = NanchangRules {
        multiple_wins: false,
        ..NanchangRules::default()
    };
    let events = one_hand(rules, &w, script);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 8), (2, 1, 2), (3, 1, 2)]
    );
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(0, 3, 2), (1, 3, 2), (2, 3, 2)]
    );
    assert_eq!(last_scores(&events), [-10, 10, -4, 4]);
}

/// 通炮 (`next_dealer` `feeder`; docs/SCORING.md, "Who deals next"): seats 1 and 3 both win
/// on the dealer's 2z — the dealer, its discarder, deals the next hand again, where the first
/// winner's reading passes the deal to seat 1; with one winner (`multiple_wins` off) there
/// is no 通炮 and seat 1 deals under either.
#[test]
fn the_discarder_deals_after_several_win_on_its_tile() {
    let w = two_winners_wall();
    let dealers = |next_dealer, multiple_wins| {
        let rules = NanchangRules {
            next_dealer,
            multiple_wins,
            hands: 2,
            ..NanchangRules::default()
        };
        let game = RoomGame::with_walls(rules, 0, &[&w, &w]).unwrap();
        let mut reference = Reference::default();
        let events = rooms::drive(
            game,
            &mut |e| reference.read(e, &rules),
            &mut dealer_deals_in_2z,
        );
        rooms::dealers_and_points(&events).0
    };
    assert_eq!(dealers(NextDealer::Feeder, true), [0, 0]);
    assert_eq!(dealers(NextDealer::FirstWinner, true), [0, 1]);
    assert_eq!(dealers(NextDealer::Feeder, false), [0, 1]);
    assert_eq!(dealers(NextDealer::Rotate, true), [0, 1]);
}

/// 回头一笑 (`look_back`; docs/SCORING.md, N2: "游戏发牌后，将上局的两张上精牌做以此精分计算"):
/// two hands of the dealer's 天胡 on the same deal, the first turning 9s (9s and 1s wild), the
/// second 3m (3m and 4m). At the second deal the first hand's 精 are settled again on the
/// tiles just dealt — seat 1's 9s 9s 1s, 5 points: 冲关 × 2, 10 from each other seat; seat 2's
/// lone 1s, 1 from each — before any play; the second hand's own 精 after its win: the
/// dealer's 3m and 4m, 3 points, its 霸王精 doubling them, 6 from each. Off, no 回头一笑.
#[test]
fn look_back_settles_the_last_hands_jing_on_the_tiles_dealt() {
    let hands = [
        "123m456m789p111z2z",
        "199s2345678s234p",
        "1s5566778p33z44z5z",
        "789m5566z77z2233s",
    ];
    let (first, second) = (wall(hands, "2z", "9s"), wall(hands, "2z", "3m"));
    let play = |rules: NanchangRules| {
        let game = RoomGame::with_walls(rules, 0, &[&first, &second]).unwrap();
        let mut reference = Reference::default();
        let events = rooms::drive(
            game,
            &mut |e| reference.read(e, &rules),
            &mut win_when_offered,
        );
        let second = events
            .iter()
            .rposition(|e| matches!(e, RoomEvent::Deal { .. }));
        let (one, two) = events.split_at(second.unwrap());
        (
            paid(one, Reason::LookBack),
            paid(two, Reason::LookBack),
            paid(two, Reason::Jing),
        )
    };
    let rules = NanchangRules {
        hands: 2,
        look_back: true,
        ..NanchangRules::default()
    };
    let (first_hand, looked_back, own) = play(rules);
    assert!(first_hand.is_empty(), "no hand before the first");
    let seat1 = [(0, 1, 10), (2, 1, 10), (3, 1, 10)];
    let seat2 = [(0, 2, 1), (1, 2, 1), (3, 2, 1)];
    assert_eq!(looked_back, [seat1, seat2].concat());
    assert_eq!(own, vec![(1, 0, 6), (2, 0, 6), (3, 0, 6)]);
    let off = play(NanchangRules {
        look_back: false,
        ..rules
    });
    assert!(off.0.is_empty() && off.1.is_empty());
    assert_eq!(off.2, own);
}

/// `dealer_opening_kong` off (docs/SCORING.md, N6: "庄家起手不能开暗杠，包括精杠的暗杠"): the
/// dealer of [`kong_then_bloom`], dealt four 1m, is offered no kong in its first turn — it
/// discards first, and a kong it makes comes after; on (the default) it konges at once.
#[test]
fn the_dealer_konges_nothing_before_its_first_discard_under_its_switch() {
    let kong = RoomAction::closed_kong("1m".parse().unwrap());
    let play = |rules: NanchangRules| {
        let mut first_turn = None;
        let events = one_hand(rules, &bloom_wall(), &mut |game: &RoomGame, seat: u8| {
            let legal = game.legal(seat);
            if seat == 0 && first_turn.is_none() {
                first_turn = Some(legal.contains(kong));
            }
            legal
                .contains(kong)
                .then_some(kong)
                .or_else(|| win_when_offered(game, seat))
        });
        let at = |f: &dyn Fn(&RoomEvent) -> bool| events.iter().position(f);
        let kong_at = at(&|e| matches!(e, RoomEvent::Kong { seat: 0, .. }));
        let discard_at = at(&|e| matches!(e, RoomEvent::Discard { seat: 0, .. }));
        (first_turn, kong_at, discard_at)
    };
    let off = NanchangRules {
        dealer_opening_kong: false,
        ..NanchangRules::default()
    };
    let (first_turn, kong_at, discard_at) = play(off);
    assert_eq!(first_turn, Some(false));
    assert!(kong_at.is_none_or(|k| k > discard_at.unwrap()));
    let (first_turn, kong_at, discard_at) = play(NanchangRules::default());
    assert_eq!(first_turn, Some(true));
    assert!(kong_at.is_some() && discard_at.is_none());
}

/// `jing_chi` and 包 (`jing_bao`; docs/SCORING.md — N6: "上家打出上精牌时可以做本身牌被下家吃，
/// 结算奖励分时需要计算入内", "玩家打出精而导致对手冲关，只有打出精的玩家独自出冲关的奖励"; N5: "包赔上精分"):
/// the 精 are 9s and 1s. The dealer discards its fourteenth, a 9s; seat 1 chows it with its
/// 7s 8s, discards 2z, and seat 2 wins on it (德国: 2 a share — 4 from the discarder, 4 from
/// the dealer, 2 from seat 3). Seat 1's 精: 1s 1s 9s held and the 9s chowed, 6 points, 冲关
/// × 3: 18 from each other seat; seat 3's lone 1s, 1 from each. Under 包 the dealer, whose 9s
/// made the 冲关 (4 points without it), pays seat 1's 18 × 3 alone. Off, no chi is offered.
#[test]
fn a_chowed_jing_counts_and_its_discarder_pays_the_chong_guan_under_bao() {
    let w = rooms::wall(
        [
            "1379m13579p2468s",
            "11789s2z3344556p",
            "123m456m789p111z2z",
            "1s2233445566m57z",
        ],
        "9s",
        &[],
        &["9s"],
        136,
    );
    let chi = RoomAction::chi(2);
    let two_z = RoomAction::discard("2z".parse().unwrap());
    let play = |rules: NanchangRules| {
        one_hand(rules, &w, &mut |game: &RoomGame, seat: u8| {
            let legal = game.legal(seat);
            let chowed = game.melds(1).count() > 0;
            match seat {
                1 if legal.contains(chi) => Some(chi),
                1 if chowed && legal.contains(two_z) => Some(two_z),
                _ => win_when_offered(game, seat),
            }
        })
    };
    let chow = NanchangRules {
        jing_chi: true,
        ..NanchangRules::default()
    };
    let events = play(chow);
    assert!(events.contains(&RoomEvent::Chi {
        seat: 1,
        from: 0,
        tile: 26,
        low: 24
    }));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 2, 4), (0, 2, 4), (3, 2, 2)]
    );
    let seat3 = [(0, 3, 1), (1, 3, 1), (2, 3, 1)];
    let seat1 = [(0, 1, 18), (2, 1, 18), (3, 1, 18)];
    assert_eq!(paid(&events, Reason::Jing), [&seat1[..], &seat3].concat());
    let bao = play(NanchangRules {
        jing_bao: true,
        ..chow
    });
    assert_eq!(
        paid(&bao, Reason::Jing),
        [&[(0, 1, 54)][..], &seat3].concat()
    );
    let off = play(NanchangRules::default());
    assert!(!off.iter().any(|e| matches!(e, RoomEvent::Chi { .. })));
}
