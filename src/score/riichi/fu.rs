//! Fu (符): the minipoints of one reading, each part named, and their total rounded up to ten.

use crate::score::reading::{Reading, SetShape, Wait};
use crate::score::win::Win;
use crate::tile::Tile;

/// One part of a hand's fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuPart {
    /// The base every win has (副底): 20.
    Base,
    /// A closed hand's ron (門前加符): 10.
    ClosedRon,
    /// Seven pairs: 25, all told.
    SevenPairs,
    /// The wait: 2 for a closed, edge or pair wait.
    Wait(Wait),
    /// A pair of dragons, the seat wind or the round wind: 2 (4 for a wind that is both).
    ValuedPair(Tile),
    /// A pung or kong: 2 for simples, doubled for terminals and honors, doubled when
    /// concealed, four times for a kong.
    Set {
        /// Its tile.
        tile: Tile,
        /// A kong.
        kong: bool,
        /// Concealed (a pung a ron completed is open).
        concealed: bool,
    },
    /// Tsumo (自摸符), but for pinfu: 2.
    Tsumo,
    /// An open hand with no fu besides the base (喰い平和): 2, to make 30.
    OpenPinfu,
}

impl FuPart {
    /// Every part's name, in the order of [`FuPart::code`]: what a table of the parts (the C
    /// ABI's codes, the command line's words) is indexed by.
    pub const IDS: [&'static str; 13] = [
        "base",
        "closed_ron",
        "seven_pairs",
        "kanchan",
        "penchan",
        "tanki",
        "valued_pair",
        "open_pung",
        "closed_pung",
        "open_kong",
        "closed_kong",
        "tsumo",
        "open_pinfu",
    ];

    /// Its place in [`FuPart::IDS`].
    ///
    /// ```
    /// use hupai::{FuPart, Wait};
    /// assert_eq!(FuPart::IDS[FuPart::Wait(Wait::Tanki).code()], "tanki");
    /// ```
    pub fn code(&self) -> usize {
        let id = self.id();
        FuPart::IDS
            .iter()
            .position(|&i| i == id)
            .expect("every id is listed")
    }

    /// Its name in requests and JSON answers.
    pub fn id(&self) -> &'static str {
        match self {
            FuPart::Base => "base",
            FuPart::ClosedRon => "closed_ron",
            FuPart::SevenPairs => "seven_pairs",
            FuPart::Wait(Wait::Kanchan) => "kanchan",
            FuPart::Wait(Wait::Penchan) => "penchan",
            FuPart::Wait(Wait::Tanki) => "tanki",
            FuPart::Wait(_) => "wait",
            FuPart::ValuedPair(_) => "valued_pair",
            FuPart::Set {
                kong: false,
                concealed: false,
                ..
            } => "open_pung",
            FuPart::Set {
                kong: false,
                concealed: true,
                ..
            } => "closed_pung",
            FuPart::Set {
                kong: true,
                concealed: false,
                ..
            } => "open_kong",
            FuPart::Set {
                kong: true,
                concealed: true,
                ..
            } => "closed_kong",
            FuPart::Tsumo => "tsumo",
            FuPart::OpenPinfu => "open_pinfu",
        }
    }

    /// The tile the part is about (a pair's, a set's), if any.
    pub fn tile(&self) -> Option<Tile> {
        match self {
            FuPart::ValuedPair(t) | FuPart::Set { tile: t, .. } => Some(*t),
            _ => None,
        }
    }
}

/// The fu of `reading` (rounded up to ten) and its parts, into `parts`. `closed` is the
/// hand's state (no call but closed kans); `pinfu` whether the reading holds the yaku.
pub(crate) fn fu_of(
    reading: &Reading,
    win: &Win,
    closed: bool,
    pinfu: bool,
    parts: &mut Vec<(FuPart, u32)>,
) -> u32 {
    let Reading::Standard { blocks, pair, wait } = reading else {
        // Thirteen orphans is a yakuman: its fu are never read. Seven pairs are 25.
        if *reading == Reading::SevenPairs {
            parts.push((FuPart::SevenPairs, 25));
            return 25;
        }
        return 0;
    };
    parts.push((FuPart::Base, 20));
    if closed && !win.tsumo {
        parts.push((FuPart::ClosedRon, 10));
    }
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        parts.push((FuPart::Wait(*wait), 2));
    }
    let p = *pair as usize;
    let valued = (p >= 31) as u32
        + (p == win.seat_wind.index()) as u32
        + (p == win.round_wind.index()) as u32;
    if valued > 0 {
        parts.push((FuPart::ValuedPair(Tile::from_index(p)), 2 * valued));
    }
    for b in blocks.iter().filter(|b| b.is_triplet()) {
        let t = b.tile as usize;
        let orphan = Tile::from_index(t).is_orphan();
        let kong = b.shape == SetShape::Kong;
        let fu = 2 << (orphan as u32 + b.concealed as u32 + 2 * kong as u32);
        let tile = Tile::from_index(t);
        let concealed = b.concealed;
        parts.push((
            FuPart::Set {
                tile,
                kong,
                concealed,
            },
            fu,
        ));
    }
    if win.tsumo && !pinfu {
        parts.push((FuPart::Tsumo, 2));
    }
    let raw: u32 = parts.iter().map(|p| p.1).sum();
    if !closed && raw == 20 {
        parts.push((FuPart::OpenPinfu, 2));
        return 30;
    }
    raw.div_ceil(10) * 10
}
