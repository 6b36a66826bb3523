//! The Sichuan table's state: the `SichuanGame`, who answers now, and the calls a caller
//! makes (to_act, legal, step, the accessors).

use super::rules::{RoomAction, RoomActions, RoomEvent, SichuanRules};
use crate::analysis::Engine;
use crate::game::error::GameError;
use crate::game::table::Seats;
use crate::game::wall::Seed;
use crate::rules::Rules;
use crate::tile::Tile;

/// A meld: the kind and whether it is a kong (else a pon), and whether closed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Meld {
    pub kind: u8,
    pub kong: bool,
    pub closed: bool,
}

/// One seat's tiles and standing in the hand.
#[derive(Clone, Debug, Default)]
pub(super) struct RoomSeat {
    /// Concealed tiles by kind (1m … 9s).
    pub counts: [u8; 27],
    pub melds: [Meld; 4],
    pub n_melds: u8,
    /// The void suit declared (0 m, 1 p, 2 s).
    pub void: Option<u8>,
    /// Won this hand: out of play.
    pub won: bool,
    /// Discards made this hand.
    pub discards: u8,
    /// The kong money this seat took from each seat this hand (for 退税).
    pub kong_in: [i64; 4],
}

impl RoomSeat {
    /// Whether the seat still holds a tile of its void suit.
    pub fn holds_void(&self) -> bool {
        self.void.is_some_and(|s| {
            self.counts[9 * s as usize..9 * s as usize + 9]
                .iter()
                .any(|&c| c > 0)
        })
    }
}

/// Where play is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Every seat declares its void suit.
    Void,
    /// `seat` plays: `drew` the tile just drawn (none after a pon), `after_kong` a kong's
    /// replacement.
    Turn {
        seat: u8,
        drew: Option<u8>,
        after_kong: bool,
    },
    /// The seats still in answer a discard, or an added kong's tile (`robbing`).
    Claims {
        from: u8,
        tile: u8,
        robbing: bool,
        after_kong: bool,
    },
    /// The game is over.
    Over,
}

/// A Sichuan 血战到底 game at the table: 108 suited tiles, each seat's void suit declared
/// and kept, pon and kong (no chi), wins on discards by several seats at once (一炮多响), the
/// hand played on after each win until three have won or the wall is drawn, kongs paid at
/// once (刮风下雨), the checks at the wall's end, every payment told with its reason
/// ([`RoomEvent::Pay`]). Seeded as [`crate::game::Game`] is (the seed's walls, the suited tiles
/// in their order). A few hundred bytes; nothing allocated a step but the events (kept) and
/// a win's score.
///
/// ```
/// use hupai::game::sichuan::{SichuanGame, SichuanRules};
/// use hupai::game::Seed;
/// let mut game = SichuanGame::new(SichuanRules::default(), Seed::from_u64(7));
/// while let Some(seat) = game.to_act().first() {
///     let action = game.legal(seat).iter().next().unwrap(); // the first legal action
///     game.step(seat, action).unwrap();
/// }
/// assert!(game.is_over());
/// assert_eq!(game.scores().iter().sum::<i64>(), 0); // every payment has a payee
/// ```
#[derive(Clone)]
pub struct SichuanGame {
    pub(super) rules: SichuanRules,
    pub(super) engine: Engine<'static>,
    pub(super) seed: Seed,
    /// One hand on a given wall ([`SichuanGame::at_hand`]): the game ends after it.
    pub(super) given: bool,
    pub(super) hand: u16,
    pub(super) dealer: u8,
    pub(super) first_winner: Option<u8>,
    /// The hand's wall, kinds; drawn from `head`, kong replacements from `tail`.
    pub(super) wall: [u8; 108],
    pub(super) head: u8,
    pub(super) tail: u8,
    pub(super) seats: [RoomSeat; 4],
    /// A call made this hand (no 天胡 / 地胡 after it).
    pub(super) called: bool,
    /// The last kong's konger and what each seat paid for it, while its konger's discard
    /// after it may still be won on (呼叫转移).
    pub(super) last_kong: Option<(u8, [i64; 4])>,
    pub(super) phase: Phase,
    /// The seats answering a claim: their options and answers.
    pub(super) options: [RoomActions; 4],
    pub(super) answers: [Option<RoomAction>; 4],
    /// The actions of the seat in its turn.
    pub(super) turn_actions: RoomActions,
    pub(super) scores: [i64; 4],
    pub(super) events: Vec<RoomEvent>,
}

impl SichuanGame {
    /// A game under `rules`, its walls from `seed`.
    pub fn new(rules: SichuanRules, seed: Seed) -> SichuanGame {
        let mut g = SichuanGame {
            rules,
            engine: Engine::new(Rules::sichuan()),
            seed,
            given: false,
            hand: 0,
            dealer: 0,
            first_winner: None,
            wall: [0; 108],
            head: 0,
            tail: 108,
            seats: Default::default(),
            called: false,
            last_kong: None,
            phase: Phase::Over,
            options: [RoomActions::EMPTY; 4],
            answers: [None; 4],
            turn_actions: RoomActions::EMPTY,
            scores: [0; 4],
            events: Vec::with_capacity(256),
        };
        g.start_hand();
        g
    }

    /// One hand on `wall` (kinds 0 1m … 26 9s, four of each, drawn from the front: thirteen
    /// a seat in turns from `dealer`, the dealer's fourteenth, then the draws; kong
    /// replacements from the back), `dealer` dealing: the game ends after it. Refused
    /// ([`GameError::BadWall`]) when the wall is not the 108 tiles.
    ///
    /// ```
    /// use hupai::game::sichuan::{SichuanGame, SichuanRules};
    /// let mut wall = [0u8; 108];
    /// (0..108).for_each(|i| wall[i] = (i % 27) as u8);
    /// let game = SichuanGame::at_hand(SichuanRules::default(), 0, wall).unwrap();
    /// assert_eq!(game.hand(0).iter().sum::<u8>(), 14);
    /// wall[0] = 1; // five 2m, three 1m
    /// assert!(SichuanGame::at_hand(SichuanRules::default(), 0, wall).is_err());
    /// ```
    pub fn at_hand(
        rules: SichuanRules,
        dealer: u8,
        wall: [u8; 108],
    ) -> Result<SichuanGame, GameError> {
        let mut n = [0u8; 27];
        for &k in &wall {
            *n.get_mut(k as usize).ok_or(GameError::BadWall)? += 1;
        }
        if n.iter().any(|&c| c != 4) {
            return Err(GameError::BadWall);
        }
        if dealer > 3 {
            return Err(GameError::NoSeat {
                seat: dealer.into(),
            });
        }
        let mut g = SichuanGame::new(SichuanRules { hands: 1, ..rules }, Seed::from_u64(0));
        g.events.clear();
        (g.given, g.wall, g.dealer) = (true, wall, dealer);
        g.start_hand();
        Ok(g)
    }

    /// The seats that must answer now (none once the game is over).
    pub fn to_act(&self) -> Seats {
        match self.phase {
            Phase::Turn { seat, .. } => Seats(1 << seat),
            Phase::Void | Phase::Claims { .. } => Seats(
                (0..4u8)
                    .filter(|&s| {
                        !self.options[s as usize].is_empty() && self.answers[s as usize].is_none()
                    })
                    .fold(0, |m, s| m | 1 << s),
            ),
            Phase::Over => Seats(0),
        }
    }

    /// What `seat` may do now (nothing when it has nothing to answer).
    pub fn legal(&self, seat: u8) -> RoomActions {
        match self.phase {
            Phase::Turn { seat: s, .. } if s == seat => self.turn_actions,
            Phase::Void | Phase::Claims { .. }
                if seat < 4 && self.answers[seat as usize].is_none() =>
            {
                self.options[seat as usize]
            }
            _ => RoomActions::EMPTY,
        }
    }

    /// `seat` answers with `action`; play goes on to the next decision. Refused, nothing
    /// changed, for a seat that is none, has nothing to answer, or may not take `action`.
    ///
    /// ```
    /// use hupai::game::sichuan::{RoomAction, SichuanGame, SichuanRules};
    /// use hupai::game::{GameError, Seed};
    /// let mut game = SichuanGame::new(SichuanRules::default(), Seed::from_u64(1));
    /// // Every seat first declares its void suit.
    /// assert_eq!(game.to_act().iter().count(), 4);
    /// assert!(game.step(0, RoomAction::PASS).is_err());
    /// assert_eq!(game.step(5, RoomAction::PASS), Err(GameError::NoSeat { seat: 5 }));
    /// ```
    pub fn step(&mut self, seat: u8, action: RoomAction) -> Result<(), GameError> {
        if seat > 3 {
            return Err(GameError::NoSeat { seat: seat.into() });
        }
        if !self.to_act().contains(seat) {
            return Err(GameError::NotToAct { seat });
        }
        if !self.legal(seat).contains(action) {
            return Err(GameError::IllegalRoom { seat, action });
        }
        match self.phase {
            Phase::Turn { .. } => self.play_turn(seat, action),
            _ => {
                self.answers[seat as usize] = Some(action);
                if self.to_act().0 == 0 {
                    self.resolve();
                }
            }
        }
        Ok(())
    }

    /// The events so far (since [`SichuanGame::clear_events`]).
    pub fn events(&self) -> &[RoomEvent] {
        &self.events
    }

    /// Forgets the events told so far (the buffer is kept).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Each seat's points: the payments so far, from 0.
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// The hand being played, from 0.
    pub fn hand_number(&self) -> u16 {
        self.hand
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Tiles left to draw.
    pub fn tiles_left(&self) -> u8 {
        self.tail - self.head
    }

    /// `seat`'s concealed tiles by kind (1m … 9s). Panics for a seat above 3.
    pub fn hand(&self, seat: u8) -> &[u8; 27] {
        &self.seats[seat as usize].counts
    }

    /// `seat`'s void suit (0 m, 1 p, 2 s), once declared. Panics for a seat above 3.
    pub fn void(&self, seat: u8) -> Option<u8> {
        self.seats[seat as usize].void
    }

    /// `seat`'s pons and kongs in the order made: the kind, whether a kong, whether closed.
    /// Panics for a seat above 3.
    pub fn melds(&self, seat: u8) -> impl Iterator<Item = (Tile, bool, bool)> + '_ {
        let s = &self.seats[seat as usize];
        s.melds[..s.n_melds as usize]
            .iter()
            .map(|m| (Tile::from_index(m.kind as usize), m.kong, m.closed))
    }

    /// Whether `seat` has won this hand. Panics for a seat above 3.
    pub fn has_won(&self, seat: u8) -> bool {
        self.seats[seat as usize].won
    }
}
