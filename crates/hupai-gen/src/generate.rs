//! The generation of one group table: distances for every vector and target shape, and
//! what the runtime derives from them (see the crate documentation for the definitions).

use crate::layout::{bit_run_key, slot_weight, Layout};
use crate::{
    lane, pack_entry, pack_lanes, GroupData, GroupSpec, TableData, LANES, LANE_NONE, MAX_TILES,
    W_NONE,
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

/// The vectors of a group as a lattice, by rank: each vector's total, the ranks in order of
/// total, and each vector's children (the vectors with one tile fewer).
struct Lattice {
    total: Vec<u8>,
    by_total: Vec<u32>,
    child_start: Vec<u32>,
    children: Vec<u32>,
}

impl Lattice {
    fn new(layout: &Layout, vectors: &[[u8; 9]]) -> Lattice {
        let n = layout.spec.slots();
        let total: Vec<u8> = vectors.iter().map(|c| c.iter().sum()).collect();
        let mut by_total: Vec<u32> = (0..vectors.len() as u32).collect();
        by_total.sort_by_key(|&v| total[v as usize]);
        let mut child_start = Vec::with_capacity(vectors.len() + 1);
        let mut children = Vec::with_capacity(vectors.len() * 6);
        for c in vectors {
            child_start.push(children.len() as u32);
            let key = layout.key(c);
            for (i, &x) in c[..n].iter().enumerate() {
                if x > 0 {
                    children.push(layout.rank_of_key(key - slot_weight(i)) as u32);
                }
            }
        }
        child_start.push(children.len() as u32);
        Lattice {
            total,
            by_total,
            child_start,
            children,
        }
    }

    fn children(&self, v: usize) -> &[u32] {
        &self.children[self.child_start[v] as usize..self.child_start[v + 1] as usize]
    }
}

/// `U_e(c; m, p)` for every vector (in rank order) and every `e` in `0..=emax`.
///
/// Level 0 is two passes over the lattice: the downward closure of the targets, then `best`
/// (the largest sub-vector inside the closure) as a max over children. Each further level only
/// adds targets, so it grows the closure from the new targets and raises `best` upwards from
/// what changed, which touches few vectors.
fn distances(
    spec: GroupSpec,
    layout: &Layout,
    vectors: &[[u8; 9]],
    lattice: &Lattice,
    m: usize,
    p: usize,
    emax: usize,
) -> Vec<Vec<u8>> {
    let n = spec.slots();
    let size_t = (3 * m + 2 * p) as u8;
    // Excess of each target, and the rank of its capped vector.
    let mut capped: Vec<(usize, usize)> = targets(spec, m, p)
        .iter()
        .map(|t| {
            let ex: usize = t[..n].iter().map(|&x| (x as usize).saturating_sub(4)).sum();
            let mut cap = [0u8; 9];
            for i in 0..n {
                cap[i] = t[i].min(4);
            }
            (ex, layout.rank(&cap))
        })
        .collect();
    capped.sort_unstable();
    if capped.is_empty() {
        // No target of this shape (a pair where the spec allows none): unreachable.
        return vec![vec![LANE_NONE; vectors.len()]; emax + 1];
    }
    let level = |e: usize| capped.iter().filter(move |t| t.0 == e).map(|t| t.1);
    let total = &lattice.total;
    let mut inside = vec![false; vectors.len()];
    for v in level(0) {
        inside[v] = true;
    }
    for &v in lattice.by_total.iter().rev() {
        if inside[v as usize] {
            for &c in lattice.children(v as usize) {
                inside[c as usize] = true;
            }
        }
    }
    let mut best = vec![0u8; vectors.len()];
    for &v in &lattice.by_total {
        let v = v as usize;
        best[v] = if inside[v] {
            total[v]
        } else {
            let mut b = 0;
            for &c in lattice.children(v) {
                b = b.max(best[c as usize]);
            }
            b
        };
    }
    let mut out = Vec::with_capacity(emax + 1);
    out.push(best.iter().map(|&b| size_t - b).collect::<Vec<u8>>());
    for e in 1..=emax {
        let mut down: Vec<usize> = level(e).filter(|&v| !inside[v]).collect();
        let mut up = Vec::new();
        for &v in &down {
            inside[v] = true;
        }
        while let Some(v) = down.pop() {
            if best[v] < total[v] {
                best[v] = total[v];
                up.push(v);
            }
            for &c in lattice.children(v) {
                if !inside[c as usize] {
                    inside[c as usize] = true;
                    down.push(c as usize);
                }
            }
        }
        let mut u = out[e - 1].clone();
        while let Some(v) = up.pop() {
            u[v] = size_t - best[v];
            let c = &vectors[v];
            if total[v] as usize == MAX_TILES {
                continue;
            }
            let key = layout.key(c);
            for (i, &x) in c[..n].iter().enumerate() {
                if x < 4 {
                    let parent = layout.rank_of_key(key + slot_weight(i));
                    if best[parent] < best[v] {
                        best[parent] = best[v];
                        up.push(parent);
                    }
                }
            }
        }
        out.push(u);
    }
    out
}

/// What the specs of one generation share: per group size the vectors and their lattice, and
/// per meld set (slots and runs) the pair-free distances, explored to the largest excess any
/// of the specs asks — so 258将's suit table, which differs from the plain one only where a
/// pair sits, costs half a table.
/// A meld set: the slots of a group and its runs (specs that share it share their pair-free
/// distances).
type MeldSet = (usize, &'static [[u8; 3]]);

/// `U_e` per excess level `e`, per vector (by rank).
type Levels = Vec<Vec<u8>>;

struct Shared {
    /// Per group size: its layout (of the first spec of that size), vectors and lattice.
    groups: Vec<(usize, Layout, Vec<[u8; 9]>, Lattice)>,
    /// Per (slots, runs, melds): `U_e` for `e` up to the largest excess asked of that meld set.
    melds_only: Vec<((MeldSet, usize), Levels)>,
    /// The largest explored excess per meld set, over the specs of the generation.
    emax: Vec<(MeldSet, usize)>,
}

impl Shared {
    fn new(specs: &[GroupSpec]) -> Shared {
        let mut emax: Vec<(MeldSet, usize)> = Vec::new();
        for s in specs {
            let key = (s.slots(), s.runs());
            match emax.iter_mut().find(|(k, _)| *k == key) {
                Some((_, e)) => *e = (*e).max(s.explored_excess()),
                None => emax.push((key, s.explored_excess())),
            }
        }
        Shared {
            groups: Vec::new(),
            melds_only: Vec::new(),
            emax,
        }
    }

    /// The layout, vectors and lattice of `spec`'s group size.
    fn group(&mut self, spec: GroupSpec) -> usize {
        if let Some(i) = self.groups.iter().position(|g| g.0 == spec.slots()) {
            return i;
        }
        let layout = Layout::new(spec);
        let vectors = layout.vectors();
        let lattice = Lattice::new(&layout, &vectors);
        self.groups.push((spec.slots(), layout, vectors, lattice));
        self.groups.len() - 1
    }

    /// `U_e(c; m, p)` for `e` in `0..=spec.explored_excess()`.
    fn distances(&mut self, spec: GroupSpec, m: usize, p: usize) -> Vec<Vec<u8>> {
        let g = self.group(spec);
        let (_, layout, vectors, lattice) = &self.groups[g];
        let own = spec.explored_excess();
        if p == 1 {
            return distances(spec, layout, vectors, lattice, m, p, own);
        }
        let set: MeldSet = (spec.slots(), spec.runs());
        let key = (set, m);
        if let Some((_, u)) = self.melds_only.iter().find(|(k, _)| *k == key) {
            return u[..=own].to_vec();
        }
        let emax = self
            .emax
            .iter()
            .find(|(k, _)| *k == set)
            .map_or(own, |(_, e)| *e);
        let u = distances(spec, layout, vectors, lattice, m, p, emax);
        let out = u[..=own].to_vec();
        self.melds_only.push((key, u));
        out
    }
}

/// Generates the table of one group spec. `progress` is called with a fraction done.
pub fn generate_group(spec: GroupSpec, progress: &mut dyn FnMut(f64)) -> GroupData {
    generate_in(spec, &mut Shared::new(&[spec]), progress)
}

/// Generates the tables of several specs, sharing the work they have in common (see
/// [`generate_group`]; the tables are the same as one by one). `progress` is called with each
/// spec and the fraction of it done.
pub fn generate_groups(
    specs: &[GroupSpec],
    progress: &mut dyn FnMut(GroupSpec, f64),
) -> Vec<GroupData> {
    let mut shared = Shared::new(specs);
    specs
        .iter()
        .map(|&spec| generate_in(spec, &mut shared, &mut |f| progress(spec, f)))
        .collect()
}

fn generate_in(spec: GroupSpec, shared: &mut Shared, progress: &mut dyn FnMut(f64)) -> GroupData {
    let emax = spec.explored_excess();
    // u[lane][e][vector]
    let mut u: Vec<Vec<Vec<u8>>> = Vec::with_capacity(LANES);
    for p in 0..2 {
        for m in 0..5 {
            u.push(shared.distances(spec, m, p));
            progress((u.len()) as f64 / LANES as f64);
        }
    }
    let g = shared.group(spec);
    let vectors = &shared.groups[g].2;
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
    let groups = generate_groups(specs, progress);
    TableData {
        format: FORMAT_VERSION,
        generator: GENERATOR_VERSION,
        groups,
    }
}
