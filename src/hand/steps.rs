//! A hand as tiles come and go: [`Hand::draw`] and [`Hand::discard`] change its indices in
//! place, one step a tile, and [`Hand::with_tile`] and [`Hand::without_tile`] are them in a
//! copy.

use super::{Hand, LEN, MELDS};
use crate::hand_error::{CopiesPlace, HandError};
use crate::kinds::spaced_bit;
use crate::tile::{Tile, COPIES, KINDS};
use hupai_gen::slot_weight;

impl Hand {
    /// The 3k+2 hand after drawing `t`: `None` if this hand already holds 3k+2 tiles, or if 4
    /// copies of `t` are already visible (concealed and declared), since no such tile is left.
    /// Every hand is one [`Hand::new`] accepts. [`Hand::draw`] in a copy.
    ///
    /// ```
    /// use hupai::Hand;
    /// let h = Hand::builder("123456789m1122z").build().unwrap();
    /// let drawn = h.with_tile("2z".parse().unwrap()).unwrap();
    /// assert_eq!(drawn.concealed_len(), 14);
    /// assert!(drawn.with_tile("3z".parse().unwrap()).is_none()); // 15 tiles is no hand
    /// ```
    pub fn with_tile(&self, t: Tile) -> Option<Hand> {
        let mut h = *self;
        h.draw(t).ok()?;
        Some(h)
    }

    /// The 3k+1 hand after discarding one `t`: `None` if this hand holds 3k+1 tiles (it has
    /// nothing to discard) or no `t`. [`Hand::discard`] in a copy.
    ///
    /// ```
    /// use hupai::Hand;
    /// let h: Hand = "123456789m11223z".parse().unwrap();
    /// assert_eq!(h.without_tile("3z".parse().unwrap()).unwrap().to_string(), "123456789m1122z");
    /// assert!(h.without_tile("5z".parse().unwrap()).is_none()); // no 5z held
    /// ```
    pub fn without_tile(&self, t: Tile) -> Option<Hand> {
        let mut h = *self;
        h.discard(t).ok()?;
        Some(h)
    }

    /// Draws `t` into this 3k+1 hand, in place: the group key, count plane and group size of
    /// `t` change by one step each (a wild kind's copy counts one wildcard more), with no pass
    /// over the counts, so a game server that keeps a hand per seat answers after each draw
    /// from a hand as current as a freshly built one (`cargo bench --bench engine`, `draw`).
    /// Refused, the hand unchanged, when it already holds 3k+2 tiles
    /// ([`HandError::WrongCount`]) or 4 copies of `t` are visible in its tiles and melds
    /// ([`HandError::TooManyCopies`]). Whether `t` is in play is the caller's rules' to say
    /// ([`Hand::under`] checks it when the hand is built).
    ///
    /// ```
    /// use hupai::{Engine, Hand, Rules, Tile};
    /// let engine = Engine::new(Rules::riichi());
    /// let mut hand: Hand = "123m456p789s1122z".parse().unwrap();
    /// let east: Tile = "1z".parse().unwrap();
    /// hand.draw(east).unwrap();
    /// assert!(engine.is_win(&hand)); // 1z completes the pung
    /// hand.discard(east).unwrap(); // back to the 13 tiles
    /// assert_eq!(hand, "123m456p789s1122z".parse().unwrap());
    /// assert!(hand.discard(east).is_err()); // a 13-tile hand has nothing to discard
    /// ```
    #[inline]
    pub fn draw(&mut self, t: Tile) -> Result<(), HandError> {
        let i = t.index();
        if self.is_complete_count() {
            return Err(HandError::WrongCount {
                concealed: self.concealed_len() + 1,
                melds: self.meld_count(),
            });
        }
        let declared: u8 = if self.tally[MELDS] == 0 {
            0
        } else {
            self.melds().map(|m| m.counts()[i]).sum()
        };
        if self.counts[i] + declared >= COPIES {
            return Err(HandError::TooManyCopies {
                tile: t,
                place: if declared == 0 {
                    CopiesPlace::Hand
                } else {
                    CopiesPlace::HandAndMelds
                },
            });
        }
        let wild = self.wild.contains(t);
        if !wild {
            let step = &STEPS[i];
            self.at_least[self.counts[i] as usize & 3] |= step.bit;
            self.keys[step.group as usize] += step.weight;
            self.sizes = group_step(self.sizes, step.group as usize, 1);
        }
        // One tile more, and one wildcard more if `t` is wild, in one word.
        self.tally = group_step(self.tally, LEN, 1 + ((wild as u32) << 8));
        self.counts[i] += 1;
        Ok(())
    }

    /// Discards one `t` from this 3k+2 hand, in place: [`Hand::draw`] undone, each index one
    /// step back. Refused, the hand unchanged, when it holds 3k+1 tiles
    /// ([`HandError::WrongCount`]) or no `t` ([`HandError::NotHeld`]).
    ///
    /// ```
    /// use hupai::{Engine, Hand, Rules};
    /// let engine = Engine::new(Rules::riichi());
    /// let mut hand: Hand = "123m456p789s11227z".parse().unwrap();
    /// hand.discard("7z".parse().unwrap()).unwrap();
    /// assert_eq!(engine.shanten(&hand), 0); // tenpai on 1z and 2z
    /// assert!(hand.clone().discard("7z".parse().unwrap()).is_err());
    /// ```
    #[inline]
    pub fn discard(&mut self, t: Tile) -> Result<(), HandError> {
        let i = t.index();
        if !self.is_complete_count() {
            return Err(HandError::WrongCount {
                concealed: self.concealed_len().saturating_sub(1),
                melds: self.meld_count(),
            });
        }
        if self.counts[i] == 0 {
            return Err(HandError::NotHeld { tile: t });
        }
        self.counts[i] -= 1;
        let wild = self.wild.contains(t);
        self.tally = group_step(self.tally, LEN, (1 + ((wild as u32) << 8)).wrapping_neg());
        if !wild {
            let step = &STEPS[i];
            self.at_least[self.counts[i] as usize & 3] &= !step.bit;
            self.keys[step.group as usize] -= step.weight;
            self.sizes = group_step(self.sizes, step.group as usize, 1u32.wrapping_neg());
        }
        Ok(())
    }
}

/// What one tile of a kind changes in a hand ([`Hand::draw`], [`Hand::discard`]): its bit in
/// the count planes, its group and its weight in the group's key. A table, not worked out per
/// tile: the kind's group, slot and spaced bit took divisions and branches
/// (`scripts/instructions --cases`, the draw row).
struct Step {
    bit: u64,
    weight: u32,
    group: u8,
}

/// [`Step`] of every kind.
static STEPS: [Step; KINDS] = {
    let mut steps = [const {
        Step {
            bit: 0,
            weight: 0,
            group: 0,
        }
    }; KINDS];
    let mut i = 0;
    while i < KINDS {
        steps[i] = Step {
            bit: spaced_bit(i),
            weight: slot_weight(i % 9),
            group: (i / 9) as u8,
        };
        i += 1;
    }
    steps
};

/// Four byte counts (the group sizes, the tally) with the one at `g` changed by `step` (a
/// negative step wrapped: `1u32.wrapping_neg()` is -1), carried into the bytes above as one
/// word: readers load the four as one word, and a load of a word just written a byte at a
/// time waits for the stores (`cargo bench --bench callers`, `callers-draw`). No byte
/// borrows: a count goes down only where it is above zero.
#[inline(always)]
fn group_step(bytes: [u8; 4], g: usize, step: u32) -> [u8; 4] {
    u32::from_le_bytes(bytes)
        .wrapping_add(step.wrapping_shl(8 * g as u32))
        .to_le_bytes()
}
