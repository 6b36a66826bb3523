//! The exact odds of a tiny wall, by brute force: the true wall multiset, draws without
//! replacement, every discard tried at every step (wildcards too), the best for each horizon
//! on its own. The engine's win and shanten answers are the predicates (they are tested
//! against their own references); nothing else of the odds model is used.

use hupai::{Engine, Hand, Tile};
use std::collections::HashMap;

/// The question.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    Tenpai,
    Win,
}

fn key(c: &[u8; 34]) -> u128 {
    c.iter()
        .enumerate()
        .fold(0u128, |k, (i, &x)| k | (x as u128) << (3 * i))
}

/// A brute-force solver over one engine, with its memo.
pub struct Exact<'a, 'e> {
    engine: &'a Engine<'e>,
    goal: Goal,
    memo: HashMap<(u128, u128, u8), f64>,
}

impl<'a, 'e> Exact<'a, 'e> {
    pub fn new(engine: &'a Engine<'e>, goal: Goal) -> Self {
        Exact {
            engine,
            goal,
            memo: HashMap::new(),
        }
    }

    /// The chance for a 13-tile hand to reach the goal within `m` draws from `wall`.
    pub fn v13(&mut self, h: &Hand, wall: &[u8; 34], m: u8) -> f64 {
        if self.goal == Goal::Tenpai && self.engine.shanten(h) <= 0 {
            return 1.0;
        }
        if m == 0 {
            return 0.0;
        }
        let k = (key(h.counts()), key(wall), m);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        let total: u32 = wall.iter().map(|&x| x as u32).sum();
        let mut v = 0.0;
        for x in 0..34 {
            if wall[x] == 0 {
                continue;
            }
            let mut w = *wall;
            w[x] -= 1;
            let h14 = h
                .with_tile(Tile::from_index(x))
                .expect("a tile of the wall");
            v += wall[x] as f64 / total as f64 * self.v14(&h14, &w, m - 1);
        }
        self.memo.insert(k, v);
        v
    }

    /// The chance for a 14-tile hand (after a draw) to reach the goal within `m` more draws,
    /// with its best discard.
    pub fn v14(&mut self, h: &Hand, wall: &[u8; 34], m: u8) -> f64 {
        if self.goal == Goal::Win && self.engine.is_win(h) {
            return 1.0;
        }
        let mut best = 0.0f64;
        for t in Tile::all() {
            if let Some(c) = h.without_tile(t) {
                best = best.max(self.v13(&c, wall, m));
            }
        }
        best
    }
}
