//! The review of a riichi round as the table plays it (`super::table::play`): at each recorded
//! discard the seat's hand, calls and red fives, what it sees (the rivers less the tiles
//! called from them, the other seats' calls, the dora indicators shown), its draws left and
//! the sticks on the table are read from the table, not replayed again; after the discard,
//! every other seat's chance to call it.

use super::calls::{chance, CallChance, Caller};
use super::decision::{Decision, GaveUp, ReviewOptions};
use super::judge::{judge, Moment};
use super::table::Watch;
use crate::analysis::Engine;
use crate::game::Game;
use crate::score::{Call, CallKind, Win};
use crate::tile::{Tile, TileSet};
use std::ops::ControlFlow;

/// A round's reviewer at the table: the decisions and call chances of the seats asked for.
pub(super) struct Reviewer<'a> {
    pub engine: &'a Engine<'static>,
    /// The round's index in its record.
    pub index: usize,
    pub opts: &'a ReviewOptions,
    pub stop: &'a dyn Fn() -> bool,
    pub decisions: Vec<Decision>,
    pub chances: Vec<CallChance>,
    pub gave_up: GaveUp,
    /// Each seat's discards so far.
    nth: [u32; 4],
}

impl<'a> Reviewer<'a> {
    /// A reviewer of round `index`.
    pub fn new(
        engine: &'a Engine<'static>,
        index: usize,
        opts: &'a ReviewOptions,
        stop: &'a dyn Fn() -> bool,
    ) -> Reviewer<'a> {
        Reviewer {
            engine,
            index,
            opts,
            stop,
            decisions: Vec::new(),
            chances: Vec::new(),
            gave_up: GaveUp::default(),
            nth: [0; 4],
        }
    }

    fn reviews(&self, seat: u8) -> bool {
        self.opts.seat.is_none_or(|o| o == seat)
    }
}

impl Watch for Reviewer<'_> {
    fn before_discard(
        &mut self,
        game: &Game,
        turn: usize,
        seat: u8,
        tile: Tile,
    ) -> ControlFlow<()> {
        let s = seat as usize & 3;
        self.nth[s] += 1;
        // Discards after the seat's riichi are forced.
        if !self.reviews(seat) || game.riichi(seat) {
            return ControlFlow::Continue(());
        }
        if (self.stop)() {
            return ControlFlow::Break(());
        }
        let calls: Vec<Call> = game.calls(seat).collect();
        let seen = game.seen_by(seat);
        let wind = |n: u8| Tile::from_index(27 + (n % 4) as usize);
        let dealer = game.round() % 4;
        let (honba, sticks) = game.sticks();
        let moment = Moment {
            hand: game.hand(seat),
            red: game.red_fives(seat),
            melds: game.melds(seat),
            calls: &calls,
            seen: &seen,
            // The seat's draws left: a quarter of the live wall.
            draws: u32::from(game.tiles_left() / 4).min(17),
            win: Win {
                seat_wind: wind(seat + 4 - dealer),
                round_wind: wind(game.round() / 4),
                dora: game.dora_indicators().collect(),
                honba,
                riichi_sticks: sticks,
                ..Win::default()
            },
            wild: TileSet::EMPTY,
            allowed: None,
        };
        let (d, gave_up) = judge(self.engine, &moment, tile, self.opts, self.stop);
        self.gave_up += gave_up;
        if let Some(d) = d {
            self.decisions.push(Decision {
                round: self.index,
                turn,
                seat,
                nth: self.nth[s],
                ..d
            });
        }
        ControlFlow::Continue(())
    }

    fn after_discard(
        &mut self,
        game: &Game,
        turn: usize,
        seat: u8,
        tile: Tile,
        taken: Option<(u8, CallKind)>,
    ) {
        for q in (1..4).map(|d| (seat + d) % 4) {
            if game.riichi(q) || !self.reviews(q) {
                continue;
            }
            let caller = Caller {
                hand: game.hand(q),
                melds: game.melds(q),
                seen: &|| game.seen_by(q),
                wild: TileSet::EMPTY,
            };
            if let Some(c) = chance(self.engine, &caller, tile, q == (seat + 1) % 4) {
                self.chances.push(CallChance {
                    round: self.index,
                    turn,
                    seat: q,
                    from: seat,
                    taken: taken.filter(|t| t.0 == q).map(|t| t.1),
                    ..c
                });
            }
        }
    }
}
