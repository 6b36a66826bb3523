//! 红中麻将 at the table (`hupai::game::room`), checked against a literal reference kept
//! beside each game: every hand rebuilt from the events alone, the 112 tiles counted at every
//! step (the birds too), and every payment read against the room's rules as docs/SCORING.md
//! ("Hongzhong at the table") writes them — a 红中 never called nor won on, a win on a
//! discard only where the switch lets it, the birds drawn and their hits counted (1, 5, 9 and
//! 红中), a win paid `value + hits × stake` or `value × (1 + hits)` by each other seat, the
//! discarder or the robbed konger (three times under 抢杠全包), the kongs paid as the switch
//! says, 荒庄荒杠 at a drawn wall, the next dealer — over random games under several switch
//! sets (100,000 in the ignored pass) and hands written by hand.

use hupai::game::room::{
    BirdPay, DiscardWins, HongzhongRules, KongPay, NextDealer, Reason, RoomAction, RoomActionKind,
    RoomEvent, RoomGame,
};
use hupai::game::RandomAgent;
use hupai::{Call, CallKind, Engine, Rules, Tile, Win, WinningHand};
use rooms::{last_scores, paid};

#[path = "rooms/mod.rs"]
mod rooms;

const RED: usize = 33;

/// A payment owed: its reason, its payee, and each payer with the amount.
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand.
#[derive(Clone)]
struct Reference {
    hands: [[u8; 34]; 4],
    melds: [Vec<(u8, bool)>; 4],
    won: Option<u8>,
    river: u32,
    birds: u32,
    kong_in: [[i64; 4]; 4],
    scores: [i64; 4],
    dealer: u8,
    /// The dealer the next deal must name (none before the first).
    next_dealer: Option<u8>,
    /// The hits of the birds just drawn, for the win that follows.
    hits: Option<u8>,
    /// The draw just read is a kong's replacement.
    kong_draw: bool,
    /// The discarder of the win just read (a second win on one discard takes no tile).
    taken_from: Option<u8>,
    /// That win robbed a kong.
    robbed: bool,
    refunds: Vec<(u8, u8, i64)>,
    expect: Vec<Owed>,
}

impl Default for Reference {
    fn default() -> Reference {
        Reference {
            hands: [[0; 34]; 4],
            melds: Default::default(),
            won: None,
            river: 0,
            birds: 0,
            kong_in: [[0; 4]; 4],
            scores: [0; 4],
            dealer: 0,
            next_dealer: None,
            hits: None,
            kong_draw: false,
            taken_from: None,
            robbed: false,
            refunds: Vec::new(),
            expect: Vec::new(),
        }
    }
}

impl Reference {
    fn others(seat: u8) -> Vec<u8> {
        (0..4).filter(|&q| q != seat).collect()
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    fn read(&mut self, e: &RoomEvent, rules: &HongzhongRules) {
        let stake = i64::from(rules.stake);
        if !matches!(
            e,
            RoomEvent::Win { .. } | RoomEvent::Pay { .. } | RoomEvent::Birds { .. }
        ) {
            self.taken_from = None;
        }
        match *e {
            RoomEvent::Deal {
                ref hands, dealer, ..
            } => {
                if let Some(d) = self.next_dealer {
                    assert_eq!(dealer, d, "the dealer");
                }
                *self = Reference {
                    scores: self.scores,
                    dealer,
                    ..Reference::default()
                };
                for (s, h) in hands.iter().enumerate() {
                    h.iter().for_each(|&t| self.hands[s][t as usize] += 1);
                }
            }
            RoomEvent::Void { .. } => panic!("红中麻将 declares no void suit"),
            RoomEvent::Jing { .. } => panic!("红中麻将 turns no 精"),
            RoomEvent::Chi { .. } | RoomEvent::Opening { .. } => panic!("红中麻将: {e:?}"),
            RoomEvent::Draw { seat, tile } => {
                assert!(self.won.is_none(), "a draw after the win");
                self.hands[seat as usize][tile as usize] += 1;
            }
            RoomEvent::Discard { seat, tile } => {
                take(&mut self.hands[seat as usize], tile, 1);
                self.river += 1;
                self.kong_draw = false;
            }
            RoomEvent::Pon { seat, tile, .. } => {
                assert_ne!(tile as usize, RED, "a 红中 called");
                take(&mut self.hands[seat as usize], tile, 2);
                self.melds[seat as usize].push((tile, false));
                self.river -= 1;
            }
            RoomEvent::Kong {
                seat,
                from,
                tile,
                added,
            } => {
                assert_ne!(tile as usize, RED, "a kong of 红中");
                let s = seat as usize;
                let k = rules.kongs;
                let each = |n: u8| -> Vec<(u8, i64)> {
                    Self::others(seat)
                        .into_iter()
                        .map(|q| (q, i64::from(n) * stake))
                        .collect()
                };
                let (n, payers, reason) = match (from, added) {
                    (Some(f), _) => {
                        self.river -= 1;
                        (3, vec![(f, i64::from(k.discard) * stake)], Reason::Kong)
                    }
                    (None, false) => (4, each(k.closed), Reason::ClosedKong),
                    (None, true) => {
                        let m = self.melds[s].iter_mut().find(|m| m.0 == tile && !m.1);
                        m.expect("an added kong's pon").1 = true;
                        (1, each(k.added), Reason::AddedKong)
                    }
                };
                take(&mut self.hands[s], tile, n);
                if n != 1 {
                    self.melds[s].push((tile, true));
                }
                self.expect.push((reason, seat, payers));
                self.kong_draw = true;
            }
            RoomEvent::Birds {
                seat,
                ref tiles,
                count,
                hits,
                on,
            } => {
                let mut all_on_winner = [0; 4];
                all_on_winner[seat as usize] = hits;
                assert_eq!(on, all_on_winner, "红中's hits are the winner's");
                let no_red = self.hands[seat as usize][RED] == 0;
                let wanted = match rules.one_bird_all {
                    true => 1,
                    false => rules.birds + if no_red { rules.no_red_birds } else { 0 },
                };
                if self.taken_from.is_none() {
                    assert_eq!(count, wanted.min(8), "birds drawn");
                }
                // A bird of 1, 5, 9 or 红中 hits once; under 一码全中 the one bird's rank is
                // its hits, a 红中's 10.
                let hit = |&k: &u8| match rules.one_bird_all {
                    true if k as usize == RED => 10,
                    true => usize::from(k % 9 + 1),
                    false => {
                        usize::from(k as usize == RED || k < 27 && [0, 4, 8].contains(&(k % 9)))
                    }
                };
                assert_eq!(
                    hits as usize,
                    tiles[..count as usize].iter().map(hit).sum::<usize>()
                );
                self.birds += u32::from(count);
                self.hits = Some(hits);
            }
            RoomEvent::Win {
                seat,
                from,
                tile,
                fan,
            } => {
                let hits = self.hits.take().expect("birds before the win");
                assert!(
                    from.is_none() || tile as usize != RED,
                    "a win on a 红中 discarded"
                );
                let second = self.taken_from.is_some() && self.taken_from == from;
                self.taken_from = from;
                // A robbed kong: its konger holds the tile beside its pon of it (a second winner
                // on the same tile robbed it too).
                let robbing = if second {
                    self.robbed
                } else {
                    from.is_some_and(|f| {
                        self.hands[f as usize][tile as usize] > 0
                            && self.melds[f as usize].iter().any(|m| m.0 == tile && !m.1)
                    })
                };
                self.robbed = robbing;
                match from {
                    Some(_) if robbing => assert!(rules.rob_kong, "a robbed kong won on"),
                    Some(_) => match rules.discard_wins {
                        DiscardWins::Never => panic!("a win on a discard"),
                        DiscardWins::Any => {}
                        DiscardWins::WithoutRedDragon => {
                            assert_eq!(self.hands[seat as usize][RED], 0, "有红中不接炮")
                        }
                    },
                    None => {}
                }
                let mut held = self.hands[seat as usize];
                if from.is_some() {
                    held[tile as usize] += 1;
                }
                let (value, scored_fan) =
                    self.value(seat, &held, tile, from.is_none(), robbing, rules);
                assert_eq!(fan, scored_fan);
                let each = match rules.bird_pay {
                    BirdPay::Add => value + i64::from(hits) * stake,
                    BirdPay::Multiply => value * (1 + i64::from(hits)),
                };
                let payers = match from {
                    Some(f) if robbing && rules.robbed_pays_all => vec![(f, 3 * each)],
                    Some(f) => vec![(f, each)],
                    None => Self::others(seat).into_iter().map(|q| (q, each)).collect(),
                };
                self.expect.push((Reason::Win, seat, payers));
                if let (Some(f), false) = (from, second) {
                    self.hands[seat as usize][tile as usize] += 1;
                    if robbing {
                        take(&mut self.hands[f as usize], tile, 1);
                    } else {
                        self.river -= 1;
                    }
                }
                self.won.get_or_insert(seat);
            }
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason,
            } => {
                assert!(amount > 0, "{e:?}");
                self.scores[from as usize] -= amount;
                self.scores[to as usize] += amount;
                if reason == Reason::Refund {
                    self.refunds.push((from, to, amount));
                    return;
                }
                let i = self
                    .expect
                    .iter()
                    .position(|(r, p, ps)| {
                        *r == reason && *p == to && ps.iter().any(|x| x.0 == from)
                    })
                    .unwrap_or_else(|| panic!("{e:?} not owed: {:?}", self.expect));
                let payers = &mut self.expect[i].2;
                let j = payers.iter().position(|x| x.0 == from).unwrap();
                let (_, owed) = payers.remove(j);
                assert_eq!(owed, amount, "{e:?}");
                if reason != Reason::Win {
                    self.kong_in[to as usize][from as usize] += amount;
                }
            }
            RoomEvent::EndHand { scores } => {
                assert_eq!(scores, self.scores);
                let mut owed = Vec::new();
                if self.won.is_none() && rules.draw_refunds_kongs {
                    for n in 0..4u8 {
                        for p in 0..4u8 {
                            let x = self.kong_in[n as usize][p as usize];
                            if x > 0 {
                                owed.push((n, p, x));
                            }
                        }
                    }
                }
                assert_eq!(std::mem::take(&mut self.refunds), owed);
                for (r, p, ps) in &self.expect {
                    assert!(ps.is_empty(), "{r:?} to {p}: {ps:?} unpaid");
                }
                self.expect.clear();
                self.next_dealer = Some(match (rules.next_dealer, self.won) {
                    (NextDealer::Rotate, _) => (self.dealer + 1) % 4,
                    (NextDealer::FirstWinner, Some(w)) => w,
                    (NextDealer::FirstWinner, None) => self.dealer,
                });
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
        }
    }

    /// What each payer pays for `seat`'s win with `held` (the winning tile in it), before the
    /// birds, and its fans: the room's scorer on the hand and its calls, the moment's flags
    /// (杠上开花 on a kong's replacement, 抢杠胡).
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        tsumo: bool,
        robbing: bool,
        rules: &HongzhongRules,
    ) -> (i64, u32) {
        let calls = self.melds[seat as usize]
            .iter()
            .map(|&(t, kong)| {
                let kind = if kong { CallKind::Kan } else { CallKind::Pon };
                Call::new(kind, Tile::from_index(t as usize), 0).unwrap()
            })
            .collect();
        let hand =
            WinningHand::from_parts(*held, calls, Tile::from_index(tile as usize), [0; 3]).unwrap();
        let win = Win {
            tsumo,
            stake: rules.stake,
            payers: 3,
            rinshan: tsumo && self.kong_draw,
            chankan: robbing,
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            room: hupai::RoomRules {
                cap: rules.cap,
                ..hupai::RoomRules::default()
            },
            ..Win::default()
        };
        let engine = Engine::new(Rules::hongzhong().four_wild_win(rules.four_red_dragons));
        let s = engine.score(&hand, &win).unwrap().hongzhong().unwrap();
        (s.each as i64, s.fan)
    }

    /// The 112 tiles: concealed, melded, in the rivers, drawn as birds and in the wall.
    fn tiles(&self, left: u8, reserve: u8) -> u32 {
        let held: u32 = self.hands.iter().flatten().map(|&c| u32::from(c)).sum();
        let melded: u32 = self
            .melds
            .iter()
            .flatten()
            .map(|&(_, kong)| if kong { 4 } else { 3 })
            .sum();
        held + melded + self.river + self.birds + u32::from(left) + u32::from(reserve)
    }
}

fn take(hand: &mut [u8; 34], tile: u8, n: u8) {
    assert!(hand[tile as usize] >= n, "{n} of {tile} not held");
    hand[tile as usize] -= n;
}

/// Seats 0 and 1 random; seats 2 and 3 take every win, kong and pon, and discard what leaves
/// the hand nearest a win (the 红中 wild).
fn choose(game: &RoomGame, seat: u8, pick: &mut RandomAgent, engine: &Engine) -> RoomAction {
    let legal = game.legal(seat);
    let n = (pick.next_u64() % legal.len() as u64) as usize;
    if seat < 2 {
        return legal.nth(n).unwrap();
    }
    for a in [RoomAction::WIN, RoomAction::KONG, RoomAction::PON] {
        if legal.contains(a) {
            return a;
        }
    }
    let wild = Rules::hongzhong().wild;
    legal
        .iter()
        .filter_map(|a| match a.kind() {
            RoomActionKind::Discard(t) => {
                let mut c = *game.hand(seat);
                c[t.index()] -= 1;
                game.melds(seat).for_each(|(_, k)| c[k.index()] += 3);
                Some((engine.shanten_counts(&c, wild).unwrap_or(8), a))
            }
            _ => None,
        })
        .min_by_key(|&(v, _)| v)
        .map_or(legal.nth(n).unwrap(), |(_, a)| a)
}

/// Plays `games` games under `rules`, the reference beside each step: the steps, wins,
/// payments, and the payments' reasons met.
fn play_random(games: u64, rules: HongzhongRules) -> (u64, u64, u64, Vec<Reason>) {
    let engine = Engine::new(Rules::hongzhong());
    let reserve = match rules.one_bird_all {
        true => 1,
        false => rules.birds.saturating_add(rules.no_red_birds).min(8),
    };
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| r.read(e, &rules),
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.hands[s as usize], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left(), reserve), 112, "game {g}");
        },
        |game, seat, pick| choose(game, seat, pick, &engine),
    );
    (run.steps, run.wins, run.pays, run.reasons)
}

/// The switch sets the random games play: the default, and two that change every payment.
fn switch_sets() -> [HongzhongRules; 3] {
    let d = HongzhongRules::default();
    [
        d,
        HongzhongRules {
            discard_wins: DiscardWins::Any,
            bird_pay: BirdPay::Multiply,
            kongs: KongPay::ONE_EACH,
            draw_refunds_kongs: true,
            one_bird_all: true,
            stake: 3,
            cap: 2,
            next_dealer: NextDealer::Rotate,
            ..d
        },
        HongzhongRules {
            discard_wins: DiscardWins::WithoutRedDragon,
            robbed_pays_all: false,
            four_red_dragons: false,
            birds: 2,
            no_red_birds: 0,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    let mut reasons = Vec::new();
    for rules in switch_sets() {
        let (steps, wins, pays, r) = play_random(150, rules);
        eprintln!("{steps} steps, {wins} wins, {pays} payments");
        assert!(
            steps > 10_000 && wins > 150 && pays > 300,
            "{steps} {wins} {pays}"
        );
        reasons.extend(r);
    }
    for r in [
        Reason::Win,
        Reason::ClosedKong,
        Reason::Kong,
        Reason::AddedKong,
        Reason::Refund,
    ] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment or who may win: which discards
/// win (3), how birds pay (2), a robbed kong paid once or three times (2), 荒庄荒杠 (2), the
/// kongs 3/2/1 or 1/1/1 (2), 四红中 (2), 4+2 or 2+0 birds or 一码全中 (3) — 288 sets, the
/// stake 1 or 3 and the cap none or 2 taking turns.
fn every_switch_set() -> Vec<HongzhongRules> {
    let d = HongzhongRules::default();
    let mut sets = Vec::new();
    for i in 0..288u32 {
        let bit = |b: u32| i >> b & 1 == 1;
        sets.push(HongzhongRules {
            discard_wins: [
                DiscardWins::Never,
                DiscardWins::Any,
                DiscardWins::WithoutRedDragon,
            ][(i % 3) as usize],
            bird_pay: if bit(2) {
                BirdPay::Multiply
            } else {
                BirdPay::Add
            },
            robbed_pays_all: bit(3),
            draw_refunds_kongs: bit(4),
            kongs: if bit(5) {
                KongPay::ONE_EACH
            } else {
                KongPay::HONGZHONG
            },
            four_red_dragons: bit(6),
            birds: if i / 96 % 3 == 1 { 2 } else { 4 },
            no_red_birds: if i / 96 % 3 == 1 { 0 } else { 2 },
            one_bird_all: i / 96 % 3 == 2,
            stake: if i % 2 == 0 { 1 } else { 3 },
            cap: if i % 5 == 0 { 2 } else { 0 },
            ..d
        });
    }
    sets
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n: u64 = std::env::var("HUPAI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let (mut steps, mut wins, mut pays) = (0, 0, 0);
    for rules in sets.iter().copied() {
        let run = play_random(each, rules);
        (steps, wins, pays) = (steps + run.0, wins + run.1, pays + run.2);
    }
    eprintln!(
        "{} games over {} switch sets: {steps} steps, {wins} wins, {pays} payments",
        each * sets.len() as u64,
        sets.len()
    );
}

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str], back: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, back, 112)
}

fn drive(
    game: RoomGame,
    rules: HongzhongRules,
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    rooms::drive(game, &mut |e| reference.read(e, &rules), script)
}

fn one_hand() -> HongzhongRules {
    HongzhongRules {
        hands: 1,
        ..HongzhongRules::default()
    }
}

fn events_of(
    rules: HongzhongRules,
    w: &[u8],
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    drive(RoomGame::at_hand(rules, 0, w).unwrap(), rules, script)
}

fn birds(events: &[RoomEvent]) -> Vec<(u8, u8, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Birds {
                seat, count, hits, ..
            } => Some((seat, count, hits)),
            _ => None,
        })
        .collect()
}

/// The dealer's fourteen tiles win at once, no 红中 held: 平胡 and 无红中, 1 fan, 2 stakes;
/// six birds (four, and two for no 红中): 1m, 5p, 9s, 3s, 2m, 8s — three hit (1m, 5p, 9s);
/// each hit adds a stake: 5 from each of the three.
#[test]
fn a_self_draw_pays_its_fans_and_a_stake_a_hit() {
    let w = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert_eq!(birds(&events), [(0, 6, 3)]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 5), (2, 0, 5), (3, 0, 5)]
    );
    assert_eq!(last_scores(&events), [15, -5, -5, -5]);
}

/// 一码全中: the same self-draw, one bird drawn and its rank the hits (R5: a suited bird its
/// number, a 红中 10). A 9s under `add`: 2 + 9 = 11 from each; a 红中 under `multiply`:
/// 2 × (1 + 10) = 22 from each. The wall keeps that one bird back.
#[test]
fn one_bird_pays_its_rank_under_one_bird_all() {
    for (bird, pay, each) in [("9s", BirdPay::Add, 11), ("7z", BirdPay::Multiply, 22)] {
        let w = wall(
            [
                "123456789m234p5s",
                "1122m3344p6677s9p",
                "5566m7788p1122s7z",
                "3388m1166p3344s7z",
            ],
            "5s",
            &[bird],
            &[],
        );
        let rules = HongzhongRules {
            one_bird_all: true,
            bird_pay: pay,
            ..one_hand()
        };
        let events = events_of(rules, &w, &mut |g, seat| {
            (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
        });
        let hits = if bird == "9s" { 9 } else { 10 };
        assert_eq!(birds(&events), [(0, 1, hits)], "{bird}");
        assert_eq!(
            paid(&events, Reason::Win),
            [(1, 0, each), (2, 0, each), (3, 0, each)],
            "{bird}"
        );
    }
}

/// Seat 1 pons the dealer's 5m (no one may win on a discard) and adds its drawn fourth; seat
/// 2, holding a 红中, robs it (抢杠胡: 1 fan, 2 stakes; four birds for a hand with a 红中, 2m
/// 3m 4m 6m, none hits) and the konger pays for all three (抢杠全包): 6. No kong is paid.
#[test]
fn a_robbed_kong_is_paid_by_its_konger_for_all_three() {
    let w = wall(
        [
            "1122334m667788s",
            "55m123s456s789s99p",
            "46m123p456p789p1s7z",
            "1199m2288p3355s6p",
        ],
        "5m",
        &["7p", "7p", "7p", "5m", "2m", "3m", "4m", "6m"],
        &[],
    );
    let kong = RoomAction::added_kong("5m".parse().unwrap());
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        let legal = g.legal(seat);
        [RoomAction::PON, kong, RoomAction::WIN]
            .into_iter()
            .find(|&a| {
                legal.contains(a)
                    && if seat == 1 {
                        a != RoomAction::WIN
                    } else {
                        seat == 2 && a == RoomAction::WIN
                    }
            })
    });
    assert_eq!(birds(&events), [(2, 4, 0)]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 2,
        from: Some(1),
        tile: 4,
        fan: 1
    }));
    assert_eq!(paid(&events, Reason::Win), [(1, 2, 6)]);
    assert!(paid(&events, Reason::AddedKong).is_empty());
    assert_eq!(last_scores(&events), [0, -6, 6, 0]);
}

/// The dealer's closed kong of 2m is paid 2 by each (3/2/1: a closed kong 2); no one wins
/// (every seat discards its draw) and the wall is drawn with its six birds kept back; under
/// 荒庄荒杠 the kong money goes back: every seat ends at 0.
#[test]
fn a_drawn_wall_returns_the_kong_money_under_the_switch() {
    let rules = HongzhongRules {
        draw_refunds_kongs: true,
        ..one_hand()
    };
    let w = wall(
        [
            "2222m13579p1357s",
            "13456789m2468p2s",
            "13456789m2468p4s",
            "13456789m1357p6s",
        ],
        "9s",
        &[],
        &[],
    );
    let kong = RoomAction::closed_kong("2m".parse().unwrap());
    let events = events_of(rules, &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(kong)).then_some(kong)
    });
    assert_eq!(
        paid(&events, Reason::ClosedKong),
        [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    );
    assert_eq!(
        paid(&events, Reason::Refund),
        [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    );
    assert!(paid(&events, Reason::Win).is_empty());
    let draws = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Draw { .. }))
        .count();
    assert_eq!(
        draws,
        112 - 52 - 6,
        "every tile drawn but the six birds kept back"
    );
    assert_eq!(last_scores(&events), [0; 4]);
}

/// The dealer's four 红中 win at once (四红中, the hand no other win: 1 fan, 2 stakes); four
/// birds, three hit (1p, 5s, 9p; 2s not): 5 from each.
#[test]
fn four_red_dragons_win_at_once() {
    let w = wall(
        [
            "7777z13579m2468p",
            "2468m1357p12468s",
            "2468m1357p12468s",
            "1133m5m22p4p9997s8s",
        ],
        "3s",
        &["1p", "5s", "9p", "2s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert!(events.contains(&RoomEvent::Win {
        seat: 0,
        from: None,
        tile: 20,
        fan: 1
    }));
    assert_eq!(birds(&events), [(0, 4, 3)]);
    assert_eq!(last_scores(&events), [15, -5, -5, -5]);
}

/// 有红中不接炮: on the dealer's 1s seat 1 would win with its 红中 and may not (its pon is
/// offered); seat 2, no 红中, wins (无红中 1 fan: 2 stakes; six birds, 9p 1p 5m hit: 5), paid
/// by the dealer alone.
#[test]
fn a_hand_holding_a_red_dragon_does_not_win_on_a_discard() {
    let rules = HongzhongRules {
        discard_wins: DiscardWins::WithoutRedDragon,
        ..one_hand()
    };
    let w = wall(
        [
            "2233m6677m88m99s4s",
            "123p456p789p11s3s7z",
            "123m456m789m23s55s",
            "149m156p5566778s",
        ],
        "1s",
        &["9p", "1p", "5m", "2p", "3p", "4p"],
        &[],
    );
    let events = events_of(rules, &w, &mut |g, seat| {
        let legal = g.legal(seat);
        if seat == 1 && legal.contains(RoomAction::PON) {
            assert!(!legal.contains(RoomAction::WIN));
            return Some(RoomAction::PASS);
        }
        (seat == 2 && legal.contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert!(events.contains(&RoomEvent::Win {
        seat: 2,
        from: Some(0),
        tile: 18,
        fan: 1
    }));
    assert_eq!(birds(&events), [(2, 6, 3)]);
    assert_eq!(paid(&events, Reason::Win), [(0, 2, 5)]);
}

/// The first hand above under other switches: birds that multiply pay 2 × (1 + 3) = 8 from
/// each; two birds with none more for a hand with no 红中 (1m and 5p, both hit) pay 2 + 2 = 4;
/// a stake of 2 pays 4 + 3 × 2 = 10.
#[test]
fn the_self_draw_under_other_bird_switches_and_stakes() {
    let w = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let play = |rules: HongzhongRules| {
        let events = events_of(rules, &w, &mut |g, seat| {
            (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
        });
        (birds(&events), paid(&events, Reason::Win))
    };
    let each = |n: i64| vec![(1, 0, n), (2, 0, n), (3, 0, n)];
    let multiply = play(HongzhongRules {
        bird_pay: BirdPay::Multiply,
        ..one_hand()
    });
    assert_eq!(multiply, (vec![(0, 6, 3)], each(8)));
    let two = play(HongzhongRules {
        birds: 2,
        no_red_birds: 0,
        ..one_hand()
    });
    assert_eq!(two, (vec![(0, 2, 2)], each(4)));
    let stake = play(HongzhongRules {
        stake: 2,
        ..one_hand()
    });
    assert_eq!(stake, (vec![(0, 6, 3)], each(10)));
}

/// The dealer's 红中 stands for a second 5s: 平胡 with a 红中 held, no fan, 1 stake; four birds
/// (no more: the hand holds a 红中) — 1m, 5p, 9s, 3s, three hit: 1 + 3 = 4 from each.
#[test]
fn a_self_draw_with_a_red_dragon_standing_in() {
    let w = wall(
        [
            "123456789m234p7z",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s"],
        &[],
    );
    let events = events_of(one_hand(), &w, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    assert_eq!(birds(&events), [(0, 4, 3)]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 4), (2, 0, 4), (3, 0, 4)]
    );
}

/// A whole game of two hands on given walls: the first self-draw above (15 to the dealer),
/// then the 红中 hand (12 more); the winner deals again. The points add up hand after hand.
#[test]
fn a_whole_game_of_two_self_draws() {
    let first = wall(
        [
            "123456789m234p5s",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s", "2m", "8s"],
        &[],
    );
    let red = wall(
        [
            "123456789m234p7z",
            "1122m3344p6677s9p",
            "5566m7788p1122s7z",
            "3388m1166p3344s7z",
        ],
        "5s",
        &["1m", "5p", "9s", "3s"],
        &[],
    );
    let rules = one_hand();
    let game = RoomGame::with_walls(rules, 0, &[&first, &red]).unwrap();
    let events = drive(game, rules, &mut |g, seat| {
        (seat == 0 && g.legal(0).contains(RoomAction::WIN)).then_some(RoomAction::WIN)
    });
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0]);
    assert_eq!(points, [[15, -5, -5, -5], [27, -9, -9, -9]]);
}
