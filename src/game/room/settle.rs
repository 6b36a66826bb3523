//! A room's money: a win scored and paid, the kongs paid at once, then the hand's end (the
//! room's checks at a drawn wall), the next hand or the game's end.

use super::event::{Reason, RoomEvent};
use super::rooms::Room;
use super::rules::{BirdPay, DiscardPays, NextDealer};
use super::table::{Phase, RoomGame};
use crate::game::seat::kan_meld;
use crate::hand::Hand;
use crate::score::{Call, NanchangFan, RoomRules, Win, WinningHand};
use crate::tile::Tile;

/// The flags of a win's moment (docs/SCORING.md: Sichuan pays them all, 红中 杠上开花 and
/// 抢杠胡).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
    pub rinshan: bool,
    pub kong_discard: bool,
    pub chankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    /// The other three of the winning tile's kind in sight (Guobiao's 和绝张).
    pub last_copy: bool,
}

impl RoomGame {
    /// The flags of `seat`'s self-drawn win on `drew` now.
    pub(super) fn self_draw_flags(&self, seat: u8, drew: u8, after_kong: bool) -> Flags {
        let first = self.seats[seat as usize].discards == 0 && !self.called;
        Flags {
            rinshan: after_kong,
            haitei: !after_kong && self.tiles_left() == 0,
            tenhou: first && seat == self.dealer,
            chiihou: first && seat != self.dealer,
            last_copy: self.shown[drew as usize] == 3,
            ..Flags::default()
        }
    }

    /// Whether `seat` wins on the tile it drew (its hand holds it already).
    pub(super) fn can_win(&self, seat: u8, flags: Flags) -> bool {
        self.paid_each(seat, None, flags, 0).is_some()
    }

    /// Whether `seat` wins on `tile`, another seat's.
    pub(super) fn can_win_on(&self, seat: u8, tile: u8, flags: Flags) -> bool {
        self.paid_each(seat, Some(tile), flags, 0).is_some()
    }

    /// What each payer pays `seat` for a win (with `tile` added when another seat's) and its
    /// fans, `hits` birds hitting; none when the hand does not win (a tile of its void suit
    /// held in Sichuan, or no win of the room).
    pub(super) fn paid_each(
        &self,
        seat: u8,
        tile: Option<u8>,
        flags: Flags,
        hits: u8,
    ) -> Option<(u64, u32)> {
        let s = &self.seats[seat as usize];
        let mut counts = s.counts;
        if let Some(t) = tile {
            counts[t as usize] += 1;
        }
        self.room.engine_counts(&mut counts);
        if let Some(void) = s.void.map(usize::from) {
            if counts[9 * void..9 * void + 9].iter().any(|&c| c > 0) {
                return None;
            }
        } else if matches!(self.room, Room::Sichuan(_)) {
            return None;
        }
        let n = s.n_melds as usize;
        let mut calls = [None; 4];
        for (c, m) in calls.iter_mut().zip(&s.melds[..n]) {
            *c = Call::new(m.call_kind(), Tile::from_index(m.kind as usize), 0).ok();
        }
        let mut melds = [kan_meld(0); 4];
        for (m, c) in melds.iter_mut().zip(&calls[..n]) {
            *m = c.as_ref()?.meld();
        }
        // The engine's win check first (a few loads, nothing allocated); the scorer only for
        // a win.
        let hand = Hand::new(counts, &melds[..n], self.wild_kinds()).ok()?;
        // 长沙's 全求人 (four calls open, won on a discard) is a big win with a pair of any
        // kind: the scorer admits it where the 2-5-8 pair would not.
        let all_called = matches!(self.room, Room::Changsha(_))
            && tile.is_some()
            && n == 4
            && s.melds.iter().all(|m| !m.closed);
        if !all_called && !self.engine.is_win(&hand) {
            return None;
        }
        let calls: Vec<Call> = calls[..n].iter().flatten().copied().collect();
        let win_tile = tile.unwrap_or_else(|| self.drawn().unwrap_or(0));
        let hand =
            WinningHand::from_parts(counts, calls, Tile::from_index(win_tile as usize), [0; 3])
                .ok()?
                .with_wild(self.wild);
        let others = (0..4).filter(|&q| q != seat && !self.seats[q as usize].won);
        let win = Win {
            tsumo: tile.is_none(),
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            stake: self.room.stake(),
            payers: others.count().max(1) as u8,
            rinshan: flags.rinshan,
            chankan: flags.chankan,
            flowers: s.flowers, // Guobiao's alone
            ..Win::default()
        };
        let win = self.room_win(win, flags, hits);
        let score = self.engine.score(&hand, &win).ok()?;
        match self.room {
            Room::Sichuan(_) => score.sichuan().map(|s| (s.each, s.fan)),
            Room::Hongzhong(r) => score.hongzhong().map(|s| match r.bird_pay {
                BirdPay::Multiply => (s.each, s.fan),
                BirdPay::Add => (
                    s.each.saturating_add(u64::from(hits) * u64::from(r.stake)),
                    s.fan,
                ),
            }),
            Room::Changsha(_) => score.changsha().map(|s| (s.each, s.fan)),
            Room::Nanchang(r) => score.nanchang().map(|s| {
                // 天胡 / 地胡 at a flat value, in place of the doublings.
                let flat = match (flags.tenhou, flags.chiihou) {
                    (true, _) => r.heavenly_flat,
                    (_, true) => r.earthly_flat,
                    _ => 0,
                };
                if flat > 0 {
                    return (u64::from(flat) * u64::from(r.stake), s.fan);
                }
                // 德国 +N: N stakes more from each payer, after the doubling.
                let de_guo = s.fans.iter().any(|&(f, _)| f == NanchangFan::DeGuo);
                let bonus = u64::from(r.de_guo_bonus) * u64::from(r.stake) * u64::from(de_guo);
                let paid = (s.each.saturating_add(bonus), s.fan);
                // 德中德: the 德国 reading a doubling more, when it then pays more.
                match self.de_zhong_de(seat, &hand, &win) {
                    Some(d) if d.0 >= paid.0 => d,
                    _ => paid,
                }
            }),
            Room::Guobiao(r) => score
                .mcr()
                .filter(|s| s.total - s.flowers >= u32::from(r.minimum))
                .map(|s| {
                    (
                        (u64::from(r.base) + u64::from(s.total)) * u64::from(r.stake),
                        s.total,
                    )
                }),
        }
    }

    /// `win` with what the room scores of the moment: Sichuan and 长沙 their flags and cap
    /// (Sichuan the self-draw's option too); 红中 its cap, 无红中加倍 and the birds that multiply;
    /// 南昌 its cap and the fans of 大七对 and 杠上开花;
    /// Guobiao the round wind and the flags MCR counts (和绝张, the wall's last tile).
    fn room_win(&self, win: Win, flags: Flags, hits: u8) -> Win {
        let capped = |cap: u8| RoomRules {
            cap,
            ..RoomRules::default()
        };
        let room = match self.room {
            Room::Sichuan(r) => r.scoring,
            Room::Changsha(r) => capped(r.cap),
            Room::Nanchang(r) => {
                // 南昌's scorer takes 杠上开花, 抢杠胡 (set), 天胡 and 地胡; no 海底, no 杠上炮.
                return Win {
                    room: RoomRules {
                        all_pungs_fans: r.all_pungs_fans,
                        kong_bloom_fans: r.kong_bloom_fans,
                        ..capped(r.cap)
                    },
                    tenhou: flags.tenhou,
                    chiihou: flags.chiihou,
                    ..win
                };
            }
            Room::Guobiao(_) => {
                return Win {
                    round_wind: self.round_wind(),
                    haitei: flags.haitei,
                    houtei: flags.houtei,
                    last_copy: flags.last_copy,
                    ..win
                };
            }
            Room::Hongzhong(r) => {
                let multiply = r.bird_pay == BirdPay::Multiply;
                // 红中's scorer refuses the moment's flags: none is set.
                return Win {
                    room: RoomRules {
                        no_red_double: r.no_red_double,
                        ..capped(r.cap)
                    },
                    birds: if multiply { hits } else { 0 },
                    ..win
                };
            }
        };
        Win {
            room,
            kong_discard: flags.kong_discard,
            haitei: flags.haitei,
            houtei: flags.houtei,
            tenhou: flags.tenhou,
            chiihou: flags.chiihou,
            ..win
        }
    }

    /// The tile the seat in its turn drew.
    fn drawn(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn { drew, .. } => drew,
            _ => None,
        }
    }

    /// `seat` wins on `tile` (`from` the discarder or the robbed konger, or none for a
    /// self-draw): paid by `from` (for every seat when a robbed kong is paid in full), or by
    /// every other seat still in; the seat leaves the hand. 红中麻将 draws the win's birds
    /// first. Of several winners on one discard the first (`takes`) takes the tile into its
    /// hand; each is paid for a hand with it.
    pub(super) fn win(&mut self, seat: u8, from: Option<u8>, tile: u8, flags: Flags, takes: bool) {
        let hits = self.draw_birds(seat);
        let Some((each, fan)) = self.paid_each(seat, from.map(|_| tile), flags, hits) else {
            return;
        };
        if from.is_some() && takes {
            self.seats[seat as usize].counts[tile as usize] += 1;
        }
        self.events.push(RoomEvent::Win {
            seat,
            from,
            tile,
            fan,
        });
        let each = each.min(i64::MAX as u64 / 1024) as i64;
        match from {
            Some(f) => {
                let times = self.discarder_times(flags.chankan);
                // 南昌's other seats' shares: theirs to pay, or the robbed konger's (抢杠全包).
                let (konger, shares) = self
                    .nanchang_others(seat, f, each, flags.chankan)
                    .map_or((false, [(seat, 0); 2]), |o| o);
                let taken_on = if konger { shares[0].1 + shares[1].1 } else { 0 };
                self.pay(
                    f,
                    seat,
                    self.owed(seat, f, each) * times + taken_on,
                    Reason::Win,
                );
                self.guobiao_base(seat, f);
                for (q, share) in shares.into_iter().filter(|_| !konger) {
                    self.pay(q, seat, share, Reason::Win);
                }
            }
            None => {
                for q in 0..4 {
                    if q != seat && !self.seats[q as usize].won {
                        self.pay(q, seat, self.owed(seat, q, each), Reason::Win);
                    }
                }
            }
        }
        self.seats[seat as usize].won = true;
        self.first_winner.get_or_insert(seat);
    }

    /// `winners` (each seat and its tile, in turn from `from`) win on `from`'s discard (or
    /// robbed kong, or opened kong's tiles): 长沙's birds counted from the winner, from the
    /// discarder when several win; each paid in turn, the first taking its tile into its
    /// hand. Several as the hand's first win (通炮) are noted for [`NextDealer::Feeder`].
    pub(super) fn wins_on(&mut self, from: u8, winners: &[(u8, u8)], flags: Flags) {
        let several = winners.len() > 1;
        let involved = winners.iter().fold(1 << from, |m, &(w, _)| m | 1 << w);
        self.changsha_birds(if several { from } else { winners[0].0 }, involved);
        if several && self.first_winner.is_none() {
            self.tong_pao = Some(from);
        }
        for (i, &(w, t)) in winners.iter().enumerate() {
            self.win(w, Some(from), t, flags, i == 0);
        }
    }

    /// What `payer` owes `winner` of a payment worth `each`: 长沙 adds the dealer's extra and
    /// the birds ([`RoomGame::changsha_owed`]); 南昌 doubles it when either is the dealer (its
    /// switch); the other rooms owe `each`.
    pub(super) fn owed(&self, winner: u8, payer: u8, each: i64) -> i64 {
        let dealer = winner == self.dealer || payer == self.dealer;
        match self.room {
            Room::Changsha(r) => self.changsha_owed(&r, winner, payer, each),
            Room::Nanchang(r) if r.dealer_double && dealer => each * 2,
            _ => each,
        }
    }

    /// How many times the discarder (the robbed konger) pays a win: 3 for a robbed kong in a
    /// 红中 room that makes the konger pay for all, 2 in a 南昌 room where every seat pays,
    /// else 1.
    fn discarder_times(&self, robbed: bool) -> i64 {
        match self.room {
            Room::Hongzhong(r) if robbed && r.robbed_pays_all => 3,
            Room::Nanchang(r) if r.discard_pays == DiscardPays::All => 2,
            _ => 1,
        }
    }

    /// After a win, `last` the last winner: Sichuan's hand ends with three won, else the seat
    /// after the last winner still in draws; the other rooms' hand is over.
    pub(super) fn after_win(&mut self, last: u8) {
        let three = self.seats.iter().filter(|s| s.won).count() >= 3;
        if three || !matches!(self.room, Room::Sichuan(_)) {
            return self.end_hand();
        }
        self.draw_for(self.next_in(last));
    }

    /// `from` pays `to`.
    pub(super) fn pay(&mut self, from: u8, to: u8, amount: i64, reason: Reason) {
        if amount == 0 || from == to {
            return;
        }
        self.scores[from as usize] -= amount;
        self.scores[to as usize] += amount;
        self.events.push(RoomEvent::Pay {
            from,
            to,
            amount,
            reason,
        });
    }

    /// A kong paid at once as the room pays it ([`super::KongPay`]): of a discard by its
    /// discarder, closed and added by each seat still in; kept as the seat's kong money
    /// (退税, 呼叫转移, 荒庄荒杠).
    pub(super) fn kong_paid(&mut self, seat: u8, from: Option<u8>, reason: Reason) {
        let stake = i64::from(self.room.stake());
        let pay = self.room.kongs();
        let mut paid = [0i64; 4];
        match from {
            Some(f) => paid[f as usize] = i64::from(pay.discard) * stake,
            None => {
                let each = if reason == Reason::ClosedKong {
                    i64::from(pay.closed) * stake
                } else {
                    i64::from(pay.added) * stake
                };
                for q in (0..4).filter(|&q| q != seat && !self.seats[q as usize].won) {
                    paid[q as usize] = each;
                }
            }
        }
        for (q, &x) in paid.iter().enumerate() {
            self.pay(q as u8, seat, x, reason);
            self.seats[seat as usize].kong_in[q] += x;
        }
        self.last_kong = Some((seat, paid));
    }

    /// The hand is over: the room's checks at the wall's end (Sichuan's with fewer than three
    /// won, 荒庄荒杠 for a 红中 wall drawn with no win); then the next hand, or the game's end.
    pub(super) fn end_hand(&mut self) {
        let won = self.seats.iter().filter(|s| s.won).count();
        match self.room {
            Room::Sichuan(r) if won < 3 && r.end_checks => self.wall_end_checks(),
            Room::Hongzhong(r) if won == 0 && r.draw_refunds_kongs => self.refund_kongs(),
            Room::Nanchang(_) if won > 0 => self.settle_won_hand(),
            _ => {}
        }
        self.events.push(RoomEvent::EndHand {
            scores: self.scores,
        });
        self.dealer = match (self.room.next_dealer(), self.first_winner, self.tong_pao) {
            (NextDealer::Rotate, ..) => (self.dealer + 1) % 4,
            (NextDealer::Feeder, _, Some(feeder)) => feeder,
            (_, Some(w), _) => w,
            (_, None, _) => self.sea_bottom.unwrap_or(self.dealer),
        };
        self.hand += 1;
        if self.hand >= self.room.hands() {
            self.phase = Phase::Over;
            self.options = Default::default();
            self.events.push(RoomEvent::EndGame {
                scores: self.scores,
            });
        } else {
            self.start_hand();
        }
    }
}
