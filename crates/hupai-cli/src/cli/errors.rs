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
    ("switch {} takes true or false",
     "开关 {} 只取 true 或 false",
     "スイッチ {} は true か false です"),
    ("switch {} takes one of: {}",
     "开关 {} 取以下之一：{}",
     "スイッチ {} は次のどれかです：{}"),
    ("switch patterns takes a list of patterns (\"all_pungs\", …)",
     "开关 patterns 取番种列表（\"all_pungs\"，…）",
     "スイッチ patterns は役のリストです（\"all_pungs\"、…）"),
    ("pattern '{}' is listed twice",
     "番种 '{}' 列了两次",
     "役 '{}' が二度書かれています"),
    ("unknown switch '{}' (switches: {})",
     "未知的开关 '{}'（开关：{}）",
     "知らないスイッチ '{}'（スイッチ：{}）"),
    ("the odds need more than {} hands: raise the state budget, ask fewer draws or turn the detours off",
     "和率计算需要超过 {} 个局面：提高状态预算、减少摸牌次数或关闭绕路",
     "和了率の計算に {} 局面を超える必要があります：状態の上限を上げるか、ツモ回数を減らすか、回り道を切ってください"),
    ("the odds need more than {} MiB: raise the memory budget, ask fewer draws or turn the detours off",
     "和率计算需要超过 {} MiB：提高内存预算、减少摸牌次数或关闭绕路",
     "和了率の計算に {} MiB を超える必要があります：メモリの上限を上げるか、ツモ回数を減らすか、回り道を切ってください"),
    ("the odds were stopped before their answer",
     "和率计算在得出结果前被中止",
     "和了率の計算は答えの前に止められました"),
    ("no tile is left to draw",
     "没有可摸的牌了",
     "ツモる牌が残っていません"),
    ("the expected score: {}",
     "期望得分：{}",
     "期待点数：{}"),
    ("a seat or round wind is one of 1z 2z 3z 4z",
     "自风或场风是 1z 2z 3z 4z 之一",
     "自風・場風は 1z 2z 3z 4z のどれかです"),
    ("riichi needs a closed hand",
     "立直需要门前清",
     "立直には門前の手牌が必要です"),
    ("ippatsu needs riichi",
     "一发需要立直",
     "一発には立直が必要です"),
    ("chankan, houtei and renhou are won by ron",
     "抢杠、河底和人和是荣和",
     "槍槓・河底・人和はロン和了です"),
    ("rinshan, haitei, tenhou and chiihou are won by tsumo",
     "岭上、海底、天和和地和是自摸",
     "嶺上・海底・天和・地和はツモ和了です"),
    ("haitei and rinshan both take the last tile's place",
     "海底和岭上都要占最后一张牌的位置",
     "海底と嶺上はどちらも最後の牌の位置です"),
    ("chankan and houtei: no kan is added on the last tile, so none is robbed",
     "抢杠与河底：最后一张牌上不能加杠，所以无杠可抢",
     "槍槓と河底：最後の牌では加槓できないので槍槓はありません"),
    ("ippatsu and rinshan: the winner's own kan, which rinshan follows, ends ippatsu",
     "一发与岭上：岭上之前和牌者自己的杠已使一发消失",
     "一発と嶺上：嶺上の前の自分の槓で一発は消えます"),
    ("riichi with tenhou, chiihou or renhou: these come before the winner's first discard, riichi after it",
     "立直与天和、地和或人和：后者在和牌者第一次打牌之前，立直在之后",
     "立直と天和・地和・人和：後者は最初の打牌の前、立直はその後です"),
    ("rinshan needs a kan",
     "岭上需要杠",
     "嶺上には槓が必要です"),
    ("chankan robs a kan of its fourth tile: the hand holds only that one",
     "抢杠抢的是杠的第四张：手牌中只能有那一张",
     "槍槓は槓の四枚目を奪います：手牌にはその一枚しかありません"),
    ("tenhou, chiihou and renhou come before any call",
     "天和、地和和人和在任何鸣牌之前",
     "天和・地和・人和はどの鳴きよりも前です"),
    ("tenhou is the dealer's (seat 1z)",
     "天和是庄家的（自风 1z）",
     "天和は親のものです（自風 1z）"),
    ("chiihou and renhou are a non-dealer's",
     "地和和人和是闲家的",
     "地和と人和は子のものです"),
    ("tenhou, chiihou and renhou exclude one another",
     "天和、地和和人和互相排斥",
     "天和・地和・人和は同時に成立しません"),
    ("at most five dora and five ura-dora indicators",
     "宝牌指示牌和里宝牌指示牌最多各五张",
     "ドラ表示牌と裏ドラ表示牌はそれぞれ五枚までです"),
    ("the payment does not fit 64 bits: the stake and the birds are too large",
     "支付额超出 64 位：底分和鸟太大",
     "支払いが 64 ビットに収まりません：賭け点と鳥が大きすぎます"),
    ("'{}': a chi is not a {} call (pungs and kongs only)",
     "'{}'：{} 不能吃（只能碰和杠）",
     "'{}'：{} ではチーできません（ポンと槓のみ）"),
    ("the seat wind is one of 1z 2z 3z 4z (1z: the dealer)",
     "自风是 1z 2z 3z 4z 之一（1z：庄家）",
     "自風は 1z 2z 3z 4z のどれかです（1z：親）"),
    ("the stake is at least 1",
     "底分至少为 1",
     "賭け点は 1 以上です"),
    ("the payers of a self-draw are 1 to 3 (the players still in the hand)",
     "自摸的付款人数为 1 到 3（仍在局中的玩家）",
     "ツモの支払い人数は 1 から 3 です（まだ局にいるプレイヤー）"),
    ("self_draw (自摸加底) is Sichuan's option, not {}'s: a self-draw there pays as its table says",
     "self_draw（自摸加底）是四川的选项，不是 {} 的：那里自摸按其表支付",
     "self_draw（自摸加底）は四川のオプションで {} のものではありません：そこではツモは表のとおりに支払います"),
    ("heavenly (天胡 the largest) is Sichuan's option, not {}'s: 天胡 there pays as its table says",
     "heavenly（天胡只计最大）是四川的选项，不是 {} 的：那里天胡按其表支付",
     "heavenly（天胡は最大のみ）は四川のオプションで {} のものではありません：そこでは天胡は表のとおりに支払います"),
    ("抢杠胡, 海底炮 and 杠上炮 are won on another player's tile",
     "抢杠胡、海底炮和杠上炮是和别人的牌",
     "抢杠胡・海底炮・杠上炮は他家の牌で和了ります"),
    ("杠上开花, 海底捞月, 天胡 and 地胡 are won by the player's own draw",
     "杠上开花、海底捞月、天胡和地胡是自摸",
     "杠上开花・海底捞月・天胡・地胡は自分のツモで和了ります"),
    ("海底捞月 and 杠上开花 both take the last tile's place",
     "海底捞月和杠上开花都要占最后一张牌的位置",
     "海底捞月と杠上开花はどちらも最後の牌の位置です"),
    ("抢杠胡 robs a kong being added: it is not a discard (海底炮, 杠上炮)",
     "抢杠胡抢的是正在加的杠：不是弃牌（海底炮、杠上炮）",
     "抢杠胡は加槓中の槓を奪います：打牌ではありません（海底炮、杠上炮）"),
    ("杠上开花 needs a kong",
     "杠上开花需要杠",
     "杠上开花には槓が必要です"),
    ("抢杠胡 robs a kong of its fourth tile: the hand holds no other copy",
     "抢杠胡抢的是杠的第四张：手牌中没有别的同牌",
     "抢杠胡は槓の四枚目を奪います：手牌に同じ牌はありません"),
    ("天胡 and 地胡 come before any call",
     "天胡和地胡在任何鸣牌之前",
     "天胡と地胡はどの鳴きよりも前です"),
    ("天胡 is the dealer's (seat 1z)",
     "天胡是庄家的（自风 1z）",
     "天胡は親のものです（自風 1z）"),
    ("地胡 is a non-dealer's (the dealer's first draw is 天胡)",
     "地胡是闲家的（庄家的第一次摸牌是天胡）",
     "地胡は子のものです（親の最初のツモは天胡）"),
    ("天胡 and 地胡 exclude one another",
     "天胡和地胡互相排斥",
     "天胡と地胡は同時に成立しません"),
    ("{} must be tiles: \"1p5z\" or [\"1p\", \"5z\"]",
     "{} 必须是牌：\"1p5z\" 或 [\"1p\", \"5z\"]",
     "{} は牌です：\"1p5z\" または [\"1p\", \"5z\"]"),
    ("{} field {} must be true or false",
     "{} 的字段 {} 必须是 true 或 false",
     "{} のフィールド {} は true か false です"),
    ("{} field {} must be a whole number 0..=1000",
     "{} 的字段 {} 必须是 0 到 1000 的整数",
     "{} のフィールド {} は 0 から 1000 の整数です"),
    ("unknown {} field '{}' (fields: {})",
     "未知的 {} 字段 '{}'（字段：{}）",
     "知らない {} のフィールド '{}'（フィールド：{}）"),
    ("{} field {} is not an option of {} scoring (its options: {})",
     "{} 的字段 {} 不是 {} 计分的选项（其选项：{}）",
     "{} のフィールド {} は {} の点数計算のオプションではありません（オプション：{}）"),
    ("none of stake, payers, cap, self_draw, heavenly, birds, no_red_double, all_pungs_fans, kong_bloom_fans",
     "stake、payers、cap、self_draw、heavenly、birds、no_red_double、all_pungs_fans、kong_bloom_fans 都没有",
     "stake・payers・cap・self_draw・heavenly・birds・no_red_double・all_pungs_fans・kong_bloom_fans のどれもありません"),
    ("no_red_double (无红中加倍) is Hongzhong's option, not {}'s",
     "no_red_double（无红中加倍）是红中的选项，不是 {} 的",
     "no_red_double（无红中加倍）は紅中のオプションで {} のものではありません"),
    ("{} ({} ×4) is Nanchang's option, not {}'s",
     "{}（{} ×4）是南昌的选项，不是 {} 的",
     "{}（{} ×4）は南昌のオプションで {} のものではありません"),
    ("{} is 1 ({} ×2) or 2 (×4)",
     "{} 是 1（{} ×2）或 2（×4）",
     "{} は 1（{} ×2）か 2（×4）です"),
    ("{} field {} must be 1 or 2 (its fans: ×2 or ×4)",
     "{} 的字段 {} 必须是 1 或 2（其番：×2 或 ×4）",
     "{} のフィールド {} は 1 か 2 です（その番：×2 か ×4）"),
    ("{} field {} must be true or false, not null (leave it out for false)",
     "{} 的字段 {} 必须是 true 或 false，不能是 null（false 时省略）",
     "{} のフィールド {} は true か false で、null ではいけません（false なら省きます）"),
    ("{} field flowers must be a whole number 0..=8",
     "{} 的字段 flowers 必须是 0 到 8 的整数",
     "{} のフィールド flowers は 0 から 8 の整数です"),
    ("{} field stake must be a whole number 1..=1000000",
     "{} 的字段 stake 必须是 1 到 1000000 的整数",
     "{} のフィールド stake は 1 から 1000000 の整数です"),
    ("{} field payers must be 1, 2 or 3 (the players still in the hand)",
     "{} 的字段 payers 必须是 1、2 或 3（仍在局中的玩家）",
     "{} のフィールド payers は 1・2・3 のどれかです（まだ局にいるプレイヤー）"),
    ("{} field birds must be a whole number 0..=16 (the birds that hit)",
     "{} 的字段 birds 必须是 0 到 16 的整数（中鸟数）",
     "{} のフィールド birds は 0 から 16 の整数です（当たった鳥）"),
    ("{} field cap must be a number of fans 0..=32 (0: no cap)",
     "{} 的字段 cap 必须是 0 到 32 的番数（0：不封顶）",
     "{} のフィールド cap は 0 から 32 の番数です（0：上限なし）"),
    ("{} field self_draw must be fan (自摸加番), stake (自摸加底) or none (自摸不加倍)",
     "{} 的字段 self_draw 必须是 fan（自摸加番）、stake（自摸加底）或 none（自摸不加倍）",
     "{} のフィールド self_draw は fan（自摸加番）、stake（自摸加底）か none（自摸不加倍）です"),
    ("{} field heavenly must be add (天胡 added) or largest (only the largest basic hand)",
     "{} 的字段 heavenly 必须是 add（天胡加番）或 largest（只计最大番型）",
     "{} のフィールド heavenly は add（天胡を加算）か largest（最大の基本役のみ）です"),
    ("{} field kazoe must be yakuman, sanbaiman or unlimited",
     "{} 的字段 kazoe 必须是 yakuman、sanbaiman 或 unlimited",
     "{} のフィールド kazoe は yakuman・sanbaiman・unlimited のどれかです"),
    ("hand must be MPSZ text (the winning tile among the tiles)",
     "hand 必须是 MPSZ 写法（含和的那张）",
     "hand は MPSZ の表記です（和了牌を含む）"),
    ("{} is given both inside score and beside it",
     "{} 在 score 里外都给了",
     "{} が score の中と外の両方にあります"),
    ("give the calls once: calls or melds",
     "鸣牌只给一次：calls 或 melds",
     "鳴きは一度だけ：calls か melds"),
    ("calls must be strings such as \"pon 777z\"",
     "calls 必须是 \"pon 777z\" 这样的字符串",
     "calls は \"pon 777z\" のような文字列です"),
    ("calls must be a list of strings such as \"pon 777z\"",
     "calls 必须是 \"pon 777z\" 这样的字符串列表",
     "calls は \"pon 777z\" のような文字列のリストです"),
    ("score needs the winning tile: \"win\": \"5m\"",
     "score 需要和的那张：\"win\": \"5m\"",
     "score には和了牌が要ります：\"win\": \"5m\""),
    ("odds.draws must be a whole number from 1 to 136",
     "odds.draws 必须是 1 到 136 的整数",
     "odds.draws は 1 から 136 の整数です"),
    ("odds.extra must be a whole number from 0 to 4",
     "odds.extra 必须是 0 到 4 的整数",
     "odds.extra は 0 から 4 の整数です"),
    ("odds.max_states must be a whole number, 1 or more",
     "odds.max_states 必须是不小于 1 的整数",
     "odds.max_states は 1 以上の整数です"),
    ("must be exactly one tile such as \"5m\"",
     "必须正好是一张牌，例如 \"5m\"",
     "\"5m\" のようにちょうど一枚の牌です"),
    ("jing (Nanchang's 精: the indicator and the next kind are wild) is not played under these rules: use the nanchang rules, or name wild kinds with wild",
     "此规则不玩精（南昌的精：指示牌及其下一种牌为赖子）：请用 nanchang 规则，或用 wild 指定赖子",
     "このルールでは精を使いません（南昌の精：表示牌とその次の牌が赖子）：nanchang のルールを使うか、wild で赖子を指定してください"),
    ("wild entry '{}' is listed twice",
     "赖子 '{}' 列了两次",
     "赖子 '{}' が二度書かれています"),
    ("wild entry '{}' {}",
     "赖子 '{}' {}",
     "赖子 '{}' {}"),
    ("jing '{}' {}",
     "精 '{}' {}",
     "精 '{}' {}"),
    ("{} is not a tile",
     "{} 不是牌",
     "{} は牌ではありません"),
    ("{} must be a list of tiles",
     "{} 必须是牌的列表",
     "{} は牌のリストです"),
    ("{}: {} is not a tile",
     "{}：{} 不是牌",
     "{}：{} は牌ではありません"),
    ("'{}' is not a call",
     "'{}' 不是鸣牌",
     "'{}' は鳴きではありません"),
    ("a round must be a list",
     "一局必须是列表",
     "局はリストです"),
    ("a round has 17 parts, not {}",
     "一局有 17 个部分，不是 {}",
     "局は 17 個の部分からなります（{} ではなく）"),
    ("a round starts with [kyoku, honba, sticks] and four scores",
     "一局以 [kyoku, honba, sticks] 和四个分数开始",
     "局は [kyoku, honba, sticks] と四人の点数で始まります"),
    ("draws and discards are lists",
     "摸牌和打牌都是列表",
     "ツモと打牌はリストです"),
    ("{} is not a draw or a call",
     "{} 不是摸牌也不是鸣牌",
     "{} はツモでも鳴きでもありません"),
    ("{} (the tile drawn) after no draw",
     "没有摸牌却有 {}（摸切）",
     "ツモのないところに {}（ツモ切り）"),
    ("{} is not a discard",
     "{} 不是打牌",
     "{} は打牌ではありません"),
    ("a discard was just made",
     "刚刚已经打过牌",
     "打牌をしたばかりです"),
    ("'{}' is not a chi, pon or kong of a discard",
     "'{}' 不是对弃牌的吃、碰或杠",
     "'{}' は打牌へのチー・ポン・槓ではありません"),
    ("'{}' is not a discard or a kong",
     "'{}' 不是打牌也不是杠",
     "'{}' は打牌でも槓でもありません"),
    ("a round ends with its result: [\"和了\", …] or a draw",
     "一局以结果结束：[\"和了\", …] 或流局",
     "局は結果で終わります：[\"和了\", …] または流局"),
    ("{} must be a seat, 0 to 3",
     "{} 必须是座位，0 到 3",
     "{} は席です（0 から 3）"),
    ("{} must be four integers",
     "{} 必须是四个整数",
     "{} は四つの整数です"),
    ("{} must be a number",
     "{} 必须是数字",
     "{} は数です"),
    ("bakaze must be E, S, W or N",
     "bakaze 必须是 E、S、W 或 N",
     "bakaze は E・S・W・N のどれかです"),
    ("kyoku must be 1 to 4",
     "kyoku 必须是 1 到 4",
     "kyoku は 1 から 4 です"),
    ("oya is not the dealer of kyoku {}",
     "oya 不是第 {} 局的庄家",
     "oya は kyoku {} の親ではありません"),
    ("tehais must be four hands",
     "tehais 必须是四手牌",
     "tehais は四人の手牌です"),
    ("'{}' is not an mjai event",
     "'{}' 不是 mjai 事件",
     "'{}' は mjai の出来事ではありません"),
    ("a bad attribute: {}",
     "有误的属性：{}",
     "正しくない属性：{}"),
    ("<{}> has no {}",
     "<{}> 没有 {}",
     "<{}> に {} がありません"),
    ("<{}> {} is not a number",
     "<{}> 的 {} 不是数字",
     "<{}> の {} は数ではありません"),
    ("<{}> {}: {} is not a number",
     "<{}> 的 {}：{} 不是数字",
     "<{}> の {}：{} は数ではありません"),
    ("<{}> {} must be a seat, 0 to 3",
     "<{}> 的 {} 必须是座位，0 到 3",
     "<{}> の {} は席です（0 から 3）"),
    ("<{}> sc must give four scores and changes",
     "<{}> 的 sc 必须给出四人的分数和变动",
     "<{}> の sc は四人の点数と増減です"),
    ("<{}> is not a tile",
     "<{}> 不是牌",
     "<{}> は牌ではありません"),
    ("<INIT> needs a seed of six numbers and four scores",
     "<INIT> 需要六个数的 seed 和四个分数",
     "<INIT> には六つの数の seed と四人の点数が要ります"),
    ("<INIT> oya is not the round's dealer",
     "<INIT> 的 oya 不是本局庄家",
     "<INIT> の oya はこの局の親ではありません"),
    ("<{}> is not an mjlog tag",
     "<{}> 不是 mjlog 标签",
     "<{}> は mjlog のタグではありません"),
    ("{} is not a tile's id",
     "{} 不是牌的编号",
     "{} は牌の番号ではありません"),
    ("{} is not a call's code",
     "{} 不是鸣牌的编码",
     "{} は鳴きの符号ではありません"),
    ("a north taken aside (三麻 抜き): hupai replays four players",
     "拔北（三麻 抜き）：hupai 只复盘四人局",
     "北抜き（三麻 抜き）：hupai は四人の対局を再生します"),
    ("line {}: {}",
     "第 {} 行：{}",
     "{} 行目：{}"),
    ("players must be four names",
     "players 必须是四个名字",
     "players は四人の名前です"),
    ("a chi is not a call of these rules (pungs and kongs only)",
     "此规则不能吃（只能碰和杠）",
     "このルールではチーできません（ポンと槓のみ）"),
    ("kyoku must be 0 to 15",
     "kyoku 必须是 0 到 15",
     "kyoku は 0 から 15 です"),
    ("jing is played only under the nanchang rules",
     "只有 nanchang 规则玩精",
     "精は nanchang のルールだけで使います"),
    ("'{}' is not a call: chi, pon, kan, ankan or kakan",
     "'{}' 不是鸣牌：chi、pon、kan、ankan 或 kakan",
     "'{}' は鳴きではありません：chi・pon・kan・ankan・kakan"),
    ("seat {} is not a seat, 0 to 3",
     "座位 {} 不是座位，0 到 3",
     "席 {} は席ではありません（0 から 3）"),
    ("{}: no tile {}",
     "{}：没有牌 {}",
     "{}：牌 {} はありません"),
    ("'{}' is not one tile",
     "'{}' 不是一张牌",
     "'{}' は一枚の牌ではありません"),
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
