//! What a room's table tells: the events of a hand, every payment with its reason.

use crate::tile::Tile;

/// Why a payment is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A win: the discarder pays (the konger of a robbed kong), or on a self-draw each seat
    /// still in.
    Win,
    /// 下雨: a closed kong, from each seat still in.
    ClosedKong,
    /// 刮风: a kong of a discard, from its discarder.
    Kong,
    /// 刮风: a pon's fourth tile added, from each seat still in.
    AddedKong,
    /// 呼叫转移: a kong's money handed to the winner its konger dealt in to right after.
    Transfer,
    /// 查花猪: a seat still holding its void suit at the wall's end.
    FlowerPig,
    /// 查大叫: a seat not ready at the wall's end pays each ready seat its best wait.
    NotReady,
    /// 退税: a seat not ready at the wall's end returns its kong money (Sichuan); 荒庄荒杠: a
    /// drawn wall returns every kong's money (红中, a switch).
    Refund,
    /// 起手小胡: the starting hand's small wins (长沙), paid at the deal.
    Opening,
    /// The 精 settled at a won hand's end (南昌): each seat's 精 paid by every other.
    Jing,
    /// 跟庄 (南昌, a switch): the three others' first discards followed the dealer's; the
    /// dealer pays each of them.
    FollowDealer,
    /// A kong's points at a won hand's end (南昌, a switch): from each other seat.
    KongBonus,
    /// 精杠: a kong of four 精's points at a won hand's end (南昌, a switch): from each
    /// other seat.
    JingKong,
    /// 回头一笑 (南昌, a switch): the last hand's 精 settled again on the tiles just dealt,
    /// at the deal: from each other seat.
    LookBack,
}

/// What happens at a room's table, in order. Tiles are kinds (0 1m … 26 9s, 33 7z).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// A hand starts: its number from 0, the dealer and the thirteen tiles dealt each seat
    /// (the dealer's fourteenth is its first draw).
    Deal {
        /// The hand's number, from 0.
        hand: u16,
        /// The dealer.
        dealer: u8,
        /// Each seat's thirteen tiles.
        hands: [[u8; 13]; 4],
    },
    /// The 精 of the hand (南昌), turned after the deal from the wall's end: `indicator` the
    /// 正精, the next kind the 副精 (`nanchang_wilds`). A second one, after a won hand's
    /// payments, is its 下精 (the switch `lower_jing`): settled at once, wild for nothing.
    Jing {
        /// The 正精's kind.
        indicator: u8,
    },
    /// 换三张 (Sichuan): the tiles each seat passed, in the order picked, each seat's going
    /// `shift` seats on (1 the next, 2 across, 3 the previous).
    Exchange {
        /// How many seats on the tiles went.
        shift: u8,
        /// The three tiles each seat passed (seat 0 first).
        given: [[u8; 3]; 4],
    },
    /// A seat's void suit (定缺): 0 m, 1 p, 2 s.
    Void {
        /// The seat.
        seat: u8,
        /// The suit.
        suit: u8,
    },
    /// A flower (Guobiao playing them) that came to `seat`, set aside. Drawn (or drawn as a
    /// replacement), the seat's next draw is from the wall's end; dealt (the dealer's
    /// fourteenth too), the seat was dealt the tile in the next place, and the deal's
    /// flowers are told after the deal, each seat's in turn from the dealer.
    Flower {
        /// The seat.
        seat: u8,
    },
    /// 开杠 (长沙): `seat` opened the kong it just made, turning `tiles` from the wall's end
    /// (the last, then the one before); it may win on one, else the others may, else both
    /// lie in its river.
    OpenKong {
        /// The konger.
        seat: u8,
        /// The two tiles turned.
        tiles: [u8; 2],
    },
    /// A seat draws.
    Draw {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
    },
    /// A seat discards.
    Discard {
        /// The seat.
        seat: u8,
        /// The tile.
        tile: u8,
    },
    /// A pon of `from`'s discard.
    Pon {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The tile.
        tile: u8,
    },
    /// A chi of `from`'s discard (长沙).
    Chi {
        /// The caller.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The tile called.
        tile: u8,
        /// The run's lowest tile.
        low: u8,
    },
    /// The starting hand's small wins of a seat (起手小胡, 长沙), shown at the deal: how many
    /// of each — 四喜, 板板胡, 缺一色, 六六顺 (`OpeningWin`'s order).
    Opening {
        /// The seat.
        seat: u8,
        /// How many of each.
        wins: [u8; 4],
    },
    /// A kong: of `from`'s discard, closed (`from` none, not `added`) or added to a pon.
    Kong {
        /// The konger.
        seat: u8,
        /// The discarder of a kong of a discard.
        from: Option<u8>,
        /// The kind.
        tile: u8,
        /// A pon's fourth tile added.
        added: bool,
    },
    /// A win: on `from`'s discard (or kong), or self-drawn (`from` none), and its fans.
    Win {
        /// The winner.
        seat: u8,
        /// Who dealt in (none: self-drawn).
        from: Option<u8>,
        /// The winning tile.
        tile: u8,
        /// The fans paid (after the cap).
        fan: u32,
    },
    /// The birds drawn for `seat`'s win (抓码, 扎鸟): `count` tiles from the wall's front, how
    /// many hit (红中: a 1, 5 or 9, or a 红中; 长沙: a bird naming the winner or a payer), and
    /// the hits on each seat (红中: all on the winner).
    Birds {
        /// The winner.
        seat: u8,
        /// The birds, the first `count`.
        tiles: [u8; 8],
        /// How many were drawn.
        count: u8,
        /// How many hit.
        hits: u8,
        /// The hits on each seat.
        on: [u8; 4],
    },
    /// `from` pays `to`.
    Pay {
        /// The payer.
        from: u8,
        /// The payee.
        to: u8,
        /// How much.
        amount: i64,
        /// Why.
        reason: Reason,
    },
    /// The hand is over: each seat's points after it.
    EndHand {
        /// The points.
        scores: [i64; 4],
    },
    /// The game is over.
    EndGame {
        /// The points.
        scores: [i64; 4],
    },
}

impl Reason {
    /// Every reason, in the order of the list above.
    pub const ALL: [Reason; 14] = [
        Reason::Win,
        Reason::ClosedKong,
        Reason::Kong,
        Reason::AddedKong,
        Reason::Transfer,
        Reason::FlowerPig,
        Reason::NotReady,
        Reason::Refund,
        Reason::Opening,
        Reason::Jing,
        Reason::FollowDealer,
        Reason::KongBonus,
        Reason::JingKong,
        Reason::LookBack,
    ];

    /// The reason of a name [`Reason::name`] gives (none for another text).
    ///
    /// ```
    /// use hupai::game::room::Reason;
    /// assert_eq!(Reason::named("closed_kong"), Some(Reason::ClosedKong));
    /// assert_eq!(Reason::named("tip"), None);
    /// ```
    pub fn named(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Its name in the events' JSON (`win`, `closed_kong`, `kong`, `added_kong`, `transfer`,
    /// `flower_pig`, `not_ready`, `refund`, `opening`, `jing`, `follow_dealer`, `kong_bonus`,
    /// `jing_kong`, `look_back`).
    pub fn name(self) -> &'static str {
        match self {
            Reason::Win => "win",
            Reason::ClosedKong => "closed_kong",
            Reason::Kong => "kong",
            Reason::AddedKong => "added_kong",
            Reason::Transfer => "transfer",
            Reason::FlowerPig => "flower_pig",
            Reason::NotReady => "not_ready",
            Reason::Refund => "refund",
            Reason::Opening => "opening",
            Reason::Jing => "jing",
            Reason::FollowDealer => "follow_dealer",
            Reason::KongBonus => "kong_bonus",
            Reason::JingKong => "jing_kong",
            Reason::LookBack => "look_back",
        }
    }
}

impl RoomEvent {
    /// The event as one JSON object (no newline), tiles as text (`"5m"`), seats from 0: what
    /// every door hands on (`{"type":"pay","from":1,"to":0,"amount":2,"reason":"closed_kong"}`).
    ///
    /// ```
    /// use hupai::game::room::{Reason, RoomEvent};
    /// let mut line = String::new();
    /// RoomEvent::Pay { from: 1, to: 0, amount: 2, reason: Reason::ClosedKong }.write_json(&mut line);
    /// assert_eq!(line, r#"{"type":"pay","from":1,"to":0,"amount":2,"reason":"closed_kong"}"#);
    /// line.clear();
    /// RoomEvent::Win { seat: 2, from: None, tile: 4, fan: 3 }.write_json(&mut line);
    /// assert_eq!(line, r#"{"type":"win","seat":2,"from":null,"tile":"5m","fan":3}"#);
    /// ```
    pub fn write_json(&self, out: &mut String) {
        use std::fmt::Write as _;
        let t = |k: u8| Tile::from_index(k as usize);
        let from = |f: Option<u8>| f.map_or("null".to_string(), |f| f.to_string());
        let _ = match *self {
            RoomEvent::Deal {
                hand,
                dealer,
                ref hands,
            } => {
                let _ = write!(
                    out,
                    r#"{{"type":"deal","hand":{hand},"dealer":{dealer},"hands":"#
                );
                write_seats(out, hands.iter().map(|h| &h[..]));
                write!(out, "}}")
            }
            RoomEvent::Jing { indicator } => {
                write!(out, r#"{{"type":"jing","indicator":"{}"}}"#, t(indicator))
            }
            RoomEvent::Exchange { shift, ref given } => {
                let _ = write!(out, r#"{{"type":"exchange","shift":{shift},"given":"#);
                write_seats(out, given.iter().map(|g| &g[..]));
                write!(out, "}}")
            }
            RoomEvent::Void { seat, suit } => {
                let suit = ['m', 'p', 's'][suit as usize % 3];
                write!(out, r#"{{"type":"void","seat":{seat},"suit":"{suit}"}}"#)
            }
            RoomEvent::Flower { seat } => write!(out, r#"{{"type":"flower","seat":{seat}}}"#),
            RoomEvent::OpenKong { seat, tiles } => write!(
                out,
                r#"{{"type":"open_kong","seat":{seat},"tiles":"{}{}"}}"#,
                t(tiles[0]),
                t(tiles[1])
            ),
            RoomEvent::Draw { seat, tile } => {
                write!(
                    out,
                    r#"{{"type":"draw","seat":{seat},"tile":"{}"}}"#,
                    t(tile)
                )
            }
            RoomEvent::Discard { seat, tile } => {
                write!(
                    out,
                    r#"{{"type":"discard","seat":{seat},"tile":"{}"}}"#,
                    t(tile)
                )
            }
            RoomEvent::Pon { seat, from, tile } => write!(
                out,
                r#"{{"type":"pon","seat":{seat},"from":{from},"tile":"{}"}}"#,
                t(tile)
            ),
            RoomEvent::Chi {
                seat,
                from,
                tile,
                low,
            } => write!(
                out,
                r#"{{"type":"chi","seat":{seat},"from":{from},"tile":"{}","low":"{}"}}"#,
                t(tile),
                t(low)
            ),
            RoomEvent::Opening { seat, wins } => {
                write!(out, r#"{{"type":"opening","seat":{seat},"wins":{wins:?}}}"#)
            }
            RoomEvent::Kong {
                seat,
                from: f,
                tile,
                added,
            } => write!(
                out,
                r#"{{"type":"kong","seat":{seat},"from":{},"tile":"{}","added":{added}}}"#,
                from(f),
                t(tile)
            ),
            RoomEvent::Win {
                seat,
                from: f,
                tile,
                fan,
            } => write!(
                out,
                r#"{{"type":"win","seat":{seat},"from":{},"tile":"{}","fan":{fan}}}"#,
                from(f),
                t(tile)
            ),
            RoomEvent::Birds {
                seat,
                ref tiles,
                count,
                hits,
                on,
            } => {
                let text: String = tiles[..count.min(8) as usize]
                    .iter()
                    .map(|&k| t(k).to_string())
                    .collect();
                write!(
                    out,
                    r#"{{"type":"birds","seat":{seat},"tiles":"{text}","hits":{hits},"on":{on:?}}}"#
                )
            }
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason,
            } => write!(
                out,
                r#"{{"type":"pay","from":{from},"to":{to},"amount":{amount},"reason":"{}"}}"#,
                reason.name()
            ),
            RoomEvent::EndHand { scores } => {
                write!(out, r#"{{"type":"end_hand","scores":{scores:?}}}"#)
            }
            RoomEvent::EndGame { scores } => {
                write!(out, r#"{{"type":"end_game","scores":{scores:?}}}"#)
            }
        };
    }
}

/// Each seat's tiles as a JSON array of four strings (`["1m2m3m", …]`).
fn write_seats<'a>(out: &mut String, seats: impl Iterator<Item = &'a [u8]>) {
    out.push('[');
    for (i, tiles) in seats.enumerate() {
        out.push_str(if i > 0 { ",\"" } else { "\"" });
        tiles
            .iter()
            .for_each(|&k| out.push_str(&Tile::from_index(k as usize).to_string()));
        out.push('"');
    }
    out.push(']');
}
