//! What a seat sees, as a fixed row of bytes for learning: its hand, every river, every call,
//! the dora indicators, riichi, points and the round — seats counted from the observer
//! (itself, the next, across, the previous), so one policy plays every seat.

use super::table::{Game, Phase};
use super::wall;
use crate::meld::Meld;
use crate::score::Call;
use crate::tile::Tile;

/// Bytes in an observation ([`Game::observe`]):
///
/// | bytes | what |
/// |---|---|
/// | 0..34 | the seat's concealed tiles, by kind |
/// | 34..37 | its red fives held concealed (m, p, s) |
/// | 37..173 | each seat's river by kind, 34 a seat, the observer first (tiles called away left out) |
/// | 173..309 | each seat's calls by kind, the same order |
/// | 309..343 | the dora indicators shown, by kind |
/// | 343..347 | riichi, a byte a seat |
/// | 347..351 | points, a byte a seat: (points + 128,000) / 1,000, clamped to 0..=255 |
/// | 351 | the round (0 east 1, 4 south 1, …) |
/// | 352, 353 | honba, riichi sticks (clamped to 255) |
/// | 354 | tiles left in the live wall |
/// | 355 | the observer's seat counted from the dealer (0 the dealer) |
/// | 356 | 1 when the observer answers a claim, else 0 |
/// | 357 | the claimed tile's kind + 1 in a claim, else 0 |
pub const OBSERVATION: usize = 358;

impl Game {
    /// What `seat` sees now, into `out` ([`OBSERVATION`] bytes, laid out as it says).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed, OBSERVATION};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// let mut row = [0u8; OBSERVATION];
    /// game.observe(0, &mut row);
    /// assert_eq!(row[..34].iter().map(|&c| c as u32).sum::<u32>(), 14); // the dealer drew
    /// assert_eq!(row[309..343].iter().map(|&c| c as u32).sum::<u32>(), 1); // one indicator
    /// ```
    pub fn observe(&self, seat: u8, out: &mut [u8; OBSERVATION]) {
        out.fill(0);
        let me = seat as usize;
        let s = &self.seats[me];
        out[..34].copy_from_slice(&s.counts);
        out[34..37].copy_from_slice(&s.red_counts(self.reds));
        for d in 0..4 {
            let other = &self.seats[(me + d) % 4];
            for &id in &other.river[..other.n_river as usize] {
                if !other.claimed.contains(id) {
                    out[37 + 34 * d + (id / 4) as usize] += 1;
                }
            }
            for id in other.call_ids.iter() {
                out[173 + 34 * d + (id / 4) as usize] += 1;
            }
            out[343 + d] = other.riichi as u8;
            let points = (self.scores[(me + d) % 4] + 128_000) / 1000;
            out[347 + d] = points.clamp(0, 255) as u8;
        }
        for &at in &wall::DORA[..self.dora as usize] {
            out[309 + (self.wall[at] / 4) as usize] += 1;
        }
        out[351] = self.round;
        out[352] = self.honba.min(255) as u8;
        out[353] = self.sticks.min(255) as u8;
        out[354] = self.tiles_left();
        out[355] = ((me + 4 - (self.round % 4) as usize) % 4) as u8;
        if self.phase == Phase::Claims {
            out[356] = 1;
            out[357] = self.claim.tile / 4 + 1;
        }
    }

    /// `seat`'s red fives held concealed (m, p, s): beside [`Game::hand`], its hand as the
    /// scoring reads it.
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// let red = game.red_fives(0);
    /// assert!((0..3).all(|s| red[s] <= game.hand(0)[[4, 13, 22][s]]));
    /// ```
    pub fn red_fives(&self, seat: u8) -> [u8; 3] {
        self.seats[seat as usize].red_counts(self.reds)
    }

    /// `seat`'s calls, in order, as the engine's melds (what [`crate::Hand::new`] takes).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// assert!(game.melds(0).is_empty()); // none at the deal
    /// ```
    pub fn melds(&self, seat: u8) -> &[Meld] {
        let s = &self.seats[seat as usize];
        &s.melds[..s.n_calls as usize]
    }

    /// `seat`'s calls, in order, as the scoring reads them (their red fives counted).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// assert_eq!(game.calls(0).count(), 0);
    /// ```
    pub fn calls(&self, seat: u8) -> impl Iterator<Item = Call> + '_ {
        self.seats[seat as usize].calls().map(|(c, _)| c)
    }

    /// Whether `seat`'s riichi stands (declared, and its discard passed).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// assert!(!game.riichi(0));
    /// ```
    pub fn riichi(&self, seat: u8) -> bool {
        self.seats[seat as usize].riichi
    }

    /// The dora indicators shown, in order (a kan's shown when the rules show it: a closed
    /// kan's at once, an open or added kan's after the next discard).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// assert_eq!(game.dora_indicators().count(), 1);
    /// ```
    pub fn dora_indicators(&self) -> impl Iterator<Item = Tile> + '_ {
        wall::DORA[..self.dora as usize]
            .iter()
            .map(|&at| Tile::from_index((self.wall[at] / 4) as usize))
    }

    /// `seat`'s river in order: each discard's tile id and whether another seat called it.
    ///
    /// ```
    /// use hupai::game::{Action, Game, GameRules, Seed};
    /// let mut game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// let id = game.drawn(0).unwrap();
    /// let tile = hupai::Tile::from_index((id / 4) as usize);
    /// game.step(0, Action::discard(tile, game.is_red_id(id))).unwrap();
    /// assert_eq!(game.river(0).collect::<Vec<_>>(), [(id, false)]);
    /// ```
    pub fn river(&self, seat: u8) -> impl Iterator<Item = (u8, bool)> + '_ {
        let s = &self.seats[seat as usize];
        s.river[..s.n_river as usize]
            .iter()
            .map(|&id| (id, s.claimed.contains(id)))
    }
}

impl Game {
    /// Appends the events so far ([`Game::events`]) to `out` as mjai JSON lines, each ending
    /// in a newline, as `seat` sees them ([`GameEvent::seen_by`](super::GameEvent::seen_by);
    /// every tile for `None`) — what every door gives of a game's events.
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let game = Game::new(GameRules::default(), Seed::from_u64(1));
    /// let mut text = String::new();
    /// game.write_events(Some(1), &mut text);
    /// assert!(text.starts_with(r#"{"type":"start_game""#));
    /// assert!(text.ends_with("\n") && text.contains(r#""pai":"?""#)); // the dealer's draw, hidden
    /// ```
    pub fn write_events(&self, seat: Option<u8>, out: &mut String) {
        let aka = self.rules().scoring.red_fives;
        for e in self.events() {
            match seat {
                Some(s) => e.seen_by(s).write_mjai(aka, out),
                None => e.write_mjai(aka, out),
            }
            out.push('\n');
        }
    }
}
