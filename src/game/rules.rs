//! The table's rules: Tenhou's four-player game by default, each difference a named switch
//! with the room it comes from (docs/GAME.md, "Rules as switches").

use crate::score::{RiichiRules, TableRules};

/// How long a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Length {
    /// One round of winds (東風戦).
    East,
    /// East and south (半荘戦): Tenhou's default.
    Hanchan,
}

/// How a discard that several seats win on is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rons {
    /// Two may win (ダブロン); three abort the round (三家和): Tenhou.
    TwoAbortOnThree,
    /// Every seat that calls ron wins (トリプルロン as well).
    All,
    /// Only the winner nearest the discarder in turn order (頭ハネ): WRC, EMA's older rules.
    Nearest,
}

/// The table's rules of a riichi game. The default is Tenhou's four-player game (天鳳 ルール,
/// tenhou.net/man): hanchan, 25,000 points (30,000 returned), red fives, open tanyao, double
/// ron with three rons aborting, pao for big three dragons and big four winds, nagashi
/// mangan, the five abortive draws, tobi below zero, the west round when no one has 30,000,
/// the last dealer's stop, kuikae forbidden, uma 20/10.
///
/// ```
/// use hupai::game::{GameRules, Length};
/// let tonpuu = GameRules { length: Length::East, ..GameRules::default() };
/// assert!(tonpuu.nagashi && tonpuu.scoring.red_fives);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// The scoring's options (open tanyao is kuitan, `red_fives` aka: a wall without red
    /// fives when off).
    pub scoring: RiichiRules,
    /// Who takes the honba of a double ron, and pao.
    pub table: TableRules,
    /// How long the game is.
    pub length: Length,
    /// Several rons on one discard.
    pub rons: Rons,
    /// Points each seat starts with.
    pub start: i32,
    /// Points a seat must reach for the game to end after its last round (else the west
    /// round: 西入, ended by the first round after which a seat has them); and the returned
    /// points the final ranking is counted from (返し).
    pub target: i32,
    /// The west (or south, in an east game) round when no seat reaches `target`.
    pub extension: bool,
    /// The game ends when a seat's points go below zero (飛び).
    pub tobi: bool,
    /// The last round's dealer stops the game by winning (or being tenpai at the draw) while
    /// first with `target` points (アガリ止め).
    pub last_dealer_stops: bool,
    /// Nagashi mangan (流し満貫) at an exhaustive draw: a river of terminals and honors
    /// alone, none called, is paid as a mangan tsumo.
    pub nagashi: bool,
    /// The abortive draws: 九種九牌, 四風連打, 四家立直, 四開槓 (三家和 is `rons`).
    pub abortive: bool,
    /// A call may not be followed by a discard of the called kind or of the other end of a
    /// chi's run (食い替え禁止).
    pub no_kuikae: bool,
    /// A closed kan may be robbed by thirteen orphans waiting on its kind (国士無双の暗槓槍槓).
    pub kokushi_robs_closed_kan: bool,
    /// Uma: the points each rank adds at the end, first to fourth (in thousands).
    pub uma: [i32; 4],
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules {
            scoring: RiichiRules::default(),
            table: TableRules::default(),
            length: Length::Hanchan,
            rons: Rons::TwoAbortOnThree,
            start: 25_000,
            target: 30_000,
            extension: true,
            tobi: true,
            last_dealer_stops: true,
            nagashi: true,
            abortive: true,
            no_kuikae: true,
            kokushi_robs_closed_kan: false,
            uma: [20, 10, -10, -20],
        }
    }
}

impl GameRules {
    /// The rounds of the game before any extension (4 for east, 8 for hanchan).
    pub(crate) fn rounds(&self) -> u8 {
        match self.length {
            Length::East => 4,
            Length::Hanchan => 8,
        }
    }
}
