//! The `"score"` object of an answer: one definition of its JSON shape for every family
//! (riichi's yaku and fu, MCR's fans, a regional room's fans, payment and wildcards, or the
//! refusal), written as
//! a value or straight into an answer line.

use crate::score::{FanRow, Limit, OpeningWin, Payment, RoomScore, Score, ScoreError};
use serde::Serialize;
use serde_json::Value;

/// The `"score"` object of an answer: the yaku with their han (and names in English, Chinese
/// and Japanese), fu with its parts, the limit, base points, payments and total; an MCR win's
/// fans (named in the three languages too); `{"error": …, "code": …}` when the win cannot be
/// scored ([`super::Code`]).
///
/// ```
/// use hupai::{protocol::{parse_score, score_json}, Engine, Rules};
/// let v = serde_json::json!({"win": "1s"});
/// let (hand, win) = parse_score(&v, "123m456p11s", &["pon 555z", "789s"], hupai::Scoring::Riichi).unwrap();
/// let s = score_json(&Engine::new(Rules::riichi()).score(&hand, &win));
/// assert_eq!(s["total"], 1000);
/// assert_eq!(s["yaku"][0]["yaku"], "haku");
/// ```
pub fn score_json(score: &Result<Score, ScoreError>) -> Value {
    serde_json::to_value(ScoreView::of(score)).expect("a score view is JSON")
}

/// [`score_json`] as text, appended to `out` without building the object first (what a
/// batch answer line does; the same keys in the same order).
///
/// ```
/// use hupai::{protocol::{parse_score, push_score, score_json}, Engine, Rules};
/// let (hand, win) = parse_score(&serde_json::json!({"win": "1s"}), "123m456p11s", &["pon 555z", "789s"], hupai::Scoring::Riichi).unwrap();
/// let score = Engine::new(Rules::riichi()).score(&hand, &win);
/// let mut out = String::new();
/// push_score(&mut out, &score);
/// assert_eq!(out, score_json(&score).to_string());
/// ```
pub fn push_score(out: &mut String, score: &Result<Score, ScoreError>) {
    // Written into the line's own buffer: no second string, no copy.
    let mut bytes = std::mem::take(out).into_bytes();
    serde_json::to_writer(&mut bytes, &ScoreView::of(score)).expect("a score view is JSON");
    *out = String::from_utf8(bytes).expect("serde_json writes UTF-8");
}

/// The `"score"` object of an answer as a value to serialize with any serde format (the
/// Python binding turns it into a dict with `pythonize`, no JSON text between): what
/// [`score_json`] and [`push_score`] write.
///
/// ```
/// use hupai::{protocol::{parse_score, score_answer, score_json}, Engine, Rules};
/// let (hand, win) = parse_score(&serde_json::json!({"win": "1s"}), "123m456p11s", &["pon 555z", "789s"], hupai::Scoring::Riichi).unwrap();
/// let score = Engine::new(Rules::riichi()).score(&hand, &win);
/// assert_eq!(serde_json::to_value(score_answer(&score)).unwrap(), score_json(&score));
/// ```
pub fn score_answer(score: &Result<Score, ScoreError>) -> impl Serialize {
    ScoreView::of(score)
}

/// The `"opening"` array of an answer (长沙's starting-hand small wins, each as a room's fan:
/// its id, names, value and count), or the refusal object.
pub(crate) fn opening_json(result: &Result<Vec<(OpeningWin, u32)>, ScoreError>) -> Value {
    match result {
        Ok(wins) => serde_json::to_value(fan_views(wins)).expect("fan views are JSON"),
        Err(e) => serde_json::json!({"error": e.to_string(), "code": e.code().name()}),
    }
}

/// The 精 settlement (南昌) of two to four players' tiles (`hands`, MPSZ, calls among them) under
/// the indicator `indicator` (the 正精's kind): a row a player — `zheng`, `fu`, `points`,
/// `multiplier`, `value`, `net` ([`crate::jing_settlement`]). The error says what is wrong,
/// with its code.
///
/// ```
/// use hupai::protocol::jing_json;
/// let rows = jing_json(&["5555m6m", "123p"], "5m").unwrap();
/// assert_eq!((rows[0]["value"].as_u64(), rows[1]["net"].as_i64()), (Some(108), Some(-108)));
/// assert!(jing_json(&["5m"], "5m").is_err());
/// ```
pub fn jing_json(hands: &[&str], indicator: &str) -> Result<Vec<Value>, (crate::Code, String)> {
    let tiles = |e: crate::TileError| (crate::Code::BadTile, e.to_string());
    let counts = hands
        .iter()
        .map(|h| crate::parse_tiles(h).map_err(tiles))
        .collect::<Result<Vec<_>, _>>()?;
    let indicator = crate::Tile::parse(indicator).map_err(tiles)?;
    let rows = crate::jing_settlement(&counts, indicator).map_err(|e| (e.code(), e.to_string()))?;
    Ok(rows
        .iter()
        .map(|r| {
            serde_json::json!({"zheng": r.zheng, "fu": r.fu, "points": r.points,
                "multiplier": r.multiplier, "value": r.value, "net": r.net})
        })
        .collect())
}

/// A fan table's rows with their counts, as the answers write them.
fn fan_views<F: FanRow>(fans: &[(F, u32)]) -> Vec<RoomFanView> {
    fans.iter()
        .map(|&(f, count)| RoomFanView {
            chinese: f.chinese(),
            count,
            fan: f.id(),
            fans: f.value(),
            japanese: f.japanese(),
            name: f.english(),
        })
        .collect()
}

/// What a score answer holds: the one definition of its JSON shape (the keys in the order
/// the answers write them).
#[derive(Serialize)]
#[serde(untagged)]
enum ScoreView {
    Error {
        error: String,
        code: &'static str,
    },
    Riichi {
        base: u32,
        fu: u32,
        fu_parts: Vec<FuPartView>,
        han: u32,
        limit: &'static str,
        limit_multiple: u32,
        payment: PaymentView,
        total: u32,
        yaku: Vec<YakuView>,
        yakuman: u32,
    },
    Mcr {
        fans: Vec<FanView>,
        flowers: u32,
        meets_minimum: bool,
        total: u32,
    },
    Room {
        each: u64,
        fan: u32,
        fans: Vec<RoomFanView>,
        payers: u8,
        total: u64,
        uncapped: u32,
        wildcards: Vec<WildcardView>,
    },
}

#[derive(Serialize)]
struct WildcardView {
    stood_for: &'static str,
    wildcard: &'static str,
}

#[derive(Serialize)]
struct RoomFanView {
    chinese: &'static str,
    count: u32,
    fan: &'static str,
    fans: u32,
    japanese: &'static str,
    name: &'static str,
}

#[derive(Serialize)]
struct FuPartView {
    fu: u32,
    part: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum PaymentView {
    Ron { ron: u32 },
    Tsumo { dealer: u32, non_dealer: u32 },
}

#[derive(Serialize)]
struct YakuView {
    chinese: &'static str,
    han: u32,
    japanese: &'static str,
    name: &'static str,
    yaku: &'static str,
}

#[derive(Serialize)]
struct FanView {
    chinese: &'static str,
    count: u32,
    fan: &'static str,
    japanese: &'static str,
    name: &'static str,
    points: u32,
}

impl ScoreView {
    fn of(score: &Result<Score, ScoreError>) -> ScoreView {
        match score {
            Err(e) => ScoreView::Error {
                error: e.to_string(),
                code: e.code().name(),
            },
            Ok(Score::Sichuan(s)) => ScoreView::room(s),
            Ok(Score::Hongzhong(s)) => ScoreView::room(s),
            Ok(Score::Changsha(s)) => ScoreView::room(s),
            Ok(Score::Nanchang(s)) => ScoreView::room(s),
            Ok(Score::Mcr(m)) => ScoreView::Mcr {
                fans: m
                    .fans
                    .iter()
                    .map(|&(f, count)| FanView {
                        chinese: f.chinese(),
                        count,
                        fan: f.id(),
                        japanese: f.japanese(),
                        name: f.english(),
                        points: f.points(),
                    })
                    .collect(),
                flowers: m.flowers,
                meets_minimum: m.meets_minimum,
                total: m.total,
            },
            Ok(Score::Riichi(s)) => ScoreView::Riichi {
                base: s.base,
                fu: s.fu,
                fu_parts: s
                    .fu_parts
                    .iter()
                    .map(|(p, fu)| FuPartView {
                        fu: *fu,
                        part: p.id(),
                        tile: p.tile().map(|t| t.mpsz()),
                    })
                    .collect(),
                han: s.han,
                limit: s.limit.id(),
                limit_multiple: match s.limit {
                    Limit::Kazoe(m) | Limit::Yakuman(m) => m,
                    _ => 0,
                },
                payment: match s.payment {
                    Payment::Ron { discarder } => PaymentView::Ron { ron: discarder },
                    Payment::Tsumo { dealer, non_dealer } => {
                        PaymentView::Tsumo { dealer, non_dealer }
                    }
                },
                total: s.total,
                yaku: s
                    .yaku
                    .iter()
                    .map(|&(y, han)| YakuView {
                        chinese: y.chinese(),
                        han,
                        japanese: y.japanese(),
                        name: y.english(),
                        yaku: y.id(),
                    })
                    .collect(),
                yakuman: s.yakuman,
            },
        }
    }

    /// A regional room's score: the same keys for every room.
    fn room<F: FanRow>(s: &RoomScore<F>) -> ScoreView {
        ScoreView::Room {
            each: s.each,
            fan: s.fan,
            fans: fan_views(&s.fans),
            payers: s.payers,
            total: s.total,
            uncapped: s.uncapped,
            wildcards: s
                .wildcards
                .iter()
                .map(|&(w, t)| WildcardView {
                    stood_for: t.mpsz(),
                    wildcard: w.mpsz(),
                })
                .collect(),
        }
    }
}
