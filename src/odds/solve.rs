//! Backward induction over the graph, every horizon and every question in one pass: a node
//! holds, for each number of draws left, its values side by side (the tenpai chance, the
//! win chance and, when asked, the expected score: the *lanes*), so a layer (a draw's place
//! from the start, with its denominator) walks each edge once for every horizon and every
//! question, and each horizon's and each question's play is optimal on its own.
//!
//! A layer is two sweeps: each choice's best discard (the most of its kids' values, lane by
//! lane), then each node's values (its draws' chances times the better of their choice and
//! the node itself: the drawn tile thrown back).

use super::graph::Graph;

/// The lanes: the tenpai chance, the win chance, the expected score (when asked; else not
/// kept) and one unused (so that a row is two 16-byte vectors a horizon).
pub(crate) const TENPAI: usize = 0;
pub(crate) const WIN: usize = 1;
pub(crate) const SCORE: usize = 2;

/// The lanes a value row holds: 2, or 4 with the expected score.
pub(crate) fn lanes(scored: bool) -> usize {
    if scored {
        4
    } else {
        2
    }
}

/// Nodes a layer needs, at least, before its work is split between threads (a thread's
/// start costs tens of microseconds; a node's values a few hundred nanoseconds).
pub(crate) const NODES_PER_THREAD: usize = 4096;

/// The values of the first `roots` nodes, for 1..=K draws (`denominators[j]`: the tiles the
/// `j`-th draw, from 0, is drawn among; K = their number): `[root][lane][k - 1]`, two or four
/// lanes ([`lanes`]). With `layers`, every layer's win values are kept there too
/// (`layers[j][n * (K + 1) + m]`: node `n` before draw `j` with `m` draws left), for
/// replaying the policy (the tests' Monte Carlo). A layer's choices and nodes are split
/// between up to `threads` threads (each value depends on the next layer's only, and each
/// thread writes its own rows: the answers are the same bits whatever the count).
pub(crate) fn solve(
    g: &Graph,
    roots: usize,
    denominators: &[u32],
    scored: bool,
    threads: usize,
    layers: Option<&mut Vec<Vec<f64>>>,
) -> Vec<Vec<Vec<f64>>> {
    if scored {
        solve_lanes::<4>(g, roots, denominators, threads, layers)
    } else {
        solve_lanes::<2>(g, roots, denominators, threads, layers)
    }
}

fn solve_lanes<const L: usize>(
    g: &Graph,
    roots: usize,
    denominators: &[u32],
    threads: usize,
    mut layers: Option<&mut Vec<Vec<f64>>>,
) -> Vec<Vec<Vec<f64>>> {
    let k = denominators.len();
    let n = g.nodes.len();
    // A node first reached after `depth` draws never has more than K - depth left: its row
    // holds 0..=K - depth, and a spare (spans are rounded up to an even count of rows, whole
    // vectors; the rows past `left` are never read). A choice is read one draw later.
    let nodes = Rows::new(g.nodes.iter().map(|x| k + 2 - x.depth as usize));
    let choices = Rows::new(g.choices.iter().map(|c| k + 1 - c.depth as usize));
    // Layer K: no draw left; a tenpai node is worth 1 in the tenpai lane. One row a node,
    // updated in place: once a layer's choices hold their best, a node's new values read
    // its own old ones and the choices' only.
    let mut values = vec![[0f64; L]; nodes.total()];
    for (i, node) in g.nodes.iter().enumerate() {
        if node.shanten <= 0 {
            for v in &mut values[nodes.of(i)] {
                v[TENPAI] = 1.0;
            }
        }
    }
    let mut best = vec![[0f64; L]; choices.total()];
    // The win lane of every node, K + 1 values each (0 past a node's row).
    let keep = |l: &mut Vec<Vec<f64>>, j: usize, v: &[[f64; L]]| {
        l[j] = (0..n)
            .flat_map(|i| {
                let row = &v[nodes.of(i)];
                (0..=k).map(move |m| row.get(m).map_or(0.0, |x| x[WIN]))
            })
            .collect();
    };
    if let Some(l) = layers.as_mut() {
        l.clear();
        l.resize(k + 1, Vec::new());
        keep(l, k, &values);
    }
    let threads = threads.clamp(1, (n / NODES_PER_THREAD).max(1));
    // A node's working rows (`Layer::nodes`), kept across layers on the caller's thread.
    let mut scratch = vec![0f64; scratch_len::<L>(k)];
    for j in (0..k).rev() {
        let layer = Layer {
            g,
            nodes: &nodes,
            choices: &choices,
            j,
            left: k - j,
            d: denominators[j] as f64,
        };
        choices.split(&mut best, threads, &mut [], |first, rows, _| {
            layer.choices(first, rows, &values)
        });
        nodes.split(
            &mut values,
            threads,
            &mut scratch,
            |first, rows, scratch| layer.nodes(first, rows, &best, scratch),
        );
        if let Some(l) = layers.as_mut() {
            keep(l, j, &values);
        }
    }
    (0..roots)
        .map(|r| {
            let row = &values[nodes.of(r)][1..=k];
            (0..L).map(|l| row.iter().map(|v| v[l]).collect()).collect()
        })
        .collect()
}

/// Where each node's (or choice's) row starts in one buffer of rows of lanes.
struct Rows {
    /// `at[i]..at[i + 1]`: row `i`.
    at: Vec<usize>,
}

impl Rows {
    fn new(lengths: impl Iterator<Item = usize>) -> Rows {
        let mut at = vec![0];
        let mut sum = 0;
        for len in lengths {
            sum += len;
            at.push(sum);
        }
        Rows { at }
    }

    fn total(&self) -> usize {
        *self.at.last().expect("a start")
    }

    /// Row `i`'s place.
    #[inline]
    fn of(&self, i: usize) -> std::ops::Range<usize> {
        self.at[i]..self.at[i + 1]
    }

    /// The rows of a run that starts at row `first` (`run`: its part of the buffer), each
    /// with its index.
    fn each<'r, T>(
        &'r self,
        first: usize,
        run: &'r mut [T],
    ) -> impl Iterator<Item = (usize, &'r mut [T])> + 'r {
        let mut rest = run;
        let mut i = first;
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            let (row, tail) = std::mem::take(&mut rest).split_at_mut(self.at[i + 1] - self.at[i]);
            rest = tail;
            i += 1;
            Some((i - 1, row))
        })
    }

    /// Runs `work(first, rows, scratch)` over the rows of `buffer`, in contiguous runs of
    /// rows, one a thread (the caller's thread takes the first, with `scratch`; the others a
    /// scratch of the same length of their own): `first` is the run's first row, `rows` the
    /// run's part of the buffer.
    fn split<T: Send, F: Fn(usize, &mut [T], &mut [f64]) + Sync>(
        &self,
        buffer: &mut [T],
        threads: usize,
        scratch: &mut [f64],
        work: F,
    ) {
        let count = self.at.len() - 1;
        if threads == 1 || count < NODES_PER_THREAD {
            work(0, buffer, scratch);
            return;
        }
        let len = scratch.len();
        let per = count.div_ceil(threads);
        let work = &work;
        std::thread::scope(|s| {
            let mut rest = buffer;
            let mut first = 0;
            let mut mine = None;
            while first < count {
                let last = (first + per).min(count);
                let (run, tail) = rest.split_at_mut(self.at[last] - self.at[first]);
                rest = tail;
                if first == 0 {
                    mine = Some(run);
                } else {
                    s.spawn(move || work(first, run, &mut vec![0.0; len]));
                }
                first = last;
            }
            work(0, mine.expect("a run"), scratch);
        });
    }
}

/// Flat values as rows of `L` lanes (whole arrays: a row's lane loop is one or two vectors).
#[inline]
fn lanes_of<const L: usize>(flat: &[f64]) -> impl Iterator<Item = &[f64; L]> {
    flat.chunks_exact(L)
        .map(|row| <&[f64; L]>::try_from(row).expect("L wide"))
}

/// The scratch [`Layer::nodes`] works in: two spans of rows, `K + 2` rows of `L` lanes each.
fn scratch_len<const L: usize>(k: usize) -> usize {
    2 * (k + 2) * L
}

/// One layer of the induction: the values before draw `j` (of `j + left`), drawn among `d`
/// tiles.
struct Layer<'g> {
    g: &'g Graph,
    /// Where the nodes' and the choices' rows are: one row of lanes for each number of draws
    /// left, from 0.
    nodes: &'g Rows,
    choices: &'g Rows,
    j: usize,
    left: usize,
    d: f64,
}

/// The fewest draws a hand at shanten `s` needs before any lane can be worth more than 0
/// (tenpai's: the win lanes need one more, and are 0 below it).
#[inline]
fn need(s: i8) -> usize {
    (s.max(0) as usize).max(1)
}

/// The end of the rows `lo..=left`, their count rounded up to an even one (a row is one
/// 16-byte vector with two lanes: two rows are what a loop step takes, with no scalar tail).
#[inline]
fn even_end(lo: usize, left: usize) -> usize {
    let count = left + 1 - lo;
    lo + count + (count & 1)
}

impl Layer<'_> {
    /// The best discard of each choice whose rows `rows` holds (the first being choice
    /// `first`), for every number of draws left after the draw its parents read: the most of
    /// its kids' values in the next layer `old`, lane by lane.
    fn choices<const L: usize>(&self, first: usize, rows: &mut [[f64; L]], old: &[[f64; L]]) {
        let (g, left) = (self.g, self.left);
        for (i, out) in self.choices.each(first, rows) {
            let c = g.choices[i];
            // Its parents are at its shanten or one above, reached no earlier than its depth.
            let lo = need(c.shanten);
            if c.depth as usize > self.j || lo > left || c.len == 0 {
                continue;
            }
            let end = even_end(lo, left);
            let out = out[lo - 1..end - 1].as_flattened_mut();
            out.fill(0.0);
            for &kid in g.kids_of_choice(&c) {
                let kr = self.nodes.at[kid as usize];
                let kid = old[kr + lo - 1..kr + end - 1].as_flattened();
                // A select rather than `f64::max` (whose NaN rule keeps it from SIMD): the
                // values are never NaN, so both give the same.
                for (b, &v) in out.iter_mut().zip(kid) {
                    *b = if v > *b { v } else { *b };
                }
            }
        }
    }

    /// The values of the nodes whose rows `rows` holds, the first being node `first`, from
    /// their own values of the next layer (in those rows, overwritten) and this layer's
    /// choices `best`.
    fn nodes<const L: usize>(
        &self,
        first: usize,
        rows: &mut [[f64; L]],
        best: &[[f64; L]],
        scratch: &mut [f64],
    ) {
        let (g, left) = (self.g, self.left);
        let (acc, before) = scratch.split_at_mut(scratch.len() / 2);
        // A win is worth 1 in the chances' lanes, its score in the score lane.
        let mut worth = [1.0; L];
        let mut caps = [1.0; L];
        if L > SCORE {
            caps[SCORE..].fill(f64::INFINITY);
            worth[SCORE + 1..].fill(0.0);
        }
        for (i, out_row) in self.nodes.each(first, rows) {
            let node = g.nodes[i];
            // A node first reached after `depth` draws has no value before them; with fewer
            // draws left than it needs its values stay 0.
            let lo = need(node.shanten);
            if node.depth as usize > self.j || lo > left {
                continue;
            }
            let end = even_end(lo, left);
            let own = &mut before[..(end - lo) * L];
            own.copy_from_slice(out_row[lo - 1..end - 1].as_flattened());
            let own = &*own;
            // A useful draw's chance is its weight over the tiles left; the other draws share
            // what is left, by weight (docs/ODDS.md, "The draws"): the tiles drawn and thrown
            // back earlier are counted among them, so that no chance exceeds the tiles left,
            // and an option that turns a stay into a move moves no chance between draws.
            let useful = node.useful as f64;
            let scale = 1.0 / self.d.max(useful);
            let rest = 1.0 - useful * scale;
            let other = if node.other == 0 {
                0.0
            } else {
                rest / node.other as f64
            };
            let mut taken = 0.0;
            let acc = &mut acc[..own.len()];
            acc.fill(0.0);
            for dr in g.draws_of(i) {
                let p = dr.weight as f64 * if dr.useful { scale } else { other };
                taken += p;
                if dr.win {
                    if L > SCORE {
                        worth[SCORE] = g.values[dr.choice as usize];
                    }
                    for a in acc.chunks_exact_mut(L) {
                        for l in 0..L {
                            a[l] += p * worth[l];
                        }
                    }
                    continue;
                }
                // The best discard for each horizon: the drawn tile itself (the node again)
                // or the choice's best.
                let cr = self.choices.at[dr.choice as usize];
                let choice = best[cr + lo - 1..cr + end - 1].as_flattened();
                for ((a, &c), &o) in acc.iter_mut().zip(choice).zip(own) {
                    *a += p * if c > o { c } else { o };
                }
            }
            let stay = (1.0 - taken).max(0.0);
            // Chances are clamped: a sum of products in [0, 1] may round a hair past 1.
            let (sums, olds) = (lanes_of::<L>(acc), lanes_of::<L>(own));
            for ((o, a), v) in out_row[lo..end].iter_mut().zip(sums).zip(olds) {
                for l in 0..L {
                    let x = a[l] + stay * v[l];
                    o[l] = if x > caps[l] { caps[l] } else { x };
                }
            }
            let out = &mut out_row[lo..end];
            if node.shanten <= 0 {
                for o in out.iter_mut() {
                    o[TENPAI] = 1.0;
                }
            }
        }
    }
}
