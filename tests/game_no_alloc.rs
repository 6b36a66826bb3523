//! A game allocates nothing after its start: whole self-played games (random players, and
//! efficiency players that win hands: every settlement scored in the table's own buffers)
//! counted by a counting global allocator, the events cleared as a streaming caller clears
//! them.

mod counting;

use hupai::game::{Agent, Game, GameRules, RandomAgent, Seed, UkeireAgent};

/// Allocations while `game` is played out (its events cleared after each step).
fn allocations_of(game: &mut Game, agents: &mut [Box<dyn Agent>; 4]) -> usize {
    let before = counting::allocations();
    while let Some(seat) = game.to_act().first() {
        let a = agents[seat as usize].act(game, seat);
        game.step(seat, a).unwrap();
        game.clear_events();
    }
    counting::allocations() - before
}

#[test]
fn a_game_allocates_nothing_after_its_start() {
    // Warm up: the tables, and the scorer's buffers grown by a few games' wins.
    for g in 0..20 {
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        let mut agents: [Box<dyn Agent>; 4] =
            std::array::from_fn(|i| Box::new(RandomAgent::new(g * 4 + i as u64)) as Box<dyn Agent>);
        allocations_of(&mut game, &mut agents);
    }
    let mut wins = 0;
    for g in 100..160u64 {
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        // Efficiency players win hands: their settlements are counted too.
        let mut agents: [Box<dyn Agent>; 4] = if g % 2 == 0 {
            std::array::from_fn(|i| Box::new(RandomAgent::new(g * 4 + i as u64)) as Box<dyn Agent>)
        } else {
            std::array::from_fn(|_| Box::new(UkeireAgent) as Box<dyn Agent>)
        };
        let probe = game.clone();
        let n = allocations_of(&mut game, &mut agents);
        assert_eq!(n, 0, "game {g} allocated {n} times after its start");
        let mut replay = probe;
        let mut counted = 0;
        let mut again: [Box<dyn Agent>; 4] = if g % 2 == 0 {
            std::array::from_fn(|i| Box::new(RandomAgent::new(g * 4 + i as u64)) as Box<dyn Agent>)
        } else {
            std::array::from_fn(|_| Box::new(UkeireAgent) as Box<dyn Agent>)
        };
        while let Some(seat) = replay.to_act().first() {
            let a = again[seat as usize].act(&replay, seat);
            replay.step(seat, a).unwrap();
            counted += replay
                .events()
                .iter()
                .filter(|e| matches!(e, hupai::game::GameEvent::Hora { .. }))
                .count();
            replay.clear_events();
        }
        wins += counted;
    }
    assert!(wins > 20, "{wins} wins: the settlements were not exercised");
}
