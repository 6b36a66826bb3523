//! The literal reference of the 红中 table's tests (`tests/hongzhong_table.rs`): a hand
//! rebuilt from the events alone, the 112 tiles counted (the birds too), every payment read
//! against docs/SCORING.md ("Hongzhong at the table").

use super::RED;
use hupai::game::room::{
    BirdPay, DiscardWins, HongzhongRules, Reason, RoomAction, RoomEvent, RoomGame,
};
use hupai::{Call, CallKind, Engine, Rules, Tile, Win, WinningHand};

/// A payment owed: its reason, its payee, and each payer with the amount.
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand.
#[derive(Clone)]
pub struct Reference {
    pub hands: [[u8; 34]; 4],
    melds: [Vec<(u8, bool)>; 4],
    /// The wins of the hand: winner and discarder.
    wins: Vec<(u8, Option<u8>)>,
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
    /// The seat that drew just now and its tile (none after any other event).
    drew: Option<(u8, u8)>,
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
            wins: Vec::new(),
            river: 0,
            birds: 0,
            kong_in: [[0; 4]; 4],
            scores: [0; 4],
            dealer: 0,
            next_dealer: None,
            hits: None,
            kong_draw: false,
            drew: None,
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
    pub fn read(&mut self, e: &RoomEvent, rules: &HongzhongRules) {
        let stake = i64::from(rules.stake);
        if !matches!(
            e,
            RoomEvent::Win { .. } | RoomEvent::Pay { .. } | RoomEvent::Birds { .. }
        ) {
            self.taken_from = None;
        }
        self.drew = None;
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
            RoomEvent::Void { .. } | RoomEvent::Exchange { .. } => {
                panic!("红中麻将 declares no void suit and passes no tiles")
            }
            RoomEvent::Jing { .. } => panic!("红中麻将 turns no 精"),
            RoomEvent::Chi { .. }
            | RoomEvent::Opening { .. }
            | RoomEvent::Flower { .. }
            | RoomEvent::OpenKong { .. } => {
                panic!("红中麻将: {e:?}")
            }
            RoomEvent::Draw { seat, tile } => {
                assert!(self.wins.is_empty(), "a draw after the win");
                self.hands[seat as usize][tile as usize] += 1;
                self.drew = Some((seat, tile));
            }
            RoomEvent::Discard { seat, tile } => {
                // Eight 红中: a 红中 is discarded only by a hand holding nothing else.
                let others: u32 = self.hands[seat as usize][..RED]
                    .iter()
                    .map(|&c| u32::from(c))
                    .sum();
                assert!(
                    rules.red_dragons == 4 || tile as usize != RED || others == 0,
                    "a 红中 discarded among other tiles (8 红中)"
                );
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
                let (value, scored_fan) = self
                    .scored(seat, &held, tile, from.is_none(), robbing, rules)
                    .expect("a win the scorer reads");
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
                self.wins.push((seat, from));
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
                if self.wins.is_empty() && rules.draw_refunds_kongs {
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
                let dealer = super::rooms::next_dealer(
                    rules.next_dealer,
                    self.dealer,
                    &self.wins,
                    self.dealer,
                );
                self.next_dealer = Some(dealer);
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
        }
    }

    /// The seat that just drew and whether it may win on the tile it drew: the scorer reads
    /// a win in its hand (the table must offer the win then, and only then).
    pub fn drawn_win(&self, rules: &HongzhongRules) -> Option<(u8, bool)> {
        let (seat, tile) = self.drew?;
        let held = self.hands[seat as usize];
        let won = self.scored(seat, &held, tile, true, false, rules).is_some();
        Some((seat, won))
    }

    /// What each payer pays for `seat`'s win with `held` (the winning tile in it), before the
    /// birds, and its fans: the room's scorer on the hand and its calls, the moment's flags
    /// (杠上开花 on a kong's replacement, 抢杠胡); none where the scorer reads no win.
    fn scored(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        tsumo: bool,
        robbing: bool,
        rules: &HongzhongRules,
    ) -> Option<(i64, u32)> {
        let calls = self.melds[seat as usize]
            .iter()
            .map(|&(t, kong)| {
                let kind = if kong { CallKind::Kan } else { CallKind::Pon };
                Call::new(kind, Tile::from_index(t as usize), 0).unwrap()
            })
            .collect();
        // The scorer's hands hold at most four of a kind: with eight 红中, a fifth to eighth
        // are given as 6z, wild too (docs/SCORING.md: the same wildcards).
        let (mut held, mut wild) = (*held, Rules::hongzhong().wild);
        if held[RED] > 4 {
            (held[32], held[RED]) = (held[RED] - 4, 4);
        }
        if rules.red_dragons == 8 {
            wild.insert(Tile::from_index(32));
        }
        let hand =
            WinningHand::from_parts(held, calls, Tile::from_index(tile as usize), [0; 3]).unwrap();
        let win = Win {
            tsumo,
            stake: rules.stake,
            payers: 3,
            rinshan: tsumo && self.kong_draw,
            chankan: robbing,
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            room: hupai::RoomRules {
                cap: rules.cap,
                no_red_double: rules.no_red_double,
                ..hupai::RoomRules::default()
            },
            ..Win::default()
        };
        // 七对可胡 off: the table must offer no win that only seven pairs makes (the scorer
        // refuses it: no reading wins).
        let pairs = match rules.seven_pairs {
            true => Rules::hongzhong().seven_pairs,
            false => hupai::SevenPairs::Off,
        };
        let base = Rules {
            seven_pairs: pairs,
            wild,
            ..Rules::hongzhong()
        };
        let engine = Engine::new(base.four_wild_win(rules.four_red_dragons));
        let s = engine.score(&hand, &win).ok()?.hongzhong()?;
        Some((s.each as i64, s.fan))
    }

    /// The 112 tiles (116 with eight 红中): concealed, melded, in the rivers, drawn as birds and in the wall.
    pub fn tiles(&self, left: u8, reserve: u8) -> u32 {
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

pub fn take(hand: &mut [u8; 34], tile: u8, n: u8) {
    assert!(hand[tile as usize] >= n, "{n} of {tile} not held");
    hand[tile as usize] -= n;
}

/// Plays `game` to its end under `rules`, `script` answering where it will (else pass, or
/// discard the tile drawn), the reference reading every event: the events.
pub fn drive(
    game: RoomGame,
    rules: HongzhongRules,
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    crate::rooms::drive(game, &mut |e| reference.read(e, &rules), script)
}

/// One hand on wall `w` (dealer 0) under `rules`, driven as [`drive`] does: the events.
pub fn events_of(
    rules: HongzhongRules,
    w: &[u8],
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    drive(RoomGame::at_hand(rules, 0, w).unwrap(), rules, script)
}

/// The birds of `events`: each draw's winner, count and hits.
pub fn birds(events: &[RoomEvent]) -> Vec<(u8, u8, u8)> {
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
