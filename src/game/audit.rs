//! The table's invariants checked: every tile id once among hands, calls, rivers, the wall
//! (and an added kan's tile being claimed), each hand's size, the points in play — what the
//! tests assert after every step and a server may ask of a table it is given.

use super::ids::TileIds;
use super::table::{Game, KanClaim, Phase};
use super::wall;

impl Game {
    /// Checks the table's invariants: every tile id once (in a hand, a call, a river, the
    /// wall, or an added kan's tile being claimed), each hand's size, and the points (the
    /// scores and the sticks on the table sum to four starts). For tests and for servers
    /// that check what they are given.
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// assert_eq!(Game::new(GameRules::default(), Seed::from_u64(9)).audit(), Ok(()));
    /// ```
    pub fn audit(&self) -> Result<(), String> {
        let total = self.scores.iter().sum::<i32>() + 1000 * self.sticks as i32;
        if total != self.total {
            return Err(format!("points sum to {total}"));
        }
        let turn = match self.phase {
            Phase::Turn(s) => Some(s as usize),
            Phase::Claims => None,
            Phase::Over => return Ok(()),
        };
        let mut seen = TileIds::EMPTY;
        let mut put = |bits: TileIds, what: &str| -> Result<(), String> {
            if !(seen & bits).is_empty() {
                return Err(format!(
                    "{what}: a tile id twice ({:?})",
                    (seen & bits).iter().collect::<Vec<_>>()
                ));
            }
            seen = seen | bits;
            Ok(())
        };
        for (i, s) in self.seats.iter().enumerate() {
            put(s.ids, "hand")?;
            put(s.call_ids, "calls")?;
            let river: TileIds = s.river[..s.n_river as usize].iter().copied().collect();
            if river & s.claimed != s.claimed {
                return Err(format!("seat {i}: a called tile not in its river"));
            }
            put(river & !s.claimed, "river")?;
            let held: u32 = s.counts.iter().map(|&c| c as u32).sum();
            if held != s.ids.len() as u32 {
                return Err(format!("seat {i}: counts and ids differ"));
            }
            let want = if turn == Some(i) { 14 } else { 13 };
            let size = held + 3 * s.n_calls as u32;
            if size != want {
                return Err(format!("seat {i} holds {size} tiles with its calls"));
            }
        }
        let mut wall = TileIds::EMPTY;
        for i in self.next as usize..136 {
            if !wall::RINSHAN[..self.kans as usize].contains(&i) {
                wall.insert(self.wall[i]);
            }
        }
        put(wall, "wall")?;
        if self.phase == Phase::Claims && self.claim.kan == Some(KanClaim::Added) {
            put(TileIds::of(self.claim.tile), "added kan")?;
        }
        if seen != TileIds::ALL {
            return Err(format!(
                "tile ids missing: {:?}",
                (!seen).iter().collect::<Vec<_>>()
            ));
        }
        Ok(())
    }
}
