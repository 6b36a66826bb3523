//! The graph of hands a player can move through: 13-tile nodes, and for each the draws that
//! change it, each draw with the 13-tile hands its allowed discards lead to. Built breadth
//! first from a queue (no recursion, so no stack limit), within a state budget.
//!
//! A node's draw list holds only the draws that are *moves*: a win, or a draw after which
//! some allowed discard (other than the drawn tile) leads elsewhere. Every other draw is a
//! *stay*: the player discards the drawn tile and the hand is as before; the solver gives
//! those draws the mass the moves leave (`docs/ODDS.md`, "The model").

use super::options::{OddsError, OddsOptions, WallModel, MET_PER_STATE};
use crate::analysis::Engine;
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// A 13-tile node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Its shanten (0: tenpai).
    pub(crate) shanten: i8,
    /// Its fewest draws from a root (breadth first).
    pub(crate) depth: u8,
    /// Its draws: `draws[first..next node's first]`.
    pub(crate) first: u32,
    /// The weights of its useful draws (those that lower shanten) and of the others, all
    /// kinds counted: the solver splits a draw's chance by them (docs/ODDS.md, "The draws").
    pub(crate) useful: u16,
    pub(crate) other: u16,
}

/// A draw that moves: its kind, the kind's weight at the node, whether the 14 tiles win, and
/// the 13-tile hands its allowed discards lead to (`kids[first..first + len]`, at most 13).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Draw {
    pub(crate) first: u32,
    pub(crate) len: u8,
    pub(crate) weight: u8,
    #[cfg_attr(not(test), allow(dead_code))] // read by the Monte Carlo of tests/inner/odds.rs
    pub(crate) kind: u8,
    pub(crate) win: bool,
    /// The draw lowers shanten (its chance is its weight over the tiles left).
    pub(crate) useful: bool,
}

/// The graph: nodes in breadth-first order (the roots first), their draws and the draws' kids;
/// with [`build`]'s `keep_keys`, each node's counts key (what the tests replay a policy by).
#[derive(Debug, Default)]
pub(crate) struct Graph {
    pub(crate) nodes: Vec<Node>,
    pub(crate) draws: Vec<Draw>,
    pub(crate) kids: Vec<u32>,
    /// With a [`WinValue`]: what each draw's win is worth (0 for a draw that does not win),
    /// parallel to `draws`.
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

    /// The kids of a draw.
    #[inline]
    pub(crate) fn kids_of(&self, d: &Draw) -> &[u32] {
        &self.kids[d.first as usize..d.first as usize + d.len as usize]
    }

    /// How many nodes each of the first `roots` nodes reaches (itself included): one walk a
    /// root, over one stamp array.
    pub(crate) fn reached(&self, roots: usize) -> Vec<usize> {
        let mut stamp = vec![u32::MAX; self.nodes.len()];
        let mut stack = Vec::new();
        (0..roots)
            .map(|root| {
                let mark = root as u32;
                stamp[root] = mark;
                stack.push(root as u32);
                let mut n = 1;
                while let Some(x) = stack.pop() {
                    for d in self.draws_of(x as usize) {
                        for &k in self.kids_of(d) {
                            if stamp[k as usize] != mark {
                                stamp[k as usize] = mark;
                                n += 1;
                                stack.push(k);
                            }
                        }
                    }
                }
                n
            })
            .collect()
    }
}

/// A hand's concealed counts in 3 bits a kind: the key nodes are found by.
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

/// What is known of a 13-tile hand met as a candidate: its shanten, and its node if it is one.
#[derive(Clone, Copy)]
struct Known {
    shanten: i8,
    node: u32,
}

const NOT_A_NODE: u32 = u32::MAX;

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

/// Where a graph starts from: the query's hand and the tiles unseen by it (the weights count
/// from them), the shanten the detour bound counts from (a 13-tile query's own; a 14-tile
/// query's best discard's), and the horizon (nodes that cannot win within it are not
/// expanded).
pub(crate) struct Start {
    pub(crate) counts: Counts,
    pub(crate) unseen: Counts,
    pub(crate) reference: i8,
    pub(crate) draws: u32,
}

/// What a win is worth: the 14 tiles after the winning draw, and the tile drawn.
pub(crate) type WinValueFn<'v> = dyn Fn(&Hand, Tile) -> f64 + 'v;
/// A borrowed [`WinValueFn`].
pub(crate) type WinValue<'v> = &'v WinValueFn<'v>;

/// Nodes expanded between two looks at the caller's stop check (a few milliseconds).
const STOP_EVERY: usize = 1024;

/// Bytes the graph holds now, counted on capacities, with the backward induction's share
/// (two layers of `draws + 1` values a node, for each pass that runs at once: two with
/// threads) and the map and queue of hands met.
fn bytes_held(g: &Graph, known: usize, queue: usize, opts: &OddsOptions, draws: u32) -> usize {
    use std::mem::size_of;
    g.nodes.capacity() * size_of::<Node>()
        + g.draws.capacity() * size_of::<Draw>()
        + g.kids.capacity() * size_of::<u32>()
        + g.values.capacity() * size_of::<f64>()
        + known * (size_of::<(u128, Known)>() + 1)
        + queue * size_of::<(Hand, u128)>()
        + g.nodes.len() * 2 * size_of::<f64>() * (draws as usize + 1) * opts.passes_at_once()
}

/// Builds the graph from the 13-tile `roots` (all at depth 0); with `value`, each winning
/// draw's worth too (`Graph::values`). `stop` is asked every [`STOP_EVERY`] nodes.
pub(crate) fn build(
    engine: &Engine<'_>,
    roots: &[Hand],
    from: &Start,
    opts: &OddsOptions,
    keep_keys: bool,
    value: Option<WinValue<'_>>,
    stop: &dyn Fn() -> bool,
) -> Result<Graph, OddsError> {
    let (start, unseen) = (&from.counts, &from.unseen);
    let (reference, draws) = (from.reference, from.draws);
    // The budget counts a hand once per 17 draws: a longer horizon keeps more values a hand.
    let budget = opts.max_states.saturating_mul(18) / (draws as usize + 1).max(18);
    let mut g = Graph::default();
    let mut known: HashMap<u128, Known, BuildHasherDefault<KeyHasher>> =
        HashMap::with_capacity_and_hasher(4096, Default::default());
    let mut queue: VecDeque<(Hand, u128)> = VecDeque::new();
    if roots.len() > budget {
        return Err(OddsError::TooLarge {
            states: opts.max_states,
        });
    }
    for h in roots {
        let k = key(h.counts());
        if let Entry::Vacant(v) = known.entry(k) {
            let shanten = engine.shanten(h);
            v.insert(Known {
                shanten,
                node: g.nodes.len() as u32,
            });
            g.nodes.push(Node {
                shanten,
                depth: 0,
                first: 0,
                useful: 0,
                other: 0,
            });
            queue.push_back((*h, k));
        }
    }
    let bound = reference as i32 + opts.extra as i32;
    let horizon = draws as i32;
    let mut expanded = 0usize;
    while let Some((h, hk)) = queue.pop_front() {
        let n = expanded;
        expanded += 1;
        if expanded % STOP_EVERY == 0 {
            if stop() {
                return Err(OddsError::Stopped);
            }
            if bytes_held(&g, known.capacity(), queue.capacity(), opts, draws) > opts.max_bytes {
                return Err(OddsError::OverBudget {
                    bytes: opts.max_bytes,
                });
            }
        }
        g.nodes[n].first = g.draws.len() as u32;
        let Node { shanten, depth, .. } = g.nodes[n];
        let (s, d) = (shanten as i32, depth as i32);
        // Win needs s + 1 more draws; nothing left to gain past the horizon.
        if d >= horizon || d + s + 1 > horizon {
            continue;
        }
        // Kinds whose draw lowers shanten (a win counts: a tenpai hand's waits).
        let improving = engine.improving(&h).0;
        let c = *h.counts();
        let wild = h.wild();
        let real_held = (0..KINDS).any(|j| c[j] > 0 && !wild.contains(Tile::from_index(j)));
        for i in 0..KINDS {
            let w = weight(opts.model, unseen, start, &c, i);
            if w == 0 {
                continue;
            }
            let useful = improving >> i & 1 == 1;
            if useful {
                g.nodes[n].useful += w as u16;
            } else {
                g.nodes[n].other += w as u16;
            }
            // A draw that does not lower shanten moves only as a sideways draw (手変わり),
            // itself a detour.
            if !(useful || opts.sideways && d + 1 + s <= bound) {
                continue;
            }
            let t = Tile::from_index(i);
            let mut h14 = h;
            if h14.draw(t).is_err() {
                continue;
            }
            let win = useful && engine.is_win(&h14);
            let s14 = if win {
                -1
            } else if useful {
                engine.shanten(&h14) as i32
            } else {
                s
            };
            let first = g.kids.len() as u32;
            let c14 = *h14.counts();
            // A tenpai node's win ends both questions: its discards are never asked.
            let discards = if win && s == 0 { 0 } else { KINDS };
            for (j, &held) in c14.iter().enumerate().take(discards) {
                if j == i || held == 0 {
                    continue;
                }
                let tj = Tile::from_index(j);
                // A wildcard is never discarded while a real tile is held (docs/ODDS.md).
                if wild.contains(tj) && real_held {
                    continue;
                }
                let mut child = h14;
                child.discard(tj).expect("held");
                let k = hk + (1u128 << (3 * i)) - (1u128 << (3 * j));
                if known.len() >= budget.saturating_mul(MET_PER_STATE) {
                    return Err(OddsError::TooLarge {
                        states: opts.max_states,
                    });
                }
                let known_cap = known.capacity();
                let entry = match known.entry(k) {
                    Entry::Occupied(o) => o.into_mut(),
                    Entry::Vacant(v) => v.insert(Known {
                        shanten: engine.shanten(&child),
                        node: NOT_A_NODE,
                    }),
                };
                let sc = entry.shanten as i32;
                let forward = sc < s;
                let detour_allowed = d + 1 + sc <= bound
                    && if useful {
                        opts.backward && sc > s14
                    } else {
                        opts.sideways && (sc == s || opts.backward)
                    };
                if !(forward || (sc >= s14 && detour_allowed)) {
                    continue;
                }
                if entry.node == NOT_A_NODE {
                    if g.nodes.len() >= budget {
                        return Err(OddsError::TooLarge {
                            states: opts.max_states,
                        });
                    }
                    // Checked where the vectors grow (a node's push may double them).
                    if g.nodes.len() == g.nodes.capacity()
                        && bytes_held(&g, known_cap, queue.capacity(), opts, draws)
                            + g.nodes.capacity() * std::mem::size_of::<Node>()
                            > opts.max_bytes
                    {
                        return Err(OddsError::OverBudget {
                            bytes: opts.max_bytes,
                        });
                    }
                    entry.node = g.nodes.len() as u32;
                    g.nodes.push(Node {
                        shanten: sc as i8,
                        depth: depth + 1,
                        first: 0,
                        useful: 0,
                        other: 0,
                    });
                    queue.push_back((child, k));
                }
                g.kids.push(entry.node);
            }
            let len = g.kids.len() as u32 - first;
            if win || len > 0 {
                if let Some(v) = value {
                    g.values.push(if win { v(&h14, t) } else { 0.0 });
                }
                g.draws.push(Draw {
                    first,
                    len: len as u8,
                    weight: w,
                    kind: i as u8,
                    win,
                    useful,
                });
            }
        }
    }
    if keep_keys {
        g.keys = known
            .into_iter()
            .filter(|(_, k)| k.node != NOT_A_NODE)
            .map(|(key, k)| (key, k.node))
            .collect();
    }
    Ok(g)
}
