//! The `hupai batch` protocol (`shared/CONTRACT.md`): one request per line, one JSON object
//! per answer line, errors as `{"error": …, "line": N}` without stopping the batch.
//!
//! ```
//! use hupai::{protocol::answer_line, Rules};
//! let a = answer_line("34m123456789s33z", 1, Rules::chinese());
//! assert!(a.starts_with(r#"{"hand":"34m123456789s33z","tiles":13,"win":false,"shanten":0,"waits":["2m","5m"]"#));
//! let e = answer_line("12q", 2, Rules::chinese());
//! assert!(e.starts_with(r#"{"error":"bad tile string"#) && e.ends_with(r#""line":2}"#));
//! ```

use crate::analysis::{Discard, Engine, Ukeire};
use crate::hand::{parse_counts, Hand, HandError, Meld};
use crate::rules::Rules;
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
}

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
pub fn parse_request(line: &str, default_rules: Rules) -> Result<Request, String> {
    let text = line.trim();
    if text.is_empty() {
        return Err("empty line".into());
    }
    if !text.starts_with('{') {
        let hand = Hand::new(
            parse_counts(text).map_err(|e| e.to_string())?,
            &[],
            TileSet::EMPTY,
        )
        .map_err(|e| e.to_string())?;
        return Ok(Request {
            hand,
            rules: default_rules,
            seen: [0; KINDS],
        });
    }
    let Fields(obj) = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
    for key in obj.keys() {
        if !["hand", "rules", "wild", "melds", "seen"].contains(&key.as_str()) {
            return Err(format!(
                "unknown field '{key}' (fields: hand, rules, wild, melds, seen)"
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
    let rules = match string("rules")? {
        Some(name) => Rules::preset(name).map_err(|e| e.to_string())?,
        None => default_rules,
    };
    let wild = parse_wild(&strings("wild")?)?;
    let melds = strings("melds")?
        .into_iter()
        .map(|m| Meld::parse(m, &rules))
        .collect::<Result<Vec<_>, HandError>>()
        .map_err(|e| e.to_string())?;
    let counts = parse_counts(hand_text).map_err(|e| e.to_string())?;
    let hand = Hand::new(counts, &melds, wild).map_err(|e| e.to_string())?;
    let seen = parse_seen(&hand, string("seen")?.unwrap_or(""))?;
    Ok(Request { hand, rules, seen })
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
    out.push('}');
    Ok(out)
}

/// Longest error message kept (characters): messages quote the input (a tile string, a field
/// name), and a 64 KiB line of control bytes, each escaped as `\u0001`, would otherwise make
/// a 384 KiB answer.
pub const MAX_ERROR_CHARS: usize = 200;

/// The error object for a line; a message past [`MAX_ERROR_CHARS`] is cut there and ends in
/// `…`.
pub fn error_line(message: &str, line_no: usize) -> String {
    let message = match message.char_indices().nth(MAX_ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    };
    format!(
        "{{\"error\":{},\"line\":{line_no}}}",
        Value::String(message)
    )
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
        Err(e) => return error_line(&e, line_no),
    };
    match Engine::with_tables(tables, req.rules) {
        Ok(engine) => answer(&engine, &req).unwrap_or_else(|e| error_line(&e.to_string(), line_no)),
        Err(e) => error_line(&e.to_string(), line_no),
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
