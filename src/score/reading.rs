//! The readings of a winning hand: every way its concealed tiles split into sets and a pair
//! (with the calls), and for each, every set the winning tile may have completed — the wait,
//! and on a ron the set it made open. Seven pairs and thirteen orphans are readings of their
//! own. Every family's scorer counts its fans on one reading and keeps the best (riichi's
//! yaku and fu, MCR's divisions, Sichuan's fans).

use crate::rules::SevenPairs;
use crate::score::hand::{CallKind, WinningHand};
use crate::tile::{Counts, Tile, KINDS};

/// What a set of a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetShape {
    /// Three in a row; `tile` is its lowest.
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
}

/// One set of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    pub shape: SetShape,
    /// Its lowest tile's index.
    pub tile: u8,
    /// Called from another player (chi, pon, open kan).
    pub called: bool,
    /// Concealed for fu and the concealed-pung yaku: neither called nor completed by a ron.
    pub concealed: bool,
}

impl Block {
    pub(crate) fn is_triplet(&self) -> bool {
        self.shape != SetShape::Chow
    }

    /// True when the set holds `tile`.
    pub(crate) fn holds(&self, tile: usize) -> bool {
        let t = self.tile as usize;
        match self.shape {
            SetShape::Chow => (t..t + 3).contains(&tile),
            _ => t == tile,
        }
    }
}

/// How the winning tile completed the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided (両面): 23 waiting on 1 or 4.
    Ryanmen,
    /// Closed (嵌張): 13 waiting on 2.
    Kanchan,
    /// Edge (辺張): 12 waiting on 3, 89 on 7.
    Penchan,
    /// Dual pung (双碰): one of two pairs becomes a pung.
    Shanpon,
    /// Pair (単騎): a lone tile waiting for its pair.
    Tanki,
}

/// One reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Four sets and a pair.
    Standard {
        blocks: [Block; 4],
        pair: u8,
        wait: Wait,
    },
    /// Seven pairs (a four as two where the rules say so).
    SevenPairs,
    /// Thirteen orphans.
    Orphans,
}

/// The hand's calls as the first blocks of a reading (the rest are placeholders).
pub(crate) fn called_blocks(hand: &WinningHand) -> [Block; 4] {
    let mut called = [Block {
        shape: SetShape::Chow,
        tile: 0,
        called: false,
        concealed: false,
    }; 4];
    for (b, c) in called.iter_mut().zip(hand.calls()) {
        *b = Block {
            shape: match c.kind() {
                CallKind::Chi => SetShape::Chow,
                CallKind::Pon => SetShape::Pung,
                _ => SetShape::Kong,
            },
            tile: c.tile().index() as u8,
            called: c.is_open(),
            concealed: !c.is_open(),
        };
    }
    called
}

/// Every split of `concealed` into sets after the first `fixed` blocks of `called` and a
/// pair, as (blocks, pair), into `out`.
pub(crate) fn splits(
    concealed: &Counts,
    called: &[Block; 4],
    fixed: usize,
    out: &mut Vec<([Block; 4], u8)>,
) {
    let mut c = *concealed;
    for pair in 0..KINDS {
        if c[pair] < 2 {
            continue;
        }
        c[pair] -= 2;
        let mut acc = *called;
        split(&mut c, 0, &mut acc, fixed, &mut |blocks| {
            out.push((*blocks, pair as u8))
        });
        c[pair] += 2;
    }
}

/// True when `c` splits into `4 - fixed` sets and a pair.
pub(crate) fn splits_any(c: &Counts, fixed: usize) -> bool {
    let mut found = Vec::new();
    let none = [Block {
        shape: SetShape::Chow,
        tile: 0,
        called: false,
        concealed: false,
    }; 4];
    splits(c, &none, fixed, &mut found);
    !found.is_empty()
}

/// Every reading of `hand` (none when it does not win), into `out`: seven pairs as `pairs`
/// says (riichi's distinct kinds; a four as two pairs in the Chinese families), thirteen
/// orphans when `orphans`.
pub(crate) fn readings(
    hand: &WinningHand,
    tsumo: bool,
    pairs: SevenPairs,
    orphans: bool,
    out: &mut Vec<Reading>,
) {
    let concealed = *hand.concealed();
    let win = hand.win_tile().index();
    let called = called_blocks(hand);
    let fixed = hand.calls().len();
    if fixed == 0 {
        if is_seven_pairs(&concealed, pairs) {
            out.push(Reading::SevenPairs);
        }
        if orphans && is_orphans(&concealed) {
            out.push(Reading::Orphans);
        }
    }
    let mut c = concealed;
    for pair in 0..KINDS {
        if c[pair] < 2 {
            continue;
        }
        c[pair] -= 2;
        let mut acc = called;
        split(&mut c, 0, &mut acc, fixed, &mut |blocks| {
            if pair == win {
                out.push(Reading::Standard {
                    blocks: *blocks,
                    pair: pair as u8,
                    wait: Wait::Tanki,
                });
            }
            for (i, b) in blocks.iter().enumerate().skip(fixed) {
                // One reading per distinct set the winning tile may have completed.
                let seen = blocks[fixed..i]
                    .iter()
                    .any(|o| o.shape == b.shape && o.tile == b.tile);
                if !b.holds(win) || seen {
                    continue;
                }
                let mut blocks = *blocks;
                let wait = match b.shape {
                    SetShape::Chow => chow_wait(b.tile as usize, win),
                    _ => {
                        blocks[i].concealed = tsumo;
                        Wait::Shanpon
                    }
                };
                out.push(Reading::Standard {
                    blocks,
                    pair: pair as u8,
                    wait,
                });
            }
        });
        c[pair] += 2;
    }
}

/// The wait a chow starting at `low` had when `win` completed it.
fn chow_wait(low: usize, win: usize) -> Wait {
    let n = low % 9;
    if win == low + 1 {
        Wait::Kanchan
    } else if (n == 0 && win == low + 2) || (n == 6 && win == low) {
        Wait::Penchan
    } else {
        Wait::Ryanmen
    }
}

/// Splits `c` (from kind `from` on) into concealed sets filling `acc[n..4]`, calling `found`
/// on each complete split: at the lowest kind left, a pung or a chow (every split once).
fn split(
    c: &mut Counts,
    from: usize,
    acc: &mut [Block; 4],
    n: usize,
    found: &mut dyn FnMut(&[Block; 4]),
) {
    let Some(i) = (from..KINDS).find(|&i| c[i] > 0) else {
        if n == 4 {
            found(acc);
        }
        return;
    };
    if n == 4 {
        return;
    }
    let block = |shape| Block {
        shape,
        tile: i as u8,
        called: false,
        concealed: true,
    };
    if c[i] >= 3 {
        c[i] -= 3;
        acc[n] = block(SetShape::Pung);
        split(c, i, acc, n + 1, found);
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        acc[n] = block(SetShape::Chow);
        split(c, i, acc, n + 1, found);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

/// Seven pairs as `pairs` reads them: of seven distinct kinds, or with a four as two pairs.
fn is_seven_pairs(c: &Counts, pairs: SevenPairs) -> bool {
    match pairs {
        SevenPairs::Off => false,
        SevenPairs::Distinct => {
            c.iter().all(|&n| n == 0 || n == 2) && c.iter().filter(|&&n| n == 2).count() == 7
        }
        SevenPairs::FourAsTwo => {
            c.iter().all(|&n| n % 2 == 0) && c.iter().map(|&n| n as u32).sum::<u32>() == 14
        }
    }
}

/// The thirteen terminals and honors, one of them twice.
fn is_orphans(c: &Counts) -> bool {
    let mut pair = false;
    for (i, &n) in c.iter().enumerate() {
        let orphan = Tile::from_index(i).is_orphan();
        match (orphan, n) {
            (true, 1) => {}
            (true, 2) if !pair => pair = true,
            (false, 0) => {}
            _ => return false,
        }
    }
    pair
}
