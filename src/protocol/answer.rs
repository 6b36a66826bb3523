//! The answer line of a request: `hand`, `tiles`, `win`, `shanten`, then waits and ukeire
//! (3k+1) or the discard report (3k+2), and what the request asks besides (patterns, forms,
//! improvements, score, odds, decompositions), written straight into one string; and the
//! error line of a request that cannot be answered.

use super::request::Request;
use super::score_answer::{opening_json, push_score};
use crate::analysis::decompositions;
use crate::analysis::{Discard, Engine, Ukeire};
use crate::code::Code;
use crate::forms::Form;
use crate::hand::Hand;
use crate::hand_error::HandError;
use crate::odds::{Odds, OddsError};
use crate::rules::Scoring;
use crate::score::{changsha_opening_wins, OpeningWin, ScoreError};
use crate::tile::TileSet;
use serde_json::Value;
use std::fmt::Write as _;

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
/// together show a kind more than 4 times ([`super::parse_seen`] refuses that already).
pub fn answer(engine: &Engine<'_>, req: &Request) -> Result<String, HandError> {
    let hand = &req.hand;
    let mut out = String::with_capacity(if hand.is_complete_count() { 2048 } else { 256 });
    let tiles = hand.concealed_len();
    let win = engine.is_win(hand);
    // A line that scores a win asks for its score: the hand's waits or discard report are
    // not computed (docs/CLI.md, "Scoring in a batch").
    let scoring = req.score.is_some();
    // A 3k+1 hand: shanten, waits and ukeire from one evaluation.
    let open = match scoring {
        true => None,
        false => engine.waits_and_ukeire(hand, &req.seen)?,
    };
    let shanten = match open {
        Some((s, _, _)) => s,
        None if win => -1,
        None => engine.shanten(hand),
    };
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
            .filter(|&p| forms.get(Form::Pattern(p)) == Some(0));
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
    } else if !scoring {
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
    if req.forms {
        push_forms(&mut out, engine, hand);
    }
    if req.improvements && !hand.is_complete_count() {
        out.push_str(",\"improvements\":[");
        for (i, (t, n)) in engine.improvements(hand, &req.seen)?.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{{\"tile\":\"{t}\",\"count\":{n}}}");
        }
        out.push(']');
    }
    if req.opening {
        out.push_str(",\"opening\":");
        out.push_str(&opening_json(&opening_of(engine, hand)).to_string());
    }
    if let Some((winning, win)) = &req.score {
        out.push_str(",\"score\":");
        push_score(&mut out, &engine.score(winning, win));
    }
    if let Some(opts) = &req.odds {
        out.push_str(",\"odds\":");
        let odds = match &req.odds_score {
            Some(score) => engine.odds_scored(hand, &req.seen, opts, score),
            None => engine.odds(hand, &req.seen, opts),
        };
        out.push_str(&odds_json(&odds).to_string());
    }
    if req.decompositions {
        let decompositions: Vec<Value> = decompositions(engine, hand, MAX_DECOMPOSITIONS)
            .iter()
            .map(decomposition_json)
            .collect();
        out.push_str(",\"decompositions\":");
        out.push_str(&Value::Array(decompositions).to_string());
    }
    push_id(&mut out, req.id.as_deref());
    out.push('}');
    Ok(out)
}

/// The `"odds"` object of an answer ([`Engine::odds`]): `draws` (the horizon answered),
/// `wall`, `states`, `won`, the hand's own `tenpai` and `win` per horizon (index k - 1 is
/// within k draws), `best` (the best discard, absent for a 13-tile hand), and `rows` best
/// first, each `tile` (absent for a 13-tile hand), `shanten`, `tenpai`, `win` (empty for a
/// detour the options do not play), `ukeire_count` and `states`. An answer that could not be
/// computed is `{"error": …}`.
///
/// ```
/// use hupai::{protocol::odds_json, Engine, OddsOptions, Rules};
/// let engine = Engine::new(Rules::riichi());
/// let hand = "123m456p789s1122z".parse().unwrap();
/// let v = odds_json(&engine.odds(&hand, &[0; 34], &OddsOptions { draws: 3, ..Default::default() }));
/// assert_eq!(v["draws"], 3);
/// assert_eq!(v["rows"][0]["tenpai"][2], 1.0);
/// ```
pub fn odds_json(odds: &Result<Odds, OddsError>) -> Value {
    let odds = match odds {
        Ok(o) => o,
        Err(e) => return serde_json::json!({ "error": e.to_string(), "code": e.code().name() }),
    };
    let rows: Vec<Value> = odds
        .rows
        .iter()
        .map(|r| {
            let mut row = serde_json::Map::new();
            if let Some(t) = r.discard {
                row.insert("tile".into(), t.mpsz().into());
            }
            row.insert("shanten".into(), r.shanten.into());
            row.insert("tenpai".into(), r.tenpai.clone().into());
            row.insert("win".into(), r.win.clone().into());
            row.insert("ukeire_count".into(), r.ukeire.count.into());
            row.insert("states".into(), r.states.into());
            if !odds.expected.is_empty() {
                row.insert("expected".into(), r.expected.clone().into());
            }
            Value::Object(row)
        })
        .collect();
    let mut v = serde_json::json!({
        "draws": odds.draws,
        "wall": odds.wall,
        "states": odds.states,
        "won": odds.won,
        "tenpai": odds.tenpai,
        "win": odds.win,
    });
    if !odds.expected.is_empty() {
        v["expected"] = odds.expected.clone().into();
    }
    if let Some(t) = odds.rows.first().and_then(|r| r.discard) {
        v["best"] = t.mpsz().into();
    }
    v["rows"] = Value::Array(rows);
    v
}

/// The name of a form in answers: `"Standard"`, `"SevenPairs"`, … and a win pattern by its
/// own name (`"all_258"`). Decompositions and the `forms` field both use it.
///
/// ```
/// use hupai::{protocol::form_name, Form, Pattern};
/// assert_eq!(form_name(Form::ThirteenOrphans), "ThirteenOrphans");
/// assert_eq!(form_name(Form::Pattern(Pattern::OneSuit)), "one_suit");
/// ```
pub fn form_name(form: Form) -> String {
    match form {
        Form::Pattern(p) => p.name().to_string(),
        form => format!("{form:?}"),
    }
}

/// `,"forms":{…}`: the shanten of each form the rules play, `null` for one the hand can no
/// longer reach (a declared chow under all pungs).
fn push_forms(out: &mut String, engine: &Engine<'_>, hand: &Hand) {
    out.push_str(",\"forms\":{");
    for (i, (form, shanten)) in engine.forms(hand).shanten_by_form().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":", form_name(form));
        match shanten {
            None => out.push_str("null"),
            Some(s) => push_int(out, s as i64),
        }
    }
    out.push('}');
}

/// A decomposition of a winning hand as JSON: its form, and its sets with their tiles, what each
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
        "form": form_name(d.form),
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

/// The starting hand's small wins of a request (`"opening"`): 长沙's only, on a hand without
/// melds.
fn opening_of(engine: &Engine<'_>, hand: &Hand) -> Result<Vec<(OpeningWin, u32)>, ScoreError> {
    if engine.rules().scoring != Scoring::Changsha {
        return Err(ScoreError::NotScored);
    }
    if hand.meld_count() > 0 {
        return Err(ScoreError::BadHand(
            "a starting hand has no melds (its 13 or 14 tiles as dealt)".into(),
        ));
    }
    changsha_opening_wins(hand.counts())
}

/// Most decompositions an answer lists.
pub const MAX_DECOMPOSITIONS: usize = 64;

/// Appends `,"id":…` when the request had an id.
pub(crate) fn push_id(out: &mut String, id: Option<&str>) {
    if let Some(id) = id {
        out.push_str(",\"id\":");
        out.push_str(id);
    }
}

/// Longest error message kept (characters): messages quote the input (a tile string, a field
/// name), and a 64 KiB line of control bytes, each escaped as `\u0001`, would otherwise make
/// a 384 KiB answer.
pub const MAX_ERROR_CHARS: usize = 200;

/// The error object for a line that cannot be read (its code `BAD_ARGUMENT`: too long, not
/// UTF-8); a message past [`MAX_ERROR_CHARS`] is cut there and ends in `…`.
///
/// ```
/// assert_eq!(
///     hupai::protocol::error_line("line is not valid UTF-8", 3),
///     r#"{"error":"line is not valid UTF-8","code":"BAD_ARGUMENT","line":3}"#
/// );
/// ```
pub fn error_line(message: &str, line_no: usize) -> String {
    error_answer(Code::BadArgument, message, line_no, None)
}

/// The error object of a line: its message, stable code and number, and the request's `id`
/// echoed (JSON text).
pub(crate) fn error_answer(code: Code, message: &str, line_no: usize, id: Option<&str>) -> String {
    let message = match message.char_indices().nth(MAX_ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    };
    let mut out = format!(
        "{{\"error\":{},\"code\":\"{}\",\"line\":{line_no}",
        Value::String(message),
        code.name()
    );
    push_id(&mut out, id);
    out.push('}');
    out
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
