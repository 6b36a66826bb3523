//! The Node.js addon of hupai (N-API, napi-rs): `new Engine("nanchang", { jing: "1z" })`,
//! per-hand calls on MPSZ strings or 34 counts, batch calls over a `Uint8Array` of n × 34
//! counts returning typed arrays, and `…Async` batches on the libuv thread pool.
//!
//! Errors are `Error`s with a `code` (`BAD_TILE`, `TOO_MANY_COPIES`, `WRONG_COUNT`,
//! `NOT_IN_PLAY`, `BAD_MELD`, `BAD_HAND`, `BAD_RULES`, `BAD_ARGUMENT`) and the command line's
//! message; a bad row of a batch is that row's status (`STATUS` names the codes).

use hupai::protocol::{
    decomposition_json, engine_settings, parse_seen, score_answer, Code, Refused, Request, Session,
};
use hupai::{decompositions, Counts, Engine as Core, Hand, HandError, Rules, TileSet};
use napi::bindgen_prelude::*;
use napi::{Env, ScopedTask, Task};
use napi_derive::napi;
use serde_json::Value as Json;

pub mod game;
pub mod room;

/// A thrown error: a JavaScript `Error` whose `code` is the name of `code` (the one map of
/// every binding, `hupai::protocol::Code`).
fn throw(code: Code, message: impl Into<String>) -> Error<String> {
    Error::new(code.name().to_string(), message.into())
}

/// A batch row's status: its code's number.
fn code_of(e: &HandError) -> u8 {
    e.code() as u8
}

fn refused(r: Refused) -> Error<String> {
    throw(r.code, r.message)
}

fn hand_error(e: HandError) -> Error<String> {
    throw(e.code(), e.to_string())
}

/// The names of the batch statuses, in their numbers' order (index.js exports them as
/// `STATUS`: `STATUS[status[i]]` is row i's code, "OK" for a good row).
#[napi]
pub fn status_names() -> Vec<String> {
    Code::ALL.iter().map(|c| c.name().to_string()).collect()
}

/// What an engine is made with besides its rules: wild kinds, or a Nanchang indicator.
#[napi(object)]
pub struct EngineOptions {
    /// Wild kinds, one tile each (`["5m"]`).
    pub wild: Option<Vec<String>>,
    /// A Nanchang indicator (精): it and the next kind in the cycle are wild.
    pub jing: Option<String>,
}

/// The ukeire of a 13-tile hand.
#[napi(object)]
pub struct Ukeire {
    /// Copies left of the kinds that lower shanten.
    pub count: u32,
    /// Those kinds, in tile order.
    pub tiles: Vec<String>,
}

/// One line of the per-discard report of a 14-tile hand.
#[napi(object)]
pub struct Discard {
    /// The tile discarded.
    pub tile: String,
    /// Shanten after the discard.
    pub shanten: i32,
    /// Copies left of the kinds that then lower shanten.
    pub count: u32,
    /// Those kinds.
    pub ukeire: Vec<String>,
}

/// A batch's answers: one value per row, and one status per row (0 for a good row; see
/// `STATUS`).
#[napi(object)]
pub struct ShantenBatch {
    pub values: Int8Array,
    pub status: Uint8Array,
}

/// A batch's win checks: 1 for a win, 0 otherwise (and for a bad row), with statuses.
#[napi(object)]
pub struct WinBatch {
    pub values: Uint8Array,
    pub status: Uint8Array,
}

/// A hand from JavaScript: MPSZ text, 34 counts in a plain array, or a `Uint8Array` of 34.
fn counts_of(hand: &HandArg<'_>) -> std::result::Result<Counts, Error<String>> {
    let from_slice = |xs: &[f64]| -> std::result::Result<Counts, Error<String>> {
        if xs.len() != 34 {
            return Err(throw(
                Code::BadArgument,
                format!(
                    "a hand of counts has 34 of them (1m … 7z), not {}",
                    xs.len()
                ),
            ));
        }
        let mut c = [0u8; 34];
        for (i, &x) in xs.iter().enumerate() {
            if !(x.fract() == 0.0 && (0.0..=4.0).contains(&x)) {
                return Err(throw(
                    Code::BadArgument,
                    format!("count {i} must be a whole number from 0 to 4, not {x}"),
                ));
            }
            c[i] = x as u8;
        }
        Ok(c)
    };
    match hand {
        Either3::A(text) => hupai::parse_counts(text).map_err(hand_error),
        Either3::B(bytes) => {
            if bytes.len() != 34 {
                return Err(throw(
                    Code::BadArgument,
                    format!(
                        "a hand of counts has 34 of them (1m … 7z), not {}",
                        bytes.len()
                    ),
                ));
            }
            let mut c = [0u8; 34];
            c.copy_from_slice(bytes);
            if let Some(i) = c.iter().position(|&x| x > 4) {
                return Err(throw(
                    Code::BadArgument,
                    format!("count {i} must be a whole number from 0 to 4, not {}", c[i]),
                ));
            }
            Ok(c)
        }
        Either3::C(list) => from_slice(list),
    }
}

/// A hupai engine: one rule set and its wild kinds. Shared freely; every call is synchronous
/// but the `…Async` batches, which run on the libuv thread pool.
#[napi]
pub struct Engine {
    core: Core<'static>,
    wild: TileSet,
    /// What requests and wins are answered through (its engine built once).
    session: Session<'static>,
}

impl Engine {
    /// What requests are answered through: the rules and the wild kinds.
    fn session(&self) -> Session<'static> {
        self.session
    }

    fn hand(&self, hand: &HandArg<'_>) -> std::result::Result<Hand, Error<String>> {
        let counts = counts_of(hand)?;
        Hand::under(counts, &[], self.wild, self.core.rules()).map_err(hand_error)
    }

    fn seen(
        &self,
        hand: &Hand,
        seen: Option<HandArg<'_>>,
    ) -> std::result::Result<Counts, Error<String>> {
        match seen {
            None => Ok([0; 34]),
            Some(s) => {
                let text = hupai::format_counts(&counts_of(&s)?);
                parse_seen(hand, &text).map_err(|e| throw(e.code, e.message))
            }
        }
    }
}

type HandArg<'a> = Either3<String, &'a [u8], Vec<f64>>;

#[napi]
impl Engine {
    /// `new Engine()` (chinese, the batch's default), `new Engine("riichi")`, `new Engine("nanchang", { jing: "1z" })`, `new Engine({ preset:
    /// "chinese", lack_suit: true }, { wild: ["5m"] })`.
    #[napi(
        constructor,
        ts_args_type = "rules?: string | Record<string, unknown>, options?: EngineOptions"
    )]
    pub fn new(
        rules: Option<Json>,
        options: Option<EngineOptions>,
    ) -> std::result::Result<Engine, Error<String>> {
        let (wild, jing) = match options {
            Some(o) => (o.wild.unwrap_or_default(), o.jing),
            None => (Vec::new(), None),
        };
        let refs: Vec<&str> = wild.iter().map(String::as_str).collect();
        // Read as every binding reads an engine's settings (no rules: the batch's default).
        let (rules, wild) = engine_settings(rules.as_ref(), &refs, jing.as_deref())
            .map_err(|e| throw(e.code, e.message))?;
        Ok(Engine {
            core: Core::new(rules),
            wild,
            session: Session::new(rules, wild),
        })
    }

    /// Whether a 14-tile hand wins.
    #[napi]
    pub fn is_win(&self, hand: HandArg) -> std::result::Result<bool, Error<String>> {
        // From the counts, no hand built (the C ABI's entry).
        self.core
            .is_win_counts(&counts_of(&hand)?, self.wild)
            .map_err(hand_error)
    }

    /// The fewest wildcards a 14-tile hand needs on top of its real tiles (null if none will).
    #[napi]
    pub fn wildcards_needed(
        &self,
        hand: HandArg,
    ) -> std::result::Result<Option<u32>, Error<String>> {
        Ok(self.core.wildcards_needed(&self.hand(&hand)?))
    }

    /// Shanten: -1 a win, 0 tenpai.
    #[napi]
    pub fn shanten(&self, hand: HandArg) -> std::result::Result<i32, Error<String>> {
        let s = self
            .core
            .shanten_counts(&counts_of(&hand)?, self.wild)
            .map_err(hand_error)?;
        Ok(s as i32)
    }

    /// The waits of a 13-tile hand, in tile order.
    #[napi]
    pub fn waits(&self, hand: HandArg) -> std::result::Result<Vec<String>, Error<String>> {
        let h = self.hand(&hand)?;
        h.expect_size(false, "waits").map_err(hand_error)?;
        let w = self.core.waits(&h);
        Ok(w.iter().map(|t| t.mpsz().to_string()).collect())
    }

    /// The ukeire of a 13-tile hand; `seen`: other visible tiles (text or 34 counts).
    #[napi]
    pub fn ukeire(
        &self,
        hand: HandArg,
        seen: Option<HandArg>,
    ) -> std::result::Result<Ukeire, Error<String>> {
        let h = self.hand(&hand)?;
        let seen = self.seen(&h, seen)?;
        let u = self.core.ukeire(&h, &seen).map_err(hand_error)?;
        Ok(Ukeire {
            count: u.count,
            tiles: u.tiles.iter().map(|t| t.mpsz().to_string()).collect(),
        })
    }

    /// The per-discard report of a 14-tile hand, best first.
    #[napi]
    pub fn discards(
        &self,
        hand: HandArg,
        seen: Option<HandArg>,
    ) -> std::result::Result<Vec<Discard>, Error<String>> {
        let h = self.hand(&hand)?;
        let seen = self.seen(&h, seen)?;
        let rows = self.core.discards(&h, &seen).map_err(hand_error)?;
        Ok(rows
            .iter()
            .map(|d| Discard {
                tile: d.tile.mpsz().to_string(),
                shanten: d.shanten as i32,
                count: d.ukeire.count,
                ukeire: d
                    .ukeire
                    .tiles
                    .iter()
                    .map(|t| t.mpsz().to_string())
                    .collect(),
            })
            .collect())
    }

    /// The decompositions of a winning hand (as `hupai batch` writes them).
    #[napi(ts_return_type = "Array<Record<string, unknown>>")]
    pub fn decompositions(&self, hand: HandArg) -> std::result::Result<Json, Error<String>> {
        let h = self.hand(&hand)?;
        Ok(Json::Array(
            decompositions(&self.core, &h, 64)
                .iter()
                .map(decomposition_json)
                .collect(),
        ))
    }

    /// Exactly the `hupai batch` answer object of a request (an object of its fields, or its
    /// line). The engine's rules are its default; its wild kinds apply to a request that names
    /// no rules, wild kinds or 精 of its own. A request with odds (which take up to seconds)
    /// is refused here: `analyseAsync` computes it on the libuv pool.
    #[napi(
        ts_args_type = "request: string | Record<string, unknown>",
        ts_return_type = "Record<string, unknown>"
    )]
    pub fn analyse(&self, request: Json) -> std::result::Result<Json, Error<String>> {
        let req = self.session().request(&request).map_err(refused)?;
        if req.odds.is_some() {
            return Err(throw(
                Code::BadArgument,
                "odds take up to seconds: analyseAsync computes them on the libuv pool, with the event loop free",
            ));
        }
        answer_json(self.session(), &req)
    }

    /// What a win is worth (riichi, or MCR under guobiao): `{ hand, win, calls?, tsumo?,
    /// seat?, riichi?, dora?, … }` (the batch's score fields beside the hand), or a batch
    /// line's shape; the batch answer's `score` object. Errors: `NO_YAKU`, `NOT_A_WIN` (with
    /// the shanten), `BAD_WIN` (a win that cannot be read or cannot happen).
    #[napi(
        ts_args_type = "win: Record<string, unknown>",
        ts_return_type = "Record<string, unknown>"
    )]
    pub fn score(&self, win: Json) -> std::result::Result<Json, Error<String>> {
        let score = self.session().score(&win).map_err(refused)?;
        serde_json::to_value(score_answer(&Ok(score)))
            .map_err(|e| throw(Code::BadWin, e.to_string()))
    }

    /// `analyse` on the libuv thread pool (a Promise of the answer object): for odds, whose
    /// work is bounded by the same state and memory budgets as every front end's (256 MiB).
    #[napi(
        ts_args_type = "request: string | Record<string, unknown>",
        ts_return_type = "Promise<Record<string, unknown>>"
    )]
    pub fn analyse_async(
        &self,
        request: Json,
    ) -> std::result::Result<AsyncTask<AnswerTask>, Error<String>> {
        let req = self.session().request(&request).map_err(refused)?;
        Ok(AsyncTask::new(AnswerTask {
            session: self.session(),
            req,
        }))
    }

    /// Shanten of n hands given as n × 34 counts: `values` (Int8Array) and `status`.
    #[napi]
    pub fn shanten_batch(
        &self,
        counts: Uint8Array,
    ) -> std::result::Result<ShantenBatch, Error<String>> {
        let (values, status) = shanten_rows(self.core, self.wild, &counts)?;
        Ok(ShantenBatch {
            values: values.into(),
            status: status.into(),
        })
    }

    /// Win checks of n hands given as n × 34 counts: `values` (Uint8Array, 1 a win) and `status`.
    #[napi]
    pub fn is_win_batch(&self, counts: Uint8Array) -> std::result::Result<WinBatch, Error<String>> {
        let (values, status) = win_rows(self.core, self.wild, &counts)?;
        Ok(WinBatch {
            values: values.into(),
            status: status.into(),
        })
    }

    /// `shantenBatch` on the libuv thread pool (the rows are copied first): a Promise.
    #[napi(ts_return_type = "Promise<ShantenBatch>")]
    pub fn shanten_batch_async(&self, counts: Uint8Array) -> AsyncTask<RowsTask> {
        AsyncTask::new(RowsTask {
            core: self.core,
            wild: self.wild,
            rows: counts.to_vec(),
            win: false,
        })
    }

    /// `isWinBatch` on the libuv thread pool: a Promise.
    #[napi(ts_return_type = "Promise<WinBatch>")]
    pub fn is_win_batch_async(&self, counts: Uint8Array) -> AsyncTask<RowsTask> {
        AsyncTask::new(RowsTask {
            core: self.core,
            wild: self.wild,
            rows: counts.to_vec(),
            win: true,
        })
    }

    /// The rules' switches, as `GET /v1/presets` lists them.
    #[napi(ts_return_type = "Record<string, unknown>")]
    pub fn rules(&self) -> Json {
        hupai::protocol::rules_json(self.core.rules())
    }
}

fn rows_of(counts: &[u8]) -> std::result::Result<usize, Error<String>> {
    if counts.len() % 34 != 0 {
        return Err(throw(
            Code::BadArgument,
            format!(
                "a batch is n × 34 counts: {} bytes is not a multiple of 34",
                counts.len()
            ),
        ));
    }
    Ok(counts.len() / 34)
}

fn shanten_rows(
    core: Core<'static>,
    wild: TileSet,
    counts: &[u8],
) -> std::result::Result<(Vec<i8>, Vec<u8>), Error<String>> {
    let n = rows_of(counts)?;
    let (mut values, mut status) = (vec![0i8; n], vec![0u8; n]);
    // From the counts, no hand built, in one loop compiled for the CPU (as the C ABI's
    // batches).
    core.shanten_counts_each(hupai::counts_rows(counts), wild, |i, r| match r {
        Ok(s) => values[i] = s,
        Err(e) => (values[i], status[i]) = (i8::MAX, code_of(&e)),
    });
    Ok((values, status))
}

fn win_rows(
    core: Core<'static>,
    wild: TileSet,
    counts: &[u8],
) -> std::result::Result<(Vec<u8>, Vec<u8>), Error<String>> {
    let n = rows_of(counts)?;
    let (mut values, mut status) = (vec![0u8; n], vec![0u8; n]);
    core.is_win_counts_each(hupai::counts_rows(counts), wild, |i, r| match r {
        Ok(w) => values[i] = w as u8,
        Err(e) => status[i] = code_of(&e),
    });
    Ok((values, status))
}

/// The answer object of a request read.
fn answer_json(
    session: Session<'static>,
    req: &Request,
) -> std::result::Result<Json, Error<String>> {
    let text = session.answer(req).map_err(refused)?;
    serde_json::from_str(&text).map_err(|e| throw(Code::BadHand, e.to_string()))
}

/// A request answered on the thread pool.
pub struct AnswerTask {
    session: Session<'static>,
    req: Request,
}

impl<'task> ScopedTask<'task> for AnswerTask {
    type Output = Json;
    type JsValue = Unknown<'task>;

    fn compute(&mut self) -> Result<Self::Output> {
        answer_json(self.session, &self.req)
            .map_err(|e| Error::new(Status::GenericFailure, e.reason))
    }

    fn resolve(&mut self, env: &'task Env, answer: Self::Output) -> Result<Self::JsValue> {
        env.to_js_value(&answer)
    }
}

/// A batch on the thread pool.
pub struct RowsTask {
    core: Core<'static>,
    wild: TileSet,
    rows: Vec<u8>,
    win: bool,
}

impl Task for RowsTask {
    type Output = (Vec<i8>, Vec<u8>, Vec<u8>);
    type JsValue = Either<ShantenBatch, WinBatch>;

    fn compute(&mut self) -> Result<Self::Output> {
        let mapped = |e: Error<String>| Error::new(Status::InvalidArg, e.reason.clone());
        if self.win {
            let (v, s) = win_rows(self.core, self.wild, &self.rows).map_err(mapped)?;
            Ok((Vec::new(), v, s))
        } else {
            let (v, s) = shanten_rows(self.core, self.wild, &self.rows).map_err(mapped)?;
            Ok((v, Vec::new(), s))
        }
    }

    fn resolve(&mut self, _: Env, (shanten, win, status): Self::Output) -> Result<Self::JsValue> {
        Ok(if self.win {
            Either::B(WinBatch {
                values: win.into(),
                status: status.into(),
            })
        } else {
            Either::A(ShantenBatch {
                values: shanten.into(),
                status: status.into(),
            })
        })
    }
}

/// The rule presets' names.
#[napi]
pub fn presets() -> Vec<String> {
    Rules::presets().map(|(n, _)| n.to_string()).collect()
}
