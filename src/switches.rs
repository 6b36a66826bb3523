//! Rule switches by name: how a request (`"rules": {"preset": "changsha", "patterns": []}`)
//! and the command line (`--switch plain_win=false`) override a preset's switches. The names
//! are the [`Rules`] fields', plus `four_wild_win` ([`Pattern::FourWild`] in or out of
//! `patterns`).
//!
//! ```
//! use hupai::{Switch, Pattern, Rules};
//! let mut rules = Rules::hongzhong();
//! rules.set("four_wild_win", Switch::Bool(true)).unwrap();
//! rules.set("plain_win", Switch::Text("false")).unwrap();
//! assert!(rules.patterns.contains(Pattern::FourWild) && !rules.plain_win);
//! assert!(rules.set("pair_259", Switch::Bool(true)).unwrap_err().contains("pair_259"));
//! ```

use crate::rules::{Pattern, Patterns, Rules, Scoring, SevenPairs, TilesInPlay};

/// The value of a switch: a flag, a word, or a list of words (the patterns).
///
/// ```
/// use hupai::{Switch, Rules};
/// let mut r = Rules::chinese();
/// r.set("patterns", Switch::List(vec!["one_suit", "all_pungs"])).unwrap();
/// r.set("plain_win", Switch::Bool(false)).unwrap();
/// assert!(!r.plain_win && r.patterns.iter().count() == 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Switch<'a> {
    /// `true` or `false`.
    Bool(bool),
    /// A word (`"false"`, `"four_as_two"`, or comma-separated patterns on the command line).
    Text(&'a str),
    /// Words (the patterns of a JSON request).
    List(Vec<&'a str>),
}

/// Every switch name, for messages and `--help`.
///
/// ```
/// assert!(hupai::SWITCHES.contains(&"plain_win"));
/// ```
pub const SWITCHES: [&str; 17] = [
    "plain_win",
    "patterns",
    "four_wild_win",
    "pair_258",
    "lack_suit",
    "honor_runs",
    "seven_pairs",
    "thirteen_orphans",
    "shisanlan",
    "qixing",
    "honor_wild_stays_honor",
    "jing",
    "quanbukao",
    "qixing_bukao",
    "knitted_straight",
    "tiles",
    "scoring",
];

impl Switch<'_> {
    fn flag(&self, name: &str) -> Result<bool, String> {
        match self {
            Switch::Bool(b) => Ok(*b),
            Switch::Text("true") => Ok(true),
            Switch::Text("false") => Ok(false),
            _ => Err(format!("switch {name} takes true or false")),
        }
    }

    fn word(&self, name: &str, words: &[&str]) -> Result<usize, String> {
        match self {
            Switch::Text(t) if words.contains(t) => Ok(words.iter().position(|w| w == t).unwrap()),
            _ => Err(format!("switch {name} takes one of: {}", words.join(", "))),
        }
    }

    fn patterns(&self) -> Result<Patterns, String> {
        let words: Vec<&str> = match self {
            Switch::List(items) => items.clone(),
            Switch::Text(t) => t.split(',').filter(|w| !w.is_empty()).collect(),
            Switch::Bool(_) => {
                return Err("switch patterns takes a list of patterns (\"all_pungs\", …)".into());
            }
        };
        let mut set = Patterns::NONE;
        for w in words {
            let p: Pattern = w.trim().parse()?;
            if set.contains(p) {
                return Err(format!("pattern '{p}' is listed twice"));
            }
            set = set.with(p, true);
        }
        Ok(set)
    }
}

impl Rules {
    /// Sets the switch `name` (a [`Rules`] field, or `four_wild_win`) to `value`: an error
    /// names an unknown switch or a value it does not take.
    ///
    /// ```
    /// use hupai::{Switch, Rules};
    /// let mut r = Rules::changsha();
    /// r.set("patterns", Switch::Text("")).unwrap(); // the strict decomposition
    /// assert!(r.patterns.is_empty());
    /// assert!(r.set("tiles", Switch::Text("some")).unwrap_err().contains("all, suits"));
    /// ```
    pub fn set(&mut self, name: &str, value: Switch<'_>) -> Result<(), String> {
        let v = &value;
        match name {
            "plain_win" => self.plain_win = v.flag(name)?,
            "patterns" => self.patterns = v.patterns()?,
            "four_wild_win" => *self = self.four_wild_win(v.flag(name)?),
            "pair_258" => self.pair_258 = v.flag(name)?,
            "lack_suit" => self.lack_suit = v.flag(name)?,
            "honor_runs" => self.honor_runs = v.flag(name)?,
            "thirteen_orphans" => self.thirteen_orphans = v.flag(name)?,
            "shisanlan" => self.shisanlan = v.flag(name)?,
            "qixing" => self.qixing = v.flag(name)?,
            "honor_wild_stays_honor" => self.honor_wild_stays_honor = v.flag(name)?,
            "jing" => self.jing = v.flag(name)?,
            "quanbukao" => self.quanbukao = v.flag(name)?,
            "qixing_bukao" => self.qixing_bukao = v.flag(name)?,
            "knitted_straight" => self.knitted_straight = v.flag(name)?,
            "seven_pairs" => {
                self.seven_pairs = [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::FourAsTwo]
                    [v.word(name, &["off", "distinct", "four_as_two"])?]
            }
            "tiles" => {
                self.tiles =
                    [TilesInPlay::All, TilesInPlay::Suits][v.word(name, &["all", "suits"])?]
            }
            "scoring" => {
                self.scoring = Scoring::ALL[v.word(name, &Scoring::ALL.map(Scoring::name))?]
            }
            _ => {
                return Err(format!(
                    "unknown switch '{name}' (switches: {})",
                    SWITCHES.join(", ")
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every switch name is known to [`Rules::set`], and setting a flag to its preset value
    /// changes nothing.
    #[test]
    fn every_switch_is_settable() {
        for name in SWITCHES {
            let mut r = Rules::changsha();
            let value = match name {
                "patterns" => Switch::Text("all_pungs,one_suit,all_258"),
                "seven_pairs" => Switch::Text("four_as_two"),
                "tiles" => Switch::Text("suits"),
                "scoring" => Switch::Text("changsha"),
                "plain_win" => Switch::Bool(true),
                "pair_258" => Switch::Bool(true),
                _ => Switch::Bool(false),
            };
            r.set(name, value).unwrap();
            assert_eq!(r, Rules::changsha(), "{name}");
        }
        let mut r = Rules::riichi();
        assert!(r
            .set("patterns", Switch::Text("one_suit,one_suit"))
            .is_err());
        assert!(r.set("patterns", Switch::Text("two_suits")).is_err());
        assert!(r.set("plain_win", Switch::Text("no")).is_err());
        assert!(r.set("tiles", Switch::Text("some")).is_err());
        r.set("patterns", Switch::List(vec![])).unwrap();
        assert!(r.patterns.is_empty());
    }
}
