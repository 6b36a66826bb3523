//! Sichuan 血战到底 at the table (`hupai::game::room`), checked against a literal
//! reference kept beside each game: every hand rebuilt from the events alone, the 108 tiles
//! counted at every step, and every payment read against the room's rules as docs/SCORING.md
//! ("Sichuan at the table") writes them — a win paid by its discarder or by each seat still
//! in, the kongs (2 stakes a closed kong from each seat still in, 2 from a kong's discarder, 1
//! from each for an added one), 查花猪, 查大叫 and 退税 at the wall's end — over random games
//! (100,000 in the ignored pass); the hands written by hand are `tests/sichuan_hands.rs`.

use hupai::game::room::{Exchange, Reason, RoomAction, RoomActionKind, RoomGame, SichuanRules};
use hupai::game::RandomAgent;

#[path = "rooms/sichuan.rs"]
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;
use hupai::{Engine, Rules, TileSet};
use reference::Reference;

/// A seat's choice: seats 0 and 1 random, seats 2 and 3 for efficiency (every win taken,
/// every pon and kong, the discard that leaves the hand nearest a win); so wins of every kind
/// come often enough to check.
fn choose(
    game: &RoomGame,
    seat: u8,
    efficient: bool,
    pick: &mut RandomAgent,
    engine: &Engine,
) -> RoomAction {
    let legal = game.legal(seat);
    let n = (pick.next_u64() % legal.len() as u64) as usize;
    if !efficient {
        return legal.nth(n).unwrap();
    }
    let held = game.hand(seat);
    if legal.contains(RoomAction::void(0)) {
        let fewest =
            (0..3u8).min_by_key(|&s| held[9 * s as usize..9 * s as usize + 9].iter().sum::<u8>());
        return RoomAction::void(fewest.unwrap());
    }
    for a in [RoomAction::WIN, RoomAction::KONG, RoomAction::PON] {
        if legal.contains(a) {
            return a;
        }
    }
    let best = legal
        .iter()
        .filter_map(|a| match a.kind() {
            RoomActionKind::Discard(t) => {
                let mut c = *held;
                c[t.index()] -= 1;
                // Each pon or kong as three of its kind: a set, so the shanten of 14 tiles.
                game.melds(seat).for_each(|(_, k)| c[k.index()] += 3);
                // Tiles of the void suit count as far from any win.
                let void = game.void(seat).unwrap_or(3) as usize;
                let left = (0..27)
                    .filter(|&k| k / 9 == void)
                    .map(|k| c[k] as i32)
                    .sum::<i32>();
                let sh = engine.shanten_counts(&c, TileSet::EMPTY).unwrap_or(8) as i32;
                Some((sh + 2 * left, a))
            }
            _ => None,
        })
        .min_by_key(|&(v, _)| v);
    best.map_or(legal.nth(n).unwrap(), |(_, a)| a)
}

/// Plays `games` games under `rules` (two random seats, two efficient), the reference beside
/// each step: the steps, wins and payments, and the payments by reason.
fn play_random(games: u64, rules: SichuanRules) -> (u64, u64, u64, Vec<Reason>) {
    let engine = Engine::new(Rules::sichuan());
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| r.read(e, &rules),
        |r, game, g| {
            for s in 0..4 {
                // Tiles picked to pass are out of the hand until the exchange is told.
                let mut held = *game.hand(s);
                if !r.exchanged {
                    game.passing(s).iter().for_each(|&k| held[k as usize] += 1);
                }
                assert_eq!(&held[..27], &r.hands[s as usize][..], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left()), 108, "game {g}");
        },
        |game, seat, pick| choose(game, seat, seat >= 2, pick, &engine),
    );
    (run.steps, run.wins, run.pays, run.reasons)
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    let (steps, wins, pays, mut reasons) = play_random(300, SichuanRules::default());
    eprintln!("{steps} steps, {wins} wins, {pays} payments");
    assert!(
        steps > 50_000 && wins > 300 && pays > 2_000,
        "{steps} {wins} {pays}"
    );
    let other = SichuanRules {
        call_transfer: true,
        stake: 5,
        flower_pig: 5,
        next_dealer: hupai::game::room::NextDealer::Rotate,
        exchange: Exchange::Dice,
        ..SichuanRules::default()
    };
    reasons.extend(play_random(100, other).3);
    // 通炮: after several wins on one discard as a hand's first, the discarder deals.
    let feeder = SichuanRules {
        next_dealer: hupai::game::room::NextDealer::Feeder,
        ..SichuanRules::default()
    };
    reasons.extend(play_random(100, feeder).3);
    // Every reason a payment has was met (and checked).
    for r in [
        Reason::Win,
        Reason::ClosedKong,
        Reason::Kong,
        Reason::AddedKong,
        Reason::Transfer,
        Reason::FlowerPig,
        Reason::NotReady,
        Reason::Refund,
    ] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment: the cap 3 or none (2), the
/// self-draw's stake or else a fan (2; nothing, 自摸不加倍, taking turns with the fan), the checks at the wall's end on or off (2), 呼叫转移 off or on
/// (2), a 花猪 paying 3 or 5 fans (2), 查大叫 paying the best wait or the most (2) — 64 sets,
/// the stake 1 or 3, who deals next and 换三张 (it moves tiles, not money) taking turns.
fn every_switch_set() -> Vec<SichuanRules> {
    let d = SichuanRules::default();
    (0..64u32)
        .map(|i| {
            let bit = |b: u32| i >> b & 1 == 1;
            let mut r = SichuanRules {
                end_checks: !bit(2),
                call_transfer: bit(3),
                flower_pig: if bit(4) { 5 } else { 3 },
                not_ready: if bit(5) {
                    hupai::game::room::NotReadyPays::Most
                } else {
                    hupai::game::room::NotReadyPays::BestWait
                },
                stake: if i % 3 == 1 { 3 } else { 1 },
                next_dealer: rooms::dealer_rule(i as usize),
                ..d
            };
            r.scoring.cap = if bit(0) { 0 } else { 3 };
            // 天胡 / 地胡 added or the largest basic hand, taking turns (they are rare).
            r.scoring.heavenly = match i % 4 {
                2 => hupai::Heavenly::Largest,
                _ => hupai::Heavenly::Add,
            };
            // 换三张 off, to the next, across, the previous, by the dice, taking turns.
            r.exchange = [
                Exchange::Off,
                Exchange::Next,
                Exchange::Across,
                Exchange::Previous,
                Exchange::Dice,
            ][(i / 2 % 5) as usize];
            r.scoring.self_draw = match (bit(1), i % 3) {
                (true, _) => hupai::SelfDraw::Stake,
                (false, 0) => hupai::SelfDraw::Nothing,
                (false, _) => hupai::SelfDraw::Fan,
            };
            r
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n: u64 = std::env::var("HUPAI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let sets = every_switch_set();
    let (each, count) = (n.div_ceil(sets.len() as u64), sets.len());
    let (mut steps, mut wins, mut pays) = (0, 0, 0);
    for run in rooms::over_sets(&sets, |rules| play_random(each, rules)) {
        (steps, wins, pays) = (steps + run.0, wins + run.1, pays + run.2);
    }
    eprintln!(
        "{} games over {count} switch sets: {steps} steps, {wins} wins, {pays} payments",
        each * count as u64
    );
}

#[test]
fn actions_name_themselves_and_unknown_ones_are_refused() {
    for i in 0..=255u8 {
        match RoomAction::from_index(i) {
            Some(a) => {
                assert_eq!(a.index(), i);
                assert!(!a.to_string().is_empty());
                if let RoomActionKind::Discard(t) = a.kind() {
                    assert_eq!(RoomAction::discard(t), a);
                }
            }
            None => assert!(i as usize >= hupai::game::room::ROOM_ACTIONS),
        }
    }
}
