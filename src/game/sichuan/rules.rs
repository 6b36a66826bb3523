//! Sichuan 血战到底's switches, its actions as one byte and a mask of them, and what the
//! table tells: the events of a hand and every payment with its reason.

use crate::score::{RoomRules, SelfDraw};
use crate::tile::Tile;
use std::fmt;

/// Who deals the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextDealer {
    /// The first to win this hand (先胡者坐庄); the same dealer when no one won.
    FirstWinner,
    /// The next seat, whoever won.
    Rotate,
}

/// The switches of a Sichuan 血战到底 game (docs/SCORING.md, "Sichuan at the table", names the
/// source of each). The default: a cap of three fans and a fan for a self-draw (World Mahjong
/// Tour's Blood Battle rules), a stake of 1, eight hands, the first winner deals next, the
/// checks at the wall's end on, 呼叫转移 off.
///
/// ```
/// use hupai::game::sichuan::SichuanRules;
/// let rules = SichuanRules::default();
/// assert_eq!((rules.scoring.cap, rules.hands, rules.flower_pig), (3, 8, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SichuanRules {
    /// The scoring's options: the cap (封顶) and what a self-draw adds.
    pub scoring: RoomRules,
    /// The stake (底分) every payment multiplies.
    pub stake: u32,
    /// Hands a game.
    pub hands: u16,
    /// Who deals the next hand.
    pub next_dealer: NextDealer,
    /// At the wall's end: 查花猪 (a seat still holding its void suit pays), 查大叫 (a seat
    /// not ready pays each ready one its best wait) and 退税 (a seat not ready returns its
    /// kong money).
    pub end_checks: bool,
    /// The fans a 花猪 pays each seat still in that is not one (the room's most, 封顶).
    pub flower_pig: u8,
    /// 呼叫转移: a seat that deals in with the discard right after its kong hands that
    /// kong's money to the winner.
    pub call_transfer: bool,
}

impl Default for SichuanRules {
    fn default() -> SichuanRules {
        SichuanRules {
            scoring: RoomRules {
                cap: 3,
                self_draw: SelfDraw::Fan,
            },
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            end_checks: true,
            flower_pig: 3,
            call_transfer: false,
        }
    }
}

/// How many room actions there are: every index below is one.
pub const ROOM_ACTIONS: usize = 88;

const VOID: u8 = 27;
const PON: u8 = 30;
const KONG: u8 = 31;
const CLOSED_KONG: u8 = 32;
const ADDED_KONG: u8 = 59;
const WIN: u8 = 86;
const PASS: u8 = 87;

/// One action of a seat in a room: a `u8` index into a fixed list of 88.
///
/// | index | action |
/// |---|---|
/// | 0..27 | discard a tile of the kind (1m … 9s) |
/// | 27..30 | declare the void suit m, p, s (定缺) |
/// | 30, 31 | pon, kong of the discard |
/// | 32..59 | closed kong (暗杠) of the kind |
/// | 59..86 | a pon's fourth tile added (补杠) of the kind |
/// | 86, 87 | win (自摸, or 胡 the discard or the kong's tile), pass |
///
/// ```
/// use hupai::game::sichuan::RoomAction;
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
    /// Win: on the own draw, or on the discard or the added kong's tile.
    Win,
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

    /// The action of an index below [`ROOM_ACTIONS`].
    pub fn from_index(i: u8) -> Option<RoomAction> {
        ((i as usize) < ROOM_ACTIONS).then_some(RoomAction(i))
    }

    /// Its index.
    pub fn index(self) -> u8 {
        self.0
    }

    /// Discard a suited tile (an honor has no index: it is 1m's).
    pub fn discard(tile: Tile) -> RoomAction {
        RoomAction(suited(tile))
    }

    /// Declare `suit` void (0 m, 1 p, 2 s; above 2 is s).
    pub fn void(suit: u8) -> RoomAction {
        RoomAction(VOID + suit.min(2))
    }

    /// Closed kong of `tile`.
    pub fn closed_kong(tile: Tile) -> RoomAction {
        RoomAction(CLOSED_KONG + suited(tile))
    }

    /// Add the fourth `tile` to its pon.
    pub fn added_kong(tile: Tile) -> RoomAction {
        RoomAction(ADDED_KONG + suited(tile))
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
            _ => RoomActionKind::Pass,
        }
    }
}

/// A suited tile's index (0..27); an honor's is 0.
fn suited(tile: Tile) -> u8 {
    let i = tile.index();
    if i < 27 {
        i as u8
    } else {
        0
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
            RoomActionKind::Win => f.write_str("win"),
            RoomActionKind::Pass => f.write_str("pass"),
        }
    }
}

/// A set of room actions as a 128-bit mask (no allocation).
///
/// ```
/// use hupai::game::sichuan::{RoomAction, RoomActions};
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

/// Why a payment is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A win: the discarder pays, or on a self-draw each seat still in.
    Win,
    /// 下雨: a closed kong, 2 stakes from each seat still in.
    ClosedKong,
    /// 刮风: a kong of a discard, 2 stakes from its discarder.
    Kong,
    /// 刮风: a pon's fourth tile added, a stake from each seat still in.
    AddedKong,
    /// 呼叫转移: a kong's money handed to the winner its konger dealt in to right after.
    Transfer,
    /// 查花猪: a seat still holding its void suit at the wall's end.
    FlowerPig,
    /// 查大叫: a seat not ready at the wall's end pays each ready seat its best wait.
    NotReady,
    /// 退税: a seat not ready at the wall's end returns its kong money.
    Refund,
}

/// What happens at a Sichuan table, in order. Tiles are kinds (0 1m … 26 9s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// A hand starts: its number from 0, the dealer and the thirteen tiles dealt each seat
    /// (the dealer's fourteenth is its first draw).
    Deal {
        /// The hand's number, from 0.
        hand: u16,
        /// The dealer.
        dealer: u8,
        /// Each seat's thirteen tiles.
        hands: [[u8; 13]; 4],
    },
    /// A seat's void suit (定缺): 0 m, 1 p, 2 s.
    Void {
        /// The seat.
        seat: u8,
        /// The suit.
        suit: u8,
    },
    /// A seat draws.
    Draw {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
    },
    /// A seat discards.
    Discard {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
    },
    /// A pon of `from`'s discard.
    Pon {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The tile.
        tile: u8,
    },
    /// A kong: of `from`'s discard, closed (`from` none, not `added`) or added to a pon.
    Kong {
        /// The konger.
        seat: u8,
        /// The discarder of a kong of a discard.
        from: Option<u8>,
        /// The kind.
        tile: u8,
        /// A pon's fourth tile added.
        added: bool,
    },
    /// A win: on `from`'s discard (or kong), or self-drawn (`from` none), and its fans.
    Win {
        /// The winner.
        seat: u8,
        /// Who dealt in (none: self-drawn).
        from: Option<u8>,
        /// The winning tile.
        tile: u8,
        /// The fans paid (after the cap).
        fan: u32,
    },
    /// `from` pays `to`.
    Pay {
        /// The payer.
        from: u8,
        /// The payee.
        to: u8,
        /// How much.
        amount: i64,
        /// Why.
        reason: Reason,
    },
    /// The hand is over: each seat's points after it.
    EndHand {
        /// The points.
        scores: [i64; 4],
    },
    /// The game is over.
    EndGame {
        /// The points.
        scores: [i64; 4],
    },
}

impl Reason {
    /// Its name in the events' JSON (`win`, `closed_kong`, `kong`, `added_kong`, `transfer`,
    /// `flower_pig`, `not_ready`, `refund`).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Win => "win",
            Reason::ClosedKong => "closed_kong",
            Reason::Kong => "kong",
            Reason::AddedKong => "added_kong",
            Reason::Transfer => "transfer",
            Reason::FlowerPig => "flower_pig",
            Reason::NotReady => "not_ready",
            Reason::Refund => "refund",
        }
    }
}

impl RoomEvent {
    /// The event as one JSON object (no newline), tiles as text (`"5m"`), seats from 0: what
    /// every door hands on (`{"type":"pay","from":1,"to":0,"amount":2,"reason":"closed_kong"}`).
    ///
    /// ```
    /// use hupai::game::sichuan::{Reason, RoomEvent};
    /// let mut line = String::new();
    /// RoomEvent::Pay { from: 1, to: 0, amount: 2, reason: Reason::ClosedKong }.write_json(&mut line);
    /// assert_eq!(line, r#"{"type":"pay","from":1,"to":0,"amount":2,"reason":"closed_kong"}"#);
    /// line.clear();
    /// RoomEvent::Win { seat: 2, from: None, tile: 4, fan: 3 }.write_json(&mut line);
    /// assert_eq!(line, r#"{"type":"win","seat":2,"from":null,"tile":"5m","fan":3}"#);
    /// ```
    pub fn write_json(&self, out: &mut String) {
        use std::fmt::Write as _;
        let t = |k: u8| Tile::from_index(k as usize);
        let from = |f: Option<u8>| f.map_or("null".to_string(), |f| f.to_string());
        let _ = match *self {
            RoomEvent::Deal {
                hand,
                dealer,
                ref hands,
            } => {
                let _ = write!(
                    out,
                    r#"{{"type":"deal","hand":{hand},"dealer":{dealer},"hands":["#
                );
                for (i, h) in hands.iter().enumerate() {
                    let text: String = h.iter().map(|&k| t(k).to_string()).collect();
                    let _ = write!(out, "{}\"{text}\"", if i > 0 { "," } else { "" });
                }
                write!(out, "]}}")
            }
            RoomEvent::Void { seat, suit } => {
                let suit = ['m', 'p', 's'][suit as usize % 3];
                write!(out, r#"{{"type":"void","seat":{seat},"suit":"{suit}"}}"#)
            }
            RoomEvent::Draw { seat, tile } => {
                write!(
                    out,
                    r#"{{"type":"draw","seat":{seat},"tile":"{}"}}"#,
                    t(tile)
                )
            }
            RoomEvent::Discard { seat, tile } => {
                write!(
                    out,
                    r#"{{"type":"discard","seat":{seat},"tile":"{}"}}"#,
                    t(tile)
                )
            }
            RoomEvent::Pon { seat, from, tile } => write!(
                out,
                r#"{{"type":"pon","seat":{seat},"from":{from},"tile":"{}"}}"#,
                t(tile)
            ),
            RoomEvent::Kong {
                seat,
                from: f,
                tile,
                added,
            } => write!(
                out,
                r#"{{"type":"kong","seat":{seat},"from":{},"tile":"{}","added":{added}}}"#,
                from(f),
                t(tile)
            ),
            RoomEvent::Win {
                seat,
                from: f,
                tile,
                fan,
            } => write!(
                out,
                r#"{{"type":"win","seat":{seat},"from":{},"tile":"{}","fan":{fan}}}"#,
                from(f),
                t(tile)
            ),
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason,
            } => write!(
                out,
                r#"{{"type":"pay","from":{from},"to":{to},"amount":{amount},"reason":"{}"}}"#,
                reason.name()
            ),
            RoomEvent::EndHand { scores } => {
                write!(out, r#"{{"type":"end_hand","scores":{scores:?}}}"#)
            }
            RoomEvent::EndGame { scores } => {
                write!(out, r#"{{"type":"end_game","scores":{scores:?}}}"#)
            }
        };
    }
}
