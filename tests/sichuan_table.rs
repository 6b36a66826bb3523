//! Sichuan 血战到底 at the table (`hupai::game::room`), checked against a literal
//! reference kept beside each game: every hand rebuilt from the events alone, the 108 tiles
//! counted at every step, and every payment read against the room's rules as docs/SCORING.md
//! ("Sichuan at the table") writes them — a win paid by its discarder or by each seat still
//! in, the kongs (2 stakes a closed kong from each seat still in, 2 from a kong's discarder, 1
//! from each for an added one), 查花猪, 查大叫 and 退税 at the wall's end — over random games
//! (100,000 in the ignored pass) and hands written by hand.

use hupai::game::room::{Reason, RoomAction, RoomActionKind, RoomEvent, RoomGame, SichuanRules};
use hupai::game::RandomAgent;
use rooms::paid;

#[path = "rooms/sichuan.rs"]
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;
use hupai::{Engine, Rules, TileSet};
use reference::Reference;

/// A seat's choice: seats 0 and 1 random, seats 2 and 3 for efficiency (every win taken,
/// every pon and kong, the discard that leaves the hand nearest a win); so wins of every kind
/// come often enough to check.
fn choose(
    game: &RoomGame,
    seat: u8,
    efficient: bool,
    pick: &mut RandomAgent,
    engine: &Engine,
) -> RoomAction {
    let legal = game.legal(seat);
    let n = (pick.next_u64() % legal.len() as u64) as usize;
    if !efficient {
        return legal.nth(n).unwrap();
    }
    let held = game.hand(seat);
    if legal.contains(RoomAction::void(0)) {
        let fewest =
            (0..3u8).min_by_key(|&s| held[9 * s as usize..9 * s as usize + 9].iter().sum::<u8>());
        return RoomAction::void(fewest.unwrap());
    }
    for a in [RoomAction::WIN, RoomAction::KONG, RoomAction::PON] {
        if legal.contains(a) {
            return a;
        }
    }
    let best = legal
        .iter()
        .filter_map(|a| match a.kind() {
            RoomActionKind::Discard(t) => {
                let mut c = *held;
                c[t.index()] -= 1;
                // Each pon or kong as three of its kind: a set, so the shanten of 14 tiles.
                game.melds(seat).for_each(|(_, k)| c[k.index()] += 3);
                // Tiles of the void suit count as far from any win.
                let void = game.void(seat).unwrap_or(3) as usize;
                let left = (0..27)
                    .filter(|&k| k / 9 == void)
                    .map(|k| c[k] as i32)
                    .sum::<i32>();
                let sh = engine.shanten_counts(&c, TileSet::EMPTY).unwrap_or(8) as i32;
                Some((sh + 2 * left, a))
            }
            _ => None,
        })
        .min_by_key(|&(v, _)| v);
    best.map_or(legal.nth(n).unwrap(), |(_, a)| a)
}

/// Plays `games` games under `rules` (two random seats, two efficient), the reference beside
/// each step: the steps, wins and payments, and the payments by reason.
fn play_random(games: u64, rules: SichuanRules) -> (u64, u64, u64, Vec<Reason>) {
    let engine = Engine::new(Rules::sichuan());
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| r.read(e, &rules),
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(&game.hand(s)[..27], &r.hands[s as usize][..], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left()), 108, "game {g}");
        },
        |game, seat, pick| choose(game, seat, seat >= 2, pick, &engine),
    );
    (run.steps, run.wins, run.pays, run.reasons)
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    let (steps, wins, pays, mut reasons) = play_random(300, SichuanRules::default());
    eprintln!("{steps} steps, {wins} wins, {pays} payments");
    assert!(
        steps > 50_000 && wins > 300 && pays > 2_000,
        "{steps} {wins} {pays}"
    );
    let other = SichuanRules {
        call_transfer: true,
        stake: 5,
        flower_pig: 5,
        next_dealer: hupai::game::room::NextDealer::Rotate,
        ..SichuanRules::default()
    };
    reasons.extend(play_random(100, other).3);
    // Every reason a payment has was met (and checked).
    for r in [
        Reason::Win,
        Reason::ClosedKong,
        Reason::Kong,
        Reason::AddedKong,
        Reason::Transfer,
        Reason::FlowerPig,
        Reason::NotReady,
        Reason::Refund,
    ] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment: the cap 3 or none (2), the
/// self-draw's stake or else a fan (2; nothing, 自摸不加倍, taking turns with the fan), the checks at the wall's end on or off (2), 呼叫转移 off or on
/// (2), a 花猪 paying 3 or 5 fans (2), 查大叫 paying the best wait or the most (2) — 64 sets,
/// the stake 1 or 3 and who deals next taking turns.
fn every_switch_set() -> Vec<SichuanRules> {
    let d = SichuanRules::default();
    (0..64u32)
        .map(|i| {
            let bit = |b: u32| i >> b & 1 == 1;
            let mut r = SichuanRules {
                end_checks: !bit(2),
                call_transfer: bit(3),
                flower_pig: if bit(4) { 5 } else { 3 },
                not_ready: if bit(5) {
                    hupai::game::room::NotReadyPays::Most
                } else {
                    hupai::game::room::NotReadyPays::BestWait
                },
                stake: if i % 3 == 1 { 3 } else { 1 },
                next_dealer: if i % 5 == 0 {
                    hupai::game::room::NextDealer::Rotate
                } else {
                    hupai::game::room::NextDealer::FirstWinner
                },
                ..d
            };
            r.scoring.cap = if bit(0) { 0 } else { 3 };
            // 天胡 / 地胡 added or the largest basic hand, taking turns (they are rare).
            r.scoring.heavenly = match i % 4 {
                2 => hupai::Heavenly::Largest,
                _ => hupai::Heavenly::Add,
            };
            r.scoring.self_draw = match (bit(1), i % 3) {
                (true, _) => hupai::SelfDraw::Stake,
                (false, 0) => hupai::SelfDraw::Nothing,
                (false, _) => hupai::SelfDraw::Fan,
            };
            r
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n: u64 = std::env::var("HUPAI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let sets = every_switch_set();
    let (each, count) = (n.div_ceil(sets.len() as u64), sets.len());
    let (mut steps, mut wins, mut pays) = (0, 0, 0);
    for run in rooms::over_sets(&sets, |rules| play_random(each, rules)) {
        (steps, wins, pays) = (steps + run.0, wins + run.1, pays + run.2);
    }
    eprintln!(
        "{} games over {count} switch sets: {steps} steps, {wins} wins, {pays} payments",
        each * count as u64
    );
}

#[test]
fn actions_name_themselves_and_unknown_ones_are_refused() {
    for i in 0..=255u8 {
        match RoomAction::from_index(i) {
            Some(a) => {
                assert_eq!(a.index(), i);
                assert!(!a.to_string().is_empty());
                if let RoomActionKind::Discard(t) = a.kind() {
                    assert_eq!(RoomAction::discard(t), a);
                }
            }
            None => assert!(i as usize >= hupai::game::room::ROOM_ACTIONS),
        }
    }
}

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
