//! 南昌麻将 at the table (`hupai::game::room`), checked against a literal reference kept
//! beside each game: every hand rebuilt from the events alone, the 136 tiles counted at every
//! step (the 精's indicator out of play), every seat's options on a discard (chi of the seat
//! before alone, pon, kong, a win; none on a 精) and on its draw (a win) found again from the
//! hands, and every payment read against the room's rules as docs/SCORING.md ("Nanchang at the
//! table") writes them — the scorer's value for the reference's own hand with the hand's 精
//! wild (天胡, 地胡, 杠上开花, 抢杠胡 from the moment), the dealer's double, a discard paid by
//! its discarder alone or by every seat with the discarder twice, a self-draw by each, the 精
//! of every seat settled at a won hand's end (2 a 正精, 1 a 副精, 冲关, 霸王精), the next dealer
//! — over random games under several switch sets (100,000 in the ignored pass).
//! `tests/nanchang_wins.rs` and `tests/nanchang_hands.rs` hold the hands written by hand.

use hupai::game::room::{DiscardPays, NanchangRules, NextDealer, RoomEvent};
use hupai::{nanchang_wilds, Engine, Rules, TileSet};
use reference::Reference;

#[path = "rooms/nanchang.rs"]
#[allow(dead_code)] // the walls and scripts the hands written by hand use
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// What a run met.
#[derive(Clone, Copy, Debug, Default)]
struct Met {
    steps: u64,
    wins: u64,
    pays: u64,
    /// 精 settlements, 跟庄 payments, wins paid at 德中德, 下精 settlements, kong points, 精杠
    /// points, 回头一笑 settlements, 冲关 paid by a feeder alone (包).
    settled: u64,
    followed: u64,
    de_zhong_de: u64,
    lower: u64,
    kongs: u64,
    jing_kongs: u64,
    looked_back: u64,
    bao: u64,
    /// Hands drawn, and hands won on the wall's last tile (no 下精 then).
    drawn: u64,
    last_tile: u64,
}

impl Met {
    fn add(self, o: Met) -> Met {
        Met {
            steps: self.steps + o.steps,
            wins: self.wins + o.wins,
            pays: self.pays + o.pays,
            settled: self.settled + o.settled,
            followed: self.followed + o.followed,
            de_zhong_de: self.de_zhong_de + o.de_zhong_de,
            lower: self.lower + o.lower,
            kongs: self.kongs + o.kongs,
            jing_kongs: self.jing_kongs + o.jing_kongs,
            looked_back: self.looked_back + o.looked_back,
            bao: self.bao + o.bao,
            drawn: self.drawn + o.drawn,
            last_tile: self.last_tile + o.last_tile,
        }
    }
}

/// Plays `games` games under `rules`, the reference beside each step: three greedy players
/// and a random one — or, at a stake of 3, four random players, whose hands are drawn and
/// won on the wall's last tile as the greedy players' never are.
fn play_random(games: u64, rules: NanchangRules) -> Met {
    let engine = Engine::new(Rules::nanchang());
    let random_below = if rules.stake == 3 { 4 } else { 1 };
    let mut met = Met::default();
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| {
            r.read(e, &rules);
            if matches!(e, RoomEvent::EndGame { .. }) {
                met = met.add(Met {
                    settled: r.settled,
                    followed: r.followed,
                    de_zhong_de: r.de_zhong_de,
                    lower: r.lower_settled,
                    kongs: r.kong_bonuses,
                    jing_kongs: r.jing_kongs,
                    looked_back: r.looked_back,
                    bao: r.bao,
                    drawn: r.drawn_hands,
                    last_tile: r.last_tile_wins,
                    ..Met::default()
                });
            }
        },
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.seen.hands[s as usize], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left()), 136, "game {g}");
            assert_eq!(game.jing().map(|t| t.index() as u8), r.jing, "game {g}");
            game.to_act()
                .iter()
                .for_each(|s| r.check_options(game, s, &rules));
        },
        |game, seat, pick| {
            let (zheng, fu) = nanchang_wilds(game.jing().unwrap());
            let wild = TileSet::from_iter([zheng, fu]);
            rooms::greedy(game, seat, pick, &engine, random_below, wild)
        },
    );
    Met {
        steps: run.steps,
        wins: run.wins,
        pays: run.pays,
        ..met
    }
}

/// The switch sets the random games play: the default, and two that change every payment.
fn switch_sets() -> [NanchangRules; 3] {
    let d = NanchangRules::default();
    [
        d,
        NanchangRules {
            discard_pays: DiscardPays::Discarder,
            dealer_double: false,
            de_guo_bonus: 5,
            ba_wang_bonus: 10,
            stake: 3,
            cap: 2,
            next_dealer: NextDealer::Rotate,
            de_zhong_de: true,
            follow_dealer: 5,
            lower_jing: true,
            kong_points: 2,
            jing_kong: 10,
            all_pungs_fans: 2,
            kong_bloom_fans: 2,
            look_back: true,
            jing_chi: true,
            jing_bao: true,
            ..d
        },
        NanchangRules {
            jing: false,
            hands: 4,
            robbed_pays_all: true,
            next_dealer: NextDealer::Feeder,
            de_zhong_de: true,
            follow_dealer: 5,
            lower_jing: true,
            multiple_wins: false,
            look_back: true,
            dealer_opening_kong: false,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    for rules in switch_sets() {
        let m = play_random(100, rules);
        eprintln!("{m:?}");
        assert_eq!(m.lower > 0, rules.lower_jing);
        assert_eq!(m.kongs > 0, rules.kong_points > 0);
        assert_eq!(m.looked_back > 0, rules.look_back);
        assert!(m.steps > 10_000 && m.wins > 100 && m.pays > 300, "{m:?}");
        assert_eq!(m.settled > 0, rules.jing);
    }
}

/// Every combination of the switches that change a payment: who pays a discard (2), the
/// dealer's double (2), the 精 settled or not (2), the cap none or 2 (2), 德国 +0 or +5 (2),
/// 霸王精 doubling or +10 (2), 抢杠全包 or not (2), 德中德 or not (2), 下精 or not (2) — 512
/// sets, the stake 1 or 3, who deals next, the flat 天胡 / 地胡, 跟庄 (0 or 5), the kongs'
/// points (0, 2 or 3), one winner or several on a discard, 大七对 and 杠上开花 at ×2 or ×4,
/// 回头一笑, the dealer's opening kong, a discarded 精 chowed and 包 taking turns.
fn every_switch_set() -> Vec<NanchangRules> {
    let d = NanchangRules::default();
    (0..512u32)
        .map(|i| NanchangRules {
            discard_pays: if i & 1 == 1 {
                DiscardPays::Discarder
            } else {
                DiscardPays::All
            },
            dealer_double: i & 2 == 0,
            jing: i & 4 == 0,
            cap: if i & 8 == 8 { 2 } else { 0 },
            de_guo_bonus: if i & 16 == 16 { 5 } else { 0 },
            ba_wang_bonus: if i & 32 == 32 { 10 } else { 0 },
            robbed_pays_all: i & 64 == 64,
            de_zhong_de: i & 128 == 128,
            lower_jing: i & 256 == 256,
            kong_points: [0, 2, 0, 3][(i % 4) as usize],
            follow_dealer: if i % 7 < 4 { 5 } else { 0 },
            // 天胡 / 地胡 flat (rare wins) taking turns: N5's 32 / 32, the 20 / 40.
            heavenly_flat: [0, 32, 20][(i % 3) as usize],
            earthly_flat: [0, 32, 40][(i % 3) as usize],
            stake: if i % 3 == 1 { 3 } else { 1 },
            multiple_wins: i % 11 < 8,
            next_dealer: rooms::dealer_rule(i as usize),
            jing_kong: if i % 17 < 9 { 10 } else { 0 },
            all_pungs_fans: 1 + (i % 5 < 2) as u8,
            kong_bloom_fans: 1 + (i % 13 < 6) as u8,
            look_back: i % 19 < 10,
            dealer_opening_kong: i % 23 < 12,
            jing_chi: i % 29 < 20,
            jing_bao: i % 31 < 16,
            ..d
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n = rooms::property_games();
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let mut m = Met::default();
    for run in rooms::over_sets(&sets, |rules| play_random(each, rules)) {
        m = m.add(run);
    }
    eprintln!(
        "{} games over {} switch sets: {} steps, {} wins, {} payments, {} 精 settlements, \
         {} 跟庄, {} 德中德, {} 下精, {} kong points, {} 精杠 points, {} 回头一笑, {} 包, {} \
         hands drawn, {} won on the last tile",
        each * sets.len() as u64,
        sets.len(),
        m.steps,
        m.wins,
        m.pays,
        m.settled,
        m.followed,
        m.de_zhong_de,
        m.lower,
        m.kongs,
        m.jing_kongs,
        m.looked_back,
        m.bao,
        m.drawn,
        m.last_tile,
    );
    // 德中德, 下精, kong points, 回头一笑 and drawn hands come in every run; 跟庄 (four first
    // discards of one kind) about once in 550 games, so only the long runs must meet it.
    let every_run = [m.de_zhong_de, m.lower, m.kongs, m.looked_back, m.drawn];
    assert!(every_run.iter().all(|&n| n > 0), "{m:?}");
    assert!(
        m.followed > 0 || each < 500,
        "跟庄 never paid in {each} games a set"
    );
}
