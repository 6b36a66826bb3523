//! `hupai.Hand`: a hand as Python gives it (MPSZ text or 34 counts, declared melds, seen
//! tiles, wild kinds of its own), checked when made and built under an engine's rules when
//! asked about.

use crate::errors::{hand_error, rules_error, type_error, OrRaise};
use hupai::protocol::{parse_jing, parse_seen, parse_wild, JING_NOT_PLAYED};
use hupai::{format_counts, parse_counts, Counts, Hand, Meld, Rules, Tile, TileSet};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Longest hand text taken (characters): a hand of 14 tiles with melds and spaces is far
/// shorter; a longer string is refused before it is read.
pub(crate) const MAX_TEXT: usize = 256;

/// A hand before an engine's rules: what every call builds its `hupai::Hand` from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    pub(crate) counts: Counts,
    /// Declared melds as given (`"555z"`, `"123m"`); checked again under the engine's rules.
    pub(crate) melds: Vec<String>,
    /// Other visible tiles, as MPSZ text (`protocol::parse_seen` reads it: batch's errors).
    pub(crate) seen: String,
    /// The hand's own `wild=` kinds.
    pub(crate) wild: TileSet,
    /// The hand's Nanchang indicator (`jing=`): checked against each engine's rules.
    pub(crate) jing: Option<Tile>,
}

impl Spec {
    /// A concealed hand of counts and nothing else.
    pub(crate) fn of_counts(counts: Counts) -> Spec {
        Spec {
            counts,
            melds: Vec::new(),
            seen: String::new(),
            wild: TileSet::EMPTY,
            jing: None,
        }
    }

    /// The hand under `rules` with the engine's wild kinds `wild` added, and its seen tiles
    /// (`seen` overrides the hand's own when given).
    pub(crate) fn build(
        &self,
        rules: &Rules,
        wild: TileSet,
        seen: Option<&str>,
    ) -> PyResult<(Hand, Counts)> {
        let melds = self
            .melds
            .iter()
            .map(|m| Meld::parse(m, rules))
            .collect::<Result<Vec<_>, _>>()
            .or_raise()?;
        let jing = match self.jing {
            Some(j) => rules
                .jing_wilds(j)
                .ok_or_else(|| rules_error(JING_NOT_PLAYED))?,
            None => TileSet::EMPTY,
        };
        let wild = TileSet(self.wild.0 | jing.0 | wild.0);
        let hand = Hand::under(self.counts, &melds, wild, rules).or_raise()?;
        let seen = parse_seen(&hand, seen.unwrap_or(&self.seen)).or_raise()?;
        // As `hupai batch`: a seen kind out of play refuses the hand, whatever the call.
        let out = TileSet::from_counts(&seen).0 & !rules.in_play().0;
        if out != 0 {
            let tile = Tile::from_index(out.trailing_zeros() as usize);
            return Err(hand_error(hupai::HandError::NotInPlay { tile }.to_string()));
        }
        Ok((hand, seen))
    }
}

/// MPSZ text into counts, with the length checked first, refused as every door refuses it
/// (the reader's own code: `BAD_TILE` for text that is not MPSZ, `TOO_MANY_COPIES` …).
pub(crate) fn text_hand(text: &str) -> PyResult<Counts> {
    if text.len() > MAX_TEXT {
        return Err(hand_error(format!(
            "hand text of {} bytes: a hand is at most {MAX_TEXT}",
            text.len()
        )));
    }
    parse_counts(text).or_raise()
}

/// MPSZ text into counts, with the length checked first (a row's message in a batch).
pub(crate) fn text_counts(text: &str) -> Result<Counts, String> {
    if text.len() > MAX_TEXT {
        return Err(format!(
            "hand text of {} bytes: a hand is at most {MAX_TEXT}",
            text.len()
        ));
    }
    parse_counts(text).map_err(|e| e.to_string())
}

/// 34 counts from a Python sequence of integers (a list, tuple or 1-D array).
pub(crate) fn seq_counts(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    let values: Vec<i64> = obj.extract().map_err(|_| {
        type_error(format!(
            "a hand is MPSZ text (\"123m456p789s1122z\"), a hupai.Hand or 34 integer counts, not {}",
            describe(obj)
        ))
    })?;
    if values.len() != 34 {
        return Err(hand_error(format!(
            "34 counts expected (1m..9m, 1p..9p, 1s..9s, 1z..7z), got {}",
            values.len()
        )));
    }
    let mut counts = [0u8; 34];
    for (i, &v) in values.iter().enumerate() {
        if !(0..=4).contains(&v) {
            return Err(hand_error(format!(
                "counts[{i}] ({}) is {v}: a kind has 0 to 4 copies",
                Tile::from_index(i)
            )));
        }
        counts[i] = v as u8;
    }
    Ok(counts)
}

/// The type of a Python object, for messages.
pub(crate) fn describe(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an unknown type".into())
}

/// The wild kinds of a Nanchang indicator under `rules`: a [`crate::errors::RulesError`]
/// under rules that do not play it (the message of every front end), a `HandError` for text
/// that is not one tile.
pub(crate) fn jing_kinds(indicator: &str, rules: &Rules) -> PyResult<TileSet> {
    parse_jing(indicator, rules).map_err(|e| match rules.jing {
        false => rules_error(e),
        true => hand_error(e),
    })
}

/// Wild kinds from `wild` (a tile or a list of tiles).
pub(crate) fn wild_kinds(wild: Option<&Bound<'_, PyAny>>) -> PyResult<TileSet> {
    let set = match wild {
        None => TileSet::EMPTY,
        Some(w) if w.is_none() => TileSet::EMPTY,
        Some(w) => {
            let entries: Vec<String> = if let Ok(s) = w.cast::<PyString>() {
                vec![crate::errors::text(s)?.into_owned()]
            } else {
                w.extract().map_err(|_| {
                    type_error(format!(
                        "wild is a tile (\"5m\") or a list of tiles, not {}",
                        describe(w)
                    ))
                })?
            };
            let refs: Vec<&str> = entries.iter().map(String::as_str).collect();
            parse_wild(&refs).map_err(hand_error)?
        }
    };
    Ok(set)
}

/// A hand: concealed tiles as MPSZ text or 34 counts, declared melds, tiles seen elsewhere
/// (discards, other players' melds) and wild kinds of its own.
///
/// >>> import hupai
/// >>> hand = hupai.Hand("123m456p789s1122z")
/// >>> hupai.Engine("riichi").waits(hand)
/// ['1z', '2z']
/// >>> hupai.Hand("11m234p567s", melds=["555z", "789s"], seen="1z1z").melds
/// ['555z', '789s']
#[pyclass(name = "Hand", module = "hupai", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyHand {
    pub(crate) spec: Spec,
}

#[pymethods]
impl PyHand {
    /// `Hand(tiles, *, melds=(), seen="", wild=None, jing=None)`: `tiles` is MPSZ text or
    /// 34 counts (1m..9m, 1p..9p, 1s..9s, 1z..7z); `melds` declared melds as text; `seen`
    /// other visible tiles (text or 34 counts); `wild` kinds wild for this hand besides the
    /// engine's; `jing` a Nanchang indicator (its kind and the next are wild).
    #[new]
    #[pyo3(signature = (tiles, *, melds=None, seen=None, wild=None, jing=None))]
    fn new(
        tiles: &Bound<'_, PyAny>,
        melds: Option<Vec<String>>,
        seen: Option<&Bound<'_, PyAny>>,
        wild: Option<&Bound<'_, PyAny>>,
        jing: Option<Bound<'_, PyString>>,
    ) -> PyResult<PyHand> {
        let counts = match tiles.cast::<PyString>() {
            Ok(s) => text_hand(&crate::errors::text(s)?)?,
            Err(_) => seq_counts(tiles)?,
        };
        let seen = match seen {
            None => String::new(),
            Some(s) if s.is_none() => String::new(),
            Some(s) => match s.cast::<PyString>() {
                Ok(text) => crate::errors::text(text)?.into_owned(),
                Err(_) => format_counts(&seq_counts(s)?),
            },
        };
        if seen.len() > MAX_TEXT {
            return Err(hand_error(format!(
                "seen text of {} bytes: at most {MAX_TEXT}",
                seen.len()
            )));
        }
        let spec = Spec {
            counts,
            melds: melds.unwrap_or_default(),
            seen,
            wild: wild_kinds(wild)?,
            jing: match jing {
                // Read as a tile now (under rules that play it); each engine checks its own.
                Some(j) => {
                    let j = crate::errors::text(&j)?;
                    jing_kinds(&j, &Rules::nanchang())?;
                    Tile::parse(&j).ok()
                }
                None => None,
            },
        };
        // Checked now under the most permissive rules (wind runs allowed, every kind in
        // play), so that a bad hand fails where it is written; checked again under each
        // engine's rules.
        let (_, seen) = spec.build(&Rules::nanchang(), TileSet::EMPTY, None)?;
        // Kept in MPSZ order, so that equal hands compare equal however `seen` was written.
        let spec = Spec {
            seen: format_counts(&seen),
            ..spec
        };
        Ok(PyHand { spec })
    }

    /// The concealed tiles as MPSZ text.
    #[getter]
    fn tiles(&self) -> String {
        format_counts(&self.spec.counts)
    }

    /// The concealed tiles as 34 counts.
    #[getter]
    fn counts(&self) -> Vec<u32> {
        // u32, not u8: pyo3 turns a Vec<u8> into bytes.
        self.spec.counts.map(u32::from).to_vec()
    }

    /// The declared melds, as given.
    #[getter]
    fn melds(&self) -> Vec<String> {
        self.spec.melds.clone()
    }

    /// Other visible tiles, as MPSZ text.
    #[getter]
    fn seen(&self) -> String {
        self.spec.seen.clone()
    }

    /// The hand's own wild kinds, its indicator's two included (the engine's are added when
    /// it is asked about).
    #[getter]
    fn wild(&self) -> Vec<String> {
        let jing = self.spec.jing.map_or(TileSet::EMPTY, |j| {
            let (a, b) = hupai::nanchang_wilds(j);
            TileSet::from_iter([a, b])
        });
        kinds(TileSet(self.spec.wild.0 | jing.0))
    }

    /// The hand's Nanchang indicator (精), or None: its kind and the next are wild under
    /// rules that play it; an engine whose rules do not refuses the hand (`RulesError`).
    #[getter]
    fn jing(&self) -> Option<String> {
        self.spec.jing.map(|t| t.to_string())
    }

    /// The `hupai batch` request object of this hand: `json.dumps(hand.to_dict())` is a
    /// request line.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("hand", self.tiles())?;
        if !self.spec.melds.is_empty() {
            d.set_item("melds", self.melds())?;
        }
        if !self.spec.seen.is_empty() {
            d.set_item("seen", self.seen())?;
        }
        if !self.spec.wild.is_empty() {
            d.set_item("wild", kinds(self.spec.wild))?;
        }
        if let Some(j) = self.jing() {
            d.set_item("jing", j)?;
        }
        Ok(d)
    }

    /// Pickling: a hand travels as its arguments.
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyTuple>, Bound<'py, PyDict>)> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("melds", self.melds())?;
        kwargs.set_item("seen", self.seen())?;
        kwargs.set_item("wild", kinds(self.spec.wild))?;
        kwargs.set_item("jing", self.jing())?;
        Ok((pyo3::types::PyTuple::new(py, [self.tiles()])?, kwargs))
    }

    fn __len__(&self) -> usize {
        self.spec.counts.iter().map(|&c| c as usize).sum()
    }

    fn __str__(&self) -> String {
        self.tiles()
    }

    fn __repr__(&self) -> String {
        let list = |v: &[String]| {
            let quoted: Vec<String> = v.iter().map(|s| format!("'{s}'")).collect();
            format!("[{}]", quoted.join(", "))
        };
        let mut out = format!("Hand('{}'", self.tiles());
        if !self.spec.melds.is_empty() {
            out += &format!(", melds={}", list(&self.spec.melds));
        }
        if !self.spec.seen.is_empty() {
            out += &format!(", seen='{}'", self.seen());
        }
        if !self.spec.wild.is_empty() {
            out += &format!(", wild={}", list(&kinds(self.spec.wild)));
        }
        if let Some(j) = self.jing() {
            out += &format!(", jing='{j}'");
        }
        out + ")"
    }
}

/// Kinds as MPSZ tiles, in tile order.
fn kinds(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}
