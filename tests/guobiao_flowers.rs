//! Guobiao's flowers at the table (the switch `flowers`; docs/SCORING.md, "Guobiao at the
//! table", G1): hands written by hand on walls of 144 tiles, the literal reference of
//! `tests/rooms/guobiao.rs` reading every event beside them — a flower dealt set aside and the
//! seat's tile dealt from the next place, one drawn replaced from the wall's end, a point
//! each on a win beside the fans and apart from the 8-fan minimum, no 杠上开花 on a flower's
//! replacement, the hand drawn when a flower finds the wall empty.

use hupai::game::room::{GuobiaoRules, Reason, Room, RoomAction, RoomEvent, RoomGame};
use hupai::Tile;
use reference::{kong_then_win, one_hand, pass_all, wall, KONG_HANDS};
use rooms::{last_scores, paid, win_when_offered};

#[path = "rooms/guobiao.rs"]
#[allow(dead_code)] // the options and tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

const FLOWERS: GuobiaoRules = GuobiaoRules {
    flowers: true,
    base: 8,
    minimum: 8,
    stake: 1,
    hands: 16,
    next_dealer: hupai::game::room::NextDealer::Rotate,
    multiple_wins: false,
};

/// `w` (136 tiles) with a flower put before each of its places `at` (a place twice, two
/// flowers), the rest of the eight after its 100th tile, or at its end (`at_end`).
fn flowered(w: &[u8], at: &[usize], at_end: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(144);
    for (i, &k) in w.iter().enumerate() {
        out.extend(at.iter().filter(|&&a| a == i).map(|_| Room::FLOWER));
        out.push(k);
    }
    let rest = std::iter::repeat_n(Room::FLOWER, 8 - at.len());
    if at_end {
        out.extend(rest);
    } else {
        out.splice(100..100, rest);
    }
    out
}

fn t(text: &str) -> Tile {
    text.parse().unwrap()
}

fn flowers_of(events: &[RoomEvent]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Flower { seat } => Some(seat),
            _ => None,
        })
        .collect()
}

/// The self-drawn 一气化龙 of `guobiao_table.rs` (29 fans, 37 from each) with two flowers
/// dealt the dealer and one seat 1: told after the deal, each seat's in turn; the dealer's
/// 31 points (29 and its two flowers) take 39 from each.
#[test]
fn the_deals_flowers_are_told_after_it_and_count_a_point_each() {
    let w = flowered(&wall_of_first(), &[0, 0, 1], false);
    let events = one_hand(FLOWERS, &w, &mut win_when_offered);
    assert!(matches!(events[0], RoomEvent::Deal { .. }));
    assert_eq!(flowers_of(&events[1..4]), [0, 0, 1]);
    assert_eq!(
        events[4],
        RoomEvent::Draw {
            seat: 0,
            tile: t("1z").index() as u8
        }
    );
    assert_eq!(rooms::win_fan(&events, 0), Some(31));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 39), (2, 0, 39), (3, 0, 39)]
    );
    assert_eq!(last_scores(&events), [117, -39, -39, -39]);
    // The same hand with no flowers played: 29 fans, 37 from each.
    let plain = one_hand(
        GuobiaoRules::default(),
        &wall_of_first(),
        &mut win_when_offered,
    );
    assert_eq!(rooms::win_fan(&plain, 0), Some(29));
}

fn wall_of_first() -> Vec<u8> {
    wall(
        [
            "123456789m555z1z",
            "1133557799p246s",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    )
}

/// The 4-fan hand of `guobiao_table.rs` (平和 2, 门前清 2) holding four flowers: eight points,
/// but the minimum counts the fans alone — not offered; under a minimum of 0 paid `8 + 4 + 4`
/// by its discarder.
#[test]
fn flowers_do_not_reach_the_minimum() {
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
    let w = flowered(&w, &[1, 1, 1, 1], false);
    let offered = |rules: GuobiaoRules| {
        let mut seen = false;
        let events = one_hand(rules, &w, &mut |game, seat| {
            if seat == 0 && game.to_act().contains(0) && game.hand(0)[t("5p").index()] > 0 {
                return Some(RoomAction::discard(t("5p")));
            }
            seen |= seat == 1 && game.legal(1).contains(RoomAction::WIN);
            win_when_offered(game, seat)
        });
        (seen, paid(&events, Reason::Win), flowers_of(&events))
    };
    let (seen, pays, flowers) = offered(FLOWERS);
    assert_eq!(flowers[..4], [1, 1, 1, 1]);
    assert!(!seen && pays.is_empty(), "{pays:?}");
    let (seen, pays, _) = offered(GuobiaoRules {
        minimum: 0,
        ..FLOWERS
    });
    assert!(seen);
    assert_eq!(pays, vec![(0, 1, 16), (2, 1, 8), (3, 1, 8)]);
}

/// Seat 1 holds the 一气化龙 waiting on 1z and draws a flower: it is set aside and the tile
/// drawn for it comes from the wall's end — the 1z. A self-drawn win (自摸 within 不求人), not
/// 杠上开花: 29 fans and the flower, 38 from each.
#[test]
fn a_flower_drawn_is_replaced_from_the_walls_end() {
    let w = rooms::wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "9s",
        &[],
        &["1z"],
        136,
    );
    // The flower where seat 1 draws first (the 54th place), the rest after the 100th.
    let w = flowered(&w, &[53], false);
    let game = RoomGame::at_hand(FLOWERS, 0, &w).unwrap();
    assert_eq!(game.flowers(1), 0);
    let events = one_hand(FLOWERS, &w, &mut |game, seat| {
        if seat == 0 && game.legal(0).contains(RoomAction::discard(t("9s"))) {
            return Some(RoomAction::discard(t("9s")));
        }
        win_when_offered(game, seat)
    });
    let at = events
        .iter()
        .position(|e| *e == RoomEvent::Flower { seat: 1 })
        .unwrap();
    let one_z = t("1z").index() as u8;
    assert_eq!(
        events[at + 1],
        RoomEvent::Draw {
            seat: 1,
            tile: one_z
        }
    );
    assert_eq!(rooms::win_fan(&events, 1), Some(30));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 38), (2, 1, 38), (3, 1, 38)]
    );
}

/// The closed kong of `guobiao_table.rs` whose replacement is a flower: the 5z is drawn for
/// the flower, so the win is no 杠上开花 — 不求人 4, 暗杠 2, 幺九刻 1, 单钓将 1: 8 fans (the
/// minimum, met without the flower) and the flower, 17 from each where 24 was.
#[test]
fn no_kongs_replacement_win_on_a_flowers_replacement() {
    let w = rooms::wall(KONG_HANDS, "1m", &[], &["5z"], 136);
    // A flower the kong's replacement (the wall's last place, the 5z before it), the rest
    // after the 100th.
    let mut w = w;
    w.splice(100..100, std::iter::repeat_n(Room::FLOWER, 7));
    w.push(Room::FLOWER);
    let events = one_hand(FLOWERS, &w, &mut kong_then_win);
    assert_eq!(flowers_of(&events), [0]);
    assert_eq!(rooms::win_fan(&events, 0), Some(9));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 17), (2, 0, 17), (3, 0, 17)]
    );
}

/// No one wins, the eight flowers the wall's last eight: the draws reach the first of them
/// with 84 drawn, each flower's replacement is the next flower from the end, and the eighth
/// finds the wall empty — the hand is drawn, nothing paid.
#[test]
fn a_flower_that_finds_the_wall_empty_draws_the_hand() {
    let w = wall(KONG_HANDS, "1m", &[]);
    let w = flowered(&w, &[], true);
    let events = one_hand(FLOWERS, &w, &mut pass_all);
    let draws = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Draw { .. }))
        .count();
    assert_eq!(draws, 136 - 52);
    let flowers = flowers_of(&events);
    assert_eq!(flowers.len(), 8);
    assert!(flowers.iter().all(|&s| s == flowers[0]), "{flowers:?}");
    let n = events.len();
    assert!(events[n - 10..n - 2]
        .iter()
        .all(|e| matches!(e, RoomEvent::Flower { .. })));
    assert!(matches!(events[n - 2], RoomEvent::EndHand { .. }));
    assert!(events
        .iter()
        .all(|e| !matches!(e, RoomEvent::Pay { .. } | RoomEvent::Win { .. })));
    assert_eq!(last_scores(&events), [0; 4]);
}

/// A wall given with flowers is refused unless the room plays eight of them.
#[test]
fn a_wall_with_flowers_is_the_rooms_tiles() {
    let w = flowered(&wall_of_first(), &[], false);
    assert!(RoomGame::at_hand(FLOWERS, 0, &w).is_ok());
    assert!(RoomGame::at_hand(GuobiaoRules::default(), 0, &w).is_err());
    assert!(RoomGame::at_hand(FLOWERS, 0, &wall_of_first()).is_err());
    let mut nine = w.clone();
    nine[0] = Room::FLOWER;
    assert!(RoomGame::at_hand(FLOWERS, 0, &nine).is_err());
}
