//! 长沙麻将's 要海底 at the table (docs/SCORING.md, "Changsha at the table", source C4): the
//! wall's last tile offered round the table from the seat to draw it; the seat that takes it
//! wins on it (海底捞月) or plays it at once and the others may win on it (海底炮); when every
//! seat passes the hand is drawn and the first offered deals next — each hand read by the
//! literal reference of `tests/rooms/changsha.rs`.

use hupai::game::room::{ChangshaRules, Reason, RoomAction, RoomEvent, RoomGame};
use reference::Reference;
use rooms::paid;

#[path = "rooms/changsha.rs"]
#[allow(dead_code)] // the tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// No birds, no starting hands' small wins; the dealer's extra 1. Every seat discards what
/// it draws, so seat 3 (123m 456m 789p 2345s: waiting on 2s and 5s) is as dealt when the
/// wall's last tile, a 5s, comes to it: 55 draws after the dealer's fourteenth, its turn.
fn sea_wall() -> Vec<u8> {
    rooms::wall(
        [
            "1112223334445m",
            "6667778889999m",
            "1112223334445p",
            "123456m789p2345s",
        ],
        "6p",
        &[],
        &["5s"],
        108,
    )
}

fn rules(hands: u16, sea_bottom: bool) -> ChangshaRules {
    ChangshaRules {
        hands,
        birds: 0,
        opening_wins: false,
        sea_bottom,
        ..ChangshaRules::default()
    }
}

/// Plays `game` under `rules` to its end: `takers` take the last tile when offered (the
/// others pass it), seat 3 wins once the wall is empty; else each seat discards what it
/// drew and passes. Also returns each offer of the last tile, in order.
fn play(game: RoomGame, rules: ChangshaRules, takers: &[u8]) -> (Vec<RoomEvent>, Vec<u8>) {
    let mut reference = Reference::default();
    let mut offers = Vec::new();
    let events = rooms::drive(game, &mut |e| reference.read(e, &rules), &mut |g, seat| {
        let legal = g.legal(seat);
        if legal.contains(RoomAction::TAKE) {
            offers.push(seat);
            assert_eq!(legal.len(), 2, "take or pass");
            let take = takers.contains(&seat);
            return Some(if take {
                RoomAction::TAKE
            } else {
                RoomAction::PASS
            });
        }
        if seat == 0 && g.tiles_left() == 0 && takers.contains(&0) {
            // The dealer took the last tile, 5s, and cannot win on it: it plays it at once,
            // its one legal action.
            let only: Vec<_> = legal.iter().collect();
            assert_eq!(only, [RoomAction::discard("5s".parse().unwrap())]);
        }
        (seat == 3 && g.tiles_left() == 0 && legal.contains(RoomAction::WIN))
            .then_some(RoomAction::WIN)
    });
    (events, offers)
}

fn win(events: &[RoomEvent]) -> Option<(u8, Option<u8>, u8)> {
    events.iter().find_map(|e| match *e {
        RoomEvent::Win {
            seat, from, fan, ..
        } => Some((seat, from, fan as u8)),
        _ => None,
    })
}

/// Seat 3 takes the last tile and wins on it: 海底捞月, a big win — 6 from each, 7 from the
/// dealer.
#[test]
fn the_seat_that_takes_the_last_tile_wins_on_it() {
    let r = rules(1, true);
    let (events, offers) = play(RoomGame::at_hand(r, 0, &sea_wall()).unwrap(), r, &[3]);
    assert_eq!(offers, [3]);
    assert_eq!(win(&events), Some((3, None, 1)));
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 3, 7), (1, 3, 6), (2, 3, 6)]
    );
}

/// Seat 3 passes; the dealer takes the last tile, cannot win, and must play it (its one
/// legal action a discard of it): seat 3 wins on it, 海底炮, a big win the dealer pays 7.
#[test]
fn a_last_tile_taken_and_not_won_on_goes_to_the_others() {
    let r = rules(1, true);
    let (events, offers) = play(RoomGame::at_hand(r, 0, &sea_wall()).unwrap(), r, &[0]);
    assert_eq!(offers, [3, 0]);
    assert!(events.contains(&RoomEvent::Draw { seat: 0, tile: 22 })); // 5s
    assert!(events.contains(&RoomEvent::Discard { seat: 0, tile: 22 }));
    assert_eq!(win(&events), Some((3, Some(0), 1)));
    assert_eq!(paid(&events, Reason::Win), [(0, 3, 7)]);
}

/// Every seat passes: the hand is drawn with the last tile in the wall, and the first offered
/// (seat 3) deals the next hand; off, seat 3 draws it and wins as ever (海底捞月).
#[test]
fn every_seat_passing_draws_the_hand_and_the_first_offered_deals() {
    let r = rules(2, true);
    let w = sea_wall();
    let game = RoomGame::with_walls(r, 0, &[&w, &w]).unwrap();
    let (events, offers) = play(game, r, &[]);
    assert_eq!(&offers[..4], [3, 0, 1, 2]);
    let (dealers, _) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 3]);
    let first: Vec<&RoomEvent> = events
        .iter()
        .take_while(|e| !matches!(e, RoomEvent::EndHand { .. }))
        .collect();
    assert!(first
        .iter()
        .all(|e| !matches!(e, RoomEvent::Win { .. } | RoomEvent::Pay { .. })));
    let off = rules(1, false);
    let (events, offers) = play(RoomGame::at_hand(off, 0, &w).unwrap(), off, &[]);
    assert!(offers.is_empty());
    assert_eq!(win(&events), Some((3, None, 1)));
}
