//! A hand's play as its events show it, read alike by every room table's reference: the hands,
//! calls, rivers and draws, each call checked against the last discard and the tiles left.

use super::take;
use hupai::game::room::{RoomAction, RoomActions, RoomEvent};
use hupai::{Call, CallKind, Tile, WinningHand};

/// What the events of a hand have shown of its play.
#[derive(Clone)]
pub struct Seen {
    pub hands: [[u8; 34]; 4],
    pub melds: [Vec<(CallKind, u8)>; 4],
    /// Tiles lying in the rivers (a called discard leaves its river).
    pub river: u32,
    /// Tiles drawn from the wall: the deal's 52 and every draw after.
    pub drawn: u32,
    pub discards: [u32; 4],
    /// A call made this hand (no 天胡 / 地胡 after it).
    pub called: bool,
    /// The draw just read is a kong's replacement.
    pub kong_draw: bool,
    /// The seat that drew last and its tile, until it discards or calls.
    pub drew: Option<(u8, u8)>,
    /// The last discard (seat, tile) until a draw or a call takes play on.
    pub discard: Option<(u8, u8)>,
    /// The last discard followed its discarder's kong (杠上炮).
    pub after_kong: bool,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            hands: [[0; 34]; 4],
            melds: Default::default(),
            river: 0,
            drawn: 0,
            discards: [0; 4],
            called: false,
            kong_draw: false,
            drew: None,
            discard: None,
            after_kong: false,
        }
    }
}

impl Seen {
    /// The hand as dealt: thirteen tiles a seat, 52 drawn.
    pub fn dealt(hands: &[[u8; 13]; 4]) -> Seen {
        let mut seen = Seen {
            drawn: 52,
            ..Seen::default()
        };
        for (s, h) in hands.iter().enumerate() {
            h.iter().for_each(|&t| seen.hands[s][t as usize] += 1);
        }
        seen
    }

    /// Reads a play event — a draw, discard, chi, pon or kong — with `left` tiles to draw
    /// before it; false (nothing read) for any other. Panics where the play broke the rules
    /// every room shares: a discard out of turn, a call of another than the last discard or
    /// of the last tile, a chi by another than the seat after the discarder, an added kong
    /// with no pon.
    pub fn play(&mut self, e: &RoomEvent, left: u32) -> bool {
        match *e {
            RoomEvent::Draw { seat, tile } => {
                assert!(tile < 34);
                self.hands[seat as usize][tile as usize] += 1;
                self.drawn += 1;
                (self.discard, self.drew) = (None, Some((seat, tile)));
            }
            RoomEvent::Discard { seat, tile } => {
                let turn = self.drew.map_or(seat, |d| d.0);
                assert_eq!(turn, seat, "a discard out of turn");
                take(&mut self.hands[seat as usize], tile, 1);
                self.river += 1;
                self.discards[seat as usize] += 1;
                (self.discard, self.drew) = (Some((seat, tile)), None);
                (self.after_kong, self.kong_draw) = (self.kong_draw, false);
            }
            RoomEvent::Chi {
                seat,
                from,
                tile,
                low,
            } => {
                let next = (from + 1) % 4;
                assert_eq!(seat, next, "a chi of another than the seat before");
                assert_eq!(self.discard, Some((from, tile)));
                assert!(low < 27 && low % 9 <= 6 && (low..low + 3).contains(&tile));
                assert!(left > 0, "a call of the last tile");
                for k in (low..low + 3).filter(|&k| k != tile) {
                    take(&mut self.hands[seat as usize], k, 1);
                }
                self.call(seat, CallKind::Chi, low);
            }
            RoomEvent::Pon { seat, from, tile } => {
                assert_eq!(self.discard, Some((from, tile)));
                assert!(left > 0, "a call of the last tile");
                take(&mut self.hands[seat as usize], tile, 2);
                self.call(seat, CallKind::Pon, tile);
            }
            RoomEvent::Kong {
                seat,
                from,
                tile,
                added,
            } => {
                assert!(left > 0, "a kong with no tile to replace it");
                let s = seat as usize;
                match (from, added) {
                    (Some(f), _) => {
                        assert_eq!(self.discard, Some((f, tile)));
                        take(&mut self.hands[s], tile, 3);
                        self.call(seat, CallKind::Kan, tile);
                    }
                    (None, false) => {
                        take(&mut self.hands[s], tile, 4);
                        self.melds[s].push((CallKind::ClosedKan, tile));
                    }
                    (None, true) => {
                        take(&mut self.hands[s], tile, 1);
                        let m = self.melds[s]
                            .iter_mut()
                            .find(|m| *m == &(CallKind::Pon, tile))
                            .expect("an added kong's pon");
                        m.0 = CallKind::Kan;
                    }
                }
                (self.called, self.kong_draw, self.discard) = (true, true, None);
            }
            _ => return false,
        }
        true
    }

    /// `seat` calls the last discard into a meld of `kind` from `tile`.
    fn call(&mut self, seat: u8, kind: CallKind, tile: u8) {
        self.melds[seat as usize].push((kind, tile));
        self.river -= 1;
        self.called = true;
        (self.discard, self.drew) = (None, None);
    }

    /// A win on another's tile (`robbing`: the tile a konger added to its pon), for the first
    /// winner of it: the tile leaves its river or the konger's hand for the winner's.
    pub fn takes_win(&mut self, seat: u8, from: u8, tile: u8, robbing: bool) {
        self.hands[seat as usize][tile as usize] += 1;
        if robbing {
            take(&mut self.hands[from as usize], tile, 1);
        } else {
            self.river -= 1;
        }
    }

    /// `seat`'s hand `held` (the winning `tile` in it) with its calls, for a scorer.
    pub fn winning_hand(&self, seat: u8, held: &[u8; 34], tile: u8) -> Option<WinningHand> {
        let calls = self.melds[seat as usize]
            .iter()
            .map(|&(kind, t)| Call::new(kind, Tile::from_index(t as usize), 0).unwrap())
            .collect();
        WinningHand::from_parts(*held, calls, Tile::from_index(tile as usize), [0; 3]).ok()
    }

    /// Checks what `seat` is offered on `from`'s discard `tile` (`legal`) against the rules
    /// every room with chi shares: a win when `win`, pon and kong but on the last tile (`left`
    /// none), chi for the seat after the discarder alone with the run's other tiles held and
    /// none of them `wild`.
    pub fn check_claim(
        &self,
        legal: RoomActions,
        (seat, from, tile): (u8, u8, u8),
        win: bool,
        left: u32,
        wild: &dyn Fn(u8) -> bool,
    ) {
        let h = &self.hands[seat as usize];
        let n = h[tile as usize];
        let calls = left > 0;
        let mut want = vec![win, calls && n >= 2, calls && n == 3];
        for at in 0..3u8 {
            let rank = tile % 9;
            let fits = calls
                && seat == (from + 1) % 4
                && tile < 27
                && rank >= at
                && rank - at <= 6
                && (tile - at..tile - at + 3).all(|k| k == tile || h[k as usize] > 0 && !wild(k));
            want.push(fits);
        }
        let got = [
            RoomAction::WIN,
            RoomAction::PON,
            RoomAction::KONG,
            RoomAction::chi(0),
            RoomAction::chi(1),
            RoomAction::chi(2),
        ]
        .map(|a| legal.contains(a));
        assert_eq!(got.to_vec(), want, "seat {seat} on {tile} from {from}");
    }

    /// The tiles concealed, melded and in the rivers.
    pub fn tiles(&self) -> u32 {
        let held: u32 = self.hands.iter().flatten().map(|&c| u32::from(c)).sum();
        let melded: u32 = self
            .melds
            .iter()
            .flatten()
            .map(|&(k, _)| match k {
                CallKind::Kan | CallKind::ClosedKan => 4,
                _ => 3,
            })
            .sum();
        held + melded + self.river
    }
}
