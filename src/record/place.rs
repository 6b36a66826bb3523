//! Where a record's events go: each seat's concealed tiles, the copies in play and whose
//! turn it is — what a reader needs to put a format's events in order (tenhou.net/6 lists
//! each seat's draws and discards apart, and finds whose discard a call takes and which tile
//! a ツモ切り is from the seats' tiles) and to say where a record cannot be: a tile played
//! that is not held, a fifth copy, a call of a discard that is not the last, a play out of
//! turn. Every reader places its events here, every format alike. The rules of play (the
//! legal actions, riichi, furiten, the settlements) are not here: a riichi round is played
//! once, at the table (`hupai::game`, `super::table`).

use super::event::{Event, RecordTile};
use crate::score::CallKind;
use crate::tile::{Counts, KINDS};

/// Who may play next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// The seat draws (its turn, or a kong's replacement tile).
    Draw(usize),
    /// The seat discards; after a draw it may declare a kong instead.
    Play { seat: usize, drew: bool },
    /// A seat's discard may be called; else the next seat draws.
    Claim { discarder: usize, tile: RecordTile },
}

/// The tiles each seat holds while a round's events are placed, the copies in play and the
/// turn: what every event is placed against.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// Each seat's concealed tiles.
    pub hands: [Counts; 4],
    /// Each seat's concealed red fives, per suit.
    red: [[u8; 3]; 4],
    /// Every copy seen so far of each kind (hands, calls' called tiles are counted once).
    seen: [u8; KINDS],
    /// Each seat's last drawn tile (for ツモ切り).
    pub drawn: [Option<RecordTile>; 4],
    /// Each seat's pons (the kinds), for a kong added to one.
    pons: [Vec<usize>; 4],
    next: Next,
}

impl Table {
    /// The table at a round's start: the four hands dealt, the first dora indicator shown and
    /// the dealer to draw.
    pub(crate) fn deal(
        hands: &[Vec<RecordTile>; 4],
        dora: &[RecordTile],
        dealer: usize,
    ) -> Result<Table, String> {
        let mut t = Table {
            hands: [[0; KINDS]; 4],
            red: [[0; 3]; 4],
            seen: [0; KINDS],
            drawn: [None; 4],
            pons: Default::default(),
            next: Next::Draw(dealer % 4),
        };
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != 13 {
                return Err(format!(
                    "seat {} is dealt {} tiles, not 13",
                    seat + 1,
                    hand.len()
                ));
            }
            for &tile in hand {
                t.take_in(seat, tile)?;
            }
        }
        for &d in dora.iter().take(1) {
            t.show(d)?;
        }
        Ok(t)
    }

    /// One more copy of `tile` in play (a dora indicator revealed by a kong, say); refused
    /// past four.
    pub(crate) fn show(&mut self, tile: RecordTile) -> Result<(), String> {
        let k = tile.tile.index();
        self.seen[k] += 1;
        if self.seen[k] > 4 {
            return Err(format!("a fifth copy of {}", tile.tile));
        }
        Ok(())
    }

    /// `seat` takes `tile` into its hand (dealt or drawn).
    fn take_in(&mut self, seat: usize, tile: RecordTile) -> Result<(), String> {
        self.show(tile)?;
        self.hands[seat][tile.tile.index()] += 1;
        if tile.red {
            self.red[seat][tile.tile.index() / 9] += 1;
        }
        Ok(())
    }

    /// `seat` gives up `tile` from its hand (a discard, or a tile of a call).
    fn give(&mut self, seat: usize, tile: RecordTile) -> Result<(), String> {
        let k = tile.tile.index();
        if self.hands[seat][k] == 0 {
            return Err(format!("seat {} plays {}, not held", seat + 1, tile.tile));
        }
        let red_held = if tile.tile.number() == 5 && k < 27 {
            self.red[seat][k / 9]
        } else {
            0
        };
        if tile.red && red_held == 0 {
            return Err(format!(
                "seat {} plays a red {}, not held",
                seat + 1,
                tile.tile
            ));
        }
        if !tile.red && self.hands[seat][k] == red_held {
            return Err(format!(
                "seat {} plays a plain {}, holding only the red one",
                seat + 1,
                tile.tile
            ));
        }
        self.hands[seat][k] -= 1;
        if tile.red {
            self.red[seat][k / 9] -= 1;
        }
        Ok(())
    }

    /// The seat whose discard may be called now, and the tile.
    pub(crate) fn claimable(&self) -> Option<(usize, RecordTile)> {
        match self.next {
            Next::Claim { discarder, tile } => Some((discarder, tile)),
            _ => None,
        }
    }

    /// Places `event`, or says why it cannot be.
    pub(crate) fn apply(&mut self, event: &Event) -> Result<(), String> {
        let out_of_turn = |what: &str, seat: u8| format!("seat {} {what} out of turn", seat + 1);
        match *event {
            Event::Draw { seat, tile } => {
                let s = seat as usize;
                match self.next {
                    Next::Draw(q) if q == s => {}
                    Next::Claim { discarder, .. } if (discarder + 1) % 4 == s => {}
                    _ => return Err(out_of_turn("draws", seat)),
                }
                self.take_in(s, tile)?;
                self.drawn[s] = Some(tile);
                self.next = Next::Play {
                    seat: s,
                    drew: true,
                };
            }
            Event::Discard {
                seat,
                tile,
                tsumogiri,
                ..
            } => {
                let s = seat as usize;
                if !matches!(self.next, Next::Play { seat: q, .. } if q == s) {
                    return Err(out_of_turn("discards", seat));
                }
                if tsumogiri && self.drawn[s] != Some(tile) {
                    return Err(format!(
                        "seat {} discards {} as the tile drawn, which it was not",
                        s + 1,
                        tile.tile
                    ));
                }
                self.give(s, tile)?;
                self.drawn[s] = None;
                self.next = Next::Claim { discarder: s, tile };
            }
            Event::Call {
                seat,
                kind,
                ref tiles,
                from,
                added,
            } => self.call(seat as usize, kind, tiles, from, added)?,
        }
        Ok(())
    }

    /// A call: of the last discard (`from` its discarder), or a kong from the hand (closed,
    /// or added to a pon) in the seat's turn after a draw.
    fn call(
        &mut self,
        s: usize,
        kind: CallKind,
        tiles: &[RecordTile],
        from: Option<u8>,
        added: bool,
    ) -> Result<(), String> {
        check_shape(kind, tiles)?;
        let named = || format!("{} of {}", kind.word(), names(tiles));
        match from {
            Some(from) => {
                let from = from as usize;
                let Next::Claim { discarder, tile } = self.next else {
                    return Err(format!(
                        "seat {} calls a {} with no discard",
                        s + 1,
                        named()
                    ));
                };
                if from != discarder || s == discarder || tiles[0] != tile {
                    return Err(format!(
                        "seat {} calls a {} from seat {}, but seat {} discarded {}",
                        s + 1,
                        named(),
                        from + 1,
                        discarder + 1,
                        tile.tile
                    ));
                }
                if kind == CallKind::Chi && s != (discarder + 1) % 4 {
                    return Err(format!(
                        "seat {} calls a chi from seat {}, not its left",
                        s + 1,
                        discarder + 1
                    ));
                }
                if kind == CallKind::ClosedKan || added {
                    return Err(format!("a {} is not made from a discard", named()));
                }
                for &t in &tiles[1..] {
                    self.give(s, t)?;
                }
                if kind == CallKind::Pon {
                    self.pons[s].push(tile.tile.index());
                }
                self.next = match kind {
                    CallKind::Kan => Next::Draw(s),
                    _ => Next::Play {
                        seat: s,
                        drew: false,
                    },
                };
            }
            None => {
                if self.next
                    != (Next::Play {
                        seat: s,
                        drew: true,
                    })
                {
                    return Err(format!(
                        "seat {} declares a {} out of turn (a kong follows a draw)",
                        s + 1,
                        named()
                    ));
                }
                if added {
                    let k = tiles[0].tile.index();
                    let Some(i) = self.pons[s].iter().position(|&p| p == k) else {
                        return Err(format!("seat {} adds to a pon it has not", s + 1));
                    };
                    self.pons[s].remove(i);
                    self.give(s, tiles[0])?;
                } else if kind == CallKind::ClosedKan {
                    for &t in tiles {
                        self.give(s, t)?;
                    }
                } else {
                    return Err(format!("a {} needs the discard it takes", named()));
                }
                self.next = Next::Draw(s);
            }
        }
        self.drawn[s] = None;
        Ok(())
    }
}

/// Tiles as text, one name each (`5m5m5m`).
fn names(tiles: &[RecordTile]) -> String {
    tiles.iter().map(|t| t.tile.to_string()).collect()
}

/// The tiles of a call make its shape: three in a run of one suit for a chi, three of a kind
/// for a pon, four for a kong.
fn check_shape(kind: CallKind, tiles: &[RecordTile]) -> Result<(), String> {
    let mut k: Vec<usize> = tiles.iter().map(|t| t.tile.index()).collect();
    k.sort_unstable();
    let ok = match kind {
        CallKind::Chi => {
            k.len() == 3
                && k[0] < 27
                && k[0] / 9 == k[2] / 9
                && k[1] == k[0] + 1
                && k[2] == k[0] + 2
        }
        CallKind::Pon => k.len() == 3 && k.iter().all(|&x| x == k[0]),
        _ => k.len() == 4 && k.iter().all(|&x| x == k[0]),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{} is not a {}", names(tiles), kind.word()))
    }
}
