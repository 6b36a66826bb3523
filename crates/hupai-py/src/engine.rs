//! `hupai.Engine`: rules, wild kinds and tables resolved once; per-hand calls and, on arrays
//! or lists of hands, vectorised ones (`vector.rs`).

use crate::errors::{hand_error, rules_error, type_error, HandError, OrRaise, TablesError};
use crate::hand::{describe, jing_kinds, seq_counts, text_hand, wild_kinds, PyHand, Spec};
use crate::results;
use crate::vector::{array_rows, run, run_batch, run_rows, sink, text_rows, thread_count, Rows};
use hupai::protocol::{
    answer, engine_settings, Request, Session, DEFAULT_PRESET, MAX_DECOMPOSITIONS,
};

// The default `limit` of `Engine.decompositions` (a literal in its signature) is batch's.
const _: () = assert!(MAX_DECOMPOSITIONS == 64);
use hupai::{decompositions, Counts, Engine, Hand, Rules, Tables, TileSet};
use numpy::{PyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use pyo3::BoundObject;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// An engine: the rules (a preset name or switches), wild kinds added to every hand, and the
/// tables (compiled in, or a set written by `hupai tables generate`). Shareable across
/// threads; every call that takes many hands releases the GIL.
///
/// >>> import hupai, numpy as np
/// >>> engine = hupai.Engine("riichi")
/// >>> engine.shanten("23569m456p789s11z")
/// 1
/// >>> engine.shanten(np.array([hupai.Hand("123m456p789s1122z").counts], dtype=np.uint8))
/// array([0], dtype=int8)
#[pyclass(name = "Engine", module = "hupai", frozen)]
pub struct PyEngine {
    engine: Engine<'static>,
    /// Requests and wins are read and answered through it, as in every binding.
    session: Session<'static>,
    wild: TileSet,
    label: String,
    /// The rules as given (a preset name or switches), as JSON: `rules` and pickling.
    rules_json: String,
    /// The table-set directory, if one was loaded: pickling.
    tables: Option<PathBuf>,
}

/// One hand, or many.
enum Arg<'py> {
    One(Spec),
    Many(Rows<'py>),
}

impl PyEngine {
    /// What a call was given: a `Hand`, MPSZ text or 34 counts are one hand; a 2-D array of
    /// counts, or a list / array of strings, many.
    fn arg<'py>(&self, obj: &Bound<'py, PyAny>) -> PyResult<Arg<'py>> {
        if let Ok(h) = obj.cast::<PyHand>() {
            return Ok(Arg::One(h.get().spec.clone()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Arg::One(Spec::of_counts(text_hand(&crate::errors::text(
                s,
            )?)?)));
        }
        if let Ok(arr) = obj.cast::<PyUntypedArray>() {
            return Ok(match array_rows(arr)? {
                Some(rows) => Arg::Many(rows),
                None => Arg::One(Spec::of_counts(seq_counts(obj)?)),
            });
        }
        if obj.cast::<PyBytes>().is_ok() || obj.cast::<PyByteArray>().is_ok() {
            return Err(type_error(
                "a hand is text (str), not bytes: decode it first (hand.decode())",
            ));
        }
        if obj.is_none() || obj.cast::<PyDict>().is_ok() {
            return Err(not_a_hand(obj));
        }
        // A sequence: of 34 integers (one hand), of strings (many), of rows (many).
        let first = match obj.get_item(0) {
            Ok(first) => Some(first),
            Err(_) if obj.len().ok() == Some(0) => None,
            Err(_) => return Err(not_a_hand(obj)),
        };
        match first {
            None => Ok(Arg::Many(Rows::Texts(Vec::new()))),
            Some(f) if f.cast::<PyString>().is_ok() => Ok(Arg::Many(text_rows(obj)?)),
            Some(f) if f.extract::<i64>().is_ok() => {
                Ok(Arg::One(Spec::of_counts(seq_counts(obj)?)))
            }
            Some(_) => {
                let arr = obj.py().import("numpy")?.call_method1("asarray", (obj,))?;
                let arr = arr.cast::<PyUntypedArray>().map_err(|_| not_a_hand(obj))?;
                match array_rows(arr)? {
                    Some(rows) => Ok(Arg::Many(rows)),
                    None => Err(not_a_hand(obj)),
                }
            }
        }
    }

    /// One hand under the engine's rules and wild kinds, with its seen tiles.
    fn build(&self, spec: &Spec, seen: Option<&Bound<'_, PyAny>>) -> PyResult<(Hand, Counts)> {
        let seen_text = match seen {
            None => None,
            Some(s) if s.is_none() => None,
            Some(_) if !spec.seen.is_empty() => {
                return Err(hand_error(
                    "seen is given twice: by the Hand and by the call",
                ))
            }
            Some(s) => Some(seen_text(s)?),
        };
        spec.build(self.engine.rules(), self.wild, seen_text.as_deref())
    }

    /// One hand's seen tiles for a batch: `None`, 34 counts for every row, or `(N, 34)`.
    fn batch_seen(&self, seen: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<Counts>> {
        let Some(seen) = seen.filter(|s| !s.is_none()) else {
            return Ok(vec![[0; 34]]);
        };
        if let Ok(arr) = seen.cast::<PyUntypedArray>() {
            if arr.ndim() == 2 {
                let Some(rows) = array_rows(arr)? else {
                    unreachable!("2-D")
                };
                if rows.len() != n {
                    return Err(hand_error(format!(
                        "seen has {} rows, the hands {n}",
                        rows.len()
                    )));
                }
                let py = seen.py();
                return run(py, &rows, 1, |_, c| Ok(*c));
            }
        }
        Ok(vec![match seen.cast::<PyString>() {
            Ok(s) => text_hand(&crate::errors::text(s)?)?,
            Err(_) => seq_counts(seen)?,
        }])
    }

    /// Answers one hand with `one`, or every row with `many` into a numpy array.
    fn each<'py, T, O>(
        &self,
        hand: &Bound<'py, PyAny>,
        threads: i64,
        one: impl FnOnce(&Hand) -> PyResult<O>,
        many: impl Fn(&[Counts], &mut Vec<T>) -> Option<(usize, String)> + Sync,
    ) -> PyResult<Bound<'py, PyAny>>
    where
        T: Send + numpy::Element,
        O: IntoPyObject<'py>,
    {
        let py = hand.py();
        let threads = thread_count(threads)?;
        match self.arg(hand)? {
            Arg::One(spec) => {
                let (h, _) = self.build(&spec, None)?;
                Ok(one(&h)?
                    .into_pyobject(py)
                    .map_err(Into::into)?
                    .into_any()
                    .into_bound())
            }
            Arg::Many(rows) => {
                let out = run_batch(py, &rows, threads, many)?;
                Ok(PyArray1::from_vec(py, out).into_any())
            }
        }
    }

    /// The hand of a call that takes one hand only.
    fn one(
        &self,
        hand: &Bound<'_, PyAny>,
        seen: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Hand, Counts)> {
        match self.arg(hand)? {
            Arg::One(spec) => self.build(&spec, seen),
            Arg::Many(_) => Err(type_error(
                "this call takes one hand (a Hand, MPSZ text or 34 counts); the vectorised calls are is_win, wildcards_needed, shanten, ukeire and valid",
            )),
        }
    }
}

fn not_a_hand(obj: &Bound<'_, PyAny>) -> PyErr {
    type_error(format!(
        "a hand is MPSZ text (\"123m456p789s1122z\"), a hupai.Hand or 34 counts; many hands are an (N, 34) array of counts or a list of strings; got {}",
        describe(obj)
    ))
}

fn seen_text(seen: &Bound<'_, PyAny>) -> PyResult<String> {
    let counts = match seen.cast::<PyString>() {
        Ok(s) => {
            return Ok(crate::errors::text(s)?
                .chars()
                .take(crate::hand::MAX_TEXT + 1)
                .collect())
        }
        Err(_) => seq_counts(seen)?,
    };
    Ok(hupai::format_counts(&counts))
}

/// Table sets loaded from disk, kept for the life of the process (an engine borrows its
/// tables): one per directory and manifest, so that making engines over the same set again
/// loads nothing.
static LOADED: Mutex<Vec<(PathBuf, Vec<u8>, &'static Tables)>> = Mutex::new(Vec::new());

fn load_tables(dir: &Path) -> PyResult<&'static Tables> {
    let fail = |e: String| TablesError::new_err(format!("{}: {e}", dir.display()));
    let canonical = dir.canonicalize().map_err(|e| fail(e.to_string()))?;
    let manifest =
        std::fs::read(canonical.join("manifest.json")).map_err(|e| fail(e.to_string()))?;
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, _, t)) = loaded
        .iter()
        .find(|(d, m, _)| *d == canonical && *m == manifest)
    {
        return Ok(t);
    }
    let tables: &'static Tables = Box::leak(Box::new(
        Tables::load(&canonical).map_err(|e| TablesError::new_err(e.to_string()))?,
    ));
    loaded.push((canonical, manifest, tables));
    Ok(tables)
}

/// The rules of `Engine(rules=…)` as a request's `"rules"` value: a preset name, or a dict of
/// switches (`{"preset": "changsha", "patterns": []}`), read by `protocol::engine_settings`.
fn rules_value(rules: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    if let Ok(name) = rules.cast::<PyString>() {
        Ok(serde_json::Value::String(
            crate::errors::text(name)?.into_owned(),
        ))
    } else if rules.cast::<PyDict>().is_ok() {
        crate::score::json_of(rules).map_err(|e| rules_error(e.to_string()))
    } else {
        Err(type_error(format!(
            "rules is a preset name (\"riichi\") or a dict of switches, not {}",
            describe(rules)
        )))
    }
}

#[pymethods]
impl PyEngine {
    /// `Engine(rules="chinese", wild=None, jing=None, tables=None)`: `rules` a preset name
    /// (`hupai.presets()`; chinese by default, as a batch line without rules) or a dict of
    /// switches over it (`{"preset": "changsha", "patterns": []}`);
    /// `wild` kinds wild in every hand (a tile or a list); `jing` a Nanchang indicator (its kind
    /// and the next are wild); `tables` a table-set directory (`hupai tables generate`).
    #[new]
    #[pyo3(
        signature = (rules=None, wild=None, jing=None, tables=None),
        text_signature = "(rules='chinese', wild=None, jing=None, tables=None)"
    )]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        wild: Option<&Bound<'_, PyAny>>,
        jing: Option<Bound<'_, PyString>>,
        tables: Option<PathBuf>,
    ) -> PyResult<PyEngine> {
        // No rules: the batch's default, as in every front end (`protocol::DEFAULT_PRESET`).
        let default = PyString::new(py, DEFAULT_PRESET).into_any();
        let rules = rules.unwrap_or(&default);
        let rules_json = rules_value(rules)?;
        let kinds = wild_kinds(wild)?;
        let names: Vec<&str> = kinds.iter().map(|t| t.mpsz()).collect();
        let (r, mut wild) = engine_settings(Some(&rules_json), &names, None).or_raise()?;
        if let Some(j) = jing {
            wild = TileSet(wild.0 | jing_kinds(&crate::errors::text(&j)?, &r)?.0);
        }
        Hand::check_wild(wild, &r).map_err(|e| rules_error(e.to_string()))?;
        let engine = match &tables {
            None => Engine::new(r),
            Some(dir) => Engine::with_tables(load_tables(dir)?, r)
                .map_err(|e| TablesError::new_err(e.to_string()))?,
        };
        let mut label = format!("Engine({})", rules.repr()?);
        if !wild.is_empty() {
            let kinds: Vec<String> = wild.iter().map(|t| format!("'{t}'")).collect();
            label = format!(
                "{}, wild=[{}])",
                &label[..label.len() - 1],
                kinds.join(", ")
            );
        }
        Ok(PyEngine {
            session: Session::with_tables(engine.tables(), r, wild),
            engine,
            wild,
            label,
            rules_json: rules_json.to_string(),
            tables,
        })
    }

    /// The rules as given: a preset name, or the dict of switches.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (&self.rules_json,))
    }

    /// Every switch of the rules, as `/v1/presets`, Node's `rules()` and Lua's `rules()` list
    /// them (`protocol::rules_json`).
    ///
    /// >>> hupai.Engine("changsha").switches["pair_258"]
    /// True
    #[getter]
    fn switches<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        pythonize::pythonize(py, &hupai::protocol::rules_json(self.engine.rules()))
            .map_err(|e| rules_error(e.to_string()))
    }

    /// Pickling (Dask, multiprocessing): an engine travels as its arguments and is made anew
    /// on the other side.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let me = slf.get();
        let args = (me.rules(py)?, me.wild(), py.None(), me.tables.clone());
        (slf.get_type(), args)
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The wild kinds added to every hand (besides the rules' own, such as 7z under
    /// hongzhong).
    #[getter]
    fn wild(&self) -> Vec<String> {
        self.wild.iter().map(|t| t.to_string()).collect()
    }

    fn __repr__(&self) -> String {
        self.label.clone()
    }

    /// Whether a 14-tile hand wins. Many hands: a bool array.
    #[pyo3(signature = (hand, /, *, threads=1))]
    fn is_win<'py>(&self, hand: &Bound<'py, PyAny>, threads: i64) -> PyResult<Bound<'py, PyAny>> {
        let e = &self.engine;
        self.each(
            hand,
            threads,
            |h| Ok(e.is_win(h)),
            |rows, out| {
                let mut first = None;
                e.is_win_counts_each(rows, self.wild, sink(out, &mut first));
                first
            },
        )
    }

    /// Fewest wildcards a 14-tile hand needs on top of its real tiles (None if no number
    /// does, and for a 13-tile hand). Many hands: an int8 array, -1 for None.
    #[pyo3(signature = (hand, /, *, threads=1))]
    fn wildcards_needed<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        threads: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let e = &self.engine;
        let rules = *e.rules();
        self.each(
            hand,
            threads,
            |h| Ok(e.wildcards_needed(h)),
            |rows, out| {
                // No batch entry: a hand built a row.
                let mut first = None;
                {
                    let mut put = sink(out, &mut first);
                    for (i, c) in rows.iter().enumerate() {
                        put(
                            i,
                            Hand::under(*c, &[], self.wild, &rules)
                                .map(|h| e.wildcards_needed(&h).map_or(-1, |n| n.min(127) as i8)),
                        );
                    }
                }
                first
            },
        )
    }

    /// Shanten (向听数): 0 is tenpai for 13 tiles, -1 a win for 14. Many hands: an int8 array.
    #[pyo3(signature = (hand, /, *, threads=1))]
    fn shanten<'py>(&self, hand: &Bound<'py, PyAny>, threads: i64) -> PyResult<Bound<'py, PyAny>> {
        let e = &self.engine;
        self.each(
            hand,
            threads,
            |h| Ok(e.shanten(h)),
            |rows, out| {
                let mut first = None;
                e.shanten_counts_each(rows, self.wild, sink(out, &mut first));
                first
            },
        )
    }

    /// Ukeire of a 13-tile hand: `Ukeire(tiles, count)` (`HandError` for 14 tiles). Many
    /// hands: a tuple of two arrays, the counts (uint16) and the kinds as 34-bit masks
    /// (uint64, bit i = tile index i), 0 and 0 in a 14-tile row (a column of mixed hands, as
    /// a table of positions holds); `seen` is then None, 34 counts for every row, or an
    /// (N, 34) array.
    #[pyo3(signature = (hand, /, seen=None, *, threads=1))]
    fn ukeire<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        seen: Option<&Bound<'py, PyAny>>,
        threads: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = hand.py();
        let threads = thread_count(threads)?;
        match self.arg(hand)? {
            Arg::One(spec) => {
                let (h, seen) = self.build(&spec, seen)?;
                results::ukeire(py, &self.engine.ukeire(&h, &seen).or_raise()?)
            }
            Arg::Many(rows) => {
                let seen = self.batch_seen(seen, rows.len())?;
                let e = &self.engine;
                let out = run(py, &rows, threads, |i, c| {
                    let s = &seen[if seen.len() == 1 { 0 } else { i }];
                    if c.iter().map(|&n| n as u32).sum::<u32>() % 3 == 2 {
                        // Checked as a hand first: a bad 14-tile row is still an error.
                        hupai::Hand::under(*c, &[], self.wild, e.rules())
                            .map_err(|e| e.to_string())?;
                        return Ok((0, 0));
                    }
                    let u = e
                        .ukeire_counts(c, self.wild, s)
                        .map_err(|e| e.to_string())?;
                    Ok((u.count as u16, u.tiles.0))
                })?;
                let (counts, masks): (Vec<u16>, Vec<u64>) = out.into_iter().unzip();
                Ok((
                    PyArray1::from_vec(py, counts),
                    PyArray1::from_vec(py, masks),
                )
                    .into_pyobject(py)?
                    .into_any())
            }
        }
    }

    /// Which hands this engine answers (True) and which a call would refuse (False): 5
    /// copies, a tile count other than 3k+1 / 3k+2, bad text, a kind out of play. Many
    /// hands: a bool array, never an error for a bad row.
    #[pyo3(signature = (hands, /, *, threads=1))]
    fn valid<'py>(&self, hands: &Bound<'py, PyAny>, threads: i64) -> PyResult<Bound<'py, PyAny>> {
        let py = hands.py();
        let rules = *self.engine.rules();
        let threads = thread_count(threads)?;
        match self.arg(hands) {
            Ok(Arg::Many(rows)) => {
                let out = run_rows(py, &rows, threads, |_, c| {
                    Ok(c.is_ok_and(|c| Hand::under(*c, &[], self.wild, &rules).is_ok()))
                })?;
                Ok(PyArray1::from_vec(py, out).into_any())
            }
            Ok(Arg::One(spec)) => {
                let ok = self.build(&spec, None).is_ok();
                Ok(pyo3::types::PyBool::new(py, ok).to_owned().into_any())
            }
            Err(e) if e.is_instance_of::<HandError>(py) => {
                Ok(pyo3::types::PyBool::new(py, false).to_owned().into_any())
            }
            Err(e) => Err(e),
        }
    }

    /// Shanten per form the rules play: `{"Standard": 1, "SevenPairs": 3, …}` (a win pattern
    /// under its own name, such as `"one_suit"`; None for a form the hand can no longer
    /// reach, such as all pungs after a declared chow).
    fn form_shanten<'py>(
        &self,
        py: Python<'py>,
        hand: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (h, _) = self.one(hand, None)?;
        let d = PyDict::new(py);
        for (form, shanten) in self.engine.forms(&h).shanten_by_form() {
            d.set_item(results::form_name(form), shanten)?;
        }
        Ok(d)
    }

    /// The waits of a 13-tile hand, in tile order (`HandError` for 14 tiles).
    fn waits(&self, hand: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
        let (h, _) = self.one(hand, None)?;
        h.expect_size(false, "waits").or_raise()?;
        Ok(results::tile_names(self.engine.waits(&h)))
    }

    /// The per-discard report of a 14-tile hand (what Tenhou's 牌理 shows), best first:
    /// fewest shanten, then most effective tiles.
    #[pyo3(signature = (hand, /, seen=None))]
    fn discards<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        seen: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let (h, seen) = self.one(hand, seen)?;
        let report = self.engine.discards(&h, &seen).or_raise()?;
        report
            .iter()
            .map(|d| results::discard(hand.py(), d))
            .collect()
    }

    /// Improvement tiles (改良) of a 13-tile hand, in tile order.
    #[pyo3(signature = (hand, /, seen=None))]
    fn improvements<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        seen: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let (h, seen) = self.one(hand, seen)?;
        let list = self.engine.improvements(&h, &seen).or_raise()?;
        list.iter()
            .map(|&(t, n)| results::improvement(hand.py(), t, n))
            .collect()
    }

    /// The decompositions of a winning hand (empty if it does not win), each with what every
    /// wildcard stands for; at most `limit` (64 by default, as `hupai batch`).
    #[pyo3(signature = (hand, /, limit=64))]
    fn decompositions<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        limit: i64,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let limit = usize::try_from(limit).map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "limit {limit}: give 0 or more decompositions"
            ))
        })?;
        let (h, _) = self.one(hand, None)?;
        decompositions(&self.engine, &h, limit)
            .iter()
            .map(|d| results::decomposition(hand.py(), d))
            .collect()
    }

    /// The chance to reach tenpai and to win within 1..=`draws` draws, per distinct discard
    /// of a 14-tile hand (one row for 13 tiles), with the best play for each horizon
    /// (docs/ODDS.md): an `Odds` whose rows hold numpy vectors (`tenpai[k - 1]` is within k
    /// draws). `model` is "unseen" or "simulator"; `max_states` and `max_bytes` (256 MiB by
    /// default, as in every front end) bound the work (`OddsError` past them); `threads` the
    /// threads a large graph's solving may use (the same answers whatever the count). The
    /// work runs without the GIL and stops at Ctrl-C (signals are checked every few
    /// milliseconds).
    /// With `score` (a dict of the batch's `odds.score` fields: seat, round, dora, riichi, …;
    /// riichi rules), each row adds `expected`: the expected points of a win; `calls` then
    /// says how the hand's melds were made ("ankan 1111s"). `riichi=True` plays the riichi
    /// player's model: a closed hand declares on reaching tenpai and keeps its wait.
    #[pyo3(signature = (hand, /, seen=None, *, draws=17, backward=true, sideways=true, riichi=false, extra=1, model="unseen", max_states=2_000_000, max_bytes=268_435_456, threads=1, score=None, calls=None))]
    #[allow(clippy::too_many_arguments)]
    // The default of `max_bytes` is written out for the signature Python shows: the engine's.
    fn odds<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        seen: Option<&Bound<'py, PyAny>>,
        draws: i64,
        backward: bool,
        sideways: bool,
        riichi: bool,
        extra: i64,
        model: &str,
        max_states: i64,
        max_bytes: i64,
        threads: i64,
        score: Option<&Bound<'py, PyAny>>,
        calls: Option<Vec<String>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = hand.py();
        if seen.is_some_and(|s| s.is_instance_of::<pyo3::types::PyInt>()) {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "odds(hand, seen=None, *, draws=17, …): the second argument is the tiles seen; \
                 give the draws by name, odds(hand, draws=17)",
            ));
        }
        let value_error = |m: String| pyo3::exceptions::PyValueError::new_err(m);
        let opts = hupai::OddsOptions {
            draws: u32::try_from(draws)
                .ok()
                .filter(|&d| d >= 1)
                .ok_or_else(|| value_error(format!("draws {draws}: give 1 or more")))?,
            backward,
            sideways,
            riichi,
            extra: u8::try_from(extra)
                .ok()
                .filter(|&e| e <= 4)
                .ok_or_else(|| value_error(format!("extra {extra}: give 0 to 4")))?,
            model: match model {
                "unseen" => hupai::WallModel::Unseen,
                "simulator" => hupai::WallModel::Simulator,
                m => {
                    return Err(value_error(format!(
                        "model '{m}': give 'unseen' or 'simulator'"
                    )))
                }
            },
            max_states: usize::try_from(max_states)
                .ok()
                .filter(|&m| m >= 1)
                .ok_or_else(|| value_error(format!("max_states {max_states}: give 1 or more")))?,
            max_bytes: usize::try_from(max_bytes)
                .ok()
                .filter(|&m| m >= 1)
                .ok_or_else(|| value_error(format!("max_bytes {max_bytes}: give 1 or more")))?,
            threads: usize::try_from(threads)
                .ok()
                .filter(|&t| t >= 1)
                .ok_or_else(|| value_error(format!("threads {threads}: give 1 or more")))?,
        };
        let (h, seen) = self.one(hand, seen)?;
        let scored = match score {
            None => None,
            Some(v) => {
                let calls: Vec<String> = calls.unwrap_or_default();
                let calls: Vec<&str> = calls.iter().map(String::as_str).collect();
                let value = crate::score::json_of(v)?;
                // Red fives are read from MPSZ text (0m); counts have none.
                let text = match hand.cast::<PyString>() {
                    Ok(s) => crate::errors::text(s)?,
                    Err(_) => "".into(),
                };
                Some(
                    hupai::protocol::parse_odds_score(
                        &value,
                        &text,
                        &calls,
                        self.engine.rules().scoring,
                    )
                    .map_err(|e| crate::errors::raise(e.code, e.message))?,
                )
            }
        };
        let engine = &self.engine;
        // Ctrl-C stops the work: the signal handlers run when asked, with the GIL.
        let odds = crate::errors::interruptible(py, |stop| {
            engine.odds_until(&h, &seen, &opts, scored.as_ref(), stop)
        })?;
        match odds {
            Ok(o) => results::odds(py, &o),
            Err(e) => Err(crate::errors::odds_error(&e)),
        }
    }

    /// What a win is worth (riichi): `hand` holds the concealed tiles with the winning tile
    /// `win` among them; `calls` ("chi 123m", "pon 777z", "kan 5555p", "ankan 1111m") and
    /// the situation's keywords are the batch request's `score` fields (tsumo, seat, round,
    /// riichi, dora, honba, open_tanyao, kazoe, …). Returns a `Score`; raises `NoYakuError`
    /// for a win without a yaku, `ScoreError` otherwise.
    #[pyo3(signature = (hand, /, *, win, calls=None, **situation))]
    fn score<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        win: &Bound<'py, PyAny>,
        calls: Option<&Bound<'py, PyAny>>,
        situation: Option<&Bound<'py, pyo3::types::PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = hand.py();
        let fields = match situation {
            Some(d) => d.copy()?,
            None => pyo3::types::PyDict::new(py),
        };
        fields.set_item("hand", hand)?;
        fields.set_item("win", win)?;
        if let Some(c) = calls {
            fields.set_item("calls", c)?;
        }
        crate::score::score_one(&self.session, py, &fields)
    }

    /// Many wins at once (dicts of `hand`, `win`, `calls` and the situation's fields): numpy
    /// columns han, fu, base, total, yakuman and status (a stable code's number,
    /// `hupai.STATUS[n]` its name: 0 OK, 8 NO_YAKU, 9 NOT_A_WIN, 10 BAD_WIN …), scored
    /// without the GIL.
    fn score_many<'py>(
        &self,
        wins: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        crate::score::score_many(&self.engine, wins.py(), wins)
    }

    /// Everything at once, as `hupai batch` answers the hand: a dict with `hand`, `tiles`,
    /// `win`, `shanten`, and `waits` + `ukeire` (13 tiles) or `discards` (14 tiles), and
    /// `decompositions` when asked.
    #[pyo3(signature = (hand, /, seen=None, *, decompositions=false))]
    fn analyse<'py>(
        &self,
        hand: &Bound<'py, PyAny>,
        seen: Option<&Bound<'py, PyAny>>,
        decompositions: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = hand.py();
        let line = if let Ok(fields) = hand.cast::<pyo3::types::PyDict>() {
            // A request dict, read and answered as every binding does (protocol::Session).
            if seen.is_some() || decompositions {
                return Err(type_error(
                    "analyse(request): seen and decompositions are the request's own fields",
                ));
            }
            let request = crate::score::json_of(fields.as_any())?;
            self.session.analyse(&request).or_raise()?
        } else {
            let (h, seen) = self.one(hand, seen)?;
            self.answer_hand(h, seen, decompositions)?
        };
        py.import("json")?.call_method1("loads", (line,))
    }
}

impl PyEngine {
    /// The batch answer to one hand.
    fn answer_hand(&self, h: Hand, seen: hupai::Counts, decompositions: bool) -> PyResult<String> {
        let req = Request {
            hand: h,
            rules: *self.engine.rules(),
            seen,
            id: None,
            decompositions,
            forms: false,
            improvements: false,
            opening: false,
            odds: None,
            odds_score: None,
            score: None,
        };
        answer(&self.engine, &req).or_raise()
    }
}

/// `Engine.odds`' `max_bytes` default, as written in its signature, is the engine's.
const _: () = assert!(hupai::DEFAULT_ODDS_BYTES == 268_435_456);

/// The module's list of presets.
pub(crate) fn presets() -> Vec<&'static str> {
    Rules::presets().map(|(name, _)| name).collect()
}

/// Index of a tile (1m = 0 … 7z = 33).
pub(crate) fn tile_index(tile: &str) -> PyResult<usize> {
    hupai::Tile::parse(tile)
        .map(|t| t.index())
        .map_err(|e| crate::errors::coded(&hupai::HandError::Tile(e)))
}
