//! `Engine.score` and `Engine.score_many`: a win's worth, one hand as a `Score` (or
//! `McrScore`) dataclass, many as numpy columns. The situation is the batch request's
//! `"score"` object (keyword arguments, one dict per hand, or a dict of columns), read by the
//! protocol's one reader; Python objects become serde values and back with `pythonize`, with
//! no JSON text between.

use crate::errors::{raise, OrRaise};
use hupai::protocol::Code;
use hupai::protocol::{parse_win, score_answer, RequestError, Session};
use hupai::{Engine, RoomScore, Score, Win, WinningHand};
use numpy::PyArray1;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyMapping, PyString, PyTuple};

/// A Python value (dicts, lists, str, int, float, bool, None; numpy scalars by their `item()`)
/// as a serde value.
pub(crate) fn json_of(v: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    match pythonize::depythonize::<serde_json::Value>(v) {
        Ok(value) => Ok(value),
        // A numpy scalar (a column's element) is its Python twin.
        Err(_) if v.hasattr("item")? => json_of(&v.call_method0("item")?),
        Err(e) => Err(raise(Code::BadWin, format!("not JSON: {e}"))),
    }
}

/// The classes of the answers and `object.__new__`, looked up once.
struct Classes {
    score: Py<PyAny>,
    yaku: Py<PyAny>,
    fu_part: Py<PyAny>,
    mcr: Py<PyAny>,
    fan: Py<PyAny>,
    room: Py<PyAny>,
    room_fan: Py<PyAny>,
    wildcard: Py<PyAny>,
    new: Py<PyAny>,
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();
    CLASSES.get_or_try_init(py, || {
        let types = py.import("hupai._types")?;
        let class = |name: &str| types.getattr(name).map(Bound::unbind);
        Ok(Classes {
            score: class("Score")?,
            yaku: class("YakuHan")?,
            fu_part: class("FuPart")?,
            mcr: class("McrScore")?,
            fan: class("FanCount")?,
            room: class("RoomScore")?,
            room_fan: class("RoomFanCount")?,
            wildcard: class("WildcardRole")?,
            new: py
                .import("builtins")?
                .getattr("object")?
                .getattr("__new__")?
                .unbind(),
        })
    })
}

/// An answer dataclass built as pickle builds one: `object.__new__(class)`, then `fields`
/// (every field of the class, by name) as its `__dict__`. A frozen dataclass's `__init__`
/// sets each field through `object.__setattr__`: building a score's ten objects that way
/// cost more than scoring it (docs/PERFORMANCE.md, "Through the doors").
fn build<'py>(
    c: &Classes,
    class: &Py<PyAny>,
    fields: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = fields.py();
    let obj = c.new.bind(py).call1((class.bind(py),))?;
    let dict = obj.getattr(intern!(py, "__dict__"))?;
    dict.cast::<PyDict>()?.update(fields.as_mapping())?;
    Ok(obj)
}

/// The dataclasses of the list `key` of `d` (each a dict of the class's fields but maybe
/// `default`), as a tuple put back in its place.
fn build_list<'py>(
    c: &Classes,
    class: &Py<PyAny>,
    d: &Bound<'py, PyDict>,
    key: &Bound<'py, PyString>,
    default: Option<(&Bound<'py, PyString>, Bound<'py, PyAny>)>,
) -> PyResult<()> {
    let Some(list) = d.get_item(key)? else {
        return Ok(());
    };
    let mut items = Vec::new();
    for item in list.try_iter()? {
        let item = item?;
        let fields = item.cast::<PyDict>()?;
        if let Some((name, value)) = &default {
            if !fields.contains(name)? {
                fields.set_item(name, value)?;
            }
        }
        items.push(build(c, class, fields)?);
    }
    d.set_item(key, PyTuple::new(d.py(), items)?)
}

/// One win: the `Score` dataclass, or the exception of its code (`NoYakuError` for a win
/// without a yaku, `ScoreError` for a hand that does not win, with its shanten, bad input or
/// rules that score nothing), scored as every binding scores (`protocol::Session::score`).
pub(crate) fn score_one<'py>(
    session: &Session<'static>,
    py: Python<'py>,
    fields: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    // A score takes a microsecond: not worth giving the GIL away and back.
    let score = session.score_owned(json_of(fields.as_any())?).or_raise()?;
    let (mcr, room) = (
        matches!(score, Score::Mcr(_)),
        matches!(
            score,
            Score::Sichuan(_) | Score::Hongzhong(_) | Score::Changsha(_) | Score::Nanchang(_)
        ),
    );
    let d = pythonize::pythonize(py, &score_answer(&Ok(score)))
        .map_err(|e| raise(Code::BadWin, e.to_string()))?;
    let d = d.cast_into::<PyDict>()?;
    let c = classes(py)?;
    if mcr {
        build_list(c, &c.fan, &d, intern!(py, "fans"), None)?;
        return build(c, &c.mcr, &d);
    }
    if room {
        build_list(c, &c.room_fan, &d, intern!(py, "fans"), None)?;
        build_list(c, &c.wildcard, &d, intern!(py, "wildcards"), None)?;
        return build(c, &c.room, &d);
    }
    build_list(c, &c.yaku, &d, intern!(py, "yaku"), None)?;
    let tile = (intern!(py, "tile"), py.None().into_bound(py));
    build_list(c, &c.fu_part, &d, intern!(py, "fu_parts"), Some(tile))?;
    build(c, &c.score, &d)
}

/// Rows read (with the GIL) and scored (without it) at a time: what `score_many` holds
/// beyond its answer columns.
const CHUNK: usize = 512;

/// The wins of `score_many`: a sequence of dicts, or a dict of columns (lists or numpy
/// arrays, each as long as `hand`).
enum Wins<'py> {
    Rows(Bound<'py, PyAny>),
    /// The columns by name (each name read once, not once a row).
    Columns(Vec<(String, Bound<'py, PyAny>)>),
}

impl<'py> Wins<'py> {
    fn of(wins: &Bound<'py, PyAny>) -> PyResult<(Wins<'py>, usize)> {
        if let Ok(columns) = wins.cast::<PyMapping>() {
            let mut out = Vec::new();
            for item in columns.items()?.iter() {
                let (key, column): (Bound<'py, PyString>, Bound<'py, PyAny>) = item.extract()?;
                out.push((key.to_cow()?.into_owned(), column));
            }
            let n = match out.iter().find(|(k, _)| k == "hand") {
                Some((_, hand)) => hand.len()?,
                None => {
                    return Err(raise(
                        Code::BadWin,
                        "score_many's columns need a hand column",
                    ))
                }
            };
            for (key, column) in &out {
                if column.len()? != n {
                    return Err(raise(
                        Code::BadWin,
                        format!("column {key} has {} rows, hand has {n}", column.len()?),
                    ));
                }
            }
            return Ok((Wins::Columns(out), n));
        }
        if wins.is_instance_of::<PyString>() || wins.is_instance_of::<PyDict>() {
            return Err(raise(
                Code::BadWin,
                "score_many takes a list of dicts or a dict of columns",
            ));
        }
        let n = wins.len().map_err(|_| {
            raise(
                Code::BadWin,
                "score_many takes a list of dicts or a dict of columns",
            )
        })?;
        Ok((Wins::Rows(wins.clone()), n))
    }

    /// Row `i` as a request object.
    fn row(&self, i: usize) -> PyResult<serde_json::Value> {
        match self {
            Wins::Rows(rows) => json_of(&rows.get_item(i)?),
            Wins::Columns(columns) => {
                let mut obj = serde_json::Map::new();
                for (key, column) in columns {
                    obj.insert(key.clone(), json_of(&column.get_item(i)?)?);
                }
                Ok(serde_json::Value::Object(obj))
            }
        }
    }
}

/// Many wins: numpy columns `han`, `fu`, `base`, `total`, `yakuman` (int32) and `status`
/// (uint8: the stable code's number, `hupai.STATUS[n]` its name: 0 OK, 8 NO_YAKU (or under
/// guobiao below the 8-fan minimum), 9 NOT_A_WIN, 10 BAD_WIN …), row for row. Rows are read a
/// chunk at a time and scored without the GIL.
pub(crate) fn score_many<'py>(
    engine: &Engine<'static>,
    py: Python<'py>,
    wins: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (wins, n) = Wins::of(wins)?;
    let (mut han, mut fu, mut base, mut total, mut yakuman) = (
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
    );
    let mut status = vec![0u8; n];
    let mut rows: Vec<Result<(WinningHand, Win), RequestError>> = Vec::with_capacity(CHUNK.min(n));
    for start in (0..n).step_by(CHUNK) {
        let end = (start + CHUNK).min(n);
        rows.clear();
        for i in start..end {
            rows.push(parse_win(wins.row(i)?, engine.rules().scoring));
        }
        py.check_signals()?;
        py.detach(|| {
            for (row, i) in rows.iter().zip(start..end) {
                let (hand, win) = match row {
                    Ok(read) => read,
                    Err(e) => {
                        status[i] = e.code as u8;
                        continue;
                    }
                };
                match engine.score(hand, win) {
                    Ok(Score::Riichi(s)) => {
                        han[i] = s.han as i32;
                        fu[i] = s.fu as i32;
                        base[i] = s.base as i32;
                        total[i] = s.total as i32;
                        yakuman[i] = s.yakuman as i32;
                    }
                    Ok(Score::Mcr(s)) => {
                        total[i] = s.total as i32;
                        if !s.meets_minimum {
                            status[i] = Code::NoYaku as u8;
                        }
                    }
                    // The fans paid in `han`, the winner's gain in `total` (a gain past the
                    // column's range is refused, not cut).
                    Ok(Score::Sichuan(RoomScore { fan, total: t, .. }))
                    | Ok(Score::Hongzhong(RoomScore { fan, total: t, .. }))
                    | Ok(Score::Changsha(RoomScore { fan, total: t, .. }))
                    | Ok(Score::Nanchang(RoomScore { fan, total: t, .. })) => {
                        match i32::try_from(t) {
                            Ok(t) => {
                                han[i] = fan as i32;
                                total[i] = t;
                            }
                            Err(_) => status[i] = Code::BadWin as u8,
                        }
                    }
                    Ok(_) => status[i] = Code::NotScored as u8,
                    Err(e) => status[i] = e.code() as u8,
                }
            }
        });
    }
    let out = PyDict::new(py);
    out.set_item("han", PyArray1::from_vec(py, han))?;
    out.set_item("fu", PyArray1::from_vec(py, fu))?;
    out.set_item("base", PyArray1::from_vec(py, base))?;
    out.set_item("total", PyArray1::from_vec(py, total))?;
    out.set_item("yakuman", PyArray1::from_vec(py, yakuman))?;
    out.set_item("status", PyArray1::from_vec(py, status))?;
    Ok(out)
}
