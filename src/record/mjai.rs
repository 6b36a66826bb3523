//! mjai JSON lines, the bots' protocol and log format: one event a line — `start_game`
//! (`names`), `start_kyoku` (`bakaze`, `kyoku` 1–4, `honba`, `kyotaku`, `oya`, `scores`,
//! `dora_marker`, `tehais`), `tsumo` and `dahai` (`actor`, `pai`, `tsumogiri`), `reach`,
//! `chi` / `pon` / `daiminkan` (`actor`, `target`, `pai`, `consumed`), `ankan` and `kakan`,
//! `dora`, `hora` (`actor`, `target`, `deltas`, `ura_markers`), `ryukyoku`, `end_kyoku`,
//! `end_game`. Tiles are `1m`…`9s`, `5mr` for a red five, `E S W N P F C` for the honors.

use super::event::{Event, Record, RecordError, RecordTile, RecordedWin};
use super::rounds::{Rounds, MAX_PART};
use super::stream::{Bad, Opening, Step, Stream, Streamed};
use crate::score::CallKind;
use crate::tile::{Tile, TileSet};
use serde_json::Value;

/// Reads an mjai log, replaying every round; refused with the round, the event and the
/// reason at the first rule it breaks (a hidden tile `?` included: a player's own view of a
/// game does not replay).
///
/// ```
/// let e = hupai::record::mjai::read(r#"{"type":"tsumo","actor":0,"pai":"1m"}"#).unwrap_err();
/// assert_eq!(e.to_string(), "an event before a round starts");
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    Rounds::of(Box::new(reader(text))).into_record()
}

/// The log read round by round.
pub(crate) fn reader(text: &str) -> Streamed<Lines<'_>> {
    Streamed::new("riichi", Lines(text.lines()))
}

/// The log's lines, an event each.
pub(crate) struct Lines<'a>(std::str::Lines<'a>);

impl Step for Lines<'_> {
    fn step(&mut self, st: &mut Stream) -> Result<bool, RecordError> {
        let Some(line) = self.0.by_ref().find(|l| !l.trim().is_empty()) else {
            return Ok(false);
        };
        if line.len() > MAX_PART {
            return Err(st.here(format!(
                "a line of {} bytes: an event is a few hundred",
                line.len()
            )));
        }
        let v: Value = serde_json::from_str(line).map_err(|e| st.here(format!("not JSON: {e}")))?;
        event(st, &v).map_err(|e| st.placed(e))?;
        Ok(true)
    }
}

/// A tile's name in mjai.
fn tile(v: &Value) -> Result<RecordTile, String> {
    let s = v.as_str().ok_or_else(|| format!("{v} is not a tile"))?;
    let (name, red) = match s.strip_suffix('r') {
        Some(n) => (n, true),
        None => (s, false),
    };
    let honor = ["E", "S", "W", "N", "P", "F", "C"]
        .iter()
        .position(|&h| h == name);
    let t = match honor {
        Some(i) => Tile::from_index(27 + i),
        None => name
            .parse::<Tile>()
            .ok()
            .filter(|t| t.index() < 27 && name.len() == 2 && !name.starts_with('0'))
            .ok_or_else(|| format!("{s} is not a tile"))?,
    };
    if red && (t.number() != 5 || t.index() >= 27) {
        return Err(format!("{s} is not a tile"));
    }
    Ok(RecordTile { tile: t, red })
}

fn tiles(v: Option<&Value>, what: &str) -> Result<Vec<RecordTile>, String> {
    v.and_then(Value::as_array)
        .ok_or_else(|| format!("{what} must be a list of tiles"))?
        .iter()
        .map(tile)
        .collect()
}

/// A seat field (0–3).
fn seat(v: &Value, key: &str) -> Result<u8, String> {
    v.get(key)
        .and_then(Value::as_u64)
        .filter(|&s| s < 4)
        .map(|s| s as u8)
        .ok_or_else(|| format!("{key} must be a seat, 0 to 3"))
}

/// Four integers (scores, deltas).
fn four(v: Option<&Value>, what: &str) -> Result<[i32; 4], String> {
    let d: Vec<i32> = v
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_i64)
                .map(|x| x as i32)
                .collect()
        })
        .unwrap_or_default();
    d.try_into()
        .map_err(|_| format!("{what} must be four integers"))
}

fn number(v: &Value, key: &str) -> Result<u32, String> {
    v.get(key)
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| format!("{key} must be a number"))
}

/// One line's event.
fn event(st: &mut Stream, v: &Value) -> Result<(), Bad> {
    let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
    match kind {
        "start_game" => {
            if let Some(Value::Array(names)) = v.get("names") {
                st.players(
                    names
                        .iter()
                        .map(|n| n.as_str().unwrap_or("").into())
                        .collect(),
                );
            }
        }
        "start_kyoku" => {
            let wind = ["E", "S", "W", "N"]
                .iter()
                .position(|&w| Some(w) == v.get("bakaze").and_then(Value::as_str))
                .ok_or("bakaze must be E, S, W or N")?;
            let k = number(v, "kyoku")?;
            if !(1..=4).contains(&k) {
                return Err(Bad::Line("kyoku must be 1 to 4".into()));
            }
            let kyoku = (wind * 4) as u8 + k as u8 - 1;
            if seat(v, "oya")? != kyoku % 4 {
                return Err(Bad::Line(format!("oya is not the dealer of kyoku {k}")));
            }
            let hands = v
                .get("tehais")
                .and_then(Value::as_array)
                .filter(|h| h.len() == 4)
                .ok_or("tehais must be four hands")?;
            let mut dealt: [Vec<RecordTile>; 4] = Default::default();
            for (d, h) in dealt.iter_mut().zip(hands) {
                *d = tiles(Some(h), "a hand")?;
            }
            st.begin(Opening {
                kyoku,
                honba: number(v, "honba")?,
                sticks: number(v, "kyotaku")?,
                scores: four(v.get("scores"), "scores")?,
                dora: Some(tile(v.get("dora_marker").unwrap_or(&Value::Null))?),
                hands: dealt,
                wild: TileSet::EMPTY,
            })?;
        }
        "tsumo" => st.play(Event::Draw {
            seat: seat(v, "actor")?,
            tile: tile(v.get("pai").unwrap_or(&Value::Null))?,
        })?,
        "dahai" => st.play(Event::Discard {
            seat: seat(v, "actor")?,
            tile: tile(v.get("pai").unwrap_or(&Value::Null))?,
            tsumogiri: v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false),
            riichi: false,
        })?,
        "reach" => st.riichi(seat(v, "actor")?)?,
        "chi" | "pon" | "daiminkan" | "ankan" | "kakan" => {
            let called = match v.get("pai") {
                Some(p) if kind != "ankan" => vec![tile(p)?],
                _ => Vec::new(),
            };
            let mut all = called;
            all.extend(tiles(v.get("consumed"), "consumed")?);
            let (kind, added, from) = match kind {
                "chi" => (CallKind::Chi, false, Some(seat(v, "target")?)),
                "pon" => (CallKind::Pon, false, Some(seat(v, "target")?)),
                "daiminkan" => (CallKind::Kan, false, Some(seat(v, "target")?)),
                "ankan" => (CallKind::ClosedKan, false, None),
                _ => (CallKind::Kan, true, None),
            };
            st.play(Event::Call {
                seat: seat(v, "actor")?,
                kind,
                tiles: all,
                from,
                added,
            })?;
        }
        "dora" => st.dora(tile(v.get("dora_marker").unwrap_or(&Value::Null))?)?,
        "hora" => st.win(
            RecordedWin {
                seat: seat(v, "actor")?,
                from: seat(v, "target")?,
                deltas: four(v.get("deltas"), "deltas")?,
                text: Vec::new(),
            },
            match v.get("ura_markers") {
                None | Some(Value::Null) => Vec::new(),
                u => tiles(u, "ura_markers")?,
            },
        )?,
        "ryukyoku" => st.draw(
            v.get("reason")
                .and_then(Value::as_str)
                .unwrap_or("ryukyoku")
                .into(),
            match v.get("deltas") {
                None => [0; 4],
                d => four(d, "deltas")?,
            },
        )?,
        "reach_accepted" | "end_kyoku" | "end_game" | "none" => {}
        other => return Err(Bad::Line(format!("'{other}' is not an mjai event"))),
    }
    Ok(())
}
