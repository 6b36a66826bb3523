//! `require "hupai"`: hupai for Lua game servers (skynet's Lua 5.4 by default; LuaJIT or Lua
//! 5.1 with a feature), an mlua module.
//!
//! ```lua
//! local hupai = require "hupai"
//! local e = hupai.engine("nanchang", { jing = "1z" })   -- or { wild = { "5m" } }
//! print(e:shanten("123m456p789s1122z"))                  --> 0
//! local counts = { 0,0,0,0,0,0,0,0,0,  1,1,1,0,0,0,0,0,0,  0,0,0,0,0,0,0,0,0,  0,0,0,0,0,0,0 }
//! local win, err = e:is_win(counts)                     --> nil, "wrong tile count: …"
//! ```
//!
//! The convention (docs in crates/hupai-lua/README.md): a hand is MPSZ text or a table of 34
//! counts, 1-based (1m … 9m, 1p … 9p, 1s … 9s, 1z … 7z); answers are Lua values (booleans,
//! integers, tables of tile strings); bad input returns `nil, message` (the messages of the
//! command line), never raises and never crashes the interpreter. Batch calls take a table of
//! hands and return a table of answers and a table of messages by index for the bad ones.

#![deny(clippy::undocumented_unsafe_blocks)]

use hupai::protocol::{
    decomposition_json, engine_settings, parse_seen, score_answer, Code, Refused, RequestError,
    Session,
};
use hupai::{decompositions, Counts, Engine, Hand, Rules, TileSet};
use mlua::prelude::*;
use mlua::{ffi, MultiValue, UserData, UserDataMethods, Value};
use serde_json::Value as Json;

/// An engine and the wild kinds its hands carry.
struct LuaEngine {
    engine: Engine<'static>,
    wild: TileSet,
    /// What requests and wins are answered through (its engine built once).
    session: Session<'static>,
}

/// Why a call failed: its stable code (the one map every door shares,
/// `hupai::protocol::Code`) and the command line's message. Lua sees `nil, message, code`.
struct Fail(Code, String);

impl Fail {
    /// `nil, message, code` (the code's name, "BAD_TILE" …).
    fn into_nil(self, lua: &Lua) -> LuaResult<MultiValue> {
        (Value::Nil, self.1, self.0.name()).into_lua_multi(lua)
    }
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail(Code::BadArgument, message)
    }
}

impl From<&str> for Fail {
    fn from(message: &str) -> Fail {
        Fail(Code::BadArgument, message.to_string())
    }
}

impl From<hupai::HandError> for Fail {
    fn from(e: hupai::HandError) -> Fail {
        Fail(e.code(), e.to_string())
    }
}

impl From<Refused> for Fail {
    fn from(r: Refused) -> Fail {
        Fail(r.code, r.message)
    }
}

impl From<RequestError> for Fail {
    fn from(e: RequestError) -> Fail {
        Fail(e.code, e.message)
    }
}

impl From<LuaError> for Fail {
    fn from(e: LuaError) -> Fail {
        Fail(Code::BadArgument, e.to_string())
    }
}

impl From<serde_json::Error> for Fail {
    fn from(e: serde_json::Error) -> Fail {
        Fail(Code::BadArgument, e.to_string())
    }
}

/// A hand's 34 counts from Lua: MPSZ text, or a table of exactly 34 whole numbers 0..=4.
fn counts_of(lua: &Lua, v: &Value) -> Result<Counts, Fail> {
    match v {
        Value::String(s) => {
            let text = s
                .to_str()
                .map_err(|_| "hand text must be UTF-8".to_string())?;
            hupai::parse_counts(&text).map_err(Fail::from)
        }
        Value::Table(t) => {
            // The 34 counts read with the Lua C API in one protected call: through mlua's
            // typed reads a count took ~30 ns (a stack guard, a stack check and a conversion
            // each), 1.8 µs a hand in all (crates/hupai-lua/tests/bench.lua).
            let mut c = [0u8; 34];
            let mut bad = Ok(());
            // SAFETY: `exec_raw` pushes the table and runs the closure protected with it on
            // top of the stack, as `raw_counts` needs.
            unsafe {
                lua.exec_raw::<()>(t, |state| bad = raw_counts(state, &mut c))
                    .map_err(Fail::from)?;
            }
            match bad {
                Ok(()) => {}
                Err(0) => {
                    return Err(format!(
                        "a hand table holds 34 counts (1m … 9m, 1p … 9p, 1s … 9s, 1z … 7z), not {}",
                        t.raw_len()
                    )
                    .into())
                }
                Err(i) => {
                    return Err(format!("count {i} must be a whole number from 0 to 4").into())
                }
            }
            Ok(c)
        }
        _ => Err(format!(
            "a hand is MPSZ text such as \"123m456p789s1122z\" or a table of 34 counts, not {}",
            v.type_name()
        )
        .into()),
    }
}

impl LuaEngine {
    fn hand(&self, lua: &Lua, v: &Value) -> Result<Hand, Fail> {
        let counts = counts_of(lua, v)?;
        Hand::under(counts, &[], self.wild, self.engine.rules()).map_err(Fail::from)
    }

    /// Seen tiles (MPSZ text or 34 counts; nil for none), checked against the hand.
    fn seen(&self, lua: &Lua, hand: &Hand, v: &Value) -> Result<Counts, Fail> {
        let text = match v {
            Value::Nil => return Ok([0; 34]),
            other => hupai::format_counts(&counts_of(lua, other)?),
        };
        Ok(parse_seen(hand, &text)?)
    }
}

/// `value` or `nil, message, code`.
fn answer_or_nil<T: IntoLua>(lua: &Lua, r: Result<T, Fail>) -> LuaResult<MultiValue> {
    match r {
        Ok(v) => (v,).into_lua_multi(lua),
        Err(f) => f.into_nil(lua),
    }
}

/// A JSON value as Lua values: objects as tables by key, arrays as sequences, null as nil.
fn lua_of(lua: &Lua, v: &Json) -> LuaResult<Value> {
    Ok(match v {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Boolean(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => Value::String(lua.create_string(s)?),
        Json::Array(items) => {
            let t = lua.create_table_with_capacity(items.len(), 0)?;
            for (i, x) in items.iter().enumerate() {
                t.raw_set(i + 1, lua_of(lua, x)?)?;
            }
            Value::Table(t)
        }
        Json::Object(map) => {
            let t = lua.create_table_with_capacity(0, map.len())?;
            for (k, x) in map {
                t.raw_set(k.as_str(), lua_of(lua, x)?)?;
            }
            Value::Table(t)
        }
    })
}

/// A Lua value as JSON (for requests and rules): a table with keys 1..n is an array (an empty
/// table too), any other table an object of string keys; at most 64 levels deep.
fn json_of(v: &Value, depth: usize) -> Result<Json, Fail> {
    if depth > 64 {
        return Err("a table nested more than 64 deep".into());
    }
    Ok(match v {
        Value::Nil => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::Integer(i) => Json::from(*i),
        Value::Number(f) => serde_json::Number::from_f64(*f).map_or(Json::Null, Json::Number),
        Value::String(s) => Json::String(
            s.to_str()
                .map_err(|_| "strings must be UTF-8".to_string())?
                .to_string(),
        ),
        Value::Table(t) => {
            let n = t.raw_len();
            let pairs: Vec<(Value, Value)> = t
                .pairs::<Value, Value>()
                .collect::<LuaResult<_>>()
                .map_err(Fail::from)?;
            // An empty table is an empty list (melds = {}, patterns = {}): the fields that
            // take an empty value take lists.
            if pairs.len() == n {
                let mut items = Vec::with_capacity(n);
                for i in 1..=n {
                    let x: Value = t.raw_get(i).map_err(Fail::from)?;
                    items.push(json_of(&x, depth + 1)?);
                }
                Json::Array(items)
            } else {
                let mut map = serde_json::Map::new();
                for (k, x) in pairs {
                    let Value::String(k) = k else {
                        return Err("a table of fields has string keys".into());
                    };
                    let k = k.to_str().map_err(|_| "keys must be UTF-8")?.to_string();
                    map.insert(k, json_of(&x, depth + 1)?);
                }
                Json::Object(map)
            }
        }
        other => return Err(format!("a {} has no JSON form", other.type_name()).into()),
    })
}

/// `hupai.engine([rules [, { wild = {...}, jing = "1z" }]])`: no rules is chinese, the batch's
/// default; the settings are read as every binding reads them (`protocol::engine_settings`).
fn engine(_: &Lua, (rules, opts): (Value, Option<LuaTable>)) -> Result<LuaEngine, Fail> {
    let rules = match rules {
        Value::Nil => None,
        v => Some(json_of(&v, 0)?),
    };
    let (mut wild, mut jing) = (Vec::new(), None);
    if let Some(o) = opts {
        for pair in o.pairs::<String, Value>() {
            let (k, v) = pair.map_err(Fail::from)?;
            match (k.as_str(), v) {
                ("wild", Value::Table(list)) => {
                    wild = list
                        .sequence_values::<String>()
                        .collect::<LuaResult<Vec<_>>>()
                        .map_err(|_| "wild must be a list of tiles such as { \"5m\" }")?;
                }
                ("jing", Value::String(j)) => {
                    jing = Some(j.to_str().map_err(|_| "jing must be UTF-8")?.to_string());
                }
                (k, _) => {
                    return Err(format!(
                    "unknown or malformed option '{k}' (options: wild = {{\"5m\"}}, jing = \"1z\")"
                )
                    .into())
                }
            }
        }
    }
    let refs: Vec<&str> = wild.iter().map(String::as_str).collect();
    let (rules, wild) = engine_settings(rules.as_ref(), &refs, jing.as_deref())?;
    Ok(LuaEngine {
        engine: Engine::new(rules),
        wild,
        session: Session::new(rules, wild),
    })
}

impl UserData for LuaEngine {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        // The win check and shanten answer from the counts (no hand built), as the C ABI does.
        m.add_method("is_win", |lua, e, hand: Value| {
            let r = counts_of(lua, &hand)
                .and_then(|c| e.engine.is_win_counts(&c, e.wild).map_err(Fail::from));
            answer_or_nil(lua, r)
        });
        m.add_method("wildcards_needed", |lua, e, hand: Value| {
            let r = e
                .hand(lua, &hand)
                .map(|h| match e.engine.wildcards_needed(&h) {
                    Some(n) => Value::Integer(n as i64),
                    None => Value::Boolean(false),
                });
            answer_or_nil(lua, r)
        });
        m.add_method("shanten", |lua, e, hand: Value| {
            let r = counts_of(lua, &hand).and_then(|c| {
                let s = e.engine.shanten_counts(&c, e.wild).map_err(Fail::from)?;
                Ok(s as i64)
            });
            answer_or_nil(lua, r)
        });
        m.add_method("waits", |lua, e, hand: Value| {
            let r = e.hand(lua, &hand).and_then(|h| {
                h.expect_size(false, "waits").map_err(Fail::from)?;
                let w = e.engine.waits(&h);
                Ok(w.iter().map(|t| t.mpsz()).collect::<Vec<_>>())
            });
            answer_or_nil(lua, r)
        });
        m.add_method("ukeire", |lua, e, (hand, seen): (Value, Value)| {
            let r = e.hand(lua, &hand).and_then(|h| {
                let seen = e.seen(lua, &h, &seen)?;
                let u = e.engine.ukeire(&h, &seen).map_err(Fail::from)?;
                Ok((
                    u.count,
                    u.tiles.iter().map(|t| t.mpsz()).collect::<Vec<_>>(),
                ))
            });
            match r {
                Ok(two) => two.into_lua_multi(lua),
                Err(f) => f.into_nil(lua),
            }
        });
        m.add_method("discards", |lua, e, (hand, seen): (Value, Value)| {
            let r = e.hand(lua, &hand).and_then(|h| {
                let seen = e.seen(lua, &h, &seen)?;
                e.engine.discards(&h, &seen).map_err(Fail::from)
            });
            let rows = match r {
                Ok(rows) => rows,
                Err(f) => return f.into_nil(lua),
            };
            let out = lua.create_table_with_capacity(rows.len(), 0)?;
            for (i, d) in rows.iter().enumerate() {
                let row = lua.create_table()?;
                row.set("tile", d.tile.mpsz())?;
                row.set("shanten", d.shanten)?;
                row.set("count", d.ukeire.count)?;
                row.set(
                    "ukeire",
                    d.ukeire.tiles.iter().map(|t| t.mpsz()).collect::<Vec<_>>(),
                )?;
                out.raw_set(i + 1, row)?;
            }
            (out,).into_lua_multi(lua)
        });
        m.add_method("decompositions", |lua, e, hand: Value| {
            let h = match e.hand(lua, &hand) {
                Ok(h) => h,
                Err(f) => return f.into_nil(lua),
            };
            let list: Vec<Json> = decompositions(&e.engine, &h, 64)
                .iter()
                .map(decomposition_json)
                .collect();
            (lua_of(lua, &Json::Array(list))?,).into_lua_multi(lua)
        });
        // The `hupai batch` answer to a request (a table of its fields, or its line), as a
        // table. The engine's rules are the request's default; its wild kinds apply to a
        // request that names no rules, wild kinds or 精 of its own.
        m.add_method("analyse", |lua, e, request: Value| {
            let json = match &request {
                Value::String(s) => match s.to_str() {
                    Ok(line) => Ok(Json::String(line.to_string())),
                    Err(_) => Err(Fail::from("a request line must be UTF-8")),
                },
                Value::Table(_) => json_of(&request, 0),
                other => {
                    Err(format!("a request is a table or a line, not {}", other.type_name()).into())
                }
            };
            // Read and answered as every binding reads and answers (hupai::protocol::Session):
            // the odds within the same budgets (256 MiB).
            let session = e.session;
            let r = json.and_then(|json| {
                let text = session.analyse(&json).map_err(Fail::from)?;
                serde_json::from_str::<Json>(&text).map_err(Fail::from)
            });
            match r {
                Ok(j) => (lua_of(lua, &j)?,).into_lua_multi(lua),
                Err(f) => f.into_nil(lua),
            }
        });
        // What a win is worth: a table of the batch's score fields beside the hand (hand,
        // win, calls, tsumo, seat, riichi, dora, …); the batch answer's `score` as a table, or
        // nil and the message (a win without a yaku, a hand that does not win with its
        // shanten, a win that cannot be read or cannot happen).
        m.add_method("score", |lua, e, win: Value| {
            let session = e.session;
            let r = json_of(&win, 0).and_then(|json| {
                let score = session.score(&json).map_err(Fail::from)?;
                serde_json::to_value(score_answer(&Ok(score))).map_err(Fail::from)
            });
            match r {
                Ok(j) => (lua_of(lua, &j)?,).into_lua_multi(lua),
                Err(f) => f.into_nil(lua),
            }
        });
        // Batches: a table of hands in, a table of answers and a table of messages (by index,
        // for the bad hands only; their answer is false) out.
        m.add_method("shanten_batch", |lua, e, hands: LuaTable| {
            batch(lua, e, &hands, |e, c| {
                let s = e.engine.shanten_counts(c, e.wild)?;
                Ok(Value::Integer(s as i64))
            })
        });
        m.add_method("is_win_batch", |lua, e, hands: LuaTable| {
            batch(lua, e, &hands, |e, c| {
                Ok(Value::Boolean(e.engine.is_win_counts(c, e.wild)?))
            })
        });
        m.add_method("rules", |lua, e, ()| {
            lua_of(lua, &hupai::protocol::rules_json(e.engine.rules()))
        });
        m.add_meta_method("__tostring", |_, e, ()| {
            let name = Rules::presets()
                .find(|(_, r)| r == e.engine.rules())
                .map_or("custom rules", |(n, _)| n);
            Ok(format!("hupai.engine({name}, wild {})", e.wild))
        });
    }
}

/// The 34 counts of the table on top of the stack into `out`, or the first bad count's place
/// (1-based; 0 when the table does not hold 34).
///
/// # Safety
/// `state` is a running state with a table on top of its stack and room for one more value.
unsafe fn raw_counts(state: *mut ffi::lua_State, out: &mut Counts) -> Result<(), usize> {
    // SAFETY: as documented: the table is at -1; `lua_rawlen` and `lua_rawgeti` read it without
    // metamethods and raise nothing; each value pushed is read and popped at once.
    unsafe {
        if ffi::lua_rawlen(state, -1) != 34 {
            return Err(0);
        }
        for (i, slot) in out.iter_mut().enumerate() {
            let kind = ffi::lua_rawgeti(state, -1, (i + 1) as ffi::lua_Integer);
            let mut is_int = 0;
            let n = ffi::lua_tointegerx(state, -1, &mut is_int);
            ffi::lua_pop(state, 1);
            if kind != ffi::LUA_TNUMBER || is_int == 0 || !(0..=4).contains(&n) {
                return Err(i + 1);
            }
            *slot = n as u8;
        }
    }
    Ok(())
}

/// One answer a hand of `hands`, with each bad hand's message by its index. The hands that
/// are tables of counts are read, and the answers written, each in one protected call of the
/// Lua C API (mlua's typed reads and writes cost ~30 ns a value: a batch took 1.8 µs a hand,
/// crates/hupai-lua/tests/bench.lua); other rows (text, bad input) take the per-hand path.
fn batch(
    lua: &Lua,
    e: &LuaEngine,
    hands: &LuaTable,
    one: impl Fn(&LuaEngine, &Counts) -> Result<Value, hupai::HandError>,
) -> LuaResult<(LuaTable, LuaTable)> {
    let n = hands.raw_len();
    let mut rows = vec![[0u8; 34]; n];
    let mut read = vec![false; n];
    // SAFETY: `exec_raw` pushes `hands` and runs the closure protected with it on top; each
    // row pushed by `lua_rawgeti` is a table handed to `raw_counts` (which leaves the stack as
    // it found it) or not read, and is popped at once.
    unsafe {
        lua.exec_raw::<()>(hands, |state| {
            for i in 0..n {
                if ffi::lua_rawgeti(state, -1, (i + 1) as ffi::lua_Integer) == ffi::LUA_TTABLE {
                    read[i] = raw_counts(state, &mut rows[i]).is_ok();
                }
                ffi::lua_pop(state, 1);
            }
        })?;
    }
    let out = lua.create_table_with_capacity(n, 0)?;
    let errors = lua.create_table()?;
    let mut answers: Vec<Option<Value>> = Vec::with_capacity(n);
    for i in 0..n {
        let counts = if read[i] {
            Ok(rows[i])
        } else {
            let v: Value = hands.raw_get(i + 1)?;
            counts_of(lua, &v)
        };
        match counts.and_then(|c| one(e, &c).map_err(Fail::from)) {
            Ok(answer) => answers.push(Some(answer)),
            Err(message) => {
                answers.push(None);
                errors.raw_set(i + 1, message.1)?;
            }
        }
    }
    // SAFETY: `exec_raw` pushes `out` and runs the closure protected with it on top; each
    // answer (an integer or a boolean) is pushed and stored into it by `lua_rawseti`, which
    // pops it: the stack is left as it was found.
    unsafe {
        lua.exec_raw::<()>(&out, |state| {
            for (i, a) in answers.iter().enumerate() {
                match a {
                    Some(Value::Integer(x)) => ffi::lua_pushinteger(state, *x),
                    Some(Value::Boolean(b)) => ffi::lua_pushboolean(state, *b as i32),
                    _ => ffi::lua_pushboolean(state, 0),
                }
                ffi::lua_rawseti(state, -2, (i + 1) as ffi::lua_Integer);
            }
        })?;
    }
    Ok((out, errors))
}

/// The module table: `engine`, `presets`, `version`.
#[mlua::lua_module(name = "hupai")]
fn hupai_module(lua: &Lua) -> LuaResult<LuaTable> {
    let m = lua.create_table()?;
    m.set(
        "engine",
        lua.create_function(
            |lua, args: (Value, Option<LuaTable>)| match engine(lua, args) {
                Ok(e) => (e,).into_lua_multi(lua),
                Err(f) => f.into_nil(lua),
            },
        )?,
    )?;
    m.set(
        "presets",
        lua.create_function(|_, ()| Ok(Rules::presets().map(|(n, _)| n).collect::<Vec<_>>()))?,
    )?;
    m.set("version", env!("CARGO_PKG_VERSION"))?;
    Ok(m)
}
