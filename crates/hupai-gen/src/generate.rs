//! The generation of one group table: distances for every vector and target shape, and
//! what the runtime derives from them (see the crate documentation for the definitions).

use crate::layout::{bit_run_key, idx5, Layout, POW5};
use crate::{
    lane, pack_entry, pack_lanes, GroupData, GroupSpec, TableData, LANES, MAX_TILES, W_NONE,
};
use crate::{FORMAT_VERSION, GENERATOR_VERSION};

/// Enumerates the targets of `m` melds + `p` pairs as uncapped count vectors.
fn targets(spec: GroupSpec, m: usize, p: usize) -> Vec<[u8; 9]> {
    fn rec(shapes: &[[u8; 9]], start: usize, left: usize, cur: [u8; 9], out: &mut Vec<[u8; 9]>) {
        if left == 0 {
            out.push(cur);
            return;
        }
        for k in start..shapes.len() {
            let mut c = cur;
            for i in 0..9 {
                c[i] += shapes[k][i];
            }
            rec(shapes, k, left - 1, c, out);
        }
    }
    let shapes = spec.meld_shapes();
    let mut melds = Vec::new();
    rec(&shapes, 0, m, [0; 9], &mut melds);
    if p == 0 {
        return melds;
    }
    let mut out = Vec::with_capacity(melds.len() * spec.slots());
    for t in melds {
        for i in 0..spec.slots() {
            if spec.pair_slots() >> i & 1 == 1 {
                let mut c = t;
                c[i] += 2;
                out.push(c);
            }
        }
    }
    out
}

/// `U_e(c; m, p)` for every vector (in `vectors` order) and every `e` in `0..=emax`.
fn distances(
    spec: GroupSpec,
    vectors: &[[u8; 9]],
    m: usize,
    p: usize,
    emax: usize,
) -> Vec<Vec<u8>> {
    let n = spec.slots();
    let size = POW5[n];
    let size_t = 3 * m + 2 * p;
    // Vectors bucketed by total, as base-5 indices.
    let mut by_total: Vec<Vec<(usize, [u8; 9])>> = vec![Vec::new(); MAX_TILES + 1];
    for c in vectors {
        let t: usize = c.iter().map(|&x| x as usize).sum();
        by_total[t].push((idx5(&c[..n]), *c));
    }
    // Excess of each target, and its capped index.
    let mut capped: Vec<(usize, usize)> = targets(spec, m, p)
        .iter()
        .map(|t| {
            let ex: usize = t[..n].iter().map(|&x| (x as usize).saturating_sub(4)).sum();
            let mut cap = [0u8; 9];
            for i in 0..n {
                cap[i] = t[i].min(4);
            }
            (ex, idx5(&cap[..n]))
        })
        .collect();
    capped.sort_unstable();
    let mut inside = vec![false; size];
    let mut best = vec![0u8; size];
    let mut out = Vec::with_capacity(emax + 1);
    let mut next = 0;
    for e in 0..=emax {
        // Targets are added level by level: the closure of level e contains that of e - 1.
        while next < capped.len() && capped[next].0 <= e {
            inside[capped[next].1] = true;
            next += 1;
        }
        for bucket in by_total.iter().rev() {
            for (ix, c) in bucket {
                if inside[*ix] {
                    for i in 0..n {
                        if c[i] > 0 {
                            inside[ix - POW5[i]] = true;
                        }
                    }
                }
            }
        }
        for (t, bucket) in by_total.iter().enumerate() {
            for (ix, c) in bucket {
                best[*ix] = if inside[*ix] {
                    t as u8
                } else {
                    let mut b = 0;
                    for i in 0..n {
                        if c[i] > 0 {
                            b = b.max(best[ix - POW5[i]]);
                        }
                    }
                    b
                };
            }
        }
        out.push(
            vectors
                .iter()
                .map(|c| (size_t - best[idx5(&c[..n])] as usize) as u8)
                .collect(),
        );
    }
    out
}

/// Generates the table of one group spec. `progress` is called with a fraction done.
pub fn generate_group(spec: GroupSpec, progress: &mut dyn FnMut(f64)) -> GroupData {
    let layout = Layout::new(spec);
    let vectors = layout.vectors();
    let emax = spec.explored_excess();
    // u[lane][e][vector]
    let mut u: Vec<Vec<Vec<u8>>> = Vec::with_capacity(LANES);
    for p in 0..2 {
        for m in 0..5 {
            u.push(distances(spec, &vectors, m, p, emax));
            progress((u.len()) as f64 / LANES as f64);
        }
    }
    let mut shanten = Vec::with_capacity(vectors.len());
    let mut win = Vec::with_capacity(vectors.len());
    let mut profiles = Vec::new();
    for (v, c) in vectors.iter().enumerate() {
        let total: usize = c.iter().map(|&x| x as usize).sum();
        let mut u0 = [0u8; LANES];
        let mut saving = [0u8; LANES];
        let mut excess = 0usize;
        for l in 0..LANES {
            u0[l] = u[l][0][v];
            saving[l] = u0[l] - u[l][emax][v];
            let first = (0..=emax)
                .find(|&e| u[l][e][v] == u[l][emax][v])
                .unwrap_or(0);
            excess = excess.max(first);
        }
        assert!(
            excess < emax || emax == 1,
            "explored excess too small for {spec}"
        );
        shanten.push(pack_entry(&u0, &saving, excess as u8));
        // W0 / W1: every tile used (best == total), fewest wildcards over m.
        let mut w = [W_NONE; 2];
        for (p, wp) in w.iter_mut().enumerate() {
            for m in 0..5 {
                let size_t = 3 * m + 2 * p;
                if size_t >= total && u[lane(m, p)][emax][v] as usize == size_t - total {
                    *wp = (*wp).min((size_t - total) as u8);
                }
            }
        }
        win.push(w[0] | w[1] << 4);
        if excess >= 2 {
            assert!(excess <= 4, "profile longer than 5 levels");
            let mut prof = [0u64; 5];
            for (e, pr) in prof.iter_mut().enumerate() {
                let mut lanes = [0u8; LANES];
                for l in 0..LANES {
                    lanes[l] = u[l][e.min(emax)][v];
                }
                *pr = pack_lanes(&lanes);
            }
            profiles.push((bit_run_key(&c[..spec.slots()]), prof));
        }
        let _ = total;
    }
    profiles.sort_unstable_by_key(|x| x.0);
    GroupData {
        spec,
        shanten,
        win,
        profiles,
    }
}

/// Generates the tables of `specs` (the whole default set: [`GroupSpec::ALL`]).
pub fn generate_all(specs: &[GroupSpec], progress: &mut dyn FnMut(GroupSpec, f64)) -> TableData {
    let groups = specs
        .iter()
        .map(|&k| generate_group(k, &mut |f| progress(k, f)))
        .collect();
    TableData {
        format: FORMAT_VERSION,
        generator: GENERATOR_VERSION,
        groups,
    }
}
