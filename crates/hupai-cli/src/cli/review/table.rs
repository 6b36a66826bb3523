//! The review as a player reads it on a terminal, in en, zh or ja: a line a decision (the
//! hand, the discard made and the best by tiles left, by win chance and by expected points),
//! each round's sum and the record's.

use super::super::output::{pad, pad_left};
use super::super::words::Lang;
use hupai::record::{CallChance, Decision, Round, RoundReview, Summary, WinCheck};
use hupai::CallKind;
use std::fmt::Write as _;

/// The words of the table and of the HTML report.
pub struct Labels {
    pub lang: Lang,
    pub round: &'static str,
    pub turn: &'static str,
    pub seat: &'static str,
    pub hand: &'static str,
    pub discard: &'static str,
    pub best: &'static str,
    pub shanten: &'static str,
    pub tiles: &'static str,
    pub win: &'static str,
    pub points: &'static str,
    pub loss: &'static str,
    pub title: &'static str,
    /// What the table's cells say.
    pub legend: &'static str,
    /// The round facts of the report: dora, riichi, calls, result, a win, a self-draw, a
    /// drawn round.
    pub facts: [&'static str; 7],
}

impl Labels {
    pub fn of(lang: Lang) -> Labels {
        match lang {
            Lang::En => Labels {
                lang,
                round: "round",
                turn: "turn",
                seat: "seat",
                hand: "hand",
                discard: "discard",
                best: "best",
                shanten: "shanten",
                tiles: "tiles left",
                win: "win %",
                points: "points",
                loss: "win chance lost per turn",
                title: "hupai review",
                legend: "each cell: the discard made / the best; win % and points end with the discard best by them; * a discard not as good as the best",
                facts: [
                    "dora",
                    "riichi",
                    "calls",
                    "result",
                    "wins off",
                    "self-draw",
                    "drawn",
                ],
            },
            Lang::Zh => Labels {
                lang,
                round: "局",
                turn: "巡",
                seat: "座位",
                hand: "手牌",
                discard: "打出",
                best: "最佳",
                shanten: "向听",
                tiles: "进张",
                win: "和率%",
                points: "打点",
                loss: "每巡损失的和率",
                title: "hupai 牌谱复盘",
                legend: "每格：实际打出 / 最佳；和率与打点后为按其最佳的打牌；* 表示不如最佳的打牌",
                facts: [
                    "宝牌指示",
                    "立直",
                    "副露",
                    "结果",
                    "和牌，放铳",
                    "自摸",
                    "流局",
                ],
            },
            Lang::Ja => Labels {
                lang,
                round: "局",
                turn: "巡",
                seat: "席",
                hand: "手牌",
                discard: "打牌",
                best: "最善",
                shanten: "向聴",
                tiles: "受入",
                win: "和了率%",
                points: "打点",
                loss: "巡ごとの和了率の損失",
                title: "hupai 牌譜検討",
                legend: "各欄：実際の打牌 / 最善；和了率と打点の後はそれぞれ最善の打牌；* は最善に及ばない打牌",
                facts: [
                    "ドラ表示",
                    "立直",
                    "副露",
                    "結果",
                    "和了、放銃",
                    "ツモ",
                    "流局",
                ],
            },
        }
    }

    /// A round's name: `E1-0` (East 1, no honba), 东1局0本场, 東1局0本場.
    pub fn round_name(&self, kyoku: u8, honba: u32) -> String {
        let n = kyoku % 4 + 1;
        let w = (kyoku / 4) as usize % 4;
        match self.lang {
            Lang::En => format!("{}{n}-{honba}", ["E", "S", "W", "N"][w]),
            Lang::Zh => format!("{}{n}局{honba}本场", ["东", "南", "西", "北"][w]),
            Lang::Ja => format!("{}{n}局{honba}本場", ["東", "南", "西", "北"][w]),
        }
    }

    /// A room's hand's name (its number from 0): `H1`, 第1局, 第1局.
    pub fn hand_name(&self, index: usize) -> String {
        match self.lang {
            Lang::En => format!("H{}", index + 1),
            Lang::Zh | Lang::Ja => format!("第{}局", index + 1),
        }
    }

    /// A call chance in words: what the seat could call, what it did, the hand standing and
    /// after the best call.
    pub fn call(&self, c: &CallChance) -> String {
        let word = |k: CallKind| match (self.lang, k) {
            (Lang::En, CallKind::Chi) => "chi",
            (Lang::En, CallKind::Pon) => "pon",
            (Lang::En, _) => "kan",
            (Lang::Zh, CallKind::Chi) => "吃",
            (Lang::Zh, CallKind::Pon) => "碰",
            (Lang::Zh, _) => "杠",
            (_, CallKind::Chi) => "チー",
            (_, CallKind::Pon) => "ポン",
            (_, _) => "カン",
        };
        let options: Vec<&str> = c.options.iter().map(|&k| word(k)).collect();
        let (kind, low, discard) = c.best_call;
        let then = discard.map_or(String::new(), |d| format!(" → {d}"));
        let mark = if c.agrees() { "" } else { " *" };
        let (s, u, cs, cu) = (c.shanten, c.ukeire, c.call_shanten, c.call_ukeire);
        match self.lang {
            Lang::En => format!(
                "seat {} could {} {} from seat {}: {}{mark} · as it stands {s}-shanten {u} tiles; after {} {low}{then} {cs}-shanten {cu} tiles",
                c.seat, options.join("/"), c.tile, c.from,
                c.taken.map_or("declined".to_string(), |k| format!("{} taken", word(k))), word(kind)
            ),
            Lang::Zh => format!(
                "座位 {} 可{} {}（座位 {} 打出）：{}{mark} · 不鸣 {s} 向听 进张 {u}；{} {low}{then} 后 {cs} 向听 进张 {cu}",
                c.seat, options.join("/"), c.tile, c.from,
                c.taken.map_or("未鸣".to_string(), |k| format!("{}了", word(k))), word(kind)
            ),
            Lang::Ja => format!(
                "席 {} は {} を{}できた（席 {} の打牌）：{}{mark} · 鳴かず {s} 向聴 受入 {u} 枚、{} {low}{then} なら {cs} 向聴 受入 {cu} 枚",
                c.seat, c.tile, options.join("/"), c.from,
                c.taken.map_or("見送り".to_string(), |k| format!("{}した", word(k))), word(kind)
            ),
        }
    }

    /// A recorded win checked, in words.
    pub fn win_check(&self, c: &WinCheck) -> String {
        let scored = match &c.scored {
            Ok(d) => format!("{d:?}"),
            Err(e) => e.clone(),
        };
        let agree = match (self.lang, c.agrees()) {
            (Lang::En, true) => "agrees",
            (Lang::En, false) => "differs",
            (Lang::Zh, true) => "一致",
            (Lang::Zh, false) => "不一致",
            (_, true) => "一致",
            (_, false) => "不一致",
        };
        match self.lang {
            Lang::En => format!(
                "the win of seat {}: the record {:?}, hupai {scored}: {agree}",
                c.seat, c.recorded
            ),
            Lang::Zh => format!(
                "座位 {} 的和牌：牌谱 {:?}，hupai {scored}：{agree}",
                c.seat, c.recorded
            ),
            Lang::Ja => format!(
                "席 {} の和了：牌譜 {:?}、hupai {scored}：{agree}",
                c.seat, c.recorded
            ),
        }
    }

    /// A sum in words.
    pub fn summary(&self, s: &Summary) -> String {
        let pct = if s.decisions > 0 {
            100.0 * s.agree as f64 / s.decisions as f64
        } else {
            0.0
        };
        let (u, w, p) = (s.ukeire_loss, 100.0 * s.win_loss, s.points_loss);
        let odds = s.odds_judged > 0;
        match self.lang {
            Lang::En => {
                let plural =
                    |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
                let mut t = format!(
                    "{} · {}, {} as good as the best discard ({pct:.0}%) · mean loss {u:.2} tiles",
                    plural(s.rounds, "round"),
                    plural(s.decisions, "decision"),
                    s.agree
                );
                if odds {
                    let _ = write!(
                        t,
                        ", {w:.2}% win, {p:.0} points ({} judged by the odds)",
                        s.odds_judged
                    );
                }
                if s.calls_possible > 0 {
                    let _ = write!(
                        t,
                        " · {}: {} taken, {} as efficiency says",
                        plural(s.calls_possible, "call chance"),
                        s.calls_taken,
                        s.calls_agree
                    );
                }
                let _ = write!(
                    t,
                    " · {} checked, {} agree",
                    plural(s.wins_checked, "recorded win"),
                    s.wins_agree
                );
                t
            }
            Lang::Zh => {
                let mut t = format!(
                    "{} 局 · {} 次打牌，{} 次与最佳相同（{pct:.0}%）· 平均损失 进张 {u:.2}",
                    s.rounds, s.decisions, s.agree
                );
                if odds {
                    let _ = write!(
                        t,
                        "、和率 {w:.2}%、打点 {p:.0}（和率计算 {} 次）",
                        s.odds_judged
                    );
                }
                if s.calls_possible > 0 {
                    let _ = write!(
                        t,
                        " · 可鸣牌 {} 次：鸣牌 {} 次，{} 次与牌效一致",
                        s.calls_possible, s.calls_taken, s.calls_agree
                    );
                }
                let _ = write!(
                    t,
                    " · 核对和牌 {} 次，一致 {} 次",
                    s.wins_checked, s.wins_agree
                );
                t
            }
            Lang::Ja => {
                let mut t = format!(
                    "{} 局 · 打牌 {} 回、最善と同等 {} 回（{pct:.0}%）· 平均損失 受入 {u:.2} 枚",
                    s.rounds, s.decisions, s.agree
                );
                if odds {
                    let _ = write!(
                        t,
                        "、和了率 {w:.2}%、打点 {p:.0}（和了率計算 {} 回）",
                        s.odds_judged
                    );
                }
                if s.calls_possible > 0 {
                    let _ = write!(
                        t,
                        " · 鳴ける機会 {} 回：鳴き {} 回、牌効率どおり {} 回",
                        s.calls_possible, s.calls_taken, s.calls_agree
                    );
                }
                let _ = write!(
                    t,
                    " · 和了 {} 件を検証、{} 件一致",
                    s.wins_checked, s.wins_agree
                );
                t
            }
        }
    }
}

/// A percentage to one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}", 100.0 * x)
}

/// A decision's cells, made / best: shanten, tiles left, win chance (the best discard for it)
/// and expected points (the best discard for them); `-` where not judged.
pub fn cells(d: &Decision) -> [String; 4] {
    let shanten = format!("{}/{}", d.shanten, d.best_shanten);
    let tiles = format!("{}/{}", d.ukeire, d.best_ukeire);
    let (win, points) = match &d.odds {
        Some(o) => (
            format!("{}/{} {}", pct(o.win), pct(o.best_win.1), o.best_win.0),
            match o.best_points {
                Some((t, b)) => {
                    let p = o.points.map_or("-".into(), |p| format!("{p:.0}"));
                    format!("{p}/{b:.0} {t}")
                }
                None => "-".into(),
            },
        ),
        None => ("-".into(), "-".into()),
    };
    [shanten, tiles, win, points]
}

/// The columns' widths.
const WIDTHS: [usize; 10] = [10, 4, 4, 20, 7, 5, 7, 10, 16, 14];

/// A line of cells, each padded to its column.
fn line(cells: &[String]) -> String {
    let mut s = String::from("  ");
    for (c, width) in cells.iter().zip(WIDTHS) {
        s += &pad(c, width);
        s.push(' ');
    }
    s.trim_end().to_string() + "\n"
}

/// A record's table begins: its name, the header and the legend.
pub fn table_head(name: &str, w: &Labels) -> String {
    let head = [
        w.round, w.turn, w.seat, w.hand, w.discard, w.best, w.shanten, w.tiles, w.win, w.points,
    ];
    format!(
        "{name}\n{}  ({})\n",
        line(&head.map(String::from)),
        w.legend
    )
}

/// A round's lines: a line a decision, each call chance and win checked, the round's sum.
pub fn table_round(r: &Round, review: &RoundReview, w: &Labels) -> String {
    table_rows(&w.round_name(r.kyoku, r.honba), review, w)
}

/// A room's hand's lines, as a round's.
pub fn table_hand(review: &RoundReview, w: &Labels) -> String {
    table_rows(&w.hand_name(review.index), review, w)
}

/// The lines of a round (or a room's hand) named `round`.
fn table_rows(round: &str, review: &RoundReview, w: &Labels) -> String {
    let round = round.to_string();
    let mut out = String::new();
    for d in &review.decisions {
        let [shanten, tiles, win, points] = cells(d);
        let mark = if d.agrees() { " " } else { "*" };
        out += &line(&[
            round.clone(),
            pad_left(&d.nth.to_string(), 3),
            d.seat.to_string(),
            d.hand.clone(),
            format!("{}{mark}", d.discard),
            d.best.to_string(),
            shanten,
            tiles,
            win,
            points,
        ]);
    }
    for c in &review.calls {
        let _ = writeln!(out, "  {round}  {}", w.call(c));
    }
    for c in &review.wins {
        let _ = writeln!(out, "  {round}  {}", w.win_check(c));
    }
    let _ = writeln!(out, "  {round}: {}", w.summary(&review.summary));
    out
}

/// A record's sum, its table's last line.
pub fn table_end(name: &str, summary: &Summary, w: &Labels) -> String {
    format!("{name}: {}\n", w.summary(summary))
}
