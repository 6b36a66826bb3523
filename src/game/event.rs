//! What happens at the table, as events: mjai's vocabulary (start_kyoku, tsumo, dahai, chi,
//! pon, daiminkan, ankan, kakan, reach, reach_accepted, dora, hora, ryukyoku, end_kyoku,
//! end_game) as Rust values, tiles as ids (`0..136`, `id / 4` the kind; 16, 52, 88 red).

/// Why a round ended without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// The wall ran out (流局), tenpai seats paid by the others.
    Exhaustive,
    /// The wall ran out and a river of terminals and honors was paid as a mangan (流し満貫).
    Nagashi,
    /// 九種九牌.
    NineTerminals,
    /// The same wind discarded by all four on the first go-around (四風連打).
    FourWinds,
    /// Four riichi (四家立直).
    FourRiichi,
    /// Four kans by more than one seat (四開槓).
    FourKans,
    /// Three rons on one discard (三家和).
    ThreeRons,
}

impl DrawKind {
    /// The name Tenhou's records give it.
    pub fn name(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "流局",
            DrawKind::Nagashi => "流し満貫",
            DrawKind::NineTerminals => "九種九牌",
            DrawKind::FourWinds => "四風連打",
            DrawKind::FourRiichi => "四家立直",
            DrawKind::FourKans => "四槓散了",
            DrawKind::ThreeRons => "三家和了",
        }
    }
}

/// One event of a game, in the order it happened. Seats are `0..4` from the first dealer.
///
/// ```
/// use hupai::game::{Game, GameEvent, GameRules, Seed};
/// let game = Game::new(GameRules::default(), Seed::from_u64(1));
/// assert!(matches!(game.events()[0], GameEvent::StartGame));
/// assert!(matches!(game.events()[1], GameEvent::StartKyoku { dealer: 0, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// The game starts.
    StartGame,
    /// A round starts: its number (0 east 1 … 4 south 1 …), honba, sticks, dealer, scores,
    /// the first dora indicator and the hands dealt.
    StartKyoku {
        /// 0 for east 1, 4 for south 1, 8 for west 1.
        round: u8,
        /// Honba.
        honba: u32,
        /// Riichi sticks on the table.
        sticks: u32,
        /// The dealer's seat.
        dealer: u8,
        /// The scores at the start.
        scores: [i32; 4],
        /// The first dora indicator.
        dora_marker: u8,
        /// The hands dealt, by seat.
        hands: [[u8; 13]; 4],
    },
    /// A seat draws (a kan's replacement tile too).
    Tsumo {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
    },
    /// A seat discards.
    Dahai {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
        /// The tile just drawn (ツモ切り).
        tsumogiri: bool,
    },
    /// A seat declares riichi; its discard follows.
    Reach {
        /// The seat.
        seat: u8,
    },
    /// The riichi discard passed: the stick is on the table.
    ReachAccepted {
        /// The seat.
        seat: u8,
    },
    /// Chi: `consumed` from the hand with `tile` from `target`.
    Chi {
        /// The caller.
        seat: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        tile: u8,
        /// The two from the hand.
        consumed: [u8; 2],
    },
    /// Pon.
    Pon {
        /// The caller.
        seat: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        tile: u8,
        /// The two from the hand.
        consumed: [u8; 2],
    },
    /// Open kan of a discard.
    Daiminkan {
        /// The caller.
        seat: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        tile: u8,
        /// The three from the hand.
        consumed: [u8; 3],
    },
    /// Closed kan.
    Ankan {
        /// The seat.
        seat: u8,
        /// The four tiles.
        consumed: [u8; 4],
    },
    /// A tile added to a pon.
    Kakan {
        /// The seat.
        seat: u8,
        /// The added tile.
        tile: u8,
        /// The pon's three tiles.
        consumed: [u8; 3],
    },
    /// A dora indicator revealed by a kan.
    Dora {
        /// The indicator.
        marker: u8,
    },
    /// A win: `target` the discarder (the winner's own seat for a tsumo), the winning tile,
    /// its han, fu (0 for a yakuman) and points as scored, and every seat's change.
    Hora {
        /// The winner.
        seat: u8,
        /// The discarder, or the winner on a tsumo.
        target: u8,
        /// The winning tile.
        tile: u8,
        /// Han (13 a yakuman).
        han: u32,
        /// Fu.
        fu: u32,
        /// Each seat's change, sticks and honba included.
        deltas: [i32; 4],
        /// The ura-dora indicators shown (a riichi win's), in order.
        ura_markers: [Option<u8>; 5],
    },
    /// A round drawn: why, which seats were tenpai (exhaustive draws), and the changes.
    Ryukyoku {
        /// Why.
        kind: DrawKind,
        /// Tenpai seats, a bit each.
        tenpai: u8,
        /// Each seat's change.
        deltas: [i32; 4],
    },
    /// The round is over.
    EndKyoku,
    /// The game is over: the final scores (the sticks left go to the first).
    EndGame {
        /// The final scores.
        scores: [i32; 4],
    },
}

/// The id a seat's view gives a tile it may not see (another seat's draw or dealt hand).
pub const HIDDEN: u8 = u8::MAX;

impl GameEvent {
    /// The event as `seat` sees it: another seat's draw and dealt hand hidden ([`HIDDEN`]),
    /// everything else as it happened (what an mjai bot in that seat is sent).
    ///
    /// ```
    /// use hupai::game::{GameEvent, HIDDEN};
    /// let draw = GameEvent::Tsumo { seat: 1, tile: 40 };
    /// assert_eq!(draw.seen_by(1), draw);
    /// assert_eq!(draw.seen_by(0), GameEvent::Tsumo { seat: 1, tile: HIDDEN });
    /// ```
    pub fn seen_by(&self, seat: u8) -> GameEvent {
        match *self {
            GameEvent::Tsumo { seat: s, .. } if s != seat => GameEvent::Tsumo {
                seat: s,
                tile: HIDDEN,
            },
            GameEvent::StartKyoku {
                round,
                honba,
                sticks,
                dealer,
                scores,
                dora_marker,
                hands,
            } => GameEvent::StartKyoku {
                round,
                honba,
                sticks,
                dealer,
                scores,
                dora_marker,
                hands: std::array::from_fn(|s| {
                    if s == seat as usize {
                        hands[s]
                    } else {
                        [HIDDEN; 13]
                    }
                }),
            },
            e => e,
        }
    }
}
