//! Many hands per call: rows of 34 counts (a 2-D numpy array, zero-copy for C-contiguous
//! uint8) or MPSZ strings (a list, tuple or array of them), answered with the GIL released,
//! over `threads` threads. A bad row stops the call with a `HandError` naming the first one
//! (`Engine.valid` tells every row's fate without raising).

use crate::errors::{row_error, type_error};
use crate::hand::{describe, seq_counts, text_counts};
use hupai::{format_counts, Counts, Tile};
use numpy::{PyArrayDescrMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Where the rows of a batch come from.
pub(crate) enum Rows<'py> {
    /// A C-contiguous `(N, 34)` uint8 array, read in place.
    Array(PyReadonlyArray2<'py, u8>),
    /// Counts copied out of another array (strided, or of another integer dtype); a value out
    /// of 0..=255 becomes 255, which the engine refuses as too many copies of its kind, unless
    /// `bad` names the row first.
    Owned(Vec<u8>, Option<(usize, String)>),
    /// MPSZ strings, parsed with the GIL released.
    Texts(Vec<String>),
}

impl Rows<'_> {
    pub(crate) fn len(&self) -> usize {
        match self {
            Rows::Array(a) => a.shape()[0],
            Rows::Owned(v, _) => v.len() / 34,
            Rows::Texts(t) => t.len(),
        }
    }

    /// The rows in a form the threads can share: no Python object inside.
    fn source(&self) -> Source<'_> {
        match self {
            Rows::Array(a) => Source::Counts(a.as_slice().expect("checked C-contiguous"), None),
            Rows::Owned(v, bad) => Source::Counts(v, bad.as_ref()),
            Rows::Texts(t) => Source::Texts(t),
        }
    }
}

enum Source<'a> {
    Counts(&'a [u8], Option<&'a (usize, String)>),
    Texts(&'a [String]),
}

/// Why a row is not counts, if `bad` names it.
fn bad_reason(bad: Option<&(usize, String)>, i: usize) -> Option<String> {
    bad.filter(|b| b.0 == i).map(|b| b.1.clone())
}

/// The rows of a numpy array: `None` when it is one hand (1-D, numeric).
pub(crate) fn array_rows<'py>(arr: &Bound<'py, PyUntypedArray>) -> PyResult<Option<Rows<'py>>> {
    let dtype = arr.dtype();
    let kind = dtype.kind();
    if kind == b'O' && arr.ndim() != 1 {
        return Err(type_error(format!(
            "counts are integers (uint8 for no copy), got an array of dtype object and shape {:?}; hand strings go in a 1-D array or a list",
            arr.shape()
        )));
    }
    if matches!(kind, b'U' | b'S' | b'O') {
        if arr.ndim() != 1 {
            return Err(crate::errors::hand_error(format!(
                "an array of hand strings is 1-D, got shape {:?}",
                arr.shape()
            )));
        }
        return text_rows(arr.as_any()).map(Some);
    }
    if !matches!(kind, b'u' | b'i') {
        return Err(type_error(format!(
            "counts are integers (uint8 for no copy), got an array of dtype {}",
            dtype.str()?
        )));
    }
    match arr.ndim() {
        1 => return Ok(None),
        2 if arr.shape()[1] == 34 => {}
        _ => {
            return Err(crate::errors::hand_error(format!(
                "rows of 34 counts expected (shape (N, 34): 1m..9m, 1p..9p, 1s..9s, 1z..7z), got shape {:?}",
                arr.shape()
            )))
        }
    }
    if kind == b'u' && dtype.itemsize() == 1 {
        let typed: PyReadonlyArray2<'py, u8> = arr.extract()?;
        // C order only: `as_slice` also takes a Fortran-ordered array, whose memory holds the
        // columns one after another, not the rows.
        if arr.is_c_contiguous() && typed.as_slice().is_ok() {
            return Ok(Some(Rows::Array(typed)));
        }
        let owned: Vec<u8> = typed.as_array().iter().copied().collect();
        return Ok(Some(Rows::Owned(owned, None)));
    }
    // Another integer dtype: through int64, each value checked.
    let wide = arr.call_method1("astype", ("int64",))?;
    let typed: PyReadonlyArray2<'py, i64> = wide.extract()?;
    let mut bad = None;
    let owned: Vec<u8> = typed
        .as_array()
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if !(0..=4).contains(&v) && bad.is_none() {
                bad = Some((
                    i / 34,
                    format!(
                        "counts[{}] ({}) is {v}: a kind has 0 to 4 copies",
                        i % 34,
                        Tile::from_index(i % 34)
                    ),
                ));
            }
            v.clamp(0, 255) as u8
        })
        .collect();
    Ok(Some(Rows::Owned(owned, bad)))
}

/// MPSZ strings from any iterable of `str`.
pub(crate) fn text_rows<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Rows<'py>> {
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        let s = item.cast::<PyString>().map_err(|_| {
            type_error(format!(
                "row {i}: a batch of hands holds MPSZ strings (or is an (N, 34) array of counts), not {}",
                describe(&item)
            ))
        })?;
        out.push(crate::errors::text(s)?.into_owned());
    }
    Ok(Rows::Texts(out))
}

/// How many threads: `0` for one per core.
pub(crate) fn thread_count(threads: i64) -> PyResult<usize> {
    match threads {
        0 => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        1..=1024 => Ok(threads as usize),
        _ => Err(crate::errors::HupaiError::new_err(format!(
            "threads is {threads}: 1 to 1024 (0 for one per core)"
        ))),
    }
}

/// Answers every row with `answer(row index, counts)`, the GIL released, over `threads`
/// threads (each a contiguous share of the rows). The first bad row, by index, is the error.
pub(crate) fn run<T, F>(
    py: Python<'_>,
    rows: &Rows<'_>,
    threads: usize,
    answer: F,
) -> PyResult<Vec<T>>
where
    T: Send,
    F: Fn(usize, &Counts) -> Result<T, String> + Sync,
{
    run_rows(py, rows, threads, |i, counts| answer(i, counts?))
}

/// [`run`] with each row's counts or why they are not counts (bad text, a value out of
/// range) handed to `answer`, which decides.
pub(crate) fn run_rows<T, F>(
    py: Python<'_>,
    rows: &Rows<'_>,
    threads: usize,
    answer: F,
) -> PyResult<Vec<T>>
where
    T: Send,
    F: Fn(usize, Result<&Counts, String>) -> Result<T, String> + Sync,
{
    let source = rows.source();
    shares(py, rows.len(), threads, |first, last| {
        let mut out = Vec::with_capacity(last - first);
        match source {
            // Each row read where it lies. A copy of it passed on in a `Result` cost a
            // quarter of a row's time for the same instruction count (`run-tests --bench`),
            // likely loads that wait on the copy's narrower stores.
            Source::Counts(data, bad) => {
                for (k, row) in data[first * 34..last * 34].chunks_exact(34).enumerate() {
                    let i = first + k;
                    let counts: &Counts = row.try_into().expect("34 bytes");
                    let counts = match bad_reason(bad, i) {
                        None => Ok(counts),
                        Some(why) => Err(why),
                    };
                    out.push(answer(i, counts).map_err(|e| (i, e))?);
                }
            }
            Source::Texts(texts) => {
                for (k, text) in texts[first..last].iter().enumerate() {
                    let i = first + k;
                    let parsed = text_counts(text);
                    let counts = parsed.as_ref().map_err(String::clone);
                    out.push(answer(i, counts).map_err(|e| (i, e))?);
                }
            }
        }
        Ok(out)
    })
}

/// The sink of an engine batch entry ([`hupai::Engine::shanten_counts_each`] and its
/// kind): each answer pushed onto `out` (a default in place of an error), the first error
/// kept in `first` with its index.
#[inline(always)]
pub(crate) fn sink<'a, T: Default>(
    out: &'a mut Vec<T>,
    first: &'a mut Option<(usize, String)>,
) -> impl FnMut(usize, Result<T, hupai::HandError>) + 'a {
    move |i, r| match r {
        Ok(v) => out.push(v),
        Err(e) => {
            if first.is_none() {
                *first = Some((i, e.to_string()));
            }
            out.push(T::default());
        }
    }
}

/// [`run`] through an engine batch entry: each share's rows of counts in one call of
/// `batch`, which answers them in order into its `Vec` and returns the first error, its
/// index among the rows and why (one loop compiled for the engine's instruction set, with no call a row: a
/// tenth to a fifth of a row's time, `run-tests --bench`), texts parsed first. The first
/// bad row, by index, is the error, as for [`run`].
pub(crate) fn run_batch<T: Send>(
    py: Python<'_>,
    rows: &Rows<'_>,
    threads: usize,
    batch: impl Fn(&[Counts], &mut Vec<T>) -> Option<(usize, String)> + Sync,
) -> PyResult<Vec<T>> {
    let source = rows.source();
    shares(py, rows.len(), threads, |first, last| {
        let mut out = Vec::with_capacity(last - first);
        // The rows before the first that is not counts, and why that one is not.
        let (answered, stop) = match source {
            Source::Counts(data, bad) => {
                let rows = hupai::counts_rows(&data[first * 34..last * 34]);
                let stop = bad.filter(|b| (first..last).contains(&b.0));
                let upto = stop.map_or(rows.len(), |b| b.0 - first);
                (in_chunks(&rows[..upto], &mut out, &batch), stop.cloned())
            }
            Source::Texts(texts) => {
                let mut parsed = Vec::with_capacity(last - first);
                let mut stop = None;
                for (k, text) in texts[first..last].iter().enumerate() {
                    match text_counts(text) {
                        Ok(c) => parsed.push(c),
                        Err(why) => {
                            stop = Some((first + k, why));
                            break;
                        }
                    }
                }
                (in_chunks(&parsed, &mut out, &batch), stop)
            }
        };
        match (answered, stop) {
            (Some((k, why)), _) => Err((first + k, why)),
            (None, Some(stop)) => Err(stop),
            (None, None) => Ok(out),
        }
    })
}

/// Rows handed to an engine batch entry ([`run_batch`]'s `batch`) this many at a time: the
/// entry answers every row it is given, so a bad row stops the call within one chunk (a
/// bad first row of 500,000 had the whole share answered first: 16.6 ns a row for nothing).
const CHUNK: usize = 4096;

/// `batch` over `rows` a [`CHUNK`] at a time, answers into `out`, stopping at the first chunk
/// that holds an error: that error, its index among `rows` and why.
fn in_chunks<T>(
    rows: &[Counts],
    out: &mut Vec<T>,
    batch: &impl Fn(&[Counts], &mut Vec<T>) -> Option<(usize, String)>,
) -> Option<(usize, String)> {
    rows.chunks(CHUNK)
        .enumerate()
        .find_map(|(c, chunk)| batch(chunk, out).map(|(k, why)| (c * CHUNK + k, why)))
}

/// `work(first, last)` of each contiguous share of `n` rows over `threads` threads, the GIL
/// released, the answers joined in row order. Shares are in row order: the first error
/// found is the first bad row.
fn shares<T: Send>(
    py: Python<'_>,
    n: usize,
    threads: usize,
    work: impl Fn(usize, usize) -> Result<Vec<T>, (usize, String)> + Sync,
) -> PyResult<Vec<T>> {
    let result = py.detach(|| {
        // Below a few thousand rows a thread costs more than it saves.
        let threads = threads.min(n / 4096 + 1).max(1);
        let share = n.div_ceil(threads).max(1);
        if threads == 1 {
            return work(0, n);
        }
        let parts: Vec<Result<Vec<T>, (usize, String)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..n)
                .step_by(share)
                .map(|first| {
                    let work = &work;
                    scope.spawn(move || work(first, (first + share).min(n)))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        let mut out = Vec::with_capacity(n);
        for part in parts {
            out.extend(part?);
        }
        Ok(out)
    });
    result.map_err(|(row, why): (usize, String)| row_error(py, row, &why))
}

/// `hupai.to_counts`: one text as a list of 34 counts, many as an (N, 34) uint8 array.
pub(crate) fn to_counts<'py>(hands: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = hands.py();
    if let Ok(s) = hands.cast::<PyString>() {
        let counts = crate::hand::text_hand(&crate::errors::text(s)?)?;
        return Ok(counts.map(u32::from).to_vec().into_pyobject(py)?.into_any());
    }
    let rows = text_rows(hands)?;
    let n = rows.len();
    let flat = run(py, &rows, 1, |_, c| Ok(*c))?;
    let flat: Vec<u8> = flat.concat();
    let arr = numpy::PyArray1::from_vec(py, flat);
    Ok(numpy::PyArrayMethods::reshape(&arr, [n, 34])?.into_any())
}

/// `hupai.to_text`: 34 counts as MPSZ text, an (N, 34) array as a list of texts.
pub(crate) fn to_text<'py>(counts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = counts.py();
    if let Ok(arr) = counts.cast::<numpy::PyUntypedArray>() {
        if let Some(rows) = array_rows(arr)? {
            let out = run(py, &rows, 1, |_, c| Ok(format_counts(c)))?;
            return Ok(out.into_pyobject(py)?.into_any());
        }
    }
    Ok(format_counts(&seq_counts(counts)?)
        .into_pyobject(py)?
        .into_any())
}
