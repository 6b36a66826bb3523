//! `hupai game selfplay --rules sichuan`: whole Sichuan 血战到底 games between random players
//! (`hupai::game::sichuan`), the same summary as riichi's.

use super::{summary, AgentKind, SelfplayArgs};
use hupai::game::sichuan::{RoomEvent, SichuanGame, SichuanRules};
use hupai::game::{RandomAgent, Seed};
use std::time::Instant;

/// Plays `a.games` games; a hand is a round. Random players alone, no record written yet.
pub(super) fn selfplay(a: &SelfplayArgs, out: &mut String) -> Result<i32, String> {
    if !matches!(a.agents, AgentKind::Random) {
        return Err("--rules sichuan: the built-in players are --agents random for now".into());
    }
    if a.out.is_some() || a.east {
        return Err("--rules sichuan: no --out (no record format yet) and no --east".into());
    }
    let (mut rounds, mut steps) = (0u64, 0u64);
    let start = Instant::now();
    for g in 0..a.games {
        let seed = a.seed.wrapping_add(g);
        let mut game = SichuanGame::new(SichuanRules::default(), Seed::from_u64(seed));
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
    summary(a, rounds, steps, start.elapsed().as_secs_f64(), out);
    Ok(0)
}

/// The hands the game's events end; the events cleared.
fn hands_ended(game: &mut SichuanGame) -> u64 {
    let n = game
        .events()
        .iter()
        .filter(|e| matches!(e, RoomEvent::EndHand { .. }))
        .count();
    game.clear_events();
    n as u64
}
