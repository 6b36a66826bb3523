//! 红中麻将 at the table (`hupai::game::room`), checked against a literal reference kept
//! beside each game: every hand rebuilt from the events alone, the 112 tiles counted at every
//! step (the birds too), and every payment read against the room's rules as docs/SCORING.md
//! ("Hongzhong at the table") writes them — a 红中 never called nor won on, a win on a
//! discard only where the switch lets it, the birds drawn and their hits counted (1, 5, 9 and
//! 红中), a win paid `value + hits × stake` or `value × (1 + hits)` by each other seat, the
//! discarder or the robbed konger (three times under 抢杠全包), the kongs paid as the switch
//! says, 荒庄荒杠 at a drawn wall, the next dealer — over random games under several switch
//! sets (100,000 in the ignored pass) and hands written by hand.

use hupai::game::room::{
    BirdPay, DiscardWins, HongzhongRules, KongPay, NextDealer, Reason, RoomAction, RoomActionKind,
    RoomEvent, RoomGame,
};
use hupai::game::RandomAgent;
use hupai::{Engine, Rules, Tile};
use rooms::{last_scores, paid};

#[path = "rooms/hongzhong.rs"]
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;
use reference::{birds, drive, events_of, Reference};

const RED: usize = 33;

/// Seats 0 and 1 random; seats 2 and 3 take every win, kong and pon, and discard what leaves
/// the hand nearest a win (the 红中 wild).
fn choose(game: &RoomGame, seat: u8, pick: &mut RandomAgent, engine: &Engine) -> RoomAction {
    let legal = game.legal(seat);
    let n = (pick.next_u64() % legal.len() as u64) as usize;
    if seat < 2 {
        return legal.nth(n).unwrap();
    }
    for a in [RoomAction::WIN, RoomAction::KONG, RoomAction::PON] {
        if legal.contains(a) {
            return a;
        }
    }
    let wild = engine.rules().wild;
    legal
        .iter()
        .filter_map(|a| match a.kind() {
            RoomActionKind::Discard(t) => {
                let mut c = *game.hand(seat);
                c[t.index()] -= 1;
                game.melds(seat).for_each(|(_, k)| c[k.index()] += 3);
                // Eight 红中: past four, told as 6z (wild in this engine).
                if c[RED] > 4 {
                    (c[32], c[RED]) = (c[RED] - 4, 4);
                }
                Some((engine.shanten_counts(&c, wild).unwrap_or(8), a))
            }
            _ => None,
        })
        .min_by_key(|&(v, _)| v)
        .map_or(legal.nth(n).unwrap(), |(_, a)| a)
}

/// Plays `games` games under `rules`, the reference beside each step: the steps, wins,
/// payments, and the payments' reasons met.
fn play_random(games: u64, rules: HongzhongRules) -> (u64, u64, u64, Vec<Reason>) {
    let mut wild = Rules::hongzhong().wild;
    if rules.red_dragons == 8 {
        wild.insert(Tile::from_index(32));
    }
    let engine = Engine::new(Rules {
        wild,
        ..Rules::hongzhong()
    });
    let reserve = match rules.one_bird_all {
        true => 1,
        false => rules.birds.saturating_add(rules.no_red_birds).min(8),
    };
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| r.read(e, &rules),
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.hands[s as usize], "game {g}");
            }
            // The win offered on a draw exactly where the scorer reads one (while the seat is
            // in its turn: an added kong it declared waits on the robbers first).
            let turn = |s: u8| game.to_act().contains(s);
            if let Some((s, won)) = r.drawn_win(&rules).filter(|&(s, _)| turn(s)) {
                assert_eq!(game.legal(s).contains(RoomAction::WIN), won, "game {g}");
            }
            let tiles = 108 + u32::from(rules.red_dragons);
            assert_eq!(r.tiles(game.tiles_left(), reserve), tiles, "game {g}");
        },
        |game, seat, pick| choose(game, seat, pick, &engine),
    );
    (run.steps, run.wins, run.pays, run.reasons)
}

/// The switch sets the random games play: the default, and two that change every payment (the
/// first of them with no 七对).
fn switch_sets() -> [HongzhongRules; 4] {
    let d = HongzhongRules::default();
    [
        d,
        HongzhongRules {
            discard_wins: DiscardWins::Any,
            bird_pay: BirdPay::Multiply,
            kongs: KongPay::ONE_EACH,
            draw_refunds_kongs: true,
            one_bird_all: true,
            seven_pairs: false,
            no_red_double: false,
            stake: 3,
            cap: 2,
            next_dealer: NextDealer::Rotate,
            ..d
        },
        HongzhongRules {
            discard_wins: DiscardWins::WithoutRedDragon,
            robbed_pays_all: false,
            four_red_dragons: false,
            birds: 2,
            no_red_birds: 0,
            next_dealer: NextDealer::Feeder,
            ..d
        },
        // 8个红中: 116 tiles, a 红中 kept while another tile is held.
        HongzhongRules {
            red_dragons: 8,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    let mut reasons = Vec::new();
    for rules in switch_sets() {
        let (steps, wins, pays, r) = play_random(150, rules);
        eprintln!("{steps} steps, {wins} wins, {pays} payments");
        assert!(
            steps > 10_000 && wins > 150 && pays > 300,
            "{steps} {wins} {pays}"
        );
        reasons.extend(r);
    }
    for r in [
        Reason::Win,
        Reason::ClosedKong,
        Reason::Kong,
        Reason::AddedKong,
        Reason::Refund,
    ] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment or who may win: which discards
/// win (3), how birds pay (2), a robbed kong paid once or three times (2), 荒庄荒杠 (2), the
/// kongs 3/2/1 or 1/1/1 (2), 四红中 (2), 4+2 or 2+0 birds or 一码全中 (3), 七对可胡 (2) — 576
/// sets, the stake 1 or 3 and the cap none or 2 taking turns.
fn every_switch_set() -> Vec<HongzhongRules> {
    let d = HongzhongRules::default();
    let mut sets = Vec::new();
    for j in 0..576u32 {
        let (i, seven_pairs) = (j % 288, j < 288);
        let bit = |b: u32| i >> b & 1 == 1;
        sets.push(HongzhongRules {
            discard_wins: [
                DiscardWins::Never,
                DiscardWins::Any,
                DiscardWins::WithoutRedDragon,
            ][(i % 3) as usize],
            bird_pay: if bit(2) {
                BirdPay::Multiply
            } else {
                BirdPay::Add
            },
            robbed_pays_all: bit(3),
            draw_refunds_kongs: bit(4),
            kongs: if bit(5) {
                KongPay::ONE_EACH
            } else {
                KongPay::HONGZHONG
            },
            four_red_dragons: bit(6),
            birds: if i / 96 % 3 == 1 { 2 } else { 4 },
            no_red_birds: if i / 96 % 3 == 1 { 0 } else { 2 },
            one_bird_all: i / 96 % 3 == 2,
            stake: if i % 2 == 0 { 1 } else { 3 },
            cap: if i % 5 == 0 { 2 } else { 0 },
            seven_pairs,
            // 无红中加倍 off taking turns.
            no_red_double: i % 7 != 3,
            next_dealer: rooms::dealer_rule(j as usize),
            // Eight 红中 in one set of three.
            red_dragons: if j / 7 % 3 == 1 { 8 } else { 4 },
            ..d
        });
    }
    sets
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n: u64 = std::env::var("HUPAI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let (mut steps, mut wins, mut pays) = (0, 0, 0);
    for run in rooms::over_sets(&sets, |rules| play_random(each, rules)) {
        (steps, wins, pays) = (steps + run.0, wins + run.1, pays + run.2);
    }
    eprintln!(
        "{} games over {} switch sets: {steps} steps, {wins} wins, {pays} payments",
        each * sets.len() as u64,
        sets.len()
    );
}

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
