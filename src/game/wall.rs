//! The wall: 136 tile ids in the order play takes them, and how a seed makes one — Tenhou's
//! published shuffle (MT19937 and SHA-512, as the `tenhou-shuffle` crate implements it).
//!
//! A tile id is `0..136`: `id / 4` is its kind (`0..34`, 1m … 7z) and ids 16, 52 and 88 are
//! the red fives of m, p and s (as Tenhou's records number them). The wall is held head to
//! tail: the deal takes indices `0..52` (four tiles a seat three times from the dealer, then
//! one each), draws go on from 52, the dead wall is the last 14: the replacement tiles of
//! kans at 134, 135, 132, 133, the dora indicators at 130, 128, 126, 124, 122 and the
//! ura-dora under them at 131, 129, 127, 125, 123. Tenhou's shuffled array is dealt from its
//! highest index, so it is this order reversed.

use tenhou_shuffle::mt19937_nostd::MT19937;
use tenhou_shuffle::{rnd_from_mt, seed_from_base64, seed_from_mt, shuffle_with_rnd};
use tenhou_shuffle::{MT19937_SEED_SIZE, SRC_LEN};

/// Where each tile of a round comes from in the wall (indices head to tail): the deal, the
/// live draws, the kans' replacement tiles and the indicators — what a caller that builds a
/// wall (a record's round, a test's situation) places its tiles by.
///
/// ```
/// use hupai::game::Layout;
/// assert_eq!(Layout::deal(0, 0), 0); // the dealer's first tile
/// assert_eq!(Layout::deal(3, 12), 51); // the last tile dealt
/// assert_eq!(Layout::LIVE_END - Layout::FIRST_DRAW, 70);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Layout;

impl Layout {
    /// Where the draws after the deal start.
    pub const FIRST_DRAW: usize = 52;
    /// One past the last draw of a round without kans (each kan moves it one back).
    pub const LIVE_END: usize = 122;
    /// The kans' replacement tiles, first to last.
    pub const RINSHAN: [usize; 4] = [134, 135, 132, 133];
    /// The dora indicators, in the order kans reveal them.
    pub const DORA: [usize; 5] = [130, 128, 126, 124, 122];
    /// The ura-dora indicators, under the dora indicators.
    pub const URA: [usize; 5] = [131, 129, 127, 125, 123];

    /// The wall index of the `t`-th tile (`t < 13`) dealt to the seat `seat` places after
    /// the dealer (four tiles a seat three times, then one each).
    pub fn deal(seat: usize, t: usize) -> usize {
        if t < 12 {
            (t / 4) * 16 + seat * 4 + t % 4
        } else {
            48 + seat
        }
    }
}

pub(crate) const FIRST_DRAW: usize = Layout::FIRST_DRAW;
pub(crate) const LIVE_END: usize = Layout::LIVE_END;
pub(crate) const RINSHAN: [usize; 4] = Layout::RINSHAN;
pub(crate) const DORA: [usize; 5] = Layout::DORA;
pub(crate) const URA: [usize; 5] = Layout::URA;

/// A game's seed: the 624 words Tenhou seeds its MT19937 with (its records' `mt19937ar-sha512-
/// n288-base64` string), from which every round's wall is drawn. A seed means the same walls
/// in every version and door.
///
/// ```
/// use hupai::game::Seed;
/// assert_eq!(Seed::from_u64(7), Seed::from_u64(7));
/// assert_ne!(Seed::from_u64(7).wall(0), Seed::from_u64(7).wall(1));
/// let wall = Seed::from_u64(7).wall(0);
/// let mut ids = wall.to_vec();
/// ids.sort();
/// assert_eq!(ids, (0..136).collect::<Vec<u8>>());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u32; MT19937_SEED_SIZE]);

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seed({:08x}…)", self.0[0])
    }
}

impl Seed {
    /// The seed of a number: the first 624 outputs of an MT19937 initialised by the array
    /// `[low 32 bits, high 32 bits]` (`init_by_array`, the generator's own seeding).
    pub fn from_u64(n: u64) -> Seed {
        let mut mt = MT19937::new_with_slice_seed(&[n as u32, (n >> 32) as u32]);
        Seed(seed_from_mt(&mut mt))
    }

    /// The seed of a Tenhou record (`mt19937ar-sha512-n288-base64,` and the base64 text, or
    /// the base64 text alone).
    pub fn from_tenhou(text: &str) -> Result<Seed, String> {
        let b64 = text
            .trim()
            .strip_prefix("mt19937ar-sha512-n288-base64,")
            .unwrap_or(text.trim());
        seed_from_base64(b64)
            .map(Seed)
            .map_err(|e| format!("not a Tenhou seed: {e}"))
    }

    /// The wall of the game's `n`-th shuffle (from 0: one a round, draws and repeats
    /// included), head to tail.
    pub fn wall(&self, n: u32) -> [u8; 136] {
        Shuffles::at(self, n).next_wall()
    }

    /// The places of `k` extra tiles in wall `n` grown to `len` (a room's flowers: 8 in
    /// 144), drawn from the seed apart from its shuffle — SplitMix64 over its words and `n`,
    /// Floyd's sampling — so the same seed gives the same places in every version, and the
    /// other tiles keep the shuffle's order.
    pub(crate) fn places(&self, n: u32, k: usize, len: usize) -> [bool; 256] {
        let mut x = self
            .0
            .iter()
            .fold(u64::from(n) ^ 0x9e37_79b9_7f4a_7c15, |h, &w| {
                (h ^ u64::from(w)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
            });
        let mut next = |bound: usize| {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((u128::from(z ^ (z >> 31)) * bound as u128) >> 64) as usize
        };
        let mut taken = [false; 256];
        let len = len.min(256);
        for j in len - k.min(len)..len {
            let t = next(j + 1);
            taken[if taken[t] { j } else { t }] = true;
        }
        taken
    }
}

/// A seed's walls in order: its generator kept between rounds (each wall draws 288 words),
/// and rebuilt from the seed when copied (the generator cannot be).
pub(crate) struct Shuffles {
    seed: Box<Seed>,
    mt: Box<MT19937>,
    /// Walls drawn so far.
    n: u32,
}

impl Shuffles {
    /// The walls of `seed` from its `n`-th.
    pub(crate) fn at(seed: &Seed, n: u32) -> Shuffles {
        let mut mt = Box::new(MT19937::new_with_slice_seed(&seed.0));
        for _ in 0..n as usize * SRC_LEN {
            mt.gen_u32();
        }
        Shuffles {
            seed: Box::new(seed.clone()),
            mt,
            n,
        }
    }

    /// The next wall, head to tail.
    pub(crate) fn next_wall(&mut self) -> [u8; 136] {
        let mut tiles: [u8; 136] = std::array::from_fn(|i| i as u8);
        shuffle_with_rnd(&mut tiles, &rnd_from_mt(&mut self.mt));
        tiles.reverse();
        self.n += 1;
        tiles
    }
}

impl Clone for Shuffles {
    fn clone(&self) -> Shuffles {
        Shuffles::at(&self.seed, self.n)
    }
}

impl std::fmt::Debug for Shuffles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Shuffles({:?}, {})", self.seed, self.n)
    }
}

/// Whether `ids` is a wall: each of the 136 ids once.
pub(crate) fn is_wall(ids: &[u8; 136]) -> bool {
    let mut seen = [false; 136];
    ids.iter()
        .all(|&i| (i as usize) < 136 && !std::mem::replace(&mut seen[i as usize], true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deal_and_the_dead_wall_take_every_index_once() {
        let mut seen = [0u8; 136];
        for seat in 0..4 {
            for t in 0..13 {
                seen[Layout::deal(seat, t)] += 1;
            }
        }
        for n in &mut seen[FIRST_DRAW..LIVE_END] {
            *n += 1;
        }
        for i in RINSHAN.iter().chain(&DORA).chain(&URA) {
            seen[*i] += 1;
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    }

    #[test]
    fn a_seed_draws_the_crates_walls_in_order() {
        let seed = Seed::from_u64(1);
        let mut mt = MT19937::new_with_slice_seed(&seed.0);
        for n in 0..3 {
            let mut direct: [u8; 136] = std::array::from_fn(|i| i as u8);
            tenhou_shuffle::shuffle_with_mt(&mut direct, &mut mt);
            direct.reverse();
            assert_eq!(seed.wall(n), direct);
            assert!(is_wall(&direct));
        }
    }
}
