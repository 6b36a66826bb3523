//! The table (`hupai::game`): self-played games hold the table's invariants after every step
//! (every tile once, hand sizes, points), every action offered is taken and every other one
//! refused, seeds replay, and the rules' switches change what they say.

use hupai::game::{
    Action, Agent, DrawKind, Game, GameError, GameEvent, GameRules, Length, RandomAgent, Seed,
    Tsumogiri, UkeireAgent,
};

/// Plays `game` to its end with `agents`, auditing after every step; the steps taken.
fn play_out(game: &mut Game, agents: &mut [Box<dyn Agent>; 4]) -> u64 {
    let mut steps = 0;
    while let Some(seat) = game.to_act().first() {
        let a = agents[seat as usize].act(game, seat);
        game.step(seat, a)
            .unwrap_or_else(|e| panic!("{e}: {game:?}"));
        if let Err(e) = game.audit() {
            panic!("after {a} of seat {seat}: {e}\n{game:?}");
        }
        steps += 1;
        assert!(steps < 100_000, "a game that does not end");
    }
    steps
}

fn randoms(seed: u64) -> [Box<dyn Agent>; 4] {
    std::array::from_fn(|i| Box::new(RandomAgent::new(seed * 4 + i as u64)) as Box<dyn Agent>)
}

#[test]
fn random_games_keep_every_tile_and_every_point() {
    let mut rounds = 0;
    for g in 0..300u64 {
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        play_out(&mut game, &mut randoms(g));
        assert!(game.is_over());
        assert_eq!(game.scores().iter().sum::<i32>(), 100_000, "{game:?}");
        let events = game.events();
        assert!(matches!(events.last(), Some(GameEvent::EndGame { .. })));
        rounds += events
            .iter()
            .filter(|e| matches!(e, GameEvent::EndKyoku))
            .count();
        // Each round's settlement sums to zero but for the sticks it takes or leaves.
        let mut sticks_before = 0i32;
        for e in events {
            match *e {
                GameEvent::StartKyoku { sticks, .. } => sticks_before = sticks as i32,
                GameEvent::ReachAccepted { .. } => sticks_before += 1,
                GameEvent::Hora { deltas, .. } => {
                    let sum: i32 = deltas.iter().sum();
                    assert!(sum == 0 || sum == 1000 * sticks_before, "{deltas:?}");
                    sticks_before = 0;
                }
                GameEvent::Ryukyoku { deltas, .. } => {
                    assert_eq!(deltas.iter().sum::<i32>(), 0);
                }
                _ => {}
            }
        }
    }
    assert!(rounds > 300 * 4, "{rounds} rounds");
}

#[test]
fn built_in_agents_finish_games() {
    for g in 0..40u64 {
        for agents in [
            std::array::from_fn(|_| Box::new(Tsumogiri) as Box<dyn Agent>),
            std::array::from_fn(|_| Box::new(UkeireAgent) as Box<dyn Agent>),
        ] {
            let mut agents = agents;
            let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
            play_out(&mut game, &mut agents);
            assert!(game.is_over());
        }
    }
}

#[test]
fn ukeire_players_win_hands() {
    let mut wins = 0;
    for g in 0..20u64 {
        let mut agents: [Box<dyn Agent>; 4] =
            std::array::from_fn(|_| Box::new(UkeireAgent) as Box<dyn Agent>);
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        play_out(&mut game, &mut agents);
        wins += game
            .events()
            .iter()
            .filter(|e| matches!(e, GameEvent::Hora { .. }))
            .count();
    }
    assert!(wins > 100, "{wins} wins in 20 games");
}

#[test]
fn a_seed_replays_the_same_game_and_a_clone_plays_on_alike() {
    let mut a = Game::new(GameRules::default(), Seed::from_u64(77));
    let mut b = Game::new(GameRules::default(), Seed::from_u64(77));
    let (mut ra, mut rb) = (RandomAgent::new(1), RandomAgent::new(1));
    for _ in 0..200 {
        let seat = a.to_act().first().unwrap();
        a.step(seat, ra.act(&a, seat)).unwrap();
        b.step(seat, rb.act(&b, seat)).unwrap();
    }
    assert_eq!(a.events(), b.events());
    let mut c = a.clone();
    let mut rc = ra.clone();
    play_out(
        &mut a,
        &mut [
            Box::new(ra),
            Box::new(RandomAgent::new(2)),
            Box::new(RandomAgent::new(3)),
            Box::new(RandomAgent::new(4)),
        ],
    );
    play_out(
        &mut c,
        &mut [
            Box::new(rc.clone()),
            Box::new(RandomAgent::new(2)),
            Box::new(RandomAgent::new(3)),
            Box::new(RandomAgent::new(4)),
        ],
    );
    let _ = rc.next_u64();
    assert_eq!(a.events(), c.events());
}

#[test]
fn every_action_not_offered_is_refused_and_changes_nothing() {
    let mut game = Game::new(GameRules::default(), Seed::from_u64(3));
    let mut agent = RandomAgent::new(3);
    for _ in 0..400 {
        let Some(seat) = game.to_act().first() else {
            break;
        };
        let legal = game.legal(seat);
        let before = format!("{:?}", game.events().len());
        for i in 0..hupai::game::ACTIONS as u8 {
            let a = Action::from_index(i).unwrap();
            if !legal.contains(a) {
                let mut probe = game.clone();
                assert_eq!(
                    probe.step(seat, a),
                    Err(GameError::Illegal { seat, action: a })
                );
                assert_eq!(format!("{:?}", probe.events().len()), before);
            }
        }
        for other in (0..4).filter(|&s| !game.to_act().contains(s)) {
            assert_eq!(
                game.clone().step(other, legal.iter().next().unwrap()),
                Err(GameError::NotToAct { seat: other })
            );
        }
        for other in 4..=u8::MAX {
            assert!(game.legal(other).is_empty());
            let e = game.clone().step(other, legal.iter().next().unwrap());
            assert_eq!(e, Err(GameError::NoSeat { seat: other.into() }));
            assert_eq!(e.unwrap_err().code().name(), "BAD_ARGUMENT");
        }
        game.step(seat, agent.pick(legal)).unwrap();
    }
}

#[test]
fn a_callers_numbers_are_read_as_seats_and_actions_or_refused() {
    use hupai::game::{action_of, seat_of, ACTIONS};
    for n in [-1i64, 4, 255, 256, i64::MIN, i64::MAX] {
        assert_eq!(seat_of(n), Err(GameError::NoSeat { seat: n }));
    }
    assert_eq!(
        (0..4).map(|n| seat_of(n).unwrap()).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
    for n in [-1i64, ACTIONS as i64, 255, 256, i64::MAX] {
        let e = action_of(n).unwrap_err();
        assert_eq!(
            (e.code().name(), &e),
            ("BAD_ARGUMENT", &GameError::NoAction { action: n })
        );
    }
    for n in 0..ACTIONS as i64 {
        assert_eq!(action_of(n).unwrap().index() as i64, n);
    }
}

#[test]
fn an_east_game_is_shorter_and_tobi_ends_a_game() {
    // How many rounds start with a seat below zero, over `n` east games begun with seat 0 at
    // 1,000 points (its walls given round by round).
    let below_zero_goes_on = |tobi: bool, n: u64| {
        let rules = GameRules {
            length: Length::East,
            tobi,
            ..GameRules::default()
        };
        let start = hupai::game::RoundStart {
            round: 0,
            honba: 0,
            sticks: 0,
            scores: [1_000, 33_000, 33_000, 33_000],
        };
        let mut seen = 0;
        for g in 0..n {
            let seed = Seed::from_u64(g);
            let mut game = Game::at_round(rules, start, seed.wall(0)).unwrap();
            let mut agents = randoms(g);
            for k in 1.. {
                play_out(&mut game, &mut agents);
                if !game.next_wall_needed() {
                    break;
                }
                game.give_wall(seed.wall(k)).unwrap();
            }
            assert!(game.is_over());
            for e in game.events() {
                if let GameEvent::StartKyoku { round, scores, .. } = e {
                    assert!(*round < 8, "an east game reached round {round}");
                    seen += scores.iter().any(|&s| s < 0) as u32;
                }
            }
        }
        seen
    };
    // With tobi a seat below zero ends the game: no round starts so; without it play goes on.
    assert_eq!(below_zero_goes_on(true, 100), 0);
    assert!(
        below_zero_goes_on(false, 100) > 0,
        "no game went on below zero without tobi"
    );
}

#[test]
fn abortive_draws_happen_and_can_be_switched_off() {
    let mut kinds = std::collections::BTreeSet::new();
    for g in 0..300u64 {
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        play_out(&mut game, &mut randoms(g));
        for e in game.events() {
            if let GameEvent::Ryukyoku { kind, .. } = e {
                kinds.insert(format!("{kind:?}"));
            }
        }
    }
    assert!(
        kinds.contains(&format!("{:?}", DrawKind::Exhaustive)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&format!("{:?}", DrawKind::NineTerminals)),
        "{kinds:?}"
    );
    let rules = GameRules {
        abortive: false,
        nagashi: false,
        ..GameRules::default()
    };
    for g in 0..50u64 {
        let mut game = Game::new(rules, Seed::from_u64(g));
        play_out(&mut game, &mut randoms(g));
        for e in game.events() {
            if let GameEvent::Ryukyoku { kind, .. } = e {
                assert!(
                    matches!(kind, DrawKind::Exhaustive | DrawKind::ThreeRons),
                    "{kind:?}"
                );
            }
        }
    }
}
