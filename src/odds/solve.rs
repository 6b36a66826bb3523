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
}

/// The values of the first `roots` nodes, for 1..=K draws (`denominators[j]`: the tiles the
/// `j`-th draw, from 0, is drawn among; K = their number).
pub(crate) fn solve(g: &Graph, roots: usize, denominators: &[u32], goal: Goal) -> Vec<Vec<f64>> {
    let k = denominators.len();
    let stride = k + 1;
    let n = g.nodes.len();
    let done = |i: usize| goal == Goal::Tenpai && g.nodes[i].shanten <= 0;
    // Layer K: no draw left; a node is worth 1 when it is done.
    let mut old = vec![0f64; n * stride];
    for i in 0..n {
        if done(i) {
            old[i * stride..(i + 1) * stride].fill(1.0);
        }
    }
    let mut new = old.clone();
    let mut acc = vec![0f64; stride];
    let mut best = vec![0f64; stride];
    for j in (0..k).rev() {
        let left = k - j;
        let d = denominators[j] as f64;
        for i in 0..n {
            if g.nodes[i].depth as usize > j || done(i) {
                continue;
            }
            let draws = g.draws_of(i);
            let row = i * stride;
            let mut total = 0u32;
            for dr in draws {
                total += dr.weight as u32;
            }
            // The moves' weights never take more than the tiles left (docs/ODDS.md): their
            // sum is at most the denominator, or it is the denominator.
            let denom = d.max(total as f64);
            acc[..=left].fill(0.0);
            for dr in draws {
                let p = dr.weight as f64 / denom;
                if goal == Goal::Win && dr.win {
                    for a in &mut acc[1..=left] {
                        *a += p;
                    }
                    continue;
                }
                // The best discard for each horizon: the drawn tile itself (the node again)
                // or an allowed one.
                best[1..=left].copy_from_slice(&old[row..row + left]);
                for &c in g.kids_of(dr) {
                    let cr = c as usize * stride;
                    for (b, &v) in best[1..=left].iter_mut().zip(&old[cr..cr + left]) {
                        *b = b.max(v);
                    }
                }
                for (a, &b) in acc[1..=left].iter_mut().zip(&best[1..=left]) {
                    *a += p * b;
                }
            }
            let stay = 1.0 - total as f64 / denom;
            let out = &mut new[row..row + stride];
            out[0] = old[row];
            for m in 1..=left {
                // Clamped: a sum of products in [0, 1] may round a hair past 1.
                out[m] = (acc[m] + stay * old[row + m - 1]).min(1.0);
            }
        }
        std::mem::swap(&mut old, &mut new);
    }
    (0..roots)
        .map(|r| old[r * stride + 1..(r + 1) * stride].to_vec())
        .collect()
}
