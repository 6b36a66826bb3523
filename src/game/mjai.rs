//! The table's events as mjai JSON lines (the protocol Mortal and mjai bots speak, and the
//! log format hupai's records read): tiles as `1m` … `9s`, `5mr` for a red five, `E S W N P
//! F C` for the honors.

use super::event::GameEvent;
use std::fmt::Write as _;

/// A tile id as mjai names it (`5mr` a red five when `aka`; `?` for [`super::HIDDEN`]).
///
/// ```
/// use hupai::game::mjai_tile;
/// assert_eq!(mjai_tile(16, true), "5mr");
/// assert_eq!(mjai_tile(16, false), "5m");
/// assert_eq!(mjai_tile(135, true), "C");
/// assert_eq!(mjai_tile(hupai::game::HIDDEN, true), "?");
/// ```
pub fn mjai_tile(id: u8, aka: bool) -> &'static str {
    const NAMES: [&str; 34] = [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "P", "F", "C",
    ];
    match id {
        16 if aka => "5mr",
        52 if aka => "5pr",
        88 if aka => "5sr",
        super::event::HIDDEN => "?",
        _ => NAMES[(id / 4).min(33) as usize],
    }
}

impl GameEvent {
    /// Writes the event as one mjai JSON line (no newline) into `out`; `aka` whether the game
    /// plays red fives (ids 16, 52, 88).
    ///
    /// ```
    /// use hupai::game::GameEvent;
    /// let mut line = String::new();
    /// GameEvent::Dahai { seat: 2, tile: 52, tsumogiri: true }.write_mjai(true, &mut line);
    /// assert_eq!(line, r#"{"type":"dahai","actor":2,"pai":"5pr","tsumogiri":true}"#);
    /// ```
    pub fn write_mjai(&self, aka: bool, out: &mut String) {
        let t = |id: u8| mjai_tile(id, aka);
        let list = |ids: &[u8]| {
            let names: Vec<String> = ids.iter().map(|&i| format!("\"{}\"", t(i))).collect();
            format!("[{}]", names.join(","))
        };
        let four = |v: [i32; 4]| format!("[{},{},{},{}]", v[0], v[1], v[2], v[3]);
        let _ = match *self {
            GameEvent::StartGame => {
                write!(out, r#"{{"type":"start_game","names":["A","B","C","D"]}}"#)
            }
            GameEvent::StartKyoku {
                round,
                honba,
                sticks,
                dealer,
                scores,
                dora_marker,
                hands,
            } => {
                let hands: Vec<String> = hands.iter().map(|h| list(h)).collect();
                write!(
                    out,
                    r#"{{"type":"start_kyoku","bakaze":"{}","dora_marker":"{}","kyoku":{},"honba":{honba},"kyotaku":{sticks},"oya":{dealer},"scores":{},"tehais":[{}]}}"#,
                    ["E", "S", "W", "N"][(round / 4).min(3) as usize],
                    t(dora_marker),
                    round % 4 + 1,
                    four(scores),
                    hands.join(",")
                )
            }
            GameEvent::Tsumo { seat, tile } => write!(
                out,
                r#"{{"type":"tsumo","actor":{seat},"pai":"{}"}}"#,
                t(tile)
            ),
            GameEvent::Dahai {
                seat,
                tile,
                tsumogiri,
            } => write!(
                out,
                r#"{{"type":"dahai","actor":{seat},"pai":"{}","tsumogiri":{tsumogiri}}}"#,
                t(tile)
            ),
            GameEvent::Reach { seat } => write!(out, r#"{{"type":"reach","actor":{seat}}}"#),
            GameEvent::ReachAccepted { seat } => {
                write!(out, r#"{{"type":"reach_accepted","actor":{seat}}}"#)
            }
            GameEvent::Chi {
                seat,
                target,
                tile,
                consumed,
            } => claim(out, "chi", seat, target, t(tile), &list(&consumed)),
            GameEvent::Pon {
                seat,
                target,
                tile,
                consumed,
            } => claim(out, "pon", seat, target, t(tile), &list(&consumed)),
            GameEvent::Daiminkan {
                seat,
                target,
                tile,
                consumed,
            } => claim(out, "daiminkan", seat, target, t(tile), &list(&consumed)),
            GameEvent::Ankan { seat, consumed } => write!(
                out,
                r#"{{"type":"ankan","actor":{seat},"consumed":{}}}"#,
                list(&consumed)
            ),
            GameEvent::Kakan {
                seat,
                tile,
                consumed,
            } => write!(
                out,
                r#"{{"type":"kakan","actor":{seat},"pai":"{}","consumed":{}}}"#,
                t(tile),
                list(&consumed)
            ),
            GameEvent::Dora { marker } => {
                write!(out, r#"{{"type":"dora","dora_marker":"{}"}}"#, t(marker))
            }
            GameEvent::Hora {
                seat,
                target,
                tile,
                deltas,
                ura_markers,
                ..
            } => {
                let ura: Vec<u8> = ura_markers.iter().flatten().copied().collect();
                write!(
                    out,
                    r#"{{"type":"hora","actor":{seat},"target":{target},"pai":"{}","deltas":{},"ura_markers":{}}}"#,
                    t(tile),
                    four(deltas),
                    list(&ura)
                )
            }
            GameEvent::Ryukyoku { kind, deltas, .. } => write!(
                out,
                r#"{{"type":"ryukyoku","reason":"{}","deltas":{}}}"#,
                kind.name(),
                four(deltas)
            ),
            GameEvent::EndKyoku => write!(out, r#"{{"type":"end_kyoku"}}"#),
            GameEvent::EndGame { scores } => {
                write!(out, r#"{{"type":"end_game","scores":{}}}"#, four(scores))
            }
        };
    }
}

/// A call of a discard as mjai writes it.
fn claim(
    out: &mut String,
    kind: &str,
    seat: u8,
    target: u8,
    tile: &str,
    consumed: &str,
) -> std::fmt::Result {
    write!(
        out,
        r#"{{"type":"{kind}","actor":{seat},"target":{target},"pai":"{tile}","consumed":{consumed}}}"#
    )
}
