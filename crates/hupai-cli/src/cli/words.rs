//! The words of `check` and `analyse` in English, Chinese and Japanese (`--lang`): 向听 / 听牌 /
//! 进张 / 改良 and 向聴 / 聴牌 / 受け入れ / 改良.

use clap::ValueEnum;
use hupai::{Form, Pattern, SetKind, Tile};

/// The language of the labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// English.
    En,
    /// 中文.
    Zh,
    /// 日本語.
    Ja,
}

/// The labels of one language.
pub struct Words {
    pub rules: &'static str,
    pub wild: &'static str,
    pub melds: &'static str,
    pub main_jing: &'static str,
    pub side_jing: &'static str,
    pub none: &'static str,
    pub tiles: &'static str,
    pub wildcards: &'static str,
    pub win: &'static str,
    pub not_win: &'static str,
    pub tenpai: &'static str,
    pub not_tenpai: &'static str,
    pub complete: &'static str,
    shanten_suffix: &'static str,
    pub waits: &'static str,
    pub waits_on: &'static str,
    pub advance: &'static str,
    pub remaining: &'static str,
    pub improvements: &'static str,
    /// The discard table's columns: the discard, the shanten it leaves, the tiles that
    /// advance the hand.
    pub discard_head: [&'static str; 3],
    pub per_form: &'static str,
    /// The odds columns' heading: within {k} draws, tenpai and win.
    pub odds_head: &'static str,
    /// A 13-tile hand's odds: {k} draws, {t} tenpai %, {w} win %.
    pub odds_line: &'static str,
    /// With --expected: what the third column is.
    pub expected_note: &'static str,
    /// With --expected: the third column's heading.
    pub expected_head: &'static str,
    /// Odds asked past the wall: {asked} draws asked, {k} answered.
    pub odds_capped: &'static str,
    /// Odds asked past a player's draws in one hand (18 in riichi: 70 live tiles, four
    /// players): {k} draws.
    pub odds_long: &'static str,
    /// A 13-tile hand's expected points.
    pub expected_line: &'static str,
    pub best: &'static str,
    pub not_played: &'static str,
    pub never: &'static str,
    pub declared: &'static str,
    decompositions: [&'static str; 2],
    stands: [&'static str; 2],
    sets: [&'static str; 5],
    /// The forms in `Form::code` order: the standard form, the seven special forms.
    forms: [&'static str; 8],
    /// The win patterns in `Pattern::ALL` order.
    patterns: [&'static str; 6],
    /// "win" before the winning tile in a score's header.
    pub win_tile: &'static str,
}

const EN: Words = Words {
    rules: "rules",
    wild: "wild",
    melds: "melds",
    main_jing: "正精",
    side_jing: "副精",
    none: "none",
    tiles: "tiles",
    wildcards: "wildcard(s)",
    win: "WIN",
    not_win: "not a win",
    tenpai: "tenpai",
    not_tenpai: "not tenpai",
    complete: "complete (win)",
    shanten_suffix: "-shanten",
    waits: "waits",
    waits_on: "waits on",
    advance: "tiles that advance the hand",
    remaining: "remaining",
    improvements: "improvements (draw -> best ukeire after a discard)",
    discard_head: ["discard", "shanten", "tiles that advance the hand (remaining)"],
    per_form: "shanten per form",
    odds_head: "                       tenpai%   win%{e}   (within {k} draws, best play)",
    odds_line: "within {k} draws (best play): tenpai {t}%, win {w}%",
    expected_note: "(the third column: the expected points of a win within those draws, riichi scoring, its own best play)",
    expected_line: "expected points of a win within those draws (riichi scoring)",
    expected_head: "points",
    odds_capped: "({asked} draws asked; the wall holds {k}: the odds are within {k})",
    odds_long: "(note: {k} draws is more than a player draws in one hand, about 18)",
    best: "the best discard",
    not_played: "a detour the options do not play",
    never: "never",
    declared: "(declared)",
    decompositions: ["(", " decompositions in all; --json lists them)"],
    stands: ["wildcard ", " stands for "],
    sets: ["run", "three of a kind", "four of a kind", "pair", "single"],
    forms: ["", "", "", "", "", "", "", ""],
    patterns: ["", "", "", "", "", ""],
    win_tile: "win",
};

const ZH: Words = Words {
    rules: "规则",
    wild: "赖子",
    melds: "副露",
    main_jing: "正精",
    side_jing: "副精",
    none: "无",
    tiles: "张",
    wildcards: "赖子",
    win: "胡牌",
    not_win: "未胡",
    tenpai: "听牌",
    not_tenpai: "未听牌",
    complete: "胡牌",
    shanten_suffix: "向听",
    waits: "听",
    waits_on: "听",
    advance: "进张",
    remaining: "剩余",
    improvements: "改良（摸入 -> 打出后最多进张）",
    discard_head: ["打出", "向听", "进张（剩余）"],
    per_form: "各牌型向听",
    odds_head: "                       听牌%    和牌%{e}   （{k} 摸之内，最优打法）",
    odds_line: "{k} 摸之内（最优打法）：听牌 {t}%，和牌 {w}%",
    expected_note: "（第三列：这些摸牌之内和牌的期望得点，立直麻将计分，按其最优打法）",
    expected_line: "这些摸牌之内和牌的期望得点（立直麻将计分）",
    expected_head: "期望得点",
    odds_capped: "（要求 {asked} 摸；牌山只剩 {k} 张：按 {k} 摸计算）",
    odds_long: "（注意：{k} 摸多于一局中一家能摸的牌数，约 18 张）",
    best: "最佳打法",
    not_played: "选项不走的回头路",
    never: "不可能",
    declared: "（副露）",
    decompositions: ["（共 ", " 种拆法；--json 全部列出）"],
    stands: ["赖子 ", " 当作 "],
    sets: ["顺子", "刻子", "杠", "将", "单张"],
    forms: [
        "四组一将",
        "七对",
        "十三幺",
        "十三烂",
        "七星十三烂",
        "全不靠",
        "七星不靠",
        "组合龙",
    ],
    patterns: ["碰碰胡", "清一色", "混一色", "将将胡", "全风向", "四红中"],
    win_tile: "和",
};

const JA: Words = Words {
    rules: "ルール",
    wild: "ワイルド",
    melds: "副露",
    main_jing: "正精",
    side_jing: "副精",
    none: "なし",
    tiles: "枚",
    wildcards: "ワイルド",
    win: "和了",
    not_win: "和了ではない",
    tenpai: "聴牌",
    not_tenpai: "ノーテン",
    complete: "和了",
    shanten_suffix: "向聴",
    waits: "待ち",
    waits_on: "待ち",
    advance: "受け入れ",
    remaining: "残り",
    improvements: "改良（ツモ -> 打牌後の最大受け入れ）",
    discard_head: ["打牌", "向聴", "受け入れ（残り）"],
    per_form: "形ごとの向聴",
    odds_head: "                       聴牌%    和了%{e}   （{k} ツモ以内、最善手順）",
    odds_line: "{k} ツモ以内（最善手順）：聴牌 {t}%、和了 {w}%",
    expected_note:
        "（三列目：その巡目までの和了の期待打点、リーチ麻雀の点数、期待値を最大にする打ち方）",
    expected_line: "その巡目までの和了の期待打点（リーチ麻雀の点数）",
    expected_head: "期待打点",
    odds_capped: "（{asked} ツモ指定；山は残り {k} 枚：{k} ツモ以内で計算）",
    odds_long: "（注意：{k} ツモは一局で一人がツモる回数（約 18 回）を超えています）",
    best: "最善の打牌",
    not_played: "オプションで打たない戻し",
    never: "不可能",
    declared: "（副露）",
    decompositions: ["（全 ", " 通り；--json で一覧）"],
    stands: ["ワイルド ", " は "],
    sets: ["順子", "刻子", "槓子", "雀頭", "単騎"],
    forms: [
        "4面子1雀頭",
        "七対子",
        "国士無双",
        "十三爛",
        "七星十三爛",
        "全不靠",
        "七星不靠",
        "組合竜",
    ],
    patterns: ["対々和", "清一色", "混一色", "将将胡", "全風向", "四紅中"],
    win_tile: "和了牌",
};

impl Lang {
    /// The labels.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
            Lang::Ja => &JA,
        }
    }
}

impl Words {
    /// Shanten in words: complete, tenpai, or n-shanten (n向听, n向聴).
    pub fn shanten(&self, s: i8) -> String {
        match s {
            -1 => self.complete.to_string(),
            0 => self.tenpai.to_string(),
            n => format!("{n}{}", self.shanten_suffix),
        }
    }

    /// A set's kind.
    pub fn set(&self, kind: SetKind) -> &'static str {
        match kind {
            SetKind::Chow => self.sets[0],
            SetKind::Pung => self.sets[1],
            SetKind::Kong => self.sets[2],
            SetKind::Pair => self.sets[3],
            SetKind::Single => self.sets[4],
        }
    }

    /// What a wildcard stands for, in MPSZ in every language (`9s stands for 1m`).
    pub fn stands_for(&self, wild: Tile, tile: Tile) -> String {
        format!("{}{wild}{}{tile}", self.stands[0], self.stands[1])
    }

    /// A form's name (English: the engine's own, `Form::name`).
    pub fn form(&self, form: Form) -> &'static str {
        let own = match form {
            Form::Pattern(p) => {
                self.patterns[Pattern::ALL.iter().position(|&q| q == p).unwrap_or(0)]
            }
            f => self.forms[f.code() as usize],
        };
        if own.is_empty() {
            form.name()
        } else {
            own
        }
    }

    /// "(N decompositions in all…)".
    pub fn decompositions(&self, n: usize) -> String {
        format!("{}{n}{}", self.decompositions[0], self.decompositions[1])
    }
}
