//! Per-hand answers as the dataclasses of `hupai/_types.py` (frozen, readable repr,
//! `to_dict()` in the batch answer's shape).

use hupai::{Decomposition, Discard, Odds, Tile, TileSet, Ukeire};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

/// The dataclasses, imported once.
struct Classes {
    ukeire: Py<PyAny>,
    discard: Py<PyAny>,
    improvement: Py<PyAny>,
    slot: Py<PyAny>,
    set: Py<PyAny>,
    decomposition: Py<PyAny>,
    odds: Py<PyAny>,
    odds_row: Py<PyAny>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&'static Classes> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("hupai._types")?;
        let get = |name: &str| -> PyResult<Py<PyAny>> { Ok(m.getattr(name)?.unbind()) };
        Ok(Classes {
            ukeire: get("Ukeire")?,
            discard: get("Discard")?,
            improvement: get("Improvement")?,
            slot: get("Slot")?,
            set: get("Set")?,
            decomposition: get("Decomposition")?,
            odds: get("Odds")?,
            odds_row: get("OddsRow")?,
        })
    })
}

/// Tiles as MPSZ strings, in tile order.
pub(crate) fn tile_names(set: TileSet) -> Vec<&'static str> {
    set.iter().map(Tile::mpsz).collect()
}

pub(crate) use hupai::protocol::form_name;

pub(crate) fn ukeire<'py>(py: Python<'py>, u: &Ukeire) -> PyResult<Bound<'py, PyAny>> {
    let tiles = PyTuple::new(py, tile_names(u.tiles))?;
    classes(py)?.ukeire.bind(py).call1((tiles, u.count))
}

pub(crate) fn discard<'py>(py: Python<'py>, d: &Discard) -> PyResult<Bound<'py, PyAny>> {
    let u = ukeire(py, &d.ukeire)?;
    classes(py)?
        .discard
        .bind(py)
        .call1((d.tile.mpsz(), d.shanten, u))
}

pub(crate) fn improvement<'py>(
    py: Python<'py>,
    t: Tile,
    count: u32,
) -> PyResult<Bound<'py, PyAny>> {
    classes(py)?.improvement.bind(py).call1((t.mpsz(), count))
}

pub(crate) fn decomposition<'py>(
    py: Python<'py>,
    d: &Decomposition,
) -> PyResult<Bound<'py, PyAny>> {
    let c = classes(py)?;
    let mut sets = Vec::with_capacity(d.sets.len());
    for s in &d.sets {
        let mut slots = Vec::with_capacity(s.slots.len());
        for x in &s.slots {
            slots.push(
                c.slot
                    .bind(py)
                    .call1((x.tile.mpsz(), x.wildcard.map(Tile::mpsz)))?,
            );
        }
        let kind = format!("{:?}", s.kind);
        sets.push(
            c.set
                .bind(py)
                .call1((kind, PyTuple::new(py, slots)?, s.declared))?,
        );
    }
    let patterns = PyTuple::new(py, d.patterns.iter().map(|p| p.name()))?;
    c.decomposition
        .bind(py)
        .call1((form_name(d.form), PyTuple::new(py, sets)?, patterns))
}

/// [`Odds`] as the `Odds` dataclass, its vectors as numpy arrays (float64).
pub(crate) fn odds<'py>(py: Python<'py>, o: &Odds) -> PyResult<Bound<'py, PyAny>> {
    let c = classes(py)?;
    let rows = o
        .rows
        .iter()
        .map(|r| {
            c.odds_row.bind(py).call1((
                r.discard.map(Tile::mpsz),
                r.shanten,
                PyArray1::from_slice(py, &r.tenpai),
                PyArray1::from_slice(py, &r.win),
                ukeire(py, &r.ukeire)?,
                r.states,
                PyArray1::from_slice(py, &r.expected),
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    c.odds.bind(py).call1((
        PyTuple::new(py, rows)?,
        PyArray1::from_slice(py, &o.tenpai),
        PyArray1::from_slice(py, &o.win),
        o.won,
        o.wall,
        o.draws,
        o.states,
        PyArray1::from_slice(py, &o.expected),
    ))
}
