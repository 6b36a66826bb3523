//! `Engine.score` and `Engine.score_many`: a win's worth (riichi), one hand as a `Score`
//! dataclass, many as numpy columns. The situation is the batch request's `"score"` object
//! (keyword arguments, or one dict per hand), read by the protocol's one reader.

use crate::errors::{NoYakuError, ScoreError};
use hupai::protocol::{parse_win, score_json};
use hupai::{Engine, Score, Win, WinningHand};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A Python dict of JSON values as serde's (through `json.dumps`: one reader of JSON).
pub(crate) fn json_of(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = py.import("json")?.call_method1("dumps", (v,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| ScoreError::new_err(format!("not JSON: {e}")))
}

/// The hand, its calls and the win of one request object ([`parse_win`]).
fn request(value: serde_json::Value) -> Result<(WinningHand, Win), String> {
    parse_win(&value)
}

/// One win: the `Score` dataclass, `NoYakuError` for a win without a yaku, `ScoreError`
/// otherwise (a hand that does not win, bad input, rules that score nothing).
pub(crate) fn score_one<'py>(
    engine: &Engine<'static>,
    py: Python<'py>,
    fields: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    let (hand, win) = request(json_of(py, fields.as_any())?).map_err(ScoreError::new_err)?;
    let result = py.detach(|| engine.score(&hand, &win));
    match result {
        Ok(s) => {
            let text = score_json(&Ok::<Score, hupai::ScoreError>(s)).to_string();
            let d = py.import("json")?.call_method1("loads", (text,))?;
            let class = if d.contains("fans")? {
                "McrScore"
            } else {
                "Score"
            };
            py.import("hupai._types")?
                .getattr(class)?
                .call_method1("from_dict", (d,))
        }
        Err(hupai::ScoreError::NoYaku) => {
            Err(NoYakuError::new_err(hupai::ScoreError::NoYaku.to_string()))
        }
        Err(e) => Err(ScoreError::new_err(e.to_string())),
    }
}

/// Many wins: numpy columns `han`, `fu`, `base`, `total`, `yakuman` (int32) and `status`
/// (uint8: 0 scored, 1 no yaku, 2 not a win, 3 input refused), row for row.
pub(crate) fn score_many<'py>(
    engine: &Engine<'static>,
    py: Python<'py>,
    wins: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let serde_json::Value::Array(items) = json_of(py, wins)? else {
        return Err(ScoreError::new_err("score_many takes a list of dicts"));
    };
    let rows: Vec<Result<(WinningHand, Win), String>> = items.into_iter().map(request).collect();
    let n = rows.len();
    let (mut han, mut fu, mut base, mut total, mut yakuman) = (
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
        vec![0i32; n],
    );
    let mut status = vec![0u8; n];
    py.detach(|| {
        for (i, row) in rows.iter().enumerate() {
            let Ok((hand, win)) = row else {
                status[i] = 3;
                continue;
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
                        status[i] = 1;
                    }
                }
                Err(hupai::ScoreError::NoYaku) => status[i] = 1,
                Err(hupai::ScoreError::NotAWin) => status[i] = 2,
                _ => status[i] = 3,
            }
        }
    });
    let out = PyDict::new(py);
    out.set_item("han", PyArray1::from_vec(py, han))?;
    out.set_item("fu", PyArray1::from_vec(py, fu))?;
    out.set_item("base", PyArray1::from_vec(py, base))?;
    out.set_item("total", PyArray1::from_vec(py, total))?;
    out.set_item("yakuman", PyArray1::from_vec(py, yakuman))?;
    out.set_item("status", PyArray1::from_vec(py, status))?;
    Ok(out)
}
