//! Sichuan 血战到底's own: the hand's opening (换三张, then the void suits) and at the
//! wall's end 查花猪, 查大叫 and 退税.

use super::action::{RoomAction, RoomActionKind, RoomActions};
use super::event::{Reason, RoomEvent};
use super::rooms::Room;
use super::rules::{Exchange, NotReadyPays};
use super::settle::Flags;
use super::table::{Phase, RoomGame};
use crate::tile::Tile;

impl RoomGame {
    /// After the deal (the dealer's fourteenth `drew`): 换三张 when the rules play it, else
    /// the void suits at once.
    pub(super) fn sichuan_opening(&mut self, drew: u8) {
        self.passed = 0;
        let Room::Sichuan(rules) = self.room else {
            return;
        };
        if rules.exchange == Exchange::Off {
            return self.begin_void(drew);
        }
        self.phase = Phase::Exchange;
        for s in 0..4 {
            self.options[s] = self.exchange_options(s);
        }
    }

    /// What `seat` may pick to pass next: a tile of a suit it holds three or more of, then
    /// tiles of its first pick's suit (the "discard" actions name them).
    fn exchange_options(&self, seat: usize) -> RoomActions {
        let counts = &self.seats[seat].counts;
        let mut a = RoomActions::EMPTY;
        for suit in 0..3 {
            let kinds = 9 * suit..9 * suit + 9;
            let held: u8 = counts[kinds.clone()].iter().sum();
            let may = match self.passed {
                0 => held >= 3,
                _ => usize::from(self.passing[seat][0]) / 9 == suit,
            };
            for k in kinds.filter(|&k| may && counts[k] > 0) {
                a.insert(RoomAction::discard(Tile::from_index(k)));
            }
        }
        a
    }

    /// Every seat has picked: the picks taken from the hands; after the third the tiles go
    /// round ([`RoomEvent::Exchange`]) and the void suits are asked.
    pub(super) fn take_picks(&mut self, answers: [Option<RoomAction>; 4]) {
        let Room::Sichuan(rules) = self.room else {
            return;
        };
        for (s, a) in answers.iter().enumerate() {
            if let Some(RoomActionKind::Discard(t)) = a.map(RoomAction::kind) {
                let k = t.index() as u8;
                self.seats[s].counts[k as usize] -= 1;
                self.passing[s][self.passed as usize] = k;
            }
        }
        self.passed += 1;
        if self.passed < 3 {
            for s in 0..4 {
                self.options[s] = self.exchange_options(s);
            }
            return;
        }
        let fourteenth = self.wall[52];
        let shift = rules.exchange.shift(fourteenth).unwrap_or(1);
        for (s, given) in self.passing.iter().enumerate() {
            let to = &mut self.seats[(s + usize::from(shift)) % 4];
            given.iter().for_each(|&k| to.counts[k as usize] += 1);
        }
        self.events.push(RoomEvent::Exchange {
            shift,
            given: self.passing,
        });
        // The dealer's fourteenth, or (passed on) the last tile it got.
        let dealer = usize::from(self.dealer);
        let drew = match self.seats[dealer].counts[fourteenth as usize] {
            0 => self.passing[(dealer + 4 - usize::from(shift)) % 4][2],
            _ => fourteenth,
        };
        self.begin_void(drew);
    }

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
