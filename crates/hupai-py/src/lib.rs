//! The Python binding of hupai: the extension module `hupai._hupai`, which the package
//! `python/hupai` re-exports. `pip install ./crates/hupai-py` builds it with maturin.
//!
//! Files: `engine.rs` (`hupai.Engine`: per-hand and vectorised calls), `hand.rs`
//! (`hupai.Hand`), `vector.rs` (many hands: numpy rows or strings, the GIL released, threads),
//! `results.rs` (answers as the dataclasses of `python/hupai/_types.py`), `review.rs` (game
//! records reviewed into rows), `game.rs` (`hupai.Game`, `hupai.VecGame`: the table), `room.rs` (`hupai.RoomGame`, `hupai.RoomVecGame`: the Chinese rooms), `stepper.rs` (what the two vectorised games share),
//! `errors.rs` (`HupaiError` and its family).

use pyo3::prelude::*;

mod engine;
mod errors;
mod game;
mod hand;
mod results;
mod review;
mod room;
mod score;
mod stepper;
mod vector;

/// The names of the rule presets, for `Engine(rules=…)`.
#[pyfunction]
fn presets() -> Vec<&'static str> {
    engine::presets()
}

/// A tile's index in 34 counts: 1m..9m are 0..8, 1p..9p 9..17, 1s..9s 18..26, 1z..7z 27..33.
#[pyfunction]
fn tile_index(tile: Bound<'_, pyo3::types::PyString>) -> PyResult<usize> {
    engine::tile_index(&errors::text(&tile)?)
}

/// MPSZ text as 34 counts; many texts (a list or array of strings) as an (N, 34) uint8 array.
#[pyfunction]
fn to_counts<'py>(hands: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    vector::to_counts(hands)
}

/// 34 counts as MPSZ text; an (N, 34) array as a list of texts.
#[pyfunction]
fn to_text<'py>(counts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    vector::to_text(counts)
}

/// The 精 settlement (南昌麻将) of two to four players' tiles (MPSZ, calls among them) under a
/// 正精 indicator: a dict a player (zheng, fu, points, multiplier, value, net).
#[pyfunction]
fn jing_settlement<'py>(
    py: Python<'py>,
    hands: Vec<String>,
    indicator: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    let rows = hupai::protocol::jing_json(&hands, indicator)
        .map_err(|(code, message)| errors::raise(code, message))?;
    pythonize::pythonize(py, &rows)
        .map_err(|e| errors::raise(hupai::protocol::Code::BadArgument, e.to_string()))
}

#[pymodule]
fn _hupai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<hand::PyHand>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyVecGame>()?;
    m.add_function(wrap_pyfunction!(game::action_name, m)?)?;
    m.add_class::<room::PyRoomGame>()?;
    m.add_class::<room::PyRoomVecGame>()?;
    m.add_function(wrap_pyfunction!(room::room_action_name, m)?)?;
    m.add("ROOM_ACTIONS", hupai::game::room::ROOM_ACTIONS)?;
    m.add("ACTIONS", hupai::game::ACTIONS)?;
    m.add("OBSERVATION", hupai::game::OBSERVATION)?;
    m.add("ROOM_OBSERVATION", hupai::game::room::ROOM_OBSERVATION)?;
    m.add("HupaiError", py.get_type::<errors::HupaiError>())?;
    m.add("HandError", py.get_type::<errors::HandError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("TablesError", py.get_type::<errors::TablesError>())?;
    m.add("OddsError", py.get_type::<errors::OddsError>())?;
    m.add("ScoreError", py.get_type::<errors::ScoreError>())?;
    m.add("NoYakuError", py.get_type::<errors::NoYakuError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    // An error of one hand has no row (a batch's HandError sets its own).
    let base = py.get_type::<errors::HupaiError>();
    base.setattr("row", py.None())?;
    base.setattr("reason", py.None())?;
    // Every raised error sets its stable code ("BAD_TILE" …; errors.rs `raise`).
    base.setattr("code", py.None())?;
    // The codes by number: `score_many`'s `status[i]` is `STATUS[status[i]]`'s number.
    let names: Vec<&str> = hupai::protocol::Code::ALL
        .iter()
        .map(|c| c.name())
        .collect();
    m.add("STATUS", pyo3::types::PyTuple::new(py, names)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(jing_settlement, m)?)?;
    m.add_function(wrap_pyfunction!(review::_review, m)?)?;
    m.add_function(wrap_pyfunction!(tile_index, m)?)?;
    m.add_function(wrap_pyfunction!(to_counts, m)?)?;
    m.add_function(wrap_pyfunction!(to_text, m)?)?;
    m.add("KINDS", 34)?;
    Ok(())
}
