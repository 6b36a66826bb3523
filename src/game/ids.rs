//! A set of tile ids (`0..136`): three words, a kind's four copies in one nibble of one word
//! (a word holds sixteen kinds), so the copies of a kind are read with one shift.

use std::ops::{BitAnd, BitOr, Not};

/// A set of tile ids `0..136` (`id / 4` the kind).
///
/// ```
/// use hupai::game::TileIds;
/// let mut s = TileIds::EMPTY;
/// s.insert(135);
/// s.insert(16);
/// assert!(s.contains(135) && s.contains(16) && !s.contains(17));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.copies(4), 0b0001); // id 16 is the first copy of 5m
/// assert_eq!(s.iter().collect::<Vec<_>>(), [16, 135]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileIds(pub [u64; 3]);

impl TileIds {
    /// No id.
    pub const EMPTY: TileIds = TileIds([0; 3]);
    /// Every id.
    pub const ALL: TileIds = TileIds([u64::MAX, u64::MAX, (1 << 8) - 1]);

    /// The set of one id.
    #[inline]
    pub fn of(id: u8) -> TileIds {
        let mut s = TileIds::EMPTY;
        s.insert(id);
        s
    }

    /// Adds `id`.
    #[inline]
    pub fn insert(&mut self, id: u8) {
        self.0[(id >> 6) as usize] |= 1 << (id & 63);
    }

    /// Removes `id`.
    #[inline]
    pub fn remove(&mut self, id: u8) {
        self.0[(id >> 6) as usize] &= !(1 << (id & 63));
    }

    /// Whether `id` is in the set.
    #[inline]
    pub fn contains(&self, id: u8) -> bool {
        (id as usize) < 136 && self.0[(id >> 6) as usize] >> (id & 63) & 1 == 1
    }

    /// Which copies of `kind` are in the set: bit `c` for id `4 * kind + c`.
    #[inline]
    pub fn copies(&self, kind: usize) -> u8 {
        (self.0[kind / 16] >> (kind % 16 * 4)) as u8 & 0xf
    }

    /// How many ids.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// No id.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The ids in order (a step a set bit: the lowest, then cleared).
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        let mut words = self.0;
        let mut w = 0;
        std::iter::from_fn(move || {
            while w < 3 {
                if words[w] != 0 {
                    let bit = words[w].trailing_zeros() as u8;
                    words[w] &= words[w] - 1;
                    return Some(w as u8 * 64 + bit);
                }
                w += 1;
            }
            None
        })
    }
}

impl BitOr for TileIds {
    type Output = TileIds;
    fn bitor(self, o: TileIds) -> TileIds {
        TileIds([0, 1, 2].map(|i| self.0[i] | o.0[i]))
    }
}

impl BitAnd for TileIds {
    type Output = TileIds;
    fn bitand(self, o: TileIds) -> TileIds {
        TileIds([0, 1, 2].map(|i| self.0[i] & o.0[i]))
    }
}

impl Not for TileIds {
    type Output = TileIds;
    fn not(self) -> TileIds {
        TileIds([0, 1, 2].map(|i| !self.0[i] & TileIds::ALL.0[i]))
    }
}

impl FromIterator<u8> for TileIds {
    fn from_iter<I: IntoIterator<Item = u8>>(it: I) -> TileIds {
        let mut s = TileIds::EMPTY;
        it.into_iter().for_each(|i| s.insert(i));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::TileIds;

    /// The set bits in order are the ids the set contains, on sets of every density.
    #[test]
    fn iter_is_the_ids_contained_in_order() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for n in 0..2_000u32 {
            let mut set = TileIds::EMPTY;
            for _ in 0..(n % 140) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                set.insert((x % 136) as u8);
            }
            let slow: Vec<u8> = (0..136u8).filter(|&i| set.contains(i)).collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), slow);
            assert_eq!(set.len(), slow.len());
        }
    }
}
