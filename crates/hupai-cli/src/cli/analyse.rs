//! `hupai analyse`: what Tenhou's 牌理 page shows — shanten, and per discard the tiles that
//! advance the hand and how many remain; for 13-tile hands the waits, ukeire and 改良.

use super::input::Input;
use hupai::protocol::answer;
use hupai::{Engine, HandError, TileSet};
use std::fmt::Write as _;

fn tiles(set: TileSet) -> String {
    set.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the analysis into `out`; exit code 0, or 2 when the seen tiles and the hand show a kind more
/// than 4 times (the arguments already refuse that).
pub fn run(input: &Input, engine: Engine<'_>, out: &mut String) -> i32 {
    match print(input, engine, out) {
        Ok(()) => 0,
        Err(e) => {
            complain!("hupai: {e}");
            2
        }
    }
}

fn print(input: &Input, engine: Engine<'_>, out: &mut String) -> Result<(), HandError> {
    let hand = &input.hand;
    if input.json {
        say!(out, "{}", answer(&engine, &input.request(false))?);
        return Ok(());
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
                None => format!("{} {}", f.name(), w.never),
                Some(s) => format!("{} {s}", f.name()),
            })
            .collect();
        say!(out, "  {}: {}", w.per_form, parts.join(", "));
    }
    if hand.is_complete_count() {
        say!(out, "  {}", w.discard_head);
        for d in engine.discards(hand, &input.seen)? {
            say!(
                out,
                "  {:>4}     ->  {:<10} {} ({})",
                d.tile.to_string(),
                w.shanten(d.shanten),
                tiles(d.ukeire.tiles),
                d.ukeire.count
            );
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
        let better = engine.improvements(hand, &input.seen)?;
        if !better.is_empty() {
            let list: Vec<String> = better.iter().map(|(t, n)| format!("{t}->{n}")).collect();
            say!(out, "  {}: {}", w.improvements, list.join(" "));
        }
    }
    Ok(())
}
