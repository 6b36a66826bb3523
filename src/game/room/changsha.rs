//! 长沙麻将's own: the starting hand's small wins paid at the deal (起手小胡), the wall's last
//! tile offered round the table (要海底), the birds that name seats (扎鸟), and what one payer
//! owes the winner (the dealer's extra, the hits on the two of them).

use super::action::{RoomAction, RoomActions};
use super::event::{Reason, RoomEvent};
use super::rooms::Room;
use super::rules::{BirdPay, ChangshaRules};
use super::table::{Phase, RoomGame};
use crate::score::{changsha_opening_wins, OpeningWin};

/// A small win's price from each payer on a self-draw, in stakes (docs/SCORING.md,
/// "Changsha").
const SMALL_SELF_DRAWN: i64 = 2;

impl RoomGame {
    /// Whether the room plays 要海底 (长沙 under its switch).
    pub(super) fn plays_sea_bottom(&self) -> bool {
        matches!(self.room, Room::Changsha(r) if r.sea_bottom)
    }

    /// The wall's last tile offered to `seat` alone: take it or pass (`first` the first
    /// offered).
    pub(super) fn offer_sea_bottom(&mut self, seat: u8, first: u8) {
        self.phase = Phase::SeaBottom { seat, first };
        self.ask(seat, RoomAction::TAKE);
    }

    /// `seat` alone is asked: `a` or pass (the phase set by the caller).
    pub(super) fn ask(&mut self, seat: u8, a: RoomAction) {
        (self.answers, self.options) = ([None; 4], [RoomActions::EMPTY; 4]);
        let choice = &mut self.options[seat as usize];
        choice.insert(a);
        choice.insert(RoomAction::PASS);
    }

    /// `seat` took the last tile (it draws it and plays it), or passed it to the next; when
    /// every seat has passed the hand is drawn, the first offered dealing next.
    pub(super) fn answer_sea_bottom(&mut self, seat: u8, first: u8, took: bool) {
        if took {
            self.sea_bottom = Some(seat);
            return self.draw(seat);
        }
        let next = self.next_in(seat);
        if next == first {
            self.sea_bottom = Some(first);
            return self.end_hand();
        }
        self.offer_sea_bottom(next, first);
    }

    /// 起手小胡: each seat's starting hand (the dealer's fourteen tiles) shows its small wins
    /// ([`RoomEvent::Opening`]), each paid by every other seat as a self-drawn small win.
    pub(super) fn opening_wins(&mut self) {
        let Room::Changsha(r) = self.room else {
            return;
        };
        if !r.opening_wins {
            return;
        }
        for d in 0..4 {
            let seat = (self.dealer + d) % 4;
            let Ok(found) = changsha_opening_wins(&self.seats[seat as usize].counts) else {
                continue;
            };
            if found.is_empty() {
                continue;
            }
            let mut wins = [0u8; 4];
            let order = [
                OpeningWin::FourOfAKind,
                OpeningWin::No258,
                OpeningWin::MissingSuit,
                OpeningWin::TwoPungs,
            ];
            for (w, n) in &found {
                if let Some(i) = order.iter().position(|o| o == w) {
                    wins[i] = (*n).min(255) as u8;
                }
            }
            self.events.push(RoomEvent::Opening { seat, wins });
            let count: i64 = found.iter().map(|&(_, n)| i64::from(n)).sum();
            let each = count * SMALL_SELF_DRAWN * i64::from(r.stake);
            for q in (0..4).filter(|&q| q != seat) {
                self.pay(q, seat, self.owed(seat, q, each), Reason::Opening);
            }
        }
    }

    /// 长沙's birds for a win (扎鸟): `birds` tiles from the wall's front (those kept back),
    /// each naming the seat its rank counts to from `from` (1, 5, 9 `from` itself, 2, 6 the
    /// next, 3, 7 across, 4, 8 the one before); those naming a seat of `involved` (a mask:
    /// the winners and their payers) hit. Told as [`RoomEvent::Birds`] for `from`, the hits on
    /// each seat kept for the payments that follow. Nothing in the other rooms.
    pub(super) fn changsha_birds(&mut self, from: u8, involved: u8) {
        let Room::Changsha(r) = self.room else {
            return;
        };
        let count = r.birds.min(8).min(self.tail - self.head);
        let mut tiles = [0u8; 8];
        let mut on = [0u8; 4];
        for (i, t) in tiles[..count as usize].iter_mut().enumerate() {
            *t = self.wall[self.head as usize + i];
            on[((from + *t % 9) % 4) as usize] += 1;
        }
        self.head += count;
        self.reserve = self.reserve.saturating_sub(count);
        (0..4).for_each(|q| on[q] *= involved >> q & 1);
        self.bird_on = on;
        self.events.push(RoomEvent::Birds {
            seat: from,
            tiles,
            count,
            hits: on.iter().sum(),
            on,
        });
    }

    /// What `payer` owes `winner` of a 长沙 payment worth `each`: the dealer's extra when
    /// either is the dealer, and the birds on the two of them (each once more, or a stake
    /// more) — raising the extra too, or under `birds_on_extra` off the price alone.
    pub(super) fn changsha_owed(&self, r: &ChangshaRules, winner: u8, payer: u8, each: i64) -> i64 {
        let stake = i64::from(r.stake);
        let dealer = winner == self.dealer || payer == self.dealer;
        let extra = i64::from(r.dealer_extra) * stake * i64::from(dealer);
        let hits =
            i64::from(self.bird_on[winner as usize]) + i64::from(self.bird_on[payer as usize]);
        let (raised, after) = match r.birds_on_extra {
            true => (each + extra, 0),
            false => (each, extra),
        };
        after
            + match r.bird_pay {
                BirdPay::Multiply => raised * (1 + hits),
                BirdPay::Add => raised + hits * stake,
            }
    }
}
