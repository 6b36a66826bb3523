//! Start-up in fresh processes: `Engine::new` with the compiled-in tables, then the first
//! shanten and the first ukeire (each opens what it reads: the tables of the rules on the
//! first engine, nothing after). A tables' first use happens once per process, so each figure
//! is one run of a child process; the parent runs 100 and prints the medians.
//!
//! Run: `cargo bench --bench startup` (`scripts/startup` adds `hupai check`'s wall time and
//! memory).

use hupai::{Engine, Hand, Rules};
use std::process::Command;
use std::time::Instant;

const RUNS: usize = 100;

fn child() {
    let hand: Hand = "123m456p789s1122z".parse().expect("a hand");
    let start = Instant::now();
    let engine = Engine::new(Rules::riichi());
    let new = start.elapsed();
    let s = engine.shanten(&hand);
    let shanten = start.elapsed();
    let u = engine
        .ukeire(&hand, &[0; 34])
        .expect("a 13-tile hand")
        .count;
    let ukeire = start.elapsed();
    assert_eq!((s, u), (0, 4));
    println!(
        "{} {} {}",
        new.as_nanos(),
        shanten.as_nanos(),
        ukeire.as_nanos()
    );
}

fn main() {
    if std::env::var_os("HUPAI_STARTUP_CHILD").is_some() {
        return child();
    }
    let exe = std::env::current_exe().expect("this program");
    let mut runs: Vec<[f64; 3]> = (0..RUNS)
        .map(|_| {
            let out = Command::new(&exe)
                .env("HUPAI_STARTUP_CHILD", "1")
                .output()
                .expect("run a child");
            let text = String::from_utf8_lossy(&out.stdout);
            let v: Vec<f64> = text
                .split_whitespace()
                .map(|x| x.parse::<f64>().expect("nanoseconds") / 1000.0)
                .collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    let median = |k: usize, runs: &mut Vec<[f64; 3]>| {
        runs.sort_by(|a, b| a[k].total_cmp(&b[k]));
        runs[RUNS / 2][k]
    };
    println!("fresh processes, {RUNS} runs, medians (µs from the start of Engine::new):");
    println!(
        "  Engine::new (riichi, compiled-in tables)   {:8.1} µs",
        median(0, &mut runs)
    );
    println!(
        "  + first shanten                            {:8.1} µs",
        median(1, &mut runs)
    );
    println!(
        "  + first ukeire                             {:8.1} µs",
        median(2, &mut runs)
    );
}
