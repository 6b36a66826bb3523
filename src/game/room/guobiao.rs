//! Guobiao's own money and moment: the base every other seat pays a win on a discard, and
//! the round wind that turns every four hands.

use super::event::Reason;
use super::rooms::Room;
use super::table::RoomGame;
use crate::tile::Tile;

impl RoomGame {
    /// Guobiao: each seat that neither won nor dealt in pays the winner the base (`base ×
    /// stake`) for a win on `from`'s tile. Nothing in the other rooms.
    pub(super) fn guobiao_base(&mut self, winner: u8, from: u8) {
        let Room::Guobiao(r) = self.room else {
            return;
        };
        let each = i64::from(r.base) * i64::from(r.stake);
        for q in (0..4).filter(|&q| q != winner && q != from) {
            self.pay(q, winner, each, Reason::Win);
        }
    }

    /// The round wind of the hand being played: east for the first four hands, then south,
    /// west, north, and east again.
    pub(super) fn round_wind(&self) -> Tile {
        Tile::from_index(27 + usize::from(self.hand / 4 % 4))
    }
}
