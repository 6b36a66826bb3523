//! Backward induction over the graph, every horizon in one pass: a node holds one value per
//! number of draws left, so a layer (a draw's place from the start, with its denominator)
//! walks each edge once for every horizon, and each horizon's play is optimal on its own.

use super::graph::Graph;

/// The question a pass answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Tenpai reached within the draws (a tenpai node is done).
    Tenpai,
    /// A win within the draws (a winning draw is done).
    Win,
    /// The expected worth of a win within the draws (a winning draw is done, worth its
    /// `Graph::values` entry; the play maximises the expectation).
    Score,
}

/// Nodes a layer needs, at least, before its work is split between threads (a thread's
/// start costs tens of microseconds; a node's values a few hundred nanoseconds).
pub(crate) const NODES_PER_THREAD: usize = 4096;

/// The values of the first `roots` nodes, for 1..=K draws (`denominators[j]`: the tiles the
/// `j`-th draw, from 0, is drawn among; K = their number). With `layers`, every layer's values
/// are kept there too (`layers[j][n * (K + 1) + m]`: node `n` before draw `j` with `m` draws
/// left), for replaying the policy (the tests' Monte Carlo). A layer's nodes are split
/// between up to `threads` threads (each node's values depend on the next layer's only, and
/// each thread writes its own nodes' rows: the answers are the same bits whatever the count).
pub(crate) fn solve(
    g: &Graph,
    roots: usize,
    denominators: &[u32],
    goal: Goal,
    threads: usize,
    mut layers: Option<&mut Vec<Vec<f64>>>,
) -> Vec<Vec<f64>> {
    let k = denominators.len();
    let stride = k + 1;
    let n = g.nodes.len();
    let pass = Pass { g, goal, stride };
    // Layer K: no draw left; a node is worth 1 when it is done.
    let mut old = vec![0f64; n * stride];
    for i in 0..n {
        if pass.done(i) {
            old[i * stride..(i + 1) * stride].fill(1.0);
        }
    }
    let mut new = old.clone();
    if let Some(l) = layers.as_mut() {
        l.clear();
        l.resize(k + 1, Vec::new());
        l[k] = old.clone();
    }
    let threads = threads.clamp(1, (n / NODES_PER_THREAD).max(1));
    for j in (0..k).rev() {
        let d = denominators[j] as f64;
        if threads == 1 {
            pass.nodes(0, &mut new, &old, j, k, d);
        } else {
            // Contiguous runs of nodes, one a thread; each writes its own rows of `new`.
            let per = n.div_ceil(threads);
            let old = &old;
            std::thread::scope(|s| {
                for (t, rows) in new.chunks_mut(per * stride).enumerate() {
                    let pass = &pass;
                    s.spawn(move || pass.nodes(t * per, rows, old, j, k, d));
                }
            });
        }
        std::mem::swap(&mut old, &mut new);
        if let Some(l) = layers.as_mut() {
            l[j] = old.clone();
        }
    }
    (0..roots)
        .map(|r| old[r * stride + 1..(r + 1) * stride].to_vec())
        .collect()
}

/// One pass's question over one graph.
struct Pass<'g> {
    g: &'g Graph,
    goal: Goal,
    /// Values a node holds: one for each number of draws left, 0..=K.
    stride: usize,
}

impl Pass<'_> {
    /// Whether node `i` has its answer (a tenpai node, when tenpai is the question).
    fn done(&self, i: usize) -> bool {
        self.goal == Goal::Tenpai && self.g.nodes[i].shanten <= 0
    }

    /// The values before draw `j` (of `k`, drawn among `d` tiles) of the nodes whose rows
    /// `rows` holds, the first being node `first`, from the next layer's values `old`.
    fn nodes(&self, first: usize, rows: &mut [f64], old: &[f64], j: usize, k: usize, d: f64) {
        let (g, goal, stride) = (self.g, self.goal, self.stride);
        let left = k - j;
        let mut acc = vec![0f64; stride];
        let mut best = vec![0f64; stride];
        for (local, out_row) in rows.chunks_mut(stride).enumerate() {
            let i = first + local;
            let node = g.nodes[i];
            // A node first reached after `depth` draws has no value before them; with fewer
            // draws left than it needs (a win s + 1, tenpai s) its values stay 0.
            let wins = goal != Goal::Tenpai;
            let need = node.shanten.max(0) as usize + wins as usize;
            let lo = need.max(1);
            if node.depth as usize > j || self.done(i) || lo > left {
                continue;
            }
            let draws = g.draws_of(i);
            let row = i * stride;
            // A useful draw's chance is its weight over the tiles left; the other draws share
            // what is left, by weight (docs/ODDS.md, "The draws"): the tiles drawn and thrown
            // back earlier are counted among them, so that no chance exceeds the tiles left,
            // and an option that turns a stay into a move moves no chance between draws.
            let useful = node.useful as f64;
            let scale = 1.0 / d.max(useful);
            let rest = 1.0 - useful * scale;
            let other = if node.other == 0 {
                0.0
            } else {
                rest / node.other as f64
            };
            let mut taken = 0.0;
            // Values for lo..=left draws left, from the next layer's at one draw fewer.
            let span = lo..=left;
            let before = row + lo - 1..row + left;
            acc[span.clone()].fill(0.0);
            let first_draw = node.first as usize;
            for (at, dr) in draws.iter().enumerate() {
                let p = dr.weight as f64 * if dr.useful { scale } else { other };
                taken += p;
                if wins && dr.win {
                    let worth = if goal == Goal::Score {
                        g.values[first_draw + at]
                    } else {
                        1.0
                    };
                    for a in &mut acc[span.clone()] {
                        *a += p * worth;
                    }
                    continue;
                }
                // The best discard for each horizon: the drawn tile itself (the node again)
                // or an allowed one.
                best[span.clone()].copy_from_slice(&old[before.clone()]);
                for &c in g.kids_of(dr) {
                    let cr = c as usize * stride;
                    let kid = &old[cr + lo - 1..cr + left];
                    // `if v > b` rather than `f64::max` (whose NaN rule keeps it from SIMD):
                    // the values are never NaN, so both give the same.
                    for (b, &v) in best[span.clone()].iter_mut().zip(kid) {
                        if v > *b {
                            *b = v;
                        }
                    }
                }
                for (a, &b) in acc[span.clone()].iter_mut().zip(&best[span.clone()]) {
                    *a += p * b;
                }
            }
            let stay = (1.0 - taken).max(0.0);
            // Chances are clamped: a sum of products in [0, 1] may round a hair past 1.
            let cap = if goal == Goal::Score {
                f64::INFINITY
            } else {
                1.0
            };
            let out = &mut out_row[lo..=left];
            for ((o, &a), &v) in out.iter_mut().zip(&acc[span.clone()]).zip(&old[before]) {
                let x = a + stay * v;
                *o = if x > cap { cap } else { x };
            }
        }
    }
}
