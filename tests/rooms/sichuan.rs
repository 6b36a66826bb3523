//! The literal reference of the Sichuan table's tests (`tests/sichuan_table.rs`): a hand
//! rebuilt from the events alone, the void suits kept, the 108 tiles counted, every payment
//! read against docs/SCORING.md ("Sichuan at the table").

use hupai::game::room::{NotReadyPays, Reason, RoomEvent, SichuanRules};
use hupai::{Call, CallKind, Engine, Rules, Tile, Win, WinningHand};

/// A payment owed: its reason, its payee, and each payer with the amount (-1: any, a win's
/// value being the scorer's).
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand: each seat's concealed tiles, melds (kind, kong,
/// closed), void suit, whether it has won, the tiles in the rivers, the wall drawn, the kong
/// money each seat took from each.
#[derive(Clone, Default)]
pub struct Reference {
    pub hands: [[u8; 27]; 4],
    melds: [Vec<(u8, bool)>; 4],
    void: [Option<u8>; 4],
    won: [bool; 4],
    river: u32,
    drawn: u32,
    kong_in: [[i64; 4]; 4],
    scores: [i64; 4],
    /// The discarder of the win just read: a second win on the same tile takes nothing.
    taken_from: Option<u8>,
    /// The last kong: its konger and what each seat paid for it (呼叫转移 hands it on), while
    /// its konger has not discarded but the tile after it.
    last_kong: Option<(u8, [i64; 4])>,
    /// The draw just read is a kong's replacement.
    kong_draw: bool,
    /// The hand's 换三张 read.
    pub exchanged: bool,
    /// The hand's dealer and its fourteenth tile (the dice of 换三张 read it).
    dealer: Option<u8>,
    fourteenth: Option<u8>,
    /// The hand's first win: its winners (several on one discard) and whom each won from;
    /// closed by the first event after it but its payments.
    first: Vec<(u8, Option<u8>)>,
    first_closed: bool,
    /// The dealer the next deal must name (none before the first).
    next_dealer: Option<u8>,
    /// The wall's-end payments read: (reason, from, to, amount).
    end_paid: Vec<(Reason, u8, u8, i64)>,
    /// The payments of the last win or kong still to be read: (reason, payee, payers).
    expect: Vec<Owed>,
}

impl Reference {
    fn still_in(&self, but: u8) -> Vec<u8> {
        (0..4)
            .filter(|&q| q != but && !self.won[q as usize])
            .collect()
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    pub fn read(&mut self, e: &RoomEvent, rules: &SichuanRules) {
        let stake = i64::from(rules.stake);
        if !matches!(e, RoomEvent::Win { .. } | RoomEvent::Pay { .. }) {
            self.taken_from = None;
            self.first_closed |= !self.first.is_empty();
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
                    ..Reference::default()
                };
                for (s, h) in hands.iter().enumerate() {
                    h.iter().for_each(|&t| self.hands[s][t as usize] += 1);
                }
                self.drawn = 52;
                self.dealer = Some(dealer);
            }
            RoomEvent::Exchange { shift, ref given } => {
                // Before the void suits, once; three tiles of one suit from each seat, all
                // going `shift` seats on (the rules' way; the dice's any).
                assert!(!self.exchanged && self.void.iter().all(Option::is_none));
                let dealer = self.dealer.expect("a deal");
                let fourteenth = self.fourteenth.expect("the dealer's fourteenth");
                assert_eq!(Some(shift), rules.exchange.shift(fourteenth), "{dealer}");
                for (s, g) in given.iter().enumerate() {
                    assert!(g.iter().all(|&k| k / 9 == g[0] / 9), "{g:?}: one suit");
                    g.iter().for_each(|&k| take(&mut self.hands[s], k, 1));
                }
                for (s, g) in given.iter().enumerate() {
                    let to = (s + shift as usize) % 4;
                    g.iter().for_each(|&k| self.hands[to][k as usize] += 1);
                }
                self.exchanged = true;
            }
            RoomEvent::Void { seat, suit } => {
                let wanted = rules.exchange != hupai::game::room::Exchange::Off;
                assert_eq!(self.exchanged, wanted, "the exchange before the void suits");
                self.void[seat as usize] = Some(suit);
            }
            RoomEvent::Draw { seat, tile } => {
                assert!(!self.won[seat as usize], "a seat that won draws");
                if self.drawn == 52 {
                    assert_eq!(Some(seat), self.dealer);
                    self.fourteenth = Some(tile);
                }
                self.kong_draw = self.last_kong.is_some_and(|k| k.0 == seat) && self.kong_draw;
                self.hands[seat as usize][tile as usize] += 1;
                self.drawn += 1;
            }
            RoomEvent::Discard { seat, tile } => {
                let s = seat as usize;
                // While the seat holds its void suit it discards from it.
                let void = self.void[s].unwrap();
                let holds = self.hands[s][9 * void as usize..9 * void as usize + 9]
                    .iter()
                    .any(|&c| c > 0);
                assert!(
                    !holds || tile / 9 == void,
                    "seat {seat} keeps its void suit"
                );
                take(&mut self.hands[s], tile, 1);
                self.river += 1;
                if !std::mem::take(&mut self.kong_draw) {
                    self.last_kong = None;
                }
            }
            RoomEvent::Pon { seat, tile, .. } => {
                assert_ne!(
                    Some(tile / 9),
                    self.void[seat as usize],
                    "a pon of the void suit"
                );
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
                let s = seat as usize;
                let (n, payers) = match (from, added) {
                    (Some(f), _) => {
                        self.river -= 1;
                        (3, vec![(f, 2 * stake)])
                    }
                    (None, false) => {
                        let p = self.still_in(seat).into_iter().map(|q| (q, 2 * stake));
                        (4, p.collect())
                    }
                    (None, true) => {
                        let m = self.melds[s].iter_mut().find(|m| m.0 == tile && !m.1);
                        m.expect("an added kong's pon").1 = true;
                        (
                            1,
                            self.still_in(seat)
                                .into_iter()
                                .map(|q| (q, stake))
                                .collect(),
                        )
                    }
                };
                take(&mut self.hands[s], tile, n);
                if n != 1 {
                    self.melds[s].push((tile, true));
                }
                let reason = match (from, added) {
                    (Some(_), _) => Reason::Kong,
                    (None, false) => Reason::ClosedKong,
                    _ => Reason::AddedKong,
                };
                self.expect.push((reason, seat, payers));
                self.last_kong = Some((seat, [0; 4]));
                self.kong_draw = true;
            }
            RoomEvent::Win {
                seat, from, tile, ..
            } => {
                assert!(!self.won[seat as usize]);
                if !self.first_closed {
                    self.first.push((seat, from));
                }
                let robbed_already = self.taken_from.is_some() && self.taken_from == from;
                self.taken_from = from;
                if let (Some(f), false) = (from, robbed_already) {
                    // On a discard, or the added kong's tile (the konger's pon of it and its
                    // fourth copy in hand: then no discard of it can be; the pon stays).
                    self.hands[seat as usize][tile as usize] += 1;
                    if self.hands[f as usize][tile as usize] > 0
                        && self.melds[f as usize].iter().any(|m| m.0 == tile && !m.1)
                    {
                        take(&mut self.hands[f as usize], tile, 1);
                    } else {
                        self.river -= 1;
                    }
                }
                let payers = match from {
                    Some(f) => vec![f],
                    None => self.still_in(seat),
                };
                let void = self.void[seat as usize].unwrap() as usize;
                let held = &self.hands[seat as usize];
                assert!(held[9 * void..9 * void + 9].iter().all(|&c| c == 0));
                self.expect.push((
                    Reason::Win,
                    seat,
                    payers.into_iter().map(|p| (p, -1)).collect(),
                ));
                self.won[seat as usize] = true;
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
                match reason {
                    Reason::Win | Reason::Kong | Reason::ClosedKong | Reason::AddedKong => {
                        let i = self
                            .expect
                            .iter()
                            .position(|(r, p, ps)| {
                                *r == reason && *p == to && ps.iter().any(|x| x.0 == from)
                            })
                            .unwrap_or_else(|| panic!("{e:?} not owed: {:?}", self.expect));
                        let (_, _, payers) = &mut self.expect[i];
                        let j = payers.iter().position(|x| x.0 == from).unwrap();
                        let (_, owed) = payers.remove(j);
                        assert!(owed == -1 || owed == amount, "{e:?}: owed {owed}");
                        if reason != Reason::Win {
                            self.kong_in[to as usize][from as usize] += amount;
                            let last = self.last_kong.as_mut().filter(|k| k.0 == to).unwrap();
                            last.1[from as usize] += amount;
                        }
                    }
                    Reason::Transfer => {
                        // The konger's last kong's money, to a winner on its discard after it.
                        assert!(rules.call_transfer);
                        let (konger, paid) = self.last_kong.take().unwrap();
                        assert_eq!((from, amount), (konger, paid.iter().sum()));
                        assert_eq!(self.taken_from, Some(konger));
                        for (p, x) in paid.iter().enumerate() {
                            self.kong_in[from as usize][p] -= x;
                        }
                    }
                    Reason::FlowerPig | Reason::NotReady | Reason::Refund => {
                        self.end_paid.push((reason, from, to, amount));
                    }
                    Reason::Opening
                    | Reason::Jing
                    | Reason::FollowDealer
                    | Reason::KongBonus
                    | Reason::JingKong
                    | Reason::LookBack => {
                        panic!("Sichuan pays no {reason:?}: {e:?}")
                    }
                }
            }
            RoomEvent::EndHand { scores } => {
                assert_eq!(scores, self.scores);
                let dealer = self.dealer.expect("a deal");
                let next =
                    super::rooms::next_dealer(rules.next_dealer, dealer, &self.first, dealer);
                self.next_dealer = Some(next);
                let exhausted = self.won.iter().filter(|&&w| w).count() < 3;
                let owed = if exhausted && rules.end_checks {
                    self.wall_end_owed(rules)
                } else {
                    Vec::new()
                };
                assert_eq!(
                    std::mem::take(&mut self.end_paid),
                    owed,
                    "hands {:?} melds {:?} void {:?} won {:?}",
                    self.hands,
                    self.melds,
                    self.void,
                    self.won
                );
                // Every payment owed was made (a win's payers all paid).
                for (r, p, ps) in &self.expect {
                    assert!(ps.is_empty(), "{r:?} to {p}: {ps:?} unpaid");
                }
                self.expect.clear();
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
            RoomEvent::Birds { .. } => panic!("Sichuan draws no birds"),
            RoomEvent::Chi { .. }
            | RoomEvent::Opening { .. }
            | RoomEvent::Jing { .. }
            | RoomEvent::Flower { .. }
            | RoomEvent::OpenKong { .. } => {
                panic!("Sichuan: {e:?}")
            }
        }
    }

    /// The wall's-end payments as docs/SCORING.md writes them, in the table's order: each 花猪
    /// pays each seat still in that is none `stake << flower_pig`; each seat still in, not a
    /// 花猪 and not ready, pays each ready seat its best wait (the most any kind it waits on
    /// pays as a win on a discard, no flag), or under `not_ready = most` what a 花猪 pays; each seat not ready (花猪 too) returns its kong
    /// money, to each payer.
    fn wall_end_owed(&self, rules: &SichuanRules) -> Vec<(Reason, u8, u8, i64)> {
        let still: Vec<u8> = (0..4).filter(|&q| !self.won[q as usize]).collect();
        let best = |q: u8| -> Option<i64> {
            if self.is_pig(q) {
                return None;
            }
            (0..27u8).filter_map(|k| self.wait_pays(q, k, rules)).max()
        };
        let mut owed = Vec::new();
        for &p in still.iter().filter(|&&p| self.is_pig(p)) {
            for &q in still.iter().filter(|&&q| !self.is_pig(q)) {
                owed.push((
                    Reason::FlowerPig,
                    p,
                    q,
                    i64::from(rules.stake) << rules.flower_pig,
                ));
            }
        }
        for &n in still
            .iter()
            .filter(|&&n| !self.is_pig(n) && best(n).is_none())
        {
            for &r in &still {
                // A ready seat is paid its best wait, or under `not_ready = most` what a 花猪
                // pays.
                if let Some(v) = best(r) {
                    let v = match rules.not_ready {
                        NotReadyPays::BestWait => v,
                        NotReadyPays::Most => i64::from(rules.stake) << rules.flower_pig,
                    };
                    owed.push((Reason::NotReady, n, r, v));
                }
            }
        }
        for &n in still.iter().filter(|&&n| best(n).is_none()) {
            for p in 0..4u8 {
                let x = self.kong_in[n as usize][p as usize];
                if x > 0 && p != n {
                    owed.push((Reason::Refund, n, p, x));
                }
            }
        }
        owed
    }

    /// What each payer pays `seat` for a win on a discard of kind `k` (no flag), if it wins.
    fn wait_pays(&self, seat: u8, k: u8, rules: &SichuanRules) -> Option<i64> {
        let v = self.void[seat as usize]? as usize;
        if k as usize / 9 == v {
            return None;
        }
        let mut c = [0u8; 34];
        c[..27].copy_from_slice(&self.hands[seat as usize]);
        c[k as usize] += 1;
        if c[k as usize] > 4 {
            return None;
        }
        let calls = self.melds[seat as usize]
            .iter()
            .map(|&(t, kong)| {
                let kind = if kong { CallKind::Kan } else { CallKind::Pon };
                Call::new(kind, Tile::from_index(t as usize), 0).unwrap()
            })
            .collect();
        let hand = WinningHand::from_parts(c, calls, Tile::from_index(k as usize), [0; 3]).ok()?;
        let win = Win {
            stake: rules.stake,
            room: rules.scoring,
            seat_wind: Tile::from_index(28),
            ..Win::default()
        };
        let s = Engine::new(Rules::sichuan())
            .score(&hand, &win)
            .ok()?
            .sichuan()?;
        Some(s.each as i64)
    }

    fn is_pig(&self, seat: u8) -> bool {
        let v = self.void[seat as usize].unwrap() as usize;
        self.hands[seat as usize][9 * v..9 * v + 9]
            .iter()
            .any(|&c| c > 0)
    }

    /// The 108 tiles: concealed, melded, in the rivers and in the wall.
    pub fn tiles(&self, left: u8) -> u32 {
        let held: u32 = self.hands.iter().flatten().map(|&c| u32::from(c)).sum();
        let melded: u32 = self
            .melds
            .iter()
            .flatten()
            .map(|&(_, kong)| if kong { 4 } else { 3 })
            .sum();
        held + melded + self.river + u32::from(left)
    }
}

pub fn take(hand: &mut [u8; 27], tile: u8, n: u8) {
    assert!(hand[tile as usize] >= n, "{n} of {tile} not held");
    hand[tile as usize] -= n;
}
