//! `hupai analyse`: what Tenhou's 牌理 page shows — shanten, and per discard the tiles that
//! advance the hand and how many remain; for 13-tile hands the waits, ukeire and 改良.

use super::input::Input;
use super::output::{pad, pad_left};
use hupai::protocol::answer;
use hupai::{Engine, HandError, OddsError, TileSet};
use std::fmt::Write as _;

fn tiles(set: TileSet) -> String {
    set.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the analysis into `out`; exit code 0, 1 when the odds asked for could not be given
/// (past their budget: the rest of the analysis is written, the odds' refusal said), or 2 when
/// the seen tiles and the hand show a kind more than 4 times (the arguments already refuse
/// that).
pub fn run(input: &Input, engine: Engine<'_>, out: &mut String) -> i32 {
    match print(input, engine, out) {
        Ok(Odds::Given) => 0,
        Ok(Odds::Failed) => 1,
        Err(e) => {
            complain!(
                "hupai: {}",
                super::errors::localized(&e.to_string(), input.lang)
            );
            2
        }
    }
}

/// Whether the odds asked for (if any) were given.
enum Odds {
    Given,
    Failed,
}

fn print(input: &Input, engine: Engine<'_>, out: &mut String) -> Result<Odds, HandError> {
    let hand = &input.hand;
    if input.json {
        let text = answer(&engine, &input.request(false))?;
        // An odds refusal is the answer's `odds.code`.
        let failed = serde_json::from_str::<serde_json::Value>(&text)
            .is_ok_and(|v| v["odds"].get("code").is_some());
        say!(out, "{text}");
        return Ok(if failed { Odds::Failed } else { Odds::Given });
    }
    let w = input.lang.words();
    say!(out, "{}", input.header());
    let s = engine.shanten(hand);
    say!(
        out,
        "{hand}  ({} {}, {} {}): {}",
        hand.concealed_len(),
        w.tiles,
        hand.wildcards(),
        w.wildcards,
        w.shanten(s)
    );
    if !engine.rules().patterns.is_empty() {
        // Under rules with win patterns, how far each form and each pattern is.
        let parts: Vec<String> = engine
            .forms(hand)
            .shanten_by_form()
            .map(|(f, s)| match s {
                None => format!("{} {}", w.form(f), w.never),
                Some(s) => format!("{} {s}", w.form(f)),
            })
            .collect();
        say!(out, "  {}: {}", w.per_form, parts.join(", "));
    }
    let mut odds_failed = false;
    let odds = match &input.odds {
        None => None,
        Some(o) => match match &input.odds_score {
            Some(score) => engine.odds_scored(hand, &input.seen, o, score),
            None => engine.odds(hand, &input.seen, o),
        } {
            Ok(odds) => {
                if odds.draws > 18 {
                    say!(
                        out,
                        "  {}",
                        w.odds_long.replace("{k}", &odds.draws.to_string())
                    );
                }
                if odds.draws < o.draws {
                    say!(
                        out,
                        "  {}",
                        w.odds_capped
                            .replace("{asked}", &o.draws.to_string())
                            .replace("{k}", &odds.draws.to_string())
                    );
                }
                Some(odds)
            }
            Err(OddsError::Hand(e)) => return Err(e),
            Err(e) => {
                complain!(
                    "hupai: --odds: {}",
                    super::errors::localized(&e.to_string(), input.lang)
                );
                odds_failed = true;
                None
            }
        },
    };
    if hand.is_complete_count() {
        if let Some(o) = &odds {
            let third = if o.expected.is_empty() {
                String::new()
            } else {
                format!(" {}", pad_left(w.expected_head, 8))
            };
            say!(
                out,
                "  {}",
                w.odds_head
                    .replace("{k}", &o.draws.to_string())
                    .replace("{e}", &third)
            );
            if !o.expected.is_empty() {
                say!(out, "  {}", w.expected_note);
            }
        }
        // The heading padded by display width, so its columns stand over the rows' in every
        // language (a CJK character takes two columns).
        let [discard, shanten, advance] = w.discard_head;
        say!(
            out,
            "  {}  ->  {} {advance}",
            pad_left(discard, 7),
            pad(shanten, 10)
        );
        for d in engine.discards(hand, &input.seen)? {
            let chances = odds.as_ref().map_or(String::new(), |o| {
                let row = o.rows.iter().position(|r| r.discard == Some(d.tile));
                match row.map(|i| (i, &o.rows[i])) {
                    Some((i, r)) if !r.win.is_empty() => format!(
                        "{} {} {}{} ",
                        percent(r.tenpai[r.tenpai.len() - 1]),
                        percent(r.win[r.win.len() - 1]),
                        r.expected
                            .last()
                            .map_or(String::new(), |e| format!("{e:>7.0} ")),
                        if i == 0 { "*" } else { " " }
                    ),
                    _ => format!("{:>15} ", "-"),
                }
            });
            say!(
                out,
                "  {:>4}     ->  {} {chances}{} ({})",
                d.tile.to_string(),
                pad(&w.shanten(d.shanten), 10),
                tiles(d.ukeire.tiles),
                d.ukeire.count
            );
        }
        if odds.is_some() {
            say!(out, "  * {}; - {}", w.best, w.not_played);
        }
    } else if let Some((_, waits, u)) = engine.waits_and_ukeire(hand, &input.seen)? {
        if !waits.is_empty() {
            say!(out, "  {}: {}", w.waits, tiles(waits));
        }
        say!(
            out,
            "  {}: {} ({} {})",
            w.advance,
            tiles(u.tiles),
            u.count,
            w.remaining
        );
        if let Some(o) = &odds {
            let k = o.draws as usize - 1;
            let line = w
                .odds_line
                .replace("{k}", &o.draws.to_string())
                .replace("{t}", &format!("{:.2}", 100.0 * o.tenpai[k]))
                .replace("{w}", &format!("{:.2}", 100.0 * o.win[k]));
            say!(out, "  {line}");
            if let Some(e) = o.expected.get(k) {
                say!(out, "  {}: {e:.0}", w.expected_line);
            }
        }
        let better = engine.improvements(hand, &input.seen)?;
        if !better.is_empty() {
            let list: Vec<String> = better.iter().map(|(t, n)| format!("{t}->{n}")).collect();
            say!(out, "  {}: {}", w.improvements, list.join(" "));
        }
    }
    Ok(if odds_failed {
        Odds::Failed
    } else {
        Odds::Given
    })
}

/// A chance as a percentage of fixed width.
fn percent(p: f64) -> String {
    format!("{:>6.2}", 100.0 * p)
}
