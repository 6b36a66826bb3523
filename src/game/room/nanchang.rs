//! 南昌麻将's own: the 精 turned at a hand's start, what the seats that did not deal in pay
//! when every seat pays a discard's win, the dealer's double, and the 精 settled at a won
//! hand's end.

use super::event::{Reason, RoomEvent};
use super::rooms::Room;
use super::rules::DiscardPays;
use super::table::RoomGame;
use crate::rules::nanchang_wilds;
use crate::score::{jing_settlement, Win, WinningHand};
use crate::tile::{Tile, TileSet};

impl RoomGame {
    /// 南昌: turns the hand's 精 from the wall's end (a tile out of play, shown to all):
    /// its kind the 正精, the next the 副精, both wild this hand ([`RoomEvent::Jing`]). The
    /// other rooms have none. Returns the last hand's indicator (none at a game's first).
    pub(super) fn turn_jing(&mut self) -> Option<u8> {
        let last = self.jing;
        (self.jing, self.wild) = (None, TileSet::EMPTY);
        if !matches!(self.room, Room::Nanchang(_)) {
            return None;
        }
        self.tail -= 1;
        let indicator = self.wall[self.tail as usize];
        let (zheng, fu) = nanchang_wilds(Tile::from_index(indicator.into()));
        (self.jing, self.wild) = (Some(indicator), TileSet::from_iter([zheng, fu]));
        self.events.push(RoomEvent::Jing { indicator });
        last
    }

    /// 南昌's 回头一笑 (its switch `look_back`): at the deal, the dealer's fourteenth drawn,
    /// the 精 of `last` — the last hand's indicator — settled on every seat's tiles as a
    /// won hand's 精 are ([`Reason::LookBack`]); none at a game's first hand.
    pub(super) fn look_back(&mut self, last: Option<u8>) {
        if let (Room::Nanchang(r), Some(last)) = (self.room, last) {
            // (A game's first hand has none: a game set up on given walls turned one before.)
            if r.look_back && self.hand > 0 {
                self.settle_jing_of(last, Reason::LookBack, false);
            }
        }
    }

    /// 南昌 under 点炮三家付: the shares of a win on `from`'s tile owed by the two seats that
    /// neither won nor dealt in (the discarder pays twice: [`RoomGame::discarder_times`]), and
    /// whether the konger of a robbed kong pays them under 抢杠全包 — none when the discarder
    /// alone pays.
    pub(super) fn nanchang_others(
        &self,
        winner: u8,
        from: u8,
        each: i64,
        robbed: bool,
    ) -> Option<(bool, [(u8, i64); 2])> {
        let Room::Nanchang(r) = self.room else {
            return None;
        };
        if r.discard_pays != DiscardPays::All {
            return None;
        }
        let mut others = (0..4).filter(|&q| q != winner && q != from);
        let mut share = || {
            let q = others.next().unwrap_or(winner);
            (q, self.owed(winner, q, each))
        };
        Some((robbed && r.robbed_pays_all, [share(), share()]))
    }

    /// Whether a closed kong of kind `k` is a 精杠 the room plays (南昌's switch `jing_kong`:
    /// four 精 of one kind konged).
    pub(super) fn jing_kong(&self, k: usize) -> bool {
        matches!(self.room, Room::Nanchang(r) if r.jing_kong > 0) && self.wild.0 >> k & 1 == 1
    }

    /// Whether `seat` may chow `from`'s discarded 精 `tile` (南昌's `jing_chi`: the seat
    /// after the discarder, a suited 精, not a kong's tile being robbed).
    pub(super) fn jing_chi(&self, seat: u8, from: u8, tile: u8, robbing: bool) -> bool {
        matches!(self.room, Room::Nanchang(r) if r.jing_chi)
            && seat == (from + 1) % 4
            && tile < 27
            && !robbing
            && self.wild.0 >> tile & 1 == 1
    }

    /// Notes a chi of `from`'s `tile` by `seat`: a 精 chowed counts its points (2 a 正精, 1
    /// a 副精) as fed by `from` (for 包, `jing_bao`).
    pub(super) fn jing_fed(&mut self, seat: u8, from: u8, tile: u8) {
        let Some(indicator) = self.jing.filter(|_| self.wild.0 >> tile & 1 == 1) else {
            return;
        };
        let (zheng, _) = nanchang_wilds(Tile::from_index(indicator.into()));
        let points = if usize::from(tile) == zheng.index() {
            2
        } else {
            1
        };
        let s = &mut self.seats[seat as usize];
        s.fed[from as usize] += points;
        s.last_fed = Some(from);
    }

    /// Whether `seat` may kong now as far as 南昌's `dealer_opening_kong` says: not the
    /// dealer before its first discard when the switch is off (N6); every other room, yes.
    pub(super) fn may_kong(&self, seat: u8) -> bool {
        match self.room {
            Room::Nanchang(r) if !r.dealer_opening_kong => {
                seat != self.dealer || self.seats[seat as usize].discards > 0
            }
            _ => true,
        }
    }

    /// 南昌's 德中德 (its switch `de_zhong_de`): what each payer pays `seat`'s win `hand` at
    /// its 德国 reading (every 精 standing for itself) one doubling more (within the cap; with
    /// 德国 +N's stakes), and its fans — when the hand wins as it is and no other seat holds a
    /// 精, concealed or called (a 精杠 alone calls one); none otherwise.
    pub(super) fn de_zhong_de(
        &self,
        seat: u8,
        hand: &WinningHand,
        win: &Win,
    ) -> Option<(u64, u32)> {
        let Room::Nanchang(r) = self.room else {
            return None;
        };
        let others = (0..4)
            .filter(|&q| q != seat)
            .map(|q| &self.seats[q as usize]);
        let konged = |s: &super::table::RoomSeat| {
            let melds = &s.melds[..s.n_melds as usize];
            let width = |m: &super::table::Meld| if m.run { 3 } else { 1 };
            melds
                .iter()
                .any(|m| (m.kind..m.kind + width(m)).any(|k| self.wild.0 >> k & 1 == 1))
        };
        let mut held =
            others.map(|s| konged(s) || self.wild.iter().any(|k| s.counts[k.index()] > 0));
        if !r.de_zhong_de || held.any(|h| h) {
            return None;
        }
        let bare = hand.clone().with_wild(TileSet::EMPTY);
        let s = self.engine.score(&bare, win).ok()?.nanchang()?;
        let fan = match u32::from(r.cap) {
            0 => s.uncapped + 1,
            cap => (s.uncapped + 1).min(cap),
        };
        let each = if fan > s.fan {
            s.each.saturating_mul(2)
        } else {
            s.each
        };
        let bonus = u64::from(r.de_guo_bonus) * u64::from(r.stake);
        Some((each.saturating_add(bonus), fan))
    }

    /// 南昌's 跟庄 (its switch `follow_dealer`, N): when `seat`'s discard of `tile` is the
    /// hand's fourth, no call made, and the four are of one kind — the dealer's first followed
    /// by each other seat's — the dealer pays each other seat N stakes
    /// ([`Reason::FollowDealer`]).
    pub(super) fn follow_dealer(&mut self, seat: u8, tile: u8) {
        let Room::Nanchang(r) = self.room else {
            return;
        };
        let fourth = seat == (self.dealer + 3) % 4 && !self.called;
        let followed = |s: &super::table::RoomSeat| s.discards == 1 && s.river[tile as usize] == 1;
        if r.follow_dealer == 0 || !fourth || !self.seats.iter().all(followed) {
            return;
        }
        let (each, dealer) = (i64::from(r.follow_dealer) * i64::from(r.stake), self.dealer);
        for q in (0..4).filter(|&q| q != dealer) {
            self.pay(dealer, q, each, Reason::FollowDealer);
        }
    }

    /// The settlements of a won hand's end (南昌): the kongs' points (`kong_points`), the
    /// hand's 精 (上精, its switch `jing`), then
    /// under `lower_jing` the 下精 — the wall's last tile turned now
    /// ([`RoomEvent::Jing`] again; none when the wall is empty) — each settled alike.
    pub(super) fn settle_won_hand(&mut self) {
        let (Room::Nanchang(r), Some(indicator)) = (self.room, self.jing) else {
            return;
        };
        // Kong points first: each seat's kongs, N stakes each from every other seat (a
        // 精杠 its own N).
        let stake = i64::from(r.stake);
        for to in 0..4u8 {
            let s = &self.seats[to as usize];
            let kongs = s.melds[..s.n_melds as usize].iter().filter(|m| m.kong);
            let jing = kongs.clone().filter(|m| self.wild.0 >> m.kind & 1 == 1);
            let jing = jing.count() as i64;
            let other = kongs.count() as i64 - jing;
            for from in (0..4u8).filter(|&q| q != to) {
                let each = i64::from(r.kong_points) * stake * other;
                self.pay(from, to, each, Reason::KongBonus);
                let each = i64::from(r.jing_kong) * stake * jing;
                self.pay(from, to, each, Reason::JingKong);
            }
        }
        if r.jing {
            self.settle_jing_of(indicator, Reason::Jing, r.jing_bao);
        }
        if r.lower_jing && self.head < self.tail {
            self.tail -= 1;
            let lower = self.wall[self.tail as usize];
            self.events.push(RoomEvent::Jing { indicator: lower });
            self.settle_jing_of(lower, Reason::Jing, false);
        }
    }

    /// The 精 of `indicator` settled: every seat's 精 among its tiles, concealed and called
    /// (2 a 正精, 1 a 副精; 冲关 multiplying five points or more by points − 3; 霸王精 doubling
    /// the only seat holding any, or adding `ba_wang_bonus` points), each seat paid its value
    /// times the stake by every other, for `reason` ([`Reason::Jing`], or
    /// [`Reason::LookBack`]). Under `bao` (包, the hand's own 精 alone) a 冲关 that the 精 its
    /// last chi took brought to five points — fewer without the 精 that seat fed it — is
    /// paid, every share as one payment, by that seat.
    fn settle_jing_of(&mut self, indicator: u8, reason: Reason, bao: bool) {
        let Room::Nanchang(r) = self.room else {
            return;
        };
        let hands: Vec<[u8; 34]> = self
            .seats
            .iter()
            .map(|s| {
                let mut all = s.counts;
                for m in &s.melds[..s.n_melds as usize] {
                    match (m.run, m.kong) {
                        (true, _) => (m.kind..m.kind + 3).for_each(|k| all[k as usize] += 1),
                        (false, kong) => all[m.kind as usize] += 3 + u8::from(kong),
                    }
                }
                all
            })
            .collect();
        let Ok(values) = jing_settlement(&hands, Tile::from_index(indicator.into())) else {
            return;
        };
        let stake = i64::from(r.stake);
        let lone = values.iter().filter(|v| v.points > 0).count() == 1;
        for (to, v) in values.iter().enumerate() {
            // 霸王精 +N: the lone holder's value undoubled, N points more.
            let value = match r.ba_wang_bonus {
                n if n > 0 && lone && v.points > 0 => v.value / 2 + u64::from(n),
                _ => v.value,
            };
            let value = (value.min(i64::MAX as u64 / 1024) as i64) * stake;
            let s = &self.seats[to];
            let fed = s
                .last_fed
                .filter(|&f| v.points < 5 + u32::from(s.fed[f as usize]));
            match fed.filter(|_| bao && v.points >= 5) {
                Some(feeder) => self.pay(feeder, to as u8, value.saturating_mul(3), reason),
                None => {
                    for from in (0..4u8).filter(|&q| q as usize != to) {
                        self.pay(from, to as u8, value, reason);
                    }
                }
            }
        }
    }
}
