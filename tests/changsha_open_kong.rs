//! 长沙's 开杠 (the switch `open_kong`; docs/SCORING.md, "Changsha at the table", C4) by hand,
//! the literal reference of `tests/rooms/changsha.rs` reading every event: a seat ready after
//! its kong turns two tiles from the wall's end, wins on either (杠上开花), or the others win
//! on them (杠上炮, the konger paying), or both lie in its river and its hand is locked (抓啥打啥);
//! passing, it draws one replacement (补张) as ever; not ready, it is not offered.

use hupai::game::room::{ChangshaRules, Reason, RoomAction, RoomActionKind, RoomEvent, RoomGame};
use hupai::Tile;
use reference::Reference;
use rooms::paid;

#[path = "rooms/changsha.rs"]
#[allow(dead_code)] // the tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// One hand, no birds, no starting hands' small wins, 开杠 played.
const RULES: ChangshaRules = ChangshaRules {
    hands: 1,
    birds: 0,
    opening_wins: false,
    open_kong: true,
    bird_pay: hupai::game::room::BirdPay::Multiply,
    dealer_extra: 1,
    stake: 1,
    cap: 0,
    next_dealer: hupai::game::room::NextDealer::FirstWinner,
    sea_bottom: true,
    birds_on_extra: true,
};

fn t(text: &str) -> u8 {
    text.parse::<Tile>().unwrap().index() as u8
}

/// The wall of `changsha_table.rs`'s 杠上开花: seat 1 (`one`) draws the fourth 2m as its
/// second draw and konges it, 345p 678s 55s 46p left — ready on 5p; seat 3 holds `three`;
/// `back` the wall's last tiles, the last first.
fn wall(one: &str, three: &str, back: &[&str]) -> Vec<u8> {
    rooms::wall(
        ["13579m13579p135s", one, "1468m2468p2457s9m", three],
        "7s",
        &["8p", "5m", "6m", "1s", "2m"],
        back,
        108,
    )
}

const READY: &str = "222m345p678s55s46p";
const IDLE: &str = "1139m1139p1139s7m";

/// Plays the hand: seat 1 konges its 2m and answers the offer with `open`; `pick` answers
/// anything else it will (else a pass, or the tile drawn discarded).
fn play(
    w: &[u8],
    open: bool,
    pick: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    let kong = RoomAction::closed_kong(Tile::from_index(1));
    rooms::drive(
        RoomGame::at_hand(RULES, 0, w).unwrap(),
        &mut |e| reference.read(e, &RULES),
        &mut |g, seat| {
            let legal = g.legal(seat);
            if seat == 1 && legal.contains(kong) {
                return Some(kong);
            }
            if legal.contains(RoomAction::OPEN_KONG) {
                assert_eq!(legal.len(), 2, "open or pass: {legal:?}");
                return Some(if open {
                    RoomAction::OPEN_KONG
                } else {
                    RoomAction::PASS
                });
            }
            pick(g, seat)
        },
    )
}

fn win_when_offered(g: &RoomGame, seat: u8) -> Option<RoomAction> {
    rooms::win_when_offered(g, seat)
}

/// The turned 9s and 5p: seat 1 wins on the 5p (杠上开花, a big win: 6 from each, 7 from the
/// dealer with its extra); the 9s lies in its river.
#[test]
fn an_opened_kong_wins_on_either_tile() {
    let w = wall(READY, IDLE, &["9s", "5p"]);
    let events = play(&w, true, &mut win_when_offered);
    let at = events
        .iter()
        .position(|e| matches!(e, RoomEvent::OpenKong { .. }))
        .unwrap();
    assert_eq!(
        events[at],
        RoomEvent::OpenKong {
            seat: 1,
            tiles: [t("9s"), t("5p")]
        }
    );
    // The win comes next (after its birds, none here): nothing drawn.
    let win = events[at..]
        .iter()
        .find(|e| matches!(e, RoomEvent::Win { .. } | RoomEvent::Draw { .. }));
    assert_eq!(
        win,
        Some(&RoomEvent::Win {
            seat: 1,
            from: None,
            tile: t("5p"),
            fan: 1
        })
    );
    let mut win = paid(&events, Reason::Win);
    win.sort_unstable();
    assert_eq!(win, [(0, 1, 7), (2, 1, 6), (3, 1, 6)]);
}

/// Seat 3 waits on 2s or 5s (345m 678m 789p 22s 34s); seat 1's turned 2s and 9m do not win
/// its hand: seat 3 wins on the 2s (杠上炮, a big win: 234s and a 2s pair), paid 6 by the
/// konger alone — no dealer between them.
#[test]
fn the_others_win_on_the_turned_tiles_paid_by_the_konger() {
    let w = wall(READY, "345m678m789p22s34s", &["2s", "9m"]);
    let events = play(&w, true, &mut win_when_offered);
    assert!(events.contains(&RoomEvent::OpenKong {
        seat: 1,
        tiles: [t("2s"), t("9m")]
    }));
    assert!(events.contains(&RoomEvent::Win {
        seat: 3,
        from: Some(1),
        tile: t("2s"),
        fan: 1
    }));
    assert_eq!(paid(&events, Reason::Win), [(1, 3, 6)]);
}

/// No one wins on the turned 9s and 9m: they lie in seat 1's river, seat 2 draws next, and
/// each later turn of seat 1's offers the tile it drew alone (抓啥打啥) — no other discard.
#[test]
fn turned_tiles_no_one_wins_leave_the_konger_locked() {
    let w = wall(READY, IDLE, &["9s", "9m"]);
    let mut locked_turns = 0;
    let events = play(&w, true, &mut |g, seat| {
        let legal = g.legal(seat);
        // Seat 1 opens its kong when it makes it: after it, each turn of its offers one
        // discard (the tile drawn), and a win when it wins.
        let discards = legal
            .iter()
            .filter(|a| matches!(a.kind(), RoomActionKind::Discard(_)))
            .count();
        if seat == 1 && g.melds(1).count() == 1 && discards > 0 {
            assert_eq!(discards, 1, "a locked hand: {legal:?}");
            assert!(legal.len() <= 2, "{legal:?}");
            locked_turns += 1;
        }
        None
    });
    let at = events
        .iter()
        .position(|e| matches!(e, RoomEvent::OpenKong { .. }))
        .unwrap();
    assert!(matches!(events[at + 1], RoomEvent::Draw { seat: 2, .. }));
    assert!(locked_turns > 5, "{locked_turns}");
    assert!(paid(&events, Reason::Win).is_empty());
}

/// Passing the offer draws one replacement from the wall's end (补张) — the 5p, a win as
/// ever (杠上开花) — and nothing is turned.
#[test]
fn passing_draws_one_replacement() {
    let w = wall(READY, IDLE, &["5p", "9s"]);
    let events = play(&w, false, &mut win_when_offered);
    assert!(!events
        .iter()
        .any(|e| matches!(e, RoomEvent::OpenKong { .. })));
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: None,
        tile: t("5p"),
        fan: 1
    }));
}

/// Not ready after its kong (345p 678s 55s and a lone 1p and 9p), seat 1 is not offered to
/// open it: it draws its replacement at once; nor is a seat when the switch is off.
#[test]
fn a_seat_not_ready_is_not_offered() {
    let w = wall("222m345p678s55s19p", IDLE, &["5p", "9s"]);
    let events = play(&w, true, &mut |_, _| None);
    assert!(!events
        .iter()
        .any(|e| matches!(e, RoomEvent::OpenKong { .. })));
    let kong = events
        .iter()
        .position(|e| matches!(e, RoomEvent::Kong { seat: 1, .. }))
        .unwrap();
    assert_eq!(
        events[kong + 1],
        RoomEvent::Draw {
            seat: 1,
            tile: t("5p")
        }
    );
    let off = ChangshaRules {
        open_kong: false,
        ..RULES
    };
    let w = wall(READY, IDLE, &["9s", "5p"]);
    let mut game = RoomGame::at_hand(off, 0, &w).unwrap();
    while let Some(seat) = game.to_act().first() {
        let legal = game.legal(seat);
        assert!(!legal.contains(RoomAction::OPEN_KONG));
        let kong = RoomAction::closed_kong(Tile::from_index(1));
        let a = [kong, RoomAction::WIN, RoomAction::PASS]
            .into_iter()
            .find(|&a| legal.contains(a))
            .unwrap_or_else(|| legal.iter().next().unwrap());
        game.step(seat, a).unwrap();
    }
}

/// Both turned tiles win seat 1 (345p 678s 55s 67p: 5p or 8p, each a small win made big by
/// 杠上开花, 6 from each): it wins on the first turned, the 8p — one big win (C4), not two.
#[test]
fn both_turned_tiles_winning_make_one_win_on_the_first() {
    // Its first draw a 9p (the 8p would win it at once).
    let w = rooms::wall(
        [
            "13579m13579p135s",
            "222m345p678s55s67p",
            "1468m2468p2457s9m",
            IDLE,
        ],
        "7s",
        &["9p", "5m", "6m", "1s", "2m"],
        &["8p", "5p"],
        108,
    );
    let events = play(&w, true, &mut win_when_offered);
    assert!(events.contains(&RoomEvent::OpenKong {
        seat: 1,
        tiles: [t("8p"), t("5p")]
    }));
    let wins: Vec<&RoomEvent> = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Win { .. }))
        .collect();
    assert_eq!(
        wins,
        [&RoomEvent::Win {
            seat: 1,
            from: None,
            tile: t("8p"),
            fan: 1
        }]
    );
    let mut win = paid(&events, Reason::Win);
    win.sort_unstable();
    assert_eq!(win, [(0, 1, 7), (2, 1, 6), (3, 1, 6)]);
}
