//! The table (`hupai::game`): whole hanchan self-played on one core, the legal actions worked
//! out at every decision — random players (a step is one decision of any seat), tsumogiri
//! players and efficiency (ukeire) players; a throughput of steps a second, and games a
//! second. The same figures as `hupai game selfplay --games N --agents A --json` prints
//! (docs/PERFORMANCE.md, "The table").
//!
//! Run: `cargo bench --bench game --features game`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai::game::{Agent, Game, GameRules, RandomAgent, Seed, Tsumogiri, UkeireAgent};
use std::time::Duration;

/// Games in each measured pass.
const GAMES: u64 = 20;

fn players(kind: &str, seed: u64) -> [Box<dyn Agent>; 4] {
    std::array::from_fn(|i| -> Box<dyn Agent> {
        match kind {
            "random" => Box::new(RandomAgent::new(seed * 4 + i as u64)),
            "tsumogiri" => Box::new(Tsumogiri),
            _ => Box::new(UkeireAgent),
        }
    })
}

/// Plays games `0..GAMES` and returns the steps taken.
fn play(kind: &str) -> u64 {
    let mut steps = 0;
    for g in 0..GAMES {
        let mut game = Game::new(GameRules::default(), Seed::from_u64(g));
        let mut agents = players(kind, g);
        while let Some(seat) = game.to_act().first() {
            let a = agents[seat as usize].act(&game, seat);
            game.step(seat, a).unwrap();
            game.clear_events();
            steps += 1;
        }
    }
    steps
}

fn bench(c: &mut Criterion) {
    for kind in ["random", "tsumogiri", "ukeire"] {
        let steps = play(kind);
        let mut g = c.benchmark_group(format!("game-{kind}"));
        g.measurement_time(Duration::from_secs(5)).sample_size(10);
        g.throughput(Throughput::Elements(steps));
        g.bench_function(format!("{GAMES}-hanchan"), |b| b.iter(|| play(kind)));
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
