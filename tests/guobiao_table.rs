//! Guobiao (Chinese Official, MCR) at the table (`hupai::game::room`), checked against a
//! literal reference kept beside each game: every hand rebuilt from the events alone, the 136
//! tiles counted at every step, every seat's options on a discard (chi of the seat before
//! alone, pon, kong, a win) and on its draw (a win) found again from the hands, and every
//! payment read against the room's rules as docs/SCORING.md ("Guobiao at the table") writes
//! them — a win of at least the minimum fans (the scorer's fans for the reference's own hand,
//! with the round and seat winds, 和绝张 from the tiles in sight, the wall's last tile, a kong's
//! tile), `base + fans` from the discarder and `base` from each other seat, `base + fans` from
//! each on a self-draw, one winner on a discard unless the switch says, the next dealer — over
//! random games under several switch sets (100,000 in the ignored pass) and hands written by
//! hand.

use hupai::game::room::{GuobiaoRules, NextDealer, Reason, RoomAction, RoomEvent, RoomGame};
use hupai::{Engine, Rules, Tile, TileSet};
use reference::{kong_then_win, one_hand, pass_all, wall, Reference, KONG_HANDS};
use rooms::{last_scores, paid, win_when_offered};

#[path = "rooms/guobiao.rs"]
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// What a run met.
#[derive(Clone, Copy, Debug, Default)]
struct Met {
    steps: u64,
    wins: u64,
    pays: u64,
    /// Wins counted 和绝张.
    last_copies: u64,
    /// Wins with flowers counted.
    flowered_wins: u64,
    /// Hands drawn while a flower waited for its replacement.
    ran_out: u64,
}

impl std::ops::Add for Met {
    type Output = Met;
    fn add(self, o: Met) -> Met {
        Met {
            steps: self.steps + o.steps,
            wins: self.wins + o.wins,
            pays: self.pays + o.pays,
            last_copies: self.last_copies + o.last_copies,
            flowered_wins: self.flowered_wins + o.flowered_wins,
            ran_out: self.ran_out + o.ran_out,
        }
    }
}

/// Plays `games` games under `rules`, the reference beside each step.
fn play_random(games: u64, rules: GuobiaoRules) -> Met {
    let engine = Engine::new(Rules::guobiao());
    let mut met = Met::default();
    let tiles = 136 + 8 * u32::from(rules.flowers);
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| {
            r.read(e, &rules);
            if matches!(e, RoomEvent::EndGame { .. }) {
                met.last_copies += r.last_copies;
                met.flowered_wins += r.flowered_wins;
                met.ran_out += r.ran_out;
            }
        },
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.seen.hands[s as usize], "game {g}");
                assert_eq!(game.flowers(s), r.flowers[s as usize], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left()), tiles, "game {g}");
            game.to_act()
                .iter()
                .for_each(|s| r.check_options(game, s, &rules));
        },
        |game, seat, pick| rooms::greedy(game, seat, pick, &engine, 1, TileSet::EMPTY),
    );
    Met {
        steps: run.steps,
        wins: run.wins,
        pays: run.pays,
        ..met
    }
}

/// The switch sets the random games play: the default, and two that change every payment
/// (and play the flowers).
fn switch_sets() -> [GuobiaoRules; 3] {
    let d = GuobiaoRules::default();
    [
        d,
        GuobiaoRules {
            minimum: 0,
            base: 5,
            stake: 3,
            multiple_wins: true,
            next_dealer: NextDealer::Feeder,
            hands: 6,
            flowers: true,
        },
        GuobiaoRules {
            minimum: 12,
            base: 0,
            flowers: true,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    for rules in switch_sets() {
        let met = play_random(60, rules);
        eprintln!("{met:?}");
        assert!(
            met.steps > 10_000 && met.wins > 60 && met.pays > 100,
            "{met:?}"
        );
        assert_eq!(met.flowered_wins > 0, rules.flowers, "{met:?}");
    }
}

/// Every combination of the switches that change a payment or a win: the minimum 0, 8 or 16
/// (3), the base 0 or 8 (2), one winner or several on a discard (2), the stake 1 or 3 (2),
/// the flowers or none (2) — 48 sets, who deals next taking turns.
fn every_switch_set() -> Vec<GuobiaoRules> {
    let d = GuobiaoRules::default();
    (0..48u32)
        .map(|i| GuobiaoRules {
            minimum: [0, 8, 16][(i / 8 % 3) as usize],
            base: if i & 1 == 1 { 0 } else { 8 },
            multiple_wins: i & 2 == 2,
            stake: if i & 4 == 4 { 3 } else { 1 },
            flowers: i >= 24,
            next_dealer: rooms::dealer_rule(i as usize),
            ..d
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n = rooms::property_games();
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let met = rooms::over_sets(&sets, |rules| play_random(each, rules))
        .into_iter()
        .fold(Met::default(), |a, b| a + b);
    eprintln!(
        "{} games over {} switch sets: {met:?}",
        each * sets.len() as u64,
        sets.len(),
    );
    assert!(met.flowered_wins > 0, "{met:?}");
}

fn t(text: &str) -> Tile {
    text.parse().unwrap()
}

/// The dealer's fourteenth completes 一气化龙 in 万 with a 中 pung and a lone 东: 清龙 16,
/// 混一色 6, 箭刻 2, 不求人 4 (it takes 自摸's place), 单钓将 1 — 29 fans, `8 + 29` from each.
#[test]
fn a_self_drawn_win_is_paid_base_and_fans_by_each() {
    let w = wall(
        [
            "123456789m555z1z",
            "1133557799p246s",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut win_when_offered);
    let fan = rooms::win_fan(&events, 0);
    assert_eq!(fan, Some(29));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 37), (2, 0, 37), (3, 0, 37)]
    );
    assert_eq!(last_scores(&events), [111, -37, -37, -37]);
}

/// The dealer discards the 1z its neighbour waits on (the same 29-fan hand but 门前清 2 for
/// 不求人 and no 自摸): the discarder pays `8 + 27`, the two others 8 each.
#[test]
fn a_discard_is_paid_base_and_fans_by_the_discarder_and_base_by_the_others() {
    let w = wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        if seat == 0 && game.legal(0).contains(RoomAction::discard(t("1z"))) {
            return Some(RoomAction::discard(t("1z")));
        }
        win_when_offered(game, seat)
    });
    let fan = rooms::win_fan(&events, 1);
    assert_eq!(fan, Some(27));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 35), (2, 1, 8), (3, 1, 8)]
    );
    assert_eq!(last_scores(&events), [-35, 51, -8, -8]);
}

/// A whole hand that wins with fewer than 8 fans (平和 2 — it is not counted with 无字 —,
/// 门前清 2: 4; the hand waits on 2p and 5p, no single wait) is not offered on the discard;
/// with a minimum of 0 it is, and pays `8 + 4`.
#[test]
fn a_win_below_the_minimum_is_not_offered() {
    let w = wall(
        [
            "1133557799m2z4z6z",
            "123m345p567s678s5p",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "5p",
        &[],
    );
    let offered = |rules: GuobiaoRules| {
        let mut seen = false;
        let events = one_hand(rules, &w, &mut |game, seat| {
            if seat == 0 && game.to_act().contains(0) && game.hand(0)[t("5p").index()] > 0 {
                return Some(RoomAction::discard(t("5p")));
            }
            seen |= seat == 1 && game.legal(1).contains(RoomAction::WIN);
            win_when_offered(game, seat)
        });
        (seen, paid(&events, Reason::Win))
    };
    let (seen, pays) = offered(GuobiaoRules::default());
    assert!(!seen && pays.is_empty(), "{pays:?}");
    let (seen, pays) = offered(GuobiaoRules {
        minimum: 0,
        ..GuobiaoRules::default()
    });
    assert!(seen);
    assert_eq!(pays, vec![(0, 1, 12), (2, 1, 8), (3, 1, 8)]);
}

/// Seats 1 and 3 both wait on the 1z the dealer discards: 截和 gives it to seat 1, the first
/// after the discarder; with `multiple_wins` both are paid (each `8 + fans` by the dealer,
/// `8` by the seat that did not win, and 8 by the other winner).
#[test]
fn one_winner_on_a_discard_unless_the_switch_says() {
    let w = wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "123456789s666z1z",
        ],
        "1z",
        &[],
    );
    let script = &mut |game: &RoomGame, seat: u8| {
        if seat == 0 && game.legal(0).contains(RoomAction::discard(t("1z"))) {
            return Some(RoomAction::discard(t("1z")));
        }
        win_when_offered(game, seat)
    };
    let events = one_hand(GuobiaoRules::default(), &w, script);
    let winners: Vec<u8> = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Win { seat, .. } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(winners, vec![1]);
    let both = GuobiaoRules {
        multiple_wins: true,
        ..GuobiaoRules::default()
    };
    let events = one_hand(both, &w, script);
    let pays = paid(&events, Reason::Win);
    assert_eq!(pays.iter().filter(|p| p.1 == 1).count(), 3);
    assert_eq!(pays.iter().filter(|p| p.1 == 3).count(), 3);
    assert_eq!(last_scores(&events).iter().sum::<i64>(), 0);
}

/// Seat 1 pons the dealer's 5p, draws the last 5p and adds it; seat 3, waiting on 5p (一气化龙
/// and a 嵌张), robs it: the konger pays `8 + fans` (抢杠和 among them), the two others 8.
#[test]
fn a_robbed_kong_is_paid_by_the_konger_and_the_base_by_the_others() {
    let w = wall(
        [
            "2468m9p2468s1357z",
            "55p13579s2244z66z",
            "1188p7p2233s3366z",
            "123456789m46p11z",
        ],
        "5p",
        &["9s", "9s", "9s", "5p"],
    );
    let five_p: Tile = t("5p");
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let legal = game.legal(seat);
        let called = game.melds(1).count() > 0;
        match seat {
            0 if !called && legal.contains(RoomAction::discard(five_p)) => {
                Some(RoomAction::discard(five_p))
            }
            1 if legal.contains(RoomAction::PON) => Some(RoomAction::PON),
            1 if legal.contains(RoomAction::added_kong(five_p)) => {
                Some(RoomAction::added_kong(five_p))
            }
            3 if called => win_when_offered(game, seat),
            _ => None,
        }
    });
    let (from, fan) = events
        .iter()
        .find_map(|e| match *e {
            RoomEvent::Win {
                seat: 3, from, fan, ..
            } => Some((from, fan)),
            _ => None,
        })
        .expect("seat 3 robs the kong");
    assert_eq!(from, Some(1));
    assert!(fan >= 16 + 8, "一气化龙 and 抢杠和: {fan}");
    let each = 8 + i64::from(fan);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 3, each), (0, 3, 8), (2, 3, 8)]
    );
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Kong { .. })));
}

/// The dealer's 5s may be chi'd by seat 1 alone, though seat 2 holds 4s and 6s too; seat 3
/// may pon it.
#[test]
fn only_the_seat_after_the_discarder_may_chi() {
    let w = wall(
        [
            "2468m9p2468s1357z",
            "46s1133p2244z669m",
            "46s1188p7p33s36z5z7z",
            "55s123789m99p1z22z",
        ],
        "5s",
        &[],
    );
    let five_s = RoomAction::discard(t("5s"));
    let mut asked = Vec::new();
    one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        if seat == 0 && asked.is_empty() && game.legal(0).contains(five_s) {
            return Some(five_s);
        }
        if asked.len() < 3 && seat != 0 {
            asked.push((seat, game.legal(seat)));
        }
        Some(RoomAction::PASS).filter(|&p| game.legal(seat).contains(p))
    });
    let chi = |s: u8| {
        asked
            .iter()
            .any(|(q, l)| *q == s && l.contains(RoomAction::chi(1)))
    };
    let pon = |s: u8| {
        asked
            .iter()
            .any(|(q, l)| *q == s && l.contains(RoomAction::PON))
    };
    assert!(chi(1) && !chi(2) && !chi(3), "{asked:?}");
    assert!(pon(3) && !pon(1) && !pon(2), "{asked:?}");
}

/// The dealer konges its four 1m and wins on the replacement, 5z: 杠上开花 8, 不求人 4, 暗杠 2,
/// 幺九刻 1, 单钓将 1 — 16 fans, `8 + 16` from each; the kong pays nothing.
#[test]
fn a_win_on_a_kongs_replacement() {
    let w = rooms::wall(KONG_HANDS, "1m", &[], &["5z"], 136);
    let events = one_hand(GuobiaoRules::default(), &w, &mut kong_then_win);
    let fan = rooms::win_fan(&events, 0);
    assert_eq!(fan, Some(16));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 24), (2, 0, 24), (3, 0, 24)]
    );
}

/// No one wins (every win passed): the wall is drawn to its last tile — 84 draws after the
/// deal — and nothing is paid.
#[test]
fn a_drawn_wall_pays_nothing() {
    let w = wall(KONG_HANDS, "1m", &[]);
    let events = one_hand(GuobiaoRules::default(), &w, &mut pass_all);
    let draws = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Draw { .. }))
        .count();
    assert_eq!(draws, 136 - 52);
    assert!(events
        .iter()
        .all(|e| !matches!(e, RoomEvent::Pay { .. } | RoomEvent::Win { .. })));
    assert_eq!(last_scores(&events), [0; 4]);
}

/// Three 3m discarded, the dealer draws the fourth to finish 一气化龙 on a 边张: 和绝张 among its
/// fans (清龙 16, 箭刻 2, 和绝张 4, 不求人 4, 边张 1, 缺一门 1: 28), `8 + 28` from each. It
/// passes the three discards: it takes its own draw alone.
#[test]
fn the_last_copy_is_read_from_the_tiles_in_sight() {
    let w = wall(
        [
            "12m456789m11p555z",
            "2468p2468s1357z9p",
            "1379p1379s2244z6z",
            "2468m3579s6677z1p",
        ],
        "9s",
        &["3m", "3m", "3m", "3m"],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let own_turn = !game.legal(seat).contains(RoomAction::PASS);
        (seat == 0 && own_turn)
            .then(|| win_when_offered(game, seat))
            .flatten()
    });
    let fan = events.iter().find_map(|e| match *e {
        RoomEvent::Win {
            seat: 0,
            from: None,
            fan,
            ..
        } => Some(fan),
        _ => None,
    });
    assert_eq!(fan, Some(28));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 36), (2, 0, 36), (3, 0, 36)]
    );
}

/// Seat 1 draws its own 5p to the 4-fan hand above: 平和 2 and 不求人 4 (自摸 and 门前清 in it)
/// make 6, under the minimum — not offered; with a minimum of 0, `8 + 6` from each.
#[test]
fn a_self_draw_below_the_minimum_is_not_offered() {
    let w = wall(
        [
            "1133557799m2z4z6z",
            "123m345p567s678s5p",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &["5p"],
    );
    let offered = |rules: GuobiaoRules| {
        let mut seen = false;
        let events = one_hand(rules, &w, &mut |game, seat| {
            seen |= seat == 1 && game.legal(1).contains(RoomAction::WIN);
            win_when_offered(game, seat)
        });
        (seen, paid(&events, Reason::Win))
    };
    let (seen, pays) = offered(GuobiaoRules::default());
    assert!(!seen && pays.is_empty(), "{pays:?}");
    let (seen, pays) = offered(GuobiaoRules {
        minimum: 0,
        ..GuobiaoRules::default()
    });
    assert!(seen);
    assert_eq!(pays, vec![(0, 1, 14), (2, 1, 14), (3, 1, 14)]);
}

/// A whole game of two hands on given walls: the dealer's self-drawn 29 fans above, then the
/// deal passes (every hand) and the discard hand above is played with seat 1 dealing: seat 1
/// deals in the 1z, seat 2 wins (27 fans: 35 from seat 1, 8 from each other). The points add
/// up hand after hand.
#[test]
fn a_whole_game_passes_the_deal_every_hand() {
    let self_drawn = wall(
        [
            "123456789m555z1z",
            "1133557799p246s",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let discard = wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let rules = GuobiaoRules {
        hands: 2,
        ..GuobiaoRules::default()
    };
    let game = RoomGame::with_walls(rules, 0, &[&self_drawn, &discard]).unwrap();
    let mut reference = Reference::default();
    let one_z = RoomAction::discard(t("1z"));
    let events = rooms::drive(
        game,
        &mut |e| reference.read(e, &rules),
        &mut |game, seat| {
            win_when_offered(game, seat)
                .or_else(|| (seat == 1 && game.legal(1).contains(one_z)).then_some(one_z))
        },
    );
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 1]);
    assert_eq!(points, [[111, -37, -37, -37], [103, -72, 14, -45]]);
}
