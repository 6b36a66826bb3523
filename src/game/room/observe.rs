//! What a seat sees at a room's table, as a fixed row of bytes for learning: its hand, every
//! river, every meld, the wild kinds, the void suits, who has won, the points — seats counted
//! from the observer (itself, the next, across, the previous), so one policy plays every
//! seat.

use super::rooms::Room;
use super::table::{Phase, RoomGame};

/// Bytes in a room's observation ([`RoomGame::observe`]):
///
/// | bytes | what |
/// |---|---|
/// | 0..34 | the seat's concealed tiles, by kind (1m … 7z) |
/// | 34..170 | each seat's river by kind, 34 a seat, the observer first (tiles called away left out) |
/// | 170..306 | each seat's melds by kind (a pon 3, a kong 4, a chi one of each), the same order |
/// | 306..340 | the wild kinds in play this hand: 1 a kind (红中's 7z, 南昌's two 精) |
/// | 340..344 | each seat's void suit: 0 none yet, 1 m, 2 p, 3 s |
/// | 344..348 | 1 for each seat that has won this hand |
/// | 348..356 | each seat's points, two bytes (little-endian) of points + 32,768, clamped to 0..=65,535 |
/// | 356 | the hand's number (clamped to 255) |
/// | 357 | tiles left to draw |
/// | 358 | the observer's seat counted from the dealer (0 the dealer; 0 once the game is over) |
/// | 359 | 1 when the observer answers a claim (2 an added kong's tile, to rob), 3 when it picks a tile to pass (换三张: the "discard" actions name them), 4 when it is offered the wall's last tile (要海底), 5 when it may open the kong it just made (开杠), 6 when it may win on tiles a kong turned (杠上开花, 杠上炮), else 0 |
/// | 360 | the claimed tile's kind + 1 in a claim, the first turned tile's (6), else 0 |
/// | 361 | the room: 0 Sichuan, 1 红中, 2 长沙, 3 Guobiao, 4 南昌 |
pub const ROOM_OBSERVATION: usize = 362;

impl RoomGame {
    /// What `seat` sees now (a seat above 3 is seat 3), into `out` ([`ROOM_OBSERVATION`]
    /// bytes, laid out as it says).
    ///
    /// ```
    /// use hupai::game::room::{Room, RoomGame, ROOM_OBSERVATION};
    /// use hupai::game::Seed;
    /// let game = RoomGame::new(Room::named("hongzhong").unwrap(), Seed::from_u64(1));
    /// let mut row = [0u8; ROOM_OBSERVATION];
    /// game.observe(0, &mut row);
    /// assert_eq!(row[..34].iter().map(|&c| c as u32).sum::<u32>(), 14); // the dealer drew
    /// assert_eq!(row[306 + 33], 1); // 红中 is wild
    /// ```
    pub fn observe(&self, seat: u8, out: &mut [u8; ROOM_OBSERVATION]) {
        out.fill(0);
        let me = seat.min(3) as usize;
        out[..34].copy_from_slice(&self.seats[me].counts);
        for d in 0..4 {
            let q = (me + d) % 4;
            let other = &self.seats[q];
            out[34 + 34 * d..68 + 34 * d].copy_from_slice(&other.river);
            let melds = &mut out[170 + 34 * d..204 + 34 * d];
            for m in &other.melds[..other.n_melds as usize] {
                let k = m.kind as usize;
                match (m.run, m.kong) {
                    (true, _) => (k..k + 3).for_each(|x| melds[x] += 1),
                    (_, true) => melds[k] += 4,
                    _ => melds[k] += 3,
                }
            }
            out[340 + d] = other.void.map_or(0, |s| s + 1);
            out[344 + d] = other.won as u8;
            let points = (self.scores[q] + 32_768).clamp(0, 65_535) as u16;
            out[348 + 2 * d..350 + 2 * d].copy_from_slice(&points.to_le_bytes());
        }
        // The wild kinds in play (an eight-红中 room's engine reads 6z wild too: not a tile).
        let wild = self.wild_kinds().0;
        for (k, w) in out[306..340].iter_mut().enumerate() {
            *w = (wild >> k & 1) as u8 & self.room.plays(k) as u8;
        }
        // The last hand's number once the game is over.
        let hand = self.hand.min(self.room.hands().saturating_sub(1));
        out[356] = hand.min(255) as u8;
        out[357] = self.tiles_left();
        if !self.is_over() {
            out[358] = ((me + 4 - self.dealer as usize) % 4) as u8;
        }
        if self.to_act().contains(me as u8) {
            match self.phase {
                Phase::Claims { tile, robbing, .. } => {
                    out[359] = 1 + robbing as u8;
                    out[360] = tile + 1;
                }
                Phase::Exchange => out[359] = 3,
                Phase::SeaBottom { .. } => out[359] = 4,
                Phase::OpenKong { .. } => out[359] = 5,
                Phase::Opened { tiles, .. } | Phase::OpenClaims { tiles, .. } => {
                    out[359] = 6;
                    out[360] = tiles[0] + 1;
                }
                _ => {}
            }
        }
        out[361] = match self.room {
            Room::Sichuan(_) => 0,
            Room::Hongzhong(_) => 1,
            Room::Changsha(_) => 2,
            Room::Guobiao(_) => 3,
            Room::Nanchang(_) => 4,
        };
    }
}
