//! A room's actions as one byte each and a mask of them (every room at the table shares
//! them: a room offers the ones it plays).

use crate::tile::Tile;
use std::fmt;

/// How many room actions there are: every index below is one.
pub const ROOM_ACTIONS: usize = 114;

const VOID: u8 = 34;
const PON: u8 = 37;
const KONG: u8 = 38;
const CLOSED_KONG: u8 = 39;
const ADDED_KONG: u8 = 73;
const WIN: u8 = 107;
const PASS: u8 = 108;
const CHI: u8 = 109;
const TAKE: u8 = 112;
const OPEN_KONG: u8 = 113;

/// One action of a seat in a room: a `u8` index into a fixed list of 114, the tiles' kinds
/// in their order (1m … 9s, 1z … 7z: a room offers those it plays).
///
/// | index | action |
/// |---|---|
/// | 0..34 | discard a tile of the kind (1m … 7z) |
/// | 34..37 | declare the void suit m, p, s (定缺, Sichuan) |
/// | 37, 38 | pon, kong of the discard |
/// | 39..73 | closed kong (暗杠) of the kind |
/// | 73..107 | a pon's fourth tile added (补杠) of the kind |
/// | 107, 108 | win (自摸, or 胡 the discard or the kong's tile), pass |
/// | 109, 110, 111 | chi of the discard (长沙, Guobiao): the discard the run's lowest, middle, highest tile |
/// | 112 | take the wall's last tile when it is offered (要海底, 长沙) |
/// | 113 | open the kong just made (开杠, 长沙): two tiles turned from the wall's end (pass: one replacement, 补张) |
///
/// ```
/// use hupai::game::room::RoomAction;
/// let a = RoomAction::discard("7s".parse().unwrap());
/// assert_eq!(a.to_string(), "discard 7s");
/// assert_eq!(RoomAction::from_index(a.index()), Some(a));
/// assert_eq!(RoomAction::void(2).to_string(), "void s");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomAction(u8);

/// What a room action does, read from its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomActionKind {
    /// Discard a tile of the kind.
    Discard(Tile),
    /// Declare the void suit: 0 m, 1 p, 2 s.
    Void(u8),
    /// Pon of the discard.
    Pon,
    /// Kong of the discard (明杠).
    Kong,
    /// Closed kong of four held (暗杠).
    ClosedKong(Tile),
    /// A pon's fourth tile added (补杠).
    AddedKong(Tile),
    /// Chi of the discard: the discard is the run's lowest (0), middle (1) or highest (2)
    /// tile.
    Chi(u8),
    /// Win: on the own draw, or on the discard or the added kong's tile.
    Win,
    /// Take the wall's last tile offered (要海底, 长沙).
    Take,
    /// Open the kong just made (开杠, 长沙): two tiles turned from the wall's end.
    OpenKong,
    /// Decline.
    Pass,
}

impl RoomAction {
    /// Pon of the discard.
    pub const PON: RoomAction = RoomAction(PON);
    /// Kong of the discard.
    pub const KONG: RoomAction = RoomAction(KONG);
    /// Win.
    pub const WIN: RoomAction = RoomAction(WIN);
    /// Decline.
    pub const PASS: RoomAction = RoomAction(PASS);
    /// Take the wall's last tile offered (要海底).
    pub const TAKE: RoomAction = RoomAction(TAKE);
    /// Open the kong just made (开杠).
    pub const OPEN_KONG: RoomAction = RoomAction(OPEN_KONG);

    /// The action of an index below [`ROOM_ACTIONS`].
    pub fn from_index(i: u8) -> Option<RoomAction> {
        ((i as usize) < ROOM_ACTIONS).then_some(RoomAction(i))
    }

    /// Chi of the discard, the discard at `at` in the run: 0 lowest, 1 middle, 2 highest
    /// (above 2 is 2).
    ///
    /// ```
    /// use hupai::game::room::RoomAction;
    /// assert_eq!(RoomAction::chi(1).to_string(), "chi middle");
    /// ```
    pub fn chi(at: u8) -> RoomAction {
        RoomAction(CHI + at.min(2))
    }

    /// Its index.
    pub fn index(self) -> u8 {
        self.0
    }

    /// Discard a tile of `tile`'s kind.
    pub fn discard(tile: Tile) -> RoomAction {
        RoomAction(tile.index() as u8)
    }

    /// Declare `suit` void (0 m, 1 p, 2 s; above 2 is s).
    pub fn void(suit: u8) -> RoomAction {
        RoomAction(VOID + suit.min(2))
    }

    /// Closed kong of `tile`.
    pub fn closed_kong(tile: Tile) -> RoomAction {
        RoomAction(CLOSED_KONG + tile.index() as u8)
    }

    /// Add the fourth `tile` to its pon.
    pub fn added_kong(tile: Tile) -> RoomAction {
        RoomAction(ADDED_KONG + tile.index() as u8)
    }

    /// What it does.
    pub fn kind(self) -> RoomActionKind {
        let tile = |i: u8| Tile::from_index(i as usize);
        match self.0 {
            i @ 0..VOID => RoomActionKind::Discard(tile(i)),
            i @ VOID..PON => RoomActionKind::Void(i - VOID),
            PON => RoomActionKind::Pon,
            KONG => RoomActionKind::Kong,
            i @ CLOSED_KONG..ADDED_KONG => RoomActionKind::ClosedKong(tile(i - CLOSED_KONG)),
            i @ ADDED_KONG..WIN => RoomActionKind::AddedKong(tile(i - ADDED_KONG)),
            WIN => RoomActionKind::Win,
            PASS => RoomActionKind::Pass,
            TAKE => RoomActionKind::Take,
            OPEN_KONG => RoomActionKind::OpenKong,
            i => RoomActionKind::Chi(i - CHI),
        }
    }
}

impl fmt::Display for RoomAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            RoomActionKind::Discard(t) => write!(f, "discard {t}"),
            RoomActionKind::Void(s) => write!(f, "void {}", ['m', 'p', 's'][s as usize]),
            RoomActionKind::Pon => f.write_str("pon"),
            RoomActionKind::Kong => f.write_str("kong"),
            RoomActionKind::ClosedKong(t) => write!(f, "closed kong {t}"),
            RoomActionKind::AddedKong(t) => write!(f, "added kong {t}"),
            RoomActionKind::Chi(at) => {
                write!(f, "chi {}", ["low", "middle", "high"][at.min(2) as usize])
            }
            RoomActionKind::Win => f.write_str("win"),
            RoomActionKind::Pass => f.write_str("pass"),
            RoomActionKind::Take => f.write_str("take"),
            RoomActionKind::OpenKong => f.write_str("open kong"),
        }
    }
}

/// A set of room actions as a 128-bit mask (no allocation).
///
/// ```
/// use hupai::game::room::{RoomAction, RoomActions};
/// let mut set = RoomActions::EMPTY;
/// set.insert(RoomAction::PASS);
/// set.insert(RoomAction::WIN);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().next(), Some(RoomAction::WIN));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoomActions(pub u128);

impl RoomActions {
    /// No action.
    pub const EMPTY: RoomActions = RoomActions(0);

    /// Adds `a`.
    pub fn insert(&mut self, a: RoomAction) {
        self.0 |= 1 << a.0;
    }

    /// Whether `a` is one.
    pub fn contains(self, a: RoomAction) -> bool {
        self.0 >> a.0 & 1 == 1
    }

    /// How many.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there is none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `n`-th action in index order (`n` below [`RoomActions::len`]).
    pub fn nth(self, n: usize) -> Option<RoomAction> {
        self.iter().nth(n)
    }

    /// The actions in index order.
    pub fn iter(self) -> impl Iterator<Item = RoomAction> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                RoomAction(i)
            })
        })
    }
}
