//! The literal reference of the 长沙 table's tests (`tests/changsha_table.rs`): a hand
//! rebuilt from the events alone, the 108 tiles counted (the birds too), the starting hands'
//! small wins found again, every payment read against docs/SCORING.md.

use super::rooms::seen::Seen;
use hupai::game::room::{BirdPay, ChangshaRules, Reason, RoomEvent};
use hupai::{Engine, Rules, Tile, Win};

/// The scorer the reference asks (made once: readiness is asked at every kong).
static CHANGSHA: std::sync::LazyLock<Engine<'static>> =
    std::sync::LazyLock::new(|| Engine::new(Rules::changsha()));
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
    /// 开杠: the konger and the two tiles it turned, until they are won on or play goes on.
    opened: Option<(u8, [u8; 2])>,
    /// The seats that opened a kong: their hands locked (each draw played at once).
    locked: [bool; 4],
    /// The kong just read: its konger and whether the rules offer it to open it (checked
    /// against the table after the step).
    pub offer: std::cell::Cell<Option<(u8, bool)>>,
    /// Kongs opened, and wins on their tiles (the konger's, the others').
    pub opened_kongs: u64,
    pub opened_wins: u64,
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
                    opened_kongs: self.opened_kongs,
                    opened_wins: self.opened_wins,
                    ..Reference::default()
                };
            }
            RoomEvent::Void { .. } | RoomEvent::Exchange { .. } => {
                panic!("长沙麻将 declares no void suit and passes no tiles")
            }
            RoomEvent::Jing { .. } => panic!("长沙麻将 turns no 精"),
            RoomEvent::Flower { .. } => panic!("长沙麻将 plays no flowers"),
            RoomEvent::OpenKong { seat, tiles } => {
                assert!(rules.open_kong, "a kong opened where the rules do not");
                if let Some(offer) = self.offer.take() {
                    assert_eq!(offer, (seat, true), "开杠 offered");
                }
                assert!(self.seen.kong_draw, "开杠 after a kong");
                assert!(!self.locked[seat as usize] && self.left(rules) >= 2);
                assert!(self.ready(seat, rules), "开杠 of a seat not ready");
                // Both turned tiles lie face up, out of the wall.
                self.seen.drawn += 2;
                self.seen.river += 2;
                self.locked[seat as usize] = true;
                self.opened = Some((seat, tiles));
                // Turned and not won on, they are its discards: under 要海底 the seat after it
                // is offered the wall's last tile first.
                self.last_discarder = Some(seat);
                self.opened_kongs += 1;
                if rules.sea_bottom && self.left(rules) == 0 {
                    self.sea_bottom = Some(seat);
                }
            }
            RoomEvent::Draw { seat, tile } => {
                assert!(self.wins.is_empty(), "a draw after the win");
                if let Some((konger, _)) = self.opened.take() {
                    // No one won on the turned tiles: the seat after the konger draws (the
                    // wall's last tile offered round the table under 要海底).
                    if !(rules.sea_bottom && self.left(rules) == 1) {
                        assert_eq!(seat, (konger + 1) % 4, "the draw after an opened kong");
                    }
                    self.seen.kong_draw = false;
                }
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
            RoomEvent::Discard { seat, tile } => {
                if self.locked[seat as usize] {
                    // 抓啥打啥: a seat that opened a kong plays the tile it drew.
                    assert_eq!(self.seen.drew, Some((seat, tile)), "a locked hand changed");
                }
                self.last_discarder = Some(seat);
                self.seen.play(e, self.left(rules));
            }
            RoomEvent::Chi { seat, .. } | RoomEvent::Pon { seat, .. } => {
                assert!(!self.locked[seat as usize], "a locked hand called: {e:?}");
                self.seen.play(e, self.left(rules));
            }
            RoomEvent::Kong { seat, .. } => {
                assert!(!self.locked[seat as usize], "a locked hand konged: {e:?}");
                self.seen.play(e, self.left(rules));
                let open = rules.open_kong && self.left(rules) >= 2 && self.ready(seat, rules);
                self.offer.set(Some((seat, open)));
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
                // A win on a tile an opened kong turned: the konger's own (杠上开花) or
                // another's (杠上炮), on the one that pays it most.
                let opened = self
                    .opened
                    .filter(|o| from.map_or(o.0 == seat, |f| f == o.0));
                // A win on another's tile that was not its discard robs a kong (a second
                // winner robs it too).
                let robbing = match from {
                    _ if opened.is_some() => false,
                    Some(_) if second => self.robbed,
                    Some(f) => self.seen.discard != Some((f, tile)),
                    None => false,
                };
                self.robbed = robbing;
                let mut held = self.seen.hands[seat as usize];
                if from.is_some() || opened.is_some() {
                    held[tile as usize] += 1;
                }
                let kong_discard = match from {
                    _ if opened.is_some() => true,
                    Some(f) => self.seen.discard.is_some_and(|d| d.0 == f) && self.seen.after_kong,
                    None => false,
                };
                if let Some((_, tiles)) = opened {
                    assert!(tiles.contains(&tile), "{e:?} on none of {tiles:?}");
                    let best = tiles
                        .iter()
                        .filter_map(|&t| {
                            let mut h = self.seen.hands[seat as usize];
                            h[t as usize] += 1;
                            self.value(seat, &h, t, from, false, kong_discard, rules)
                                .map(|v| (v.0, t))
                        })
                        .reduce(|a, b| if b.0 > a.0 { b } else { a });
                    assert_eq!(best.map(|b| b.1), Some(tile), "the better tile");
                    self.opened_wins += 1;
                }
                let (each, scored_fan) = self
                    .value(seat, &held, tile, from, robbing, kong_discard, rules)
                    .unwrap_or_else(|| panic!("not a win: {e:?}"));
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
                } else if from.is_none() && opened.is_some() {
                    // The konger takes its tile from the two turned; the other stays out.
                    self.seen.hands[seat as usize][tile as usize] += 1;
                    self.seen.river -= 1;
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
                // 要海底: at a drawn wall the seat that drew the last tile, or the first
                // offered it (the seat after the last discarder) when every seat passed.
                let first = self.last_discarder.map(|d| (d + 1) % 4);
                let drawn = match self.sea_bottom.or(first) {
                    Some(s) if rules.sea_bottom && self.wins.is_empty() => s,
                    None if rules.sea_bottom && self.wins.is_empty() => {
                        panic!("a drawn wall with no discard")
                    }
                    _ => self.dealer,
                };
                let dealer =
                    super::rooms::next_dealer(rules.next_dealer, self.dealer, &self.wins, drawn);
                self.next_dealer = Some(dealer);
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
    #[allow(clippy::too_many_arguments)]
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        from: Option<u8>,
        robbing: bool,
        after_kong: bool,
        rules: &ChangshaRules,
    ) -> Option<(i64, u32)> {
        let seen = &self.seen;
        let hand = seen.winning_hand(seat, held, tile)?;
        let tsumo = from.is_none();
        let first = seen.discards[seat as usize] == 0 && !seen.called;
        let last = self.left(rules) == 0;
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
        let s = CHANGSHA.score(&hand, &win).ok()?.changsha()?;
        Some((s.each as i64, s.fan))
    }

    /// Whether some tile would win `seat`'s hand (听牌): a win on it as on a discard, no flag
    /// of the moment.
    fn ready(&self, seat: u8, rules: &ChangshaRules) -> bool {
        let h = self.seen.hands[seat as usize];
        (0..27u8).filter(|&k| h[k as usize] < 4).any(|k| {
            let mut held = h;
            held[k as usize] += 1;
            let from = Some((seat + 1) % 4);
            self.value(seat, &held, k, from, false, false, rules)
                .is_some()
        })
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
