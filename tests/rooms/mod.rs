//! What the room tables' tests share: a wall written by hand, a game driven to its end by a
//! script, the payments of a reason.

#![allow(dead_code)]

pub mod seen;

use hupai::game::room::{NextDealer, Reason, RoomAction, RoomActionKind, RoomEvent, RoomGame};
use hupai::Tile;

/// The next hand's dealer as docs/SCORING.md reads `next_dealer`: `first` the hand's first
/// win — its winners (one, or several on one discard) with the seat each won from —,
/// `drawn` the dealer after a hand no one won.
pub fn next_dealer(rule: NextDealer, dealer: u8, first: &[(u8, Option<u8>)], drawn: u8) -> u8 {
    match (rule, first) {
        (NextDealer::Rotate, _) => (dealer + 1) % 4,
        // 通炮: several on one discard, its discarder deals.
        (NextDealer::Feeder, [(_, Some(feeder)), _, ..]) => *feeder,
        (_, [(winner, _), ..]) => *winner,
        (_, []) => drawn,
    }
}

/// The next dealer's rule of the `i`th switch set of a random run: `rotate` one set in five,
/// `feeder` two, `first_winner` two.
pub fn dealer_rule(i: usize) -> NextDealer {
    match i % 5 {
        0 => NextDealer::Rotate,
        1 | 3 => NextDealer::Feeder,
        _ => NextDealer::FirstWinner,
    }
}

/// A wall for one hand, dealer 0: each seat's thirteen tiles, the dealer's fourteenth, the
/// draws after it, the kong replacements from the back, every other tile in kind order —
/// the room's `tiles`: 108 the 27 suited kinds, 112 the four 7z too (116 eight), 136 every
/// kind.
pub fn wall(
    hands: [&str; 4],
    fourteenth: &str,
    front: &[&str],
    back: &[&str],
    tiles: usize,
) -> Vec<u8> {
    let kinds = |text: &str| -> Vec<u8> {
        let counts = hupai::parse_tiles(text).unwrap();
        (0..34u8)
            .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
            .collect()
    };
    let mut left = [0u8; 34];
    left[..27].fill(4);
    match tiles {
        108 => {}
        112 => left[33] = 4,
        116 => left[33] = 8,
        _ => left.fill(4),
    }
    let n = tiles;
    let mut wall = vec![255u8; n];
    let mut put = |at: usize, k: u8, wall: &mut Vec<u8>| {
        assert!(left[k as usize] > 0, "a fifth {k}");
        left[k as usize] -= 1;
        wall[at] = k;
    };
    for (seat, h) in hands.iter().enumerate() {
        let h = kinds(h);
        assert_eq!(h.len(), 13, "seat {seat}");
        h.iter()
            .enumerate()
            .for_each(|(i, &k)| put(4 * i + seat, k, &mut wall));
    }
    put(52, kinds(fourteenth)[0], &mut wall);
    for (i, t) in front.iter().enumerate() {
        put(53 + i, kinds(t)[0], &mut wall);
    }
    for (i, t) in back.iter().enumerate() {
        put(n - 1 - i, kinds(t)[0], &mut wall);
    }
    let mut rest = (0..34u8).flat_map(|k| std::iter::repeat_n(k, left[k as usize] as usize));
    for slot in wall.iter_mut().filter(|s| **s == 255) {
        *slot = rest.next().unwrap();
    }
    wall
}

/// Plays `game` to its end: `script` answers where it will, else a claim is passed and a
/// turn discards the tile drawn (or the first discard it may make). `read` sees every event;
/// the events are returned.
pub fn drive(
    mut game: RoomGame,
    read: &mut dyn FnMut(&RoomEvent),
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut all = Vec::new();
    let mut drawn = None;
    loop {
        for e in game.events() {
            read(e);
            if let RoomEvent::Draw { tile, .. } = *e {
                drawn = Some(tile);
            }
        }
        all.extend(game.events().iter().cloned());
        game.clear_events();
        let Some(seat) = game.to_act().first() else {
            return all;
        };
        let legal = game.legal(seat);
        let a = script(&game, seat).unwrap_or_else(|| {
            if legal.contains(RoomAction::PASS) {
                return RoomAction::PASS;
            }
            drawn
                .map(|t: u8| RoomAction::discard(Tile::from_index(t as usize)))
                .filter(|&d| legal.contains(d))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a.kind(), RoomActionKind::Discard(_)))
                })
                .unwrap_or_else(|| legal.nth(0).unwrap())
        });
        game.step(seat, a).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The payments of `events` with `reason`, in order: (from, to, amount).
pub fn paid(events: &[RoomEvent], reason: Reason) -> Vec<(u8, u8, i64)> {
    events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason: r,
            } if r == reason => Some((from, to, amount)),
            _ => None,
        })
        .collect()
}

/// Each seat's points at the last hand's end of `events`.
pub fn last_scores(events: &[RoomEvent]) -> [i64; 4] {
    events
        .iter()
        .rev()
        .find_map(|e| match *e {
            RoomEvent::EndHand { scores } => Some(scores),
            _ => None,
        })
        .unwrap()
}

/// What a random run met: the steps, wins and payments, and the payments' reasons.
pub struct Run {
    pub steps: u64,
    pub wins: u64,
    pub pays: u64,
    pub reasons: Vec<Reason>,
}

/// Plays `games` games of `room`, a reference beside each: `read` gives it every event,
/// `check` compares it with the table before every step (and the points sum to zero),
/// `choose` picks each step's action. Game `g` is seeded `g` past a start drawn from the
/// room's switches, so that switch sets which play alike (most change payments only) still
/// deal other walls: a property run over many sets plays as many deals as games. `check`
/// is told the seed (a failure names it).
pub fn play_random<R: Default>(
    games: u64,
    room: hupai::game::room::Room,
    mut read: impl FnMut(&mut R, &RoomEvent),
    mut check: impl FnMut(&R, &RoomGame, u64),
    mut choose: impl FnMut(&RoomGame, u8, &mut hupai::game::RandomAgent) -> RoomAction,
) -> Run {
    let mut run = Run {
        steps: 0,
        wins: 0,
        pays: 0,
        reasons: Vec::new(),
    };
    let start = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        room.hash(&mut h);
        h.finish()
    };
    for g in 0..games {
        let seed = start.wrapping_add(g);
        let mut game = RoomGame::new(room, hupai::game::Seed::from_u64(seed));
        let mut pick = hupai::game::RandomAgent::new(seed);
        let mut reference = R::default();
        // A failure of the table or the reference names the game to play again.
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| loop {
            for e in game.events() {
                read(&mut reference, e);
                run.wins += u64::from(matches!(e, RoomEvent::Win { .. }));
                if let RoomEvent::Pay { reason, .. } = *e {
                    run.pays += 1;
                    if !run.reasons.contains(&reason) {
                        run.reasons.push(reason);
                    }
                }
            }
            game.clear_events();
            assert_eq!(game.scores().iter().sum::<i64>(), 0);
            let Some(seat) = game.to_act().first() else {
                break;
            };
            check(&reference, &game, seed);
            assert!(!game.legal(seat).is_empty());
            let a = choose(&game, seat, &mut pick);
            game.step(seat, a).unwrap();
            run.steps += 1;
        }));
        if let Err(panic) = played {
            eprintln!("the game that failed: RoomGame::new({room:?}, Seed::from_u64({seed}))");
            std::panic::resume_unwind(panic);
        }
        assert!(game.is_over());
    }
    run
}

/// Takes `n` of `tile` from `hand` (a reference's), failing the test when it holds fewer.
pub fn take(hand: &mut [u8; 34], tile: u8, n: u8) {
    assert!(hand[tile as usize] >= n, "{n} of {tile} not held");
    hand[tile as usize] -= n;
}

/// Takes every win offered (a script for [`drive`]).
pub fn win_when_offered(game: &RoomGame, seat: u8) -> Option<RoomAction> {
    game.legal(seat)
        .contains(RoomAction::WIN)
        .then_some(RoomAction::WIN)
}

/// A script for [`drive`]: the dealer (seat 0) plays `a` when it may; every seat takes a win
/// when offered.
pub fn dealer_plays(game: &RoomGame, seat: u8, a: RoomAction) -> Option<RoomAction> {
    if seat == 0 && game.legal(0).contains(a) {
        return Some(a);
    }
    win_when_offered(game, seat)
}

/// A random-game player: seats below `random_below` pick at random; the others take every
/// win, kong, pon and chi, and discard what leaves the hand nearest a win (`wild` the hand's
/// wildcards, kept) — so that the rooms' wins of every kind come.
pub fn greedy(
    game: &RoomGame,
    seat: u8,
    pick: &mut hupai::game::RandomAgent,
    engine: &hupai::Engine,
    random_below: u8,
    wild: hupai::TileSet,
) -> RoomAction {
    let legal = game.legal(seat);
    let n = (pick.next_u64() % legal.len() as u64) as usize;
    if seat < random_below {
        return legal.nth(n).unwrap();
    }
    let calls = [RoomAction::WIN, RoomAction::KONG, RoomAction::PON];
    if let Some(a) = calls.into_iter().find(|&a| legal.contains(a)) {
        return a;
    }
    // 南昌's 精杠: four 精 konged when the room lets them be.
    let jing_kong =
        |a: &RoomAction| matches!(a.kind(), RoomActionKind::ClosedKong(t) if wild.contains(t));
    if let Some(a) = legal.iter().find(jing_kong) {
        return a;
    }
    if let Some(a) = legal
        .iter()
        .find(|a| matches!(a.kind(), RoomActionKind::Chi(_)))
    {
        return a;
    }
    legal
        .iter()
        .filter_map(|a| match a.kind() {
            RoomActionKind::Discard(t) => {
                let mut c = *game.hand(seat);
                c[t.index()] -= 1;
                game.melds(seat).for_each(|(_, k)| c[k.index()] += 3);
                let sh = engine.shanten_counts(&c, wild).unwrap_or(8);
                Some((sh * 2 + i8::from(wild.contains(t)), a))
            }
            _ => None,
        })
        .min_by_key(|&(v, _)| v)
        .map_or(legal.nth(n).unwrap(), |(_, a)| a)
}

/// `play(set)` for every switch set of `sets`, spread over the machine's cores (each core a
/// share of the sets, in order): the answers in the order of `sets`. A panic in any is the
/// caller's.
pub fn over_sets<R: Copy + Sync, T: Send>(sets: &[R], play: impl Fn(R) -> T + Sync) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = sets.len().div_ceil(cores).max(1);
    std::thread::scope(|s| {
        let parts: Vec<_> = sets
            .chunks(share)
            .map(|part| s.spawn(|| part.iter().map(|&r| play(r)).collect::<Vec<T>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// How many games the ignored property runs play: `HUPAI_GAMES`, 100,000 unless set.
pub fn property_games() -> u64 {
    std::env::var("HUPAI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

/// The dealer of each hand and each seat's points at its end, in order.
pub fn dealers_and_points(events: &[RoomEvent]) -> (Vec<u8>, Vec<[i64; 4]>) {
    let dealers = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Deal { dealer, .. } => Some(dealer),
            _ => None,
        })
        .collect();
    let points = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::EndHand { scores } => Some(scores),
            _ => None,
        })
        .collect();
    (dealers, points)
}

/// The fans of `seat`'s first win in `events`, if it won.
pub fn win_fan(events: &[RoomEvent], seat: u8) -> Option<u32> {
    events.iter().find_map(|e| match *e {
        RoomEvent::Win { seat: s, fan, .. } if s == seat => Some(fan),
        _ => None,
    })
}
