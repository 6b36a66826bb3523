//! One hand's answers from its counts and melds as slices: what the single-hand calls and the
//! batch calls both compute, so that a batch answers exactly as one call per hand.

use super::{hand_status, tile, HupaiEngine, HupaiMeld, HupaiStatus, HupaiUkeire, HUPAI_KINDS};
use hupai::{CopiesPlace, Hand, HandError, Meld, MeldKind, TileSet};

/// The hand of counts and melds under the engine's rules and wild kinds. Allocates nothing.
#[inline(always)]
pub(crate) fn hand(
    e: &HupaiEngine,
    counts: &[u8; HUPAI_KINDS],
    melds: &[HupaiMeld],
) -> Result<Hand, HupaiStatus> {
    if melds.is_empty() {
        // The common call: `Hand::under` checks the counts (more than 4 copies: `BadHand`).
        return Hand::under(*counts, &[], e.wild, e.engine.rules()).map_err(hand_status);
    }
    let mut list = [None::<Meld>; 4];
    for (slot, m) in list.iter_mut().zip(melds) {
        let (kind, kinds) = match m.kind {
            0 => (MeldKind::Chow, &m.tiles[..]),
            1 => (MeldKind::Pung, &m.tiles[..1]),
            2 => (MeldKind::Kong, &m.tiles[..1]),
            _ => return Err(HupaiStatus::BadMeld),
        };
        let mut set = TileSet::EMPTY;
        for &k in kinds {
            set.insert(tile(k).map_err(|_| HupaiStatus::BadMeld)?);
        }
        *slot = Some(Meld::new(kind, set, e.engine.rules()).map_err(hand_status)?);
    }
    // A fixed array (no allocation): the places past the melds repeat the first meld and are
    // not passed on.
    let first = list[0].expect("one meld or more");
    let list = list.map(|m| m.unwrap_or(first));
    Hand::under(*counts, &list[..melds.len()], e.wild, e.engine.rules()).map_err(hand_status)
}

/// Whether the hand wins (1) or not (0): with no meld, the engine's counts entry.
#[inline(always)]
pub(crate) fn is_win(
    e: &HupaiEngine,
    counts: &[u8; HUPAI_KINDS],
    melds: &[HupaiMeld],
) -> Result<u8, HupaiStatus> {
    Ok(if melds.is_empty() {
        e.engine
            .is_win_counts(counts, e.wild)
            .map_err(hand_status)?
    } else {
        e.engine.is_win(&hand(e, counts, melds)?)
    } as u8)
}

/// Fewest wildcards the standard form needs, or -1.
#[inline(always)]
pub(crate) fn wildcards_needed(
    e: &HupaiEngine,
    counts: &[u8; HUPAI_KINDS],
    melds: &[HupaiMeld],
) -> Result<i32, HupaiStatus> {
    let hand = hand(e, counts, melds)?;
    Ok(e.engine.wildcards_needed(&hand).map_or(-1, |n| n as i32))
}

/// Shanten: with no meld, the engine's counts entry (the hand built with what shanten reads).
#[inline(always)]
pub(crate) fn shanten(
    e: &HupaiEngine,
    counts: &[u8; HUPAI_KINDS],
    melds: &[HupaiMeld],
) -> Result<i8, HupaiStatus> {
    if melds.is_empty() {
        return e.engine.shanten_counts(counts, e.wild).map_err(hand_status);
    }
    Ok(e.engine.shanten(&hand(e, counts, melds)?))
}

/// Shanten, waits and ukeire of a 3k+1 hand, with `seen` other visible tiles.
#[inline(always)]
pub(crate) fn ukeire(
    e: &HupaiEngine,
    counts: &[u8; HUPAI_KINDS],
    melds: &[HupaiMeld],
    seen: &[u8; HUPAI_KINDS],
) -> Result<HupaiUkeire, HupaiStatus> {
    let answer = if melds.is_empty() {
        // The counts entry: no count planes or group sizes, which ukeire does not read.
        let answer = e.engine.waits_and_ukeire_counts(counts, e.wild, seen);
        // As the hand's own: a bad hand is `BadHand`, what `seen` adds is `TooManySeen` (a
        // kind out of play that only `seen` shows, too).
        answer.map_err(|err| match err {
            HandError::TooManyCopies {
                place: CopiesPlace::Visible,
                ..
            } => HupaiStatus::TooManySeen,
            HandError::NotInPlay { tile }
                if counts[tile.index()] == 0 && !e.wild.contains(tile) =>
            {
                HupaiStatus::TooManySeen
            }
            err => hand_status(err),
        })?
    } else {
        let hand = hand(e, counts, melds)?;
        e.engine
            .waits_and_ukeire(&hand, seen)
            .map_err(|_| HupaiStatus::TooManySeen)?
    };
    let (shanten, waits, ukeire) = answer.ok_or(HupaiStatus::WrongTileCount)?;
    Ok(HupaiUkeire {
        shanten,
        waits: waits.0,
        ukeire: ukeire.tiles.0,
        ukeire_count: ukeire.count,
    })
}
