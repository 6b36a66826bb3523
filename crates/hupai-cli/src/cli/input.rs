//! What the human subcommands take: a hand and its context on the command line
//! ([`HandArgs`]), checked into an [`Input`]; the rules with `--switch` overrides; the tables.

use super::{notation, words};
use clap::Args;
use hupai::protocol::{parse_jing, parse_odds_score, parse_seen, parse_wild};
use hupai::{parse_counts, Counts, Engine, Hand, Meld, Rules, Switch, Tables};
use std::path::PathBuf;

/// The wild kinds of `--wild` (tiles, any notation) and `--jing` (a Nanchang indicator: it
/// and the next kind), and the indicator: what `check`, `analyse` and `score` take.
pub fn wild_of(
    wild: &[String],
    jing: Option<&str>,
    rules: &Rules,
) -> Result<(hupai::TileSet, Option<hupai::Tile>), String> {
    let one = |text: &str| notation::to_mpsz(&[text.to_string()]);
    let entries = wild
        .iter()
        .map(|w| one(w).map_err(|e| format!("--wild: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let entries: Vec<&str> = entries.iter().map(String::as_str).collect();
    let mut set = parse_wild(&entries).map_err(|e| format!("--wild: {e}"))?;
    let mut indicator = None;
    if let Some(j) = jing {
        let j = one(j).map_err(|e| format!("--jing: {e}"))?;
        // The message names the `jing` option: `--` before it, as the other options.
        let kinds = parse_jing(&j, rules).map_err(|e| format!("--{e}"))?;
        indicator = hupai::Tile::parse(&j).ok();
        set = hupai::TileSet(set.0 | kinds.0);
    }
    Ok((set, indicator))
}

/// A hand and its context, as the human subcommands take it.
#[derive(Args)]
pub struct HandArgs {
    /// Concealed tiles: MPSZ such as 123m456p789s11222z (0 = red five; 1z-7z = 東南西北白發中),
    /// upper case and spaces taken, over several arguments (34568m 5678p 23567s), as Unicode
    /// tiles (🀇🀈🀉) or names (五万 3筒 7条 東).
    #[arg(required = true, num_args = 1..)]
    hand: Vec<String>,
    /// Rule preset: riichi, chinese, nanchang, sichuan, hongzhong, changsha or guobiao.
    #[arg(long, default_value = "chinese")]
    rules: String,
    /// Override a switch of the preset, NAME=VALUE (repeatable): plain_win=false (big wins
    /// only), patterns=all_pungs,one_suit,one_suit_honors,all_258,all_honors,four_wild,
    /// four_wild_win=true (四红中), pair_258, lack_suit, seven_pairs=off|distinct|four_as_two, …
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    switches: Vec<String>,
    /// Wild kinds, comma separated (e.g. 5m,6m). Under nanchang, name the indicator with
    /// --jing instead.
    #[arg(long, value_delimiter = ',', conflicts_with = "jing")]
    wild: Vec<String>,
    /// Nanchang's indicator tile (精, with --rules nanchang): it (正精) and the next kind in
    /// the cycle (副精) are wild.
    #[arg(long)]
    jing: Option<String>,
    /// Declared melds, comma separated (e.g. 123m,555z,1111p).
    #[arg(long, value_delimiter = ',')]
    melds: Vec<String>,
    /// Other visible tiles (discards) in MPSZ, for remaining counts.
    #[arg(long, default_value = "")]
    seen: String,
    /// Print JSON instead of text (the `hupai batch` answer).
    #[arg(long)]
    json: bool,
    /// Language of the labels: en, zh (向听 听牌 进张 改良) or ja (向聴 聴牌 受け入れ 改良).
    #[arg(long, value_enum, default_value = "en")]
    pub lang: words::Lang,
    /// Use the table set in this directory instead of the compiled-in tables.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// analyse: add each discard's chance to reach tenpai and to win within K draws (default
    /// 17, capped at the tiles left), with the best play for each horizon, and mark the best
    /// discard (docs/ODDS.md).
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "17")]
    odds: Option<u32>,
    /// analyse --odds: the wall model, unseen (the default) or simulator (mahjong-cpp's
    /// 何切るシミュレーター: discards return to the wall).
    #[arg(
        long,
        value_name = "MODEL",
        default_value = "unseen",
        requires = "odds"
    )]
    odds_model: String,
    /// analyse --odds: no backward discards (向聴戻し).
    #[arg(long, requires = "odds")]
    no_backward: bool,
    /// analyse --odds: no sideways draws (手変わり).
    #[arg(long, requires = "odds")]
    no_sideways: bool,
    /// analyse --odds: the riichi player's model — a closed hand declares riichi on reaching
    /// tenpai and keeps its wait from then on.
    #[arg(long, requires = "odds")]
    odds_riichi: bool,
    /// analyse --odds: add each discard's expected points of a win within K draws (riichi
    /// scoring: every win a tsumo, the play that maximises the points). --melds then take
    /// calls: `ankan 1111m` is a closed kan.
    #[arg(long, requires = "odds")]
    expected: bool,
    /// analyse --expected: the seat wind (1z..4z or east..north).
    #[arg(long, default_value = "south")]
    seat: String,
    /// analyse --expected: the round wind.
    #[arg(long, default_value = "east")]
    round: String,
    /// analyse --expected: dora indicators in MPSZ.
    #[arg(long, default_value = "")]
    dora: String,
    /// analyse --expected: declare riichi on tenpai (a closed hand's wins count it).
    #[arg(long)]
    riichi: bool,
}

/// A parsed hand with its rules and seen tiles.
pub struct Input {
    /// The hand.
    pub hand: Hand,
    /// The rules.
    pub rules: Rules,
    /// Other visible tiles.
    pub seen: Counts,
    /// JSON output wanted.
    pub json: bool,
    /// The language of the labels.
    pub lang: words::Lang,
    /// The Nanchang indicator, if given.
    pub jing: Option<hupai::Tile>,
    /// The preset the rules start from.
    pub preset: String,
    /// The declared melds as given.
    pub melds: Vec<String>,
    /// The odds asked for (`--odds`).
    pub odds: Option<hupai::OddsOptions>,
    /// The expected score's situation (`--expected`).
    pub odds_score: Option<hupai::OddsScore>,
}

impl HandArgs {
    /// Parses and checks the arguments into an [`Input`], or a message for the user.
    pub fn input(&self) -> Result<Input, String> {
        let rules = rules_of(&self.rules, &self.switches)?;
        let (wild, jing) = wild_of(&self.wild, self.jing.as_deref(), &rules)?;
        let one = |text: &str| notation::to_mpsz(&[text.to_string()]);
        let melds = self
            .melds
            .iter()
            .map(|m| {
                if self.expected {
                    // Calls: how each was made matters to the points.
                    return hupai::Call::parse(m)
                        .map(|c| c.meld())
                        .map_err(|e| format!("--melds: {e}"));
                }
                one(m)
                    .map_err(|e| format!("--melds: {e}"))
                    .and_then(|m| Meld::parse(&m, &rules).map_err(|e| e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let text = notation::to_mpsz(&self.hand)?;
        let odds_score = if self.expected {
            let situation = serde_json::json!({
                "seat": self.seat, "round": self.round, "dora": self.dora, "riichi": self.riichi,
            });
            let calls: Vec<&str> = self.melds.iter().map(String::as_str).collect();
            Some(
                parse_odds_score(&situation, &text, &calls, rules.scoring)
                    .map_err(|e| format!("--expected: {e}"))?,
            )
        } else {
            None
        };
        let counts = parse_counts(&text).map_err(|e| match e {
            // Text the notation module let through but the parser refuses: say the notation.
            hupai::HandError::Tile(_) => format!("{e}\n{}", notation::NOTATION),
            e => e.to_string(),
        })?;
        let hand = Hand::under(counts, &melds, wild, &rules).map_err(|e| e.to_string())?;
        let seen = one(&self.seen).map_err(|e| format!("--seen: {e}"))?;
        let seen = parse_seen(&hand, &seen)?;
        let odds = match self.odds {
            None => None,
            Some(k) => {
                if k == 0 {
                    return Err("--odds: the odds need at least 1 draw".into());
                }
                let model = hupai::WallModel::named(&self.odds_model).ok_or_else(|| {
                    format!(
                        "--odds-model: '{}' is not unseen or simulator",
                        self.odds_model
                    )
                })?;
                let mut o = hupai::OddsOptions {
                    draws: k,
                    model,
                    // One question at the terminal: every core on a large graph.
                    threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                    ..hupai::OddsOptions::default()
                };
                o.backward = !self.no_backward;
                o.sideways = !self.no_sideways;
                o.riichi = self.odds_riichi;
                Some(o)
            }
        };
        Ok(Input {
            hand,
            rules,
            seen,
            json: self.json,
            lang: self.lang,
            jing,
            preset: self.rules.clone(),
            melds: self.melds.clone(),
            odds,
            odds_score,
        })
    }
}

impl Input {
    /// The `hupai batch` request of this input (what `--json` answers).
    pub fn request(&self, decompositions: bool) -> hupai::protocol::Request {
        hupai::protocol::Request {
            hand: self.hand,
            rules: self.rules,
            seen: self.seen,
            id: None,
            decompositions,
            forms: false,
            improvements: false,
            opening: false,
            odds: self.odds,
            odds_score: self.odds_score.clone(),
            score: None,
        }
    }

    /// The header of the text answers: the rules, the wild kinds (正精 / 副精 under a
    /// Nanchang indicator) and the declared melds, so that a reader sees what was evaluated.
    pub fn header(&self) -> String {
        let w = self.lang.words();
        let wild = self.hand.wild();
        let kinds: Vec<String> = match self.jing {
            Some(j) => wild
                .iter()
                .map(|t| {
                    let role = if t == j { w.main_jing } else { w.side_jing };
                    format!("{t} ({role})")
                })
                .collect(),
            None => wild.iter().map(|t| t.to_string()).collect(),
        };
        let kinds = if kinds.is_empty() {
            w.none.to_string()
        } else {
            kinds.join(" ")
        };
        let mut out = format!("{}: {} · {}: {kinds}", w.rules, self.preset, w.wild);
        if !self.melds.is_empty() {
            out += &format!(" · {}: {}", w.melds, self.melds.join(" "));
        }
        out
    }
}

/// A preset with `--switch NAME=VALUE` overrides.
pub(crate) fn rules_of(preset: &str, switches: &[String]) -> Result<Rules, String> {
    let mut rules = Rules::preset(preset).map_err(|e| e.to_string())?;
    for s in switches {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("--switch {s}: write NAME=VALUE, e.g. plain_win=false"))?;
        rules
            .set(name.trim(), Switch::Text(value.trim()))
            .map_err(|e| format!("--switch {s}: {e}"))?;
    }
    Ok(rules)
}

/// The compiled-in tables, or the set in `dir` (kept for the life of the process).
pub(crate) fn load_tables(dir: &Option<PathBuf>) -> Result<&'static Tables, String> {
    match dir {
        None => Ok(Tables::compiled()),
        Some(d) => Tables::load(d)
            .map(|t| &*Box::leak(Box::new(t)))
            .map_err(|e| e.to_string()),
    }
}

/// A subcommand that answers into a `String`.
pub(crate) type Runner = fn(&Input, Engine<'_>, &mut String) -> i32;

/// Runs a human subcommand on its hand.
pub(crate) fn with_engine(args: &HandArgs, run: Runner, out: &mut String) -> Result<i32, String> {
    let input = args.input()?;
    let tables = load_tables(&args.tables)?;
    let engine = Engine::with_tables(tables, input.rules).map_err(|e| e.to_string())?;
    Ok(run(&input, engine, out))
}
