//! The review as one self-contained HTML file (`hupai review --html OUT`): for each record
//! its sum, a chart of what each decision cost, and every decision with its hand drawn as
//! tiles, the discard made beside the best. No script, no request: styles and the chart
//! (SVG) are inline; the tiles' characters come from the reader's CJK font.

use super::super::words::Lang;
use super::table::{cells, Labels};
use hupai::record::{Event, Round, RoundResult, RoundReview, Summary};
use std::io::Write;

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
svg{background:#fff;border:1px solid #e4e4dc;margin:8px 0}p.error{color:#b3261e}\
section{display:flex;flex-direction:column;align-items:flex-start}section>p{order:1}\
section>p.sum{order:2}section>svg{order:3}table.decisions{order:4}table.rounds{order:5}";

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

/// A decision as its chart draws it: its round, what it cost in win chance (when the odds
/// judged it) and in tiles left (when it kept the best shanten), and whether it was as good
/// as the best.
struct Bar {
    round: u32,
    win: Option<f32>,
    tiles: Option<u16>,
    agrees: bool,
}

/// The chart: a bar a decision, its height what it cost (win chance, else tiles left),
/// written to `out` (a long record has a million bars).
fn chart(out: &mut impl Write, bars: &[Bar], w: &Labels) -> std::io::Result<()> {
    let n = bars.len().max(1);
    let (width, height) = (760.0, 140.0);
    let odds = bars.iter().any(|b| b.win.is_some());
    let cost = |b: &Bar| -> f64 {
        if odds {
            100.0 * f64::from(b.win.unwrap_or(0.0))
        } else {
            b.tiles.map_or(0.0, f64::from)
        }
    };
    let top = bars.iter().map(cost).fold(1.0, f64::max);
    let bar = width / n as f64;
    write!(
        out,
        "<svg width=\"{width}\" height=\"{}\" viewBox=\"0 0 {width} {}\" role=\"img\"><title>{}</title>",
        height + 20.0,
        height + 20.0,
        esc(w.loss)
    )?;
    let mut last_round = u32::MAX;
    for (i, d) in bars.iter().enumerate() {
        let x = i as f64 * bar;
        if d.round != last_round {
            last_round = d.round;
            write!(
                out,
                "<line x1=\"{x:.1}\" y1=\"0\" x2=\"{x:.1}\" y2=\"{height}\" stroke=\"#ccc\"/>"
            )?;
        }
        let h = cost(d) / top * (height - 10.0);
        let color = if d.agrees { "#1d7a3a" } else { "#b3261e" };
        write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\"/>",
            x + 0.5,
            height - h.max(1.0),
            (bar - 1.0).max(0.5),
            h.max(1.0)
        )?;
    }
    let unit = if odds { "%" } else { "" };
    write!(
        out,
        "<text x=\"4\" y=\"{}\" font-size=\"11\" fill=\"#555\">{} · max {top:.1}{unit}</text></svg>",
        height + 15.0,
        esc(w.loss)
    )
}

/// The report, written to its file as the review goes: a section a record, its decisions'
/// rows as each round is reviewed; what comes after them (the rounds' facts, the sum, the
/// chart) kept small until the record ends, and shown above the rows by the style's order.
pub struct Report<W: Write> {
    out: W,
    w: Labels,
    /// The record's decisions as bars, and its rounds' facts (a row a round).
    bars: Vec<Bar>,
    facts: String,
    open: bool,
}

impl<W: Write> Report<W> {
    /// The report begun on `out`, in `lang`.
    pub fn new(mut out: W, lang: Lang) -> std::io::Result<Report<W>> {
        let w = Labels::of(lang);
        write!(
            out,
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body><h1>{}</h1>",
            esc(w.title),
            esc(w.title)
        )?;
        Ok(Report {
            out,
            w,
            bars: Vec::new(),
            facts: String::new(),
            open: false,
        })
    }

    /// A record's section begins: its file's name (not where it lay on the reviewer's disk)
    /// and its players.
    pub fn begin(&mut self, name: &str, players: &[String]) -> std::io::Result<()> {
        let shown = std::path::Path::new(name)
            .file_name()
            .map_or(name.into(), |f| f.to_string_lossy().into_owned());
        let w = &self.w;
        write!(
            self.out,
            "<section><h2>{}</h2><p>{}</p><table class=\"decisions\"><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&shown),
            esc(&players.join(" · ")),
            w.round, w.turn, w.seat, w.hand, w.discard, w.best, w.shanten, w.tiles, w.win, w.points
        )?;
        self.bars.clear();
        self.facts = facts_head(w);
        self.open = true;
        Ok(())
    }

    /// A round reviewed: a row a decision written, its bar and its facts kept.
    pub fn round(&mut self, r: &Round, review: &RoundReview) -> std::io::Result<()> {
        let name = self.w.round_name(r.kyoku, r.honba);
        self.rows(&name, review)?;
        self.facts += &facts(r, &self.w);
        Ok(())
    }

    /// A room's hand: its decisions' rows (a room's hand has no round facts).
    pub fn hand(&mut self, review: &RoundReview) -> std::io::Result<()> {
        let name = self.w.hand_name(review.index);
        self.rows(&name, review)
    }

    /// The decisions' rows of a round or hand named `name`, and their bars.
    fn rows(&mut self, name: &str, review: &RoundReview) -> std::io::Result<()> {
        for d in &review.decisions {
            let [sh, t, win, points] = cells(d);
            write!(
                self.out,
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{sh}</td><td>{t}</td><td>{win}</td><td>{points}</td></tr>",
                if d.agrees() { "" } else { " class=\"miss\"" },
                esc(name),
                d.nth,
                d.seat,
                tiles(&d.hand),
                tile(d.discard.mpsz(), if d.agrees() { "" } else { "made" }),
                tile(d.best.mpsz(), "best"),
            )?;
            self.bars.push(Bar {
                round: d.round as u32,
                win: d.win_loss().map(|x| x as f32),
                tiles: d.ukeire_loss().map(|x| x.min(u16::MAX.into()) as u16),
                agrees: d.agrees(),
            });
        }
        Ok(())
    }

    /// The record ends: its rounds' facts, its sum and its chart.
    pub fn end(&mut self, summary: &Summary) -> std::io::Result<()> {
        let sum = self.w.summary(summary);
        self.close("sum", &sum)
    }

    /// A record refused: why, where its section ends (the rounds before the refusal shown).
    pub fn fail(&mut self, name: &str, error: &str) -> std::io::Result<()> {
        if !self.open {
            self.begin(name, &[])?;
        }
        self.close("sum error", error)
    }

    /// The section's end: the rounds' facts, a sum (or a refusal) of `class`, the chart.
    fn close(&mut self, class: &str, sum: &str) -> std::io::Result<()> {
        write!(
            self.out,
            "</table>{}</table><p class=\"{class}\">{}</p>",
            self.facts,
            esc(sum)
        )?;
        chart(&mut self.out, &self.bars, &self.w)?;
        self.out.write_all(b"</section>")?;
        self.open = false;
        Ok(())
    }

    /// The report's end, flushed.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.out.write_all(b"</body></html>\n")?;
        self.out.flush()
    }
}

/// The facts table's head.
fn facts_head(w: &Labels) -> String {
    let [dora, riichi, calls, result, ..] = w.facts;
    format!(
        "<table class=\"rounds\"><tr><th>{}</th><th>{dora}</th><th>{riichi}</th><th>{calls}</th><th>{result}</th></tr>",
        w.round
    )
}

/// A round's facts, a row: its dora indicators, the seats that declared riichi, every call,
/// and its result (each win with its score changes, or the drawn round's).
fn facts(r: &Round, w: &Labels) -> String {
    let [.., off, self_draw, drawn] = w.facts;
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
    format!(
        "<tr><td>{}</td><td>{indicators}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        esc(&w.round_name(r.kyoku, r.honba)),
        esc(&declared.join(", ")),
        esc(&called.join("; ")),
        esc(&outcome)
    )
}
