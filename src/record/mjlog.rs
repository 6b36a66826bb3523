//! Tenhou's mjlog XML, the server's own record: `<GO type>` (its bits: 0x02 no red fives,
//! 0x10 three players), `<UN n0…n3>` the names (URL-encoded), `<INIT seed="kyoku,honba,
//! sticks,dice,dice,dora" ten oya hai0…hai3>`, draws `<T…>` `<U…>` `<V…>` `<W…>` and discards
//! `<D…>` `<E…>` `<F…>` `<G…>` of seats 0–3 (the tile's id, 0–135: its kind is id / 4, the
//! red fives 16, 52 and 88), `<N who m>` calls, `<REACH who step>`, `<DORA hai>`, `<AGARI>`
//! and `<RYUUKYOKU>` (`sc`: each seat's score and change, in hundreds).

use super::event::{Event, Record, RecordError, RecordTile, RecordedWin};
use super::rounds::Rounds;
use super::stream::{Bad, Opening, Step, Stream, Streamed};
use crate::score::CallKind;
use crate::tile::{Tile, TileSet};
use quick_xml::events::{BytesStart, Event as Xml};
use quick_xml::Reader;
use std::collections::HashMap;

/// Reads an mjlog record, replaying every round; refused with the round, the event and the
/// reason at the first rule it breaks (three-player games are refused whole).
///
/// ```
/// let e = hupai::record::mjlog::read("<mjloggm><T12/></mjloggm>").unwrap_err();
/// assert_eq!(e.to_string(), "an event before a round starts");
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    Rounds::of(Box::new(reader(text))).into_record()
}

/// The record read round by round.
pub(crate) fn reader(text: &str) -> Streamed<Tags<'_>> {
    Streamed::new(
        "riichi",
        Tags {
            reader: Reader::from_str(text),
            red: true,
            named: false,
            drawn: [None; 4],
        },
    )
}

/// The record's tags, read one by one: whether red fives are played, whether the names were
/// read, and each seat's last drawn tile's id (a discard of the same id is the tile drawn:
/// ツモ切り).
pub(crate) struct Tags<'a> {
    reader: Reader<&'a [u8]>,
    red: bool,
    named: bool,
    drawn: [Option<i64>; 4],
}

impl Step for Tags<'_> {
    fn step(&mut self, st: &mut Stream) -> Result<bool, RecordError> {
        let tag = loop {
            match self.reader.read_event() {
                Ok(Xml::Start(e) | Xml::Empty(e)) => break e,
                Ok(Xml::Eof) => return Ok(false),
                Ok(_) => continue,
                Err(e) => return Err(st.here(format!("not XML: {e}"))),
            }
        };
        let name = String::from_utf8_lossy(tag.name().as_ref()).into_owned();
        let at = attributes(&tag).map_err(|r| st.here(r))?;
        let line = Tag {
            name: &name,
            at: &at,
            red: self.red,
            drawn: &mut self.drawn,
        };
        match name.as_str() {
            "GO" => {
                let kind = line.number("type").map_err(|r| st.here(r))?;
                if kind & 0x10 != 0 {
                    return Err(st.here("a three-player game: hupai replays four players"));
                }
                self.red = kind & 0x02 == 0;
            }
            "UN" if !self.named => {
                self.named = true;
                st.players(
                    (0..4)
                        .map(|i| unescape(at.get(&format!("n{i}")).map_or("", |s| s)))
                        .collect(),
                );
            }
            _ => line.play(st).map_err(|e| st.placed(e))?,
        }
        Ok(true)
    }
}

/// A tag's attributes, unescaped.
fn attributes(tag: &BytesStart<'_>) -> Result<HashMap<String, String>, String> {
    let mut out = HashMap::new();
    for a in tag.attributes() {
        let a = a.map_err(|e| format!("a bad attribute: {e}"))?;
        let v = a
            .unescape_value()
            .map_err(|e| format!("a bad attribute: {e}"))?;
        out.insert(
            String::from_utf8_lossy(a.key.as_ref()).into_owned(),
            v.into_owned(),
        );
    }
    Ok(out)
}

/// A name as `UN` writes it, `%E3%81%82` for each byte of UTF-8.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One tag with its attributes, whether red fives are played, and each seat's last draw.
struct Tag<'a> {
    name: &'a str,
    at: &'a HashMap<String, String>,
    red: bool,
    drawn: &'a mut [Option<i64>; 4],
}

impl Tag<'_> {
    fn get(&self, key: &str) -> Result<&str, String> {
        self.at
            .get(key)
            .map(String::as_str)
            .ok_or_else(|| format!("<{}> has no {key}", self.name))
    }

    fn number(&self, key: &str) -> Result<u32, String> {
        self.get(key)?
            .trim()
            .parse()
            .map_err(|_| format!("<{}> {key} is not a number", self.name))
    }

    /// A list of integers (`seed`, `ten`, `sc`, `hai0`).
    fn list(&self, key: &str) -> Result<Vec<i64>, String> {
        let s = self.get(key)?;
        if s.is_empty() {
            return Ok(Vec::new());
        }
        s.split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .map_err(|_| format!("<{}> {key}: {x} is not a number", self.name))
            })
            .collect()
    }

    fn seat(&self, key: &str) -> Result<u8, String> {
        self.number(key)
            .ok()
            .filter(|&s| s < 4)
            .map(|s| s as u8)
            .ok_or_else(|| format!("<{}> {key} must be a seat, 0 to 3", self.name))
    }

    fn tile(&self, id: i64) -> Result<RecordTile, String> {
        tile(id, self.red)
    }

    fn tiles(&self, key: &str) -> Result<Vec<RecordTile>, String> {
        self.list(key)?
            .into_iter()
            .map(|id| self.tile(id))
            .collect()
    }

    /// Each seat's change in `sc` (score, change, … in hundreds).
    fn deltas(&self) -> Result<[i32; 4], String> {
        let sc = self.list("sc")?;
        if sc.len() < 8 {
            return Err(format!(
                "<{}> sc must give four scores and changes",
                self.name
            ));
        }
        Ok([1, 3, 5, 7].map(|i| (sc[i] * 100) as i32))
    }

    /// The tag played on the stream.
    fn play(self, st: &mut Stream) -> Result<(), Bad> {
        let n = self.name;
        // A draw or a discard: a seat's letter and the tile's id.
        let mut chars = n.chars();
        let (letter, digits) = (chars.next(), chars.as_str());
        if let Some(letter) =
            letter.filter(|_| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        {
            let id: i64 = digits.parse().map_err(|_| format!("<{n}> is not a tile"))?;
            let tile = self.tile(id)?;
            if let Some(seat) = "TUVW".find(letter) {
                st.play(Event::Draw {
                    seat: seat as u8,
                    tile,
                })?;
                self.drawn[seat] = Some(id);
                return Ok(());
            }
            if let Some(seat) = "DEFG".find(letter) {
                st.play(Event::Discard {
                    seat: seat as u8,
                    tile,
                    tsumogiri: self.drawn[seat].take() == Some(id),
                    riichi: false,
                })?;
                return Ok(());
            }
        }
        match n {
            "INIT" => {
                let seed = self.list("seed")?;
                let ten = self.list("ten")?;
                if seed.len() != 6 || ten.len() != 4 || !(0..16).contains(&seed[0]) {
                    return Err(Bad::Line(
                        "<INIT> needs a seed of six numbers and four scores".into(),
                    ));
                }
                let mut hands: [Vec<RecordTile>; 4] = Default::default();
                for (i, h) in hands.iter_mut().enumerate() {
                    *h = self.tiles(&format!("hai{i}"))?;
                }
                if self.seat("oya")? as i64 != seed[0] % 4 {
                    return Err(Bad::Line("<INIT> oya is not the round's dealer".into()));
                }
                *self.drawn = [None; 4];
                st.begin(Opening {
                    kyoku: seed[0] as u8,
                    honba: seed[1].clamp(0, u32::MAX as i64) as u32,
                    sticks: seed[2].clamp(0, u32::MAX as i64) as u32,
                    scores: [0, 1, 2, 3].map(|i| (ten[i] * 100) as i32),
                    dora: Some(self.tile(seed[5])?),
                    hands,
                    wild: TileSet::EMPTY,
                })?;
            }
            "N" => {
                let who = self.seat("who")?;
                self.drawn[who as usize] = None;
                let (kind, tiles, from, added) = meld(self.number("m")?, self.red)?;
                st.play(Event::Call {
                    seat: who,
                    kind,
                    tiles,
                    from: from.map(|f| ((who as usize + f) % 4) as u8),
                    added,
                })?;
            }
            "REACH" if self.number("step")? == 1 => st.riichi(self.seat("who")?)?,
            "DORA" => st.dora(self.tile(self.number("hai")? as i64)?)?,
            "AGARI" => st.win(
                RecordedWin {
                    seat: self.seat("who")?,
                    from: self.seat("fromWho")?,
                    deltas: self.deltas()?,
                    text: Vec::new(),
                },
                match self.at.get("doraHaiUra") {
                    Some(_) => self.tiles("doraHaiUra")?,
                    None => Vec::new(),
                },
            )?,
            "RYUUKYOKU" => st.draw(
                self.at
                    .get("type")
                    .cloned()
                    .unwrap_or_else(|| "流局".into()),
                self.deltas()?,
            )?,
            "REACH" | "mjloggm" | "SHUFFLE" | "TAIKYOKU" | "UN" | "BYE" => {}
            other => return Err(Bad::Line(format!("<{other}> is not an mjlog tag"))),
        }
        Ok(())
    }
}

/// A tile's id (0–135): kind id / 4, the red fives 16, 52 and 88 when played.
fn tile(id: i64, red: bool) -> Result<RecordTile, String> {
    if !(0..136).contains(&id) {
        return Err(format!("{id} is not a tile's id"));
    }
    Ok(RecordTile {
        tile: Tile::from_index(id as usize / 4),
        red: red && matches!(id, 16 | 52 | 88),
    })
}

/// A call's code `m`: its kind, its tiles (the called or added one first), whom the tile came
/// from (1 the right, 2 across, 3 the left; none for a kong from the hand) and whether it is
/// a kong added to a pon.
#[allow(clippy::type_complexity)]
fn meld(m: u32, red: bool) -> Result<(CallKind, Vec<RecordTile>, Option<usize>, bool), String> {
    let rel = (m & 3) as usize;
    let ids = |ids: &[u32]| -> Result<Vec<RecordTile>, String> {
        ids.iter().map(|&i| tile(i as i64, red)).collect()
    };
    let bad = || format!("{m} is not a call's code");
    if m & 0x4 != 0 {
        // A chi: the run's lowest kind (7 a suit), the called tile's place, each tile's copy.
        let t = m >> 10;
        let (called, run) = (t % 3, t / 3);
        if run >= 21 || rel != 3 {
            return Err(bad());
        }
        let base = run / 7 * 9 + run % 7;
        let mut all: Vec<u32> = (0..3)
            .map(|i| (base + i) * 4 + ((m >> (3 + 2 * i)) & 3))
            .collect();
        let c = all.remove(called as usize);
        all.insert(0, c);
        return Ok((CallKind::Chi, ids(&all)?, Some(rel), false));
    }
    if m & 0x18 != 0 {
        // A pon (0x8) or a kong added to one (0x10): the kind, the called tile's place among
        // the three, the copy left out (the added one).
        let t = m >> 9;
        let (called, kind) = (t % 3, t / 3);
        let unused = (m >> 5) & 3;
        if kind >= 34 || rel == 0 {
            return Err(bad());
        }
        let mut three: Vec<u32> = (0..4)
            .filter(|&c| c != unused)
            .map(|c| kind * 4 + c)
            .collect();
        let c = three.remove(called as usize);
        three.insert(0, c);
        if m & 0x8 != 0 {
            return Ok((CallKind::Pon, ids(&three)?, Some(rel), false));
        }
        three.insert(0, kind * 4 + unused);
        return Ok((CallKind::Kan, ids(&three)?, None, true));
    }
    if m & 0x20 != 0 {
        return Err("a north taken aside (三麻 抜き): hupai replays four players".into());
    }
    // A kong: the called tile's id (any copy for a closed one).
    let called = m >> 8;
    let kind = called / 4;
    if kind >= 34 {
        return Err(bad());
    }
    let mut four: Vec<u32> = (0..4)
        .map(|c| kind * 4 + c)
        .filter(|&i| i != called)
        .collect();
    four.insert(0, called);
    if rel == 0 {
        Ok((CallKind::ClosedKan, ids(&four)?, None, false))
    } else {
        Ok((CallKind::Kan, ids(&four)?, Some(rel), false))
    }
}
