//! `hupai check`: the verdict and one decomposition, in words a player reads.

use super::Input;
use hupai::protocol::{decomposition_json, MAX_DECOMPOSITIONS};
use hupai::Engine;
use hupai::{decompositions, Decomposition, SetKind};
use serde_json::json;
use std::fmt::Write as _;

fn set_words(kind: SetKind) -> &'static str {
    match kind {
        SetKind::Chow => "run",
        SetKind::Pung => "three of a kind",
        SetKind::Kong => "four of a kind",
        SetKind::Pair => "pair",
        SetKind::Single => "single",
    }
}

fn describe(d: &Decomposition) -> Vec<String> {
    d.sets
        .iter()
        .map(|s| {
            let tiles: String = s.slots.iter().map(|x| x.tile.to_string()).collect();
            let mut line = format!("{:<16} {}", set_words(s.kind), tiles);
            if s.declared {
                line.push_str("  (declared)");
            }
            for x in &s.slots {
                if let Some(w) = x.wildcard {
                    line.push_str(&format!("  wildcard {w} stands for {}", x.tile.name()));
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
    let shanten = engine.shanten(hand);
    let all = decompositions(&engine, hand, MAX_DECOMPOSITIONS);
    if input.json {
        let value = json!({
            "hand": hand.to_string(),
            "tiles": hand.concealed_len(),
            "win": win,
            "shanten": shanten,
            "wildcards": hand.wildcards(),
            "decompositions": all.iter().map(decomposition_json).collect::<Vec<_>>(),
        });
        say!(out, "{value}");
    } else if let Some(d) = all.first().filter(|_| win) {
        say!(
            out,
            "{hand}: WIN ({}), {} wildcard(s)",
            d.form.name(),
            hand.wildcards()
        );
        for line in describe(d) {
            say!(out, "  {line}");
        }
        if all.len() > 1 {
            say!(out, "  ({} readings in all; --json lists them)", all.len());
        }
    } else if hand.is_complete_count() {
        say!(out, "{hand}: not a win ({} shanten)", shanten);
    } else {
        let waits = engine.waits(hand);
        if waits.is_empty() {
            say!(
                out,
                "{hand}: {} tiles, not tenpai ({} shanten)",
                hand.concealed_len(),
                shanten
            );
        } else {
            let names: Vec<String> = waits.iter().map(|t| t.to_string()).collect();
            say!(
                out,
                "{hand}: {} tiles, tenpai, waits on {}",
                hand.concealed_len(),
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
