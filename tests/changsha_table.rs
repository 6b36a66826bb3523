//! 长沙麻将 at the table (`hupai::game::room`), checked against a literal reference kept
//! beside each game: every hand rebuilt from the events alone, the 108 tiles counted at every
//! step (the birds too), and every payment read against the room's rules as docs/SCORING.md
//! ("Changsha at the table") writes them — chi only of the discard of the seat before, the
//! starting hand's small wins (四喜, 板板胡, 缺一色, 六六顺) found and paid at the deal, a win's
//! flags read from the moment, the birds each naming the seat its rank counts to from the
//! winner (from the discarder when several win on one discard), each payer paying the win's
//! price with the dealer's extra and the hits on the two of them, no kong paid, the next
//! dealer — over random games under several switch sets (100,000 in the ignored pass) and
//! hands written by hand.

use hupai::game::room::{
    BirdPay, ChangshaRules, NextDealer, Reason, RoomAction, RoomEvent, RoomGame,
};
use hupai::{Engine, Rules, Tile, TileSet};
use reference::Reference;
use rooms::{last_scores, paid};

#[path = "rooms/changsha.rs"]
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// What a run met: steps, wins, payments, the payments' reasons, kongs opened (开杠) and
/// wins on their tiles.
type Met = (u64, u64, u64, Vec<Reason>, u64, u64);

/// Plays `games` games under `rules`, the reference beside each step.
fn play_random(games: u64, rules: ChangshaRules) -> Met {
    let engine = Engine::new(Rules::changsha());
    let (mut opened, mut opened_wins) = (0, 0);
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| {
            r.read(e, &rules);
            if matches!(e, RoomEvent::EndGame { .. }) {
                (opened, opened_wins) = (opened + r.opened_kongs, opened_wins + r.opened_wins);
            }
        },
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.seen.hands[s as usize], "game {g}");
            }
            let reserve = if r.bird_draw.is_some() {
                0
            } else {
                rules.birds.min(8)
            };
            assert_eq!(r.tiles(game.tiles_left(), reserve), 108, "game {g}");
            // 开杠 offered after a kong exactly when the rules say (the konger ready).
            if let Some((s, open)) = r.offer.take() {
                let legal = game.legal(s);
                assert_eq!(
                    legal.contains(RoomAction::OPEN_KONG),
                    open,
                    "game {g}: {legal:?}"
                );
                assert!(!open || legal.len() == 2, "game {g}: {legal:?}");
            }
            for s in game.to_act().iter() {
                let legal = game.legal(s);
                assert!(!legal.contains(RoomAction::OPEN_KONG) || legal.len() == 2);
            }
        },
        |game, seat, pick| rooms::greedy(game, seat, pick, &engine, 2, TileSet::EMPTY),
    );
    (
        run.steps,
        run.wins,
        run.pays,
        run.reasons,
        opened,
        opened_wins,
    )
}

/// The switch sets the random games play: the default, and three that change every payment.
fn switch_sets() -> [ChangshaRules; 4] {
    let d = ChangshaRules::default();
    [
        d,
        ChangshaRules {
            bird_pay: BirdPay::Add,
            birds: 6,
            dealer_extra: 0,
            stake: 3,
            cap: 2,
            next_dealer: NextDealer::Rotate,
            opening_wins: false,
            sea_bottom: false,
            ..d
        },
        ChangshaRules {
            birds: 0,
            dealer_extra: 2,
            open_kong: true,
            ..d
        },
        // C4's reading: the birds raise the price, the dealer's extra added after.
        ChangshaRules {
            birds: 4,
            dealer_extra: 2,
            birds_on_extra: false,
            open_kong: true,
            next_dealer: NextDealer::Feeder,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    let mut reasons = Vec::new();
    for rules in switch_sets() {
        let (steps, wins, pays, r, opened, opened_wins) = play_random(150, rules);
        eprintln!("{steps} steps, {wins} wins, {pays} payments, {opened} kongs opened ({opened_wins} won on)");
        assert!(
            steps > 10_000 && wins > 150 && pays > 300,
            "{steps} {wins} {pays}"
        );
        assert_eq!(opened > 0, rules.open_kong, "{opened} kongs opened");
        reasons.extend(r);
    }
    for r in [Reason::Win, Reason::Opening] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment: how birds pay (2), 0, 2 or 6
/// birds (3), the dealer's extra 0 or 1 (2), the starting hands paid or not (2), the cap none
/// or 2 (2), the birds on the dealer's extra or not (2) — 96 sets, the stake 1 or 3, who
/// deals next, 要海底 and 开杠 taking turns.
fn every_switch_set() -> Vec<ChangshaRules> {
    let d = ChangshaRules::default();
    (0..96u32)
        .map(|i| {
            let bit = |b: u32| i >> b & 1 == 1;
            ChangshaRules {
                bird_pay: if bit(0) {
                    BirdPay::Add
                } else {
                    BirdPay::Multiply
                },
                dealer_extra: u8::from(bit(1)),
                opening_wins: bit(2),
                cap: if bit(3) { 2 } else { 0 },
                birds: [0, 2, 6][(i / 16 % 3) as usize],
                // C1's birds on the dealer's extra, or C4's extra after them.
                birds_on_extra: i < 48,
                stake: 1 + 2 * (i % 3 == 1) as u32,
                next_dealer: rooms::dealer_rule(i as usize),
                // 要海底 on, off every fourth set (it moves the last tile and the dealer).
                sea_bottom: i % 4 != 3,
                // 开杠 in two sets of three.
                open_kong: i % 3 != 0,
                ..d
            }
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n = rooms::property_games();
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let (mut steps, mut wins, mut pays, mut opened, mut opened_wins) = (0, 0, 0, 0, 0);
    for run in rooms::over_sets(&sets, |rules| play_random(each, rules)) {
        (steps, wins, pays) = (steps + run.0, wins + run.1, pays + run.2);
        (opened, opened_wins) = (opened + run.4, opened_wins + run.5);
    }
    eprintln!(
        "{} games over {} switch sets: {steps} steps, {wins} wins, {pays} payments, \
         {opened} kongs opened ({opened_wins} wins on their tiles)",
        each * sets.len() as u64,
        sets.len()
    );
    assert!(opened > 0 && opened_wins > 0);
}

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, &[], 108)
}

/// One hand, the starting hands' small wins off (the hands below are not built for them)
/// unless a test turns them on.
fn one_hand(birds: u8) -> ChangshaRules {
    ChangshaRules {
        hands: 1,
        birds,
        opening_wins: false,
        ..ChangshaRules::default()
    }
}

/// Plays the hand on `w`, the reference reading every event; `winners` take a win offered.
fn events_of(rules: ChangshaRules, w: &[u8], winners: &[u8]) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    rooms::drive(
        RoomGame::at_hand(rules, 0, w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            (winners.contains(&seat) && g.legal(seat).contains(RoomAction::WIN))
                .then_some(RoomAction::WIN)
        },
    )
}

fn bird_hits(events: &[RoomEvent]) -> Vec<(u8, [u8; 4])> {
    events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Birds { seat, on, .. } => Some((seat, on)),
            _ => None,
        })
        .collect()
}

/// The wall of a self-draw: seat 1 (234m 345p 456s 678s 5p) draws its 5p on its second draw,
/// after 4p, 9s, 1m, 2m and 8s are thrown; then the birds 1s and 3m.
fn self_draw_wall() -> Vec<u8> {
    wall(
        [
            "111m99p33s67s77p4m2p",
            "234m345p456s678s5p",
            "555666789m11p22s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "4p",
        &["9s", "1m", "2m", "8s", "5p", "1s", "3m"],
    )
}

/// Seat 1 self-draws 5p on its second draw (a 5p pair: a small win, 2 from each). Two birds
/// counted from it: 1s (rank 1, the winner) and 3m (rank 3, across: seat 3). The dealer pays
/// its extra: (2 + 1) × (1 + 1 hit) = 6; seat 2 pays 2 × (1 + 1) = 4; seat 3, hit too, 2 × 3.
#[test]
fn a_small_self_draw_pays_two_the_dealers_extra_and_the_birds() {
    let w = self_draw_wall();
    let events = events_of(one_hand(2), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: None,
        tile: 13,
        fan: 0
    }));
    assert_eq!(bird_hits(&events), [(1, [0, 1, 0, 1])]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 1, 6), (2, 1, 4), (3, 1, 6)]
    );
    assert_eq!(last_scores(&events), [-6, 16, -4, -6]);
}

/// The wall of 碰碰胡 on a discard: seat 1 (111m 222p 333s 444s 9m) wins the dealer's first
/// discard, 9m; then the birds 5m, 2p and 4s.
fn all_pungs_wall() -> Vec<u8> {
    wall(
        [
            "567m34p678p567s88s",
            "111m222p333s444s9m",
            "34678m99p5p12679s",
            "234m1345678p99s5s",
        ],
        "9m",
        &["5m", "2p", "4s"],
    )
}

/// Seat 1 wins the dealer's first discard, 9m, for 碰碰胡 (a big win: any pair, 6). Three
/// birds from the winner: 5m (rank 5: the winner), 2p (rank 2: seat 2, who pays nothing, no
/// hit), 4s (rank 4: the seat before, the discarder). The dealer pays (6 + 1) × (1 + 2) = 21.
#[test]
fn all_pungs_on_a_discard_is_paid_by_the_discarder_with_the_hits_of_the_two() {
    let w = all_pungs_wall();
    let events = events_of(one_hand(3), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: Some(0),
        tile: 8,
        fan: 1
    }));
    assert_eq!(bird_hits(&events), [(1, [1, 1, 0, 0])]);
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 21)]);
    assert_eq!(last_scores(&events), [-21, 21, 0, 0]);
}

/// A small win needs its pair of 2, 5 or 8: seat 1, waiting on 3p for a 3p pair, is offered
/// no win on the dealer's 3p; the hand plays on to a drawn wall, no one paid.
#[test]
fn a_small_win_needs_a_pair_of_two_five_or_eight() {
    let w = wall(
        [
            "111m99p33s67s77p4m2p",
            "234m345p456s678s3p",
            "555666789m11p22s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "3p",
        &[],
    );
    let (mut asked, mut offered) = (false, false);
    let rules = one_hand(2);
    let mut reference = Reference::default();
    let events = rooms::drive(
        RoomGame::at_hand(rules, 0, &w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            let first_claim = g.tiles_left() == 108 - 53 - 2;
            if seat == 1 && first_claim {
                // Asked: it may pon the 3p (a pair of it held).
                asked = true;
                offered |= g.legal(1).contains(RoomAction::WIN);
            }
            None
        },
    );
    assert!(asked, "seat 1 was asked about the 3p");
    assert!(!offered, "a win with a 3p pair offered");
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Win { .. })));
    assert_eq!(last_scores(&events), [0; 4]);
}

/// Chi is the next seat's alone: the dealer's 5s is offered to seat 1 (4s 6s held: the
/// middle) as a chi, not to seat 2 (4s 6s held too); seat 1 takes it and discards.
#[test]
fn only_the_next_seat_may_chi() {
    let w = wall(
        [
            "111m99p33s78s77p4m2p",
            "234m345p46s678s59p",
            "55566679m11p246s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "5s",
        &[],
    );
    let rules = one_hand(2);
    let mut reference = Reference::default();
    let mut offers = Vec::new();
    let events = rooms::drive(
        RoomGame::at_hand(rules, 0, &w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            let chi = RoomAction::chi(1);
            if g.tiles_left() == 108 - 53 - 2 && seat > 0 {
                offers.push((seat, g.legal(seat).contains(chi)));
            }
            (seat == 1 && g.legal(1).contains(chi)).then_some(chi)
        },
    );
    assert_eq!(offers.first(), Some(&(1, true)));
    assert!(!offers.contains(&(2, true)));
    assert!(events.contains(&RoomEvent::Chi {
        seat: 1,
        from: 0,
        tile: 22,
        low: 21
    }));
}

/// The starting hands' small wins: seat 2 is dealt two pungs (111m, 333p: 六六顺) and no 2,
/// 5 or 8 (板板胡) — two small wins, each a self-drawn small win's 2: 4 from each, the dealer
/// 5 with its extra. The other hands hold every suit, a 2, 5 or 8, no pungs: none.
#[test]
fn the_starting_hands_small_wins_are_paid_at_the_deal() {
    let w = wall(
        [
            "258m258p258s7p7s6m9s",
            "258m258p258s7m6p9p1p",
            "111m333p469m1346s",
            "234m246p235789s1p",
        ],
        "4p",
        &[],
    );
    let rules = ChangshaRules {
        opening_wins: true,
        ..one_hand(2)
    };
    let events = events_of(rules, &w, &[]);
    let shown: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Opening { .. }))
        .collect();
    assert_eq!(
        shown,
        [&RoomEvent::Opening {
            seat: 2,
            wins: [0, 1, 0, 1]
        }]
    );
    assert_eq!(
        paid(&events, Reason::Opening),
        [(0, 2, 5), (1, 2, 4), (3, 2, 4)]
    );
    assert_eq!(last_scores(&events), [-5, -4, 13, -4]);
}

/// Two win on the dealer's 5p (seat 1 on its 5p pair, seat 2 on 34p with an 8s pair): one
/// draw of birds, counted from the discarder — 1p (rank 1: the dealer), 2s (rank 2: seat 1).
/// Seat 1: (1 + 1) × (1 + 2 hits) = 6; seat 2: (1 + 1) × (1 + 1) = 4.
#[test]
fn two_winners_on_one_discard_count_the_birds_from_the_discarder() {
    let w = wall(
        [
            "99m13579s279p446m",
            "234m345p456s678s5p",
            "111678m34p999p88s",
            "357m168p234s778s9s",
        ],
        "5p",
        &["1p", "2s"],
    );
    let events = events_of(one_hand(2), &w, &[1, 2]);
    assert_eq!(bird_hits(&events), [(0, [1, 1, 0, 0])]);
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 6), (0, 2, 4)]);
    assert_eq!(last_scores(&events), [-10, 6, 4, 0]);
}

/// The first hand's self-draw under the other readings: `add` (a stake a hit: the dealer 3 +
/// 1, seat 2 2 + 1, seat 3 2 + 2), and no birds and no 庄闲 (2 from each).
#[test]
fn the_small_self_draw_under_add_and_with_no_birds_nor_dealers_extra() {
    let w = self_draw_wall();
    let add = ChangshaRules {
        bird_pay: BirdPay::Add,
        ..one_hand(2)
    };
    let events = events_of(add, &w, &[1]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 1, 4), (2, 1, 3), (3, 1, 4)]
    );
    let plain = ChangshaRules {
        dealer_extra: 0,
        ..one_hand(0)
    };
    let events = events_of(plain, &w, &[1]);
    assert_eq!(last_scores(&events), [-2, 6, -2, -2]);
}

/// `birds_on_extra` off (C4: "中了谁则谁需要多给一倍原本计算的分数，庄闲分不算入内" — its example
/// 29 = (2 + 6 + 6) × 2 + 1): the birds raise the price alone, the dealer's extra added once
/// after. The small self-draw above: the dealer 2 × 2 + 1 = 5 (6 with the extra raised), the
/// others as before; 碰碰胡 on the dealer's discard: 6 × 3 + 1 = 19 (21).
#[test]
fn the_dealers_extra_outside_the_birds() {
    let c4 = |rules: ChangshaRules| ChangshaRules {
        birds_on_extra: false,
        ..rules
    };
    let events = events_of(c4(one_hand(2)), &self_draw_wall(), &[1]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 1, 5), (2, 1, 4), (3, 1, 6)]
    );
    let w = all_pungs_wall();
    let events = events_of(c4(one_hand(3)), &w, &[1]);
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 19)]);
}

/// The dealer's fourteen tiles are all 万 and win at once: 清一色 and 天胡, two big wins (6
/// each, any pair), 12 from each, and the dealer's extra: 13; no birds.
#[test]
fn a_heavenly_full_flush_pays_two_big_wins_and_the_dealers_extra() {
    let w = wall(
        [
            "1112345678889m",
            "23456789p12345s",
            "1122334455667p",
            "5566778899s234m",
        ],
        "9m",
        &[],
    );
    let events = events_of(one_hand(0), &w, &[0]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 0,
        from: None,
        tile: 8,
        fan: 2
    }));
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 13), (2, 0, 13), (3, 0, 13)]
    );
}

/// Seat 1 wins the dealer's 4p for 七小对 (a big win, 6, from the discarder alone), and the
/// dealer adds its extra: 7; no birds.
#[test]
fn seven_pairs_on_the_dealers_discard() {
    let w = wall(
        [
            "23456789p12345s",
            "1133557799m224p",
            "2468m1133s5577s9s",
            "1p5566p8899p2346m",
        ],
        "4p",
        &[],
    );
    let events = events_of(one_hand(0), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: Some(0),
        tile: 12,
        fan: 1
    }));
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 7)]);
    assert_eq!(last_scores(&events), [-7, 7, 0, 0]);
}

/// 杠上开花: seat 1 throws its first draw (8p), then draws the fourth 2m, makes a closed kong
/// and wins on the replacement 5p: 2222m 345p 456p 678s and a 5s pair — a win (the pair a 5),
/// and 杠上开花 makes it a big win: 6 from each, the dealer 7 with its extra; the kong pays
/// nothing in 长沙, no birds.
#[test]
fn a_kongs_replacement_is_a_big_win() {
    let w = rooms::wall(
        [
            "13579m13579p135s",
            "222m345p678s55s46p",
            "1468m2468p2457s9m",
            "1139m1139p1139s7m",
        ],
        "7s",
        &["8p", "5m", "6m", "2s", "2m"],
        &["5p"],
        108,
    );
    let rules = one_hand(0);
    let mut reference = Reference::default();
    let kong = RoomAction::closed_kong(Tile::from_index(1));
    let events = rooms::drive(
        RoomGame::at_hand(rules, 0, &w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            let legal = g.legal(seat);
            [RoomAction::WIN, kong]
                .into_iter()
                .find(|&a| seat == 1 && legal.contains(a))
        },
    );
    assert!(events.contains(&RoomEvent::Kong {
        seat: 1,
        from: None,
        tile: 1,
        added: false
    }));
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: None,
        tile: 13,
        fan: 1
    }));
    let mut win = paid(&events, Reason::Win);
    win.sort_unstable();
    assert_eq!(win, [(0, 1, 7), (2, 1, 6), (3, 1, 6)]);
    assert!(paid(&events, Reason::ClosedKong).is_empty());
    assert_eq!(last_scores(&events), [-7, 19, -6, -6]);
}

/// A whole game of the two hands above on given walls: the dealer wins the first and deals
/// again; seat 1 wins the second. The points add up hand after hand.
#[test]
fn a_whole_game_of_two_hands() {
    let flush = wall(
        [
            "1112345678889m",
            "23456789p12345s",
            "1122334455667p",
            "5566778899s234m",
        ],
        "9m",
        &[],
    );
    let pairs = wall(
        [
            "23456789p12345s",
            "1133557799m224p",
            "2468m1133s5577s9s",
            "1p5566p8899p2346m",
        ],
        "4p",
        &[],
    );
    let rules = one_hand(0);
    let game = RoomGame::with_walls(rules, 0, &[&flush, &pairs]).unwrap();
    let mut reference = Reference::default();
    let events = rooms::drive(game, &mut |e| reference.read(e, &rules), &mut |g, seat| {
        g.legal(seat)
            .contains(RoomAction::WIN)
            .then_some(RoomAction::WIN)
    });
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0]);
    assert_eq!(points, [[39, -13, -13, -13], [32, -6, -13, -13]]);
}
