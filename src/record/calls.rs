//! The calls a seat could make on another's discard — a chi from its left (where the rules
//! call chi), a pon, a kong —
//! set beside what it did, by efficiency: the hand as it stands (shanten and tiles left) against
//! the best call and the best discard after it. Efficiency alone: the value a call gives up
//! (a closed hand's riichi, a yaku) is not weighed.

use crate::analysis::Engine;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::rules::Scoring;
use crate::score::{Call, CallKind};
use crate::tile::{Counts, Tile, TileSet};

/// A call a seat could make on a discard, and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallChance {
    /// The round, from 0.
    pub round: usize,
    /// The discard's event index in the round.
    pub turn: usize,
    /// The seat that could call.
    pub seat: u8,
    /// The tile discarded.
    pub tile: Tile,
    /// Its discarder.
    pub from: u8,
    /// The calls the seat's hand could make (chi, pon, kan).
    pub options: Vec<CallKind>,
    /// The call made, if any.
    pub taken: Option<CallKind>,
    /// The hand as it stands (declining): its shanten.
    pub shanten: i8,
    /// And its tiles left.
    pub ukeire: u32,
    /// The best call (by shanten, then tiles left, after its best discard): the call, its
    /// meld's lowest tile, and the discard after it (none after a kong, which draws).
    pub best_call: (CallKind, Tile, Option<Tile>),
    /// The shanten after the best call.
    pub call_shanten: i8,
    /// The tiles left after it.
    pub call_ukeire: u32,
}

impl CallChance {
    /// By efficiency: the call was taken when it lowers the shanten, declined when it does
    /// not.
    pub fn agrees(&self) -> bool {
        self.taken.is_some() == (self.call_shanten < self.shanten)
    }
}

/// Whether a chi is one of the calls under `scoring` (the rooms of pungs and kongs only say
/// no: Sichuan, 红中).
pub(super) fn plays_chi(scoring: Scoring) -> bool {
    match scoring {
        Scoring::Sichuan => crate::score::sichuan::SICHUAN.chi,
        Scoring::Hongzhong => crate::score::hongzhong::HONGZHONG.chi,
        Scoring::Changsha => crate::score::changsha::CHANGSHA.chi,
        Scoring::Nanchang => crate::score::nanchang::NANCHANG.chi,
        Scoring::None | Scoring::Riichi | Scoring::Guobiao => true,
    }
}

/// The seat's hand of the moment: concealed counts, melds, every tile it sees beyond them (the
/// rivers less the tiles called from them, the other seats' calls, the dora indicators: asked
/// only of a hand that could call), the wildcards.
pub(super) struct Caller<'a> {
    pub hand: &'a Counts,
    pub melds: &'a [Meld],
    pub seen: &'a dyn Fn() -> Counts,
    pub wild: TileSet,
}

/// What `seen` is for a hand with `melds`: the visible tiles less the melds' own.
pub(super) fn seen_beside(visible: &Counts, melds: &[Meld]) -> Counts {
    let mut seen = *visible;
    for meld in melds {
        for (s, c) in seen.iter_mut().zip(meld.counts()) {
            *s = s.saturating_sub(c);
        }
    }
    seen
}

/// The chance `c` has to call `tile` (`left`: its discarder sits on the caller's left, so a
/// chi is possible), with the place fields (round, turn, seat, from, taken) left for the
/// caller; none when no call fits.
pub(super) fn chance(
    engine: &Engine<'_>,
    c: &Caller<'_>,
    tile: Tile,
    left: bool,
) -> Option<CallChance> {
    let k = tile.index();
    let held = c.hand[k];
    if c.wild.contains(tile) {
        return None;
    }
    // Each call: its kind, its meld's lowest tile and the tiles it takes from the hand.
    let mut calls: Vec<(CallKind, usize, Vec<usize>)> = Vec::new();
    if held >= 2 {
        calls.push((CallKind::Pon, k, vec![k, k]));
    }
    if held >= 3 {
        calls.push((CallKind::Kan, k, vec![k, k, k]));
    }
    if left && k < 27 && plays_chi(engine.rules().scoring) {
        let n = k % 9;
        for low in n.saturating_sub(2)..=n.min(6) {
            let base = k - n + low;
            let others: Vec<usize> = (base..base + 3).filter(|&x| x != k).collect();
            if others
                .iter()
                .all(|&x| c.hand[x] > 0 && !c.wild.contains(Tile::from_index(x)))
            {
                calls.push((CallKind::Chi, base, others));
            }
        }
    }
    if calls.is_empty() {
        return None;
    }
    let now = Hand::under(*c.hand, c.melds, c.wild, engine.rules()).ok()?;
    let before = (c.seen)();
    let stand = engine.ukeire(&now, &before).ok()?;
    // After a call the called tile leaves the river for the caller's meld.
    let mut seen = before;
    seen[k] = seen[k].saturating_sub(1);
    let shanten = engine.shanten(&now);
    // The best so far: the call, the shanten and tiles left after it.
    type Best = ((CallKind, Tile, Option<Tile>), i8, u32);
    let mut best: Option<Best> = None;
    for (kind, low, taken) in &calls {
        let mut left_hand = *c.hand;
        for &x in taken {
            left_hand[x] -= 1;
        }
        let Ok(call) = Call::new(*kind, Tile::from_index(*low), 0) else {
            continue;
        };
        let mut melds = c.melds.to_vec();
        melds.push(call.meld());
        let Ok(after) = Hand::under(left_hand, &melds, c.wild, engine.rules()) else {
            continue;
        };
        let result = if after.is_complete_count() {
            engine
                .discards(&after, &seen)
                .ok()
                .and_then(|r| r.first().map(|d| (Some(d.tile), d.shanten, d.ukeire.count)))
        } else {
            engine
                .ukeire(&after, &seen)
                .ok()
                .map(|u| (None, engine.shanten(&after), u.count))
        };
        if let Some((discard, s, u)) = result {
            let better = best
                .as_ref()
                .is_none_or(|b| (s, std::cmp::Reverse(u)) < (b.1, std::cmp::Reverse(b.2)));
            if better {
                best = Some(((*kind, Tile::from_index(*low), discard), s, u));
            }
        }
    }
    let (best_call, call_shanten, call_ukeire) = best?;
    let mut options: Vec<CallKind> = calls.iter().map(|c| c.0).collect();
    options.dedup();
    Some(CallChance {
        round: 0,
        turn: 0,
        seat: 0,
        tile,
        from: 0,
        options,
        taken: None,
        shanten,
        ukeire: stand.count,
        best_call,
        call_shanten,
        call_ukeire,
    })
}
