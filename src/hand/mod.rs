//! Hands: concealed tiles, declared melds and wild kinds, parsed and checked.
//!
//! ```
//! use hupai::Hand;
//! let h = Hand::builder("123m456p789s22z").meld("555z").build().unwrap();
//! assert_eq!(h.concealed_len(), 11);
//! assert_eq!(h.meld_count(), 1);
//! assert_eq!(h.to_string(), "123m456p789s22z");
//! assert!(Hand::builder("123m").build().is_err()); // 3 tiles is never a hand
//! ```

use crate::counts::{
    held, real_groups, real_keys, real_planes, total_if_at_most_four, Lean, RealGroups,
};
use crate::hand_error::{CopiesPlace, HandError};
use crate::kinds::KindMasks;
use crate::meld::Meld;
use crate::rules::Rules;
use crate::tile::{counts_without, format_counts, Counts, Tile, TileSet, COPIES, KINDS};
use std::fmt;

// `Hand::unchecked`'s bits are `Lean::of`'s: `real_groups` reads them.
const _: () = assert!(Hand::SCREENS == Lean::SIZES && Hand::KEYS == Lean::KEYS);

mod steps;

/// A hand as the engine sees it: concealed tile counts, declared melds and the wild kinds.
/// Every concealed copy of a wild kind is a wildcard.
///
/// From text, from 34 counts (index order 1m…9m, 1p…9p, 1s…9s, 1z…7z), or through
/// [`Hand::builder`] with declared melds and wild kinds:
///
/// ```
/// use hupai::Hand;
/// let text: Hand = "123m456p789s1122z".parse().unwrap();
/// let mut counts = [0u8; 34];
/// for i in [0, 1, 2, 12, 13, 14, 24, 25, 26] {
///     counts[i] = 1; // 123m 456p 789s
/// }
/// counts[27] = 2; // 11z (east)
/// counts[28] = 2; // 22z (south)
/// let built = Hand::from_counts(counts).build().unwrap();
/// assert_eq!(built, text);
/// assert_eq!(format!("{built:?}"), "Hand { concealed: 123m456p789s1122z, melds: [], wild: {} }");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
// Field order is the layout: what the win check and shanten read comes first, in one
// 64-byte cache line.
#[repr(C)]
pub struct Hand {
    /// Key of the real (non-wild) counts of each group ([`slot_weight`]), kept up to date as
    /// tiles are added and removed, so that a table lookup needs no pass over the counts.
    keys: [u32; 4],
    /// Count planes of the real tiles: bit `spaced_bit(i)` of `at_least[k]` is set when
    /// non-wild kind `i` is held more than `k` times (kept up to date like `keys`; the win
    /// screens read them, and leave the wildcards out of them without a mask of their own).
    at_least: [u64; 4],
    wild: TileSet,
    /// Four small counts in one word (kept up to date like `keys`): concealed tiles
    /// ([`LEN`]), wildcards among them ([`WILDCARDS`]), wild kinds ([`WILD_KINDS`]: counted
    /// once, as the x86_64 baseline has no popcount instruction) and declared melds
    /// ([`MELDS`]: the first ones of `melds`). One word, because readers load it as one: a
    /// draw that wrote one byte of it made the win check after it wait for the store
    /// (`cargo bench --bench callers`, `callers-draw`).
    tally: [u8; 4],
    /// Real tiles per group (kept up to date like `keys`; the win screens read them).
    sizes: [u8; 4],
    counts: Counts,
    /// Declared melds packed into 16 bits each ([`Meld::pack`]): 8 bytes instead of 64, so
    /// that a hand (112 bytes) stays within two cache lines with the group sizes.
    melds: [u16; 4],
}

impl Hand {
    /// Builds a hand from counts, checking copies and the tile count.
    ///
    /// This is the path from a caller's counts (the C ABI, `batch`, servers that keep counts):
    /// the checks, the group keys, sizes and count planes come from the same few vector loads
    /// (`counts.rs`), and the exact error is worked out only when a check fails. Always
    /// inlined, so a caller that asks one answer keeps the hand in registers and drops what
    /// the answer does not read (the counts rows of `cargo bench --bench callers`, beside
    /// the same answers of hands built beforehand).
    ///
    /// ```
    /// use hupai::{Hand, TileSet};
    /// let mut counts = [0u8; 34];
    /// counts[..9].copy_from_slice(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
    /// counts[27] = 1;
    /// let hand = Hand::new(counts, &[], TileSet::EMPTY).unwrap();
    /// assert_eq!(hand.to_string(), "1112345678999m1z");
    /// ```
    #[inline(always)]
    pub fn new(counts: Counts, melds: &[Meld], wild: TileSet) -> Result<Hand, HandError> {
        Hand::build::<{ Hand::ALL }>(counts, melds, wild)
    }

    /// What [`Hand::build`] works out: the count planes and group sizes (what the win screens
    /// and 组合龙 read).
    pub(crate) const SCREENS: u8 = 1;
    /// What [`Hand::build`] works out: the group keys (what the table lookups read).
    pub(crate) const KEYS: u8 = 2;
    /// Everything: a hand as [`Hand::new`] builds it.
    pub(crate) const ALL: u8 = Hand::SCREENS | Hand::KEYS;

    /// [`Hand::new`] working out only `WHAT` ([`Hand::SCREENS`], [`Hand::KEYS`]) besides the
    /// checks: the planes left out read as four of every kind, the sizes as 0, the keys as 0
    /// ([`Hand::with_keys`] adds them). Such a hand never leaves the engine: the counts
    /// entries build what their answer reads ([`crate::Engine::shanten_counts`] no screens;
    /// [`crate::Engine::is_win_counts`] the keys only past the screens): the planes and
    /// sizes are about half of what building a hand from counts costs, and most win checks
    /// end at the screens (`scripts/instructions`, the counts rows).
    #[inline(always)]
    pub(crate) fn build<const WHAT: u8>(
        counts: Counts,
        melds: &[Meld],
        wild: TileSet,
    ) -> Result<Hand, HandError> {
        if wild.0 >> KINDS != 0 {
            return Err(HandError::BadWild { bits: wild.0 });
        }
        let concealed = match total_if_at_most_four(&counts) {
            Some(n) if melds.len() <= 4 => n,
            _ => return Err(Hand::refusal(&counts, melds)),
        };
        if !(13..=14).contains(&(concealed + 3 * melds.len())) {
            return Err(HandError::WrongCount {
                concealed,
                melds: melds.len(),
            });
        }
        if !melds.is_empty() {
            let mut all = counts;
            for m in melds {
                for t in m.tiles().iter() {
                    all[t.index()] += m.copies_per_kind();
                }
            }
            if all.iter().any(|&c| c > COPIES) {
                return Err(Hand::refusal(&counts, melds));
            }
        }
        Ok(Hand::unchecked::<WHAT>(counts, melds, wild, concealed))
    }

    /// [`Hand::build`] past its checks: counts of at most 4 each, with the melds at most 4
    /// of a kind, `concealed` tiles in all, wild kinds among the 34 (the counts entries call
    /// it for counts their lean view checked).
    #[inline(always)]
    pub(crate) fn unchecked<const WHAT: u8>(
        counts: Counts,
        melds: &[Meld],
        wild: TileSet,
        concealed: usize,
    ) -> Hand {
        // `WHAT`'s bits are those of `Lean::of` (asserted below).
        let RealGroups {
            keys,
            sizes,
            wildcards,
            wild_kinds,
        } = real_groups::<WHAT, false>(&counts, wild);
        let at_least = if WHAT & Hand::SCREENS != 0 {
            real_planes(&counts, wild)
        } else {
            [u64::MAX; 4]
        };
        let mut list = [0u16; 4];
        for (slot, m) in list.iter_mut().zip(melds) {
            *slot = m.pack();
        }
        Hand {
            counts,
            wild,
            melds: list,
            keys,
            tally: [concealed as u8, wildcards, wild_kinds, melds.len() as u8],
            sizes,
            at_least,
        }
    }

    /// The error of counts and melds that a fast check refused: the first problem in the
    /// order the checks define (tile count, then copies in the hand, then with the melds).
    #[cold]
    fn refusal(counts: &Counts, melds: &[Meld]) -> HandError {
        let concealed: usize = counts.iter().map(|&c| c as usize).sum();
        if melds.len() > 4 || !(13..=14).contains(&(concealed + 3 * melds.len())) {
            return HandError::WrongCount {
                concealed,
                melds: melds.len(),
            };
        }
        let mut all = counts.map(u32::from);
        for m in melds {
            for (a, b) in all.iter_mut().zip(m.counts()) {
                *a += b as u32;
            }
        }
        let i = (0..KINDS)
            .find(|&i| counts[i] > COPIES || all[i] > COPIES as u32)
            .expect("a refused hand has a kind past 4 copies");
        HandError::TooManyCopies {
            tile: Tile::from_index(i),
            place: if counts[i] > COPIES {
                CopiesPlace::Hand
            } else {
                CopiesPlace::HandAndMelds
            },
        }
    }

    /// A hand under `rules`: [`Hand::new`], after the rules' own wild kinds ([`Rules::wild`])
    /// join `wild`, and refused when a tile of the hand or a meld, or a wild kind, is not in
    /// play ([`Rules::in_play`]). Build hands this way (or with
    /// [`crate::HandBuilder::rules`]) for an engine whose rules leave kinds out of play or
    /// make kinds wild.
    ///
    /// ```
    /// use hupai::{Hand, HandError, Rules, TileSet};
    /// let c = hupai::parse_tiles("123456789m1234p7z").unwrap();
    /// let h = Hand::under(c, &[], TileSet::EMPTY, &Rules::hongzhong()).unwrap();
    /// assert_eq!(h.wildcards(), 1); // 7z is wild in 红中麻将
    /// let e = Hand::under(c, &[], TileSet::EMPTY, &Rules::sichuan()).unwrap_err();
    /// assert_eq!(e, HandError::NotInPlay { tile: "7z".parse().unwrap() });
    /// ```
    // Always inlined like `Hand::new` (the C ABI's path): a call here kept the hand in memory
    // between `Hand::new` and the answer.
    #[inline(always)]
    pub fn under(
        counts: Counts,
        melds: &[Meld],
        wild: TileSet,
        rules: &Rules,
    ) -> Result<Hand, HandError> {
        Hand::build_under::<{ Hand::ALL }>(counts, melds, wild, rules)
    }

    /// Refuses wild kinds that `rules` leave out of play, naming each
    /// ([`HandError::WildNotInPlay`]); [`Hand::under`] checks this, and so does every front
    /// end that takes wild kinds for an engine.
    ///
    /// ```
    /// use hupai::{Hand, Rules, TileSet};
    /// let wild: TileSet = ["1z", "2z", "5m"].iter().map(|t| t.parse().unwrap()).collect();
    /// let e = Hand::check_wild(wild, &Rules::sichuan()).unwrap_err();
    /// assert_eq!(e.to_string(), "wild kinds 1z, 2z are not in play under these rules");
    /// assert!(Hand::check_wild(wild, &Rules::riichi()).is_ok());
    /// ```
    pub fn check_wild(wild: TileSet, rules: &Rules) -> Result<(), HandError> {
        // Bits past the 34 kinds are `BadWild`, which `Hand::new` reports.
        let out = wild.0 & !rules.in_play().0 & ((1 << KINDS) - 1);
        if out != 0 {
            return Err(HandError::WildNotInPlay {
                kinds: TileSet(out),
            });
        }
        Ok(())
    }

    /// [`Hand::under`] by [`Hand::build`].
    #[inline(always)]
    pub(crate) fn build_under<const WHAT: u8>(
        counts: Counts,
        melds: &[Meld],
        wild: TileSet,
        rules: &Rules,
    ) -> Result<Hand, HandError> {
        let wild = TileSet(wild.0 | rules.wild.0);
        let out_of_play = !rules.in_play().0 & ((1 << KINDS) - 1);
        if out_of_play != 0 {
            Hand::check_wild(wild, rules)?;
            let mut held = wild.0 | held(&counts);
            for m in melds {
                held |= m.tiles().0;
            }
            let out = held & out_of_play;
            if out != 0 {
                return Err(HandError::NotInPlay {
                    tile: Tile::from_index(out.trailing_zeros() as usize),
                });
            }
        }
        Hand::build::<WHAT>(counts, melds, wild)
    }

    /// The hand with its group keys worked out (of a hand built without them).
    #[inline(always)]
    pub(crate) fn with_keys(mut self) -> Hand {
        self.keys = real_keys::<false>(&self.counts, self.wild);
        self
    }

    /// Concealed counts, wild kinds included.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The wild kinds.
    pub fn wild(&self) -> TileSet {
        self.wild
    }

    /// Declared melds.
    pub fn melds(&self) -> impl Iterator<Item = Meld> + '_ {
        self.melds[..self.meld_count()]
            .iter()
            .map(|&w| Meld::unpack(w))
    }

    /// Number of declared melds.
    #[inline(always)]
    pub fn meld_count(&self) -> usize {
        self.tally[MELDS] as usize
    }

    /// Number of concealed tiles.
    #[inline(always)]
    pub fn concealed_len(&self) -> usize {
        self.tally[LEN] as usize
    }

    /// True when the hand holds 3k+2 tiles (a complete count: it may be a win).
    #[inline(always)]
    pub fn is_complete_count(&self) -> bool {
        self.concealed_len() % 3 == 2
    }

    /// Refuses `question` ([`HandError::WrongSize`]) unless the hand holds 3k+2 tiles
    /// (`complete`: the discard report) or 3k+1 (waits, ukeire, improvements). Every front
    /// end asks through here, so a wrong size is the same error everywhere.
    ///
    /// ```
    /// use hupai::Hand;
    /// let hand: Hand = "123m456p789s11222z".parse().unwrap();
    /// assert!(hand.expect_size(true, "discards").is_ok());
    /// let e = hand.expect_size(false, "waits").unwrap_err();
    /// assert_eq!(e.to_string(), "waits are asked of a hand of 13 tiles (with melds, three a meld); this one has 14");
    /// ```
    pub fn expect_size(&self, complete: bool, question: &'static str) -> Result<(), HandError> {
        if self.is_complete_count() == complete {
            return Ok(());
        }
        Err(HandError::WrongSize {
            question,
            tiles: self.concealed_len() + 3 * self.meld_count(),
        })
    }

    /// Number of wildcards (concealed copies of wild kinds).
    #[inline(always)]
    pub fn wildcards(&self) -> u8 {
        self.tally[WILDCARDS]
    }

    /// Number of wild kinds.
    #[inline(always)]
    pub fn wild_kinds(&self) -> u8 {
        self.tally[WILD_KINDS]
    }

    /// The concealed counts without the wildcards.
    pub fn real_counts(&self) -> Counts {
        counts_without(&self.counts, self.wild)
    }

    /// Copies of each kind visible to the player: concealed tiles and declared melds.
    pub fn visible(&self) -> Counts {
        let mut all = self.counts;
        for m in self.melds() {
            for (a, b) in all.iter_mut().zip(m.counts()) {
                *a += b;
            }
        }
        all
    }

    /// Keys of the real counts of the four groups (m, p, s, z), see
    /// [`hupai_gen::slot_weight`].
    #[inline(always)]
    pub(crate) fn keys(&self) -> [u32; 4] {
        self.keys
    }

    /// [`Hand::keys`] in place, for a reader that copies them as one vector.
    #[inline(always)]
    pub(crate) fn key_array(&self) -> &[u32; 4] {
        &self.keys
    }

    /// Real (non-wild) tiles per group (m, p, s, z), like the group keys of the lookups.
    ///
    /// ```
    /// use hupai::Hand;
    /// let hand = Hand::builder("123m456p789s1122z5s").wild("5s").build().unwrap();
    /// assert_eq!(hand.group_sizes(), [3, 3, 3, 4]); // the 5s is a wildcard
    /// ```
    #[inline(always)]
    pub fn group_sizes(&self) -> [u8; 4] {
        self.sizes
    }

    /// Which real kinds are held once, an odd number of times, twice or more, at all (the
    /// wild kinds left out, like [`Hand::keys`]), in the spaced layout of [`crate::screen`].
    #[inline(always)]
    pub(crate) fn kind_masks(&self) -> KindMasks {
        KindMasks::from_planes(self.at_least)
    }

    /// The count planes of the real tiles ([`Hand::kind_masks`] reads them).
    #[inline(always)]
    pub(crate) fn count_planes(&self) -> &[u64; 4] {
        &self.at_least
    }
}

/// The places in [`Hand`]'s tally word.
pub(super) const LEN: usize = 0;
/// See [`LEN`].
pub(super) const WILDCARDS: usize = 1;
/// See [`LEN`].
pub(super) const WILD_KINDS: usize = 2;
/// See [`LEN`].
pub(super) const MELDS: usize = 3;

impl fmt::Display for Hand {
    /// Canonical MPSZ of the concealed tiles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_counts(&self.counts))
    }
}

/// A hand debugs as its tiles: the concealed ones in MPSZ, the declared melds, the wild kinds.
impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand {{ concealed: {self}, melds: [")?;
        for (i, m) in self.melds().enumerate() {
            write!(f, "{}{m}", if i > 0 { ", " } else { "" })?;
        }
        write!(f, "], wild: {:?} }}", self.wild())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meld::MeldKind;

    #[test]
    fn every_meld_survives_packing_and_a_hand_is_two_cache_lines() {
        let mut melds = Vec::new();
        for k in 0..KINDS {
            let one = TileSet(1 << k);
            melds.push(Meld::checked(MeldKind::Pung, one, false).unwrap());
            melds.push(Meld::checked(MeldKind::Kong, one, false).unwrap());
        }
        for first in (0..27).filter(|k| k % 9 <= 6) {
            melds.push(Meld::checked(MeldKind::Chow, TileSet(0b111 << first), false).unwrap());
        }
        // Honor runs: any three winds, or the three dragons.
        for set in (0u64..128).filter(|s| s.count_ones() == 3) {
            if let Ok(m) = Meld::checked(MeldKind::Chow, TileSet(set << 27), true) {
                melds.push(m);
            }
        }
        assert_eq!(melds.len(), 34 * 2 + 21 + 4 + 1);
        for m in melds {
            assert_eq!(Meld::unpack(m.pack()), m, "{m:?}");
        }
        assert!(std::mem::size_of::<Hand>() <= 128);
        // What the win check and shanten read sits in the first 64 bytes.
        assert!(std::mem::offset_of!(Hand, sizes) + 4 <= 64);
        assert!(std::mem::offset_of!(Hand, tally) + 4 <= 64);
    }

    #[test]
    fn melds_survive_packing() {
        for text in [
            "123m", "789s", "555z", "1111p", "9999s", "124z", "567z", "234z",
        ] {
            let nanchang = Rules::nanchang();
            let m = Meld::parse(text, &nanchang).unwrap();
            assert_eq!(Meld::unpack(m.pack()), m, "{text}");
            let h = Hand::builder("234m345m456m8p")
                .rules(&nanchang)
                .meld(text)
                .build()
                .unwrap();
            assert_eq!(h.melds().collect::<Vec<_>>(), vec![m]);
        }
    }
}
