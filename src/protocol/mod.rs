//! The `hupai batch` protocol (`shared/CONTRACT.md`): one request per line, one JSON object
//! per answer line, errors as `{"error": …, "code": …, "line": N}` without stopping the
//! batch (`code` the stable [`Code`], the same in every door).
//!
//! Beyond the contract's fields a request may carry `"id"` (a string or an integer, echoed as
//! the last field of its answer, error or not, so that a caller can match answers to
//! requests), `"jing"` (a Nanchang indicator tile: its kind and the next one in the cycle are
//! added to the wild kinds, like `--jing`), `"decompositions": true` (the answer lists the
//! decompositions of a winning hand and what each wildcard stood for), `"forms": true` (the answer
//! adds the shanten of each form the rules play) and `"improvements": true` (a 13-tile
//! answer adds its improvement tiles, 改良).
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

mod answer;
mod error;
mod json;
mod play_line;
mod request;
mod room_table;
mod score;
mod score_answer;
mod session;
mod table;

pub use crate::code::Code;
use crate::rules::Rules;
pub use crate::switches::{Switch, SWITCHES};
use crate::table::Tables;
use crate::tile::TileSet;
pub use answer::{
    answer, decomposition_json, error_line, form_name, odds_json, MAX_DECOMPOSITIONS,
    MAX_ERROR_CHARS,
};
pub use play_line::{answer_batch_line, answer_play_line};
pub use request::{
    parse_jing, parse_object, parse_odds, parse_request, parse_rules, parse_seen, parse_wild,
    Request, RequestError, JING_NOT_PLAYED,
};
pub use room_table::{play_room_table, RoomTableRequest, RoomView};
pub use score::{
    parse_calls, parse_odds_score, parse_score, parse_win, ODDS_SCORE_FIELDS, SCORE_FIELDS,
};
pub use score_answer::{jing_json, push_score, score_answer, score_json};
use serde_json::Value;
pub use session::{engine_settings, Refused, Session, DEFAULT_PRESET};
pub use table::{play_table, TableRequest, MAX_TABLE_MOVES};

/// A rule set as its switches (the names and values `"rules"` objects and `--switch` take,
/// [`Rules::set`]), plus the kinds the rules make wild without being named (`"wild"`, not a
/// switch). `hupai serve`'s `/v1/presets` lists the presets this way.
///
/// ```
/// use hupai::{protocol::{parse_rules, rules_json}, Rules};
/// let v = rules_json(&Rules::changsha());
/// assert_eq!(v["pair_258"], true);
/// assert_eq!(v["patterns"], serde_json::json!(["all_pungs", "one_suit", "all_258"]));
/// // Read back as a rules object, the switches give the same rules.
/// let mut obj = v.clone();
/// obj.as_object_mut().unwrap().remove("wild");
/// assert_eq!(parse_rules(&obj, Rules::riichi()), Ok(Rules::changsha()));
/// ```
pub fn rules_json(rules: &Rules) -> Value {
    use crate::rules::{SevenPairs, TilesInPlay};
    let seven_pairs = match rules.seven_pairs {
        SevenPairs::Off => "off",
        SevenPairs::Distinct => "distinct",
        SevenPairs::FourAsTwo => "four_as_two",
    };
    let tiles = match rules.tiles {
        TilesInPlay::All => "all",
        TilesInPlay::Suits => "suits",
    };
    serde_json::json!({
        "plain_win": rules.plain_win,
        "patterns": rules.patterns.iter().map(|p| p.name()).collect::<Vec<_>>(),
        "pair_258": rules.pair_258,
        "lack_suit": rules.lack_suit,
        "honor_runs": rules.honor_runs,
        "seven_pairs": seven_pairs,
        "thirteen_orphans": rules.thirteen_orphans,
        "shisanlan": rules.shisanlan,
        "qixing": rules.qixing,
        "honor_wild_stays_honor": rules.honor_wild_stays_honor,
        "jing": rules.jing,
        "quanbukao": rules.quanbukao,
        "qixing_bukao": rules.qixing_bukao,
        "knitted_straight": rules.knitted_straight,
        "tiles": tiles,
        "scoring": rules.scoring.name(),
        "wild": rules.wild.iter().map(|t| t.mpsz()).collect::<Vec<_>>(),
    })
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
    answer_line_admitted(tables, line, line_no, default_rules, |_| Ok(()))
}

/// [`answer_line_with`], with the parsed request shown to `admit` before it is answered: it
/// may bound the request (a server lowers the odds' state budget and draws) and return a
/// guard held while the answer is computed (a turn at the server's odds), or refuse the line
/// with a message (its error answer).
///
/// ```
/// use hupai::{protocol::{answer_line_admitted, Code, RequestError}, Rules, Tables};
/// let line = r#"{"hand": "123m456p789s1122z", "odds": 40}"#;
/// let a = answer_line_admitted(Tables::compiled(), line, 1, Rules::riichi(), |req| {
///     if let Some(o) = &mut req.odds {
///         o.draws = o.draws.min(17);
///     }
///     Ok(())
/// });
/// assert!(a.contains(r#""draws":17"#));
/// let busy = RequestError::new(Code::Busy, "busy");
/// let e = answer_line_admitted(Tables::compiled(), line, 2, Rules::riichi(), |_| Err::<(), _>(busy));
/// assert!(e.starts_with(r#"{"error":"busy","code":"BUSY""#));
/// ```
pub fn answer_line_admitted<G>(
    tables: &Tables,
    line: &str,
    line_no: usize,
    default_rules: Rules,
    admit: impl FnOnce(&mut Request) -> Result<G, RequestError>,
) -> String {
    let mut session = Session::with_tables(tables, default_rules, TileSet::EMPTY);
    answer_batch_line(&mut session, line, line_no, admit)
}

#[cfg(test)]
mod tests {
    use super::{parse_rules, rules_json};
    use crate::rules::Rules;

    /// Every preset's switches, read back over riichi (and its wild kinds, which no switch
    /// names), give the preset.
    #[test]
    fn rules_json_reads_back_as_the_preset() {
        for (name, rules) in Rules::presets() {
            let mut v = rules_json(&rules);
            v.as_object_mut().unwrap().remove("wild");
            let base = Rules {
                wild: rules.wild,
                ..Rules::riichi()
            };
            assert_eq!(parse_rules(&v, base), Ok(rules), "{name}");
        }
    }
}
