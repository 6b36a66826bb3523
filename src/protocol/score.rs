//! The `"score"` field of a request (the win's situation and the room's options), read in one
//! place: the command line builds the same object from its flags. The answer's `"score"`
//! object is `score_answer.rs`.

use super::error::RequestError;
use super::json::Json;
use crate::code::Code;
use crate::odds::OddsScore;
use crate::rules::Scoring;
use crate::score::{Call, Heavenly, Kazoe, SelfDraw, Win, WinningHand};
use crate::tile::{parse_tiles_unbounded, Tile};
use serde_json::{Map, Value};

/// The fields a `"score"` object may hold (the room options last).
pub const SCORE_FIELDS: [&str; 36] = [
    "win",
    "tsumo",
    "seat",
    "round",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "dora",
    "ura_dora",
    "honba",
    "riichi_sticks",
    "open_tanyao",
    "red_fives",
    "kiriage",
    "kazoe",
    "double_yakuman",
    "renhou_yakuman",
    "flowers",
    "last_copy",
    "kong_discard",
    "stake",
    "payers",
    "cap",
    "self_draw",
    "heavenly",
    "birds",
    "no_red_double",
    "all_pungs_fans",
    "kong_bloom_fans",
];

/// The room options among the score fields, the last nine ([`room_options`] says which
/// rules play each).
const ROOM_OPTIONS: &[&str] = SCORE_FIELDS.split_at(27).1;

/// The score fields that are flags: true or false.
const FLAGS: [&str; 18] = [
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "open_tanyao",
    "red_fives",
    "kiriage",
    "double_yakuman",
    "renhou_yakuman",
    "last_copy",
    "no_red_double",
];

/// A wind by tile (`1z`…`4z`) or name (`east`…`north`).
fn wind(v: &Json, key: &str) -> Result<Tile, String> {
    let names = ["east", "south", "west", "north"];
    let bad = || format!("{key} must be one of 1z 2z 3z 4z (or east, south, west, north)");
    let s = v.as_str().ok_or_else(bad)?;
    if let Some(i) = names.iter().position(|n| n.eq_ignore_ascii_case(s)) {
        return Ok(Tile::from_index(27 + i));
    }
    let t = Tile::parse(s).map_err(|_| bad())?;
    if (27..31).contains(&t.index()) {
        Ok(t)
    } else {
        Err(bad())
    }
}

/// Indicator tiles: an MPSZ string (`"1p5z"`, a tile twice for two indicators) or a list of
/// tiles.
fn indicators(v: &Json, key: &str) -> Result<(Vec<Tile>, [u8; 3]), RequestError> {
    let bad = || {
        RequestError::new(
            Code::BadArgument,
            format!("{key} must be tiles: \"1p5z\" or [\"1p\", \"5z\"]"),
        )
    };
    let text = match v {
        Json::Str(s) => s.to_string(),
        Json::Array(items) => {
            let mut text = String::new();
            for item in items {
                text.push_str(item.as_str().ok_or_else(bad)?);
            }
            text
        }
        _ => return Err(bad()),
    };
    let counts = parse_tiles_unbounded(&text)
        .map_err(|e| RequestError::new(Code::BadTile, format!("{key}: {e}")))?;
    let tiles = counts
        .iter()
        .enumerate()
        .flat_map(|(i, &n)| std::iter::repeat_n(Tile::from_index(i), n as usize))
        .collect();
    // A red five among the indicators (0m) is the suit's one red five, in play.
    Ok((tiles, crate::score::red_fives(&text)))
}

/// The winning hand and the win of a request: its `hand` text (the winning tile among the
/// concealed tiles), its `melds` as calls ([`Call::parse`]: `"ankan 1111m"`, `"pon 777z"`,
/// or a bare shape), and the `"score"` object.
///
/// ```
/// use hupai::protocol::{parse_score, Code};
/// use hupai::Scoring;
/// let v = serde_json::json!({"win": "5m", "tsumo": true, "riichi": true, "dora": "1p", "seat": "east"});
/// let (hand, win) = parse_score(&v, "234m345m567p22s789s", &[], Scoring::Riichi).unwrap();
/// assert!(win.tsumo && win.is_dealer() && hand.calls().is_empty());
/// let e = parse_score(&serde_json::json!({"tsumo": true}), "234m", &[], Scoring::Riichi).unwrap_err();
/// assert_eq!(e.code, Code::BadWin);
/// // A room's option under rules that do not play it: refused.
/// let v = serde_json::json!({"win": "5m", "self_draw": "stake"});
/// let e = parse_score(&v, "234m345m567p22s789s", &[], Scoring::Changsha).unwrap_err();
/// assert_eq!(e.code, Code::BadArgument);
/// ```
pub fn parse_score(
    value: &Value,
    hand: &str,
    calls: &[&str],
    scoring: Scoring,
) -> Result<(WinningHand, Win), RequestError> {
    read_score(&Json::view(value), hand, calls, scoring)
}

/// [`parse_score`] of a request's field as read ([`Json`]).
pub(crate) fn read_score(
    value: &Json,
    hand: &str,
    calls: &[&str],
    scoring: Scoring,
) -> Result<(WinningHand, Win), RequestError> {
    let empty = Json::Object(Vec::new());
    let obj = match value {
        Json::Object(_) => value,
        Json::Bool(true) => &empty,
        _ => {
            return Err(RequestError::win(
                "score must be an object such as {\"win\": \"5m\", \"tsumo\": true}",
            ));
        }
    };
    let win_text = obj
        .get("win")
        .and_then(Json::as_str)
        .ok_or_else(|| RequestError::win("score needs the winning tile: \"win\": \"5m\""))?;
    let win = parse_situation(obj, &SCORE_FIELDS, "score", scoring)?;
    let hand = WinningHand::new(hand, win_text, calls)?;
    Ok((hand, win))
}

/// The fields of an odds request's `"score"` object: what a win of the odds would have (every
/// win is a tsumo; `riichi` declares riichi on tenpai).
pub const ODDS_SCORE_FIELDS: [&str; 17] = [
    "seat",
    "round",
    "riichi",
    "dora",
    "honba",
    "riichi_sticks",
    "open_tanyao",
    "red_fives",
    "kiriage",
    "kazoe",
    "double_yakuman",
    "renhou_yakuman",
    "stake",
    "payers",
    "cap",
    "self_draw",
    "heavenly",
];

/// The expected score's situation of an odds request (`"odds": {"score": {...}}`), with the
/// request's melds as calls ([`Call::parse`]) and the red fives of its concealed tiles
/// (`hand`: MPSZ text, `0m` a red five; `""` when the hand came as counts).
///
/// ```
/// use hupai::protocol::{parse_odds_score, Code};
/// use hupai::Scoring;
/// let v = serde_json::json!({"seat": "east", "riichi": true, "dora": "1p"});
/// let s = parse_odds_score(&v, "234m067p", &["ankan 1111m"], Scoring::Riichi).unwrap();
/// assert!(s.win.riichi && s.win.is_dealer() && s.calls.len() == 1);
/// assert_eq!(s.red, [0, 1, 0]);
/// let e = parse_odds_score(&serde_json::json!({"tsumo": true}), "", &[], Scoring::Riichi);
/// assert_eq!(e.unwrap_err().code, Code::BadArgument);
/// ```
pub fn parse_odds_score(
    value: &Value,
    hand: &str,
    calls: &[&str],
    scoring: Scoring,
) -> Result<OddsScore, RequestError> {
    read_odds_score(&Json::view(value), hand, calls, scoring)
}

/// [`parse_odds_score`] of a request's field as read ([`Json`]).
pub(crate) fn read_odds_score(
    value: &Json,
    hand: &str,
    calls: &[&str],
    scoring: Scoring,
) -> Result<OddsScore, RequestError> {
    let empty = Json::Object(Vec::new());
    let obj = match value {
        Json::Object(_) => value,
        Json::Bool(true) => &empty,
        _ => {
            return Err(RequestError::win(
                "odds.score must be true or an object such as {\"seat\": \"east\", \"riichi\": true}",
            ));
        }
    };
    let win = parse_situation(obj, &ODDS_SCORE_FIELDS, "odds.score", scoring)?;
    Ok(OddsScore {
        win,
        calls: parse_calls(calls)?,
        red: crate::score::red_fives(hand),
    })
}

/// The room options every regional room's scoring takes.
const EVERY_ROOM: [&str; 3] = ["stake", "payers", "cap"];

/// Whether `scoring` takes the room option `key` (what [`room_options`] lists, without
/// building the list: the request's path asks it per field).
fn takes_option(scoring: Scoring, key: &str) -> bool {
    crate::score::room_of(scoring).is_some_and(|room| EVERY_ROOM.contains(&key) || room.plays(key))
}

/// The room options a score object may name under `scoring`: the stake, the payers and the
/// cap in every regional room, then the room's own (`Room::options`: the birds, Sichuan's
/// `self_draw` and `heavenly`, 红中's `no_red_double`, 南昌's `all_pungs_fans` and
/// `kong_bloom_fans`); none under riichi, MCR or rules
/// that score nothing.
fn room_options(scoring: Scoring) -> Vec<&'static str> {
    crate::score::room_of(scoring).map_or(Vec::new(), |room| {
        EVERY_ROOM
            .into_iter()
            .chain(room.options.iter().copied())
            .collect()
    })
}

/// The situation and options of a score object whose fields may be `allowed` (`what` names
/// it in messages), under `scoring` (a room's option is refused under rules that do not play
/// it). A field's value that cannot be read is a [`Code::BadArgument`]; indicator tiles that
/// are not MPSZ a [`Code::BadTile`].
fn parse_situation(
    obj: &Json,
    allowed: &[&str],
    what: &str,
    scoring: Scoring,
) -> Result<Win, RequestError> {
    let Json::Object(fields) = obj else {
        return Err(RequestError::win(format!("{what} must be an object")));
    };
    let argument = |m: String| RequestError::new(Code::BadArgument, m);
    let flag = |key: &str, v: &Json| {
        v.as_bool()
            .ok_or_else(|| format!("{what} field {key} must be true or false"))
    };
    let count = |key: &str, v: &Json| {
        v.as_u64()
            .filter(|&n| n <= 1000)
            .map(|n| n as u32)
            .ok_or_else(|| format!("{what} field {key} must be a whole number 0..=1000"))
    };
    // One pass over the fields given (a field absent or null keeps its default).
    let mut win = Win::default();
    // The red fives among the dora and the ura-dora indicators.
    let mut red = [[0u8; 3]; 2];
    for (key, v) in fields {
        let key = key.as_ref();
        let unknown = || {
            format!(
                "unknown {what} field '{key}' (fields: {})",
                allowed.join(", ")
            )
        };
        // The match below names every score field; a narrower list (the odds' score) is
        // searched too.
        if allowed.len() < SCORE_FIELDS.len() && !allowed.contains(&key) {
            return Err(argument(unknown()));
        }
        if ROOM_OPTIONS.contains(&key) && !takes_option(scoring, key) {
            return Err(argument(format!(
                "{what} field {key} is not an option of {} scoring (its options: {})",
                scoring.name(),
                match room_options(scoring).as_slice() {
                    [] => "none of stake, payers, cap, self_draw, heavenly, birds, no_red_double, all_pungs_fans, kong_bloom_fans"
                        .to_string(),
                    o => o.join(", "),
                }
            )));
        }
        if v.is_null() {
            // A null field keeps its default, if it is a field at all and not a flag (a flag
            // is true or false: null is neither).
            if !SCORE_FIELDS.contains(&key) {
                return Err(argument(unknown()));
            }
            if FLAGS.contains(&key) {
                return Err(argument(format!(
                    "{what} field {key} must be true or false, not null (leave it out for false)"
                )));
            }
            continue;
        }
        let r = &mut win.rules;
        match key {
            "tsumo" => win.tsumo = flag(key, v)?,
            "seat" => win.seat_wind = wind(v, "seat")?,
            "round" => win.round_wind = wind(v, "round")?,
            "riichi" => win.riichi = flag(key, v)?,
            "double_riichi" => win.double_riichi = flag(key, v)?,
            "ippatsu" => win.ippatsu = flag(key, v)?,
            "haitei" => win.haitei = flag(key, v)?,
            "houtei" => win.houtei = flag(key, v)?,
            "rinshan" => win.rinshan = flag(key, v)?,
            "chankan" => win.chankan = flag(key, v)?,
            "tenhou" => win.tenhou = flag(key, v)?,
            "chiihou" => win.chiihou = flag(key, v)?,
            "renhou" => win.renhou = flag(key, v)?,
            "dora" => (win.dora, red[0]) = indicators(v, key)?,
            "ura_dora" => (win.ura_dora, red[1]) = indicators(v, key)?,
            "honba" => win.honba = count(key, v)?,
            "riichi_sticks" => win.riichi_sticks = count(key, v)?,
            "flowers" => {
                win.flowers =
                    v.as_u64().filter(|&n| n <= 8).ok_or_else(|| {
                        format!("{what} field flowers must be a whole number 0..=8")
                    })? as u8
            }
            "last_copy" => win.last_copy = flag(key, v)?,
            "kong_discard" => win.kong_discard = flag(key, v)?,
            "stake" => {
                win.stake = v
                    .as_u64()
                    .filter(|&n| (1..=1_000_000).contains(&n))
                    .ok_or_else(|| {
                        format!("{what} field stake must be a whole number 1..=1000000")
                    })? as u32
            }
            "payers" => {
                win.payers = v
                    .as_u64()
                    .filter(|&n| (1..=3).contains(&n))
                    .ok_or_else(|| {
                        format!(
                            "{what} field payers must be 1, 2 or 3 (the players still in the hand)"
                        )
                    })? as u8
            }
            "birds" => {
                win.birds = v.as_u64().filter(|&n| n <= 16).ok_or_else(|| {
                    format!("{what} field birds must be a whole number 0..=16 (the birds that hit)")
                })? as u8
            }
            "cap" => {
                win.room.cap = v.as_u64().filter(|&n| n <= 32).ok_or_else(|| {
                    format!("{what} field cap must be a number of fans 0..=32 (0: no cap)")
                })? as u8
            }
            "self_draw" => {
                win.room.self_draw = match v.as_str() {
                    Some("fan") => SelfDraw::Fan,
                    Some("stake") => SelfDraw::Stake,
                    Some("none") => SelfDraw::Nothing,
                    _ => {
                        return Err(argument(format!(
                            "{what} field self_draw must be fan (自摸加番), stake (自摸加底) or none (自摸不加倍)"
                        )));
                    }
                }
            }
            "no_red_double" => win.room.no_red_double = flag(key, v)?,
            "all_pungs_fans" | "kong_bloom_fans" => {
                let fans = v.as_u64().filter(|n| (1..=2).contains(n)).ok_or_else(|| {
                    format!("{what} field {key} must be 1 or 2 (its fans: ×2 or ×4)")
                })? as u8;
                match key {
                    "all_pungs_fans" => win.room.all_pungs_fans = fans,
                    _ => win.room.kong_bloom_fans = fans,
                }
            }
            "heavenly" => {
                win.room.heavenly = match v.as_str() {
                    Some("add") => Heavenly::Add,
                    Some("largest") => Heavenly::Largest,
                    _ => {
                        return Err(argument(format!(
                            "{what} field heavenly must be add (天胡 added) or largest (only the largest basic hand)"
                        )));
                    }
                }
            }
            "open_tanyao" => r.open_tanyao = flag(key, v)?,
            "red_fives" => r.red_fives = flag(key, v)?,
            "kiriage" => r.kiriage = flag(key, v)?,
            "double_yakuman" => r.double_yakuman = flag(key, v)?,
            "renhou_yakuman" => r.renhou_yakuman = flag(key, v)?,
            "kazoe" => {
                r.kazoe = match v.as_str() {
                    Some("yakuman") => Kazoe::Yakuman,
                    Some("sanbaiman") => Kazoe::Sanbaiman,
                    Some("unlimited") => Kazoe::Unlimited,
                    _ => {
                        return Err(argument(format!(
                            "{what} field kazoe must be yakuman, sanbaiman or unlimited"
                        )));
                    }
                }
            }
            // The winning tile: read by the caller (`parse_score`).
            "win" => {}
            _ => return Err(argument(unknown())),
        }
    }
    win.red_indicators = [0, 1, 2].map(|s| red[0][s] + red[1][s]);
    Ok(win)
}

/// A win as one object (what `/v1/score`, Python's `score_many` and the bindings take): `hand`
/// (the winning tile among the concealed tiles), `calls` (strings, [`Call::parse`]), and the
/// `"score"` object's fields beside them — or a batch line's shape: the situation inside
/// `"score"`, the calls as `melds`. The value is taken: a caller that built it for the call
/// copies nothing.
///
/// ```
/// use hupai::protocol::{parse_win, Code};
/// use hupai::Scoring;
/// let v = serde_json::json!({"hand": "123m456p11s", "calls": ["pon 555z", "789s"], "win": "1s"});
/// let (hand, win) = parse_win(v, Scoring::Riichi).unwrap();
/// assert_eq!((hand.calls().len(), win.tsumo), (2, false));
/// let e = parse_win(serde_json::json!({"win": "1s"}), Scoring::Riichi).unwrap_err();
/// assert!(e.message.contains("hand"));
/// let line = serde_json::json!({"hand": "123m456p11s", "melds": ["pon 555z", "789s"], "score": {"win": "1s"}, "id": 3});
/// assert_eq!(parse_win(line, Scoring::Riichi).unwrap().0, hand);
/// // Five copies among the hand and the calls: one code in every door.
/// let five = serde_json::json!({"hand": "1111m456p11s", "calls": ["pon 111m", "789s", "pon 555z"], "win": "1s"});
/// assert_eq!(parse_win(five, Scoring::Riichi).unwrap_err().code, Code::TooManyCopies);
/// ```
pub fn parse_win(value: Value, scoring: Scoring) -> Result<(WinningHand, Win), RequestError> {
    let Value::Object(obj) = value else {
        return Err(RequestError::win(
            "a win is an object: {\"hand\": …, \"win\": …}",
        ));
    };
    parse_win_fields(obj, scoring)
}

/// [`parse_win`] of the object's fields, taken (a caller that owns them copies nothing). An
/// `id` (a string or an integer: what a caller names the win by) is read and set aside.
pub(crate) fn parse_win_fields(
    mut fields: Map<String, Value>,
    scoring: Scoring,
) -> Result<(WinningHand, Win), RequestError> {
    let win = |m: &str| RequestError::win(m);
    match fields.remove("id") {
        None | Some(Value::String(_)) => {}
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {}
        Some(_) => return Err("id must be a string or an integer".into()),
    }
    let hand = match fields.remove("hand") {
        Some(Value::String(s)) => s,
        _ => {
            return Err(win(
                "hand must be MPSZ text (the winning tile among the tiles)",
            ));
        }
    };
    // The batch line's shape is taken too: the situation in `"score": {…}`, calls in `melds`.
    match fields.remove("score") {
        None | Some(Value::Null) => {}
        Some(Value::Object(inner)) => {
            for (key, v) in inner {
                if fields.contains_key(&key) {
                    return Err(RequestError::win(format!(
                        "{key} is given both inside score and beside it"
                    )));
                }
                fields.insert(key, v);
            }
        }
        Some(_) => {
            return Err(win(
                "score, in a win, holds the situation: {\"hand\": \"234m345m567p22s789s\", \"score\": {\"win\": \"5m\", \"tsumo\": true}}, or put its fields beside hand",
            ));
        }
    }
    if let Some(melds) = fields.remove("melds") {
        if fields.contains_key("calls") {
            return Err(win("give the calls once: calls or melds"));
        }
        fields.insert("calls".into(), melds);
    }
    let calls: Vec<String> = match fields.remove("calls") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                _ => Err(win("calls must be strings such as \"pon 777z\"")),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(win("calls must be a list of strings such as \"pon 777z\"")),
    };
    let calls: Vec<&str> = calls.iter().map(String::as_str).collect();
    parse_score(&Value::Object(fields), &hand, &calls, scoring)
}

/// The calls of a score request's `melds`, checked ([`Call::parse`]).
pub fn parse_calls(melds: &[&str]) -> Result<Vec<Call>, RequestError> {
    melds
        .iter()
        .map(|m| Call::parse(m).map_err(RequestError::from))
        .collect()
}
