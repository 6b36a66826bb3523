//! The odds per discard (`Engine::odds`), timed side by side in one run: the
//! 何切るシミュレーター's hands up to 3-shanten without options, with each option and with
//! both (17 draws), and the plain model beside the simulator's model on the same hands.
//! (`examples/odds_cost.rs` prints the full tables, 4-shanten, wildcards and peak memory.)
//!
//! The expected points beside the plain odds (`odds-expected`).
//!
//! Run: `cargo bench --bench odds` (about a minute and a half).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hupai::{Engine, Hand, OddsOptions, OddsScore, Rules, Tile, WallModel, Win};
use std::hint::black_box;
use std::time::Duration;

const HANDS: [&str; 6] = [
    "222567m34p33667s",
    "12455m34567p6777s",
    "12577m22246p445s",
    "12577m222468p445s",
    "12m479p13469s155z",
    "128m2479p1469s155z",
];

fn odds(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let mut g = c.benchmark_group("odds");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    for text in HANDS {
        let hand: Hand = text.parse().unwrap();
        for (name, backward, sideways, model) in [
            ("none", false, false, WallModel::Unseen),
            ("none-simulator", false, false, WallModel::Simulator),
            ("backward", true, false, WallModel::Unseen),
            ("sideways", false, true, WallModel::Unseen),
            ("both", true, true, WallModel::Unseen),
        ] {
            let opts = OddsOptions {
                backward,
                sideways,
                model,
                ..OddsOptions::default()
            };
            g.bench_with_input(BenchmarkId::new(name, text), &hand, |b, h| {
                b.iter(|| black_box(engine.odds(black_box(h), &[0; 34], &opts).unwrap()))
            });
        }
    }
    g.finish();
}

/// The expected points (`Engine::odds_scored`, riichi) beside the plain odds on the same
/// hands with both options: the third induction and a score per winning draw.
fn expected(c: &mut Criterion) {
    let engine = Engine::new(Rules::riichi());
    let score = OddsScore {
        win: Win {
            riichi: true,
            dora: vec![Tile::parse("3p").unwrap()],
            ..Win::default()
        },
        calls: vec![],
        red: [0; 3],
    };
    let mut g = c.benchmark_group("odds-expected");
    g.sample_size(10).measurement_time(Duration::from_secs(2));
    let opts = OddsOptions::default();
    for text in HANDS {
        let hand: Hand = text.parse().unwrap();
        g.bench_with_input(BenchmarkId::new("both", text), &hand, |b, h| {
            b.iter(|| black_box(engine.odds(black_box(h), &[0; 34], &opts).unwrap()))
        });
        g.bench_with_input(BenchmarkId::new("both+expected", text), &hand, |b, h| {
            b.iter(|| {
                black_box(
                    engine
                        .odds_scored(black_box(h), &[0; 34], &opts, &score)
                        .unwrap(),
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, odds, expected);
criterion_main!(benches);
