//! `hupai check`: the verdict and one decomposition, in words a player reads (`--lang`).

use super::input::Input;
use super::output::pad;
use super::words::Words;
use hupai::protocol::{answer, MAX_DECOMPOSITIONS};
use hupai::Engine;
use hupai::{decompositions, Decomposition};
use std::fmt::Write as _;

fn describe(d: &Decomposition, w: &Words) -> Vec<String> {
    d.sets
        .iter()
        .map(|s| {
            let tiles: String = s.slots.iter().map(|x| x.tile.to_string()).collect();
            let mut line = format!("{} {}", pad(w.set(s.kind), 16), tiles);
            if s.declared {
                line.push_str(&format!("  {}", w.declared));
            }
            for x in &s.slots {
                if let Some(wild) = x.wildcard {
                    line.push_str(&format!("  {}", w.stands_for(wild, x.tile)));
                }
            }
            line
        })
        .collect()
}

/// Writes the verdict into `out`; exit code 0 for a win, 1 otherwise.
pub fn run(input: &Input, engine: Engine<'_>, out: &mut String) -> i32 {
    let hand = &input.hand;
    let win = engine.is_win(hand);
    if input.json {
        // The `hupai batch` answer with its decompositions: the same fields in the same order.
        match answer(&engine, &input.request(true)) {
            Ok(line) => say!(out, "{line}"),
            Err(e) => {
                complain!(
                    "hupai: {}",
                    super::errors::localized(&e.to_string(), input.lang)
                );
                return 2;
            }
        }
        return if win { 0 } else { 1 };
    }
    let w = input.lang.words();
    say!(out, "{}", input.header());
    let shanten = engine.shanten(hand);
    let all = decompositions(&engine, hand, MAX_DECOMPOSITIONS);
    if let Some(d) = all.first().filter(|_| win) {
        say!(
            out,
            "{hand}: {} ({}), {} {}",
            w.win,
            w.form(d.form),
            hand.wildcards(),
            w.wildcards
        );
        for line in describe(d, w) {
            say!(out, "  {line}");
        }
        if all.len() > 1 {
            say!(out, "  {}", w.decompositions(all.len()));
        }
    } else if hand.is_complete_count() {
        say!(out, "{hand}: {}, {}", w.not_win, w.shanten(shanten));
    } else {
        let waits = engine.waits(hand);
        if waits.is_empty() {
            say!(
                out,
                "{hand}: {} {}, {} ({})",
                hand.concealed_len(),
                w.tiles,
                w.not_tenpai,
                w.shanten(shanten)
            );
        } else {
            let names: Vec<String> = waits.iter().map(|t| t.to_string()).collect();
            say!(
                out,
                "{hand}: {} {}, {}, {} {}",
                hand.concealed_len(),
                w.tiles,
                w.tenpai,
                w.waits_on,
                names.join(" ")
            );
        }
    }
    if win {
        0
    } else {
        1
    }
}
