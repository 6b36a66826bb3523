//! The command line's errors in the reader's language (`--lang zh|ja`): a catalog of every
//! message's English form (the engine's and the command line's, `{}` where a value goes, as
//! gettext keys messages by their English) beside its Chinese and Japanese. A message is read
//! line by line; a line no entry matches is tried again after each `: ` (a path or a flag
//! before the message); the values an entry takes are translated in turn (a reason inside
//! a message). What no entry knows stays as it is: a record's own words, the system's.

use super::notation::NOTATION;
use super::words::Lang;

/// English, Chinese, Japanese.
type Entry = (&'static str, &'static str, &'static str);

/// Every message the command line says, most specific first.
const CATALOG: &[Entry] = &[
    (NOTATION,
     "牌的写法：数字 1-9 后接 m（万子）、p（筒子）或 s（索子），1z-7z = 東 南 西 北 白 發 中；0 是红五。也可以写 🀇 🀙 🀐 … 以及 五万 3筒 7条 東 这样的名字",
     "牌の書き方：数字 1-9 の後に m（萬子）、p（筒子）、s（索子）、1z-7z = 東 南 西 北 白 發 中；0 は赤五。🀇 🀙 🀐 … や 五万 3筒 7条 東 のような名前も使えます"),
    ("unknown character '{}'", "无法识别的字符 '{}'", "読めない文字 '{}'"),
    ("'{}' has no number before it", "'{}' 前面没有数字", "'{}' の前に数字がありません"),
    ("'{}' needs no number before it", "'{}' 前面不需要数字", "'{}' の前に数字は要りません"),
    ("there is no {}z: honors are 1z-7z (東南西北白發中)",
     "没有 {}z：字牌是 1z-7z（東南西北白發中）", "{}z はありません：字牌は 1z-7z（東南西北白發中）"),
    ("'{}' at the end has no suit: write {}m, {}p or {}s",
     "末尾的 '{}' 没有花色：写成 {}m、{}p 或 {}s", "末尾の '{}' に種類がありません：{}m、{}p、{}s のように書きます"),
    ("bad tile string: '{}' ({})", "牌的写法有误：'{}'（{}）", "牌の表記が正しくありません：'{}'（{}）"),
    ("there is no tile {}", "没有 {} 这张牌", "{} という牌はありません"),
    ("digits at the end have no suit letter", "末尾的数字没有花色字母", "末尾の数字に種類の文字がありません"),
    ("expected exactly one tile", "应当正好一张牌", "牌はちょうど一枚です"),
    ("white space inside a tile string", "牌的写法中有空格", "牌の表記に空白があります"),
    ("more than 4 copies of {} in hand, melds and seen", "{} 在手牌、副露和已见的牌中超过 4 张", "{} が手牌・副露・見えている牌で 4 枚を超えています"),
    ("more than 4 copies of {} in hand and melds", "{} 在手牌和副露中超过 4 张", "{} が手牌と副露で 4 枚を超えています"),
    ("more than 4 copies of {} in hand", "手牌中 {} 超过 4 张", "手牌の {} が 4 枚を超えています"),
    ("wrong tile count: {} concealed + {} melds (concealed + 3 x melds must be 13 or 14)",
     "张数不对：手牌 {} 张 + 副露 {} 组（手牌 + 3 × 副露 应为 13 或 14）",
     "枚数が合いません：手牌 {} 枚 + 副露 {} 組（手牌 + 3 × 副露 は 13 か 14）"),
    ("bad meld '{}' ({})", "副露 '{}' 有误（{}）", "副露 '{}' が正しくありません（{}）"),
    ("not a tile string", "不是牌的写法", "牌の表記ではありません"),
    ("a meld is a run, three of a kind or four of a kind", "副露是顺子、刻子或杠子", "副露は順子・刻子・槓子です"),
    ("three different tiles that are not a run", "三张不同的牌却不是顺子", "順子でない異なる三枚です"),
    ("three or four of a kind hold one kind", "刻子和杠子只能是同一种牌", "刻子と槓子は同じ牌です"),
    ("{} is not in play under these rules", "此规则不使用 {}", "このルールでは {} を使いません"),
    ("no {} in hand to discard", "手中没有可打的 {}", "手牌に打てる {} がありません"),
    ("wild kind {} is not in play under these rules", "此规则不使用赖子 {}", "このルールでは {} を赖子にできません"),
    ("wild kinds {} are not in play under these rules", "此规则不使用赖子 {}", "このルールでは {} を赖子にできません"),
    ("{} are asked of a hand of {} tiles (with melds, three a meld); this one has {}",
     "{} 要求 {} 张的手牌（副露每组算三张）；这手牌有 {} 张",
     "{} は {} 枚の手牌に訊きます（副露は一組三枚）；この手牌は {} 枚です"),
    ("bad call {}", "鸣牌 {} 有误", "鳴き {} が正しくありません"),
    ("bad hand: {}", "手牌有误：{}", "手牌が正しくありません：{}"),
    ("bad option: {}", "选项有误：{}", "オプションが正しくありません：{}"),
    ("impossible win: {}", "不可能的和牌：{}", "ありえない和了：{}"),
    ("the hand is not a win", "这手牌没有和", "この手牌は和了っていません"),
    ("no yaku: the hand wins but may not be claimed", "无役：牌型已和但不能和牌", "役なし：形は和了でも和了れません"),
    ("these rules score no wins (their scoring is none; every preset but chinese scores)",
     "此规则不计分（除 chinese 外每个预设都计分）", "このルールは点数を数えません（chinese 以外のプリセットは数えます）"),
    ("{} concealed tiles with {} calls: a win holds {} (the winning tile among them)",
     "{} 张手牌加 {} 组鸣牌：和牌应有 {} 张（含和的那张）", "手牌 {} 枚と鳴き {} 組：和了形は {} 枚です（和了牌を含む）"),
    ("the winning tile {} is not among the concealed tiles", "和的那张 {} 不在手牌中", "和了牌 {} が手牌にありません"),
    ("{} must be one of 1z 2z 3z 4z (or east, south, west, north)",
     "{} 必须是 1z 2z 3z 4z 之一（或 east、south、west、north）", "{} は 1z 2z 3z 4z のどれかです（east、south、west、north でも可）"),
    ("{} red fives of {} in play (the hand {}, the indicators {}): a set has one red five of each suit ({})",
     "在场的 {1} 红五有 {0} 张（手牌 {2}，指示牌 {3}）：每种花色只有一张红五（{4}）",
     "{1} の赤五が {0} 枚あります（手牌 {2}、表示牌 {3}）：赤五は各色一枚です（{4}）"),
    ("{} red fives of {} ({}): a set has one red five of each suit",
     "{1} 的红五有 {0} 张（{2}）：每种花色只有一张红五", "{1} の赤五が {0} 枚（{2}）：赤五は各色一枚です"),
    ("{} red fives: a set has one red five of each suit (0m, 0p, 0s)",
     "红五 {} 张：每种花色只有一张红五（0m、0p、0s）", "赤五が {} 枚：赤五は各色一枚です（0m、0p、0s）"),
    ("{} copies of {} in play (the hand {}, the indicators {}): there are four",
     "在场的 {1} 有 {0} 张（手牌 {2}，指示牌 {3}）：每种牌只有四张", "{1} が {0} 枚あります（手牌 {2}、表示牌 {3}）：各牌は四枚です"),
    ("{} copies of {} (concealed and called): there are four",
     "{1} 有 {0} 张（手牌与鸣牌）：每种牌只有四张", "{1} が {0} 枚（手牌と鳴き）：各牌は四枚です"),
    ("{} calls: a hand has at most four", "鸣牌 {} 组：最多四组", "鳴き {} 組：多くて四組です"),
    ("{} ura-dora indicators under {} dora indicators: one lies under each (or give none)",
     "{} 张里宝牌指示牌对 {} 张宝牌指示牌：每张下面一张（或都不给）", "裏ドラ表示牌 {} 枚に表ドラ表示牌 {} 枚：一枚ずつ下にあります（または無し）"),
    ("the hand holds all four 5{} with red fives played: one of them is the red 0{} (or play without red fives)",
     "手牌有全部四张 5{}，而本局用红五：其中一张是红 0{}（或不用红五）", "5{} を四枚とも持っています（赤あり）：うち一枚は赤 0{} です（または赤なし）"),
    ("the odds need at least 1 draw", "和率至少要算 1 次摸牌", "和了率には少なくとも 1 回のツモが要ります"),
    ("write NAME=VALUE, e.g. plain_win=false", "写成 名称=值，例如 plain_win=false", "名前=値 と書きます（例：plain_win=false）"),
    ("unknown kind '{}' (kinds: chi, pon, kan, ankan)", "未知的鸣牌种类 '{}'（种类：chi、pon、kan、ankan）", "知らない鳴きの種類 '{}'（種類：chi、pon、kan、ankan）"),
    ("score field {} is not an option of {} scoring (its options: {})",
     "计分项 {} 不是 {} 计分的选项（其选项：{}）", "{} は {} の点数計算のオプションではありません（オプション：{}）"),
    ("these rules' scores have no table yet", "此规则的计分还没有表", "このルールの点数表はまだありません"),
    ("unknown preset '{}' (known: {})", "未知的规则预设 '{}'（可用：{}）", "知らないプリセット '{}'（使えるもの：{}）"),
    ("{}; its {} whole rounds are reviewed (--strict refuses such a record)",
     "{}；复盘其完整的 {} 局（--strict 拒绝这样的牌谱）", "{}；完全な {} 局を検討します（--strict ではこの牌譜を拒否します）"),
    ("round {}, event {}: {}", "第 {} 局第 {} 个事件：{}", "第 {} 局・{} 番目の出来事：{}"),
    ("round {}: {}", "第 {} 局：{}", "第 {} 局：{}"),
    ("the record ends before this round's result: the round was cut off",
     "牌谱在本局结果之前结束：此局被截断", "牌譜がこの局の結果の前で終わっています：局が途切れています"),
    ("seat {} draws out of turn", "座位 {} 未轮到就摸牌", "{} 番の席が手番でないのにツモっています"),
    ("seat {} discards out of turn", "座位 {} 未轮到就打牌", "{} 番の席が手番でないのに打牌しています"),
    ("seat {} discards {} as the tile drawn, which it was not",
     "座位 {} 把 {} 当作摸切，但那不是刚摸的牌", "{} 番の席が {} をツモ切りとしていますが、ツモった牌ではありません"),
    ("seat {} calls a {} with no discard", "座位 {} 在没有弃牌时鸣 {}", "{} 番の席が打牌のないところで {} を鳴いています"),
    ("seat {} calls a {} from seat {}, but seat {} discarded {}",
     "座位 {0} 从座位 {2} 鸣 {1}，但座位 {3} 打出的是 {4}", "{0} 番の席が {2} 番の席から {1} を鳴いていますが、{3} 番の席の打牌は {4} です"),
    ("seat {} calls a chi from seat {}, not its left", "座位 {} 从座位 {} 吃牌，那不是上家", "{} 番の席が上家でない {} 番の席からチーしています"),
    ("a {} is not made from a discard", "{} 不是用弃牌做的", "{} は打牌からはできません"),
    ("seat {} declares a {} out of turn (a kong follows a draw)",
     "座位 {} 未轮到就宣告 {}（杠在摸牌之后）", "{} 番の席が手番でないのに {} を宣言しています（槓はツモの後）"),
    ("seat {} adds to a pon it has not", "座位 {} 加杠，但没有那组碰", "{} 番の席が持っていないポンに加槓しています"),
    ("a {} needs the discard it takes", "{} 需要它所鸣的弃牌", "{} には鳴く打牌が要ります"),
    ("the rules are named before the first round", "规则要在第一局之前写明", "ルールは最初の局の前に書きます"),
    ("an event before a round starts", "一局开始前的事件", "局が始まる前の出来事"),
    ("an event after the round's result", "一局结果之后的事件", "局の結果の後の出来事"),
    ("a riichi before a round starts", "一局开始前的立直", "局が始まる前の立直"),
    ("a riichi after the round's result", "一局结果之后的立直", "局の結果の後の立直"),
    ("a dora indicator before a round starts", "一局开始前的宝牌指示牌", "局が始まる前のドラ表示牌"),
    ("a dora indicator after the round's result", "一局结果之后的宝牌指示牌", "局の結果の後のドラ表示牌"),
    ("a drawn round before a round starts", "一局开始前的流局", "局が始まる前の流局"),
    ("a drawn round after the round's result", "一局结果之后的流局", "局の結果の後の流局"),
    ("a win before a round starts", "一局开始前的和牌", "局が始まる前の和了"),
    ("a win after a drawn round", "流局之后的和牌", "流局の後の和了"),
    ("a three-player game: hupai replays four players", "三人麻将：hupai 只复盘四人局", "三人麻雀：hupai は四人の対局を再生します"),
    ("not XML: {}", "不是 XML：{}", "XML ではありません：{}"),
    ("{} (--strict)", "{}（--strict）", "{}（--strict）"),
    ("no round in the record", "牌谱中没有一局", "牌譜に局がありません"),
    ("a round ends with no result", "一局没有结果就结束了", "結果のないまま局が終わっています"),
    ("not a regular file (a record is a file, or a folder of them)",
     "不是普通文件（牌谱是文件，或装有牌谱的文件夹）", "通常のファイルではありません（牌譜はファイルか、そのフォルダです）"),
    ("larger than {} MiB: not a game record", "大于 {} MiB：不是牌谱", "{} MiB を超えています：牌譜ではありません"),
    ("not UTF-8 text", "不是 UTF-8 文本", "UTF-8 のテキストではありません"),
    ("not JSON: {}", "不是 JSON：{}", "JSON ではありません：{}"),
    ("log must be a list of rounds", "log 必须是各局的列表", "log は局のリストです"),
    ("seat {} plays a red {}, not held", "座位 {} 打出红 {}，但手中没有", "{} 番の席が持っていない赤 {} を打っています"),
    ("seat {} plays a plain {}, holding only the red one", "座位 {} 打出普通的 {}，手中只有红的", "{} 番の席は赤しかない {} を普通の牌として打っています"),
    ("seat {} plays {}, not held", "座位 {} 打出 {}，但手中没有", "{} 番の席が持っていない {} を打っています"),
    ("seat {} is dealt {} tiles, not 13", "座位 {} 配牌 {} 张，不是 13 张", "{} 番の席の配牌が 13 枚でなく {} 枚です"),
    ("a fifth copy of {}", "第五张 {}", "五枚目の {}"),
    ("seat {} declares riichi {}-shanten after discarding {}: riichi needs a tenpai hand",
     "座位 {} 在 {} 向听时立直（打出 {}）：立直需要听牌", "{} 番の席が {} 向聴で立直（打牌 {}）：立直には聴牌が必要です"),
    ("No such file or directory (os error 2)", "没有这个文件或目录", "そのようなファイルやディレクトリはありません"),
    ("Permission denied (os error 13)", "没有权限", "アクセス権がありません"),
];

/// `message` in `lang`.
pub fn localized(message: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return message.to_string();
    }
    message
        .split('\n')
        .map(|line| line_in(line, lang).unwrap_or_else(|| after_prefix(line, lang)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A line an entry matches, translated.
fn line_in(line: &str, lang: Lang) -> Option<String> {
    CATALOG.iter().find_map(|&(en, zh, ja)| {
        let values: Vec<String> = matches(en, line)?
            .into_iter()
            .map(|v| line_in(&v, lang).unwrap_or(v))
            .collect();
        let target = if lang == Lang::Zh { zh } else { ja };
        Some(fill(target, &values))
    })
}

/// `target` with its places filled: `{}` the next value, `{N}` value N (a language that
/// orders them otherwise).
fn fill(target: &str, values: &[String]) -> String {
    let mut out = String::new();
    let mut next = 0;
    let mut rest = target;
    while let Some(at) = rest.find('{') {
        out += &rest[..at];
        let close = rest[at..].find('}').map_or(rest.len(), |c| at + c);
        let inside = &rest[at + 1..close.min(rest.len())];
        let i = match inside.parse::<usize>() {
            Ok(n) => n,
            Err(_) => {
                next += 1;
                next - 1
            }
        };
        out += values.get(i).map_or("", String::as_str);
        rest = rest.get(close + 1..).unwrap_or("");
    }
    out + rest
}

/// The places of a translation: `{}` or `{N}`, as the value indices they take.
#[cfg(test)]
fn places(target: &str) -> Vec<usize> {
    let mut next = 0;
    target
        .split('{')
        .skip(1)
        .map(|p| match p.split('}').next().and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                next += 1;
                next - 1
            }
        })
        .collect()
}

/// A line with a head before a `: ` (a path, a flag): the rest translated, the head kept.
fn after_prefix(line: &str, lang: Lang) -> String {
    for (at, _) in line.match_indices(": ") {
        if let Some(rest) = line_in(&line[at + 2..], lang) {
            return format!("{}：{rest}", &line[..at]);
        }
    }
    line.to_string()
}

/// The values of `line` where `template` has `{}`, if the line is of it.
fn matches(template: &str, line: &str) -> Option<Vec<String>> {
    let pieces: Vec<&str> = template.split("{}").collect();
    let mut rest = line.strip_prefix(pieces[0])?;
    let mut values = Vec::new();
    for (i, piece) in pieces.iter().enumerate().skip(1) {
        let last = i + 1 == pieces.len();
        let at = if last {
            // The last piece ends the line.
            if !rest.ends_with(piece) {
                return None;
            }
            rest.len() - piece.len()
        } else {
            rest.find(piece).filter(|_| !piece.is_empty())?
        };
        values.push(rest[..at].to_string());
        rest = &rest[at + piece.len()..];
    }
    (pieces.len() > 1 || rest.is_empty()).then_some(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_takes_its_values_in_each_language() {
        for (en, zh, ja) in CATALOG {
            let n = en.matches("{}").count();
            for t in [zh, ja] {
                let mut p = places(t);
                p.sort();
                assert_eq!(p, (0..n).collect::<Vec<_>>(), "{en}: {t}");
            }
            assert!(!zh.is_ascii() && !ja.is_ascii(), "{en}");
        }
    }

    #[test]
    fn a_message_is_translated_with_its_values_and_its_reasons() {
        let e = "bad tile string: '9z' (there is no tile 9z)";
        assert_eq!(
            localized(e, Lang::Zh),
            "牌的写法有误：'9z'（没有 9z 这张牌）"
        );
        assert_eq!(
            localized(
                "/x/game.json: round 2, event 4: seat 2 plays 3m, not held",
                Lang::Ja
            ),
            "/x/game.json：第 2 局・4 番目の出来事：2 番の席が持っていない 3m を打っています"
        );
        assert_eq!(localized(e, Lang::En), e);
        assert_eq!(
            localized(
                "3 red fives of m (0m): a set has one red five of each suit",
                Lang::Zh
            ),
            "m 的红五有 3 张（0m）：每种花色只有一张红五"
        );
        // A more specific entry first: "a red 5m" is not read as the tile.
        assert_eq!(
            localized("seat 1 plays a red 5m, not held", Lang::Zh),
            "座位 1 打出红 5m，但手中没有"
        );
        // What no entry knows stays as it is.
        assert_eq!(localized("something else", Lang::Zh), "something else");
    }
}
