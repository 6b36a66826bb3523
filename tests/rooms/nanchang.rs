//! The literal reference of the 南昌麻将 table's tests (`tests/nanchang_table.rs`): a hand
//! rebuilt from the events alone, every seat's options found again, every payment and the 精
//! settlement read against docs/SCORING.md.

use super::rooms::seen::Seen;
use hupai::game::room::{
    DiscardPays, NanchangRules, Reason, RoomAction, RoomActions, RoomEvent, RoomGame,
};
use hupai::{nanchang_wilds, CallKind, Engine, Rules, Tile, TileSet, Win};

/// The scorer the reference asks (made once: the options are checked at every step).
static NANCHANG: std::sync::LazyLock<Engine<'static>> =
    std::sync::LazyLock::new(|| Engine::new(Rules::nanchang()));

/// A payment owed: its reason, its payee, and each payer with the amount.
type Owed = (Reason, u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand.
#[derive(Clone, Default)]
pub struct Reference {
    /// The play as the events show it.
    pub seen: Seen,
    /// The hand's 正精, turned at its start.
    pub jing: Option<u8>,
    pub scores: [i64; 4],
    pub hand: u16,
    pub dealer: u8,
    pub next_dealer: Option<u8>,
    /// The wins of the hand: winner and discarder.
    pub wins: Vec<(u8, Option<u8>)>,
    pub robbed: bool,
    pub expect: Vec<Owed>,
    /// 精 settlements read, and whether this hand's is owed already.
    pub settled: u64,
    pub jing_done: bool,
    /// The hand's discards while no call was made, seat and kind (跟庄 reads the first four).
    pub firsts: Vec<(u8, u8)>,
    /// 跟庄 payments read.
    pub followed: u64,
    /// Wins paid at 德中德.
    pub de_zhong_de: u64,
    /// The hand's 下精, turned after its win.
    pub lower: Option<u8>,
    /// 下精 settlements read.
    pub lower_settled: u64,
    /// Whether the kongs' points of a won hand are owed already, and how many were paid.
    pub kongs_done: bool,
    pub kong_bonuses: u64,
    /// 精杠 paid (`jing_kong`).
    pub jing_kongs: u64,
    /// `jing_chi`: the 精 points each seat chowed from each discarder, and the discarder of
    /// its last chowed 精 (包, `jing_bao`).
    pub fed: [[u8; 4]; 4],
    pub last_fed: [Option<u8>; 4],
    /// 冲关 paid by a feeder alone (包).
    pub bao: u64,
    /// The last hand's 正精 (回头一笑 settles it again at the deal), and 回头一笑 settlements read.
    pub last_jing: Option<u8>,
    pub looked_back: u64,
    /// Hands drawn, and hands won on the wall's last tile.
    pub drawn_hands: u64,
    pub last_tile_wins: u64,
}

impl Reference {
    /// Tiles left to draw (the indicators out of play).
    fn left(&self) -> u32 {
        136 - self.seen.drawn - u32::from(self.jing.is_some()) - u32::from(self.lower.is_some())
    }

    /// The hand's two wild kinds.
    fn wild(&self) -> TileSet {
        let (zheng, fu) = nanchang_wilds(Tile::from_index(self.jing.expect("the 精") as usize));
        TileSet::from_iter([zheng, fu])
    }

    /// A 精's points: 2 the 正精, 1 the 副精.
    fn points(&self, k: u8) -> u8 {
        let (zheng, _) = nanchang_wilds(Tile::from_index(self.jing.expect("the 精") as usize));
        if usize::from(k) == zheng.index() {
            2
        } else {
            1
        }
    }

    /// Whether a tile of kind `k` is a 精 this hand.
    fn is_jing(&self, k: u8) -> bool {
        self.wild().contains(Tile::from_index(k as usize))
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    pub fn read(&mut self, e: &RoomEvent, rules: &NanchangRules) {
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
                    settled: self.settled,
                    followed: self.followed,
                    de_zhong_de: self.de_zhong_de,
                    lower_settled: self.lower_settled,
                    kong_bonuses: self.kong_bonuses,
                    jing_kongs: self.jing_kongs,
                    last_jing: self.jing,
                    looked_back: self.looked_back,
                    bao: self.bao,
                    drawn_hands: self.drawn_hands,
                    last_tile_wins: self.last_tile_wins,
                    hand,
                    dealer,
                    ..Reference::default()
                };
            }
            // 下精 (`lower_jing`): after a won hand's payments and its 精's settlement, the
            // wall's last tile turned (none from an empty wall), its 精 settled alike.
            RoomEvent::Jing { indicator } if self.jing.is_some() => {
                assert!(rules.lower_jing && !self.wins.is_empty(), "{e:?}");
                assert!(self.lower.is_none() && self.left() > 0, "{e:?}");
                self.kongs_owed(rules);
                if rules.jing && !self.jing_done {
                    // Owed nothing: none was paid.
                    self.jing_owed(self.jing.unwrap(), rules, Reason::Jing, rules.jing_bao);
                    self.settled += 1;
                }
                for (r, p, ps) in self.expect.drain(..) {
                    assert!(ps.iter().all(|x| x.1 == 0), "{r:?} to {p} after the 下精");
                }
                self.lower = Some(indicator);
                self.jing_owed(indicator, rules, Reason::Jing, false);
                (self.jing_done, self.lower_settled) = (true, self.lower_settled + 1);
            }
            RoomEvent::Jing { indicator } => {
                let first = self.jing.is_none() && self.seen.drawn == 52;
                assert!(first, "the 精 turned after the deal");
                assert!(indicator < 34);
                self.jing = Some(indicator);
            }
            RoomEvent::Draw { .. } => {
                assert!(self.jing.is_some(), "play before the 精 is turned");
                assert!(self.wins.is_empty(), "play after the win");
                self.seen.play(e, self.left());
                // 回头一笑 (`look_back`): the dealer's fourteenth drawn, the last hand's 精
                // settled on the tiles dealt.
                if let (Some(last), true, 53) = (self.last_jing, rules.look_back, self.seen.drawn) {
                    self.jing_owed(last, rules, Reason::LookBack, false);
                    self.looked_back += 1;
                }
            }
            RoomEvent::Discard { seat, tile } => {
                assert!(self.wins.is_empty(), "play after the win");
                if !self.seen.called {
                    self.firsts.push((seat, tile));
                    self.follow_owed(rules);
                }
                self.seen.play(e, self.left());
            }
            RoomEvent::Chi {
                seat,
                from,
                tile,
                low,
            } => {
                // `jing_chi`: the discarded 精 chowed as itself, the two others no 精.
                let others = (low..low + 3).filter(|&k| k != tile);
                assert!(others.clone().all(|k| !self.is_jing(k)), "a 精 in a chi");
                assert!(!self.is_jing(tile) || rules.jing_chi, "a 精 chowed");
                if self.is_jing(tile) {
                    self.fed[seat as usize][from as usize] += self.points(tile);
                    self.last_fed[seat as usize] = Some(from);
                }
                self.seen.play(e, self.left());
            }
            RoomEvent::Pon { tile, .. } => {
                assert!(!self.is_jing(tile), "a 精 called");
                self.seen.play(e, self.left());
            }
            RoomEvent::Kong {
                tile, from, added, ..
            } => {
                // 精杠 (`jing_kong`): four 精 held, konged closed.
                let jing_kong = rules.jing_kong > 0 && from.is_none() && !added;
                assert!(!self.is_jing(tile) || jing_kong, "a 精 called or konged");
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
                let (each, scored, doubled) = self
                    .value(seat, &held, tile, from, robbing, rules)
                    .unwrap_or_else(|| panic!("{e:?}: no win"));
                assert_eq!(fan, scored);
                self.de_zhong_de += u64::from(doubled);
                // The dealer's double, when the winner or the payer deals.
                let owed = |q: u8| {
                    let dealer = seat == self.dealer || q == self.dealer;
                    each * if rules.dealer_double && dealer { 2 } else { 1 }
                };
                let mut payers: Vec<(u8, i64)> = (0..4)
                    .filter(|&q| q != seat)
                    .filter_map(|q| match (from, rules.discard_pays) {
                        (None, _) => Some((q, owed(q))),
                        (Some(f), DiscardPays::Discarder) => (q == f).then(|| (q, owed(q))),
                        (Some(f), DiscardPays::All) if q == f => Some((q, 2 * owed(q))),
                        (Some(_), DiscardPays::All) => Some((q, owed(q))),
                    })
                    .collect();
                // 抢杠全包: the konger pays every share, as one payment.
                if let (Some(f), true) = (from, robbing && rules.robbed_pays_all) {
                    payers = vec![(f, payers.iter().map(|p| p.1).sum())];
                }
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
                    matches!(
                        reason,
                        Reason::Win
                            | Reason::Jing
                            | Reason::FollowDealer
                            | Reason::KongBonus
                            | Reason::JingKong
                            | Reason::LookBack
                    ),
                    "南昌 pays no {reason:?}"
                );
                if matches!(reason, Reason::Jing | Reason::KongBonus | Reason::JingKong) {
                    assert!(!self.wins.is_empty(), "{e:?} before a win");
                    self.kongs_owed(rules);
                    self.kong_bonuses += u64::from(reason == Reason::KongBonus);
                    self.jing_kongs += u64::from(reason == Reason::JingKong);
                }
                if reason == Reason::Jing && !self.jing_done {
                    assert!(rules.jing && !self.wins.is_empty(), "{e:?}");
                    self.jing_owed(self.jing.unwrap(), rules, Reason::Jing, rules.jing_bao);
                    self.settled += 1;
                    self.jing_done = true;
                }
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
                assert_eq!(payers.remove(j).1, amount, "{e:?}");
            }
            RoomEvent::EndHand { scores } => {
                if !self.wins.is_empty() {
                    self.kongs_owed(rules);
                }
                if rules.jing && !self.wins.is_empty() && !self.jing_done {
                    // Owed nothing: no 精 was paid.
                    self.jing_owed(self.jing.unwrap(), rules, Reason::Jing, rules.jing_bao);
                    self.settled += 1;
                }
                // The 下精 is turned after every won hand but one won on the wall's last tile.
                let lower = rules.lower_jing && !self.wins.is_empty() && self.left() > 0;
                assert!(!lower || self.lower.is_some(), "no 下精 turned");
                self.drawn_hands += u64::from(self.wins.is_empty());
                let last = !self.wins.is_empty() && self.left() == 0 && self.lower.is_none();
                self.last_tile_wins += u64::from(last);
                assert_eq!(scores, self.scores);
                for (r, p, ps) in &self.expect {
                    assert!(ps.iter().all(|x| x.1 == 0), "{r:?} to {p}: {ps:?} unpaid");
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
            _ => panic!("南昌 has no {e:?}"),
        }
    }

    /// 跟庄 (docs/SCORING.md, `follow_dealer`): the hand's first four discards, no call made
    /// before them, the dealer's and then each other seat's in turn, all of one kind — the
    /// dealer owes each other seat N stakes.
    fn follow_owed(&mut self, rules: &NanchangRules) {
        let d = self.dealer;
        let in_turn = self
            .firsts
            .iter()
            .enumerate()
            .all(|(i, &(seat, _))| seat == (d + i as u8) % 4);
        let one_kind = self.firsts.iter().all(|f| f.1 == self.firsts[0].1);
        if rules.follow_dealer == 0 || self.firsts.len() != 4 || !in_turn || !one_kind {
            return;
        }
        let each = i64::from(rules.follow_dealer) * i64::from(rules.stake);
        for q in (0..4).filter(|&q| q != d) {
            self.expect.push((Reason::FollowDealer, q, vec![(d, each)]));
        }
        self.followed += 1;
    }

    /// What each payer pays `seat`'s hand `held` (the winning `tile` in it) before the dealer's
    /// double and who pays, and its fans; none for no win. The scorer's value for the
    /// reference's own hand, calls and moment, the hand's 精 wild: 杠上开花 on a kong's
    /// replacement, 抢杠胡 on a tile added to a pon, 天胡 / 地胡 before a seat's first discard
    /// with no call made.
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        from: Option<u8>,
        robbing: bool,
        rules: &NanchangRules,
    ) -> Option<(i64, u32, bool)> {
        let hand = self
            .seen
            .winning_hand(seat, held, tile)?
            .with_wild(self.wild());
        let tsumo = from.is_none();
        let seen = &self.seen;
        let first = seen.discards[seat as usize] == 0 && !seen.called;
        let win = Win {
            tsumo,
            stake: rules.stake,
            payers: 3,
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            rinshan: tsumo && seen.kong_draw,
            chankan: robbing,
            tenhou: tsumo && first && seat == self.dealer,
            chiihou: tsumo && first && seat != self.dealer,
            room: hupai::RoomRules {
                cap: rules.cap,
                all_pungs_fans: rules.all_pungs_fans,
                kong_bloom_fans: rules.kong_bloom_fans,
                ..hupai::RoomRules::default()
            },
            ..Win::default()
        };
        let s = NANCHANG.score(&hand, &win).ok()?.nanchang()?;
        // 天胡 / 地胡 flat (`heavenly_flat`, `earthly_flat`): N stakes, the doublings dropped.
        let flat = match (win.tenhou, win.chiihou) {
            (true, _) => rules.heavenly_flat,
            (_, true) => rules.earthly_flat,
            _ => 0,
        };
        if flat > 0 {
            return Some((i64::from(flat) * i64::from(rules.stake), s.fan, false));
        }
        // 德国 +N (docs/SCORING.md, `de_guo_bonus`): N stakes more when the reading paid is 德国.
        let de_guo = s.fans.iter().any(|&(f, _)| f == hupai::NanchangFan::DeGuo);
        let bonus = i64::from(rules.de_guo_bonus) * i64::from(rules.stake);
        let paid = (s.each as i64 + if de_guo { bonus } else { 0 }, s.fan, false);
        // 德中德 (`de_zhong_de`): no other seat holds a 精, concealed or called; the hand as it
        // is (every 精 itself, 德国) then counts one doubling more, within the cap, and the win
        // is paid at whichever reading pays more.
        let clean = (0..4u8).filter(|&q| q != seat).all(|q| {
            let mut held = self.seen.hands[q as usize].iter().enumerate();
            let melds = self.seen.melds[q as usize].iter();
            held.all(|(k, &c)| c == 0 || !self.is_jing(k as u8))
                && melds.into_iter().all(|&(kind, t)| match kind {
                    CallKind::Chi => (t..t + 3).all(|k| !self.is_jing(k)),
                    _ => !self.is_jing(t),
                })
        });
        if !rules.de_zhong_de || !clean {
            return Some(paid);
        }
        let bare = hand.with_wild(TileSet::EMPTY);
        let Some(b) = NANCHANG.score(&bare, &win).ok().and_then(|b| b.nanchang()) else {
            return Some(paid);
        };
        let fan = match u32::from(rules.cap) {
            0 => b.uncapped + 1,
            cap => (b.uncapped + 1).min(cap),
        };
        let each = (i64::from(rules.stake) << fan) + bonus;
        Some(if each >= paid.0 {
            (each, fan, true)
        } else {
            paid
        })
    }

    /// The kongs' points at a won hand's end (docs/SCORING.md, `kong_points`, `jing_kong`):
    /// each seat's kongs — of a discard, closed or added — N stakes each from every other
    /// seat, a kong of four 精 (精杠) its own N; owed once.
    fn kongs_owed(&mut self, rules: &NanchangRules) {
        if self.kongs_done {
            return;
        }
        self.kongs_done = true;
        for s in 0..4u8 {
            let melds = &self.seen.melds[s as usize];
            let kongs = melds
                .iter()
                .filter(|m| matches!(m.0, CallKind::Kan | CallKind::ClosedKan));
            let jing = kongs.clone().filter(|m| self.is_jing(m.1)).count() as i64;
            let other = kongs.count() as i64 - jing;
            for (reason, n, points) in [
                (Reason::KongBonus, other, rules.kong_points),
                (Reason::JingKong, jing, rules.jing_kong),
            ] {
                let each = n * i64::from(points) * i64::from(rules.stake);
                let payers = (0..4).filter(|&q| q != s).map(|q| (q, each)).collect();
                self.expect.push((reason, s, payers));
            }
        }
    }

    /// The 精 of every seat at a won hand's end as docs/SCORING.md ("Nanchang") writes them:
    /// 2 points a 正精 and 1 a 副精 among its tiles, concealed and called; five points or more
    /// multiply by points − 3 (冲关); the only seat holding any doubles (霸王精), or adds
    /// `ba_wang_bonus` points; each seat's
    /// points × multiple × stake paid by every other, for `reason`; under `bao` (the hand's
    /// own 精 under `jing_bao`) 包 as below.
    fn jing_owed(&mut self, indicator: u8, rules: &NanchangRules, reason: Reason, bao: bool) {
        let (zheng, fu) = nanchang_wilds(Tile::from_index(indicator as usize));
        let points: Vec<u64> = (0..4)
            .map(|s| {
                let mut all = self.seen.hands[s];
                for &(kind, t) in &self.seen.melds[s] {
                    match kind {
                        CallKind::Chi => (t..t + 3).for_each(|k| all[k as usize] += 1),
                        CallKind::Pon => all[t as usize] += 3,
                        _ => all[t as usize] += 4,
                    }
                }
                2 * u64::from(all[zheng.index()]) + u64::from(all[fu.index()])
            })
            .collect();
        let holders = points.iter().filter(|&&p| p > 0).count();
        // 包 (`jing_bao`, the hand's 上精 alone): a 冲关 the last chowed 精 made — under five
        // points without what its discarder fed — paid by that discarder, every share.
        let bao = |s: usize, p: u64| {
            let f = self.last_fed[s]?;
            let fed = u64::from(self.fed[s][f as usize]);
            (bao && p >= 5 && p < 5 + fed).then_some(f)
        };
        let bao: Vec<Option<u8>> = points.iter().enumerate().map(|(s, &p)| bao(s, p)).collect();
        for (s, &p) in points.iter().enumerate() {
            let times = if p >= 5 { p - 3 } else { 1 };
            // 霸王精: the lone holder doubles, or under 霸王精 +N adds N points.
            let value = match (holders == 1 && p > 0, rules.ba_wang_bonus) {
                (true, 0) => p * times * 2,
                (true, n) => p * times + u64::from(n),
                (false, _) => p * times,
            };
            let value = value as i64 * i64::from(rules.stake);
            let payers = match bao[s] {
                Some(f) => vec![(f, 3 * value)],
                None => (0..4)
                    .filter(|&q| q != s as u8)
                    .map(|q| (q, value))
                    .collect(),
            };
            self.bao += u64::from(bao[s].is_some() && value > 0);
            self.expect.push((reason, s as u8, payers));
        }
    }

    /// What `seat` may do now as the reference reads the rules, against what the table
    /// offers: on its own draw a win; on another's discard a win, pon and kong (not of the
    /// last tile), chi for the seat after the discarder alone.
    pub fn check_options(&self, game: &RoomGame, seat: u8, rules: &NanchangRules) {
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
                // Four of a kind konged closed, with a tile left to replace it; a 精 only
                // under `jing_kong` (精杠); the dealer not before its first discard under
                // `dealer_opening_kong` off.
                let opening = seat == self.dealer && self.seen.discards[seat as usize] == 0;
                let may = self.left() > 0 && (rules.dealer_opening_kong || !opening);
                for k in (0..34u8).filter(|&k| h[k as usize] == 4) {
                    let kong = RoomAction::closed_kong(Tile::from_index(k.into()));
                    let offered = may && (!self.is_jing(k) || rules.jing_kong > 0);
                    assert_eq!(legal.contains(kong), offered, "seat {seat}: {legal:?}");
                }
            }
            (None, Some((f, t))) if f != seat && self.is_jing(t) => {
                // `jing_chi`: the seat after the discarder may chow it, with two tiles held
                // that are no 精; nothing else, no one else.
                let mut chis = RoomActions::EMPTY;
                let next = seat == (f + 1) % 4 && rules.jing_chi && t < 27 && self.left() > 0;
                for at in (0..3u8).filter(|&at| next && t % 9 >= at && t % 9 - at + 2 < 9) {
                    let low = t - at;
                    let held = |k: u8| k == t || h[k as usize] > 0 && !self.is_jing(k);
                    if (low..low + 3).all(held) {
                        chis.insert(RoomAction::chi(at));
                    }
                }
                if !chis.is_empty() {
                    chis.insert(RoomAction::PASS);
                }
                assert_eq!(legal, chis, "seat {seat} on a 精");
            }
            (None, Some((f, t))) if f != seat => {
                let mut held = *h;
                held[t as usize] += 1;
                let win = self.value(seat, &held, t, Some(f), false, rules).is_some();
                let left = self.left();
                self.seen
                    .check_claim(legal, (seat, f, t), win, left, &|k| self.is_jing(k));
            }
            // A tile added to a pon, offered to be robbed, or a turn after a call.
            _ => {}
        }
    }

    /// The 136 tiles: concealed, melded, in the rivers, in the wall and the 精's indicator.
    pub fn tiles(&self, left: u8) -> u32 {
        let indicators = u32::from(self.jing.is_some()) + u32::from(self.lower.is_some());
        self.seen.tiles() + u32::from(left) + indicators
    }
}

/// A wall for one hand, dealer 0, the 精's indicator (the wall's last tile) `indicator`.
pub fn wall(hands: [&str; 4], fourteenth: &str, indicator: &str) -> Vec<u8> {
    super::rooms::wall(hands, fourteenth, &[], &[indicator], 136)
}

/// One hand under `rules` on `w`, dealer 0, `script` answering where it will (else pass, or
/// discard the tile drawn), the reference reading every event: the events.
pub fn one_hand(
    rules: NanchangRules,
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

/// The two winners' wall: seats 1 and 3 both wait on the dealer's 2z (德国 each), seat 3
/// holding a lone 1s — the 副精 of the 9s indicator.
pub fn two_winners_wall() -> Vec<u8> {
    wall(
        [
            "1379m13579p2468s",
            "123m456m789p111z2z",
            "2233445566m567z",
            "123s456s789p333z2z",
        ],
        "2z",
        "9s",
    )
}

/// The dealer discards its 2z; a win taken when offered.
pub fn dealer_deals_in_2z(game: &RoomGame, seat: u8) -> Option<RoomAction> {
    super::rooms::dealer_plays(game, seat, RoomAction::discard(Tile::from_index(28)))
}
