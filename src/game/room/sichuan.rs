//! Sichuan 血战到底's own money: at the wall's end 查花猪, 查大叫 and 退税.

use super::event::Reason;
use super::rules::{NotReadyPays, Room};
use super::settle::Flags;
use super::table::{Phase, RoomGame};

impl RoomGame {
    /// 查花猪, 查大叫, 退税 among the seats still in.
    pub(super) fn wall_end_checks(&mut self) {
        let Room::Sichuan(rules) = self.room else {
            return;
        };
        self.phase = Phase::Over; // no seat's turn: a win's flags read none
        let stake = i64::from(rules.stake);
        let still: Vec<u8> = (0..4).filter(|&q| !self.seats[q as usize].won).collect();
        let pig = |g: &RoomGame, q: u8| g.seats[q as usize].holds_void();
        // Each seat's best wait (none: not ready), read before any payment.
        let best: Vec<Option<i64>> = still
            .iter()
            .map(|&q| {
                if pig(self, q) {
                    return None;
                }
                (0..27u8)
                    .filter_map(|k| self.paid_each(q, Some(k), Flags::default(), 0))
                    .map(|(each, _)| each.min(i64::MAX as u64 / 4) as i64)
                    .max()
            })
            .collect();
        let pigs: Vec<bool> = still.iter().map(|&q| pig(self, q)).collect();
        let most = stake << rules.flower_pig.min(40);
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
                let owed = match rules.not_ready {
                    NotReadyPays::BestWait => best[j],
                    NotReadyPays::Most => best[j].map(|_| most),
                };
                if let Some(v) = owed {
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
