//! The graph of hands a player moves through, as the solver reads it: 13-tile *nodes*; each
//! node's *draws* that change it; and *choices*, the 14-tile hands after a draw, each with
//! the 13-tile hands its allowed discards lead to. A choice is one per 14-tile hand (and
//! detour bound), shared by every node whose draw makes it, so the best discard of a
//! 14-tile hand is found once a layer, not once for each of its parents (`build.rs` makes
//! the graph; `solve.rs` walks it).
//!
//! A node's draw list holds only the draws that are *moves*: a win, or a draw whose choice
//! leads somewhere other than back to the node. Every other draw is a *stay*: the player
//! discards the drawn tile and the hand is as before; the solver gives those draws the mass
//! the moves leave (`docs/ODDS.md`, "The model").

use super::options::WallModel;
use crate::tile::Counts;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A 13-tile node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Its shanten (0: tenpai).
    pub(crate) shanten: i8,
    /// Its fewest draws from a root (breadth first).
    pub(crate) depth: u8,
    /// It has declared riichi (the riichi player's model): only a win moves it.
    pub(crate) riichi: bool,
    /// The weights of its useful draws (those that lower shanten) and of the others, all
    /// kinds counted: the solver splits a draw's chance by them (docs/ODDS.md, "The draws").
    pub(crate) useful: u16,
    pub(crate) other: u16,
    /// Its draws: `draws[first..next node's first]`.
    pub(crate) first: u32,
}

/// A draw that moves: its kind, the kind's weight at the node, whether the 14 tiles win, and
/// (unless it wins) the choice it makes. Eight bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Draw {
    /// The choice, an index of `Graph::choices`; for a win, its worth's in `Graph::values`
    /// (when the graph has a win value).
    pub(crate) choice: u32,
    pub(crate) weight: u8,
    #[cfg_attr(not(test), allow(dead_code))] // read by the Monte Carlo of tests/inner/odds.rs
    pub(crate) kind: u8,
    pub(crate) win: bool,
    /// The draw lowers shanten (its chance is its weight over the tiles left).
    pub(crate) useful: bool,
}

/// A 14-tile hand after a draw: the nodes its allowed discards lead to
/// (`kids[first..first + len]`), its shanten and the fewest draws of a node that makes it
/// (the first layer the solver needs its best discard at).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice {
    pub(crate) first: u32,
    pub(crate) len: u8,
    pub(crate) shanten: i8,
    pub(crate) depth: u8,
}

/// The graph: nodes in breadth-first order (the roots first), their draws, the choices and
/// the choices' kids; with [`build`](super::build::build)'s `keep_keys`, each node's counts
/// key (what the tests replay a policy by).
#[derive(Debug, Default)]
pub(crate) struct Graph {
    pub(crate) nodes: Vec<Node>,
    pub(crate) draws: Vec<Draw>,
    pub(crate) choices: Vec<Choice>,
    pub(crate) kids: Vec<u32>,
    /// With a win value, what each winning draw is worth (a win's `Draw::choice` is its
    /// index here).
    pub(crate) values: Vec<f64>,
    pub(crate) keys: HashMap<u128, u32, BuildHasherDefault<KeyHasher>>,
}

impl Graph {
    /// The draws of node `n`.
    #[inline]
    pub(crate) fn draws_of(&self, n: usize) -> &[Draw] {
        let end = self
            .nodes
            .get(n + 1)
            .map_or(self.draws.len(), |x| x.first as usize);
        &self.draws[self.nodes[n].first as usize..end]
    }

    /// The kids of choice `c`.
    #[inline]
    pub(crate) fn kids_of_choice(&self, c: &Choice) -> &[u32] {
        &self.kids[c.first as usize..c.first as usize + c.len as usize]
    }

    /// The nodes a draw's allowed discards lead to (none for a win).
    #[inline]
    pub(crate) fn kids_of(&self, d: &Draw) -> &[u32] {
        if d.win {
            &[]
        } else {
            self.kids_of_choice(&self.choices[d.choice as usize])
        }
    }

    /// How many nodes each of the first `roots` nodes reaches (itself included): one walk
    /// for all of them, each node holding the set of roots that reach it (a bit a root; a
    /// node is walked again only when its set grows).
    pub(crate) fn reached(&self, roots: usize) -> Vec<usize> {
        debug_assert!(roots <= 64, "at most 34 distinct discards");
        let mut reach = vec![0u64; self.nodes.len()];
        let mut stack: Vec<u32> = (0..roots as u32).collect();
        for (r, m) in reach.iter_mut().take(roots).enumerate() {
            *m |= 1 << r;
        }
        while let Some(x) = stack.pop() {
            let from = reach[x as usize];
            for d in self.draws_of(x as usize) {
                for &k in self.kids_of(d) {
                    let to = &mut reach[k as usize];
                    if *to | from != *to {
                        *to |= from;
                        stack.push(k);
                    }
                }
            }
        }
        (0..roots)
            .map(|r| reach.iter().filter(|&&m| m >> r & 1 == 1).count())
            .collect()
    }
}

/// A hand's concealed counts in 3 bits a kind: the key nodes and choices are found by.
pub(crate) fn key(c: &Counts) -> u128 {
    c.iter()
        .enumerate()
        .fold(0u128, |k, (i, &x)| k | (x as u128) << (3 * i))
}

/// A multiply-and-fold hash for the `u128` keys (std's SipHash costs more than the lookups'
/// table work here; the keys are the engine's own, not an attacker's choice of collisions:
/// they are hands reachable from the query's hand).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (x ^ x >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 ^= self.0 >> 32;
    }
}

/// A map keyed by [`key`]s.
pub(crate) type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// The weight of kind `i` at a node holding `c`: the copies a draw can bring.
#[inline]
pub(crate) fn weight(
    model: WallModel,
    unseen: &Counts,
    start: &Counts,
    c: &Counts,
    i: usize,
) -> u8 {
    match model {
        // Unseen at the query, less the copies this hand holds beyond the query's hand.
        WallModel::Unseen => unseen[i].saturating_sub(c[i].saturating_sub(start[i])),
        // The simulator's: every copy not in this hand, the melds or `seen` (discards return).
        WallModel::Simulator => (unseen[i] + start[i]).saturating_sub(c[i]),
    }
}
