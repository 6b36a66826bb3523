//! Group specs: what a group of tiles is, as the generator sees it.
//!
//! A hand splits into four groups (three suits and the honors); the rules decide what each
//! group may form. A [`GroupSpec`] says it in data: how many slots (kinds) the group has,
//! which runs count as melds besides pungs, on which slots a pair may sit, and which slots
//! are orphans (terminals and honors, for the special forms). Every table is generated from a
//! spec, a table set records the specs it holds, and the engine picks its four tables from
//! the specs the rules name — so a new kind of group is one new spec, nothing else.
//!
//! ```
//! use hupai_gen::GroupSpec;
//! assert_eq!(GroupSpec::SUIT.slots(), 9);
//! assert_eq!(GroupSpec::HONOR_RUNS.meld_shapes().len(), 7 + 5); // 7 pungs, 5 runs
//! assert_eq!(GroupSpec::by_name("honor"), Some(GroupSpec::HONOR));
//! ```

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What a group of tiles may form: the input of the generator for one table.
///
/// Two specs are the same table when they are equal; the name identifies a spec in table
/// files and manifests, and [`GroupSpec::by_name`] finds it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupSpec {
    name: &'static str,
    slots: u8,
    runs: &'static [[u8; 3]],
    pair_slots: u16,
    orphan_slots: u16,
    explored_excess: u8,
}

/// The seven runs of a suit.
const SUIT_RUNS: [[u8; 3]; 7] = [
    [0, 1, 2],
    [1, 2, 3],
    [2, 3, 4],
    [3, 4, 5],
    [4, 5, 6],
    [5, 6, 7],
    [6, 7, 8],
];

/// The Nanchang honor runs: any three distinct winds, and White Green Red.
const HONOR_RUNS: [[u8; 3]; 5] = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]];

impl GroupSpec {
    /// A suit: 9 slots, pungs and the seven runs, a pair anywhere; 1 and 9 are orphans.
    pub const SUIT: GroupSpec = GroupSpec {
        name: "suit",
        slots: 9,
        runs: &SUIT_RUNS,
        pair_slots: 0x1ff,
        orphan_slots: 1 | 1 << 8,
        explored_excess: 1,
    };

    /// The honors without runs: 7 slots, pungs only, a pair anywhere; all orphans.
    pub const HONOR: GroupSpec = GroupSpec {
        name: "honor",
        slots: 7,
        runs: &[],
        pair_slots: 0x7f,
        orphan_slots: 0x7f,
        explored_excess: 6,
    };

    /// The honors with Nanchang runs: any 3 distinct winds, and 5z6z7z.
    pub const HONOR_RUNS: GroupSpec = GroupSpec {
        name: "honor-runs",
        runs: &HONOR_RUNS,
        explored_excess: 2,
        ..GroupSpec::HONOR
    };

    /// A suit whose pair may only be a 2, 5 or 8 (长沙 258将).
    pub const SUIT_258: GroupSpec = GroupSpec {
        name: "suit-258",
        pair_slots: 1 << 1 | 1 << 4 | 1 << 7,
        // A pair held on a 4 (say 4444m) may need a 5th copy to move onto a 2, 5 or 8.
        explored_excess: 3,
        ..GroupSpec::SUIT
    };

    /// The honors when the pair must be a 2, 5 or 8 of a suit: pungs only, never the pair.
    pub const HONOR_NO_PAIR: GroupSpec = GroupSpec {
        name: "honor-no-pair",
        pair_slots: 0,
        ..GroupSpec::HONOR
    };

    /// The honors with Nanchang runs when the pair must be a 2, 5 or 8 of a suit.
    pub const HONOR_RUNS_NO_PAIR: GroupSpec = GroupSpec {
        name: "honor-runs-no-pair",
        pair_slots: 0,
        ..GroupSpec::HONOR_RUNS
    };

    /// Every spec this version generates, in the order a full table set stores them.
    pub const ALL: [GroupSpec; 6] = [
        GroupSpec::SUIT,
        GroupSpec::HONOR,
        GroupSpec::HONOR_RUNS,
        GroupSpec::SUIT_258,
        GroupSpec::HONOR_NO_PAIR,
        GroupSpec::HONOR_RUNS_NO_PAIR,
    ];

    /// The spec of a name ([`GroupSpec::name`]).
    pub fn by_name(name: &str) -> Option<GroupSpec> {
        GroupSpec::ALL.into_iter().find(|s| s.name == name)
    }

    /// Short name, used in file names, manifests and messages.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// Number of slots (kinds of tile) in the group.
    pub const fn slots(self) -> usize {
        self.slots as usize
    }

    /// Bit `i` set when a pair may sit on slot `i`.
    pub const fn pair_slots(self) -> u16 {
        self.pair_slots
    }

    /// Bit `i` set when slot `i` is an orphan (a terminal or an honor).
    pub const fn orphan_slots(self) -> u16 {
        self.orphan_slots
    }

    /// The runs that count as melds, as slot triples.
    pub const fn runs(self) -> &'static [[u8; 3]] {
        self.runs
    }

    /// Whether the group has runs (a lone tile may then belong to a meld with its neighbours).
    pub const fn has_runs(self) -> bool {
        !self.runs.is_empty()
    }

    /// How much excess (wild tiles as 5th copies) the generator explores; the table tests
    /// prove that more never helps.
    pub const fn explored_excess(self) -> usize {
        self.explored_excess as usize
    }

    /// The melds of this group as count vectors, in a fixed order (pungs first, then runs).
    pub fn meld_shapes(self) -> Vec<[u8; 9]> {
        let mut shapes = Vec::new();
        for i in 0..self.slots() {
            let mut s = [0u8; 9];
            s[i] = 3;
            shapes.push(s);
        }
        for r in self.runs {
            let mut s = [0u8; 9];
            for &i in r {
                s[i as usize] = 1;
            }
            shapes.push(s);
        }
        shapes
    }

    /// What the spec says, in words (for manifests and `tables` output).
    pub fn describe(self) -> SpecSummary {
        SpecSummary {
            name: self.name.to_string(),
            slots: self.slots,
            runs: self.runs.to_vec(),
            pair_slots: (0..self.slots)
                .filter(|&i| self.pair_slots >> i & 1 == 1)
                .collect(),
            orphan_slots: (0..self.slots)
                .filter(|&i| self.orphan_slots >> i & 1 == 1)
                .collect(),
        }
    }
}

impl fmt::Display for GroupSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A spec written out field by field: what a manifest records of each table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SpecSummary {
    /// [`GroupSpec::name`].
    pub name: String,
    /// Number of slots.
    pub slots: u8,
    /// The runs, as slot triples (0-based).
    pub runs: Vec<[u8; 3]>,
    /// Slots a pair may sit on (0-based).
    pub pair_slots: Vec<u8>,
    /// Orphan slots (0-based).
    pub orphan_slots: Vec<u8>,
}

/// A spec is stored as its name; reading an unknown name is an error.
#[cfg(feature = "serde")]
impl Serialize for GroupSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for GroupSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GroupSpec, D::Error> {
        let name = String::deserialize(d)?;
        GroupSpec::by_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown group spec '{name}'")))
    }
}
