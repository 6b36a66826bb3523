//! 红中麻将 with eight 红中 (`red_dragons` 8; docs/SCORING.md, "Hongzhong at the table"):
//! 116 tiles, a hand holding five to eight 红中 wins as the wildcards it holds, a 红中 kept
//! while the hand holds another tile — hands written by hand, the literal reference of
//! `tests/rooms/hongzhong.rs` reading every event beside them (`tests/hongzhong_table.rs`
//! plays the random games).

use hupai::game::room::{HongzhongRules, Reason, Room, RoomAction, RoomGame, ROOM_OBSERVATION};
use hupai::Tile;
use reference::events_of;
use rooms::{last_scores, paid};

#[path = "rooms/hongzhong.rs"]
#[allow(dead_code)] // the tile count and draw-win check the random games use
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// 红中 (7z), as the reference names it.
const RED: usize = 33;

fn eight(four_red_dragons: bool) -> HongzhongRules {
    HongzhongRules {
        hands: 1,
        red_dragons: 8,
        four_red_dragons,
        ..HongzhongRules::default()
    }
}

fn dealer_wins(g: &RoomGame, seat: u8) -> Option<RoomAction> {
    (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
}

/// The dealer's fourteenth is its fifth 红中: 123m 456p 789s and five wildcards (a set and
/// the pair) win — 平胡, 1 stake; four birds (a hand holding 红中), 1m 2m 3m 4m, the 1m
/// hitting: 2 from each. A room of four 红中 refuses the wall.
#[test]
fn five_red_dragons_win_as_five_wildcards() {
    let w = rooms::wall(
        [
            "123m456p789s7777z",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "7z",
        &["1m", "2m", "3m", "4m"],
        &[],
        116,
    );
    // The dealer sees its five 红中, and 红中 alone wild (no 6z: the engine's stand-in).
    let mut row = [0u8; ROOM_OBSERVATION];
    RoomGame::at_hand(eight(false), 0, &w)
        .unwrap()
        .observe(0, &mut row);
    assert_eq!((row[RED], row[306 + RED], row[306 + 32]), (5, 1, 0));
    let events = events_of(eight(false), &w, &mut dealer_wins);
    assert_eq!(reference::birds(&events), [(0, 4, 1)]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    assert_eq!(last_scores(&events), [6, -2, -2, -2]);
    let four = HongzhongRules {
        red_dragons: 4,
        ..eight(false)
    };
    assert!(RoomGame::at_hand(four, 0, &w).is_err());
}

/// The dealer holds a 红中 among other tiles: no discard of it is offered (8个红中: "红中不让打出"),
/// where a room of four offers it.
#[test]
fn a_red_dragon_is_kept_while_the_hand_holds_another_tile() {
    let hands = [
        "1357m2468p1357s7z",
        "1122m3344p6677s9p",
        "5566m7788p1122s7z",
        "3388m1166p3344s7z",
    ];
    let red = RoomAction::discard(Tile::from_index(RED));
    let nine_s = RoomAction::discard("9s".parse().unwrap());
    let w = rooms::wall(hands, "9s", &[], &[], 116);
    let game = RoomGame::at_hand(eight(true), 0, &w).unwrap();
    assert!(!game.legal(0).contains(red) && game.legal(0).contains(nine_s));
    let w = rooms::wall(hands, "9s", &[], &[], 112);
    let four = HongzhongRules {
        hands: 1,
        ..HongzhongRules::default()
    };
    let game = RoomGame::at_hand(four, 0, &w).unwrap();
    assert!(game.legal(0).contains(red));
}

/// The switch by name: 4 or 8, nothing else; the room's tiles and copies follow it.
#[test]
fn the_switch_takes_four_or_eight() {
    let mut room = Room::named("hongzhong").unwrap();
    assert_eq!(room.get("red_dragons").as_deref(), Some("4"));
    room.set("red_dragons", "8").unwrap();
    assert_eq!((room.tiles(), room.copies(RED)), (116, 8));
    let e = room.set("red_dragons", "6").unwrap_err();
    assert!(e.to_string().contains("4 or 8"), "{e}");
    assert_eq!(room.get("red_dragons").as_deref(), Some("8"));
}
