//! hupai's own record: JSON lines, one event a line, for any preset — so the servers of every
//! room can write their games and review them. docs/RECORDS.md describes it line by line:
//!
//! ```text
//! {"game": {"players": ["A", "B", "C", "D"], "rules": "hongzhong"}}
//! {"round": {"kyoku": 0, "scores": [0, 0, 0, 0], "hands": ["…13 tiles…", "…", "…", "…"]}}
//! {"draw": {"seat": 0, "tile": "5z"}}
//! {"discard": {"seat": 0, "tile": "1m", "tsumogiri": false, "riichi": false}}
//! {"call": {"seat": 1, "kind": "pon", "tile": "1m", "hand": "11m", "from": 0}}
//! {"dora": "3p"}
//! {"win": {"seat": 1, "from": 0, "deltas": [-8, 8, 0, 0]}}
//! {"end": {"reason": "exhausted", "deltas": [0, 0, 0, 0]}}
//! ```
//!
//! Tiles are MPSZ text (`0m` a red five); a round's wildcards are its preset's, or `"wild"`
//! (a tile set), or `"jing"` (南昌's indicator).

use super::event::{Event, Record, RecordError, RecordTile, RecordedWin};
use super::rounds::{Rounds, MAX_PART};
use super::stream::{Opening, Step, Stream, Streamed};
use crate::rules::{Rules, Scoring};
use crate::score::CallKind;
use crate::tile::{fold_width, parse_tiles_unbounded, Suit, Tile, TileSet};
use serde::Deserialize;

/// Reads a record of hupai's JSON lines, replaying every round; refused with the round, the
/// event and the reason at the first rule it breaks.
///
/// ```
/// let e = hupai::record::lines::read(r#"{"draw": {"seat": 0, "tile": "1m"}}"#).unwrap_err();
/// assert_eq!(e.to_string(), "an event before a round starts");
/// let e = hupai::record::lines::read(r#"{"game": {"rules": "poker"}}"#).unwrap_err();
/// assert!(e.to_string().contains("poker"), "{e}");
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    Rounds::of(Box::new(reader(text))).into_record()
}

/// The record read round by round.
pub(crate) fn reader(text: &str) -> Streamed<Lines<'_>> {
    Streamed::new(
        "riichi",
        Lines {
            lines: text.lines().enumerate(),
            rules: Rules::riichi(),
        },
    )
}

/// The record's lines, numbered, and the rules its game line named.
pub(crate) struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    rules: Rules,
}

impl Step for Lines<'_> {
    fn step(&mut self, st: &mut Stream) -> Result<bool, RecordError> {
        let Some((n, line)) = self.lines.by_ref().find(|(_, l)| !l.trim().is_empty()) else {
            return Ok(false);
        };
        if line.len() > MAX_PART {
            return Err(st.here(format!(
                "line {}: {} bytes: an event is a few hundred",
                n + 1,
                line.len()
            )));
        }
        let parsed: Line =
            serde_json::from_str(line).map_err(|e| st.here(format!("line {}: {e}", n + 1)))?;
        let bad = |st: &Stream, r: String| st.here(format!("line {}: {r}", n + 1));
        let rules = &mut self.rules;
        match parsed {
            Line::Game(g) => {
                *rules = Rules::preset(&g.rules).map_err(|e| bad(st, e.to_string()))?;
                st.rules(&g.rules).map_err(|e| bad(st, e.reason))?;
                if !g.players.is_empty() {
                    if g.players.len() != 4 {
                        return Err(bad(st, "players must be four names".into()));
                    }
                    st.players(g.players);
                }
            }
            Line::Round(r) => {
                let opening = r.opening(rules).map_err(|e| bad(st, e))?;
                st.begin(opening)?;
            }
            Line::Draw(d) => {
                let tile = one(&d.tile).map_err(|e| bad(st, e))?;
                st.play(Event::Draw {
                    seat: seat(d.seat).map_err(|e| bad(st, e))?,
                    tile,
                })?
            }
            Line::Discard(d) => {
                let tile = one(&d.tile).map_err(|e| bad(st, e))?;
                if d.riichi && rules.scoring != Scoring::Riichi {
                    return Err(bad(st, "riichi is declared in riichi rooms only".into()));
                }
                st.play(Event::Discard {
                    seat: seat(d.seat).map_err(|e| bad(st, e))?,
                    tile,
                    tsumogiri: d.tsumogiri,
                    riichi: d.riichi,
                })?
            }
            Line::Call(c) => {
                let event = c.event().map_err(|e| bad(st, e))?;
                let chi = matches!(
                    event,
                    Event::Call {
                        kind: CallKind::Chi,
                        ..
                    }
                );
                if chi && !super::calls::plays_chi(rules.scoring) {
                    return Err(bad(
                        st,
                        "a chi is not a call of these rules (pungs and kongs only)".into(),
                    ));
                }
                st.play(event)?
            }
            Line::Dora(t) => {
                let tile = one(&t).map_err(|e| bad(st, e))?;
                st.dora(tile)?
            }
            Line::Win(w) => {
                let win = RecordedWin {
                    seat: seat(w.seat).map_err(|e| bad(st, e))?,
                    from: seat(w.from).map_err(|e| bad(st, e))?,
                    deltas: w.deltas,
                    text: Vec::new(),
                };
                let ura = tiles(&w.ura).map_err(|e| bad(st, e))?;
                st.win(win, ura)?
            }
            Line::End(e) => st.draw(e.reason, e.deltas)?,
        }
        Ok(true)
    }
}

/// One line of the record.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Line {
    Game(Game),
    Round(RoundLine),
    Draw(Draw),
    Discard(Discard),
    Call(CallLine),
    Dora(String),
    Win(Win),
    End(End),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Game {
    #[serde(default)]
    players: Vec<String>,
    #[serde(default = "riichi")]
    rules: String,
}

fn riichi() -> String {
    "riichi".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundLine {
    kyoku: u8,
    #[serde(default)]
    honba: u32,
    #[serde(default)]
    sticks: u32,
    #[serde(default)]
    scores: [i32; 4],
    #[serde(default)]
    dora: Option<String>,
    hands: [String; 4],
    #[serde(default)]
    wild: Option<String>,
    #[serde(default)]
    jing: Option<String>,
}

impl RoundLine {
    fn opening(self, rules: &Rules) -> Result<Opening, String> {
        if self.kyoku >= 16 {
            return Err("kyoku must be 0 to 15".into());
        }
        let mut hands: [Vec<RecordTile>; 4] = Default::default();
        for (h, text) in hands.iter_mut().zip(&self.hands) {
            *h = tiles(text)?;
        }
        let mut wild = match &self.wild {
            Some(w) => w.parse::<TileSet>().map_err(|e| e.to_string())?,
            None => TileSet::EMPTY,
        };
        if let Some(j) = &self.jing {
            let indicator = Tile::parse(j).map_err(|e| e.to_string())?;
            wild = rules
                .jing_wilds(indicator)
                .ok_or("jing is played only under the nanchang rules")?;
        }
        Ok(Opening {
            kyoku: self.kyoku,
            honba: self.honba,
            sticks: self.sticks,
            scores: self.scores,
            dora: self.dora.as_deref().map(one).transpose()?,
            hands,
            wild,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Draw {
    seat: u8,
    tile: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Discard {
    seat: u8,
    tile: String,
    #[serde(default)]
    tsumogiri: bool,
    #[serde(default)]
    riichi: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallLine {
    seat: u8,
    /// chi, pon, kan (of a discard), ankan (closed), kakan (added to a pon).
    kind: String,
    /// The tile called, or added to the pon; none for a closed kong.
    #[serde(default)]
    tile: Option<String>,
    /// The tiles from the hand.
    hand: String,
    /// The discarder, for a call of a discard.
    #[serde(default)]
    from: Option<u8>,
}

impl CallLine {
    fn event(self) -> Result<Event, String> {
        let (kind, added) = match self.kind.as_str() {
            "chi" => (CallKind::Chi, false),
            "pon" => (CallKind::Pon, false),
            "kan" => (CallKind::Kan, false),
            "ankan" => (CallKind::ClosedKan, false),
            "kakan" => (CallKind::Kan, true),
            k => {
                return Err(format!(
                    "'{k}' is not a call: chi, pon, kan, ankan or kakan"
                ));
            }
        };
        let mut all = match &self.tile {
            Some(t) => vec![one(t)?],
            None => Vec::new(),
        };
        all.extend(tiles(&self.hand)?);
        let from = self.from.map(seat).transpose()?;
        Ok(Event::Call {
            seat: seat(self.seat)?,
            kind,
            tiles: all,
            from,
            added,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Win {
    seat: u8,
    from: u8,
    #[serde(default)]
    deltas: [i32; 4],
    #[serde(default)]
    ura: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct End {
    #[serde(default = "exhausted")]
    reason: String,
    #[serde(default)]
    deltas: [i32; 4],
}

fn exhausted() -> String {
    "exhausted".into()
}

fn seat(s: u8) -> Result<u8, String> {
    if s < 4 {
        Ok(s)
    } else {
        Err(format!("seat {s} is not a seat, 0 to 3"))
    }
}

/// Tiles in MPSZ text, in order, `0` a red five.
fn tiles(text: &str) -> Result<Vec<RecordTile>, String> {
    parse_tiles_unbounded(text).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for ch in text.chars().map(fold_width) {
        match (ch.to_digit(10), Suit::from_letter(ch)) {
            (Some(d), _) => digits.push(d as u8),
            (None, Some(suit)) => {
                for d in digits.drain(..) {
                    let n = if d == 0 { 5 } else { d };
                    let tile = Tile::new(suit, n).ok_or_else(|| format!("{text}: no tile {d}"))?;
                    out.push(RecordTile { tile, red: d == 0 });
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// One tile in MPSZ text.
fn one(text: &str) -> Result<RecordTile, String> {
    match tiles(text)?.as_slice() {
        [t] => Ok(*t),
        _ => Err(format!("'{text}' is not one tile")),
    }
}
