//! A room's table (Sichuan, 红中, 长沙, Guobiao or 南昌, by the tenth byte) stepped with any bytes: a seed and the
//! switches, then for each byte a seat and an action — every other byte any room action at
//! all (refused unless legal, and then nothing changes), the rest a legal one picked by the
//! byte. No panic, no hang; the points always sum to zero, every seat holds at most four of
//! a kind, and no more flowers are set aside than the room plays.
#![no_main]
use hupai::game::room::{
    BirdPay, ChangshaRules, DiscardPays, DiscardWins, Exchange, GuobiaoRules, HongzhongRules,
    KongPay, NanchangRules, NextDealer, NotReadyPays, Room, RoomAction, RoomGame, SichuanRules,
    ROOM_ACTIONS,
};
use hupai::game::{GameError, Seed};
use hupai::{Heavenly, SelfDraw};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().unwrap());
    let (x, y, z) = (data[8], data[9], (seed >> 56) as u8);
    // Who deals next, every room: the seed's seventh byte (通炮's `Feeder` among them).
    let next_dealer = [
        NextDealer::FirstWinner,
        NextDealer::Rotate,
        NextDealer::Feeder,
    ][(seed >> 48) as usize % 256 % 3];
    let room: Room = if y % 8 == 7 {
        NanchangRules {
            hands: 2,
            discard_pays: if x & 1 == 0 {
                DiscardPays::All
            } else {
                DiscardPays::Discarder
            },
            dealer_double: x & 2 == 0,
            jing: x & 4 == 0,
            de_guo_bonus: if y & 32 == 0 { 0 } else { x },
            ba_wang_bonus: if y & 64 == 0 { 0 } else { 10 },
            robbed_pays_all: y & 8 == 8,
            // The tenth byte's low bits name the room: the seed's top byte the rest.
            heavenly_flat: u32::from(z & 1) * 32,
            earthly_flat: u32::from(z & 2) * 20,
            de_zhong_de: z & 4 == 4,
            follow_dealer: u32::from(z & 8) * 5 / 8,
            lower_jing: z & 16 == 16,
            kong_points: u32::from(z >> 5),
            multiple_wins: y & 128 == 0,
            cap: x >> 3 & 3,
            stake: 1 + u32::from(x >> 5),
            next_dealer,
            // 大七对 and 杠上开花 ×4: the seed's sixth byte.
            all_pungs_fans: 1 + (seed >> 40 & 1) as u8,
            kong_bloom_fans: 1 + (seed >> 41 & 1) as u8,
            jing_kong: (seed >> 42 & 1) as u32 * 10,
            look_back: seed >> 43 & 1 == 1,
            dealer_opening_kong: seed >> 44 & 1 == 0,
            jing_chi: seed >> 45 & 1 == 1,
            jing_bao: seed >> 46 & 1 == 1,
        }
        .into()
    } else if y % 4 == 3 {
        GuobiaoRules {
            hands: 2,
            minimum: [0, 8, 16, 88][(x & 3) as usize],
            base: u32::from(x >> 2 & 15),
            stake: 1 + u32::from(x >> 6),
            multiple_wins: y & 4 == 4,
            next_dealer,
            flowers: z & 1 == 1,
        }
        .into()
    } else if y % 3 == 2 {
        ChangshaRules {
            hands: 2,
            bird_pay: if x & 4 == 0 {
                BirdPay::Add
            } else {
                BirdPay::Multiply
            },
            stake: 1 + u32::from(x >> 4),
            birds: y >> 2 & 7,
            dealer_extra: x & 3,
            opening_wins: y & 0x20 == 0,
            cap: y >> 6 & 3,
            sea_bottom: y & 1 == 0,
            birds_on_extra: z & 1 == 0,
            open_kong: z & 2 == 2,
            next_dealer,
            ..ChangshaRules::default()
        }
        .into()
    } else if y % 3 == 0 {
        let mut rules = SichuanRules {
            hands: 2,
            call_transfer: x & 1 == 1,
            end_checks: x & 2 == 0,
            stake: 1 + u32::from(x >> 4),
            not_ready: if y & 0x40 == 0 {
                NotReadyPays::BestWait
            } else {
                NotReadyPays::Most
            },
            next_dealer,
            ..SichuanRules::default()
        };
        rules.scoring.cap = x >> 2 & 3;
        rules.scoring.self_draw =
            [SelfDraw::Fan, SelfDraw::Stake, SelfDraw::Nothing][y as usize / 3 % 3];
        if y & 0x80 != 0 {
            rules.scoring.heavenly = Heavenly::Largest;
        }
        rules.exchange = [
            Exchange::Off,
            Exchange::Next,
            Exchange::Across,
            Exchange::Previous,
            Exchange::Dice,
        ][y as usize / 9 % 5];
        rules.into()
    } else {
        HongzhongRules {
            hands: 2,
            discard_wins: [
                DiscardWins::Never,
                DiscardWins::Any,
                DiscardWins::WithoutRedDragon,
            ][(x & 3) as usize % 3],
            bird_pay: if x & 4 == 0 {
                BirdPay::Add
            } else {
                BirdPay::Multiply
            },
            kongs: if x & 8 == 0 {
                KongPay::HONGZHONG
            } else {
                KongPay::ONE_EACH
            },
            stake: 1 + u32::from(x >> 4),
            birds: y >> 1 & 7,
            no_red_birds: y >> 4 & 7,
            robbed_pays_all: y & 0x80 == 0,
            draw_refunds_kongs: y & 2 == 0,
            cap: y >> 5 & 3,
            one_bird_all: x & 0x80 != 0,
            seven_pairs: x & 0x40 == 0,
            no_red_double: x & 0x20 == 0,
            red_dragons: if z & 1 == 1 { 8 } else { 4 },
            next_dealer,
            ..HongzhongRules::default()
        }
        .into()
    };
    let mut game = RoomGame::new(room, Seed::from_u64(seed));
    for (i, &b) in data[10..].iter().enumerate() {
        let seats: Vec<u8> = game.to_act().iter().collect();
        if seats.is_empty() {
            break;
        }
        let seat = seats[(b >> 6) as usize % seats.len()];
        let legal = game.legal(seat);
        if i % 2 == 0 {
            let Some(a) = RoomAction::from_index(b % ROOM_ACTIONS as u8) else {
                continue;
            };
            let before = game.events().len();
            match game.step(seat, a) {
                Ok(()) => assert!(legal.contains(a), "{a} taken though not legal"),
                Err(e) => {
                    assert_eq!(e, GameError::IllegalRoom { seat, action: a });
                    assert_eq!(e.code().name(), "ILLEGAL_ACTION");
                    assert_eq!(game.events().len(), before);
                }
            }
        } else {
            let a = legal.nth(b as usize % legal.len()).unwrap();
            game.step(seat, a).unwrap();
        }
        assert_eq!(game.scores().iter().sum::<i64>(), 0);
        for s in 0..4 {
            let copies = |(k, &c): (usize, &u8)| c <= game.room().copies(k);
            assert!(game.hand(s).iter().enumerate().all(copies));
        }
        assert!((0..4).map(|s| game.flowers(s)).sum::<u8>() <= game.room().flowers());
    }
});
