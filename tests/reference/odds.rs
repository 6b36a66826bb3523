//! The exact odds of a tiny wall, by brute force: the true wall multiset, draws without
//! replacement, every discard tried at every step (wildcards too), the best for each horizon
//! on its own. The engine's win and shanten answers are the predicates (they are tested
//! against their own references); nothing else of the odds model is used.

use super::hands::random_hand;
use super::Rng;
use hupai::{Engine, Hand, Tile};
use std::collections::HashMap;

/// The question.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    Tenpai,
    Win,
    /// The expected worth of a win ([`Exact::with_value`]'s function of the 14 tiles).
    Score,
}

fn key(c: &[u8; 34]) -> u128 {
    c.iter()
        .enumerate()
        .fold(0u128, |k, (i, &x)| k | (x as u128) << (3 * i))
}

/// What a win of 14 tiles is worth, given the tile drawn.
type Value<'a> = dyn Fn(&Hand, Tile) -> f64 + 'a;

/// A brute-force solver over one engine, with its memo.
pub struct Exact<'a, 'e> {
    engine: &'a Engine<'e>,
    goal: Goal,
    memo: HashMap<(u128, u128, u8), f64>,
    value: Option<Box<Value<'a>>>,
}

impl<'a, 'e> Exact<'a, 'e> {
    pub fn new(engine: &'a Engine<'e>, goal: Goal) -> Self {
        Exact {
            engine,
            goal,
            memo: HashMap::new(),
            value: None,
        }
    }

    /// The expected worth of a win, a win of 14 tiles `h` on drawing `x` being worth
    /// `value(h, x)` (taken as soon as drawn).
    pub fn with_value(engine: &'a Engine<'e>, value: impl Fn(&Hand, Tile) -> f64 + 'a) -> Self {
        Exact {
            engine,
            goal: Goal::Score,
            memo: HashMap::new(),
            value: Some(Box::new(value)),
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
            let after = match &self.value {
                Some(value) if self.engine.is_win(&h14) => value(&h14, Tile::from_index(x)),
                _ => self.v14(&h14, &w, m - 1),
            };
            v += wall[x] as f64 / total as f64 * after;
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

/// A random 13-tile hand near tenpai and a tiny wall of `r` tiles from the rest (the other
/// copies seen).
pub fn tiny_case(rng: &mut Rng, engine: &Engine, r: usize) -> (Hand, [u8; 34], [u8; 34]) {
    loop {
        let h = random_hand(rng, 13, 0, 0, engine.rules());
        let s = engine.shanten(&h);
        if !(0..=2).contains(&s) {
            continue;
        }
        let visible = h.visible();
        let mut pool: Vec<usize> = Vec::new();
        for i in 0..34 {
            for _ in visible[i]..4 {
                pool.push(i);
            }
        }
        // Mostly tiles that help: the improving kinds first, then any.
        let improving = engine.improving(&h);
        let mut wall = [0u8; 34];
        let mut n = 0;
        while n < r {
            let i = pool[rng.below(pool.len() as u64) as usize];
            let helps = improving.contains(Tile::from_index(i));
            if (helps || rng.below(3) == 0) && wall[i] + visible[i] < 4 {
                wall[i] += 1;
                n += 1;
            }
        }
        let mut seen = [0u8; 34];
        for i in 0..34 {
            seen[i] = 4 - visible[i] - wall[i];
        }
        return (h, wall, seen);
    }
}

/// The chance that a fixed wait of `a` live tiles wins within `k` draws, the `t`-th among
/// `r - t`: 1 - Π_{t<k} (1 - a / (r - t)) (the hypergeometric chance when `r` is the wall).
#[allow(dead_code)] // each test crate that includes the references uses a part of them
pub fn fixed_wait(a: u32, r: u32, k: u32) -> f64 {
    1.0 - (0..k)
        .map(|t| 1.0 - a as f64 / (r - t) as f64)
        .product::<f64>()
}
