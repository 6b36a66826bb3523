//! The literal reference of the Guobiao table's tests (`tests/guobiao_table.rs`): a hand
//! rebuilt from the events alone, every seat's options found again, every payment read
//! against docs/SCORING.md.

use super::rooms::seen::Seen;
use hupai::game::room::{GuobiaoRules, Reason, RoomAction, RoomEvent, RoomGame};
use hupai::{Engine, Rules, Tile, Win};

/// The scorer the reference asks (made once: the options are checked at every step).
static GUOBIAO: std::sync::LazyLock<Engine<'static>> =
    std::sync::LazyLock::new(|| Engine::new(Rules::guobiao()));

/// A payment owed: its payee, and each payer with the amount.
type Owed = (u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand.
#[derive(Clone)]
pub struct Reference {
    /// The play as the events show it.
    pub seen: Seen,
    /// The tiles of each kind in sight: in the rivers or shown in a call (a closed kong's
    /// are face down).
    pub in_sight: [u8; 34],
    pub scores: [i64; 4],
    pub hand: u16,
    pub dealer: u8,
    pub next_dealer: Option<u8>,
    /// The wins of the hand: winner and discarder.
    pub wins: Vec<(u8, Option<u8>)>,
    pub robbed: bool,
    pub expect: Vec<Owed>,
    /// Wins counted 和绝张.
    pub last_copies: u64,
    /// The flowers each seat set aside this hand.
    pub flowers: [u8; 4],
    /// The seat whose flower was just set aside: its replacement (or another flower) comes
    /// next, or the hand ends with the wall.
    pub replacing: Option<u8>,
    /// Wins with flowers counted.
    pub flowered_wins: u64,
    /// Hands drawn while a flower waited for its replacement.
    pub ran_out: u64,
    /// The rules play the flowers (144 tiles).
    pub plays_flowers: bool,
    /// The deal's flowers told so far reached this seat (from the dealer).
    pub deal_flowers_at: u8,
}

impl Default for Reference {
    fn default() -> Reference {
        Reference {
            seen: Seen::default(),
            in_sight: [0; 34],
            scores: [0; 4],
            hand: 0,
            dealer: 0,
            next_dealer: None,
            wins: Vec::new(),
            robbed: false,
            expect: Vec::new(),
            last_copies: 0,
            flowers: [0; 4],
            replacing: None,
            flowered_wins: 0,
            ran_out: 0,
            plays_flowers: false,
            deal_flowers_at: 0,
        }
    }
}

impl Reference {
    /// Tiles left to draw (a flower drawn is one of them).
    fn left(&self) -> u32 {
        136 + 8 * u32::from(self.plays_flowers) - self.seen.drawn
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    pub fn read(&mut self, e: &RoomEvent, rules: &GuobiaoRules) {
        if let Some(s) = self.replacing.take() {
            match *e {
                RoomEvent::Flower { seat } | RoomEvent::Draw { seat, .. } => {
                    assert_eq!(seat, s, "a flower's replacement drawn by another seat")
                }
                RoomEvent::EndHand { .. } => {
                    assert_eq!(self.left(), 0, "a flower not replaced");
                    self.ran_out += 1;
                }
                _ => panic!("a flower of seat {s} not replaced: {e:?}"),
            }
        }
        match *e {
            RoomEvent::Deal {
                ref hands,
                dealer,
                hand,
            } => {
                if let Some(d) = self.next_dealer {
                    assert_eq!(dealer, d, "the dealer");
                    assert_eq!(hand, self.hand + 1, "the hand's number");
                }
                *self = Reference {
                    seen: Seen::dealt(hands),
                    scores: self.scores,
                    last_copies: self.last_copies,
                    flowered_wins: self.flowered_wins,
                    ran_out: self.ran_out,
                    plays_flowers: rules.flowers,
                    hand,
                    dealer,
                    ..Reference::default()
                };
            }
            RoomEvent::Flower { seat } => {
                assert!(rules.flowers, "a flower where none is played");
                assert!(self.wins.is_empty(), "a flower after the win");
                self.flowers[seat as usize] += 1;
                assert!(self.flowers.iter().sum::<u8>() <= 8, "a ninth flower");
                self.seen.drawn += 1;
                if self.seen.drew.is_none() && self.seen.discard.is_none() && !self.seen.called {
                    // The deal's (the dealer's fourteenth's too): told after the deal, each
                    // seat's in turn from the dealer, before the dealer's first draw.
                    let order = |q: u8| (q + 4 - self.dealer) % 4;
                    assert!(
                        order(seat) >= self.deal_flowers_at,
                        "the deal's flowers in turn"
                    );
                    self.deal_flowers_at = order(seat);
                } else {
                    // Drawn: its replacement from the wall's end, no kong's (杠上开花 is
                    // a kong's replacement alone).
                    self.seen.kong_draw = false;
                    self.replacing = Some(seat);
                }
            }
            RoomEvent::Draw { .. }
            | RoomEvent::Discard { .. }
            | RoomEvent::Chi { .. }
            | RoomEvent::Pon { .. }
            | RoomEvent::Kong { .. } => {
                assert!(self.wins.is_empty(), "play after the win");
                // What the play shows: a discard, a call's tiles from the hand (a closed
                // kong's are face down).
                let (kind, n) = match *e {
                    RoomEvent::Discard { tile, .. } => (tile, 1),
                    RoomEvent::Pon { tile, .. } => (tile, 2),
                    RoomEvent::Kong {
                        tile, from, added, ..
                    } => (
                        tile,
                        if added {
                            1
                        } else {
                            3 * u8::from(from.is_some())
                        },
                    ),
                    RoomEvent::Chi { tile, low, .. } => {
                        (low..low + 3)
                            .filter(|&k| k != tile)
                            .for_each(|k| self.in_sight[k as usize] += 1);
                        (tile, 0)
                    }
                    _ => (0, 0),
                };
                self.in_sight[kind as usize] += n;
                self.seen.play(e, self.left());
            }
            RoomEvent::Win {
                seat,
                from,
                tile,
                fan,
            } => {
                let second = self
                    .wins
                    .last()
                    .is_some_and(|w| w.1.is_some() && w.1 == from);
                assert!(!second || rules.multiple_wins, "two winners on one discard");
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
                let (each, scored, last_copy) = self
                    .value(seat, &held, tile, from, robbing, rules)
                    .unwrap_or_else(|| panic!("{e:?}: no win of {} fans", rules.minimum));
                assert_eq!(fan, scored);
                self.last_copies += u64::from(last_copy);
                self.flowered_wins += u64::from(self.flowers[seat as usize] > 0);
                let stake = i64::from(rules.stake);
                let base = i64::from(rules.base) * stake;
                let payers = (0..4)
                    .filter(|&q| q != seat)
                    .map(|q| match from {
                        Some(f) if q != f => (q, base),
                        _ => (q, each),
                    })
                    .collect();
                self.expect.push((seat, payers));
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
                assert_eq!(reason, Reason::Win, "Guobiao pays wins alone: {e:?}");
                self.scores[from as usize] -= amount;
                self.scores[to as usize] += amount;
                let i = self
                    .expect
                    .iter()
                    .position(|(p, ps)| *p == to && ps.iter().any(|x| x.0 == from))
                    .unwrap_or_else(|| panic!("{e:?} not owed: {:?}", self.expect));
                let payers = &mut self.expect[i].1;
                let j = payers.iter().position(|x| x.0 == from).unwrap();
                assert_eq!(payers.remove(j).1, amount, "{e:?}");
            }
            RoomEvent::EndHand { scores } => {
                assert_eq!(scores, self.scores);
                for (p, ps) in &self.expect {
                    assert!(ps.iter().all(|x| x.1 == 0), "to {p}: {ps:?} unpaid");
                }
                let dealer = super::rooms::next_dealer(
                    rules.next_dealer,
                    self.dealer,
                    &self.wins,
                    self.dealer,
                );
                self.next_dealer = Some(dealer);
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
            _ => panic!("Guobiao has no {e:?}"),
        }
    }

    /// What `seat`'s hand `held` (the winning `tile` in it) is paid by its discarder, or each
    /// seat on a self-draw (`base + fans`, times the stake), its fans, and whether it was
    /// 和绝张; none below the minimum or for no win. The scorer's fans for the reference's own
    /// hand, calls and moment: the seat wind from the dealer, the round wind from the hand's
    /// number (east for hands 0–3, south 4–7, …), 和绝张 when the other three of the tile's
    /// kind are in sight, the wall's last tile, a kong's tile.
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        from: Option<u8>,
        robbing: bool,
        rules: &GuobiaoRules,
    ) -> Option<(i64, u32, bool)> {
        let hand = self.seen.winning_hand(seat, held, tile)?;
        let tsumo = from.is_none();
        let last = self.left() == 0;
        // The winning tile itself does not count among the three in sight: a discard is in
        // a river, a robbed tile is not.
        let discarded = from.is_some() && !robbing;
        let others = self.in_sight[tile as usize] - u8::from(discarded);
        let win = Win {
            tsumo,
            flowers: self.flowers[seat as usize],
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            round_wind: Tile::from_index(27 + (self.hand / 4 % 4) as usize),
            rinshan: tsumo && self.seen.kong_draw,
            haitei: tsumo && !self.seen.kong_draw && last,
            chankan: robbing,
            houtei: !tsumo && !robbing && last,
            last_copy: others == 3,
            ..Win::default()
        };
        let s = GUOBIAO.score(&hand, &win).ok()?.mcr()?;
        // The minimum counts the fans, the flowers apart (a point each beside them).
        let flowers = u32::from(self.flowers[seat as usize]);
        assert_eq!(s.flowers, flowers);
        (s.total - flowers >= u32::from(rules.minimum)).then(|| {
            let each = (i64::from(rules.base) + i64::from(s.total)) * i64::from(rules.stake);
            (each, s.total, others == 3)
        })
    }

    /// What `seat` may do now as the reference reads the rules, against what the table
    /// offers: on its own draw a win; on another's discard a win, pon and kong (not of the
    /// last tile), chi for the seat after the discarder alone.
    pub fn check_options(&self, game: &RoomGame, seat: u8, rules: &GuobiaoRules) {
        let legal = game.legal(seat);
        let h = &self.seen.hands[seat as usize];
        match (self.seen.drew, self.seen.discard) {
            (Some((d, t)), None) if d == seat => {
                let win = self.value(seat, h, t, None, false, rules).is_some();
                assert_eq!(
                    legal.contains(RoomAction::WIN),
                    win,
                    "seat {seat}: {legal:?}"
                );
            }
            (None, Some((f, t))) if f != seat => {
                let mut held = *h;
                held[t as usize] += 1;
                let win = self.value(seat, &held, t, Some(f), false, rules).is_some();
                let left = self.left();
                self.seen
                    .check_claim(legal, (seat, f, t), win, left, &|_| false);
            }
            // A tile added to a pon, offered to be robbed, or a turn after a call.
            _ => {}
        }
    }

    /// The 136 tiles (144 with the flowers): concealed, melded, in the rivers, set aside
    /// (the flowers) and in the wall.
    pub fn tiles(&self, left: u8) -> u32 {
        let aside: u32 = self.flowers.iter().map(|&f| u32::from(f)).sum();
        self.seen.tiles() + aside + u32::from(left)
    }
}

/// A wall of 136 for one hand, dealer 0 (`rooms::wall`'s, no replacement from the back).
pub fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str]) -> Vec<u8> {
    super::rooms::wall(hands, fourteenth, front, &[], 136)
}

/// One hand under `rules` on `w`, dealer 0, `script` answering where it will (else pass, or
/// discard the tile drawn), the reference reading every event: the events.
pub fn one_hand(
    rules: GuobiaoRules,
    w: &[u8],
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    super::rooms::drive(
        RoomGame::at_hand(rules, 0, w).unwrap(),
        &mut |e| reference.read(e, &rules),
        script,
    )
}

/// The hands of the closed-kong hands: the dealer's 111m 234m 567p 789s 5z, its fourteenth a
/// 1m (`"1m"`), the others' hands not winning on anything it plays.
pub const KONG_HANDS: [&str; 4] = [
    "111m234m567p789s5z",
    "2468m2468p2468s9m",
    "1379p1379s3355z7z",
    "3579m3579s1144z6z",
];

/// The dealer konges its four 1m when it may; a win taken when offered.
pub fn kong_then_win(game: &RoomGame, seat: u8) -> Option<RoomAction> {
    super::rooms::dealer_plays(game, seat, RoomAction::closed_kong(Tile::from_index(0)))
}

/// Every seat passes what it may pass (no win taken).
pub fn pass_all(game: &RoomGame, seat: u8) -> Option<RoomAction> {
    let pass = RoomAction::PASS;
    game.legal(seat).contains(pass).then_some(pass)
}
