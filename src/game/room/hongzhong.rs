//! 红中麻将's own money: the birds drawn for a win (抓码), and a drawn wall's kong money
//! returned (荒庄荒杠, a switch).

use super::event::{Reason, RoomEvent};
use super::play::RED;
use super::rooms::Room;
use super::table::RoomGame;

impl RoomGame {
    /// The birds of `seat`'s win, drawn from the wall's front (the tiles kept back for them):
    /// `birds`, and `no_red_birds` more for a hand holding no 红中; a bird of rank 1, 5 or 9,
    /// or a 红中, hits — or under 一码全中 one bird, its rank the hits (a 红中 10). Told as
    /// [`RoomEvent::Birds`]; how many hit (none in Sichuan).
    pub(super) fn draw_birds(&mut self, seat: u8) -> u8 {
        let Room::Hongzhong(r) = self.room else {
            return 0;
        };
        let red = self.seats[seat as usize].counts[RED as usize] > 0;
        let wanted = match r.one_bird_all {
            true => 1,
            false => r.birds.saturating_add(if red { 0 } else { r.no_red_birds }),
        };
        let count = wanted.min(8).min(self.tail - self.head);
        let mut tiles = [0u8; 8];
        tiles[..count as usize]
            .copy_from_slice(&self.wall[self.head as usize..(self.head + count) as usize]);
        self.head += count;
        self.reserve = self.reserve.saturating_sub(count);
        let drawn = &tiles[..count as usize];
        let hits = match r.one_bird_all {
            true => drawn
                .iter()
                .map(|&k| if k == RED { 10 } else { k % 9 + 1 })
                .sum(),
            false => drawn
                .iter()
                .filter(|&&k| k == RED || k < 27 && matches!(k % 9, 0 | 4 | 8))
                .count() as u8,
        };
        let mut on = [0; 4];
        on[seat as usize] = hits;
        self.events.push(RoomEvent::Birds {
            seat,
            tiles,
            count,
            hits,
            on,
        });
        hits
    }

    /// 荒庄荒杠: every seat returns the kong money it took this hand.
    pub(super) fn refund_kongs(&mut self) {
        for n in 0..4u8 {
            let kong_in = self.seats[n as usize].kong_in;
            for (p, &x) in kong_in.iter().enumerate() {
                self.pay(n, p as u8, x, Reason::Refund);
            }
        }
    }
}
