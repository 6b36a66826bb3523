//! The table stepped with any bytes: a seed, then for each byte a seat and an action —
//! every other byte any action at all (refused unless legal, and then nothing changes), the
//! rest a legal one picked by the byte. No panic, no hang, and the table's invariants after
//! every step (`Game::audit`: each tile id once, hand sizes, points).
#![no_main]
use hupai::game::{Action, Game, GameError, GameRules, Length, Seed};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().unwrap());
    let rules = GameRules {
        length: if data[8] & 1 == 1 {
            Length::East
        } else {
            Length::Hanchan
        },
        kokushi_robs_closed_kan: data[8] & 2 == 2,
        no_kuikae: data[8] & 4 == 0,
        ..GameRules::default()
    };
    let mut game = Game::new(rules, Seed::from_u64(seed));
    for (i, &b) in data[9..].iter().enumerate() {
        let to_act = game.to_act();
        let seats: Vec<u8> = to_act.iter().collect();
        if seats.is_empty() {
            break;
        }
        let seat = seats[(b >> 6) as usize % seats.len()];
        let legal = game.legal(seat);
        if i % 2 == 0 {
            let Some(a) = Action::from_index(b % 155) else {
                continue;
            };
            let before = game.events().len();
            match game.step(seat, a) {
                Ok(()) => assert!(legal.contains(a), "{a} taken though not legal"),
                Err(e) => {
                    assert_eq!(e, GameError::Illegal { seat, action: a });
                    assert_eq!(e.code().name(), "ILLEGAL_ACTION");
                    assert!(!legal.contains(a));
                    assert_eq!(game.events().len(), before);
                }
            }
        } else {
            let a = legal.nth(b as usize % legal.len()).unwrap();
            game.step(seat, a).unwrap();
        }
        if let Err(e) = game.audit() {
            panic!("{e}");
        }
    }
});
