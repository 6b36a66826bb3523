//! `hupai game selfplay --rules sichuan|hongzhong|changsha|guobiao|nanchang`: whole games of a Chinese room between
//! random players (`hupai::game::room`).

use hupai::game::room::{Room, RoomEvent, RoomGame};
use hupai::game::{RandomAgent, Seed};

/// Plays `games` games of `room` from `seed` (game `i` seeded `seed + i`) between random
/// players: the hands played (a hand is a round) and the steps.
pub(super) fn selfplay(room: Room, games: u64, seed: u64) -> Result<(u64, u64), String> {
    let (mut rounds, mut steps) = (0u64, 0u64);
    for g in 0..games {
        let seed = seed.wrapping_add(g);
        let mut game = RoomGame::new(room, Seed::from_u64(seed));
        let mut players: [RandomAgent; 4] =
            std::array::from_fn(|i| RandomAgent::new(seed.wrapping_mul(4).wrapping_add(i as u64)));
        while let Some(seat) = game.to_act().first() {
            let action = players[seat as usize].pick_room(game.legal(seat));
            game.step(seat, action)
                .map_err(|e| format!("game {g}: the table refused a built-in player: {e}"))?;
            steps += 1;
            if game.events().len() > 4096 {
                rounds += hands_ended(&mut game);
            }
        }
        rounds += hands_ended(&mut game);
    }
    Ok((rounds, steps))
}

/// The hands the game's events end; the events cleared.
fn hands_ended(game: &mut RoomGame) -> u64 {
    let n = game
        .events()
        .iter()
        .filter(|e| matches!(e, RoomEvent::EndHand { .. }))
        .count();
    game.clear_events();
    n as u64
}
