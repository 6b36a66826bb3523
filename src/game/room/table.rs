//! A room's table: the `RoomGame`, who answers now, and the calls a caller makes (to_act,
//! legal, step, the accessors).

use super::action::{RoomAction, RoomActions};
use super::event::RoomEvent;
use super::rooms::Room;
use crate::analysis::Engine;
use crate::game::error::GameError;
use crate::game::table::Seats;
use crate::game::wall::Seed;
use crate::rules::Rules;
use crate::score::CallKind;
use crate::tile::{Tile, TileSet};

/// A meld: the kind (a chi's lowest) and whether it is a kong (else a pon or chi), closed,
/// a chi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Meld {
    pub kind: u8,
    pub kong: bool,
    pub closed: bool,
    pub run: bool,
}

impl Meld {
    /// The call it is.
    pub fn call_kind(self) -> CallKind {
        match (self.run, self.kong, self.closed) {
            (true, _, _) => CallKind::Chi,
            (_, false, _) => CallKind::Pon,
            (_, true, false) => CallKind::Kan,
            (_, true, true) => CallKind::ClosedKan,
        }
    }
}

/// One seat's tiles and standing in the hand.
#[derive(Clone, Debug)]
pub(super) struct RoomSeat {
    /// Concealed tiles by kind (1m … 7z).
    pub counts: [u8; 34],
    /// Its discards this hand still in its river (not called), by kind.
    pub river: [u8; 34],
    pub melds: [Meld; 4],
    pub n_melds: u8,
    /// The void suit declared (0 m, 1 p, 2 s).
    pub void: Option<u8>,
    /// Won this hand: out of play.
    pub won: bool,
    /// Discards made this hand.
    pub discards: u8,
    /// The kong money this seat took from each seat this hand (for 退税, 荒庄荒杠).
    pub kong_in: [i64; 4],
    /// The flowers it set aside this hand (Guobiao's `flowers`).
    pub flowers: u8,
    /// It opened a kong (开杠, 长沙): its hand is locked, each tile it draws played at once.
    pub locked: bool,
    /// 南昌 (`jing_chi`): the 精 points each seat's discards gave its chis, and the seat whose
    /// 精 it chowed last (for 包, `jing_bao`).
    pub fed: [u8; 4],
    pub last_fed: Option<u8>,
}

impl Default for RoomSeat {
    fn default() -> RoomSeat {
        RoomSeat {
            counts: [0; 34],
            river: [0; 34],
            melds: Default::default(),
            n_melds: 0,
            void: None,
            won: false,
            discards: 0,
            kong_in: [0; 4],
            flowers: 0,
            locked: false,
            fed: [0; 4],
            last_fed: None,
        }
    }
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
    /// Every seat picks a tile to pass (换三张, Sichuan), three times over.
    Exchange,
    /// The wall's last tile offered to `seat` (要海底, 长沙), `first` the first seat offered
    /// it.
    SeaBottom { seat: u8, first: u8 },
    /// `seat` made a kong and is ready (开杠, 长沙): it opens it or draws one replacement.
    OpenKong { seat: u8 },
    /// `seat` opened its kong, `tiles` turned: it may win on `best`, the one that pays it
    /// most (杠上开花).
    Opened { seat: u8, tiles: [u8; 2], best: u8 },
    /// The seats still in answer the tiles `from` turned and did not win on (杠上炮): each
    /// seat offered a win on the one that pays it most (`best`).
    OpenClaims {
        from: u8,
        tiles: [u8; 2],
        best: [u8; 4],
    },
    /// Every seat declares its void suit (Sichuan); `drew` the dealer's fourteenth (after an
    /// exchange that passed it on, the last tile the dealer got).
    Void { drew: u8 },
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

/// A game of a Chinese room at the table ([`Room`]): pon and kong (chi in 长沙), kongs paid
/// at once, every payment told with its reason ([`RoomEvent::Pay`]).
///
/// - **Sichuan 血战到底**: 108 suited tiles, each seat's void suit declared and kept, wins on
///   discards by several seats at once (一炮多响), the hand played on after each win until
///   three have won or the wall is drawn (刮风下雨 for the kongs), the checks at the wall's end.
/// - **红中麻将**: 108 suited tiles and four 红中, every 红中 wild (never discarded, never
///   called), self-drawn wins (or discards, a switch), the birds drawn for a win (抓码), the
///   hand over at its win.
/// - **长沙麻将**: 108 suited tiles, chi from the seat before, a small win on a 2-5-8 pair or
///   the big wins with any, the starting hand's small wins paid at the deal, the birds each
///   naming a seat (扎鸟), the dealer's extra, the hand over at its win (several may win on
///   one discard).
/// - **Guobiao** (MCR): all 136 tiles, chi from the seat before, a win of 8 fans or more
///   (the scorer's fans; 和绝张, 妙手回春, 海底捞月, 杠上开花 and 抢杠和 read from the table),
///   paid `8 + fans` by its discarder and 8 by each other seat, `8 + fans` by each on a
///   self-draw; kongs pay nothing; the deal passes every hand, the round wind turns every
///   four.
/// - **南昌麻将**: all 136 tiles, the 精 turned from the wall's end at each hand's start (its
///   kind the 正精, the next the 副精, both wild, never called — but chowed under `jing_chi`, four of one kind konged under `jing_kong`), chi from the seat before, a
///   win the 南昌 scorer's paid by every seat (the discarder twice) or the discarder alone,
///   the dealer's payments doubled, the 精 of every hand settled at a won hand's end.
///
/// Seeded as [`crate::game::Game`] is (the seed's walls, the room's tiles in their order). A
/// few hundred bytes; nothing allocated a step but the events (kept) and a win's score.
///
/// ```
/// use hupai::game::room::{HongzhongRules, RoomGame, SichuanRules};
/// use hupai::game::Seed;
/// let mut game = RoomGame::new(SichuanRules::default(), Seed::from_u64(7));
/// while let Some(seat) = game.to_act().first() {
///     let action = game.legal(seat).iter().next().unwrap(); // the first legal action
///     game.step(seat, action).unwrap();
/// }
/// assert!(game.is_over());
/// assert_eq!(game.scores().iter().sum::<i64>(), 0); // every payment has a payee
/// let mut game = RoomGame::new(HongzhongRules::default(), Seed::from_u64(7));
/// while let Some(seat) = game.to_act().first() {
///     game.step(seat, game.legal(seat).iter().next().unwrap()).unwrap();
/// }
/// assert_eq!(game.scores().iter().sum::<i64>(), 0);
/// ```
#[derive(Clone)]
pub struct RoomGame {
    pub(super) room: Room,
    pub(super) engine: Engine<'static>,
    pub(super) seed: Seed,
    /// The walls given for the game's hands, in order ([`RoomGame::with_walls`]); none: the
    /// seed's.
    pub(super) walls: Vec<[u8; 144]>,
    pub(super) hand: u16,
    pub(super) dealer: u8,
    pub(super) first_winner: Option<u8>,
    /// The discarder when the hand's first win was several seats on its discard (通炮).
    pub(super) tong_pao: Option<u8>,
    /// The hand's wall, kinds (its first `room.tiles()`; a flower [`Room::FLOWER`]); drawn
    /// from `head`, kong and flower replacements from `tail`; the last `reserve` before
    /// `tail` kept back (the birds).
    pub(super) wall: [u8; 144],
    pub(super) head: u8,
    pub(super) tail: u8,
    pub(super) reserve: u8,
    pub(super) seats: [RoomSeat; 4],
    /// The tiles of each kind in sight: discarded, or shown in a call (a closed kong's
    /// are not), for Guobiao's 和绝张.
    pub(super) shown: [u8; 34],
    /// The hand's 正精 (南昌: turned at its start), and its two wild kinds.
    pub(super) jing: Option<u8>,
    pub(super) wild: TileSet,
    /// A call made this hand (no 天胡 / 地胡 after it).
    pub(super) called: bool,
    /// The last kong's konger and what each seat paid for it, while its konger's discard
    /// after it may still be won on (呼叫转移).
    pub(super) last_kong: Option<(u8, [i64; 4])>,
    pub(super) phase: Phase,
    /// The seat that took the wall's last tile, or was first offered it when every seat
    /// passed (要海底, 长沙): it deals after a drawn hand.
    pub(super) sea_bottom: Option<u8>,
    /// The tiles each seat picked to pass (换三张), the first `passed` of them.
    pub(super) passing: [[u8; 3]; 4],
    pub(super) passed: u8,
    /// The seats answering a claim: their options and answers.
    pub(super) options: [RoomActions; 4],
    pub(super) answers: [Option<RoomAction>; 4],
    /// The actions of the seat in its turn.
    pub(super) turn_actions: RoomActions,
    pub(super) scores: [i64; 4],
    /// The hits of the birds just drawn on each seat (长沙).
    pub(super) bird_on: [u8; 4],
    pub(super) events: Vec<RoomEvent>,
}

impl RoomGame {
    /// A game of `room` (its rules: [`super::SichuanRules`], [`super::HongzhongRules`],
    /// [`super::ChangshaRules`], [`super::GuobiaoRules`], [`super::NanchangRules`]), its walls
    /// from `seed`. A stake or hands of 0 are read as 1 and birds beyond 8 in all as 8
    /// ([`Room::set`] refuses them).
    pub fn new(room: impl Into<Room>, seed: Seed) -> RoomGame {
        let room = room.into().normalized();
        let rules = room.engine_rules();
        let mut g = RoomGame {
            room,
            engine: Engine::new(rules),
            seed,
            walls: Vec::new(),
            hand: 0,
            dealer: 0,
            first_winner: None,
            tong_pao: None,
            wall: [0; 144],
            shown: [0; 34],
            jing: None,
            wild: TileSet::EMPTY,
            head: 0,
            tail: 0,
            reserve: 0,
            seats: Default::default(),
            called: false,
            last_kong: None,
            phase: Phase::Over,
            sea_bottom: None,
            passing: [[0; 3]; 4],
            passed: 0,
            options: [RoomActions::EMPTY; 4],
            answers: [None; 4],
            turn_actions: RoomActions::EMPTY,
            scores: [0; 4],
            bird_on: [0; 4],
            events: Vec::with_capacity(256),
        };
        g.start_hand();
        g
    }

    /// One hand on `wall` (kinds 0 1m … 26 9s — and 33 7z in 红中麻将, every kind to 33 in
    /// Guobiao and 南昌 —, four of each, and Guobiao's eight flowers as [`Room::FLOWER`] when
    /// it plays them; drawn from the front: thirteen a seat in turns from `dealer`, a flower
    /// dealt set aside and the seat's next tile dealt in its place, the dealer's fourteenth,
    /// then the draws; kong and flower replacements from the back), `dealer` dealing: the game ends after
    /// it. Refused ([`GameError::BadWall`]) when the wall is not the room's tiles.
    ///
    /// ```
    /// use hupai::game::room::{RoomGame, SichuanRules};
    /// let mut wall = [0u8; 108];
    /// (0..108).for_each(|i| wall[i] = (i % 27) as u8);
    /// let game = RoomGame::at_hand(SichuanRules::default(), 0, &wall).unwrap();
    /// assert_eq!(game.hand(0).iter().sum::<u8>(), 14);
    /// wall[0] = 1; // five 2m, three 1m
    /// assert!(RoomGame::at_hand(SichuanRules::default(), 0, &wall).is_err());
    /// ```
    pub fn at_hand(room: impl Into<Room>, dealer: u8, wall: &[u8]) -> Result<RoomGame, GameError> {
        RoomGame::with_walls(room, dealer, &[wall])
    }

    /// A game of one hand a wall of `walls`, in order, `dealer` dealing the first (each wall
    /// as [`RoomGame::at_hand`] takes it; the room's rules name the next dealers): what a
    /// server that shuffles its own walls plays, and how a whole game is written by hand.
    /// Refused ([`GameError::BadWall`]) for no wall or one that is not the room's tiles.
    ///
    /// ```
    /// use hupai::game::room::{RoomGame, SichuanRules};
    /// let wall: Vec<u8> = (0..108).map(|i| (i % 27) as u8).collect();
    /// let game = RoomGame::with_walls(SichuanRules::default(), 0, &[&wall, &wall]).unwrap();
    /// assert_eq!(game.room().hands(), 2);
    /// assert!(RoomGame::with_walls(SichuanRules::default(), 0, &[]).is_err());
    /// ```
    pub fn with_walls(
        room: impl Into<Room>,
        dealer: u8,
        walls: &[&[u8]],
    ) -> Result<RoomGame, GameError> {
        let room = room.into();
        let right = |k: usize| room.copies(k);
        let mut given = Vec::with_capacity(walls.len());
        for wall in walls {
            let mut n = [0u8; 35];
            for &k in *wall {
                *n.get_mut(k as usize).ok_or(GameError::BadWall)? += 1;
            }
            if wall.len() != room.tiles() || n.iter().enumerate().any(|(k, &c)| c != right(k)) {
                return Err(GameError::BadWall);
            }
            let mut w = [0u8; 144];
            w[..wall.len()].copy_from_slice(wall);
            given.push(w);
        }
        let hands = u16::try_from(given.len()).map_err(|_| GameError::BadWall)?;
        if hands == 0 {
            return Err(GameError::BadWall);
        }
        if dealer > 3 {
            return Err(GameError::NoSeat {
                seat: dealer.into(),
            });
        }
        let mut g = RoomGame::new(room.with_hands(hands), Seed::from_u64(0));
        g.events.clear();
        (g.walls, g.dealer) = (given, dealer);
        g.start_hand();
        Ok(g)
    }

    /// The seats that must answer now (none once the game is over).
    pub fn to_act(&self) -> Seats {
        match self.phase {
            Phase::Turn { seat, .. } => Seats(1 << seat),
            Phase::Exchange
            | Phase::SeaBottom { .. }
            | Phase::OpenKong { .. }
            | Phase::Opened { .. }
            | Phase::OpenClaims { .. }
            | Phase::Void { .. }
            | Phase::Claims { .. } => Seats(
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
            Phase::Exchange
            | Phase::SeaBottom { .. }
            | Phase::OpenKong { .. }
            | Phase::Opened { .. }
            | Phase::OpenClaims { .. }
            | Phase::Void { .. }
            | Phase::Claims { .. }
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
    /// use hupai::game::room::{RoomAction, RoomGame, SichuanRules};
    /// use hupai::game::{GameError, Seed};
    /// let mut game = RoomGame::new(SichuanRules::default(), Seed::from_u64(1));
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

    /// The events so far (since [`RoomGame::clear_events`]).
    pub fn events(&self) -> &[RoomEvent] {
        &self.events
    }

    /// The events so far appended to `out` as JSON lines, each ending in `\n`
    /// ([`RoomEvent::write_json`]): what every door hands on.
    ///
    /// ```
    /// use hupai::game::room::{HongzhongRules, RoomGame};
    /// use hupai::game::Seed;
    /// let game = RoomGame::new(HongzhongRules::default(), Seed::from_u64(1));
    /// let mut text = String::new();
    /// game.write_events(&mut text);
    /// assert!(text.starts_with(r#"{"type":"deal","hand":0"#) && text.ends_with('\n'));
    /// ```
    pub fn write_events(&self, out: &mut String) {
        for e in &self.events {
            e.write_json(out);
            out.push('\n');
        }
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

    /// The room played and its rules.
    pub fn room(&self) -> &Room {
        &self.room
    }

    /// The win rules the table checks hands under (the room's preset with its switches:
    /// 红中's seven pairs and 四红中, …), for an [`crate::Engine`] of the caller's.
    ///
    /// ```
    /// use hupai::game::room::{Room, RoomGame};
    /// use hupai::game::Seed;
    /// let game = RoomGame::new(Room::named("changsha").unwrap(), Seed::from_u64(1));
    /// assert_eq!(game.rules(), &hupai::Rules::changsha());
    /// ```
    pub fn rules(&self) -> &Rules {
        self.engine.rules()
    }

    /// Tiles left to draw (the birds kept back not counted).
    pub fn tiles_left(&self) -> u8 {
        self.tail - self.head - self.reserve
    }

    /// `seat`'s concealed tiles by kind (1m … 7z). Panics for a seat above 3.
    pub fn hand(&self, seat: u8) -> &[u8; 34] {
        &self.seats[seat as usize].counts
    }

    /// The flowers `seat` has set aside this hand (Guobiao playing them). Panics for a seat
    /// above 3.
    pub fn flowers(&self, seat: u8) -> u8 {
        self.seats[seat as usize].flowers
    }

    /// `seat`'s void suit (0 m, 1 p, 2 s), once declared (Sichuan). Panics for a seat above 3.
    pub fn void(&self, seat: u8) -> Option<u8> {
        self.seats[seat as usize].void
    }

    /// The tiles `seat` picked to pass this hand (换三张, Sichuan), in order: the picks so far
    /// during the exchange, the three passed after it; none without one. Panics for a seat
    /// above 3.
    ///
    /// ```
    /// use hupai::game::room::{Room, RoomGame};
    /// use hupai::game::Seed;
    /// let mut room = Room::named("sichuan").unwrap();
    /// room.set("exchange", "across").unwrap();
    /// let mut game = RoomGame::new(room, Seed::from_u64(1));
    /// let pick = game.legal(0).iter().next().unwrap(); // a tile of a suit it holds three of
    /// game.step(0, pick).unwrap();
    /// assert!(game.passing(0).is_empty()); // taken when every seat has picked
    /// for seat in 1..4 {
    ///     game.step(seat, game.legal(seat).iter().next().unwrap()).unwrap();
    /// }
    /// assert_eq!(game.passing(0).len(), 1);
    /// ```
    pub fn passing(&self, seat: u8) -> &[u8] {
        &self.passing[seat as usize][..self.passed as usize]
    }

    /// `seat`'s calls in the order made: the call and its tile (a chi's lowest). Panics for a
    /// seat above 3.
    ///
    /// ```
    /// use hupai::game::room::{RoomGame, SichuanRules};
    /// use hupai::game::Seed;
    /// let game = RoomGame::new(SichuanRules::default(), Seed::from_u64(1));
    /// assert_eq!(game.melds(0).count(), 0);
    /// ```
    pub fn melds(&self, seat: u8) -> impl Iterator<Item = (CallKind, Tile)> + '_ {
        let s = &self.seats[seat as usize];
        s.melds[..s.n_melds as usize]
            .iter()
            .map(|m| (m.call_kind(), Tile::from_index(m.kind as usize)))
    }

    /// The hand's 正精 (南昌麻将: turned from the wall's end after the deal; the next kind is
    /// the 副精, both wild), none in the other rooms.
    ///
    /// ```
    /// use hupai::game::room::{NanchangRules, RoomGame};
    /// use hupai::game::Seed;
    /// let game = RoomGame::new(NanchangRules::default(), Seed::from_u64(1));
    /// assert!(game.jing().is_some());
    /// ```
    pub fn jing(&self) -> Option<Tile> {
        self.jing.map(|k| Tile::from_index(k as usize))
    }

    /// The wild kinds this hand: the rules' (红中's 7z) and the hand's (南昌's 精).
    pub(super) fn wild_kinds(&self) -> TileSet {
        TileSet(self.engine.rules().wild.0 | self.wild.0)
    }

    /// The tile answered in a claim now (a discard, or an added kong's), if any.
    pub(super) fn claimed(&self) -> Option<u8> {
        match self.phase {
            Phase::Claims { tile, .. } => Some(tile),
            _ => None,
        }
    }

    /// Whether a tile of kind `k` may be called, konged or won on now: the room's kinds but
    /// its wildcards (红中's 7z, the hand's 精).
    pub(super) fn callable(&self, k: usize) -> bool {
        self.room.callable(k) && self.wild.0 >> k & 1 == 0
    }

    /// Whether the seats are picking the tiles they pass (换三张, Sichuan): then the
    /// "discard" actions ([`RoomAction::discard`]) pick a tile to pass, not a discard.
    ///
    /// ```
    /// use hupai::game::room::{Room, RoomGame};
    /// use hupai::game::Seed;
    /// let mut room = Room::named("sichuan").unwrap();
    /// assert!(!RoomGame::new(room, Seed::from_u64(1)).exchanging());
    /// room.set("exchange", "dice").unwrap();
    /// assert!(RoomGame::new(room, Seed::from_u64(1)).exchanging());
    /// ```
    pub fn exchanging(&self) -> bool {
        self.phase == Phase::Exchange
    }

    /// Whether `seat` has won this hand. Panics for a seat above 3.
    pub fn has_won(&self, seat: u8) -> bool {
        self.seats[seat as usize].won
    }
}
