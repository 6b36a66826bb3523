//! The rooms' efficiency player (`RoomUkeire`) against random players: never an illegal
//! action, and it wins more hands than any random seat in every room.

use hupai::game::room::{Room, RoomEvent, RoomGame, RoomUkeire};
use hupai::game::{RandomAgent, Seed};

#[test]
fn the_efficiency_player_wins_more_than_random_players_in_every_room() {
    for (name, switches) in [
        ("sichuan", "hands=4"),
        ("hongzhong", "hands=4"),
        ("changsha", "hands=4"),
        ("guobiao", "hands=4"),
        ("nanchang", "hands=4"),
    ] {
        let mut room = Room::named(name).unwrap();
        room.set_list(switches).unwrap();
        let mut wins = [0u32; 4];
        for g in 0..25 {
            let mut game = RoomGame::new(room, Seed::from_u64(g));
            let mut random = RandomAgent::new(g);
            while let Some(seat) = game.to_act().first() {
                let a = if seat == (g % 4) as u8 {
                    RoomUkeire.act(&game, seat)
                } else {
                    random.pick_room(game.legal(seat))
                };
                game.step(seat, a).unwrap();
            }
            for e in game.events() {
                if let RoomEvent::Win { seat, .. } = *e {
                    // Counted for the player, whichever seat it sat in.
                    wins[usize::from((seat + 4 - (g % 4) as u8) % 4)] += 1;
                }
            }
        }
        eprintln!(
            "{name}: the efficiency player won {}, the random seats {:?}",
            wins[0],
            &wins[1..]
        );
        assert!(
            wins[0] > 2 * wins[1..].iter().max().unwrap(),
            "{name}: {wins:?}"
        );
    }
}
