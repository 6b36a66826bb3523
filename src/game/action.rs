//! What a seat may do, as one byte: an index into the fixed list of the table's actions, and
//! the set of those a seat may take now as a 192-bit mask (no allocation).

use crate::tile::{Tile, KINDS};
use std::fmt;

/// One action of a seat: a `u8` index into the table's fixed list of 155.
///
/// | index | action |
/// |---|---|
/// | 0..34 | discard a plain tile of the kind |
/// | 34..37 | discard the red five of m, p, s |
/// | 37..74 | riichi, discarding as the first 37 |
/// | 74..80 | chi: the called tile lowest, middle, highest; each plain or with a red five from the hand |
/// | 80..82 | pon: plain, or with a red five from the hand |
/// | 82 | open kan (大明槓) of the discard |
/// | 83..117 | closed kan (暗槓) of the kind |
/// | 117..151 | added kan (加槓) of the kind |
/// | 151, 152, 153, 154 | tsumo, ron, pass, 九種九牌 |
///
/// ```
/// use hupai::game::Action;
/// let a = Action::discard("7z".parse().unwrap(), false);
/// assert_eq!(a.to_string(), "discard 7z");
/// assert_eq!(Action::from_index(a.index()), Some(a));
/// assert_eq!(Action::RON.to_string(), "ron");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(u8);

/// How many actions there are: every index below is one.
pub const ACTIONS: usize = 155;

const RIICHI: u8 = 37;
const CHI: u8 = 74;
const PON: u8 = 80;
const OPEN_KAN: u8 = 82;
const CLOSED_KAN: u8 = 83;
const ADDED_KAN: u8 = 117;

/// What an action does, read from its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// Discard a tile (a red five when `red`), declaring riichi when `riichi`.
    Discard {
        /// The kind.
        tile: Tile,
        /// The red five of its suit.
        red: bool,
        /// Riichi declared with it.
        riichi: bool,
    },
    /// Chi of the discard: `at` 0, 1, 2 the called tile's place in the run (lowest first);
    /// `red` a red five from the hand among the two.
    Chi {
        /// The called tile's place in the run.
        at: u8,
        /// A red five from the hand.
        red: bool,
    },
    /// Pon of the discard, with a red five from the hand when `red`.
    Pon {
        /// A red five from the hand.
        red: bool,
    },
    /// Open kan of the discard (大明槓).
    OpenKan,
    /// Closed kan of four held (暗槓).
    ClosedKan(Tile),
    /// A pon's fourth tile added (加槓).
    AddedKan(Tile),
    /// Win on the own draw.
    Tsumo,
    /// Win on the discard (or the added kan's tile: 槍槓).
    Ron,
    /// Decline every claim.
    Pass,
    /// Abort the round with nine kinds of terminals and honors (九種九牌).
    NineTerminals,
}

impl Action {
    /// Win on the own draw.
    pub const TSUMO: Action = Action(151);
    /// Win on the discard.
    pub const RON: Action = Action(152);
    /// Decline.
    pub const PASS: Action = Action(153);
    /// 九種九牌.
    pub const NINE_TERMINALS: Action = Action(154);
    /// Open kan of the discard.
    pub const OPEN_KAN: Action = Action(OPEN_KAN);

    /// The action of an index below [`ACTIONS`].
    pub fn from_index(i: u8) -> Option<Action> {
        ((i as usize) < ACTIONS).then_some(Action(i))
    }

    /// Its index.
    pub fn index(self) -> u8 {
        self.0
    }

    /// Discard `tile` (its red five when `red`; a red five only of 5m, 5p, 5s).
    pub fn discard(tile: Tile, red: bool) -> Action {
        Action(discard_index(tile, red))
    }

    /// Riichi, discarding `tile`.
    pub fn riichi(tile: Tile, red: bool) -> Action {
        Action(RIICHI + discard_index(tile, red))
    }

    /// Chi with the called tile at `at` (0 lowest … 2 highest), a red five from the hand when
    /// `red`.
    pub fn chi(at: u8, red: bool) -> Action {
        Action(CHI + 2 * at.min(2) + red as u8)
    }

    /// Pon, with a red five from the hand when `red`.
    pub fn pon(red: bool) -> Action {
        Action(PON + red as u8)
    }

    /// Closed kan of `tile`.
    pub fn closed_kan(tile: Tile) -> Action {
        Action(CLOSED_KAN + tile.index() as u8)
    }

    /// Added kan of `tile`.
    pub fn added_kan(tile: Tile) -> Action {
        Action(ADDED_KAN + tile.index() as u8)
    }

    /// What it does.
    pub fn kind(self) -> ActionKind {
        let i = self.0;
        match i {
            0..CHI => {
                let riichi = i >= RIICHI;
                let d = if riichi { i - RIICHI } else { i };
                let (tile, red) = if d < 34 {
                    (Tile::from_index(d as usize), false)
                } else {
                    (Tile::from_index((d as usize - 34) * 9 + 4), true)
                };
                ActionKind::Discard { tile, red, riichi }
            }
            CHI..PON => ActionKind::Chi {
                at: (i - CHI) / 2,
                red: (i - CHI) % 2 == 1,
            },
            PON..OPEN_KAN => ActionKind::Pon { red: i == PON + 1 },
            OPEN_KAN => ActionKind::OpenKan,
            CLOSED_KAN..ADDED_KAN => {
                ActionKind::ClosedKan(Tile::from_index((i - CLOSED_KAN) as usize))
            }
            ADDED_KAN..151 => ActionKind::AddedKan(Tile::from_index((i - ADDED_KAN) as usize)),
            151 => ActionKind::Tsumo,
            152 => ActionKind::Ron,
            153 => ActionKind::Pass,
            _ => ActionKind::NineTerminals,
        }
    }
}

fn discard_index(tile: Tile, red: bool) -> u8 {
    let k = tile.index();
    if red && k < 27 && k % 9 == 4 {
        34 + (k / 9) as u8
    } else {
        k as u8
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let five = |t: Tile, red: bool| {
            if red {
                format!("0{}", &t.to_string()[1..])
            } else {
                t.to_string()
            }
        };
        match self.kind() {
            ActionKind::Discard { tile, red, riichi } => {
                let word = if riichi { "riichi" } else { "discard" };
                write!(f, "{word} {}", five(tile, red))
            }
            ActionKind::Chi { at, red } => {
                write!(f, "chi {}", ["low", "middle", "high"][at as usize])?;
                if red {
                    f.write_str(" red")?;
                }
                Ok(())
            }
            ActionKind::Pon { red } => f.write_str(if red { "pon red" } else { "pon" }),
            ActionKind::OpenKan => f.write_str("kan"),
            ActionKind::ClosedKan(t) => write!(f, "ankan {t}"),
            ActionKind::AddedKan(t) => write!(f, "kakan {t}"),
            ActionKind::Tsumo => f.write_str("tsumo"),
            ActionKind::Ron => f.write_str("ron"),
            ActionKind::Pass => f.write_str("pass"),
            ActionKind::NineTerminals => f.write_str("kyuushu"),
        }
    }
}

/// A set of actions: 155 bits in three words, what [`crate::game::Game::legal`] answers.
///
/// ```
/// use hupai::game::{Action, Actions};
/// let mut a = Actions::EMPTY;
/// a.insert(Action::RON);
/// a.insert(Action::PASS);
/// assert_eq!(a.len(), 2);
/// assert!(a.contains(Action::RON));
/// assert_eq!(a.iter().collect::<Vec<_>>(), [Action::RON, Action::PASS]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Actions(pub [u64; 3]);

impl Actions {
    /// No action.
    pub const EMPTY: Actions = Actions([0; 3]);

    /// Adds `a`.
    #[inline]
    pub fn insert(&mut self, a: Action) {
        self.0[(a.0 >> 6) as usize] |= 1 << (a.0 & 63);
    }

    /// Whether `a` is in the set.
    #[inline]
    pub fn contains(&self, a: Action) -> bool {
        self.0[(a.0 >> 6) as usize] >> (a.0 & 63) & 1 == 1
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// No action at all.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The `n`-th action in index order (`n < len()`).
    pub fn nth(&self, mut n: usize) -> Option<Action> {
        for (w, &word) in self.0.iter().enumerate() {
            let c = word.count_ones() as usize;
            if n < c {
                let mut x = word;
                for _ in 0..n {
                    x &= x - 1;
                }
                return Some(Action((w * 64) as u8 + x.trailing_zeros() as u8));
            }
            n -= c;
        }
        None
    }

    /// The actions in index order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        (0..3).flat_map(move |w| {
            let mut x = self.0[w];
            std::iter::from_fn(move || {
                (x != 0).then(|| {
                    let b = x.trailing_zeros();
                    x &= x - 1;
                    Action((w * 64) as u8 + b as u8)
                })
            })
        })
    }
}

/// The kinds a discard index may name: 34 kinds.
#[allow(dead_code)]
const _: () = assert!(KINDS == 34);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_reads_back_to_itself() {
        for i in 0..ACTIONS as u8 {
            let a = Action(i);
            let back = match a.kind() {
                ActionKind::Discard { tile, red, riichi } => {
                    if riichi {
                        Action::riichi(tile, red)
                    } else {
                        Action::discard(tile, red)
                    }
                }
                ActionKind::Chi { at, red } => Action::chi(at, red),
                ActionKind::Pon { red } => Action::pon(red),
                ActionKind::OpenKan => Action::OPEN_KAN,
                ActionKind::ClosedKan(t) => Action::closed_kan(t),
                ActionKind::AddedKan(t) => Action::added_kan(t),
                ActionKind::Tsumo => Action::TSUMO,
                ActionKind::Ron => Action::RON,
                ActionKind::Pass => Action::PASS,
                ActionKind::NineTerminals => Action::NINE_TERMINALS,
            };
            assert_eq!(back, a, "{a}");
        }
        assert_eq!(Action::from_index(ACTIONS as u8), None);
    }

    #[test]
    fn a_set_iterates_and_counts_what_it_holds() {
        let mut s = Actions::EMPTY;
        for i in [0u8, 63, 64, 127, 128, 154] {
            s.insert(Action(i));
        }
        let v: Vec<u8> = s.iter().map(|a| a.0).collect();
        assert_eq!(v, [0, 63, 64, 127, 128, 154]);
        assert_eq!(s.len(), 6);
        for (n, &i) in v.iter().enumerate() {
            assert_eq!(s.nth(n), Some(Action(i)));
        }
        assert_eq!(s.nth(6), None);
    }
}
