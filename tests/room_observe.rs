//! What a seat sees at a room's table (`RoomGame::observe`) against a literal reading of the
//! events alone, for every seat at every step of random games of each room; and `VecGame`
//! of rooms stepping exactly as single games stepped with the same actions.

use hupai::game::room::{Room, RoomEvent, RoomGame, ROOM_ACTIONS, ROOM_OBSERVATION};
use hupai::game::{RandomAgent, Seed, VecGame};

/// The row a seat's observation should be, from the events so far (`log`) and what the game
/// says of the seat's own concealed tiles and the wall.
fn literal(game: &RoomGame, log: &[RoomEvent], seat: u8, room_id: u8, exchange: bool) -> Vec<u8> {
    let mut rivers = [[0u8; 34]; 4];
    let mut melds = [[0u8; 34]; 4];
    let (mut voids, mut won, mut scores) = ([0u8; 4], [0u8; 4], [0i64; 4]);
    let (mut hand, mut dealer, mut wild) = (0u16, 0u8, vec![]);
    let (mut last, mut picking) = (None, false);
    for e in log {
        // 换三张: from the deal to the tiles passed.
        match e {
            RoomEvent::Deal { .. } => picking = exchange,
            RoomEvent::Exchange { .. } => picking = false,
            _ => {}
        }
        match *e {
            RoomEvent::Deal {
                hand: h, dealer: d, ..
            } => {
                (hand, dealer) = (h, d);
                (rivers, melds, voids, won) = ([[0; 34]; 4], [[0; 34]; 4], [0; 4], [0; 4]);
                wild = if room_id == 1 { vec![33usize] } else { vec![] };
            }
            RoomEvent::Jing { indicator } => {
                let k = indicator as usize;
                let next = match k {
                    0..=26 => k / 9 * 9 + (k % 9 + 1) % 9,
                    27..=30 => 27 + (k - 27 + 1) % 4,
                    // Dragons 7z → 6z → 5z → 7z (docs/SCORING.md, Nanchang).
                    33 => 32,
                    32 => 31,
                    _ => 33,
                };
                wild = vec![k, next];
            }
            RoomEvent::Void { seat, suit } => voids[seat as usize] = suit + 1,
            RoomEvent::Discard { seat, tile } => rivers[seat as usize][tile as usize] += 1,
            RoomEvent::Pon { seat, from, tile } => {
                rivers[from as usize][tile as usize] -= 1;
                melds[seat as usize][tile as usize] += 3;
            }
            RoomEvent::Chi {
                seat,
                from,
                tile,
                low,
            } => {
                rivers[from as usize][tile as usize] -= 1;
                (low..low + 3).for_each(|k| melds[seat as usize][k as usize] += 1);
            }
            RoomEvent::Kong {
                seat,
                from,
                tile,
                added,
            } => {
                if let Some(f) = from {
                    rivers[f as usize][tile as usize] -= 1;
                }
                melds[seat as usize][tile as usize] += if added { 1 } else { 4 };
            }
            RoomEvent::Win { seat, .. } => won[seat as usize] = 1,
            RoomEvent::Pay {
                from, to, amount, ..
            } => {
                scores[from as usize] -= amount;
                scores[to as usize] += amount;
            }
            _ => {}
        }
        if matches!(
            e,
            RoomEvent::Discard { .. }
                | RoomEvent::Draw { .. }
                | RoomEvent::Pon { .. }
                | RoomEvent::Chi { .. }
                | RoomEvent::Kong { .. }
        ) {
            last = Some(e.clone());
        }
    }
    let me = seat as usize;
    let mut row = vec![0u8; ROOM_OBSERVATION];
    row[..34].copy_from_slice(game.hand(seat));
    for d in 0..4 {
        let q = (me + d) % 4;
        row[34 + 34 * d..68 + 34 * d].copy_from_slice(&rivers[q]);
        row[170 + 34 * d..204 + 34 * d].copy_from_slice(&melds[q]);
        row[340 + d] = voids[q];
        row[344 + d] = won[q];
        let p = (scores[q] + 32_768).clamp(0, 65_535) as u16;
        row[348 + 2 * d..350 + 2 * d].copy_from_slice(&p.to_le_bytes());
    }
    wild.iter().for_each(|&k| row[306 + k] = 1);
    row[356] = hand.min(255) as u8;
    row[357] = game.tiles_left();
    if !game.is_over() {
        row[358] = ((me + 4 - dealer as usize) % 4) as u8;
    }
    let answering = game.to_act().contains(seat)
        && game
            .legal(seat)
            .contains(hupai::game::room::RoomAction::PASS);
    let offered = game
        .legal(seat)
        .contains(hupai::game::room::RoomAction::TAKE);
    if offered {
        row[359] = 4; // 要海底: the wall's last tile offered
    } else if answering
        && !game
            .legal(seat)
            .iter()
            .any(|a| a.index() >= 34 && a.index() < 37)
    {
        match last {
            Some(RoomEvent::Discard { tile, .. }) => (row[359], row[360]) = (1, tile + 1),
            // An added kong offered to be robbed: no event shows it yet.
            _ => (row[359], row[360]) = (2, 0),
        }
    }
    if picking && game.to_act().contains(seat) {
        row[359] = 3;
    }
    row[361] = room_id;
    row
}

#[test]
fn every_seat_sees_what_the_events_have_shown() {
    let rooms = [
        (0, "sichuan", "hands=2"),
        (0, "sichuan", "hands=2, exchange=dice"),
        (1, "hongzhong", "hands=2"),
        (2, "changsha", "hands=2"),
        (3, "guobiao", "hands=2"),
        (4, "nanchang", "hands=2"),
    ];
    for (id, name, switches) in rooms {
        let mut room = Room::named(name).unwrap();
        room.set_list(switches).unwrap();
        let exchange = switches.contains("exchange");
        let (mut checked, mut claims) = (0u64, 0u64);
        for g in 0..30 {
            let mut game = RoomGame::new(room, Seed::from_u64(g));
            let mut pick = RandomAgent::new(g);
            let mut log = Vec::new();
            loop {
                log.extend(game.events().iter().cloned());
                game.clear_events();
                for seat in 0..4 {
                    let mut row = [0u8; ROOM_OBSERVATION];
                    game.observe(seat, &mut row);
                    let mut want = literal(&game, &log, seat, id, exchange);
                    if row[359] == 2 {
                        want[360] = row[360]; // the robbed tile: no event names it yet
                        assert!(row[360] > 0);
                    }
                    assert_eq!(
                        row.to_vec(),
                        want,
                        "{name} game {g} seat {seat} after {:?}",
                        log.last()
                    );
                    checked += 1;
                    claims += u64::from(row[359] > 0);
                }
                let Some(seat) = game.to_act().first() else {
                    break;
                };
                game.step(seat, pick.pick_room(game.legal(seat))).unwrap();
            }
        }
        eprintln!("{name}: {checked} rows, {claims} in claims");
        assert!(
            checked > 10_000 && claims > 200,
            "{name}: {checked} rows, {claims} in claims"
        );
    }
}

#[test]
fn a_vec_game_of_rooms_steps_as_single_games_do() {
    let mut room = Room::named("changsha").unwrap();
    room.set("hands", "1").unwrap();
    let n = 3;
    let mut games = VecGame::rooms(room, n, 40);
    let mut singles: Vec<RoomGame> = (0..n as u64)
        .map(|k| RoomGame::new(room, Seed::from_u64(40 + k)))
        .collect();
    let mut next_seed = 40 + n as u64;
    let (mut obs, mut masks, mut seats) = (
        vec![0u8; n * ROOM_OBSERVATION],
        vec![false; n * ROOM_ACTIONS],
        vec![0u8; n],
    );
    let (mut rewards, mut dones) = (vec![0f32; 4 * n], vec![false; n]);
    let mut pick = RandomAgent::new(1);
    for _ in 0..3_000 {
        games.observe(&mut obs, &mut masks, &mut seats);
        let mut actions = Vec::new();
        for (i, single) in singles.iter_mut().enumerate() {
            let seat = single.to_act().first().unwrap();
            assert_eq!(seats[i], seat);
            let mut row = [0u8; ROOM_OBSERVATION];
            single.observe(seat, &mut row);
            assert_eq!(
                &obs[i * ROOM_OBSERVATION..(i + 1) * ROOM_OBSERVATION],
                &row[..]
            );
            let legal = single.legal(seat);
            for a in 0..ROOM_ACTIONS {
                assert_eq!(
                    masks[i * ROOM_ACTIONS + a],
                    legal.contains(hupai::game::room::RoomAction::from_index(a as u8).unwrap())
                );
            }
            let a = pick.pick_room(legal);
            single.step(seat, a).unwrap();
            actions.push(a.index());
        }
        games.step(&actions, &mut rewards, &mut dones).unwrap();
        for (i, single) in singles.iter_mut().enumerate() {
            assert_eq!(dones[i], single.is_over());
            if single.is_over() {
                let scores = single.scores().map(|x| x as f32);
                assert_eq!(&rewards[4 * i..4 * i + 4], &scores[..]);
                *single = RoomGame::new(room, Seed::from_u64(next_seed));
                next_seed += 1;
            }
        }
    }
    assert!(games.games_finished() >= 10, "{}", games.games_finished());
    // An action that is not legal is refused, naming the game.
    games.observe(&mut obs, &mut masks, &mut seats);
    let bad: Vec<u8> = (0..n)
        .map(|i| {
            (0..ROOM_ACTIONS)
                .find(|&a| !masks[i * ROOM_ACTIONS + a])
                .unwrap() as u8
        })
        .collect();
    assert_eq!(games.step(&bad, &mut rewards, &mut dones).unwrap_err().0, 0);
}
