//! Sichuan 血战到底 at the table: hands and a whole game written by hand from the public
//! rules (docs/SCORING.md, "Sichuan at the table"), each payment named, the literal reference
//! of `tests/rooms/sichuan.rs` reading every event beside them; 换三张 passed each way.

use hupai::game::room::{Exchange, Reason, RoomAction, RoomEvent, RoomGame, SichuanRules};
use rooms::paid;

#[path = "rooms/sichuan.rs"]
#[allow(dead_code)] // the tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;
use reference::Reference;

/// The shared helpers, Sichuan's reference reading every event.
fn drive(
    game: RoomGame,
    rules: SichuanRules,
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    rooms::drive(game, &mut |e| reference.read(e, &rules), script)
}

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str], back: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, back, 108)
}

/// A closed kong paid 2 by each seat (下雨); its replacement 7s discarded at once and konged
/// by seat 1 (刮风, 2 from the discarder); seat 1's replacement 5s won on by seats 2 and 3
/// at once (一炮多响, each a plain hand with 杠上炮: 1 fan, 2 stakes); with 呼叫转移 seat 1's
/// kong money (2) goes to the first winner. Play goes on from seat 0.
#[test]
fn kongs_a_double_win_and_the_call_transfer_pay_as_the_rules_say() {
    let rules = SichuanRules {
        call_transfer: true,
        hands: 1,
        ..SichuanRules::default()
    };
    let w = wall(
        [
            "1111269m234689s",
            "2345677m777238s",
            "234567888m99m55s",
            "345678m34s111s99s",
        ],
        "9s",
        &[],
        &["7s", "5s"],
    );
    let game = RoomGame::at_hand(rules, 0, &w).unwrap();
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        if legal.contains(RoomAction::void(1)) {
            return Some(RoomAction::void(1));
        }
        let one_m = RoomAction::closed_kong("1m".parse().unwrap());
        [one_m, RoomAction::KONG, RoomAction::WIN]
            .into_iter()
            .find(|&a| legal.contains(a) && (a != RoomAction::WIN || seat >= 2))
    };
    let events = drive(game, rules, &mut script);
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    assert_eq!(paid(&events, Reason::Kong), [(0, 1, 2)]);
    let wins: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Win {
                seat, from, fan, ..
            } => Some((seat, from, fan)),
            _ => None,
        })
        .collect();
    assert_eq!(wins[..2], [(2, Some(1), 1), (3, Some(1), 1)]);
    assert_eq!(paid(&events, Reason::Win)[..2], [(1, 2, 2), (1, 3, 2)]);
    assert_eq!(paid(&events, Reason::Transfer), [(1, 2, 2)]);
    // After the double win the seat after the last winner draws: seat 0.
    let after = events
        .iter()
        .skip_while(|e| {
            !matches!(
                e,
                RoomEvent::Pay {
                    reason: Reason::Transfer,
                    ..
                }
            )
        })
        .find(|e| matches!(e, RoomEvent::Draw { .. }));
    assert!(
        matches!(after, Some(RoomEvent::Draw { seat: 0, .. })),
        "{after:?}"
    );
}

/// Seat 1 pons the dealer's 5m (seat 2 lets it pass) and adds its drawn fourth: seat 2 robs
/// it (抢杠胡: 1 fan, 2 stakes from the konger; no kong paid, the pon stays); seat 3 then
/// draws its winning 9m (自摸加番: 1 fan), paid 2 by each seat still in (0 and 1, not 2).
#[test]
fn a_robbed_kong_and_a_self_draw_after_a_win_pay_as_the_rules_say() {
    let rules = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    let w = wall(
        [
            "2223334447788m",
            "15566m22339988s",
            "34678m777s44666s",
            "123456789s11s99m",
        ],
        "5m",
        &["1p", "2p", "3p", "5m", "9m"],
        &["4p"],
    );
    let game = RoomGame::at_hand(rules, 0, &w).unwrap();
    let mut chances = 0;
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        let five = "5m".parse().unwrap();
        match seat {
            _ if legal.contains(RoomAction::void(1)) => Some(RoomAction::void(1)),
            1 => [RoomAction::PON, RoomAction::added_kong(five)]
                .into_iter()
                .find(|&a| legal.contains(a)),
            2 if legal.contains(RoomAction::WIN) => {
                chances += 1;
                Some(if chances == 1 {
                    RoomAction::PASS
                } else {
                    RoomAction::WIN
                })
            }
            3 => Some(RoomAction::WIN).filter(|&a| legal.contains(a)),
            _ => None,
        }
    };
    let events = drive(game, rules, &mut script);
    let wins: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Win {
                seat,
                from,
                fan,
                tile,
            } => Some((seat, from, tile, fan)),
            _ => None,
        })
        .collect();
    assert_eq!(wins[..2], [(2, Some(1), 4, 1), (3, None, 8, 1)]);
    assert_eq!(chances, 2);
    assert_eq!(
        paid(&events, Reason::Win)[..3],
        [(1, 2, 2), (0, 3, 2), (1, 3, 2)]
    );
    assert_eq!(paid(&events, Reason::AddedKong), []);
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Kong { .. })));
}

/// The wall drawn with no win (every seat passes and discards its draw): seat 1 made a
/// closed kong of 2m (2 from each), seat 2 declared m void and still holds one (花猪), seat 0
/// waits on 1s/4s (a plain hand: 1 stake) and seat 3 on a full flush of pungs (清对, 3 fans:
/// 8), seat 1 is not ready. 查花猪: seat 2 pays 8 to each other seat; 查大叫: seat 1 pays 1 to
/// seat 0 and 8 to seat 3; 退税: seat 1 returns its kong money, 2 to each.
#[test]
fn the_wall_s_end_checks_pay_as_the_rules_say() {
    let rules = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    let w = wall(
        [
            "345678999m1123s",
            "2222159m1598s37s",
            "1133344455667m",
            "5556667778889s",
        ],
        "1p",
        &[],
        &["1p"],
    );
    let game = RoomGame::at_hand(rules, 0, &w).unwrap();
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        let kong = RoomAction::closed_kong("2m".parse().unwrap());
        if legal.contains(RoomAction::void(0)) {
            return Some(RoomAction::void(if seat == 2 { 0 } else { 1 }));
        }
        Some(kong).filter(|&k| legal.contains(k))
    };
    let events = drive(game, rules, &mut script);
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Win { .. })));
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    );
    assert_eq!(
        paid(&events, Reason::FlowerPig),
        [(2, 0, 8), (2, 1, 8), (2, 3, 8)]
    );
    assert_eq!(paid(&events, Reason::NotReady), [(1, 0, 1), (1, 3, 8)]);
    assert_eq!(
        paid(&events, Reason::Refund),
        [(1, 0, 2), (1, 2, 2), (1, 3, 2)]
    );
    let Some(RoomEvent::EndGame { scores }) = events.last() else {
        panic!("{:?}", events.last())
    };
    assert_eq!(*scores, [9, -1, -24, 16]);
}

/// The dealer's fourteen tiles win at once: 天胡 (5) and the self-draw (1), no cap: 6 fans,
/// 64 stakes from each of the three.
#[test]
fn a_heavenly_win_pays_its_six_fans_uncapped() {
    let mut rules = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    rules.scoring.cap = 0;
    let w = wall(
        [
            "123456789m1123s",
            "2345m678m2345s33s",
            "2345678m456s778s",
            "2349m55669s4478s",
        ],
        "1s",
        &[],
        &[],
    );
    let game = RoomGame::at_hand(rules, 0, &w).unwrap();
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        if legal.contains(RoomAction::void(1)) {
            return Some(RoomAction::void(1));
        }
        Some(RoomAction::WIN).filter(|&a| seat == 0 && legal.contains(a))
    };
    let events = drive(game, rules, &mut script);
    let first = events
        .iter()
        .find_map(|e| match *e {
            RoomEvent::Win {
                seat, from, fan, ..
            } => Some((seat, from, fan)),
            _ => None,
        })
        .unwrap();
    assert_eq!(first, (0, None, 6));
    assert_eq!(
        paid(&events, Reason::Win)[..3],
        [(1, 0, 64), (2, 0, 64), (3, 0, 64)]
    );
}

/// The dealer's closed kong of 1m (2 from each), its replacement 6s completes the hand:
/// 杠上开花 (1), the self-draw (1) and the kong's 根 (1) — 3 fans, 8 from each.
#[test]
fn a_win_on_a_kong_s_replacement_pays_its_three_fans() {
    let rules = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    let w = wall(
        [
            "1111234567m998s",
            "2345m678m2345s33s",
            "2345678m456s778s",
            "2349m55669s4478s",
        ],
        "7s",
        &[],
        &["6s"],
    );
    let game = RoomGame::at_hand(rules, 0, &w).unwrap();
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        let kong = RoomAction::closed_kong("1m".parse().unwrap());
        if legal.contains(RoomAction::void(1)) {
            return Some(RoomAction::void(1));
        }
        [kong, RoomAction::WIN]
            .into_iter()
            .find(|&a| seat == 0 && legal.contains(a))
    };
    let events = drive(game, rules, &mut script);
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    let first = events
        .iter()
        .find_map(|e| match *e {
            RoomEvent::Win {
                seat,
                from,
                fan,
                tile,
            } => Some((seat, from, tile, fan)),
            _ => None,
        })
        .unwrap();
    assert_eq!(first, (0, None, 23, 3));
    assert_eq!(
        paid(&events, Reason::Win)[..3],
        [(1, 0, 8), (2, 0, 8), (3, 0, 8)]
    );
}

/// The wall's-end hand above under other switches: without the checks at the wall's end only
/// the closed kong is paid (no 花猪, no 大叫, no 退税); with a 花猪 of 5 fans seat 2 pays 32 to
/// each other seat, the rest as above; with 查大叫 paying the most, seat 1 pays 8 to each
/// ready seat.
#[test]
fn the_wall_s_end_checks_and_the_flower_pig_are_switches() {
    let w = wall(
        [
            "345678999m1123s",
            "2222159m1598s37s",
            "1133344455667m",
            "5556667778889s",
        ],
        "1p",
        &[],
        &["1p"],
    );
    let play = |rules: SichuanRules| {
        let game = RoomGame::at_hand(rules, 0, &w).unwrap();
        let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
            let legal = g.legal(seat);
            let kong = RoomAction::closed_kong("2m".parse().unwrap());
            if legal.contains(RoomAction::void(0)) {
                return Some(RoomAction::void(if seat == 2 { 0 } else { 1 }));
            }
            Some(kong).filter(|&k| legal.contains(k))
        };
        drive(game, rules, &mut script)
    };
    let d = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    let off = play(SichuanRules {
        end_checks: false,
        ..d
    });
    let reasons: Vec<Reason> = off
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Pay { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, [Reason::ClosedKong; 3]);
    assert_eq!(rooms::last_scores(&off), [-2, 6, -2, -2]);
    let pig = play(SichuanRules { flower_pig: 5, ..d });
    assert_eq!(
        paid(&pig, Reason::FlowerPig),
        [(2, 0, 32), (2, 1, 32), (2, 3, 32)]
    );
    assert_eq!(rooms::last_scores(&pig), [33, 23, -96, 40]);
    // 查大叫 paying the room's most (Mahjong Australia's reading): seat 1, not ready, pays
    // each ready seat what a 花猪 pays, 8 — seat 0 too, whose wait pays 1.
    let most = play(SichuanRules {
        not_ready: hupai::game::room::NotReadyPays::Most,
        ..d
    });
    assert_eq!(paid(&most, Reason::NotReady), [(1, 0, 8), (1, 3, 8)]);
    assert_eq!(rooms::last_scores(&most), [16, -8, -24, 16]);
}

/// The dealer's 天胡 above under other switches: the default cap of 3 fans pays 8 from each;
/// uncapped with the self-draw a stake instead of a fan (自摸加底), 天胡's 5 fans and a stake:
/// 33 from each; adding nothing (自摸不加倍), 32; at a stake of 3 with the cap, 24.
#[test]
fn a_heavenly_win_under_the_cap_the_self_draw_stake_and_the_stake() {
    let w = wall(
        [
            "123456789m1123s",
            "2345m678m2345s33s",
            "2345678m456s778s",
            "2349m55669s4478s",
        ],
        "1s",
        &[],
        &[],
    );
    let play = |rules: SichuanRules| {
        let game = RoomGame::at_hand(rules, 0, &w).unwrap();
        let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
            let legal = g.legal(seat);
            if legal.contains(RoomAction::void(1)) {
                return Some(RoomAction::void(1));
            }
            Some(RoomAction::WIN).filter(|&a| seat == 0 && legal.contains(a))
        };
        paid(&drive(game, rules, &mut script), Reason::Win)[..3].to_vec()
    };
    let d = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    assert_eq!(play(d), [(1, 0, 8), (2, 0, 8), (3, 0, 8)]);
    let mut stake_draw = d;
    stake_draw.scoring.cap = 0;
    stake_draw.scoring.self_draw = hupai::SelfDraw::Stake;
    assert_eq!(play(stake_draw), [(1, 0, 33), (2, 0, 33), (3, 0, 33)]);
    // 自摸不加倍: 平胡 0 and 天胡 5, no cap: 32 from each.
    let mut nothing_more = stake_draw;
    nothing_more.scoring.self_draw = hupai::SelfDraw::Nothing;
    assert_eq!(play(nothing_more), [(1, 0, 32), (2, 0, 32), (3, 0, 32)]);
    assert_eq!(
        play(SichuanRules { stake: 3, ..d }),
        [(1, 0, 24), (2, 0, 24), (3, 0, 24)]
    );
}

/// The dealer's fourteen tiles are seven pairs (七对 2) at once (天胡 5) self-drawn (1), no
/// cap: 8 fans, 256 from each of the three (the hand then plays on without it); with 天胡 the
/// largest basic hand, 6 fans, 64 from each.
#[test]
fn a_heavenly_seven_pairs_pays_eight_fans_uncapped() {
    let mut rules = SichuanRules {
        hands: 1,
        ..SichuanRules::default()
    };
    rules.scoring.cap = 0;
    let w = wall(
        [
            "1155667788m119s",
            "2345m678m2345s33s",
            "2345678m456s778s",
            "2349m55669s4478s",
        ],
        "9s",
        &[],
        &[],
    );
    let play = |rules: SichuanRules| {
        let game = RoomGame::at_hand(rules, 0, &w).unwrap();
        let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
            let legal = g.legal(seat);
            if legal.contains(RoomAction::void(1)) {
                return Some(RoomAction::void(1));
            }
            Some(RoomAction::WIN).filter(|&a| seat == 0 && legal.contains(a))
        };
        drive(game, rules, &mut script)
    };
    // 天胡 added, then the largest basic hand (S-M2): it takes 七对's place, 5 + 自摸 1 = 6
    // fans, 64 from each.
    for (heavenly, fan, each) in [
        (hupai::Heavenly::Add, 8, 256),
        (hupai::Heavenly::Largest, 6, 64),
    ] {
        rules.scoring.heavenly = heavenly;
        let events = play(rules);
        let win = RoomEvent::Win {
            seat: 0,
            from: None,
            tile: 26,
            fan,
        };
        assert!(events.contains(&win), "{heavenly:?}");
        let got = &paid(&events, Reason::Win)[..3];
        assert_eq!(
            got,
            [(1, 0, each), (2, 0, each), (3, 0, each)],
            "{heavenly:?}"
        );
    }
}

/// A whole game of two hands on given walls, the checks at the wall's end off and no cap:
/// the dealer's 天胡 (6 fans, 64 from each), the hand played on to the wall's end with no
/// other win; the dealer, its first winner, deals again: its closed kong of 1m (2 from each)
/// and 杠上开花 on the replacement 6s (3 fans, 8 from each). The points add up hand after hand:
/// [192, -64, -64, -64], then [222, -74, -74, -74].
#[test]
fn a_whole_game_of_two_hands() {
    let mut rules = SichuanRules {
        end_checks: false,
        ..SichuanRules::default()
    };
    rules.scoring.cap = 0;
    let others = ["2345m678m2345s33s", "2345678m456s778s", "2349m55669s4478s"];
    let heavenly = wall(
        ["123456789m1123s", others[0], others[1], others[2]],
        "1s",
        &[],
        &[],
    );
    let bloom = wall(
        ["1111234567m998s", others[0], others[1], others[2]],
        "7s",
        &[],
        &["6s"],
    );
    let game = RoomGame::with_walls(rules, 0, &[&heavenly, &bloom]).unwrap();
    let kong = RoomAction::closed_kong("1m".parse().unwrap());
    let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
        let legal = g.legal(seat);
        if legal.contains(RoomAction::void(1)) {
            return Some(RoomAction::void(1));
        }
        [kong, RoomAction::WIN]
            .into_iter()
            .find(|&a| seat == 0 && legal.contains(a))
    };
    let events = drive(game, rules, &mut script);
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0]);
    assert_eq!(points, [[192, -64, -64, -64], [222, -74, -74, -74]]);
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
}

/// 换三张 (docs/SCORING.md, "Sichuan at the table"): each seat picks three tiles of one suit it
/// holds three of, one at a time, all at once; they go the rules' way (across here; by the
/// dice, the dealer's fourteenth a 9s, to the previous seat), then the void suits are
/// declared. The dealer passes its fourteenth (9s) and gets 2p3p4p:
/// its hand is whole, a 天胡 on the last tile it got (4p). A pick of a suit held twice, or a
/// second pick of another suit, is refused; to the next and the previous seat the tiles go
/// one and three seats on.
#[test]
fn the_exchange_passes_three_tiles_of_a_suit_the_way_the_rules_say() {
    let w = wall(
        [
            "123456789m11p78s",
            "555666777888p9p",
            "234p123456789s1s",
            "1122334455667s",
        ],
        "9s",
        &[],
        &[],
    );
    let picks: [[&str; 3]; 4] = [
        ["9s", "8s", "7s"],
        ["5p", "5p", "5p"],
        ["2p", "3p", "4p"],
        ["1s", "1s", "2s"],
    ];
    let kind = |t: &str| t.parse::<hupai::Tile>().unwrap();
    for (exchange, shift) in [
        (Exchange::Across, 2u8),
        (Exchange::Dice, 3),
        (Exchange::Next, 1),
        (Exchange::Previous, 3),
    ] {
        let rules = SichuanRules {
            hands: 1,
            exchange,
            ..SichuanRules::default()
        };
        let mut game = RoomGame::at_hand(rules, 0, &w).unwrap();
        // The dealer holds two p: no p first; m and s it may pass.
        assert!(!game.legal(0).contains(RoomAction::discard(kind("1p"))));
        assert!(game.legal(0).contains(RoomAction::discard(kind("1m"))));
        assert_eq!(game.legal(1).len(), 5, "seat 1: 5p … 9p");
        for round in 0..3 {
            if round == 1 {
                // After 9s only s.
                assert!(game.step(0, RoomAction::discard(kind("1m"))).is_err());
            }
            for (seat, three) in (0..4u8).zip(&picks) {
                game.step(seat, RoomAction::discard(kind(three[round])))
                    .unwrap();
            }
        }
        let given: Vec<[u8; 3]> = picks
            .iter()
            .map(|p| p.map(|t| kind(t).index() as u8))
            .collect();
        let told = game
            .events()
            .iter()
            .find_map(|e| match e {
                RoomEvent::Exchange { shift, given } => Some((*shift, given.to_vec())),
                _ => None,
            })
            .unwrap();
        assert_eq!(told, (shift, given.clone()), "{exchange:?}");
        for (s, g) in given.iter().enumerate() {
            let to = (s + shift as usize) % 4;
            assert_eq!(game.passing(s as u8), &g[..]);
            for &k in g {
                assert!(
                    game.hand(to as u8)[k as usize] > 0,
                    "{exchange:?}: {k} to {to}"
                );
            }
        }
        assert_eq!(game.hand(0).iter().sum::<u8>(), 14);
        assert!(game.legal(0).contains(RoomAction::void(2)));
        if shift != 2 {
            continue;
        }
        let mut script = |g: &RoomGame, seat: u8| -> Option<RoomAction> {
            let legal = g.legal(seat);
            if legal.contains(RoomAction::void(2)) && seat == 0 {
                return Some(RoomAction::void(2));
            }
            Some(RoomAction::WIN).filter(|&a| seat == 0 && legal.contains(a))
        };
        let events = drive(game, rules, &mut script);
        let win = events.iter().find_map(|e| match *e {
            RoomEvent::Win {
                seat, from, tile, ..
            } => Some((seat, from, tile)),
            _ => None,
        });
        assert_eq!(
            win,
            Some((0, None, kind("4p").index() as u8)),
            "{exchange:?}"
        );
    }
}
