//! The review as one self-contained HTML file (`hupai review --html OUT`): for each record
//! its sum, a chart of what each decision cost, and every decision with its hand drawn as
//! tiles, the discard made beside the best. No script, no request: styles and the chart
//! (SVG) are inline; the tiles' characters come from the reader's CJK font.

use super::table::{cells, Labels};
use hupai::record::{Event, Record, Review, RoundResult};
use std::fmt::Write as _;

const STYLE: &str = "body{font-family:'Noto Sans CJK SC','Noto Sans CJK JP','Hiragino Sans',\
'Microsoft YaHei',sans-serif;margin:24px;color:#222;background:#fafaf7}\
h1{font-size:20px}h2{font-size:16px;margin-top:28px}p.sum{color:#444}\
table{border-collapse:collapse;font-size:13px}td,th{padding:3px 8px;border-bottom:1px solid #e4e4dc;\
text-align:left;white-space:nowrap}tr.miss td{background:#fff1ee}\
.t{display:inline-block;width:17px;height:24px;margin:0 1px;border:1px solid #b9b4a4;\
border-radius:3px;background:#fffef8;text-align:center;font-size:11px;line-height:11px;\
vertical-align:middle;box-shadow:0 1px 0 #cfc9b6}.t b{display:block;margin-top:1px;font-size:12px}\
.m{color:#b3261e}.p{color:#1f4fa3}.s{color:#1d7a3a}.z{color:#333}\
.t.made{border-color:#b3261e;background:#ffe9e4}.t.best{border-color:#1d7a3a;background:#e9f7ec}\
svg{background:#fff;border:1px solid #e4e4dc;margin:8px 0}";

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A tile drawn: its number over its suit's character.
fn tile(name: &str, class: &str) -> String {
    let b = name.as_bytes();
    let (n, suit) = (b[0] - b'0', b[1] as char);
    let (top, glyph) = match suit {
        'z' => (
            String::new(),
            ["東", "南", "西", "北", "白", "發", "中"][n as usize - 1],
        ),
        'm' => (n.to_string(), "萬"),
        'p' => (n.to_string(), "筒"),
        _ => (n.to_string(), "索"),
    };
    format!("<span class=\"t {suit} {class}\" title=\"{name}\">{top}<b>{glyph}</b></span>")
}

/// Every tile of an MPSZ string drawn.
fn tiles(mpsz: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in mpsz.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            for d in digits.drain(..) {
                out += &tile(&format!("{d}{c}"), "");
            }
        }
    }
    out
}

/// The chart: a bar a decision, its height what it cost (win chance, else tiles left).
fn chart(review: &Review, w: &Labels) -> String {
    let n = review.decisions.len().max(1);
    let (width, height) = (760.0, 140.0);
    let odds = review.decisions.iter().any(|d| d.odds.is_some());
    let cost = |d: &hupai::record::Decision| -> f64 {
        if odds {
            100.0 * d.win_loss().unwrap_or(0.0)
        } else {
            d.ukeire_loss().map_or(0.0, f64::from)
        }
    };
    let top = review.decisions.iter().map(cost).fold(1.0, f64::max);
    let bar = width / n as f64;
    let mut svg = format!(
        "<svg width=\"{width}\" height=\"{}\" viewBox=\"0 0 {width} {}\" role=\"img\"><title>{}</title>",
        height + 20.0,
        height + 20.0,
        esc(w.loss)
    );
    let mut last_round = usize::MAX;
    for (i, d) in review.decisions.iter().enumerate() {
        let x = i as f64 * bar;
        if d.round != last_round {
            last_round = d.round;
            let _ = write!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"0\" x2=\"{x:.1}\" y2=\"{height}\" stroke=\"#ccc\"/>"
            );
        }
        let h = cost(d) / top * (height - 10.0);
        let color = if d.agrees() { "#1d7a3a" } else { "#b3261e" };
        let _ = write!(
            svg,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\"/>",
            x + 0.5,
            height - h.max(1.0),
            (bar - 1.0).max(0.5),
            h.max(1.0)
        );
    }
    let unit = if odds { "%" } else { "" };
    let _ = write!(
        svg,
        "<text x=\"4\" y=\"{}\" font-size=\"11\" fill=\"#555\">{} · max {top:.1}{unit}</text></svg>",
        height + 15.0,
        esc(w.loss)
    );
    svg
}

/// The report of every record reviewed.
pub fn report(records: &[(String, Record, Review)], w: &Labels) -> String {
    let mut h = format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body><h1>{}</h1>",
        esc(w.title),
        esc(w.title)
    );
    for (name, record, review) in records {
        // The record's file name, not where it lay on the reviewer's disk.
        let shown = std::path::Path::new(name)
            .file_name()
            .map_or(name.clone(), |f| f.to_string_lossy().into_owned());
        let _ = write!(
            h,
            "<section><h2>{}</h2><p>{}</p><p class=\"sum\">{}</p>{}",
            esc(&shown),
            esc(&record.players.join(" · ")),
            esc(&w.summary(&review.summary)),
            chart(review, w)
        );
        let _ = write!(
            h,
            "<table class=\"decisions\"><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            w.round, w.turn, w.seat, w.hand, w.discard, w.best, w.shanten, w.tiles, w.win, w.points
        );
        for d in &review.decisions {
            let r = &record.rounds[d.round];
            let [sh, t, win, points] = cells(d);
            let _ = write!(
                h,
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{sh}</td><td>{t}</td><td>{win}</td><td>{points}</td></tr>",
                if d.agrees() { "" } else { " class=\"miss\"" },
                esc(&w.round_name(r.kyoku, r.honba)),
                d.nth,
                d.seat,
                tiles(&d.hand),
                tile(d.discard.mpsz(), if d.agrees() { "" } else { "made" }),
                tile(d.best.mpsz(), "best"),
            );
        }
        h += "</table>";
        h += &rounds(record, w);
        h += "</section>";
    }
    h + "</body></html>\n"
}

/// Each round's facts: its dora indicators, the seats that declared riichi, every call, and
/// its result (each win with its score changes, or the drawn round's).
fn rounds(record: &Record, w: &Labels) -> String {
    let [dora, riichi, calls, result, off, self_draw, drawn] = w.facts;
    let mut h = format!(
        "<table class=\"rounds\"><tr><th>{}</th><th>{dora}</th><th>{riichi}</th><th>{calls}</th><th>{result}</th></tr>",
        w.round
    );
    for r in &record.rounds {
        let indicators: String = r.dora.iter().map(|t| tile(t.tile.mpsz(), "")).collect();
        let mut declared = Vec::new();
        let mut called = Vec::new();
        for e in &r.events {
            match e {
                Event::Discard {
                    seat, riichi: true, ..
                } => declared.push(seat.to_string()),
                Event::Call {
                    seat, kind, tiles, ..
                } => {
                    let t: String = tiles
                        .iter()
                        .map(|t| t.tile.mpsz())
                        .collect::<Vec<_>>()
                        .join("");
                    called.push(format!("{} {seat}: {} {t}", w.seat, kind.word()));
                }
                _ => {}
            }
        }
        let deltas = |d: &[i32; 4]| {
            d.iter()
                .map(|x| format!("{x:+}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let outcome = match &r.result {
            RoundResult::Wins(wins) => wins
                .iter()
                .map(|x| match x.seat == x.from {
                    true => format!("{} {} {self_draw}: {}", w.seat, x.seat, deltas(&x.deltas)),
                    false => format!(
                        "{} {} {off} {}: {}",
                        w.seat,
                        x.seat,
                        x.from,
                        deltas(&x.deltas)
                    ),
                })
                .collect::<Vec<_>>()
                .join("; "),
            RoundResult::Draw { reason, deltas: d } => format!("{drawn} ({reason}): {}", deltas(d)),
        };
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{indicators}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&w.round_name(r.kyoku, r.honba)),
            esc(&declared.join(", ")),
            esc(&called.join("; ")),
            esc(&outcome)
        );
    }
    h + "</table>"
}
