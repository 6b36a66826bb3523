//! A first program with the hupai crate: the shanten of each hand of a file (MPSZ, one a line)
//! and the ukeire of the 13-tile ones, as JSON lines. `scripts/package-check rust` builds it in
//! a fresh project that depends on the packaged crate and compares its answers with
//! `hupai batch`.
//!
//! `cargo run --release --example first_program -- hands.txt`

use hupai::{parse_tiles, Engine, Rules, TileSet};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: first_program HANDS.txt");
        return ExitCode::from(2);
    };
    match run(&path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{path}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    // One engine for every hand (Copy + Sync: share it between threads).
    let engine = Engine::new(Rules::riichi());
    for hand in text.split_whitespace() {
        let counts = parse_tiles(hand).map_err(|e| format!("{hand}: {e}"))?;
        let shanten = engine.shanten_counts(&counts, TileSet::EMPTY)?;
        let tiles: u32 = counts.iter().map(|&n| u32::from(n)).sum();
        if tiles == 13 {
            let ukeire = engine.ukeire_counts(&counts, TileSet::EMPTY, &[0; 34])?;
            println!(
                r#"{{"hand": "{hand}", "shanten": {shanten}, "ukeire": {}}}"#,
                ukeire.count
            );
        } else {
            println!(r#"{{"hand": "{hand}", "shanten": {shanten}}}"#);
        }
    }
    Ok(())
}
