//! Built-in players: what self-play, tests and a page's opponents use. Each answers from the
//! legal actions alone, in a few nanoseconds (random, tsumogiri), with the engine's
//! efficiency (ukeire) or with the odds to win within the draws left (odds).

use super::action::{Action, ActionKind, Actions};
use super::room::action::{RoomAction, RoomActions};
use super::table::Game;

/// A player: given the game and its seat (one that must answer), an action among
/// [`Game::legal`].
pub trait Agent {
    /// The action `seat` takes now.
    fn act(&mut self, game: &Game, seat: u8) -> Action;
}

/// Picks uniformly among the legal actions (SplitMix64 from its seed).
///
/// ```
/// use hupai::game::{Agent, Game, GameRules, RandomAgent, Seed};
/// let mut game = Game::new(GameRules::default(), Seed::from_u64(1));
/// let mut agent = RandomAgent::new(7);
/// let seat = game.to_act().first().unwrap();
/// let a = agent.act(&game, seat);
/// assert!(game.legal(seat).contains(a));
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent {
    state: u64,
}

impl RandomAgent {
    /// An agent whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { state: seed }
    }

    /// The next number of the sequence (SplitMix64).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform pick of `legal` (not empty).
    pub fn pick(&mut self, legal: Actions) -> Action {
        let i = self.below(legal.len());
        legal.nth(i).unwrap_or(Action::PASS)
    }

    /// A uniform number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A uniform pick of a room's `legal` actions (not empty).
    ///
    /// ```
    /// use hupai::game::room::{RoomGame, SichuanRules};
    /// use hupai::game::{RandomAgent, Seed};
    /// let game = RoomGame::new(SichuanRules::default(), Seed::from_u64(1));
    /// let a = RandomAgent::new(1).pick_room(game.legal(0)); // a void suit to declare
    /// assert!(game.legal(0).contains(a));
    /// ```
    pub fn pick_room(&mut self, legal: RoomActions) -> RoomAction {
        let i = self.below(legal.len());
        legal.nth(i).unwrap_or(RoomAction::PASS)
    }
}

impl Agent for RandomAgent {
    fn act(&mut self, game: &Game, seat: u8) -> Action {
        self.pick(game.legal(seat))
    }
}

/// Wins whenever it may, else discards the tile it drew (or after a call its first legal
/// discard) and passes every claim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tsumogiri;

impl Agent for Tsumogiri {
    fn act(&mut self, game: &Game, seat: u8) -> Action {
        let legal = game.legal(seat);
        for a in [Action::TSUMO, Action::RON, Action::PASS] {
            if legal.contains(a) {
                return a;
            }
        }
        if let Some(id) = game.drawn(seat) {
            let a = Action::discard(tile_of(id), game.is_red_id(id));
            if legal.contains(a) {
                return a;
            }
        }
        first_discard(legal)
    }
}

/// Plays for efficiency: wins whenever it may, declares riichi when it can, discards what
/// leaves the fewest shanten and then the most tiles that lower it (ukeire, the tiles in
/// sight counted), passes every claim but a win.
#[derive(Clone, Copy, Debug, Default)]
pub struct UkeireAgent;

impl Agent for UkeireAgent {
    fn act(&mut self, game: &Game, seat: u8) -> Action {
        let legal = game.legal(seat);
        answer_or(legal, || by_ukeire(game, seat, legal))
    }
}

/// Plays for the win: as [`UkeireAgent`], but a hand two from tenpai or nearer discards what
/// wins most often within its draws left (a quarter of the live wall; the odds engine,
/// docs/ODDS.md, with a budget of 20,000 hands a decision — past it, efficiency decides).
///
/// ```
/// use hupai::game::{Agent, Game, GameRules, OddsAgent, Seed};
/// let mut game = Game::new(GameRules::default(), Seed::from_u64(3));
/// let seat = game.to_act().first().unwrap();
/// let a = OddsAgent.act(&game, seat);
/// assert!(game.legal(seat).contains(a));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OddsAgent;

impl Agent for OddsAgent {
    fn act(&mut self, game: &Game, seat: u8) -> Action {
        let legal = game.legal(seat);
        answer_or(legal, || {
            by_odds(game, seat, legal).unwrap_or_else(|| by_ukeire(game, seat, legal))
        })
    }
}

/// A win when `legal` holds one, a pass of a claim, else `choose`'s action.
fn answer_or(legal: Actions, choose: impl FnOnce() -> Action) -> Action {
    for a in [Action::TSUMO, Action::RON, Action::PASS] {
        if legal.contains(a) {
            return a;
        }
    }
    choose()
}

/// The discard of `legal` that leaves the fewest shanten and then the most tiles that lower
/// it (riichi over the same discard without it).
fn by_ukeire(game: &Game, seat: u8, legal: Actions) -> Action {
    let mut best: Option<((i8, u32), Action)> = None;
    let seen = game.seen_by(seat);
    for a in legal.iter() {
        let ActionKind::Discard { tile, riichi, .. } = a.kind() else {
            continue;
        };
        let mut counts = *game.hand(seat);
        counts[tile.index()] -= 1;
        let Some(hand) = game.hand_with_calls(seat, counts) else {
            continue;
        };
        let engine = game.engine();
        let shanten = engine.shanten(&hand);
        let tiles = engine.ukeire(&hand, &seen).map(|u| u.count).unwrap_or(0);
        let key = (-shanten, tiles * 2 + riichi as u32);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, a));
        }
    }
    best.map_or_else(|| first_discard(legal), |(_, a)| a)
}

/// The discard of `legal` that wins most often within the seat's draws left (riichi over the
/// same discard without it); none for a hand past two from tenpai, or past the budget.
fn by_odds(game: &Game, seat: u8, legal: Actions) -> Option<Action> {
    let hand = game.hand_with_calls(seat, *game.hand(seat))?;
    let engine = game.engine();
    if !(0..=2).contains(&engine.shanten(&hand)) {
        return None;
    }
    let opts = crate::OddsOptions {
        draws: u32::from(game.tiles_left() / 4).clamp(1, 17),
        extra: 0,
        max_states: 20_000,
        ..crate::OddsOptions::default()
    };
    let odds = engine.odds(&hand, &game.seen_by(seat), &opts).ok()?;
    let mut best: Option<((u64, bool), Action)> = None;
    for a in legal.iter() {
        let ActionKind::Discard { tile, riichi, .. } = a.kind() else {
            continue;
        };
        let Some(row) = odds.rows.iter().find(|r| r.discard == Some(tile)) else {
            continue;
        };
        // The chance in millionths, so that near-equal floats compare as equal.
        let key = (
            (row.win.last().copied().unwrap_or(0.0) * 1e6) as u64,
            riichi,
        );
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, a));
        }
    }
    best.map(|(_, a)| a)
}

fn tile_of(id: u8) -> crate::tile::Tile {
    crate::tile::Tile::from_index((id / 4) as usize)
}

/// The first discard of `legal`, or its first action.
fn first_discard(legal: Actions) -> Action {
    legal
        .iter()
        .find(|a| matches!(a.kind(), ActionKind::Discard { riichi: false, .. }))
        .or_else(|| legal.iter().next())
        .unwrap_or(Action::PASS)
}
