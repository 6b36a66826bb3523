//! Reading a request line: a bare MPSZ hand or a JSON object of the fields below, into a
//! [`Request`]; the `rules`, `wild`, `jing` and `seen` fields each read through a function of
//! their own, which the command line and the bindings call too.

pub use super::error::RequestError;
use super::json::Json;
use crate::code::Code;
use crate::hand::Hand;
use crate::hand_builder::parse_counts;
use crate::hand_error::HandError;
use crate::meld::Meld;
use crate::odds::OddsScore;
use crate::odds::{OddsOptions, WallModel};
use crate::rules::Rules;
use crate::score::{Win, WinningHand};
use crate::switches::Switch;
use crate::tile::{parse_tiles_unbounded, Counts, Tile, TileSet, KINDS};
use serde_json::Value;

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
    /// Whether the answer gives the shanten of each form the rules play (`"forms"`).
    pub forms: bool,
    /// Whether a 13-tile answer lists its improvement tiles (`"improvements"`).
    pub improvements: bool,
    /// The odds per discard to add (`"odds"`), if asked ([`parse_odds`]).
    pub odds: Option<OddsOptions>,
    /// The expected score's situation of the odds (`"odds": {"score": …}`), if asked
    /// ([`super::parse_odds_score`]): `melds` are then calls.
    pub odds_score: Option<OddsScore>,
    /// The starting hand's small wins (`"opening"`, 长沙's 起手小胡), if asked.
    pub opening: bool,
    /// The win to score (`"score"`), if asked ([`super::parse_score`]): `melds` are then
    /// calls, and may say how they were made (`"ankan 1111m"`).
    pub score: Option<(WinningHand, Win)>,
}

impl From<HandError> for RequestError {
    fn from(e: HandError) -> RequestError {
        RequestError::new(e.code(), e.to_string())
    }
}

impl From<RequestError> for String {
    fn from(e: RequestError) -> String {
        e.message
    }
}

/// The fields a request object may hold.
const FIELDS: [&str; 13] = [
    "hand",
    "rules",
    "wild",
    "jing",
    "melds",
    "seen",
    "id",
    "decompositions",
    "forms",
    "improvements",
    "odds",
    "score",
    "opening",
];

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
        let hand = Hand::under(parse_counts(text)?, &[], TileSet::EMPTY, &default_rules)?;
        return Ok(Request {
            hand,
            rules: default_rules,
            seen: [0; KINDS],
            id: None,
            decompositions: false,
            forms: false,
            improvements: false,
            opening: false,
            odds: None,
            odds_score: None,
            score: None,
        });
    }
    let obj = read_object(text)?;
    let id = request_id(&obj)?;
    parse_fields(&obj, default_rules, id.clone()).map_err(|e| e.with_id(id))
}

/// A request object's fields, refused when a field is given twice (a JSON map would keep the
/// last one silently), and its `id` as JSON text (a string or an integer, refused otherwise).
/// Every object a front end takes (a batch line, `/v1/analyse`, `/v1/score`) reads through
/// here.
///
/// ```
/// use hupai::protocol::parse_object;
/// let (fields, id) = parse_object(r#"{"hand": "1m", "id": 7}"#).unwrap();
/// assert_eq!((fields.len(), id.as_deref()), (2, Some("7")));
/// assert!(parse_object(r#"{"hand": "1m", "hand": "2m"}"#).unwrap_err().message.contains("twice"));
/// assert!(parse_object(r#"{"id": 1.5}"#).unwrap_err().message.contains("id must be"));
/// ```
pub fn parse_object(
    text: &str,
) -> Result<(serde_json::Map<String, Value>, Option<String>), RequestError> {
    let obj = read_object(text)?;
    let id = request_id(&obj)?;
    match obj.to_value() {
        Value::Object(map) => Ok((map, id)),
        _ => unreachable!("read_object reads objects only"),
    }
}

/// A request object read from its text ([`Json`]: its strings borrowed), refused when it is
/// not an object or gives a field twice.
pub(crate) fn read_object(text: &str) -> Result<Json<'_>, RequestError> {
    let obj: Json = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
    let Json::Object(fields) = &obj else {
        return Err(
            "malformed JSON: a request is an object such as {\"hand\": \"123m456p789s1122z\"}"
                .into(),
        );
    };
    if let Some(key) = given_twice(fields) {
        return Err(format!("field '{key}' given twice").into());
    }
    Ok(obj)
}

/// A key the fields give twice, if any: pairwise for a request's handful of fields, through a
/// sorted list past 16 (a hostile line of 6,500 fields took 44 ms pairwise).
fn given_twice<'f>(fields: &'f [(std::borrow::Cow<'_, str>, Json<'_>)]) -> Option<&'f str> {
    if fields.len() <= 16 {
        let mut keys = fields.iter().map(|(k, _)| k.as_ref()).enumerate();
        return keys
            .find(|&(i, key)| fields[..i].iter().any(|(k, _)| k == key))
            .map(|(_, k)| k);
    }
    let mut keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_ref()).collect();
    keys.sort_unstable();
    keys.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}

/// A request object's `id` as JSON text: a string or an integer, refused otherwise.
pub(crate) fn request_id(obj: &Json) -> Result<Option<String>, RequestError> {
    match obj.get("id") {
        None => Ok(None),
        // As JSON text, escaped: one string made.
        Some(Json::Str(s)) => Ok(Some(
            serde_json::to_string(s.as_ref()).expect("a string is JSON"),
        )),
        Some(Json::Int(n)) if i64::try_from(*n).is_ok() || u64::try_from(*n).is_ok() => {
            Ok(Some(n.to_string()))
        }
        Some(_) => Err("id must be a string or an integer".into()),
    }
}

/// The request of a parsed object whose `id` is known.
pub(crate) fn parse_fields(
    obj: &Json,
    default_rules: Rules,
    id: Option<String>,
) -> Result<Request, RequestError> {
    let Json::Object(fields) = obj else {
        return Err("a request is an object of its fields".into());
    };
    for (key, _) in fields {
        if !FIELDS.contains(&key.as_ref()) {
            return Err(format!("unknown field '{key}' (fields: {})", FIELDS.join(", ")).into());
        }
    }
    let string = |key: &str| -> Result<Option<&str>, String> {
        match obj.get(key) {
            None | Some(Json::Null) => Ok(None),
            Some(Json::Str(s)) => Ok(Some(s)),
            Some(_) => Err(format!("{key} must be a string")),
        }
    };
    let strings = |key: &str| -> Result<Vec<&str>, String> {
        match obj.get(key) {
            None | Some(Json::Null) => Ok(Vec::new()),
            Some(Json::Array(items)) => items
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
        None | Some(Json::Null) => default_rules,
        // A preset's name, read where it is; an object of switches (rare) as a value.
        Some(Json::Str(name)) => {
            Rules::preset(name).map_err(|e| RequestError::rules(e.to_string()))?
        }
        Some(value) => {
            parse_rules(&value.to_value(), default_rules).map_err(RequestError::rules)?
        }
    };
    let mut wild = parse_wild(&strings("wild")?).map_err(RequestError::rules)?;
    if let Some(j) = string("jing")? {
        wild = TileSet(wild.0 | parse_jing(j, &rules).map_err(RequestError::rules)?.0);
    }
    let flag = |key: &str| match obj.get(key) {
        None | Some(Json::Null) => Ok(false),
        Some(Json::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("{key} must be true or false")),
    };
    let (decompositions, forms, improvements, opening) = (
        flag("decompositions")?,
        flag("forms")?,
        flag("improvements")?,
        flag("opening")?,
    );
    let score_field = obj
        .get("score")
        .filter(|v| !matches!(v, Json::Null | Json::Bool(false)));
    let odds_score_field = obj
        .get("odds")
        .and_then(|o| o.get("score"))
        .filter(|v| !matches!(v, Json::Null | Json::Bool(false)));
    let melds = if score_field.is_some() || odds_score_field.is_some() {
        // A scored win's melds are calls: how each was made matters to its score.
        let calls = super::score::parse_calls(&strings("melds")?)?;
        calls.iter().map(|c| c.meld()).collect()
    } else {
        strings("melds")?
            .into_iter()
            .map(|m| Meld::parse(m, &rules))
            .collect::<Result<Vec<_>, HandError>>()?
    };
    let hand = Hand::under(parse_counts(hand_text)?, &melds, wild, &rules)?;
    let seen = parse_seen(&hand, string("seen")?.unwrap_or(""))?;
    let odds = match obj.get("odds") {
        None | Some(Json::Null) | Some(Json::Bool(false)) => None,
        Some(v) => Some(parse_odds(&v.to_value())?),
    };
    let score = match score_field {
        None => None,
        Some(v) => Some(
            super::score::read_score(v, hand_text, &strings("melds")?, rules.scoring)
                .map(|(h, w)| (h.with_wild(wild), w))?,
        ),
    };
    let odds_score = match odds_score_field {
        None => None,
        Some(v) => Some(super::score::read_odds_score(
            v,
            hand_text,
            &strings("melds")?,
            rules.scoring,
        )?),
    };
    Ok(Request {
        hand,
        rules,
        seen,
        id,
        decompositions,
        forms,
        improvements,
        opening,
        odds,
        odds_score,
        score,
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
                ));
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
        let t = Tile::parse(entry)
            .map_err(|e| format!("wild entry '{entry}' {}", one_tile(&e.reason)))?;
        if wild.contains(t) {
            return Err(format!("wild entry '{entry}' is listed twice"));
        }
        wild.insert(t);
    }
    Ok(wild)
}

/// Why a `jing` is refused under rules that do not play it ([`Rules::jing`]): every front end
/// (the command line, a request, the HTTP API, Python) says this.
pub const JING_NOT_PLAYED: &str = "jing (Nanchang's 精: the indicator and the next kind are wild) is not played under these rules: use the nanchang rules, or name wild kinds with wild";

/// The wild kinds of a Nanchang indicator tile (精) under `rules`: its kind and the next one
/// in the cycle ([`Rules::jing_wilds`]); refused ([`JING_NOT_PLAYED`]) under rules that do not
/// play it. The `jing` field of a request, the `--jing` option of the command line and
/// Python's `jing=` all read through here.
///
/// ```
/// use hupai::{protocol::parse_jing, Rules};
/// let nanchang = Rules::nanchang();
/// assert_eq!(parse_jing("7z", &nanchang).unwrap().to_string(), "67z"); // 7z → 6z → 5z
/// assert!(parse_jing("78z", &nanchang).unwrap_err().contains("'78z'"));
/// assert!(parse_jing("1z", &Rules::riichi()).unwrap_err().contains("not played"));
/// ```
pub fn parse_jing(indicator: &str, rules: &Rules) -> Result<TileSet, String> {
    if !rules.jing {
        // Said before the text is read: the option itself is what is wrong.
        return Err(JING_NOT_PLAYED.to_string());
    }
    let t = Tile::parse(indicator)
        .map_err(|e| format!("jing '{indicator}' {}", one_tile(&e.reason)))?;
    rules
        .jing_wilds(t)
        .ok_or_else(|| JING_NOT_PLAYED.to_string())
}

/// Why an entry that must be one tile is not, said once: "must be exactly one tile such as
/// "5m"", and the tile parser's reason only when it says something else (a bad character).
fn one_tile(reason: &str) -> String {
    let rule = "must be exactly one tile such as \"5m\"";
    if reason.starts_with("expected exactly one tile") {
        rule.to_string()
    } else {
        format!("{rule} ({reason})")
    }
}

/// Other visible tiles (MPSZ) for a hand: no kind may be visible more than 4 times in the
/// hand, its melds and these tiles together.
pub fn parse_seen(hand: &Hand, seen: &str) -> Result<Counts, RequestError> {
    let raw = parse_tiles_unbounded(seen).map_err(HandError::Tile)?;
    let visible = hand.visible();
    let mut out = [0u8; KINDS];
    for i in 0..KINDS {
        if raw[i] + visible[i] as u32 > 4 {
            return Err(RequestError::new(
                Code::TooManyCopies,
                format!(
                    "more than 4 copies of {} in hand, melds and seen",
                    Tile::from_index(i)
                ),
            ));
        }
        out[i] = raw[i] as u8;
    }
    Ok(out)
}

/// A whole number, written as an integer or as a number with no fraction (`1e9`, `5.0`): the
/// same value a JavaScript caller sends, whatever its text, so every door reads it alike.
fn whole(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| {
        v.as_f64()
            .filter(|f| f.fract() == 0.0 && (0.0..=u64::MAX as f64).contains(f))
            .map(|f| f as u64)
    })
}

/// The options of a request's `"odds"` field: `true` (the defaults), a number of draws, or an
/// object of `draws` (1 or more; capped at the wall), `backward`, `sideways` (true or false),
/// `extra` (0..=4), `model` (`"unseen"` or `"simulator"`) and `max_states` (the state
/// budget; the memory budget, [`OddsOptions::max_bytes`], stays the default's). `hupai analyse --odds` reads through here too.
///
/// ```
/// use hupai::protocol::parse_odds;
/// use hupai::WallModel;
/// let o = parse_odds(&serde_json::json!({"draws": 10, "model": "simulator"})).unwrap();
/// assert_eq!((o.draws, o.model, o.backward), (10, WallModel::Simulator, true));
/// assert_eq!(parse_odds(&serde_json::json!(5)).unwrap().draws, 5);
/// assert!(parse_odds(&serde_json::json!({"draws": 0})).unwrap_err().contains("draws"));
/// ```
pub fn parse_odds(value: &Value) -> Result<OddsOptions, String> {
    let mut o = OddsOptions::default();
    let draws = |v: &Value| -> Result<u32, String> {
        whole(v)
            .filter(|&d| (1..=136).contains(&d))
            .map(|d| d as u32)
            .ok_or_else(|| "odds.draws must be a whole number from 1 to 136".to_string())
    };
    let obj = match value {
        Value::Bool(true) => return Ok(o),
        Value::Number(_) => {
            o.draws = draws(value)?;
            return Ok(o);
        }
        Value::Object(obj) => obj,
        _ => return Err("odds must be true, a number of draws or an object".into()),
    };
    let flag = |key: &str, v: &Value| {
        v.as_bool()
            .ok_or_else(|| format!("odds.{key} must be true or false"))
    };
    for (key, v) in obj {
        match key.as_str() {
            "draws" => o.draws = draws(v)?,
            "backward" => o.backward = flag(key, v)?,
            "sideways" => o.sideways = flag(key, v)?,
            "riichi" => o.riichi = flag(key, v)?,
            "extra" => {
                o.extra = whole(v)
                    .filter(|&e| e <= 4)
                    .ok_or("odds.extra must be a whole number from 0 to 4")?
                    as u8
            }
            "model" => {
                o.model = v
                    .as_str()
                    .and_then(WallModel::named)
                    .ok_or("odds.model must be \"unseen\" or \"simulator\"")?
            }
            // The expected score's situation: read with the request's melds (parse_odds_score).
            "score" => {}
            // Any budget is taken: the memory budget (OddsOptions::max_bytes) bounds the work
            // whatever the states, and a server lowers both to its own.
            "max_states" => {
                o.max_states = whole(v)
                    .filter(|&m| m >= 1)
                    .ok_or("odds.max_states must be a whole number, 1 or more")?
                    .try_into()
                    .unwrap_or(usize::MAX)
            }
            _ => {
                return Err(format!(
                    "unknown odds field '{key}' (fields: draws, backward, sideways, riichi, extra, model, max_states, score)"
                ));
            }
        }
    }
    Ok(o)
}
