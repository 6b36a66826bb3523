//! 长沙麻将 at the table (`hupai::game::room`), checked against a literal reference kept
//! beside each game: every hand rebuilt from the events alone, the 108 tiles counted at every
//! step (the birds too), and every payment read against the room's rules as docs/SCORING.md
//! ("Changsha at the table") writes them — chi only of the discard of the seat before, the
//! starting hand's small wins (四喜, 板板胡, 缺一色, 六六顺) found and paid at the deal, a win's
//! flags read from the moment, the birds each naming the seat its rank counts to from the
//! winner (from the discarder when several win on one discard), each payer paying the win's
//! price with the dealer's extra and the hits on the two of them, no kong paid, the next
//! dealer — over random games under several switch sets (100,000 in the ignored pass) and
//! hands written by hand.

use hupai::game::room::{
    BirdPay, ChangshaRules, NextDealer, Reason, RoomAction, RoomEvent, RoomGame,
};
use hupai::{Engine, Rules, Tile, TileSet, Win};
use rooms::seen::Seen;
use rooms::{last_scores, paid};

#[path = "rooms/mod.rs"]
mod rooms;

/// A payment owed: its reason, its payee, and each payer with the amount.
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// The birds just drawn: the seat they count from, the tiles, the hits on each seat.
type Birds = (u8, Vec<u8>, [u8; 4]);

/// What the reference keeps of a hand.
#[derive(Clone, Default)]
struct Reference {
    /// The play as the events show it (its draws: the deal's 52 and every draw after, birds
    /// not counted).
    seen: Seen,
    birds: u32,
    scores: [i64; 4],
    dealer: u8,
    next_dealer: Option<u8>,
    /// The starting hands' small wins not yet shown: seat and counts.
    openings: Option<Vec<(u8, [u8; 4])>>,
    bird_draw: Option<Birds>,
    /// The wins of the hand: winner and discarder.
    wins: Vec<(u8, Option<u8>)>,
    /// The hand's win on another's tile robbed a kong.
    robbed: bool,
    expect: Vec<Owed>,
}

impl Reference {
    /// Tiles left to draw before the birds kept back.
    fn left(&self, rules: &ChangshaRules) -> u32 {
        108 - self.seen.drawn - u32::from(rules.birds.min(8))
    }

    /// The dealer's extra and the hits on the two: what `payer` owes `winner` of `each`.
    fn owed(&self, rules: &ChangshaRules, winner: u8, payer: u8, each: i64, on: [u8; 4]) -> i64 {
        let stake = i64::from(rules.stake);
        let dealer = winner == self.dealer || payer == self.dealer;
        let base = each
            + if dealer {
                i64::from(rules.dealer_extra) * stake
            } else {
                0
            };
        let hits = i64::from(on[winner as usize]) + i64::from(on[payer as usize]);
        match rules.bird_pay {
            BirdPay::Multiply => base * (1 + hits),
            BirdPay::Add => base + hits * stake,
        }
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    fn read(&mut self, e: &RoomEvent, rules: &ChangshaRules) {
        let stake = i64::from(rules.stake);
        if matches!(
            e,
            RoomEvent::Discard { .. }
                | RoomEvent::Win { .. }
                | RoomEvent::Kong { .. }
                | RoomEvent::EndHand { .. }
        ) {
            if let Some(o) = self.openings.take() {
                assert!(o.is_empty(), "starting hands' small wins not shown: {o:?}");
            }
        }
        match *e {
            RoomEvent::Deal {
                ref hands, dealer, ..
            } => {
                if let Some(d) = self.next_dealer {
                    assert_eq!(dealer, d, "the dealer");
                }
                *self = Reference {
                    seen: Seen::dealt(hands),
                    scores: self.scores,
                    dealer,
                    ..Reference::default()
                };
            }
            RoomEvent::Void { .. } => panic!("长沙麻将 declares no void suit"),
            RoomEvent::Jing { .. } => panic!("长沙麻将 turns no 精"),
            RoomEvent::Draw { tile, .. } => {
                assert!(self.wins.is_empty(), "a draw after the win");
                assert!(tile < 27, "a tile out of play");
                self.seen.play(e, self.left(rules));
                if self.seen.drawn == 53 {
                    // The dealer's fourteenth: every starting hand is whole.
                    let found = (0..4)
                        .map(|d| (self.dealer + d) % 4)
                        .filter_map(|s| {
                            let w = opening_wins(&self.seen.hands[s as usize]);
                            (rules.opening_wins && w != [0; 4]).then_some((s, w))
                        })
                        .collect();
                    self.openings = Some(found);
                }
            }
            RoomEvent::Opening { seat, wins } => {
                let o = self.openings.as_mut().expect("an opening at the deal");
                assert!(!o.is_empty(), "{e:?} not found by the reference");
                assert_eq!(o.remove(0), (seat, wins));
                let count: i64 = wins.iter().map(|&n| i64::from(n)).sum();
                let payers = (0..4)
                    .filter(|&q| q != seat)
                    .map(|q| (q, self.owed(rules, seat, q, count * 2 * stake, [0; 4])))
                    .collect();
                self.expect.push((Reason::Opening, seat, payers));
            }
            RoomEvent::Discard { .. }
            | RoomEvent::Chi { .. }
            | RoomEvent::Pon { .. }
            | RoomEvent::Kong { .. } => {
                self.seen.play(e, self.left(rules));
            }
            RoomEvent::Birds {
                seat,
                ref tiles,
                count,
                hits,
                on,
            } => {
                assert_eq!(count, rules.birds.min(8), "birds drawn");
                assert_eq!(hits, on.iter().sum::<u8>());
                self.birds += u32::from(count);
                self.bird_draw = Some((seat, tiles[..count as usize].to_vec(), on));
            }
            RoomEvent::Win {
                seat,
                from,
                tile,
                fan,
            } => {
                let on = match &self.bird_draw {
                    Some((_, _, on)) => *on,
                    None => {
                        assert_eq!(rules.birds, 0, "a win without its birds");
                        [0; 4]
                    }
                };
                let second = self
                    .wins
                    .last()
                    .is_some_and(|w| w.1.is_some() && w.1 == from);
                // A win on another's tile that was not its discard robs a kong (a second
                // winner robs it too).
                let robbing = match from {
                    Some(_) if second => self.robbed,
                    Some(f) => self.seen.discard != Some((f, tile)),
                    None => false,
                };
                self.robbed = robbing;
                let mut held = self.seen.hands[seat as usize];
                if from.is_some() {
                    held[tile as usize] += 1;
                }
                let (each, scored_fan) = self.value(seat, &held, tile, from, robbing, rules);
                assert_eq!(fan, scored_fan);
                let payers: Vec<(u8, i64)> = match from {
                    Some(f) => vec![(f, self.owed(rules, seat, f, each, on))],
                    None => (0..4)
                        .filter(|&q| q != seat)
                        .map(|q| (q, self.owed(rules, seat, q, each, on)))
                        .collect(),
                };
                self.expect.push((Reason::Win, seat, payers));
                if let (Some(f), false) = (from, second) {
                    self.seen.takes_win(seat, f, tile, robbing);
                }
                self.wins.push((seat, from));
            }
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason,
            } => {
                assert!(amount > 0, "{e:?}");
                assert!(
                    matches!(reason, Reason::Win | Reason::Opening),
                    "长沙 pays no {reason:?}"
                );
                self.scores[from as usize] -= amount;
                self.scores[to as usize] += amount;
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
            }
            RoomEvent::EndHand { scores } => {
                assert_eq!(scores, self.scores);
                for (r, p, ps) in &self.expect {
                    assert!(ps.iter().all(|x| x.1 == 0), "{r:?} to {p}: {ps:?} unpaid");
                }
                self.check_birds();
                self.next_dealer = Some(match (rules.next_dealer, self.wins.first()) {
                    (NextDealer::Rotate, _) => (self.dealer + 1) % 4,
                    (NextDealer::FirstWinner, Some(w)) => w.0,
                    (NextDealer::FirstWinner, None) => self.dealer,
                });
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
        }
    }

    /// The birds drawn for the hand's win: counted from the winner (the discarder when
    /// several won on one discard), each naming the seat its rank reaches; only the winners'
    /// and their payers' hits count.
    fn check_birds(&mut self) {
        let Some((from, tiles, on)) = self.bird_draw.take() else {
            return;
        };
        let start = match self.wins[..] {
            [(w, _)] => w,
            [(_, Some(f)), ..] => f,
            _ => panic!("birds for {:?}", self.wins),
        };
        assert_eq!(from, start, "the birds' count starts at the winner");
        let mut involved = [false; 4];
        for &(w, f) in &self.wins {
            involved[w as usize] = true;
            match f {
                Some(f) => involved[f as usize] = true,
                None => involved = [true; 4],
            }
        }
        let mut want = [0u8; 4];
        for &t in &tiles {
            let rank = t % 9 + 1; // 1 the counting seat, 2 the next, …
            let seat = (start + (rank - 1) % 4) % 4;
            if involved[seat as usize] {
                want[seat as usize] += 1;
            }
        }
        assert_eq!(on, want, "birds {tiles:?} from {start}");
    }

    /// What each payer pays for `seat`'s win with `held` (the winning tile in it) before the
    /// dealer's extra and the birds, and its big wins: the room's scorer on the hand, its
    /// calls and the moment's flags (docs/SCORING.md, "Changsha").
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        from: Option<u8>,
        robbing: bool,
        rules: &ChangshaRules,
    ) -> (i64, u32) {
        let seen = &self.seen;
        let hand = seen.winning_hand(seat, held, tile).unwrap();
        let tsumo = from.is_none();
        let first = seen.discards[seat as usize] == 0 && !seen.called;
        let last = self.left(rules) == 0;
        let after_kong = from.map_or(seen.kong_draw, |f| {
            seen.discard.is_some_and(|d| d.0 == f) && seen.after_kong
        });
        let win = Win {
            tsumo,
            stake: rules.stake,
            payers: 3,
            rinshan: tsumo && seen.kong_draw,
            haitei: tsumo && !seen.kong_draw && last,
            tenhou: tsumo && first && seat == self.dealer,
            chiihou: tsumo && first && seat != self.dealer,
            chankan: robbing,
            kong_discard: !tsumo && !robbing && after_kong,
            houtei: !tsumo && !robbing && last,
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            room: hupai::RoomRules {
                cap: rules.cap,
                ..hupai::RoomRules::default()
            },
            ..Win::default()
        };
        let s = Engine::new(Rules::changsha())
            .score(&hand, &win)
            .unwrap_or_else(|e| panic!("not a win: {e} ({hand:?}, {win:?})"))
            .changsha()
            .unwrap();
        (s.each as i64, s.fan)
    }

    /// The 108 tiles: concealed, melded, in the rivers, drawn as birds and in the wall.
    fn tiles(&self, left: u8, reserve: u8) -> u32 {
        self.seen.tiles() + self.birds + u32::from(left) + u32::from(reserve)
    }
}

/// The starting hand's small wins as docs/SCORING.md lists them: 四喜 (each kind held four
/// times), 板板胡 (no 2, 5 or 8), 缺一色 (a suit missing), 六六顺 (two pungs).
fn opening_wins(hand: &[u8; 34]) -> [u8; 4] {
    let fours = hand.iter().filter(|&&c| c == 4).count() as u8;
    let no_258 = (0..27).all(|k| hand[k] == 0 || ![1, 4, 7].contains(&(k % 9)));
    let missing = (0..3).any(|s| hand[9 * s..9 * s + 9].iter().all(|&c| c == 0));
    let pungs = hand.iter().filter(|&&c| c >= 3).count() >= 2;
    [fours, no_258 as u8, missing as u8, pungs as u8]
}

/// Plays `games` games under `rules`, the reference beside each step: the steps, wins,
/// payments, and the payments' reasons met.
fn play_random(games: u64, rules: ChangshaRules) -> (u64, u64, u64, Vec<Reason>) {
    let engine = Engine::new(Rules::changsha());
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| r.read(e, &rules),
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.seen.hands[s as usize], "game {g}");
            }
            let reserve = if r.bird_draw.is_some() {
                0
            } else {
                rules.birds.min(8)
            };
            assert_eq!(r.tiles(game.tiles_left(), reserve), 108, "game {g}");
        },
        |game, seat, pick| rooms::greedy(game, seat, pick, &engine, 2, TileSet::EMPTY),
    );
    (run.steps, run.wins, run.pays, run.reasons)
}

/// The switch sets the random games play: the default, and two that change every payment.
fn switch_sets() -> [ChangshaRules; 3] {
    let d = ChangshaRules::default();
    [
        d,
        ChangshaRules {
            bird_pay: BirdPay::Add,
            birds: 6,
            dealer_extra: 0,
            stake: 3,
            cap: 2,
            next_dealer: NextDealer::Rotate,
            opening_wins: false,
            ..d
        },
        ChangshaRules {
            birds: 0,
            dealer_extra: 2,
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
    for r in [Reason::Win, Reason::Opening] {
        assert!(reasons.contains(&r), "no {r:?} in {reasons:?}");
    }
}

/// Every combination of the switches that change a payment: how birds pay (2), 0, 2 or 6
/// birds (3), the dealer's extra 0 or 1 (2), the starting hands paid or not (2), the cap none
/// or 2 (2) — 48 sets, the stake 1 or 3 taking turns.
fn every_switch_set() -> Vec<ChangshaRules> {
    let d = ChangshaRules::default();
    (0..48u32)
        .map(|i| {
            let bit = |b: u32| i >> b & 1 == 1;
            ChangshaRules {
                bird_pay: if bit(0) {
                    BirdPay::Add
                } else {
                    BirdPay::Multiply
                },
                dealer_extra: u8::from(bit(1)),
                opening_wins: bit(2),
                cap: if bit(3) { 2 } else { 0 },
                birds: [0, 2, 6][(i / 16) as usize],
                stake: 1 + 2 * (i % 3 == 1) as u32,
                next_dealer: if i % 5 == 0 {
                    NextDealer::Rotate
                } else {
                    NextDealer::FirstWinner
                },
                ..d
            }
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n = rooms::property_games();
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

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, &[], 108)
}

/// One hand, the starting hands' small wins off (the hands below are not built for them)
/// unless a test turns them on.
fn one_hand(birds: u8) -> ChangshaRules {
    ChangshaRules {
        hands: 1,
        birds,
        opening_wins: false,
        ..ChangshaRules::default()
    }
}

/// Plays the hand on `w`, the reference reading every event; `winners` take a win offered.
fn events_of(rules: ChangshaRules, w: &[u8], winners: &[u8]) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    rooms::drive(
        RoomGame::at_hand(rules, 0, w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            (winners.contains(&seat) && g.legal(seat).contains(RoomAction::WIN))
                .then_some(RoomAction::WIN)
        },
    )
}

fn bird_hits(events: &[RoomEvent]) -> Vec<(u8, [u8; 4])> {
    events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Birds { seat, on, .. } => Some((seat, on)),
            _ => None,
        })
        .collect()
}

/// The wall of a self-draw: seat 1 (234m 345p 456s 678s 5p) draws its 5p on its second draw,
/// after 4p, 9s, 1m, 2m and 8s are thrown; then the birds 1s and 3m.
fn self_draw_wall() -> Vec<u8> {
    wall(
        [
            "111m99p33s67s77p4m2p",
            "234m345p456s678s5p",
            "555666789m11p22s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "4p",
        &["9s", "1m", "2m", "8s", "5p", "1s", "3m"],
    )
}

/// Seat 1 self-draws 5p on its second draw (a 5p pair: a small win, 2 from each). Two birds
/// counted from it: 1s (rank 1, the winner) and 3m (rank 3, across: seat 3). The dealer pays
/// its extra: (2 + 1) × (1 + 1 hit) = 6; seat 2 pays 2 × (1 + 1) = 4; seat 3, hit too, 2 × 3.
#[test]
fn a_small_self_draw_pays_two_the_dealers_extra_and_the_birds() {
    let w = self_draw_wall();
    let events = events_of(one_hand(2), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: None,
        tile: 13,
        fan: 0
    }));
    assert_eq!(bird_hits(&events), [(1, [0, 1, 0, 1])]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 1, 6), (2, 1, 4), (3, 1, 6)]
    );
    assert_eq!(last_scores(&events), [-6, 16, -4, -6]);
}

/// Seat 1 wins the dealer's first discard, 9m, for 碰碰胡 (a big win: any pair, 6). Three
/// birds from the winner: 5m (rank 5: the winner), 2p (rank 2: seat 2, who pays nothing, no
/// hit), 4s (rank 4: the seat before, the discarder). The dealer pays (6 + 1) × (1 + 2) = 21.
#[test]
fn all_pungs_on_a_discard_is_paid_by_the_discarder_with_the_hits_of_the_two() {
    let w = wall(
        [
            "567m34p678p567s88s",
            "111m222p333s444s9m",
            "34678m99p5p12679s",
            "234m1345678p99s5s",
        ],
        "9m",
        &["5m", "2p", "4s"],
    );
    let events = events_of(one_hand(3), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: Some(0),
        tile: 8,
        fan: 1
    }));
    assert_eq!(bird_hits(&events), [(1, [1, 1, 0, 0])]);
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 21)]);
    assert_eq!(last_scores(&events), [-21, 21, 0, 0]);
}

/// A small win needs its pair of 2, 5 or 8: seat 1, waiting on 3p for a 3p pair, is offered
/// no win on the dealer's 3p; the hand plays on to a drawn wall, no one paid.
#[test]
fn a_small_win_needs_a_pair_of_two_five_or_eight() {
    let w = wall(
        [
            "111m99p33s67s77p4m2p",
            "234m345p456s678s3p",
            "555666789m11p22s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "3p",
        &[],
    );
    let (mut asked, mut offered) = (false, false);
    let rules = one_hand(2);
    let mut reference = Reference::default();
    let events = rooms::drive(
        RoomGame::at_hand(rules, 0, &w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            let first_claim = g.tiles_left() == 108 - 53 - 2;
            if seat == 1 && first_claim {
                // Asked: it may pon the 3p (a pair of it held).
                asked = true;
                offered |= g.legal(1).contains(RoomAction::WIN);
            }
            None
        },
    );
    assert!(asked, "seat 1 was asked about the 3p");
    assert!(!offered, "a win with a 3p pair offered");
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Win { .. })));
    assert_eq!(last_scores(&events), [0; 4]);
}

/// Chi is the next seat's alone: the dealer's 5s is offered to seat 1 (4s 6s held: the
/// middle) as a chi, not to seat 2 (4s 6s held too); seat 1 takes it and discards.
#[test]
fn only_the_next_seat_may_chi() {
    let w = wall(
        [
            "111m99p33s78s77p4m2p",
            "234m345p46s678s59p",
            "55566679m11p246s",
            "1199s88p33m5s7s9m2p6p",
        ],
        "5s",
        &[],
    );
    let rules = one_hand(2);
    let mut reference = Reference::default();
    let mut offers = Vec::new();
    let events = rooms::drive(
        RoomGame::at_hand(rules, 0, &w).unwrap(),
        &mut |e| reference.read(e, &rules),
        &mut |g, seat| {
            let chi = RoomAction::chi(1);
            if g.tiles_left() == 108 - 53 - 2 && seat > 0 {
                offers.push((seat, g.legal(seat).contains(chi)));
            }
            (seat == 1 && g.legal(1).contains(chi)).then_some(chi)
        },
    );
    assert_eq!(offers.first(), Some(&(1, true)));
    assert!(!offers.contains(&(2, true)));
    assert!(events.contains(&RoomEvent::Chi {
        seat: 1,
        from: 0,
        tile: 22,
        low: 21
    }));
}

/// The starting hands' small wins: seat 2 is dealt two pungs (111m, 333p: 六六顺) and no 2,
/// 5 or 8 (板板胡) — two small wins, each a self-drawn small win's 2: 4 from each, the dealer
/// 5 with its extra. The other hands hold every suit, a 2, 5 or 8, no pungs: none.
#[test]
fn the_starting_hands_small_wins_are_paid_at_the_deal() {
    let w = wall(
        [
            "258m258p258s7p7s6m9s",
            "258m258p258s7m6p9p1p",
            "111m333p469m1346s",
            "234m246p235789s1p",
        ],
        "4p",
        &[],
    );
    let rules = ChangshaRules {
        opening_wins: true,
        ..one_hand(2)
    };
    let events = events_of(rules, &w, &[]);
    let shown: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Opening { .. }))
        .collect();
    assert_eq!(
        shown,
        [&RoomEvent::Opening {
            seat: 2,
            wins: [0, 1, 0, 1]
        }]
    );
    assert_eq!(
        paid(&events, Reason::Opening),
        [(0, 2, 5), (1, 2, 4), (3, 2, 4)]
    );
    assert_eq!(last_scores(&events), [-5, -4, 13, -4]);
}

/// Two win on the dealer's 5p (seat 1 on its 5p pair, seat 2 on 34p with an 8s pair): one
/// draw of birds, counted from the discarder — 1p (rank 1: the dealer), 2s (rank 2: seat 1).
/// Seat 1: (1 + 1) × (1 + 2 hits) = 6; seat 2: (1 + 1) × (1 + 1) = 4.
#[test]
fn two_winners_on_one_discard_count_the_birds_from_the_discarder() {
    let w = wall(
        [
            "99m13579s279p446m",
            "234m345p456s678s5p",
            "111678m34p999p88s",
            "357m168p234s778s9s",
        ],
        "5p",
        &["1p", "2s"],
    );
    let events = events_of(one_hand(2), &w, &[1, 2]);
    assert_eq!(bird_hits(&events), [(0, [1, 1, 0, 0])]);
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 6), (0, 2, 4)]);
    assert_eq!(last_scores(&events), [-10, 6, 4, 0]);
}

/// The first hand's self-draw under the other readings: `add` (a stake a hit: the dealer 3 +
/// 1, seat 2 2 + 1, seat 3 2 + 2), and no birds and no 庄闲 (2 from each).
#[test]
fn the_small_self_draw_under_add_and_with_no_birds_nor_dealers_extra() {
    let w = self_draw_wall();
    let add = ChangshaRules {
        bird_pay: BirdPay::Add,
        ..one_hand(2)
    };
    let events = events_of(add, &w, &[1]);
    assert_eq!(
        paid(&events, Reason::Win),
        [(0, 1, 4), (2, 1, 3), (3, 1, 4)]
    );
    let plain = ChangshaRules {
        dealer_extra: 0,
        ..one_hand(0)
    };
    let events = events_of(plain, &w, &[1]);
    assert_eq!(last_scores(&events), [-2, 6, -2, -2]);
}

/// The dealer's fourteen tiles are all 万 and win at once: 清一色 and 天胡, two big wins (6
/// each, any pair), 12 from each, and the dealer's extra: 13; no birds.
#[test]
fn a_heavenly_full_flush_pays_two_big_wins_and_the_dealers_extra() {
    let w = wall(
        [
            "1112345678889m",
            "23456789p12345s",
            "1122334455667p",
            "5566778899s234m",
        ],
        "9m",
        &[],
    );
    let events = events_of(one_hand(0), &w, &[0]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 0,
        from: None,
        tile: 8,
        fan: 2
    }));
    assert_eq!(
        paid(&events, Reason::Win),
        [(1, 0, 13), (2, 0, 13), (3, 0, 13)]
    );
}

/// Seat 1 wins the dealer's 4p for 七小对 (a big win, 6, from the discarder alone), and the
/// dealer adds its extra: 7; no birds.
#[test]
fn seven_pairs_on_the_dealers_discard() {
    let w = wall(
        [
            "23456789p12345s",
            "1133557799m224p",
            "2468m1133s5577s9s",
            "1p5566p8899p2346m",
        ],
        "4p",
        &[],
    );
    let events = events_of(one_hand(0), &w, &[1]);
    assert!(events.contains(&RoomEvent::Win {
        seat: 1,
        from: Some(0),
        tile: 12,
        fan: 1
    }));
    assert_eq!(paid(&events, Reason::Win), [(0, 1, 7)]);
    assert_eq!(last_scores(&events), [-7, 7, 0, 0]);
}

/// A whole game of the two hands above on given walls: the dealer wins the first and deals
/// again; seat 1 wins the second. The points add up hand after hand.
#[test]
fn a_whole_game_of_two_hands() {
    let flush = wall(
        [
            "1112345678889m",
            "23456789p12345s",
            "1122334455667p",
            "5566778899s234m",
        ],
        "9m",
        &[],
    );
    let pairs = wall(
        [
            "23456789p12345s",
            "1133557799m224p",
            "2468m1133s5577s9s",
            "1p5566p8899p2346m",
        ],
        "4p",
        &[],
    );
    let rules = one_hand(0);
    let game = RoomGame::with_walls(rules, 0, &[&flush, &pairs]).unwrap();
    let mut reference = Reference::default();
    let events = rooms::drive(game, &mut |e| reference.read(e, &rules), &mut |g, seat| {
        g.legal(seat)
            .contains(RoomAction::WIN)
            .then_some(RoomAction::WIN)
    });
    let (dealers, points) = rooms::dealers_and_points(&events);
    assert_eq!(dealers, [0, 0]);
    assert_eq!(points, [[39, -13, -13, -13], [32, -6, -13, -13]]);
}
