//! One seat at the table: its concealed tiles (as the engine's counts, red fives apart, and
//! the ids themselves), its calls, its river and its flags — what the rules ask of a seat.

use super::ids::TileIds;
use crate::meld::Meld;
use crate::score::{Call, CallKind};
use crate::tile::{Counts, Tile, KINDS};

/// The red five ids of m, p, s.
pub(crate) const RED_IDS: [u8; 3] = [16, 52, 88];

/// The longest river: a seat discards after each of its draws (at most the 70 live tiles and
/// 4 replacement tiles) and after each of its chi and pon (4).
pub(crate) const RIVER: usize = 80;

/// A seat's state in a round.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    /// The concealed tiles, by kind.
    pub counts: Counts,
    /// Which ids are held concealed: a bit each.
    pub ids: TileIds,
    /// The calls, in order, and who fed each (the seat's own for a closed kan).
    pub calls: [Option<(Call, u8)>; 4],
    /// How many calls.
    pub n_calls: u8,
    /// The calls as the engine's melds (kept with the calls: a hand is built at every
    /// decision).
    pub melds: [Meld; 4],
    /// The ids in the calls, a bit each (the called tiles among them).
    pub call_ids: TileIds,
    /// The ids of the river another seat called, a bit each.
    pub claimed: TileIds,
    /// The river, ids in order.
    pub river: [u8; RIVER],
    /// How many discards.
    pub n_river: u8,
    /// The kinds discarded, a bit each (furiten).
    pub river_kinds: u64,
    /// Every discard a terminal or honor, none called away (nagashi).
    pub nagashi: bool,
    /// The tile drawn this turn.
    pub drawn: Option<u8>,
    /// Riichi declared and accepted.
    pub riichi: bool,
    /// Riichi on the first go-around (double riichi).
    pub double_riichi: bool,
    /// Ippatsu still alive.
    pub ippatsu: bool,
    /// A winning tile passed since the seat's last discard.
    pub temp_furiten: bool,
    /// A winning tile passed after riichi.
    pub riichi_furiten: bool,
    /// The waits of the 13-tile hand, a bit a kind, as of the last discard.
    pub waits: u64,
    /// Kinds the seat may not discard this turn (kuikae).
    pub forbidden: u64,
    /// The seat that fed the last set of a yakuman it answers for (pao), and the yakuman.
    pub pao: Option<(u8, crate::score::Yaku)>,
}

impl Seat {
    pub(crate) fn new() -> Seat {
        Seat {
            counts: [0; KINDS],
            ids: TileIds::EMPTY,
            calls: [None; 4],
            n_calls: 0,
            melds: [kan_meld(0); 4],
            call_ids: TileIds::EMPTY,
            claimed: TileIds::EMPTY,
            river: [0; RIVER],
            n_river: 0,
            river_kinds: 0,
            nagashi: true,
            drawn: None,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            temp_furiten: false,
            riichi_furiten: false,
            waits: 0,
            forbidden: 0,
            pao: None,
        }
    }

    /// Takes tile `id` into the hand.
    pub(crate) fn take(&mut self, id: u8) {
        self.counts[(id / 4) as usize] += 1;
        self.ids.insert(id);
    }

    /// Gives up tile `id`.
    pub(crate) fn give(&mut self, id: u8) {
        debug_assert!(self.ids.contains(id));
        self.counts[(id / 4) as usize] -= 1;
        self.ids.remove(id);
    }

    /// A held id of `kind`: its red five when `red`, else a plain one (`reds` tells which ids
    /// are red under the rules), or none.
    pub(crate) fn find(&self, kind: usize, red: bool, reds: TileIds) -> Option<u8> {
        let mask = self.ids.copies(kind);
        let red_bits = reds.copies(kind);
        let pick = if red {
            mask & red_bits
        } else {
            mask & !red_bits
        };
        (pick != 0).then(|| (kind * 4) as u8 + pick.trailing_zeros() as u8)
    }

    /// How many red ids of `kind` are held.
    pub(crate) fn reds_of(&self, kind: usize, reds: TileIds) -> u8 {
        (self.ids.copies(kind) & reds.copies(kind)).count_ones() as u8
    }

    /// The red fives held concealed, per suit.
    pub(crate) fn red_counts(&self, reds: TileIds) -> [u8; 3] {
        [4, 13, 22].map(|k| self.reds_of(k, reds))
    }

    /// The calls made.
    pub(crate) fn calls(&self) -> impl Iterator<Item = (Call, u8)> + '_ {
        self.calls[..self.n_calls as usize]
            .iter()
            .flatten()
            .copied()
    }

    /// The calls as melds (what the engine's hands take), and how many.
    pub(crate) fn melds(&self) -> ([Meld; 4], usize) {
        (self.melds, self.n_calls as usize)
    }

    /// No open call (a closed kan keeps the hand closed).
    pub(crate) fn closed(&self) -> bool {
        self.calls().all(|(c, _)| c.kind() == CallKind::ClosedKan)
    }

    /// Adds a call.
    pub(crate) fn push_call(&mut self, call: Call, from: u8) {
        self.calls[self.n_calls as usize] = Some((call, from));
        self.melds[self.n_calls as usize] = call.meld();
        self.n_calls += 1;
    }

    /// Turns the pon of `kind` into an added kan.
    pub(crate) fn add_to_pon(&mut self, kind: usize, red: u8) -> bool {
        for (i, slot) in self.calls[..self.n_calls as usize].iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            if slot.0.kind() == CallKind::Pon && slot.0.tile().index() == kind {
                let c = Call::new(CallKind::Kan, Tile::from_index(kind), slot.0.red() + red);
                if let Ok(c) = c {
                    slot.0 = c;
                    self.melds[i] = c.meld();
                    return true;
                }
            }
        }
        false
    }

    /// Whether the seat holds a pon of `kind`.
    pub(crate) fn has_pon(&self, kind: usize) -> bool {
        self.calls()
            .any(|(c, _)| c.kind() == CallKind::Pon && c.tile().index() == kind)
    }

    /// Adds `id` to the river.
    pub(crate) fn discard(&mut self, id: u8) {
        let n = self.n_river as usize;
        if n < RIVER {
            self.river[n] = id;
            self.n_river += 1;
        }
        let k = (id / 4) as usize;
        self.river_kinds |= 1 << k;
        if !Tile::from_index(k).is_orphan() {
            self.nagashi = false;
        }
    }

    /// Kans among the calls.
    pub(crate) fn kans(&self) -> u8 {
        self.calls().filter(|(c, _)| c.is_kan()).count() as u8
    }

    /// Furiten for a ron: a wait in the own river, or a winning tile passed.
    pub(crate) fn furiten(&self) -> bool {
        self.waits & self.river_kinds != 0 || self.temp_furiten || self.riichi_furiten
    }
}

/// The meld of a kan of `kind`.
pub(crate) fn kan_meld(kind: usize) -> Meld {
    Call::new(CallKind::ClosedKan, Tile::from_index(kind), 0)
        .expect("four of a kind is a kan")
        .meld()
}
