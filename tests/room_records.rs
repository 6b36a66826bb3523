//! A room's record (docs/RECORDS.md, "A room's record") written from a game at the table,
//! read back and played again: every decision legal, every event — each payment — alike; and
//! what is no such record refused, a changed payment or an illegal play named.

mod rooms;

use hupai::game::room::{Room, RoomEvent, RoomGame};
use hupai::game::Seed;
use hupai::record::{is_room_record, play_room, read_room, write_room_header};
use hupai::{Engine, Rules, TileSet};

/// The rooms and switch sets the round trips play.
const ROOMS: &[(&str, &str)] = &[
    ("sichuan", ""),
    (
        "sichuan",
        "call_transfer=true, self_draw=stake, next_dealer=rotate",
    ),
    ("sichuan", "exchange=dice, heavenly=largest"),
    ("hongzhong", ""),
    ("hongzhong", "one_bird_all=true, draw_refunds_kongs=true"),
    (
        "hongzhong",
        "red_dragons=8, discard_wins=any, next_dealer=feeder",
    ),
    (
        "hongzhong",
        "discard_wins=any, birds=6, bird_pay=multiply, rob_kong=false",
    ),
    ("changsha", ""),
    ("changsha", "bird_pay=add, birds=4, opening_wins=false"),
    ("guobiao", ""),
    ("guobiao", "multiple_wins=true, minimum=0"),
    ("guobiao", "flowers=true"),
    ("nanchang", ""),
    ("nanchang", "discard_pays=discarder, jing=false"),
];

fn room(name: &str, switches: &str) -> Room {
    let mut room = Room::named(name).unwrap();
    room.set_list(switches).unwrap();
    room
}

/// Game `g` of `room` between greedy players (seats below `g % 3` random), and its steps.
fn played(room: Room, g: u64) -> (RoomGame, u64) {
    let rules = match room {
        Room::Sichuan(_) => Rules::sichuan(),
        Room::Hongzhong(_) => Rules::hongzhong(),
        Room::Changsha(_) => Rules::changsha(),
        Room::Guobiao(_) => Rules::guobiao(),
        Room::Nanchang(_) => Rules::nanchang(),
    };
    let engine = Engine::new(rules);
    let mut game = RoomGame::new(room, Seed::from_u64(g));
    let mut pick = hupai::game::RandomAgent::new(g);
    let mut steps = 0;
    while let Some(seat) = game.to_act().first() {
        let wild = match room {
            Room::Hongzhong(_) => TileSet::parse("7z").unwrap(),
            _ => TileSet::EMPTY,
        };
        let a = rooms::greedy(&game, seat, &mut pick, &engine, (g % 3) as u8, wild);
        game.step(seat, a).unwrap();
        steps += 1;
    }
    (game, steps)
}

fn record_of(game: &RoomGame) -> String {
    let mut text = String::new();
    write_room_header(game.room(), &mut text);
    game.write_events(&mut text);
    text
}

#[test]
fn every_rooms_record_plays_again_alike() {
    let mut seen = std::collections::BTreeSet::new();
    for &(name, switches) in ROOMS {
        let room = room(name, switches);
        let (mut decisions, mut hands) = (0, 0);
        for g in 0..24 {
            let (game, steps) = played(room, g);
            let text = record_of(&game);
            assert!(is_room_record(&text));
            let record = read_room(&text).unwrap();
            assert_eq!(record.room, room);
            assert_eq!(record.events, game.events(), "{name} {switches} game {g}");
            seen.extend(robbed_and_shared(&record.events));
            for e in &record.events {
                seen.insert(match e {
                    RoomEvent::Kong { from: Some(_), .. } => "kong of a discard",
                    RoomEvent::Kong { added: true, .. } => "added kong",
                    RoomEvent::Kong { .. } => "closed kong",
                    RoomEvent::Chi { .. } => "chi",
                    RoomEvent::Birds { .. } => "birds",
                    RoomEvent::Jing { .. } => "jing",
                    RoomEvent::Opening { .. } => "opening",
                    RoomEvent::Void { .. } => "void",
                    RoomEvent::Exchange { .. } => "exchange",
                    RoomEvent::Flower { .. } => "flower",
                    RoomEvent::Win { from: None, .. } => "self-draw",
                    RoomEvent::Win { .. } => "win on a discard",
                    _ => "other",
                });
            }
            let check = play_room(&record);
            assert!(
                check.disagreements.is_empty(),
                "{name} {switches} game {g}: {:?}",
                check.disagreements
            );
            let ended = game
                .events()
                .iter()
                .filter(|e| matches!(e, RoomEvent::EndHand { .. }))
                .count() as u64;
            assert_eq!(check.actions_checked, steps, "{name} game {g}");
            assert_eq!(check.actions_legal, steps);
            assert_eq!(
                (check.settlements_checked, check.settlements_agree),
                (ended, ended)
            );
            (decisions, hands) = (decisions + steps, hands + ended);
        }
        assert_eq!(hands, 24 * u64::from(room.hands()), "{name}");
        assert!(decisions > 24 * 100, "{name}: {decisions}");
    }
    // Each part of the wall the rebuild places, and each kind of decision, was played.
    for kind in [
        "kong of a discard",
        "added kong",
        "closed kong",
        "chi",
        "birds",
        "jing",
        "opening",
        "exchange",
        "flower",
        "void",
        "self-draw",
        "win on a discard",
        "a kong robbed",
        "several winners on one discard",
    ] {
        assert!(seen.contains(kind), "no {kind} in the records: {seen:?}");
    }
}

#[test]
fn a_changed_payment_is_named_as_a_settlement_that_disagrees() {
    let (game, _) = played(room("sichuan", ""), 3);
    let text = record_of(&game);
    let at = text.find(r#""amount":"#).unwrap() + r#""amount":"#.len();
    let changed = format!("{}9{}", &text[..at], &text[at..]);
    let check = play_room(&read_room(&changed).unwrap());
    assert_eq!(check.disagreements.len(), 1, "{:?}", check.disagreements);
    assert!(
        check.disagreements[0].contains("the record has Pay"),
        "{:?}",
        check.disagreements
    );
    assert_eq!(check.settlements_checked, check.settlements_agree + 1);
}

#[test]
fn a_discard_the_seat_does_not_hold_is_refused_by_the_table() {
    let (game, _) = played(room("changsha", ""), 5);
    let record = read_room(&record_of(&game)).unwrap();
    let mut events = record.events.clone();
    // The dealer's first discard made a tile it holds none of (2m or 3m).
    let (i, seat) = events
        .iter()
        .enumerate()
        .find_map(|(i, e)| match e {
            RoomEvent::Discard { seat, .. } => Some((i, *seat)),
            _ => None,
        })
        .unwrap();
    let hand = game_hand_at(&events[..i], seat);
    let absent = (0..27u8).find(|&k| hand[k as usize] == 0).unwrap();
    events[i] = RoomEvent::Discard { seat, tile: absent };
    let check = play_room(&hupai::record::RoomRecord { events, ..record });
    assert_eq!(check.actions_legal + 1, check.actions_checked);
    assert!(
        check.disagreements[0].contains("may not"),
        "{:?}",
        check.disagreements
    );
}

/// A seat's tiles by the events: its deal and draws less its discards (no calls before `upto`'s
/// first discard).
fn game_hand_at(upto: &[RoomEvent], seat: u8) -> [u8; 34] {
    let mut hand = [0u8; 34];
    for e in upto {
        match *e {
            RoomEvent::Deal { ref hands, .. } => {
                hands[seat as usize]
                    .iter()
                    .for_each(|&k| hand[k as usize] += 1);
            }
            RoomEvent::Draw { seat: s, tile } if s == seat => hand[tile as usize] += 1,
            _ => {}
        }
    }
    hand
}

#[test]
fn a_record_cut_short_plays_as_far_as_it_goes() {
    let (game, _) = played(room("nanchang", ""), 2);
    let text = record_of(&game);
    let lines: Vec<&str> = text.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n");
    let check = play_room(&read_room(&cut).unwrap());
    assert!(check.disagreements.is_empty(), "{:?}", check.disagreements);
    assert!(check.settlements_agree >= 1 && check.settlements_agree < 8);
}

#[test]
fn what_is_no_room_record_is_refused_with_its_line() {
    let head = r#"{"type":"room","rules":"hongzhong","switches":"birds=2"}"#;
    let refused = |body: &str| {
        read_room(&format!("{head}\n{body}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused("{"),
        "line 2: EOF while parsing an object at line 1 column 1"
    );
    assert!(refused(r#"{"type":"draw","seat":0,"tile":"1m","x":1}"#).contains("unknown field"));
    assert!(
        refused(r#"{"type":"draw","seat":0,"tile":"1z"}"#).contains("1z: not a tile of hongzhong")
    );
    assert!(
        refused(r#"{"type":"pay","from":0,"to":1,"amount":1,"reason":"tip"}"#).contains("reason")
    );
    assert!(refused(r#"{"type":"void","seat":0,"suit":"z"}"#).contains("m, p or s"));
    assert!(
        refused(r#"{"type":"deal","hand":0,"dealer":0,"hands":["1m","1m","1m","1m"]}"#)
            .contains("13 tiles, not 1")
    );
    assert!(refused(head).contains("a second room line"));
    let e = read_room(r#"{"type":"room","rules":"hongzhong","switches":"flower_pig=3"}"#);
    assert!(e
        .unwrap_err()
        .to_string()
        .contains("no switch \"flower_pig\""));
    assert!(read_room(r#"{"type":"draw","seat":0,"tile":"1m"}"#).is_err());
    assert!(read_room("").is_err());
    assert!(refused(r#"{"type":"flower","seat":0}"#).contains("hongzhong plays none"));
    // A ninth flower in the record is refused with its hand.
    let (game, _) = played(room("guobiao", "flowers=true"), 1);
    let mut record = read_room(&record_of(&game)).unwrap();
    let at = record
        .events
        .iter()
        .position(|e| matches!(e, RoomEvent::Draw { .. }))
        .unwrap();
    for _ in 0..9 {
        record.events.insert(at, RoomEvent::Flower { seat: 0 });
    }
    let check = play_room(&record);
    assert!(
        check.disagreements[0].contains("more than 8 flowers"),
        "{:?}",
        check.disagreements
    );
    // Read, but no wall holds it: a fifth 1m dealt.
    let (game, _) = played(room("sichuan", ""), 1);
    let mut record = read_room(&record_of(&game)).unwrap();
    if let RoomEvent::Deal { hands, .. } = &mut record.events[0] {
        hands[0] = [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2];
    }
    let check = play_room(&record);
    assert!(
        check.disagreements[0].contains("more than 4 1m"),
        "{:?}",
        check.disagreements
    );
}

#[test]
fn a_rooms_switch_list_names_the_room_again() {
    for &(name, switches) in ROOMS {
        let room = room(name, switches);
        let mut again = Room::named(name).unwrap();
        again.set_list(&room.switch_list()).unwrap();
        assert_eq!(again, room, "{name}: {}", room.switch_list());
        for s in room.switches() {
            assert!(room.get(s).is_some(), "{name} {s}");
        }
    }
}

/// Whether the events hold an added kong robbed (a win on a tile its konger drew and never
/// discarded) and a discard won on by several.
fn robbed_and_shared(events: &[RoomEvent]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let (mut last_play, mut winners) = (None, 0);
    for e in events {
        match *e {
            RoomEvent::Draw { seat, .. } => (last_play, winners) = (Some((seat, false)), 0),
            RoomEvent::Discard { seat, .. } => (last_play, winners) = (Some((seat, true)), 0),
            RoomEvent::Win { from: Some(f), .. } => {
                winners += 1;
                match last_play {
                    Some((s, false)) if s == f => found.push("a kong robbed"),
                    _ if winners > 1 => found.push("several winners on one discard"),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    found
}

/// The review of a room's record reads the table (`record::review_room`): every discard of a
/// seat in its turn judged among those the table allowed, one sum a hand; the efficiency
/// player's discards never leave a hand farther than the best (its own rule: the fewest
/// shanten among the legal discards), random players' do.
#[test]
fn a_rooms_record_is_reviewed_at_the_table() {
    use hupai::game::room::RoomUkeire;
    use hupai::record::{review_room, ReviewOptions};
    for &(name, switches) in ROOMS {
        let room = room(name, switches);
        let (mut judged, mut worse) = ([0usize; 2], [0usize; 2]);
        for g in 0..6u64 {
            for efficient in [true, false] {
                let mut game = RoomGame::new(room, Seed::from_u64(g));
                let mut pick = hupai::game::RandomAgent::new(g);
                let mut discards = 0;
                while let Some(seat) = game.to_act().first() {
                    let a = if efficient {
                        RoomUkeire.act(&game, seat)
                    } else {
                        pick.pick_room(game.legal(seat))
                    };
                    let turn = game.legal(seat).contains(a)
                        && !game.exchanging()
                        && matches!(a.kind(), hupai::game::room::RoomActionKind::Discard(_));
                    discards += usize::from(turn);
                    game.step(seat, a).unwrap();
                }
                let record = read_room(&record_of(&game)).unwrap();
                let hands = review_room(&record, &ReviewOptions::default());
                assert_eq!(hands.len(), usize::from(room.hands()), "{name} {g}");
                let mut sum = hupai::record::Summary::default();
                hands.iter().for_each(|h| sum.add(&h.summary));
                assert_eq!(sum.decisions, discards, "{name} {switches} game {g}");
                assert!(hands.iter().all(|h| h.refused.is_none()));
                let i = usize::from(!efficient);
                (judged[i], worse[i]) = (judged[i] + sum.decisions, worse[i] + sum.shanten_worse);
                // One seat alone.
                let one = ReviewOptions {
                    seat: Some(2),
                    ..ReviewOptions::default()
                };
                let seat_two = review_room(&record, &one);
                assert!(seat_two
                    .iter()
                    .flat_map(|h| &h.decisions)
                    .all(|d| d.seat == 2));
            }
        }
        eprintln!("{name} {switches}: efficient {judged:?} judged, {worse:?} farther");
        assert_eq!(
            worse[0], 0,
            "{name}: the efficiency player never goes farther"
        );
        assert!(
            worse[1] > 0 && judged[0] > 100,
            "{name}: {judged:?} {worse:?}"
        );
    }
}
