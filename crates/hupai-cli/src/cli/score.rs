//! `hupai score`: what a win is worth — the yaku with their han, the fu and their parts, the
//! limit and the payments — in words a player reads (`--lang`), or the batch answer's
//! `"score"` object (`--json`). The flags become the request's `"score"` object, read by the
//! protocol's one reader.

use super::input::rules_of;
use super::notation::to_mpsz;
use super::output::pad;
use super::words::Lang;
use clap::Args;
use hupai::protocol::{parse_score, score_json};
use hupai::{
    Engine, FanRow, Limit, McrScore, Payment, RiichiScore, RoomScore, Score, ScoreError, Win,
    WinningHand,
};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;

/// A winning hand and the moment it won.
#[derive(Args)]
pub struct ScoreArgs {
    /// The concealed tiles, the winning tile among them: MPSZ (0m 0p 0s are red fives), over
    /// one or several arguments, as `check` and `analyse` take them.
    #[arg(required = true, num_args = 1..)]
    hand: Vec<String>,
    /// The winning tile (one of the concealed tiles).
    #[arg(long)]
    win: String,
    /// Wild kinds beyond the rules' own, comma separated (红中麻将's 7z is wild already).
    #[arg(long, value_delimiter = ',', conflicts_with = "jing")]
    wild: Vec<String>,
    /// Nanchang's indicator tile (精): it (正精) and the next kind (副精) are wild.
    #[arg(long)]
    jing: Option<String>,
    /// A call (repeatable): `chi 123m`, `pon 777z`, `kan 5555p` (open), `ankan 1111m`
    /// (closed); the tiles alone (123m, 777z, 5555p) are a chi, a pon or an open kan.
    #[arg(long = "call", value_name = "CALL")]
    calls: Vec<String>,
    /// Won by the hand's own draw (ツモ); otherwise by a discard (ロン).
    #[arg(long, conflicts_with = "ron")]
    tsumo: bool,
    /// Won by a discard (ロン): the default, said explicitly.
    #[arg(long)]
    ron: bool,
    /// The seat wind: 1z..4z or east, south, west, north (east is the dealer).
    #[arg(long, default_value = "south")]
    seat: String,
    /// The round wind.
    #[arg(long, default_value = "east")]
    round: String,
    /// Riichi was declared.
    #[arg(long)]
    riichi: bool,
    /// Double riichi (first turn).
    #[arg(long)]
    double_riichi: bool,
    /// Ippatsu: within a go-around of the riichi.
    #[arg(long)]
    ippatsu: bool,
    /// Haitei: tsumo on the last tile.
    #[arg(long)]
    haitei: bool,
    /// Houtei: ron on the last discard.
    #[arg(long)]
    houtei: bool,
    /// Rinshan kaihou: tsumo on a kan's replacement tile.
    #[arg(long)]
    rinshan: bool,
    /// Chankan: ron on a tile added to a kan.
    #[arg(long)]
    chankan: bool,
    /// Tenhou: the dealer's first draw.
    #[arg(long)]
    tenhou: bool,
    /// Chiihou: a non-dealer's first draw.
    #[arg(long)]
    chiihou: bool,
    /// Renhou: a non-dealer's ron before the first draw.
    #[arg(long)]
    renhou: bool,
    /// Dora indicators in MPSZ (e.g. 1p5z; a tile twice for two indicators).
    #[arg(long, default_value = "")]
    dora: String,
    /// Ura-dora indicators (counted with riichi).
    #[arg(long, default_value = "")]
    ura: String,
    /// Honba sticks (300 points each).
    #[arg(long, default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table (1000 points each, to the winner).
    #[arg(long, default_value_t = 0)]
    sticks: u32,
    /// No tanyao in an open hand (喰いタンなし).
    #[arg(long)]
    no_open_tanyao: bool,
    /// Red fives are not dora.
    #[arg(long)]
    no_red_fives: bool,
    /// 4 han 30 fu and 3 han 60 fu are mangan (切り上げ満貫).
    #[arg(long)]
    kiriage: bool,
    /// 13 han or more without a yakuman: yakuman, sanbaiman or unlimited (26 a double…).
    #[arg(long, default_value = "yakuman")]
    kazoe: String,
    /// The four double yakuman count single.
    #[arg(long)]
    single_yakuman: bool,
    /// Renhou is a yakuman (otherwise 5 han).
    #[arg(long)]
    renhou_yakuman: bool,
    /// Guobiao (MCR): flower tiles, a point each (0-8).
    #[arg(long, default_value_t = 0)]
    flowers: u8,
    /// Guobiao (MCR): won on the last copy of the winning tile (和绝张).
    #[arg(long)]
    last_copy: bool,
    /// Sichuan: ron on the tile a player discarded right after their own kong (杠上炮).
    #[arg(long)]
    kong_discard: bool,
    /// Regional rooms: the stake (底分) a payment multiplies (default 1).
    #[arg(long)]
    stake: Option<u32>,
    /// Regional rooms: the players who pay a self-drawn win, those still in the hand (1-3,
    /// default 3).
    #[arg(long)]
    payers: Option<u8>,
    /// Regional rooms: the most fans paid (封顶), e.g. 3, 4, 5 or 6 (default 0: no cap).
    #[arg(long)]
    cap: Option<u8>,
    /// Hongzhong and Changsha: the birds (抓码, 扎鸟) that hit the win, each paying it once
    /// more (default 0).
    #[arg(long)]
    birds: Option<u8>,
    /// Sichuan: what a self-draw adds: fan (自摸加番, the default), stake (自摸加底) or none
    /// (自摸不加倍).
    #[arg(long)]
    self_draw: Option<String>,
    /// Sichuan: how 天胡 / 地胡 count: add (their fans added, the default) or largest (a basic
    /// hand: the pattern or they, whichever pays more).
    #[arg(long)]
    heavenly: Option<String>,
    /// Hongzhong: whether a win holding no 红中 doubles (无红中加倍): true (the default) or
    /// false.
    #[arg(long)]
    no_red_double: Option<bool>,
    /// Nanchang: the fans of 大七对 (all pungs): 1 (×2, the default) or 2 (×4).
    #[arg(long)]
    all_pungs_fans: Option<u8>,
    /// Nanchang: the fans of 杠上开花: 1 (×2, the default) or 2 (×4).
    #[arg(long)]
    kong_bloom_fans: Option<u8>,
    /// Rule preset: riichi (yaku, fu, points), guobiao (MCR fans), sichuan (血战到底) or
    /// hongzhong (红中麻将: fans, payments, what each 红中 stood for), changsha (长沙麻将: the
    /// small win or the big wins) or nanchang (南昌麻将, with --jing); the others score nothing.
    #[arg(long, default_value = "riichi")]
    rules: String,
    /// Override a switch of the preset, NAME=VALUE (repeatable).
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    switches: Vec<String>,
    /// Print the batch answer's "score" object as JSON.
    #[arg(long)]
    json: bool,
    /// Language of the names: en (romaji), zh or ja.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Lang,
}

impl ScoreArgs {
    /// The request's `"score"` object of these flags.
    fn score_object(&self) -> Value {
        let mut m = Map::new();
        m.insert("win".into(), json!(self.win));
        let flags = [
            ("tsumo", self.tsumo),
            ("riichi", self.riichi),
            ("double_riichi", self.double_riichi),
            ("ippatsu", self.ippatsu),
            ("haitei", self.haitei),
            ("houtei", self.houtei),
            ("rinshan", self.rinshan),
            ("chankan", self.chankan),
            ("tenhou", self.tenhou),
            ("chiihou", self.chiihou),
            ("renhou", self.renhou),
            ("open_tanyao", !self.no_open_tanyao),
            ("red_fives", !self.no_red_fives),
            ("kiriage", self.kiriage),
            ("double_yakuman", !self.single_yakuman),
            ("renhou_yakuman", self.renhou_yakuman),
        ];
        for (k, v) in flags {
            m.insert(k.into(), json!(v));
        }
        for (k, v) in [
            ("seat", &self.seat),
            ("round", &self.round),
            ("dora", &self.dora),
            ("ura_dora", &self.ura),
            ("kazoe", &self.kazoe),
        ] {
            m.insert(k.into(), json!(v));
        }
        m.insert("honba".into(), json!(self.honba));
        m.insert("riichi_sticks".into(), json!(self.sticks));
        m.insert("flowers".into(), json!(self.flowers));
        m.insert("last_copy".into(), json!(self.last_copy));
        m.insert("kong_discard".into(), json!(self.kong_discard));
        // The regional rooms' numbers, when given (the reader checks their ranges).
        for (k, v) in [
            ("stake", self.stake.map(|n| json!(n))),
            ("payers", self.payers.map(|n| json!(n))),
            ("cap", self.cap.map(|n| json!(n))),
            ("birds", self.birds.map(|n| json!(n))),
            ("self_draw", self.self_draw.as_ref().map(|s| json!(s))),
            ("heavenly", self.heavenly.as_ref().map(|s| json!(s))),
            ("no_red_double", self.no_red_double.map(|b| json!(b))),
            ("all_pungs_fans", self.all_pungs_fans.map(|n| json!(n))),
            ("kong_bloom_fans", self.kong_bloom_fans.map(|n| json!(n))),
        ] {
            if let Some(v) = v {
                m.insert(k.into(), v);
            }
        }
        Value::Object(m)
    }
}

/// Scores the win into `out`: exit 0 with a score, 1 for a win without a yaku or a hand that
/// does not win, 2 for input that cannot be read.
pub fn run(args: &ScoreArgs, out: &mut String) -> Result<i32, String> {
    let rules = rules_of(&args.rules, &args.switches)?;
    let tiles = to_mpsz(&args.hand)?;
    let calls: Vec<&str> = args.calls.iter().map(String::as_str).collect();
    let (hand, win) =
        parse_score(&args.score_object(), &tiles, &calls, rules.scoring).map_err(|e| e.message)?;
    let (wild, _) = super::input::wild_of(&args.wild, args.jing.as_deref(), &rules)?;
    let hand = hand.with_wild(wild);
    let result = Engine::new(rules).score(&hand, &win);
    let code = match &result {
        // An MCR win below the 8-fan minimum may not be claimed, as a riichi win without a yaku.
        Ok(Score::Mcr(m)) if !m.meets_minimum => 1,
        Ok(_) => 0,
        Err(ScoreError::NoYaku | ScoreError::NotAWin) => 1,
        Err(e) => return Err(e.to_string()),
    };
    if args.json {
        let _ = writeln!(out, "{}", score_json(&result));
        return Ok(code);
    }
    let w = words(args.lang);
    let _ = writeln!(out, "{}", header(&hand, &win, w, args.lang));
    match result {
        Ok(Score::Riichi(s)) => describe(&s, &win, args.lang, out),
        Ok(Score::Mcr(s)) => describe_mcr(&s, args.lang, out),
        Ok(Score::Sichuan(s)) => describe_room(&s, args.lang, out),
        Ok(Score::Hongzhong(s)) => describe_room(&s, args.lang, out),
        Ok(Score::Changsha(s)) => describe_room(&s, args.lang, out),
        Ok(Score::Nanchang(s)) => describe_room(&s, args.lang, out),
        Ok(_) => return Err("these rules' scores have no table yet".into()),
        Err(ScoreError::NoYaku) => {
            let _ = writeln!(out, "  {}", w.no_yaku);
        }
        Err(_) => {
            // How far the tiles are from a win: the hand with its calls as declared melds.
            let engine = Engine::new(rules);
            let shanten = hand.as_hand(&rules).map(|h| engine.shanten(&h));
            match shanten {
                Ok(s) => {
                    let _ = writeln!(out, "  {} ({})", w.not_win, args.lang.words().shanten(s));
                }
                Err(_) => {
                    let _ = writeln!(out, "  {}", w.not_win);
                }
            }
        }
    }
    Ok(code)
}

/// The labels of one language.
struct ScoreWords {
    han: &'static str,
    fu: &'static str,
    ron: &'static str,
    tsumo: &'static str,
    winds: [&'static str; 4],
    seat: &'static str,
    round: &'static str,
    dealer_pays: &'static str,
    others_pay: &'static str,
    each_pays: &'static str,
    discarder_pays: &'static str,
    total: &'static str,
    base: &'static str,
    no_yaku: &'static str,
    not_win: &'static str,
    /// mangan … kazoe yakuman, yakuman.
    limits: [&'static str; 6],
    /// The fu parts' words, in the order of `FuPart::IDS`.
    parts: [&'static str; 13],
}

fn words(lang: Lang) -> &'static ScoreWords {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
        Lang::Ja => &JA,
    }
}

const EN: ScoreWords = ScoreWords {
    han: "han",
    fu: "fu",
    ron: "ron",
    tsumo: "tsumo",
    winds: ["east", "south", "west", "north"],
    seat: "seat",
    round: "round",
    dealer_pays: "the dealer pays",
    others_pay: "each other player pays",
    each_pays: "each player pays",
    discarder_pays: "the discarder pays",
    total: "total",
    base: "base points",
    no_yaku: "no yaku: the hand wins, but may not be claimed",
    not_win: "not a winning hand",
    limits: [
        "mangan",
        "haneman",
        "baiman",
        "sanbaiman",
        "kazoe yakuman",
        "yakuman",
    ],
    parts: [
        "base",
        "closed ron",
        "seven pairs",
        "closed wait",
        "edge wait",
        "pair wait",
        "valued pair",
        "open pung",
        "closed pung",
        "open kong",
        "closed kong",
        "tsumo",
        "open pinfu",
    ],
};

const ZH: ScoreWords = ScoreWords {
    han: "番",
    fu: "符",
    ron: "荣和",
    tsumo: "自摸",
    winds: ["东", "南", "西", "北"],
    seat: "自风",
    round: "场风",
    dealer_pays: "庄家付",
    others_pay: "闲家各付",
    each_pays: "各家付",
    discarder_pays: "放铳者付",
    total: "合计",
    base: "基本点",
    no_yaku: "无役：和了形但不能和牌",
    not_win: "不是和了形",
    limits: ["满贯", "跳满", "倍满", "三倍满", "累计役满", "役满"],
    parts: [
        "底符",
        "门前荣和",
        "七对子",
        "嵌张",
        "边张",
        "单骑",
        "役牌雀头",
        "明刻",
        "暗刻",
        "明杠",
        "暗杠",
        "自摸",
        "副露平和形",
    ],
};

const JA: ScoreWords = ScoreWords {
    han: "翻",
    fu: "符",
    ron: "ロン",
    tsumo: "ツモ",
    winds: ["東", "南", "西", "北"],
    seat: "自風",
    round: "場風",
    dealer_pays: "親の支払い",
    others_pay: "子の支払い（各）",
    each_pays: "各自の支払い",
    discarder_pays: "放銃者の支払い",
    total: "合計",
    base: "基本点",
    no_yaku: "役なし：和了形だが和了できない",
    not_win: "和了形ではない",
    limits: ["満貫", "跳満", "倍満", "三倍満", "数え役満", "役満"],
    parts: [
        "副底",
        "門前加符",
        "七対子",
        "嵌張",
        "辺張",
        "単騎",
        "役牌の雀頭",
        "明刻",
        "暗刻",
        "明槓",
        "暗槓",
        "ツモ",
        "喰い平和",
    ],
};

fn header(hand: &WinningHand, win: &Win, w: &ScoreWords, lang: Lang) -> String {
    let wind = |t: hupai::Tile| w.winds[t.index() - 27];
    // The hand as it was written, its winning tile named in the language.
    let text = hand.to_string();
    let tiles = text.rsplit_once(", win ").map_or(text.as_str(), |(t, _)| t);
    format!(
        "{tiles}, {} {} · {} · {} {} · {} {}",
        lang.words().win_tile,
        hand.win_tile(),
        if win.tsumo { w.tsumo } else { w.ron },
        w.seat,
        wind(win.seat_wind),
        w.round,
        wind(win.round_wind)
    )
}

fn yaku_name(y: hupai::Yaku, lang: Lang) -> &'static str {
    match lang {
        Lang::En => y.english(),
        Lang::Zh => y.chinese(),
        Lang::Ja => y.japanese(),
    }
}

/// The table of a score: a line per yaku, the han and fu with the parts, the limit, the
/// payments.
fn describe(s: &RiichiScore, win: &Win, lang: Lang, out: &mut String) {
    let w = words(lang);
    for (y, han) in &s.yaku {
        let name = yaku_name(*y, lang);
        let _ = writeln!(out, "  {}{han:>3} {}", pad(name, 30), w.han);
    }
    let limit = match s.limit {
        Limit::None => String::new(),
        Limit::Mangan => w.limits[0].to_string(),
        Limit::Haneman => w.limits[1].to_string(),
        Limit::Baiman => w.limits[2].to_string(),
        Limit::Sanbaiman => w.limits[3].to_string(),
        Limit::Kazoe(1) => w.limits[4].to_string(),
        Limit::Kazoe(m) => format!("{} ×{m}", w.limits[4]),
        Limit::Yakuman(1) => w.limits[5].to_string(),
        Limit::Yakuman(m) => format!("{} ×{m}", w.limits[5]),
    };
    // A yakuman's fu are never read.
    let fu = if s.yakuman > 0 {
        String::new()
    } else {
        format!("  {} {}", s.fu, w.fu)
    };
    let limit = if limit.is_empty() {
        limit
    } else {
        format!("  {limit}")
    };
    let _ = writeln!(
        out,
        "  {} {}{fu}  ({} {}){limit}",
        s.han, w.han, w.base, s.base
    );
    if !s.fu_parts.is_empty() && s.yakuman == 0 {
        let parts: Vec<String> = s
            .fu_parts
            .iter()
            .map(|(p, fu)| {
                let i = p.code();
                match p.tile() {
                    Some(t) => format!("{} {t} {fu}", w.parts[i]),
                    None => format!("{} {fu}", w.parts[i]),
                }
            })
            .collect();
        let _ = writeln!(out, "  {}: {}", w.fu, parts.join(" + "));
    }
    let pay = match s.payment {
        Payment::Ron { discarder } => format!("{} {discarder}", w.discarder_pays),
        Payment::Tsumo {
            dealer: 0,
            non_dealer,
        } => format!("{} {non_dealer}", w.each_pays),
        Payment::Tsumo { dealer, non_dealer } => {
            format!("{} {dealer}, {} {non_dealer}", w.dealer_pays, w.others_pay)
        }
    };
    let sticks = if win.riichi_sticks > 0 {
        format!(" (+{})", 1000 * win.riichi_sticks)
    } else {
        String::new()
    };
    let _ = writeln!(out, "  {pay} — {} {}{sticks}", w.total, s.total);
}

/// The table of an MCR score: a line per fan (its points, and its count when more than one),
/// the total, and whether the 8-fan minimum is reached.
fn describe_mcr(s: &McrScore, lang: Lang, out: &mut String) {
    let (total, minimum, below) = match lang {
        Lang::En => (
            "total",
            "reaches the 8-fan minimum",
            "below the 8-fan minimum: not a legal win",
        ),
        Lang::Zh => ("合计", "达到八番起和", "不足八番：不能和牌"),
        Lang::Ja => ("合計", "八番縛りを満たす", "八番に足りない：和了できない"),
    };
    for &(f, n) in &s.fans {
        let name = [f.english(), f.chinese(), f.japanese()];
        fan_line(name, f.points(), n, lang, out);
    }
    let verdict = if s.meets_minimum { minimum } else { below };
    let _ = writeln!(out, "  {total} {} — {verdict}", s.total);
}

/// The table of a regional room's score: a line per fan (its fans, and its count when more
/// than one), what the wildcards stood for, the fans paid (and before the cap, when it cut
/// them), and the payment.
fn describe_room<F: FanRow>(s: &RoomScore<F>, lang: Lang, out: &mut String) {
    for &(f, n) in &s.fans {
        let name = [f.english(), f.chinese(), f.japanese()];
        fan_line(name, f.value(), n, lang, out);
    }
    if !s.wildcards.is_empty() {
        let (label, arrow) = match lang {
            Lang::En => ("wildcards", " as "),
            Lang::Zh => ("赖子", "当"),
            Lang::Ja => ("ワイルド", "→"),
        };
        let roles: Vec<String> = s
            .wildcards
            .iter()
            .map(|(w, t)| format!("{w}{arrow}{t}"))
            .collect();
        let _ = writeln!(out, "  {label}: {}", roles.join(", "));
    }
    let (fan, capped, each, discarder, total) = match lang {
        Lang::En => (
            "fans",
            "before the cap",
            "players each pay",
            "the discarder pays",
            "total",
        ),
        Lang::Zh => ("番", "封顶前", "家各付", "放炮者付", "合计"),
        Lang::Ja => ("番", "上限前", "人が各自支払い", "放銃者の支払い", "合計"),
    };
    let cap = if s.uncapped > s.fan {
        format!(" ({capped} {})", s.uncapped)
    } else {
        String::new()
    };
    // English counts one fan, and fans.
    let fan = if lang == Lang::En && s.fan == 1 {
        "fan"
    } else {
        fan
    };
    let _ = writeln!(out, "  {} {fan}{cap}", s.fan);
    let pay = if s.payers > 1 || s.total != s.each {
        format!("{} {each} {}", s.payers, s.each)
    } else {
        format!("{discarder} {}", s.each)
    };
    let _ = writeln!(out, "  {pay} — {total} {}", s.total);
}

/// One fan's line of a table: its name in `lang` (of its English, Chinese and Japanese
/// names), its value, and its count when more than one.
fn fan_line(names: [&str; 3], value: u32, count: u32, lang: Lang, out: &mut String) {
    let name = match lang {
        Lang::En => names[0],
        Lang::Zh => names[1],
        Lang::Ja => names[2],
    };
    let count = if count > 1 {
        format!(" ×{count}")
    } else {
        String::new()
    };
    let _ = writeln!(out, "  {}{value:>3}{count}", pad(name, 34));
}
