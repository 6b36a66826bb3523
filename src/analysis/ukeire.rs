//! What a hand waits on and which tiles improve it: waits, ukeire, the per-discard report and
//! the improvement tiles (改良), counted against the tiles still unseen.

use super::core::{by_isa, Engine};
use super::state::State;
use crate::counts::held;
use crate::hand::Hand;
use crate::hand_error::{CopiesPlace, HandError};
use crate::remaining::Remaining;
use crate::tile::{Counts, Tile, TileSet, COPIES, KINDS};

/// Effective tiles of a 3k+1 hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ukeire {
    /// Kinds whose draw lowers shanten and that remain to be drawn.
    pub tiles: TileSet,
    /// Copies of them still unseen.
    pub count: u32,
}

/// One line of the per-discard report of a 3k+2 hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The tile discarded.
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Effective tiles after the discard (counts over the 14 tiles: the discard stays visible;
    /// the discarded kind is listed like any other when drawing it back lowers shanten).
    pub ukeire: Ukeire,
}

impl<'t> Engine<'t> {
    /// Kinds whose draw lowers the shanten of a 3k+1 hand (held-4 kinds excluded).
    pub fn improving(&self, hand: &Hand) -> TileSet {
        TileSet(self.improving_at(&self.state(hand)).0)
    }

    /// Waits of a 3k+1 hand: kinds that complete it and of which fewer than 4 are held.
    pub fn waits(&self, hand: &Hand) -> TileSet {
        if hand.is_complete_count() {
            return TileSet::EMPTY;
        }
        let s = self.state(hand);
        let (improving, shanten) = self.improving_at(&s);
        self.waits_of(&s, improving, shanten)
    }

    /// Waits from the improving kinds and shanten of a 3k+1 state.
    pub(super) fn waits_of(&self, s: &State, improving: u64, shanten: i8) -> TileSet {
        // A real draw lowers shanten by at most one, so only a tenpai hand wins on it. A drawn
        // wildcard can do more (it may be a 5th copy): `567789p888s6666z` is 1-shanten, yet
        // wins on any wild kind. Those are checked one by one.
        let mut waits = if shanten == 0 {
            improving & !s.wild.0
        } else {
            0
        };
        for t in s.wild.iter() {
            if s.concealed[t.index()] < 4 && s.with_tile(self, t, 1).answer_forms(self).best() == 0
            {
                waits |= 1 << t.index();
            }
        }
        TileSet(waits)
    }

    /// Ukeire of a 3k+1 hand; `seen` counts other visible tiles (discards), melds and the
    /// concealed tiles are counted from the hand. An error when a kind would be visible more
    /// than 4 times in all, and [`HandError::WrongSize`] for a 3k+2 hand.
    pub fn ukeire(&self, hand: &Hand, seen: &Counts) -> Result<Ukeire, HandError> {
        remaining(hand, seen, self.in_play)?;
        hand.expect_size(false, "ukeire")?;
        Ok(self.evaluate(hand, seen)?.3)
    }

    /// Ukeire of a concealed hand given as 34 counts (wild kinds `wild` besides the rules'
    /// own): [`Engine::ukeire`] of [`Hand::under`], the entry of callers that keep counts
    /// (the hand is built without the count planes and group sizes it does not read).
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let counts = hupai::parse_tiles("123m456p789s1122z").unwrap();
    /// let engine = Engine::new(Rules::riichi());
    /// let u = engine.ukeire_counts(&counts, TileSet::EMPTY, &[0; 34]).unwrap();
    /// assert_eq!(u.count, 4); // two 1z and two 2z left
    /// ```
    #[inline]
    pub fn ukeire_counts(
        &self,
        counts: &Counts,
        wild: TileSet,
        seen: &Counts,
    ) -> Result<Ukeire, HandError> {
        self.ukeire_counts_in(counts, wild, seen)
    }

    /// [`Engine::ukeire_counts`]'s body, on whichever instruction set calls it.
    #[inline(always)]
    fn ukeire_counts_in(
        &self,
        counts: &Counts,
        wild: TileSet,
        seen: &Counts,
    ) -> Result<Ukeire, HandError> {
        // Ukeire works on a `State` of the keys and counts (with planes of its own where a
        // form reads them): the hand's planes and sizes are never read.
        let hand = Hand::build_under::<{ Hand::KEYS }>(*counts, &[], wild, &self.rules)?;
        self.ukeire(&hand, seen)
    }

    /// [`Engine::waits_and_ukeire`] of a concealed hand given as 34 counts (wild kinds `wild`
    /// besides the rules' own), built like [`Engine::ukeire_counts`]'s: the C ABI's
    /// `hupai_ukeire` and its batch.
    ///
    /// ```
    /// use hupai::{Engine, Rules, TileSet};
    /// let counts = hupai::parse_tiles("34m123456789s33z").unwrap();
    /// let engine = Engine::new(Rules::riichi());
    /// let (shanten, waits, ukeire) = engine
    ///     .waits_and_ukeire_counts(&counts, TileSet::EMPTY, &[0; 34])
    ///     .unwrap()
    ///     .expect("a 13-tile hand");
    /// assert_eq!((shanten, waits.len(), ukeire.count), (0, 2, 8)); // 2m 5m
    /// ```
    #[allow(clippy::type_complexity)]
    #[inline]
    pub fn waits_and_ukeire_counts(
        &self,
        counts: &Counts,
        wild: TileSet,
        seen: &Counts,
    ) -> Result<Option<(i8, TileSet, Ukeire)>, HandError> {
        self.waits_and_ukeire_counts_in(counts, wild, seen)
    }

    /// [`Engine::waits_and_ukeire_counts`]'s body, on whichever instruction set calls it.
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn waits_and_ukeire_counts_in(
        &self,
        counts: &Counts,
        wild: TileSet,
        seen: &Counts,
    ) -> Result<Option<(i8, TileSet, Ukeire)>, HandError> {
        let hand = Hand::build_under::<{ Hand::KEYS }>(*counts, &[], wild, &self.rules)?;
        self.waits_and_ukeire(&hand, seen)
    }

    /// Shanten, waits and ukeire of a 3k+1 hand from one evaluation (what `hupai batch`
    /// answers for it); `Ok(None)` for a 3k+2 hand; an error as for [`Engine::ukeire`].
    #[allow(clippy::type_complexity)]
    pub fn waits_and_ukeire(
        &self,
        hand: &Hand,
        seen: &Counts,
    ) -> Result<Option<(i8, TileSet, Ukeire)>, HandError> {
        if hand.is_complete_count() {
            remaining(hand, seen, self.in_play)?;
            return Ok(None);
        }
        let (s, improving, shanten, ukeire) = self.evaluate(hand, seen)?;
        Ok(Some((
            shanten,
            self.waits_of(&s, improving, shanten),
            ukeire,
        )))
    }

    /// The improving kinds and shanten of a state ([`State::answer_improving`]) on the
    /// engine's instruction set: the walk is most of a ukeire's, a wait's and each line of
    /// the discard report's time, so it is compiled per set and chosen by one branch a call
    /// (the whole walk, not its parts: its helpers left out of line run the set of their
    /// caller).
    pub(super) fn improving_at(&self, s: &State) -> (u64, i8) {
        by_isa!(self, improving_in(s) -> (u64, i8), s: &State)
    }

    /// `V3`: compiled for x86-64-v3 (`by_isa!`), the combine then by AVX2; the walk reads
    /// no counts.
    #[inline(always)]
    fn improving_in<const V3: bool>(&self, s: &State) -> (u64, i8) {
        s.answer_improving::<V3>(self)
    }

    /// The state of a 3k+1 hand, its improving kinds, shanten and ukeire.
    #[inline(always)]
    pub(super) fn evaluate(
        &self,
        hand: &Hand,
        seen: &Counts,
    ) -> Result<(State, u64, i8, Ukeire), HandError> {
        let left = remaining(hand, seen, self.in_play)?;
        let s = self.state(hand);
        let (improving, shanten) = self.improving_at(&s);
        Ok((s, improving, shanten, count_ukeire(improving, &left)))
    }

    /// The per-discard report of a 3k+2 hand, sorted by shanten, then ukeire count
    /// (descending), then tile order. Writes into `out` and returns how many lines; an error
    /// as for [`Engine::ukeire`], and [`HandError::WrongSize`] for a 3k+1 hand.
    pub fn discards_into(
        &self,
        hand: &Hand,
        seen: &Counts,
        out: &mut [Option<Discard>; 14],
    ) -> Result<usize, HandError> {
        *out = [None; 14];
        let left = remaining(hand, seen, self.in_play)?;
        hand.expect_size(true, "discards")?;
        let full = self.state(hand);
        // Two passes: every discard's table lookups first, so that their cache misses overlap
        // instead of coming one discard at a time (`cargo bench --bench engine`, `discards`).
        let mut after = [full; 14];
        let mut tiles = [Tile::from_index(0); 14];
        let mut n = 0;
        for t in Tile::all() {
            if hand.counts()[t.index()] > 0 {
                after[n] = full.with_tile(self, t, -1);
                tiles[n] = t;
                n += 1;
            }
        }
        for i in 0..n {
            let (improving, shanten) = self.improving_at(&after[i]);
            out[i] = Some(Discard {
                tile: tiles[i],
                shanten,
                // The discarded kind counts like any other (CONTRACT.md): drawing it back may
                // lower shanten, and its copy on the table is already counted as seen.
                ukeire: count_ukeire(improving, &left),
            });
        }
        out[..n].sort_by_key(|d| {
            let d = d.expect("filled");
            (d.shanten, std::cmp::Reverse(d.ukeire.count), d.tile)
        });
        Ok(n)
    }

    /// The per-discard report as a vector (see [`Engine::discards_into`]).
    pub fn discards(&self, hand: &Hand, seen: &Counts) -> Result<Vec<Discard>, HandError> {
        let mut buf = [None; 14];
        let n = self.discards_into(hand, seen, &mut buf)?;
        Ok(buf[..n].iter().flatten().copied().collect())
    }

    /// Improvement tiles (改良) of a 3k+1 hand: draws that do not lower shanten but after which
    /// some discard keeps the shanten with a larger ukeire count. Counts are taken over the
    /// 14 tiles after the draw. Returns each such tile with the best count it reaches; an
    /// error as for [`Engine::ukeire`], and [`HandError::WrongSize`] for a 3k+2 hand.
    pub fn improvements(&self, hand: &Hand, seen: &Counts) -> Result<Vec<(Tile, u32)>, HandError> {
        remaining(hand, seen, self.in_play)?;
        hand.expect_size(false, "improvements")?;
        let (_, improving, base_shanten, ukeire) = self.evaluate(hand, seen)?;
        let base = ukeire.count;
        let mut out = Vec::new();
        for t in Tile::all() {
            if improving >> t.index() & 1 == 1 {
                continue;
            }
            // Only draws that can happen: a copy of `t` left unseen.
            let Some(drawn) = hand.with_tile(t) else {
                continue;
            };
            let Ok(report) = self.discards(&drawn, seen) else {
                continue;
            };
            let best = report
                .iter()
                .filter(|d| d.tile != t && d.shanten == base_shanten)
                .map(|d| d.ukeire.count)
                .max();
            if let Some(b) = best.filter(|&b| b > base) {
                out.push((t, b));
            }
        }
        Ok(out)
    }
}

/// The copies of each kind left to draw: 4 minus the hand's visible tiles (concealed and
/// declared) and `seen`; an error naming the first kind visible more than 4 times, or the
/// first kind out of play (`in_play`) that the hand or `seen` holds.
#[inline(always)]
pub(super) fn remaining(hand: &Hand, seen: &Counts, in_play: u64) -> Result<Remaining, HandError> {
    let visible = hand.visible();
    if in_play != (1 << KINDS) - 1 {
        let out = (held(&visible) | held(seen)) & !in_play;
        if out != 0 {
            return Err(HandError::NotInPlay {
                tile: Tile::from_index(out.trailing_zeros() as usize),
            });
        }
    }
    // Saturating adds and a maximum over the 34 kinds (SSE2: paddusb, pmaxub); the kind is
    // looked for only on error.
    let mut total = [0u8; KINDS];
    let mut most = 0u8;
    for i in 0..KINDS {
        total[i] = visible[i].saturating_add(seen[i]);
        most = most.max(total[i]);
    }
    if most > COPIES {
        let i = (0..KINDS)
            .find(|&i| visible[i] as u32 + seen[i] as u32 > COPIES as u32)
            .unwrap_or(0);
        return Err(HandError::TooManyCopies {
            tile: Tile::from_index(i),
            place: CopiesPlace::Visible,
        });
    }
    Ok(Remaining::new(&total))
}

/// Ukeire of an improving mask given the copies left.
#[inline(always)]
pub(super) fn count_ukeire(improving: u64, left: &Remaining) -> Ukeire {
    let (tiles, count) = left.count(improving);
    Ukeire {
        tiles: TileSet(tiles),
        count,
    }
}
