//! Whether a winning draw may be claimed: under riichi scoring a win needs a yaku, and a
//! closed hand always has one on its own draw (menzen tsumo), so only an open hand's wins are
//! asked — each winning draw scored (a tsumo in the situation's winds, with the hand's calls);
//! a draw that completes the shape without a yaku is no win, and is drawn as any other tile.

use crate::analysis::Engine;
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::Scoring;
use crate::score::riichi::{self, Scratch};
use crate::score::{Call, CallKind, Win, WinningHand};
use crate::tile::Tile;
use std::cell::RefCell;

/// Whether the 14 tiles after a winning draw of the tile may be claimed.
pub(crate) type ClaimFn<'c> = dyn Fn(&Hand, Tile) -> bool + 'c;

impl Engine<'_> {
    /// The claim check of `hand`'s wins: `None` where every win may be claimed (rules other
    /// than riichi's, a closed hand). The calls and the situation are `given` (an expected
    /// score's), or else the hand's declared melds as calls (a chow a chi, a pung a pon, a
    /// kong open beside them and closed alone) in the default situation (a south seat, east
    /// round).
    pub(super) fn claim_of(
        &self,
        hand: &Hand,
        given: Option<(&[Call], &Win)>,
    ) -> Option<Box<ClaimFn<'static>>> {
        if self.rules().scoring != Scoring::Riichi {
            return None;
        }
        let (calls, situation) = match given {
            Some((calls, win)) => (calls.to_vec(), win.clone()),
            None => (calls_of(hand)?, Win::default()),
        };
        if calls.iter().all(|c| !c.is_open()) {
            return None;
        }
        // Only what yaku read: a tsumo in these winds under these rules.
        let win = Win {
            tsumo: true,
            seat_wind: situation.seat_wind,
            round_wind: situation.round_wind,
            rules: situation.rules,
            ..Win::default()
        };
        // One winning hand and one scorer's scratch, refilled for every draw (the calls cloned
        // once): no allocation once they have grown.
        let kept: RefCell<Option<(WinningHand, Scratch)>> = RefCell::new(None);
        Some(Box::new(move |h14: &Hand, t: Tile| {
            let mut kept = kept.borrow_mut();
            let (hand, scratch) = match kept.as_mut() {
                Some((hand, scratch)) => {
                    hand.refill(*h14.counts(), t, [0; 3]);
                    (hand, scratch)
                }
                None => match WinningHand::from_parts(*h14.counts(), calls.clone(), t, [0; 3]) {
                    Ok(made) => {
                        let (hand, scratch) = kept.insert((made, Scratch::default()));
                        (&mut *hand, scratch)
                    }
                    Err(_) => return false,
                },
            };
            riichi::has_yaku(hand, &win, scratch)
        }))
    }
}

/// A hand's declared melds as calls, when one of them is a chow or a pung (an open hand): a
/// chow a chi, a pung a pon, a kong an open kan. `None` for a hand with kongs alone (taken
/// as closed: its wins need no yaku but menzen tsumo) or none.
fn calls_of(hand: &Hand) -> Option<Vec<Call>> {
    let melds: Vec<_> = hand.melds().collect();
    if melds.iter().all(|m| m.kind() == MeldKind::Kong) {
        return None;
    }
    melds
        .iter()
        .map(|m| {
            let kind = match m.kind() {
                MeldKind::Chow => CallKind::Chi,
                MeldKind::Pung => CallKind::Pon,
                MeldKind::Kong => CallKind::Kan,
            };
            let lowest = m.tiles().iter().next()?;
            Call::new(kind, lowest, 0).ok()
        })
        .collect()
}
