//! A Sichuan hand's money: a win scored and paid, the kongs paid at once (刮风下雨), and at the
//! wall's end 查花猪, 查大叫 and 退税; then the next hand, or the game's end.

use super::rules::{NextDealer, Reason, RoomEvent};
use super::table::{Phase, SichuanGame};
use crate::game::seat::kan_meld;
use crate::hand::Hand;
use crate::score::{Call, CallKind, Win, WinningHand};
use crate::tile::{Tile, TileSet};

/// The flags of a win's moment that Sichuan pays (docs/SCORING.md).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
    pub rinshan: bool,
    pub kong_discard: bool,
    pub chankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub tenhou: bool,
    pub chiihou: bool,
}

impl SichuanGame {
    /// The flags of `seat`'s self-drawn win now.
    pub(super) fn self_draw_flags(&self, seat: u8, after_kong: bool) -> Flags {
        let first = self.seats[seat as usize].discards == 0 && !self.called;
        Flags {
            rinshan: after_kong,
            haitei: !after_kong && self.tiles_left() == 0,
            tenhou: first && seat == self.dealer,
            chiihou: first && seat != self.dealer,
            ..Flags::default()
        }
    }

    /// Whether `seat` wins on the tile it drew (its hand holds it already).
    pub(super) fn can_win(&self, seat: u8, _drew: u8, flags: Flags) -> bool {
        self.paid_each(seat, None, flags).is_some()
    }

    /// Whether `seat` wins on `tile`, another seat's.
    pub(super) fn can_win_on(&self, seat: u8, tile: u8, flags: Flags) -> bool {
        self.paid_each(seat, Some(tile), flags).is_some()
    }

    /// What each payer pays `seat` for a win (with `tile` added when another seat's) and its
    /// fans; none when the hand does not win: a tile of its void suit held, or no Sichuan win.
    pub(super) fn paid_each(&self, seat: u8, tile: Option<u8>, flags: Flags) -> Option<(u64, u32)> {
        let s = &self.seats[seat as usize];
        let void = s.void? as usize;
        let mut counts = [0u8; 34];
        counts[..27].copy_from_slice(&s.counts);
        if let Some(t) = tile {
            counts[t as usize] += 1;
        }
        if counts[9 * void..9 * void + 9].iter().any(|&c| c > 0) {
            return None;
        }
        let n = s.n_melds as usize;
        let mut calls = [None; 4];
        for (c, m) in calls.iter_mut().zip(&s.melds[..n]) {
            let kind = match (m.kong, m.closed) {
                (false, _) => CallKind::Pon,
                (true, false) => CallKind::Kan,
                (true, true) => CallKind::ClosedKan,
            };
            *c = Call::new(kind, Tile::from_index(m.kind as usize), 0).ok();
        }
        let mut melds = [kan_meld(0); 4];
        for (m, c) in melds.iter_mut().zip(&calls[..n]) {
            *m = c.as_ref()?.meld();
        }
        // The engine's win check first (a few loads, nothing allocated); the scorer only for
        // a win.
        let hand = Hand::new(counts, &melds[..n], TileSet::EMPTY).ok()?;
        if !self.engine.is_win(&hand) {
            return None;
        }
        let calls: Vec<Call> = calls[..n].iter().flatten().copied().collect();
        let win_tile = tile.unwrap_or_else(|| self.drawn().unwrap_or(0));
        let hand =
            WinningHand::from_parts(counts, calls, Tile::from_index(win_tile as usize), [0; 3])
                .ok()?;
        let others = (0..4).filter(|&q| q != seat && !self.seats[q as usize].won);
        let win = Win {
            tsumo: tile.is_none(),
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            stake: self.rules.stake,
            payers: others.count().max(1) as u8,
            room: self.rules.scoring,
            rinshan: flags.rinshan,
            kong_discard: flags.kong_discard,
            chankan: flags.chankan,
            haitei: flags.haitei,
            houtei: flags.houtei,
            tenhou: flags.tenhou,
            chiihou: flags.chiihou,
            ..Win::default()
        };
        let score = self.engine.score(&hand, &win).ok()?.sichuan()?;
        Some((score.each, score.fan))
    }

    /// The tile the seat in its turn drew.
    fn drawn(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn { drew, .. } => drew,
            _ => None,
        }
    }

    /// `seat` wins on `tile` (`from` the discarder, or none for a self-draw): paid by the
    /// discarder, or by every other seat still in; the seat leaves the hand. Of several
    /// winners on one discard the first (`takes`) takes the tile into its hand; each is paid
    /// for a hand with it.
    pub(super) fn win(&mut self, seat: u8, from: Option<u8>, tile: u8, flags: Flags, takes: bool) {
        let Some((each, fan)) = self.paid_each(seat, from.map(|_| tile), flags) else {
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
        let each = each.min(i64::MAX as u64 / 4) as i64;
        match from {
            Some(f) => self.pay(f, seat, each, Reason::Win),
            None => {
                for q in 0..4 {
                    if q != seat && !self.seats[q as usize].won {
                        self.pay(q, seat, each, Reason::Win);
                    }
                }
            }
        }
        self.seats[seat as usize].won = true;
        self.first_winner.get_or_insert(seat);
    }

    /// After a win, `last` the last winner: the hand ends with three won, else the seat after
    /// the last winner still in draws.
    pub(super) fn after_win(&mut self, last: u8) {
        if self.seats.iter().filter(|s| s.won).count() >= 3 {
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

    /// A kong paid at once: of a discard 2 stakes from its discarder, closed 2 from each
    /// seat still in, added 1 from each; kept as the seat's kong money (退税, 呼叫转移).
    pub(super) fn kong_paid(&mut self, seat: u8, from: Option<u8>, reason: Reason) {
        let stake = i64::from(self.rules.stake);
        let mut paid = [0i64; 4];
        match from {
            Some(f) => paid[f as usize] = 2 * stake,
            None => {
                let each = if reason == Reason::ClosedKong {
                    2 * stake
                } else {
                    stake
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

    /// The hand is over: at the wall's end (fewer than three won) the checks; then the next
    /// hand, or the game's end.
    pub(super) fn end_hand(&mut self) {
        let won = self.seats.iter().filter(|s| s.won).count();
        if won < 3 && self.rules.end_checks {
            self.wall_end_checks();
        }
        self.events.push(RoomEvent::EndHand {
            scores: self.scores,
        });
        self.dealer = match (self.rules.next_dealer, self.first_winner) {
            (NextDealer::FirstWinner, Some(w)) => w,
            (NextDealer::FirstWinner, None) => self.dealer,
            (NextDealer::Rotate, _) => (self.dealer + 1) % 4,
        };
        self.hand += 1;
        if self.hand >= self.rules.hands {
            self.phase = Phase::Over;
            self.options = Default::default();
            self.events.push(RoomEvent::EndGame {
                scores: self.scores,
            });
        } else {
            self.start_hand();
        }
    }

    /// 查花猪, 查大叫, 退税 among the seats still in.
    fn wall_end_checks(&mut self) {
        self.phase = Phase::Over; // no seat's turn: a win's flags read none
        let stake = i64::from(self.rules.stake);
        let still: Vec<u8> = (0..4).filter(|&q| !self.seats[q as usize].won).collect();
        let pig = |g: &SichuanGame, q: u8| g.seats[q as usize].holds_void();
        // Each seat's best wait (none: not ready), read before any payment.
        let best: Vec<Option<i64>> = still
            .iter()
            .map(|&q| {
                if pig(self, q) {
                    return None;
                }
                (0..27u8)
                    .filter_map(|k| self.paid_each(q, Some(k), Flags::default()))
                    .map(|(each, _)| each.min(i64::MAX as u64 / 4) as i64)
                    .max()
            })
            .collect();
        let pigs: Vec<bool> = still.iter().map(|&q| pig(self, q)).collect();
        let most = stake << self.rules.flower_pig.min(40);
        for (i, &p) in still.iter().enumerate().filter(|&(i, _)| pigs[i]) {
            for (j, &q) in still.iter().enumerate() {
                if !pigs[j] && i != j {
                    self.pay(p, q, most, Reason::FlowerPig);
                }
            }
        }
        for (i, &n) in still.iter().enumerate() {
            if pigs[i] || best[i].is_some() {
                continue;
            }
            for (j, &r) in still.iter().enumerate() {
                if let Some(v) = best[j] {
                    self.pay(n, r, v, Reason::NotReady);
                }
            }
        }
        for (i, &n) in still.iter().enumerate() {
            if best[i].is_none() {
                let kong_in = self.seats[n as usize].kong_in;
                for (p, &x) in kong_in.iter().enumerate() {
                    self.pay(n, p as u8, x, Reason::Refund);
                }
            }
        }
    }
}
