//! The `hupai batch` protocol (`shared/CONTRACT.md`): one request per line, one JSON object
//! per answer line, errors as `{"error": …, "line": N}` without stopping the batch.
//!
//! Beyond the contract's fields a request may carry `"id"` (a string or an integer, echoed as
//! the last field of its answer, error or not, so that a caller can match answers to
//! requests), `"jing"` (a Nanchang indicator tile: its kind and the next one in the cycle are
//! added to the wild kinds, like `--jing`) and `"decompositions": true` (the answer lists the
//! readings of a winning hand and what each wildcard stood for).
//!
//! ```
//! use hupai::{protocol::answer_line, Rules};
//! let a = answer_line("34m123456789s33z", 1, Rules::chinese());
//! assert!(a.starts_with(r#"{"hand":"34m123456789s33z","tiles":13,"win":false,"shanten":0,"waits":["2m","5m"]"#));
//! let e = answer_line("12q", 2, Rules::chinese());
//! assert!(e.starts_with(r#"{"error":"bad tile string"#) && e.ends_with(r#""line":2}"#));
//! let a = answer_line(r#"{"hand": "1m", "id": "seat-3"}"#, 3, Rules::chinese());
//! assert!(a.ends_with(r#""id":"seat-3"}"#));
//! ```

use crate::analysis::decompositions;
use crate::analysis::{Discard, Engine, Ukeire};
use crate::hand::Hand;
use crate::hand_builder::parse_counts;
use crate::hand_error::HandError;
use crate::meld::Meld;
use crate::rules::{nanchang_wilds, Rules};
pub use crate::switches::{Switch, SWITCHES};
use crate::table::Tables;
use crate::tile::{parse_tiles_unbounded, Counts, Tile, TileSet, KINDS};
use serde_json::Value;
use std::fmt::Write as _;

/// A parsed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The hand with its melds and wild kinds.
    pub hand: Hand,
    /// The rules for this line.
    pub rules: Rules,
    /// Other visible tiles.
    pub seen: Counts,
    /// The request's `id`, as the JSON text to echo (a string or an integer).
    pub id: Option<String>,
    /// Whether the answer lists the decompositions of a winning hand.
    pub decompositions: bool,
}

/// A request that cannot be answered: why, and its `id` if it had a readable one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// What is wrong, for a person.
    pub message: String,
    /// The request's `id` (JSON text), echoed in the error answer.
    pub id: Option<String>,
}

impl From<String> for RequestError {
    fn from(message: String) -> RequestError {
        RequestError { message, id: None }
    }
}

impl From<&str> for RequestError {
    fn from(message: &str) -> RequestError {
        message.to_string().into()
    }
}

/// The fields a request object may hold.
const FIELDS: [&str; 8] = [
    "hand",
    "rules",
    "wild",
    "jing",
    "melds",
    "seen",
    "id",
    "decompositions",
];

/// Most readings an answer lists.
pub const MAX_DECOMPOSITIONS: usize = 64;

/// The fields of a request object, refusing a field given twice (a JSON map would keep the
/// last one silently).
struct Fields(serde_json::Map<String, Value>);

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Fields, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Fields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a request object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Fields, A::Error> {
                let mut out = serde_json::Map::new();
                while let Some((key, value)) = map.next_entry::<String, Value>()? {
                    if out.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!(
                            "field '{key}' given twice"
                        )));
                    }
                    out.insert(key, value);
                }
                Ok(Fields(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

/// Parses one request line (a bare MPSZ hand or a JSON object).
///
/// ```
/// use hupai::{protocol::parse_request, Rules};
/// let line = r#"{"hand": "123m456p789s1122z", "jing": "9s", "id": 7}"#;
/// let r = parse_request(line, Rules::nanchang()).unwrap();
/// assert_eq!(r.hand.wild().to_string(), "19s"); // 9s and the next in the cycle, 1s
/// assert_eq!(r.id.as_deref(), Some("7"));
/// let e = parse_request(r#"{"hand": "1q", "id": "a"}"#, Rules::chinese()).unwrap_err();
/// assert_eq!(e.id.as_deref(), Some(r#""a""#));
/// ```
pub fn parse_request(line: &str, default_rules: Rules) -> Result<Request, RequestError> {
    let text = line.trim();
    if text.is_empty() {
        return Err("empty line".into());
    }
    if !text.starts_with('{') {
        // Under the default rules like a JSON line: their wild kinds, their tiles in play.
        let counts = parse_counts(text).map_err(|e| e.to_string())?;
        let hand =
            Hand::under(counts, &[], TileSet::EMPTY, &default_rules).map_err(|e| e.to_string())?;
        return Ok(Request {
            hand,
            rules: default_rules,
            seen: [0; KINDS],
            id: None,
            decompositions: false,
        });
    }
    let Fields(obj) = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
    let id = match obj.get("id") {
        None => None,
        Some(v @ Value::String(_)) => Some(v.to_string()),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Some(n.to_string()),
        Some(_) => return Err("id must be a string or an integer".into()),
    };
    parse_fields(&obj, default_rules, id.clone()).map_err(|message| RequestError { message, id })
}

/// The request of a parsed object whose `id` is known.
fn parse_fields(
    obj: &serde_json::Map<String, Value>,
    default_rules: Rules,
    id: Option<String>,
) -> Result<Request, String> {
    for key in obj.keys() {
        if !FIELDS.contains(&key.as_str()) {
            return Err(format!(
                "unknown field '{key}' (fields: {})",
                FIELDS.join(", ")
            ));
        }
    }
    let string = |key: &str| -> Result<Option<&str>, String> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(_) => Err(format!("{key} must be a string")),
        }
    };
    let strings = |key: &str| -> Result<Vec<&str>, String> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str()
                        .ok_or_else(|| format!("{key} must be a list of strings"))
                })
                .collect(),
            Some(_) => Err(format!("{key} must be a list of strings")),
        }
    };
    let hand_text = string("hand")?.ok_or("missing field 'hand'")?;
    let rules = match obj.get("rules") {
        None | Some(Value::Null) => default_rules,
        Some(value) => parse_rules(value, default_rules)?,
    };
    let mut wild = parse_wild(&strings("wild")?)?;
    if let Some(j) = string("jing")? {
        wild = TileSet(wild.0 | parse_jing(j)?.0);
    }
    let decompositions = match obj.get("decompositions") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("decompositions must be true or false".into()),
    };
    let melds = strings("melds")?
        .into_iter()
        .map(|m| Meld::parse(m, &rules))
        .collect::<Result<Vec<_>, HandError>>()
        .map_err(|e| e.to_string())?;
    let counts = parse_counts(hand_text).map_err(|e| e.to_string())?;
    let hand = Hand::under(counts, &melds, wild, &rules).map_err(|e| e.to_string())?;
    let seen = parse_seen(&hand, string("seen")?.unwrap_or(""))?;
    Ok(Request {
        hand,
        rules,
        seen,
        id,
        decompositions,
    })
}

/// The rules of a request's `"rules"` field: a preset name, or an object that names a preset
/// (`"preset"`, else the default rules) and overrides switches by name ([`Rules::set`]).
///
/// ```
/// use hupai::{protocol::parse_rules, Pattern, Rules};
/// let v = serde_json::json!({"preset": "changsha", "patterns": []});
/// assert!(parse_rules(&v, Rules::chinese()).unwrap().patterns.is_empty());
/// let v = serde_json::json!({"plain_win": false, "patterns": ["one_suit", "all_pungs"]});
/// let r = parse_rules(&v, Rules::chinese()).unwrap();
/// assert!(!r.plain_win && r.patterns.contains(Pattern::AllPungs));
/// assert!(parse_rules(&serde_json::json!({"plain": 1}), Rules::chinese()).is_err());
/// ```
pub fn parse_rules(value: &Value, default_rules: Rules) -> Result<Rules, String> {
    let obj = match value {
        Value::String(name) => return Rules::preset(name).map_err(|e| e.to_string()),
        Value::Object(obj) => obj,
        _ => return Err("rules must be a preset name or an object of switches".into()),
    };
    let mut rules = match obj.get("preset") {
        None | Some(Value::Null) => default_rules,
        Some(Value::String(name)) => Rules::preset(name).map_err(|e| e.to_string())?,
        Some(_) => return Err("rules.preset must be a preset name".into()),
    };
    for (name, v) in obj {
        let value = match v {
            _ if name == "preset" => continue,
            Value::Bool(b) => Switch::Bool(*b),
            Value::String(t) => Switch::Text(t),
            Value::Array(items) => Switch::List(
                items
                    .iter()
                    .map(|i| i.as_str().ok_or(format!("rules.{name} must hold strings")))
                    .collect::<Result<_, _>>()?,
            ),
            _ => {
                return Err(format!(
                    "rules.{name}: a switch is true, false, a word or a list"
                ))
            }
        };
        rules.set(name, value).map_err(|e| format!("rules: {e}"))?;
    }
    Ok(rules)
}

/// Wild kinds from a list of entries, each exactly one tile (`"5m"`; `"56m"` is an error
/// naming the entry, not two wild kinds) and each listed once. The `wild` field of a request
/// and the `--wild` option of the command line both read through here.
///
/// ```
/// use hupai::protocol::parse_wild;
/// assert_eq!(parse_wild(&["5m", "1z"]).unwrap().iter().count(), 2);
/// assert!(parse_wild(&["56m"]).unwrap_err().contains("'56m'"));
/// assert!(parse_wild(&["5m", "5m"]).is_err());
/// ```
pub fn parse_wild(entries: &[&str]) -> Result<TileSet, String> {
    let mut wild = TileSet::EMPTY;
    for &entry in entries {
        let t = Tile::parse(entry).map_err(|e| {
            format!(
                "wild entry '{entry}' must be exactly one tile such as \"5m\" ({})",
                e.reason
            )
        })?;
        if wild.contains(t) {
            return Err(format!("wild entry '{entry}' is listed twice"));
        }
        wild.insert(t);
    }
    Ok(wild)
}

/// The wild kinds of a Nanchang indicator tile (精): its kind and the next one in the cycle
/// ([`nanchang_wilds`]). The `jing` field of a request and the `--jing` option of the command
/// line both read through here.
///
/// ```
/// use hupai::protocol::parse_jing;
/// assert_eq!(parse_jing("7z").unwrap().to_string(), "67z"); // 7z, then 6z (7z → 6z → 5z)
/// assert!(parse_jing("78z").unwrap_err().contains("'78z'"));
/// ```
pub fn parse_jing(indicator: &str) -> Result<TileSet, String> {
    let t = Tile::parse(indicator).map_err(|e| {
        format!(
            "jing '{indicator}' must be exactly one tile such as \"5m\" ({})",
            e.reason
        )
    })?;
    let (a, b) = nanchang_wilds(t);
    Ok(TileSet::from_iter([a, b]))
}

/// Other visible tiles (MPSZ) for a hand: no kind may be visible more than 4 times in the
/// hand, its melds and these tiles together.
pub fn parse_seen(hand: &Hand, seen: &str) -> Result<Counts, String> {
    let raw = parse_tiles_unbounded(seen).map_err(|e| e.to_string())?;
    let visible = hand.visible();
    let mut out = [0u8; KINDS];
    for i in 0..KINDS {
        if raw[i] + visible[i] as u32 > 4 {
            return Err(format!(
                "more than 4 copies of {} in hand, melds and seen",
                Tile::from_index(i)
            ));
        }
        out[i] = raw[i] as u8;
    }
    Ok(out)
}

fn push_tiles(out: &mut String, set: TileSet) {
    out.push('[');
    for (i, t) in set.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        out.push_str(t.mpsz());
        out.push('"');
    }
    out.push(']');
}

/// Appends a small integer (shanten, counts) without the formatting machinery, which the
/// 14-tile answers (about 1.5 KB each) spent most of their time in.
fn push_int(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let (mut v, mut i) = (n.unsigned_abs(), digits.len());
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

fn push_ukeire(out: &mut String, u: &Ukeire) {
    out.push_str(",\"ukeire\":");
    push_tiles(out, u.tiles);
    out.push_str(",\"ukeire_count\":");
    push_int(out, u.count as i64);
}

/// The answer object of a valid request, as one line of JSON; an error if `seen` and the hand
/// together show a kind more than 4 times ([`parse_seen`] refuses that already).
pub fn answer(engine: &Engine<'_>, req: &Request) -> Result<String, HandError> {
    let hand = &req.hand;
    let mut out = String::with_capacity(if hand.is_complete_count() { 2048 } else { 256 });
    let tiles = hand.concealed_len();
    let win = engine.is_win(hand);
    // A 3k+1 hand: shanten, waits and ukeire from one evaluation.
    let open = engine.waits_and_ukeire(hand, &req.seen)?;
    let shanten = open.map_or_else(|| engine.shanten(hand), |(s, _, _)| s);
    let _ = write!(
        out,
        "{{\"hand\":\"{hand}\",\"tiles\":{tiles},\"win\":{win},\"shanten\":{shanten}"
    );
    if win && !engine.rules().patterns.is_empty() {
        // The patterns the win holds (a scorer's 大胡), under rules that play some.
        let forms = engine.forms(hand);
        let held = engine
            .rules()
            .patterns
            .iter()
            .filter(|&p| forms.get(crate::forms::Form::Pattern(p)) == Some(0));
        out.push_str(",\"patterns\":[");
        for (i, p) in held.enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{p}\"");
        }
        out.push(']');
    }
    if let Some((_, waits, ukeire)) = open {
        out.push_str(",\"waits\":");
        push_tiles(&mut out, waits);
        push_ukeire(&mut out, &ukeire);
    } else {
        out.push_str(",\"discards\":[");
        let mut buf: [Option<Discard>; 14] = [None; 14];
        let n = engine.discards_into(hand, &req.seen, &mut buf)?;
        for (i, d) in buf[..n].iter().flatten().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"tile\":\"");
            out.push_str(d.tile.mpsz());
            out.push_str("\",\"shanten\":");
            push_int(&mut out, d.shanten as i64);
            push_ukeire(&mut out, &d.ukeire);
            out.push('}');
        }
        out.push(']');
    }
    if req.decompositions {
        let readings: Vec<Value> = decompositions(engine, hand, MAX_DECOMPOSITIONS)
            .iter()
            .map(decomposition_json)
            .collect();
        out.push_str(",\"decompositions\":");
        out.push_str(&Value::Array(readings).to_string());
    }
    push_id(&mut out, req.id.as_deref());
    out.push('}');
    Ok(out)
}

/// A reading of a winning hand as JSON: its form, and its sets with their tiles, what each
/// wildcard stood for and whether the set was declared. `hupai check --json` and the
/// `decompositions` field of a batch answer both write it.
///
/// ```
/// use hupai::{decompositions, protocol::decomposition_json, Engine, Hand, Rules};
/// let engine = Engine::new(Rules::nanchang());
/// // 123m 456p 789s, 11z, 55m and the 2z wildcard: 555m + 11z, or 111z + 55m.
/// let hand = Hand::builder("12355m456p789s112z").wild("2z").build().unwrap();
/// let json: Vec<String> = decompositions(&engine, &hand, 8)
///     .iter()
///     .map(|d| decomposition_json(d).to_string())
///     .collect();
/// assert_eq!(json.len(), 2);
/// assert!(json.iter().any(|j| j.contains(r#"{"as":"5m","tile":"2z"}"#)), "{json:?}");
/// assert!(json.iter().any(|j| j.contains(r#"{"as":"1z","tile":"2z"}"#)), "{json:?}");
/// ```
pub fn decomposition_json(d: &crate::Decomposition) -> Value {
    let mut out = serde_json::json!({
        "form": match d.form {
            crate::forms::Form::Pattern(p) => p.name().to_string(),
            form => format!("{form:?}"),
        },
        "sets": d.sets.iter().map(|s| serde_json::json!({
            "kind": format!("{:?}", s.kind),
            "tiles": s.slots.iter().map(|x| x.tile.to_string()).collect::<Vec<_>>(),
            "wildcards": s.slots.iter().filter_map(|x| x.wildcard.map(|w| serde_json::json!({
                "tile": w.to_string(),
                "as": x.tile.to_string(),
            }))).collect::<Vec<_>>(),
            "declared": s.declared,
        })).collect::<Vec<_>>(),
    });
    if !d.patterns.is_empty() {
        out["patterns"] = d
            .patterns
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .into();
    }
    out
}

/// Appends `,"id":…` when the request had an id.
fn push_id(out: &mut String, id: Option<&str>) {
    if let Some(id) = id {
        out.push_str(",\"id\":");
        out.push_str(id);
    }
}

/// Longest error message kept (characters): messages quote the input (a tile string, a field
/// name), and a 64 KiB line of control bytes, each escaped as `\u0001`, would otherwise make
/// a 384 KiB answer.
pub const MAX_ERROR_CHARS: usize = 200;

/// The error object for a line; a message past [`MAX_ERROR_CHARS`] is cut there and ends in
/// `…`.
pub fn error_line(message: &str, line_no: usize) -> String {
    error_answer(message, line_no, None)
}

/// [`error_line`] with the request's `id` echoed (JSON text).
fn error_answer(message: &str, line_no: usize, id: Option<&str>) -> String {
    let message = match message.char_indices().nth(MAX_ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    };
    let mut out = format!("{{\"error\":{},\"line\":{line_no}", Value::String(message));
    push_id(&mut out, id);
    out.push('}');
    out
}

/// Answers one request line (numbered from 1) with the compiled-in tables.
pub fn answer_line(line: &str, line_no: usize, default_rules: Rules) -> String {
    answer_line_with(Tables::compiled(), line, line_no, default_rules)
}

/// Answers one request line with a table set of your own (e.g. loaded with `--tables`).
pub fn answer_line_with(
    tables: &Tables,
    line: &str,
    line_no: usize,
    default_rules: Rules,
) -> String {
    let req = match parse_request(line, default_rules) {
        Ok(r) => r,
        Err(e) => return error_answer(&e.message, line_no, e.id.as_deref()),
    };
    let id = req.id.as_deref();
    match Engine::with_tables(tables, req.rules) {
        Ok(engine) => {
            answer(&engine, &req).unwrap_or_else(|e| error_answer(&e.to_string(), line_no, id))
        }
        Err(e) => error_answer(&e.to_string(), line_no, id),
    }
}

#[cfg(test)]
mod tests {
    use super::push_int;

    #[test]
    fn push_int_writes_what_display_writes() {
        for n in [-1i64, 0, 7, 9, 10, 99, 100, 136, -12, i64::MIN, i64::MAX] {
            let mut s = String::from("x");
            push_int(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
    }
}
