//! The table's state: the `Game`, who answers now, the decisions taken, and the audit of
//! its invariants.

use super::action::{Action, Actions};
use super::error::GameError;
use super::event::GameEvent;
use super::ids::TileIds;
use super::rules::GameRules;
use super::seat::{Seat, RED_IDS};
use super::wall::{self, Seed, Shuffles};
use crate::analysis::Engine;
use crate::rules::Rules;
use crate::score::riichi::Scratch;
use crate::score::{RiichiScore, Win, WinningHand};
use std::fmt;

/// Where a round starts: its number (0 east 1, 4 south 1, 8 west 1), honba, the riichi
/// sticks on the table and each seat's points.
///
/// ```
/// use hupai::game::RoundStart;
/// let s = RoundStart { round: 4, honba: 0, sticks: 0, scores: [25_000; 4] };
/// assert_eq!(s.round % 4, 0); // seat 0 deals south 1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundStart {
    /// 0 for east 1 … 4 for south 1 …; the dealer is seat `round % 4`.
    pub round: u8,
    /// Honba.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Each seat's points.
    pub scores: [i32; 4],
}

/// Who answers now: a seat in its turn, or the seats that may claim a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The seat holds 14 tiles (after a draw or a call) and plays.
    Turn(u8),
    /// Seats may claim a discard (or an added kan's tile): each with an option answers.
    Claims,
    /// The game is over.
    Over,
}

/// The seats that must answer now, a bit each.
///
/// ```
/// use hupai::game::Seats;
/// let s = Seats(0b0110);
/// assert_eq!(s.first(), Some(1));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [1, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats(pub u8);

impl Seats {
    /// The lowest seat.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..4u8).filter(move |s| self.0 >> s & 1 == 1)
    }

    /// Whether `seat` is one.
    pub fn contains(self, seat: u8) -> bool {
        seat < 4 && self.0 >> seat & 1 == 1
    }
}

/// Where walls come from: a seed's shuffles, or walls given one a round.
#[derive(Clone, Debug)]
pub(super) enum Walls {
    Seed(Shuffles),
    Given,
}

/// The discard (or added kan's tile) seats may claim now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Claim {
    /// The tile id.
    pub(super) tile: u8,
    /// Its discarder (or the seat adding to its pon).
    pub(super) from: u8,
    /// A tile added to a pon (槍槓 only), or a closed kan (国士 only).
    pub(super) kan: Option<KanClaim>,
    /// What each seat may do.
    pub(super) options: [Actions; 4],
    /// What each seat answered.
    pub(super) answers: [Option<Action>; 4],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KanClaim {
    Added,
    Closed,
}

/// The scorer's buffers: a clone starts with empty ones (they hold nothing between checks).
#[derive(Debug, Default)]
pub(super) struct Buffers(pub(super) Scratch);

impl Clone for Buffers {
    fn clone(&self) -> Buffers {
        Buffers(Scratch::reserved())
    }
}

/// A game at the table: the wall, the four seats, the scores, whose turn it is and what each
/// seat may do. A few KB, `Clone` (a search clones it); nothing allocated after its start but
/// the events of a round (kept) and the scoring of a win. Seats are 0 to 3: [`Game::step`]
/// refuses another with [`GameError::NoSeat`], [`Game::legal`] answers it nothing, and the
/// accessors that read a seat (`hand`, `observe` …) panic on it as a slice index does — a
/// door reads a caller's number with [`super::seat_of`] first.
#[derive(Clone)]
pub struct Game {
    pub(super) rules: GameRules,
    pub(super) engine: Engine<'static>,
    pub(super) walls: Walls,
    /// Shuffles made so far.
    pub(super) shuffles: u32,
    /// The red five ids, a bit each (none without aka).
    pub(super) reds: TileIds,
    pub(super) wall: [u8; 136],
    /// The next live draw's index.
    pub(super) next: u8,
    /// Kans made this round (replacement tiles taken).
    pub(super) kans: u8,
    /// The seats that made them, a bit each.
    pub(super) kan_seats: u8,
    /// Dora indicators shown.
    pub(super) dora: u8,
    /// Kan dora to show after the next discard.
    pub(super) dora_pending: u8,
    pub(super) seats: [Seat; 4],
    pub(super) scores: [i32; 4],
    /// 0 for east 1, 4 for south 1, 8 for west 1.
    pub(super) round: u8,
    pub(super) honba: u32,
    pub(super) sticks: u32,
    pub(super) phase: Phase,
    /// What the seat in its turn may do.
    pub(super) turn_actions: Actions,
    pub(super) claim: Claim,
    /// No call yet this round.
    pub(super) clean: bool,
    /// Discards this round.
    pub(super) discards: u8,
    /// The seat whose riichi discard waits for the claims.
    pub(super) riichi_pending: Option<u8>,
    /// The turn's tile came from the dead wall.
    pub(super) rinshan: bool,
    /// The game has ended.
    pub(super) finished: bool,
    /// The points in play: the scores and the sticks on the table.
    pub(super) total: i32,
    pub(super) events: Vec<GameEvent>,
    pub(super) scratch: Buffers,
    pub(super) hand: WinningHand,
    /// The last win's score, its lists kept.
    pub(super) score: RiichiScore,
    pub(super) win: Win,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("round", &self.round)
            .field("honba", &self.honba)
            .field("scores", &self.scores)
            .field("phase", &self.phase)
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A game under `rules`, its walls shuffled from `seed` as Tenhou shuffles them.
    pub fn new(rules: GameRules, seed: Seed) -> Game {
        let mut g = Game::empty(rules, Walls::Seed(Shuffles::at(&seed, 0)));
        let wall = g.next_wall().expect("a seeded game draws its walls");
        g.start_round(wall);
        g
    }

    /// A game whose first round is played on `wall` (tile ids head to tail, see
    /// [`Seed`]); each next round's wall is asked of [`Game::next_wall_needed`] and given by
    /// [`Game::give_wall`].
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let wall = Seed::from_u64(3).wall(0);
    /// let a = Game::with_wall(GameRules::default(), wall).unwrap();
    /// let b = Game::new(GameRules::default(), Seed::from_u64(3));
    /// assert_eq!(a.events(), b.events());
    /// assert!(Game::with_wall(GameRules::default(), [0; 136]).is_err());
    /// ```
    pub fn with_wall(rules: GameRules, wall: [u8; 136]) -> Result<Game, GameError> {
        if !wall::is_wall(&wall) {
            return Err(GameError::BadWall);
        }
        let mut g = Game::empty(rules, Walls::Given);
        g.shuffles = 1;
        g.start_round(wall);
        Ok(g)
    }

    /// A game that starts at any round, as `start` sets it, on `wall`: a record's round
    /// replayed, a server's table resumed. Its later rounds' walls are given
    /// ([`Game::give_wall`]).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, RoundStart, Seed};
    /// let start = RoundStart { round: 5, honba: 2, sticks: 1, scores: [30_000, 20_000, 24_000, 25_000] };
    /// let game = Game::at_round(GameRules::default(), start, Seed::from_u64(1).wall(0)).unwrap();
    /// assert_eq!(game.round(), 5);
    /// assert_eq!(game.to_act().first(), Some(1)); // south 2: seat 1 deals
    /// assert_eq!(game.audit(), Ok(()));
    /// ```
    pub fn at_round(
        rules: GameRules,
        start: RoundStart,
        wall: [u8; 136],
    ) -> Result<Game, GameError> {
        if !wall::is_wall(&wall) {
            return Err(GameError::BadWall);
        }
        let total = start.scores.iter().sum::<i32>() + 1000 * start.sticks as i32;
        let mut g = Game::empty(rules, Walls::Given);
        g.total = total;
        g.round = start.round;
        g.honba = start.honba;
        g.sticks = start.sticks;
        g.scores = start.scores;
        g.shuffles = 1;
        g.start_round(wall);
        Ok(g)
    }

    pub(super) fn empty(rules: GameRules, walls: Walls) -> Game {
        let reds = if rules.scoring.red_fives {
            RED_IDS.into_iter().collect()
        } else {
            TileIds::EMPTY
        };
        // A hand with four calls, emptied: its buffer holds any seat's calls unallocated.
        let mut hand = WinningHand::new(
            "11m",
            "1m",
            &["pon 222m", "pon 333m", "pon 444m", "pon 666m"],
        )
        .expect("a hand with four pons");
        hand.set_calls(std::iter::empty());
        Game {
            rules,
            engine: Engine::new(Rules::riichi()),
            walls,
            shuffles: 0,
            reds,
            wall: [0; 136],
            next: 0,
            kans: 0,
            kan_seats: 0,
            dora: 0,
            dora_pending: 0,
            seats: std::array::from_fn(|_| Seat::new()),
            scores: [rules.start; 4],
            round: 0,
            honba: 0,
            sticks: 0,
            phase: Phase::Over,
            turn_actions: Actions::EMPTY,
            claim: Claim {
                tile: 0,
                from: 0,
                kan: None,
                options: [Actions::EMPTY; 4],
                answers: [None; 4],
            },
            clean: true,
            discards: 0,
            riichi_pending: None,
            rinshan: false,
            finished: false,
            total: 4 * rules.start,
            events: {
                let mut e = Vec::with_capacity(512);
                e.push(GameEvent::StartGame);
                e
            },
            scratch: Buffers(Scratch::reserved()),
            hand,
            score: crate::score::riichi::score(
                &WinningHand::new("123m456p789s11122z", "2z", &[]).expect("a hand"),
                &Win::default(),
            )
            .map(|mut s| {
                s.yaku.reserve(32);
                s.fu_parts.reserve(32);
                s
            })
            .expect("a win with a yaku"),
            win: Win {
                dora: Vec::with_capacity(5),
                ura_dora: Vec::with_capacity(5),
                rules: rules.scoring,
                ..Win::default()
            },
        }
    }

    /// The rules played.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// Who answers now.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seats that must answer before play goes on.
    pub fn to_act(&self) -> Seats {
        match self.phase {
            Phase::Turn(s) => Seats(1 << s),
            Phase::Claims => Seats(
                (0..4u8)
                    .filter(|&s| {
                        let s = s as usize;
                        !self.claim.options[s].is_empty() && self.claim.answers[s].is_none()
                    })
                    .fold(0, |m, s| m | 1 << s),
            ),
            Phase::Over => Seats(0),
        }
    }

    /// What `seat` may do now (nothing when it has nothing to answer).
    pub fn legal(&self, seat: u8) -> Actions {
        match self.phase {
            Phase::Turn(s) if s == seat => self.turn_actions,
            Phase::Claims if seat < 4 && self.claim.answers[seat as usize].is_none() => {
                self.claim.options[seat as usize]
            }
            _ => Actions::EMPTY,
        }
    }

    /// `seat` answers with `action`; play goes on to the next decision (draws, the claims'
    /// resolution, settlements and the next round made on the way). Refused, and nothing
    /// changed, when the seat has nothing to answer or the action is not legal.
    pub fn step(&mut self, seat: u8, action: Action) -> Result<(), GameError> {
        if seat > 3 {
            return Err(GameError::NoSeat { seat: seat.into() });
        }
        if !self.to_act().contains(seat) {
            return Err(GameError::NotToAct { seat });
        }
        if !self.legal(seat).contains(action) {
            return Err(GameError::Illegal { seat, action });
        }
        match self.phase {
            Phase::Turn(_) => self.play_turn(seat, action),
            _ => {
                self.claim.answers[seat as usize] = Some(action);
                if self.to_act().0 == 0 {
                    self.resolve_claims();
                }
            }
        }
        Ok(())
    }

    /// The events of the game so far (of the current round and the ones before it since
    /// [`Game::clear_events`]).
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Forgets the events told so far (a caller that streams them clears them after each
    /// step; the buffer is kept).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Each seat's points.
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// The round: 0 for east 1, 4 for south 1, 8 for west 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Honba and riichi sticks on the table.
    pub fn sticks(&self) -> (u32, u32) {
        (self.honba, self.sticks)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.finished
    }

    /// Tiles left to draw in the live wall.
    pub fn tiles_left(&self) -> u8 {
        self.live_end().saturating_sub(self.next)
    }

    /// `seat`'s concealed tiles, by kind.
    pub fn hand(&self, seat: u8) -> &crate::tile::Counts {
        &self.seats[seat as usize].counts
    }

    /// `seat`'s concealed tile ids, a bit each.
    pub fn hand_ids(&self, seat: u8) -> TileIds {
        self.seats[seat as usize].ids
    }

    /// The tile `seat` drew this turn, if it holds one.
    pub fn drawn(&self, seat: u8) -> Option<u8> {
        self.seats[seat as usize].drawn
    }

    /// Whether tile `id` is a red five under the rules (none without aka).
    pub fn is_red_id(&self, id: u8) -> bool {
        self.is_red(id)
    }

    /// The engine the table asks (riichi rules).
    pub fn engine(&self) -> &Engine<'static> {
        &self.engine
    }

    /// `seat`'s hand as the engine reads it with `concealed` in place of its concealed tiles
    /// (its calls as melds); none when the counts do not make a hand.
    pub fn hand_with_calls(&self, seat: u8, concealed: crate::tile::Counts) -> Option<crate::Hand> {
        let (melds, n) = self.seats[seat as usize].melds();
        crate::Hand::new(concealed, &melds[..n], crate::TileSet::EMPTY).ok()
    }

    /// The tiles `seat` sees beyond its own hand and calls, by kind: every river (less the
    /// tiles called from it), the other seats' calls and the dora indicators shown.
    pub fn seen_by(&self, seat: u8) -> crate::tile::Counts {
        let mut seen = [0u8; 34];
        for (i, s) in self.seats.iter().enumerate() {
            for &id in &s.river[..s.n_river as usize] {
                if !s.claimed.contains(id) {
                    seen[(id / 4) as usize] += 1;
                }
            }
            if i != seat as usize {
                for id in s.call_ids.iter() {
                    seen[(id / 4) as usize] += 1;
                }
            }
        }
        for &at in &wall::DORA[..self.dora as usize] {
            seen[(self.wall[at] / 4) as usize] += 1;
        }
        seen
    }

    /// One past the last live draw: the dead wall grows by a tile each kan.
    pub(super) fn live_end(&self) -> u8 {
        wall::LIVE_END as u8 - self.kans
    }

    /// Whether the game waits for a wall before its next round (walls given, not seeded).
    pub fn next_wall_needed(&self) -> bool {
        matches!(self.walls, Walls::Given) && self.phase == Phase::Over && !self.finished
    }

    /// Starts the next round on `wall`, when [`Game::next_wall_needed`].
    pub fn give_wall(&mut self, wall: [u8; 136]) -> Result<(), GameError> {
        if !wall::is_wall(&wall) {
            return Err(GameError::BadWall);
        }
        if !self.next_wall_needed() {
            return Err(GameError::NotToAct { seat: 4 });
        }
        self.shuffles += 1;
        self.start_round(wall);
        Ok(())
    }

    /// The wall of the next round from the seed.
    pub(super) fn next_wall(&mut self) -> Option<[u8; 136]> {
        match &mut self.walls {
            Walls::Seed(walls) => {
                self.shuffles += 1;
                Some(walls.next_wall())
            }
            Walls::Given => None,
        }
    }

    /// Whether a tile id is a red five under the rules.
    pub(super) fn is_red(&self, id: u8) -> bool {
        self.reds.contains(id)
    }
}
