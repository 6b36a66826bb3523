//! The review's walk through a round of a regional room (the rooms do not play at the table
//! yet: a riichi round is read at the table, `super::at_table`): each seat's hand, calls and
//! the tiles in sight kept from the round's events, each discard judged, each call chance
//! weighed.

use super::calls::{chance, seen_beside, CallChance, Caller};
use super::decision::{Decision, GaveUp, ReviewOptions};
use super::event::{Event, Round};
use super::judge::{judge, Moment};
use crate::analysis::Engine;
use crate::meld::Meld;
use crate::score::{Call, CallKind, Win};
use crate::tile::{Tile, KINDS};

/// The decisions of one round of a room, read from its events; the counts the odds gave up on, or
/// `None` when `stop` said stop.
pub(super) fn walk_round(
    engine: &Engine<'_>,
    index: usize,
    round: &Round,
    opts: &ReviewOptions,
    stop: &dyn Fn() -> bool,
    out: &mut Vec<Decision>,
    chances: &mut Vec<CallChance>,
) -> Option<GaveUp> {
    let mut hands = [[0u8; KINDS]; 4];
    let mut red = [[0u8; 3]; 4];
    for (s, tiles) in round.hands.iter().enumerate() {
        for t in tiles {
            hands[s][t.tile.index()] += 1;
            red[s][t.tile.index() / 9 % 3] += u8::from(t.red);
        }
    }
    let mut melds: [Vec<Meld>; 4] = Default::default();
    let mut calls: [Vec<Call>; 4] = Default::default();
    let mut riichi = [false; 4];
    // Every tile each seat can see beyond its own hand: the rivers, the calls, the indicators.
    let mut visible = [0u8; KINDS];
    if let Some(d) = round.dora.first() {
        visible[d.tile.index()] += 1;
    }
    let (mut kongs, mut live_draws, mut stopped) = (0usize, 0u32, GaveUp::default());
    let mut nth = [0u32; 4];
    let mut after_kong = false;
    let dealer = round.kyoku as usize % 4;
    let wind = |n: usize| Tile::from_index(27 + n % 4);
    for (turn, e) in round.events.iter().enumerate() {
        match e {
            Event::Draw { seat, tile } => {
                hands[*seat as usize][tile.tile.index()] += 1;
                red[*seat as usize][tile.tile.index() / 9 % 3] += u8::from(tile.red);
                if !after_kong {
                    live_draws += 1;
                }
                after_kong = false;
            }
            Event::Discard {
                seat,
                tile,
                riichi: r,
                ..
            } => {
                let s = *seat as usize;
                nth[s] += 1;
                if opts.seat.is_none_or(|o| o == *seat) && !riichi[s] {
                    if stop() {
                        return None;
                    }
                    // The seat's draws left: a quarter of the live wall after this discard.
                    let live = 70u32.saturating_sub(live_draws + kongs as u32);
                    let seen = seen_beside(&visible, &melds[s]);
                    let moment = Moment {
                        hand: &hands[s],
                        red: red[s],
                        melds: &melds[s],
                        calls: &calls[s],
                        seen: &seen,
                        draws: (live / 4).min(17),
                        win: Win {
                            seat_wind: wind((s + 4 - dealer) % 4),
                            round_wind: wind(round.kyoku as usize / 4),
                            dora: round.dora.iter().take(kongs + 1).map(|t| t.tile).collect(),
                            honba: round.honba,
                            riichi_sticks: round.sticks,
                            ..Win::default()
                        },
                        wild: round.wild,
                        allowed: None,
                    };
                    let (d, gave_up) = judge(engine, &moment, tile.tile, opts, stop);
                    stopped += gave_up;
                    if let Some(d) = d {
                        out.push(Decision {
                            round: index,
                            turn,
                            seat: *seat,
                            nth: nth[s],
                            ..d
                        });
                    }
                }
                riichi[s] |= *r;
                hands[s][tile.tile.index()] -= 1;
                red[s][tile.tile.index() / 9 % 3] -= u8::from(tile.red);
                visible[tile.tile.index()] += 1;
                after_kong = false;
                // The calls the other seats could make on it, and the one made.
                let taken = match round.events.get(turn + 1) {
                    Some(Event::Call {
                        seat: q,
                        kind,
                        from: Some(f),
                        ..
                    }) if *f == *seat => Some((*q, *kind)),
                    _ => None,
                };
                for q in (1..4).map(|d| (s + d) % 4) {
                    if riichi[q] || opts.seat.is_some_and(|o| o as usize != q) {
                        continue;
                    }
                    let seen = seen_beside(&visible, &melds[q]);
                    let caller = Caller {
                        hand: &hands[q],
                        melds: &melds[q],
                        seen: &|| seen,
                        wild: round.wild,
                    };
                    if let Some(c) = chance(engine, &caller, tile.tile, q == (s + 1) % 4) {
                        chances.push(CallChance {
                            round: index,
                            turn,
                            seat: q as u8,
                            from: *seat,
                            taken: taken.filter(|t| t.0 as usize == q).map(|t| t.1),
                            ..c
                        });
                    }
                }
            }
            Event::Call {
                seat,
                kind,
                tiles,
                added,
                ..
            } => {
                let s = *seat as usize;
                let (from_hand, shown): (&[_], &[_]) = match (kind, added) {
                    (CallKind::ClosedKan, _) => (tiles, tiles),
                    (_, true) => (&tiles[..1], &tiles[..1]),
                    // The called tile is in the discarder's river already.
                    _ => (&tiles[1..], &tiles[1..]),
                };
                for t in from_hand {
                    hands[s][t.tile.index()] -= 1;
                    red[s][t.tile.index() / 9 % 3] -= u8::from(t.red);
                }
                for t in shown {
                    visible[t.tile.index()] += 1;
                }
                let lowest = tiles.iter().map(|t| t.tile.index()).min().unwrap_or(0);
                let reds = tiles.iter().filter(|t| t.red).count() as u8;
                if let Ok(call) = Call::new(*kind, Tile::from_index(lowest), reds) {
                    if *added {
                        melds[s].retain(|m| !(m.tiles().contains(Tile::from_index(lowest))));
                        calls[s].retain(|c| c.tile().index() != lowest);
                    }
                    melds[s].push(call.meld());
                    calls[s].push(call);
                }
                if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                    kongs += 1;
                    after_kong = true;
                    if let Some(d) = round.dora.get(kongs) {
                        visible[d.tile.index()] += 1;
                    }
                }
            }
        }
    }
    Some(stopped)
}
