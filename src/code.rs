//! An error's stable code ([`Code`]), which every door gives: a batch or HTTP error's
//! `"code"`, Node's `error.code`, Lua's third value, Python's `exc.code`, the C ABI's status
//! (`HupaiStatus::from(Code)`). Each error type says its own (`HandError::code`,
//! `ScoreError::code`, `OddsError::code`), beside its variants.

/// An error's stable code, the same in every door.
///
/// ```
/// use hupai::{Code, Hand};
/// let e = Hand::builder("11111m").build().unwrap_err();
/// assert_eq!(e.code().name(), "TOO_MANY_COPIES");
/// assert_eq!(Code::ALL[Code::BadArgument as usize], Code::BadArgument);
/// assert_eq!(Code::from_name("NO_YAKU"), Some(Code::NoYaku));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Code {
    /// No error (a batch row's status).
    Ok = 0,
    /// Tile text that is not MPSZ.
    BadTile = 1,
    /// More than four copies of a kind (in the hand, or with `seen`).
    TooManyCopies = 2,
    /// A tile count that is neither 3k+1 nor 3k+2 (with melds), or a question of the other
    /// size.
    WrongCount = 3,
    /// A kind the rules leave out of play.
    NotInPlay = 4,
    /// A declared meld that is not a meld.
    BadMeld = 5,
    /// Any other hand that cannot be answered.
    BadHand = 6,
    /// A request, option or argument that cannot be read.
    BadArgument = 7,
    /// A win without a yaku: it may not be claimed (riichi).
    NoYaku = 8,
    /// Tiles that do not form a winning hand.
    NotAWin = 9,
    /// A win that cannot be read or cannot happen (bad calls, five of a kind in play, flags
    /// that exclude one another).
    BadWin = 10,
    /// Rules that are not rules: an unknown preset or switch, a wild kind out of play, 精
    /// under rules that do not play it.
    BadRules = 11,
    /// The rules score no wins.
    NotScored = 12,
    /// Odds past their budget in states or bytes.
    TooLarge = 13,
    /// Odds with no tile left to draw.
    EmptyWall = 14,
    /// Work stopped by its caller (Ctrl-C, a deadline).
    Stopped = 15,
    /// A server with no room for the request now: try again later.
    Busy = 16,
    /// An action at the table that is not among the seat's legal ones (`hupai::game`):
    /// refused, nothing changed.
    IllegalAction = 17,
}

impl Code {
    /// Every code, in number order (a status `n` is `ALL[n]`).
    pub const ALL: [Code; 18] = [
        Code::Ok,
        Code::BadTile,
        Code::TooManyCopies,
        Code::WrongCount,
        Code::NotInPlay,
        Code::BadMeld,
        Code::BadHand,
        Code::BadArgument,
        Code::NoYaku,
        Code::NotAWin,
        Code::BadWin,
        Code::BadRules,
        Code::NotScored,
        Code::TooLarge,
        Code::EmptyWall,
        Code::Stopped,
        Code::Busy,
        Code::IllegalAction,
    ];

    /// Its name (`"BAD_TILE"` …).
    pub fn name(self) -> &'static str {
        [
            "OK",
            "BAD_TILE",
            "TOO_MANY_COPIES",
            "WRONG_COUNT",
            "NOT_IN_PLAY",
            "BAD_MELD",
            "BAD_HAND",
            "BAD_ARGUMENT",
            "NO_YAKU",
            "NOT_A_WIN",
            "BAD_WIN",
            "BAD_RULES",
            "NOT_SCORED",
            "TOO_LARGE",
            "EMPTY_WALL",
            "STOPPED",
            "BUSY",
            "ILLEGAL_ACTION",
        ][self as usize]
    }

    /// The code of a name ([`Code::name`]).
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn numbers_names_and_order_agree() {
        for (i, c) in Code::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(Code::from_name(c.name()), Some(c));
        }
        assert_eq!(Code::from_name("NOPE"), None);
    }
}
