//! `hupai game selfplay --rules sichuan|hongzhong|changsha|guobiao|nanchang`: whole games of
//! a Chinese room between random or efficiency players (`hupai::game::room`), each written as a room's
//! record with `--out`; `hupai game play --rules ROOM --bot CMD`, bots at a room's table; and
//! `hupai game replay` of such records.

use super::bots::{Bot, Verdict};
use hupai::game::room::{Room, RoomEvent, RoomGame, RoomUkeire};
use hupai::game::{RandomAgent, Seed};
use hupai::protocol::RoomView;
use hupai::record::{play_room, read_room, write_room_header, TableCheck};
use std::path::Path;
use std::time::Duration;

/// Plays `games` games of `room` from `seed` (game `i` seeded `seed + i`) between random
/// players (the efficiency player, `RoomUkeire`, when `ukeire`), each written into `out` as
/// `game-SEED.jsonl` (a room's record) when given: the hands played (a hand is a round) and
/// the steps.
pub(super) fn selfplay(
    room: Room,
    games: u64,
    seed: u64,
    ukeire: bool,
    out: Option<&Path>,
) -> Result<(u64, u64), String> {
    let (mut rounds, mut steps) = (0u64, 0u64);
    let mut log = String::new();
    for g in 0..games {
        let seed = seed.wrapping_add(g);
        let mut game = RoomGame::new(room, Seed::from_u64(seed));
        let mut players: [RandomAgent; 4] =
            std::array::from_fn(|i| RandomAgent::new(seed.wrapping_mul(4).wrapping_add(i as u64)));
        if out.is_some() {
            write_room_header(&room, &mut log);
        }
        while let Some(seat) = game.to_act().first() {
            let action = if ukeire {
                RoomUkeire.act(&game, seat)
            } else {
                players[seat as usize].pick_room(game.legal(seat))
            };
            game.step(seat, action)
                .map_err(|e| format!("game {g}: the table refused a built-in player: {e}"))?;
            steps += 1;
            if game.events().len() > 4096 {
                rounds += hands_ended(&mut game, out.is_some(), &mut log);
            }
        }
        rounds += hands_ended(&mut game, out.is_some(), &mut log);
        if let Some(dir) = out {
            let path = dir.join(format!("game-{seed}.jsonl"));
            std::fs::write(&path, &log).map_err(|e| format!("{}: {e}", path.display()))?;
            log.clear();
        }
    }
    Ok((rounds, steps))
}

/// The hands the game's events end; the events written into `log` when `write`, then
/// cleared.
fn hands_ended(game: &mut RoomGame, write: bool, log: &mut String) -> u64 {
    if write {
        game.write_events(log);
    }
    let n = game
        .events()
        .iter()
        .filter(|e| matches!(e, RoomEvent::EndHand { .. }))
        .count();
    game.clear_events();
    n as u64
}

/// A room's record played again at the table (`hupai game replay`): its hands, and the
/// check — or why it cannot be read.
pub(super) fn replay(text: &str) -> Result<(u64, TableCheck), String> {
    let record = read_room(text).map_err(|e| e.to_string())?;
    let hands = record
        .events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Deal { .. }))
        .count() as u64;
    Ok((hands, play_room(&record)))
}

/// One game of `room` with the bots of `seats` (the other seats random players, or the
/// efficiency player when `ukeire`), walls from `seed`: each bot is sent the table as its
/// seat sees it when it must answer, within `limit`. The steps, and the points or the
/// verdict on a bot that lost the game; the room's record written to `out` when given.
pub(super) fn play(
    room: Room,
    mut seats: Vec<Option<Bot>>,
    ukeire: bool,
    seed: u64,
    limit: Duration,
    out: Option<&Path>,
) -> Result<(u64, Result<[i64; 4], Verdict>), String> {
    let mut game = RoomGame::new(room, Seed::from_u64(seed));
    let mut players: [RandomAgent; 4] =
        std::array::from_fn(|i| RandomAgent::new(seed.wrapping_mul(4).wrapping_add(i as u64)));
    let (mut view, mut log) = (RoomView::default(), String::new());
    write_room_header(&room, &mut log);
    let (mut steps, mut verdict) = (0u64, None);
    while let Some(seat) = game.to_act().first() {
        view.read(game.events());
        game.write_events(&mut log);
        game.clear_events();
        let action = match seats[seat as usize].as_mut() {
            Some(bot) => {
                let table = view.show(&game, seat, steps as usize);
                match bot.act_room(&table, game.legal(seat), limit) {
                    Ok(action) => action,
                    Err(v) => {
                        verdict = Some(v);
                        break;
                    }
                }
            }
            None if ukeire => RoomUkeire.act(&game, seat),
            None => players[seat as usize].pick_room(game.legal(seat)),
        };
        game.step(seat, action).map_err(|e| e.to_string())?;
        steps += 1;
    }
    game.write_events(&mut log);
    if let Some(path) = out {
        std::fs::write(path, &log).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    drop(seats);
    Ok((steps, verdict.map_or(Ok(game.scores()), Err)))
}
