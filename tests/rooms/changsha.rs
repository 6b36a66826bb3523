//! The literal reference of the 长沙 table's tests (`tests/changsha_table.rs`): a hand
//! rebuilt from the events alone, the 108 tiles counted (the birds too), the starting hands'
//! small wins found again, every payment read against docs/SCORING.md.

use super::rooms::seen::Seen;
use hupai::game::room::{BirdPay, ChangshaRules, NextDealer, Reason, RoomEvent};
use hupai::{Engine, Rules, Tile, Win};
/// A payment owed: its reason, its payee, and each payer with the amount.
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// The birds just drawn: the seat they count from, the tiles, the hits on each seat.
type Birds = (u8, Vec<u8>, [u8; 4]);

/// What the reference keeps of a hand.
#[derive(Clone, Default)]
pub struct Reference {
    /// The play as the events show it (its draws: the deal's 52 and every draw after, birds
    /// not counted).
    pub seen: Seen,
    birds: u32,
    scores: [i64; 4],
    dealer: u8,
    next_dealer: Option<u8>,
    /// The starting hands' small wins not yet shown: seat and counts.
    openings: Option<Vec<(u8, [u8; 4])>>,
    pub bird_draw: Option<Birds>,
    /// The wins of the hand: winner and discarder.
    wins: Vec<(u8, Option<u8>)>,
    /// The hand's win on another's tile robbed a kong.
    robbed: bool,
    /// 要海底: the seat that drew the wall's last tile; the tile it must play at once (taken
    /// from the wall, not a kong's replacement); the last discarder (the seat after it was
    /// offered the last tile first).
    sea_bottom: Option<u8>,
    must_play: Option<(u8, u8)>,
    last_discarder: Option<u8>,
    expect: Vec<Owed>,
}

impl Reference {
    /// Tiles left to draw before the birds kept back.
    fn left(&self, rules: &ChangshaRules) -> u32 {
        108 - self.seen.drawn - u32::from(rules.birds.min(8))
    }

    /// The dealer's extra and the hits on the two: what `payer` owes `winner` of `each` — the
    /// birds raising price and extra together, or (`birds_on_extra` off: C4's "庄闲分不算入内")
    /// the price alone, the extra added after.
    fn owed(&self, rules: &ChangshaRules, winner: u8, payer: u8, each: i64, on: [u8; 4]) -> i64 {
        let stake = i64::from(rules.stake);
        let dealer = winner == self.dealer || payer == self.dealer;
        let extra = if dealer {
            i64::from(rules.dealer_extra) * stake
        } else {
            0
        };
        let hits = i64::from(on[winner as usize]) + i64::from(on[payer as usize]);
        let raised = |base: i64| match rules.bird_pay {
            BirdPay::Multiply => base * (1 + hits),
            BirdPay::Add => base + hits * stake,
        };
        if rules.birds_on_extra {
            raised(each + extra)
        } else {
            raised(each) + extra
        }
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    pub fn read(&mut self, e: &RoomEvent, rules: &ChangshaRules) {
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
            RoomEvent::Void { .. } | RoomEvent::Exchange { .. } => {
                panic!("长沙麻将 declares no void suit and passes no tiles")
            }
            RoomEvent::Jing { .. } => panic!("长沙麻将 turns no 精"),
            RoomEvent::Flower { .. } => panic!("长沙麻将 plays no flowers"),
            RoomEvent::Draw { seat, tile } => {
                assert!(self.wins.is_empty(), "a draw after the win");
                assert!(tile < 27, "a tile out of play");
                let replacing = self.seen.kong_draw;
                self.seen.play(e, self.left(rules));
                if rules.sea_bottom && self.left(rules) == 0 {
                    self.sea_bottom = Some(seat);
                    self.must_play = (!replacing).then_some((seat, tile));
                }
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
            RoomEvent::Discard { seat, tile } if self.must_play.is_some() => {
                // The last tile taken is played at once (or won on).
                assert_eq!(self.must_play.take(), Some((seat, tile)), "要海底: {e:?}");
                self.last_discarder = Some(seat);
                self.seen.play(e, self.left(rules));
            }
            RoomEvent::Discard { seat, .. } => {
                self.last_discarder = Some(seat);
                self.seen.play(e, self.left(rules));
            }
            RoomEvent::Chi { .. } | RoomEvent::Pon { .. } | RoomEvent::Kong { .. } => {
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
                    // 要海底: the seat that drew the last tile, or the first offered it (the
                    // seat after the last discarder) when every seat passed.
                    (NextDealer::FirstWinner, None) if rules.sea_bottom => {
                        let first = self.last_discarder.map(|d| (d + 1) % 4);
                        self.sea_bottom
                            .or(first)
                            .expect("a discard before a drawn wall")
                    }
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
    pub fn tiles(&self, left: u8, reserve: u8) -> u32 {
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
