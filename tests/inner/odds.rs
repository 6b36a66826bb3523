//! The odds model's own policy played on shuffled true walls (a Monte Carlo): at each draw the
//! player takes the move the model's values pick (the private graph and its layers), and the
//! simulated win rate stands beside the model's value. docs/ODDS.md reports the gaps.

use super::reference::Rng;
use crate::odds::Policy;
use crate::{Engine, Hand, OddsOptions, Rules, Tile};

/// Plays the policy on `walls` shuffles of the unseen tiles; the share won within the horizon.
fn simulate(
    engine: &Engine,
    h: &Hand,
    policy: &Policy,
    draws: usize,
    walls: usize,
    seed: u64,
) -> f64 {
    let g = &policy.graph;
    let stride = draws + 1;
    let mut pool: Vec<usize> = Vec::new();
    for (i, v) in h.visible().iter().enumerate() {
        if engine.rules().in_play().contains(Tile::from_index(i)) {
            pool.extend(std::iter::repeat_n(i, 4 - *v as usize));
        }
    }
    let node_of = |hand: &Hand| g.keys[&crate::odds::graph::key(hand.counts())] as usize;
    let mut rng = Rng(seed);
    let mut won = 0usize;
    for _ in 0..walls {
        let mut hand = *h;
        let mut node = node_of(&hand);
        for j in 0..draws {
            // Draw j: a uniform tile of those not drawn yet (a partial shuffle).
            let pick = j + rng.below((pool.len() - j) as u64) as usize;
            pool.swap(j, pick);
            let x = pool[j];
            let t = Tile::from_index(x);
            let mut h14 = hand;
            h14.draw(t).expect("a tile of the wall");
            if engine.is_win(&h14) {
                won += 1;
                break;
            }
            let left = draws - j - 1;
            let next = &policy.layers[j + 1];
            let value = |n: usize| next[n * stride + left];
            // The drawn tile thrown back (the node again) unless an allowed discard is better.
            let mut best = (value(node), node);
            if let Some(d) = g.draws_of(node).iter().find(|d| d.kind as usize == x) {
                for &c in g.kids_of(d) {
                    if value(c as usize) > best.0 {
                        best = (value(c as usize), c as usize);
                    }
                }
            }
            if best.1 == node {
                continue;
            }
            // The discard that leads there.
            let thrown = Tile::all()
                .find(|&u| {
                    h14.without_tile(u)
                        .is_some_and(|c| node_of_opt(g, &c) == Some(best.1))
                })
                .expect("a kid is one discard away");
            h14.discard(thrown).unwrap();
            hand = h14;
            node = best.1;
        }
    }
    won as f64 / walls as f64
}

fn node_of_opt(g: &crate::odds::graph::Graph, hand: &Hand) -> Option<usize> {
    g.keys
        .get(&crate::odds::graph::key(hand.counts()))
        .map(|&n| n as usize)
}

#[test]
fn the_models_policy_on_shuffled_walls_wins_as_the_model_says() {
    let cases: [(Rules, &str, &str); 6] = [
        (Rules::riichi(), "123m456p789s1122z", ""),
        (Rules::riichi(), "23569m456p789s11z", ""),
        (Rules::riichi(), "222567m34p33667s", ""),
        (Rules::riichi(), "12577m22246p445s", ""),
        (Rules::nanchang(), "235599m4456p78s1z", "1z"),
        (Rules::hongzhong(), "139m24566p789s77z", ""),
    ];
    const WALLS: usize = 100_000;
    let mut report = Vec::new();
    for (i, (rules, text, jing)) in cases.iter().enumerate() {
        let engine = Engine::new(*rules);
        let mut b = Hand::builder(text).rules(rules);
        if !jing.is_empty() {
            b = b.jing(jing);
        }
        let h = b.build().unwrap();
        let opts = OddsOptions::default();
        let (odds, policy) = engine.odds_and_policy(&h, &[0; 34], &opts).unwrap();
        let k = odds.draws as usize;
        let model = odds.win[k - 1];
        let sim = simulate(&engine, &h, &policy, k, WALLS, 0x5eed + i as u64);
        // 100,000 walls: a standard error of at most 0.0016.
        report.push(format!(
            "{text}: model {model:.4}, simulated {sim:.4}, gap {:+.4}",
            sim - model
        ));
        assert!(
            (sim - model).abs() < 0.02,
            "{text}: model {model} vs simulated {sim}"
        );
    }
    eprintln!(
        "Monte Carlo, 100,000 walls a hand, 17 draws:\n  {}",
        report.join("\n  ")
    );
}
