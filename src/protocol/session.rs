//! What a binding holds and answers through: its rules and extra wild kinds ([`Session`]),
//! requests given as values (an object of fields, or a line), and the one map from an error
//! to its stable code ([`Code`]). Node, Lua and Python call it, so a request, a default or a
//! code is decided once, below them.

use super::answer::{answer, error_answer};
use super::json::Json;
use super::request::{parse_fields, parse_request, read_object, request_id, Request, RequestError};
use super::request::{parse_jing, parse_rules, parse_wild};
use super::score::parse_win_fields;
use crate::analysis::Engine;
use crate::code::Code;
use crate::hand::Hand;
use crate::hand_error::HandError;
use crate::rules::Rules;
use crate::score::{Score, ScoreError};
use crate::table::Tables;
use crate::tile::TileSet;
use serde_json::Value;

/// The preset of an engine or a request that names no rules, in every front end (the batch
/// contract's default): `hupai batch` and `/v1/analyse` lines without `"rules"`, Python's
/// `Engine()`, Node's `new Engine()`, Lua's `hupai.engine()`.
pub const DEFAULT_PRESET: &str = "chinese";

/// The rules and wild kinds of a binding's engine, read once for every binding: `rules` a
/// preset name or an object of switches over the default (None or null: [`DEFAULT_PRESET`]),
/// `wild` one tile an entry, `jing` a Nanchang indicator (its kind and the next are wild).
/// The error says what is wrong, with its code (`BAD_RULES`), which each binding raises.
///
/// ```
/// use hupai::protocol::engine_settings;
/// let (rules, wild) = engine_settings(None, &[], None).unwrap();
/// assert_eq!((rules, wild.len()), (hupai::Rules::chinese(), 0));
/// let (_, wild) = engine_settings(Some(&serde_json::json!("nanchang")), &[], Some("1z")).unwrap();
/// assert_eq!(wild.to_string(), "12z");
/// let e = engine_settings(Some(&serde_json::json!("riichi")), &[], Some("1z")).unwrap_err();
/// assert_eq!(e.code, hupai::protocol::Code::BadRules);
/// assert!(engine_settings(Some(&serde_json::json!("sichuan")), &["1z"], None).is_err());
/// ```
pub fn engine_settings(
    rules: Option<&Value>,
    wild: &[&str],
    jing: Option<&str>,
) -> Result<(Rules, TileSet), RequestError> {
    let default = Rules::preset(DEFAULT_PRESET).map_err(|e| RequestError::rules(e.to_string()))?;
    let rules = match rules {
        None | Some(Value::Null) => default,
        Some(v) => parse_rules(v, default).map_err(RequestError::rules)?,
    };
    let mut kinds = parse_wild(wild).map_err(RequestError::rules)?;
    if let Some(j) = jing {
        kinds = TileSet(kinds.0 | parse_jing(j, &rules).map_err(RequestError::rules)?.0);
    }
    Hand::check_wild(TileSet(kinds.0 | rules.wild.0), &rules)
        .map_err(|e| RequestError::rules(e.to_string()))?;
    Ok((rules, kinds))
}

/// Why a [`Session`] could not answer: a code and the command line's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The stable code.
    pub code: Code,
    /// What is wrong, for a person.
    pub message: String,
    /// A hand scored that does not win: how far it is from a win.
    pub shanten: Option<i8>,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refused {}

impl Refused {
    fn request(e: RequestError) -> Refused {
        Refused {
            code: e.code,
            message: e.message,
            shanten: None,
        }
    }

    fn hand(e: HandError) -> Refused {
        Refused {
            code: e.code(),
            message: e.to_string(),
            shanten: None,
        }
    }
}

/// A binding's engine settings: the rules a request without its own takes, and the wild
/// kinds (or 精) the binding's engine was made with, which apply to a request that names no
/// rules, wild kinds or 精 of its own.
///
/// ```
/// use hupai::protocol::Session;
/// use hupai::{Rules, TileSet};
/// let s = Session::new(Rules::nanchang(), TileSet::parse("5z").unwrap());
/// let a = s.analyse(&serde_json::json!("123m456p789s12555z")).unwrap();
/// assert!(a.contains(r#""win":true"#)); // the 5z stands in
/// let own = serde_json::json!({"hand": "123m456p789s12555z", "rules": "chinese"});
/// assert!(s.analyse(&own).unwrap().contains(r#""win":false"#));
/// assert_eq!(s.analyse(&serde_json::json!(5)).unwrap_err().code.name(), "BAD_ARGUMENT");
/// ```
#[derive(Clone, Copy)]
pub struct Session<'t> {
    tables: &'t Tables,
    rules: Rules,
    wild: TileSet,
    /// The engine of `rules`, built once (a request of other rules builds its own).
    engine: Option<Engine<'t>>,
    /// The engine of the last other rules a line named ([`Session::answer_line`] keeps it:
    /// a file of lines that name their rules builds it once, not once a line).
    last: Option<Engine<'t>>,
}

impl Session<'static> {
    /// A session of these rules and extra wild kinds, with the compiled-in tables.
    pub fn new(rules: Rules, wild: TileSet) -> Session<'static> {
        Session::with_tables(Tables::compiled(), rules, wild)
    }
}

impl<'t> Session<'t> {
    /// A session over a table set of its own (a server's `--tables`).
    pub fn with_tables(tables: &'t Tables, rules: Rules, wild: TileSet) -> Session<'t> {
        Session {
            tables,
            rules,
            wild,
            engine: Engine::with_tables(tables, rules).ok(),
            last: None,
        }
    }

    /// The engine of `rules` over the session's tables: the session's own for its rules.
    fn engine(&self, rules: Rules) -> Result<Engine<'t>, Refused> {
        if let Some(engine) = self.engine.filter(|_| rules == self.rules) {
            return Ok(engine);
        }
        Engine::with_tables(self.tables, rules).map_err(|e| Refused {
            // Rules whose tables the set lacks.
            code: Code::BadRules,
            message: e.to_string(),
            shanten: None,
        })
    }

    /// The rules of a request that names none.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A request given as a value: an object of its fields, or its line (a bare hand, or an
    /// object's JSON text).
    pub fn request(&self, request: &Value) -> Result<Request, Refused> {
        let obj = match request {
            Value::String(line) if !line.trim_start().starts_with('{') => {
                // A bare hand: the session's rules and wild kinds.
                let req = parse_request(line, self.rules).map_err(Refused::request)?;
                return self.with_wild(req);
            }
            Value::String(line) => read_object(line).map_err(Refused::request)?,
            Value::Object(_) => Json::view(request),
            _ => {
                return Err(Refused {
                    code: Code::BadArgument,
                    message: "a request is an object of its fields or its line".into(),
                    shanten: None,
                });
            }
        };
        let id = request_id(&obj).map_err(Refused::request)?;
        let req = parse_fields(&obj, self.rules, id.clone())
            .map_err(|e| Refused::request(e.with_id(id)))?;
        if ["rules", "wild", "jing"]
            .iter()
            .any(|k| obj.get(k).is_some())
        {
            return Ok(req);
        }
        self.with_wild(req)
    }

    /// `req` with the session's wild kinds added.
    fn with_wild(&self, mut req: Request) -> Result<Request, Refused> {
        if !self.wild.is_empty() {
            let melds: Vec<_> = req.hand.melds().collect();
            let wild = TileSet(req.hand.wild().0 | self.wild.0);
            req.hand =
                Hand::under(*req.hand.counts(), &melds, wild, &req.rules).map_err(Refused::hand)?;
            if let Some((hand, _)) = req.score.as_mut() {
                *hand = hand.clone().with_wild(wild);
            }
        }
        Ok(req)
    }

    /// The `hupai batch` answer (JSON text) to a request ([`Session::request`]).
    pub fn analyse(&self, request: &Value) -> Result<String, Refused> {
        self.answer(&self.request(request)?)
    }

    /// The score of a win given as a value ([`super::parse_win`]'s object: `hand`, `win`,
    /// `calls` and the situation's fields beside them, or a batch line's shape; `rules` of its
    /// own, else the session's). A hand that does not win is refused with its shanten.
    ///
    /// ```
    /// use hupai::protocol::{Code, Session};
    /// use hupai::{Rules, TileSet};
    /// let s = Session::new(Rules::riichi(), TileSet::EMPTY);
    /// let win = serde_json::json!({"hand": "234m345m567p22s789s", "win": "5m", "tsumo": true, "riichi": true});
    /// assert_eq!(s.score(&win).unwrap().riichi().unwrap().total, 2700);
    /// let not = serde_json::json!({"hand": "123m456p789s12355z", "win": "5z"});
    /// let e = s.score(&not).unwrap_err();
    /// assert_eq!((e.code, e.message.as_str()), (Code::NotAWin, "the hand is not a win (1-shanten)"));
    /// assert_eq!(e.shanten, Some(1));
    /// ```
    pub fn score(&self, win: &Value) -> Result<Score, Refused> {
        self.score_owned(win.clone())
    }

    /// [`Session::score`] of a value the caller gives away (no copy of its fields: what a
    /// binding that built the value for the call gives).
    pub fn score_owned(&self, win: Value) -> Result<Score, Refused> {
        let bad = |message: String| Refused {
            code: Code::BadWin,
            message,
            shanten: None,
        };
        let mut fields = match win {
            Value::Object(obj) => obj,
            _ => return Err(bad("a win is an object: {\"hand\": …, \"win\": …}".into())),
        };
        let rules = match fields.remove("rules") {
            None | Some(Value::Null) => self.rules,
            Some(v) => parse_rules(&v, self.rules).map_err(|message| Refused {
                code: Code::BadRules,
                message,
                shanten: None,
            })?,
        };
        let (hand, win) = parse_win_fields(fields, rules.scoring).map_err(|e| Refused {
            code: e.code,
            message: e.message,
            shanten: None,
        })?;
        let hand = hand.with_wild(self.wild);
        let engine = self.engine(rules)?;
        engine.score(&hand, &win).map_err(|e| {
            let shanten = match e {
                ScoreError::NotAWin => hand.as_hand(&rules).ok().map(|h| engine.shanten(&h)),
                _ => None,
            };
            Refused {
                code: e.code(),
                message: match shanten {
                    Some(s) => format!("{e} ({s}-shanten)"),
                    None => e.to_string(),
                },
                shanten,
            }
        })
    }

    /// Answers one request line (numbered from 1) as `hupai batch` does, with the parsed
    /// request shown to `admit` first ([`super::answer_line_admitted`]); a run of lines
    /// answered through one session builds its engine once.
    ///
    /// ```
    /// use hupai::protocol::Session;
    /// use hupai::{Rules, TileSet};
    /// let mut s = Session::new(Rules::riichi(), TileSet::EMPTY);
    /// let a = s.answer_line("123m456p789s1122z", 1, |_| Ok::<(), hupai::protocol::RequestError>(()));
    /// assert!(a.contains(r#""waits":["1z","2z"]"#));
    /// ```
    pub fn answer_line<G>(
        &mut self,
        line: &str,
        line_no: usize,
        admit: impl FnOnce(&mut Request) -> Result<G, RequestError>,
    ) -> String {
        let mut req = match parse_request(line, self.rules) {
            Ok(r) => r,
            Err(e) => return error_answer(e.code, &e.message, line_no, e.id.as_deref()),
        };
        let _guard = match admit(&mut req) {
            Ok(g) => g,
            Err(e) => return error_answer(e.code, &e.message, line_no, req.id.as_deref()),
        };
        let id = req.id.as_deref();
        let known = self.last.filter(|e| *e.rules() == req.rules);
        match known.map_or_else(|| self.engine(req.rules), Ok) {
            Ok(engine) => {
                if req.rules != self.rules {
                    self.last = Some(engine);
                }
                answer(&engine, &req)
                    .unwrap_or_else(|e| error_answer(e.code(), &e.to_string(), line_no, id))
            }
            Err(r) => error_answer(r.code, &r.message, line_no, id),
        }
    }

    /// The answer to a request already read (a binding that moves heavy requests to another
    /// thread reads them first).
    pub fn answer(&self, req: &Request) -> Result<String, Refused> {
        answer(&self.engine(req.rules)?, req).map_err(Refused::hand)
    }
}
