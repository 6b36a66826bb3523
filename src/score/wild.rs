//! What each wildcard of a winning hand stands for, in the reading a room pays: a filling of
//! the wildcards for seven pairs, for all pungs, or — for a hand of sets with chows — one
//! found by the engine, a wildcard at a time, each choice checked to keep the hand a win.
//! The rooms decide which reading pays most from what the hand allows (`hongzhong`); this
//! says how the wildcards make it.

use crate::analysis::Engine;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::score::hand::WinningHand;
use crate::tile::{Counts, Tile, TileSet, KINDS};

/// A winning hand's concealed tiles split into its real tiles and its wildcards.
#[derive(Clone, Debug)]
pub(crate) struct WildHand {
    /// The concealed tiles that are not wild.
    pub real: Counts,
    /// Each wildcard's own kind, in tile order.
    pub wild: Vec<Tile>,
    /// The wild kinds.
    pub kinds: TileSet,
}

impl WildHand {
    /// `hand`'s concealed tiles with the copies of the `wild` kinds taken out.
    pub(crate) fn of(hand: &WinningHand, wild: TileSet) -> WildHand {
        let mut real = *hand.concealed();
        let mut kinds = Vec::new();
        for t in wild.iter() {
            for _ in 0..real[t.index()] {
                kinds.push(t);
            }
            real[t.index()] = 0;
        }
        WildHand {
            real,
            wild: kinds,
            kinds: wild,
        }
    }

    /// The kinds whose real copies are odd: each needs a wildcard for seven pairs.
    fn odd(&self) -> impl Iterator<Item = usize> + '_ {
        (0..KINDS).filter(|&k| self.real[k] % 2 == 1)
    }

    /// Seven pairs is a reading (no calls: the caller's): every odd kind takes a wildcard.
    pub(crate) fn has_seven_pairs(&self) -> bool {
        self.odd().count() <= self.wild.len()
    }

    /// The wildcards of a seven pairs reading: one for each odd kind, the rest in pairs of
    /// `spare` (or of their own kind).
    pub(crate) fn seven_pairs(&self, spare: Option<usize>) -> Option<Vec<(Tile, Tile)>> {
        if !self.has_seven_pairs() {
            return None;
        }
        let mut targets: Vec<usize> = self.odd().collect();
        self.fill(&mut targets, spare, 2);
        Some(self.roles(&targets))
    }

    /// The wildcards of an all-pungs reading, if there is one: the pair on a real kind (on
    /// `pair` when given) or on two wildcards, every other real kind filled to pungs, the rest
    /// in pungs of `spare` (or of their own kind). The caller checks that its calls are pungs.
    pub(crate) fn all_pungs(
        &self,
        spare: Option<usize>,
        pair: Option<usize>,
    ) -> Option<Vec<(Tile, Tile)>> {
        // A pung's shortfall, and the pair's (the pair takes two of its kind).
        let pung = |c: u8| (3 - c % 3) % 3;
        let pair_need = |c: u8| if c <= 2 { 2 - c } else { pung(c - 2) };
        let held: Vec<usize> = (0..KINDS).filter(|&k| self.real[k] > 0).collect();
        let needs = |p: Option<usize>| -> usize {
            let own = held
                .iter()
                .map(|&k| {
                    if Some(k) == p {
                        pair_need(self.real[k])
                    } else {
                        pung(self.real[k])
                    }
                })
                .sum::<u8>() as usize;
            own + if p.is_none() { 2 } else { 0 }
        };
        let w = self.wild.len();
        let p = match pair {
            Some(k) => Some(Some(k)).filter(|&p| needs(p) <= w)?,
            None => held
                .iter()
                .map(|&k| Some(k))
                .chain([None])
                .find(|&p| needs(p) <= w)?,
        };
        let mut targets = Vec::new();
        for &k in &held {
            let n = if Some(k) == p {
                pair_need(self.real[k])
            } else {
                pung(self.real[k])
            };
            targets.extend(std::iter::repeat_n(k, n as usize));
        }
        if p.is_none() {
            let k = spare.unwrap_or(self.wild[targets.len()].index());
            targets.extend([k, k]);
        }
        self.fill(&mut targets, spare, 3);
        Some(self.roles(&targets))
    }

    /// The wildcards of a reading the engine finds: each wildcard in turn becomes a kind
    /// `allowed` that leaves the hand a win under `engine`'s rules (a search that steps back
    /// when a choice leads nowhere; wildcards of one kind take kinds in order). `None` when
    /// every reading needs a wildcard as a fifth copy (no hand holds one) — the caller reads
    /// it another way.
    pub(crate) fn by_engine(
        &self,
        engine: &Engine<'_>,
        hand: &WinningHand,
        allowed: impl Fn(usize) -> bool,
    ) -> Option<Vec<(Tile, Tile)>> {
        let melds: Vec<Meld> = hand.calls().iter().map(|c| c.meld()).collect();
        let mut counts = *hand.concealed();
        let mut held = hand.all_counts();
        // The wildcards already placed (`real` holds more than the hand's own real tiles):
        // their kinds as real tiles, the rest still wild.
        for k in 0..KINDS {
            if !self.kinds.contains(Tile::from_index(k)) {
                let placed = self.real[k] - counts[k];
                counts[k] += placed;
                held[k] += placed as u32;
            }
        }
        for t in self.kinds.iter() {
            counts[t.index()] = 0;
        }
        for t in &self.wild {
            counts[t.index()] += 1;
        }
        let order = near_first(&counts, self.kinds);
        let mut search = Search {
            engine,
            melds: &melds,
            kinds: self.kinds,
            wild: &self.wild,
            allowed: &allowed,
            held,
            counts,
            order,
            targets: Vec::with_capacity(self.wild.len()),
        };
        if !search.next() {
            return None;
        }
        let kinds: Vec<usize> = search
            .targets
            .iter()
            .map(|&p| search.order[p] as usize)
            .collect();
        Some(self.roles(&kinds))
    }

    /// Completes `targets` with the wildcards left, in sets of `size` alike (pairs, pungs):
    /// each set as `spare`, or as its first wildcard's own kind.
    fn fill(&self, targets: &mut Vec<usize>, spare: Option<usize>, size: usize) {
        while targets.len() < self.wild.len() {
            let k = spare.unwrap_or(self.wild[targets.len()].index());
            targets.extend(std::iter::repeat_n(k, size));
        }
    }

    /// Each wildcard with what it stands for, `targets` sorted to pair with them in order.
    fn roles(&self, targets: &[usize]) -> Vec<(Tile, Tile)> {
        let mut t = targets.to_vec();
        t.sort_unstable();
        self.wild
            .iter()
            .zip(t)
            .map(|(&w, k)| (w, Tile::from_index(k)))
            .collect()
    }
}

impl WildHand {
    /// The hand with one wildcard (the last of its kind) placed as `k`: a real tile of the
    /// reading. `None` without a wildcard.
    pub(crate) fn placing(&self, k: usize) -> Option<(WildHand, (Tile, Tile))> {
        let mut rest = self.clone();
        let w = rest.wild.pop()?;
        rest.real[k] += 1;
        Some((rest, (w, Tile::from_index(k))))
    }

    /// The wildcards of a reading whose pair is two wildcards (精钓 won on a 精): the pair as
    /// the first kind, not wild, that the hand has room for and that lets `find` fill the rest.
    pub(crate) fn pairing(
        &self,
        hand: &WinningHand,
        find: impl Fn(&WildHand) -> Option<Vec<(Tile, Tile)>>,
    ) -> Option<Vec<(Tile, Tile)>> {
        let n = self.wild.len();
        let held = hand.all_counts();
        for k in (0..KINDS).filter(|&k| !self.kinds.contains(Tile::from_index(k))) {
            if n < 2 || held[k] + 2 > 4 {
                continue;
            }
            let mut rest = self.clone();
            rest.wild.truncate(n - 2);
            rest.real[k] += 2;
            if let Some(mut roles) = find(&rest) {
                let pair = Tile::from_index(k);
                roles.extend([(self.wild[n - 2], pair), (self.wild[n - 1], pair)]);
                return Some(roles);
            }
        }
        None
    }

    /// Whether the real tiles with the wildcards make `sets` sets and no pair (chows of a
    /// suit, honor runs where `runs`, pungs; only pungs where `pungs_only`), each wildcard
    /// standing for any tile: a literal search, the lowest tile's set tried every way.
    pub(crate) fn makes_sets(&self, sets: usize, runs: bool, pungs_only: bool) -> bool {
        let mut real = self.real;
        sets_of(&mut real, self.wild.len() as u32, sets, runs, pungs_only)
    }
}

/// The runs holding `k` (a suited tile: its chows; an honor where `runs`: three distinct winds,
/// or the three dragons), each as its three kinds: up to four, without allocating (the 精钓
/// check asks for them at every step of its search).
fn runs_with(k: usize, runs: bool) -> impl Iterator<Item = [usize; 3]> {
    const WINDS: [[usize; 3]; 4] = [[27, 28, 29], [27, 28, 30], [27, 29, 30], [28, 29, 30]];
    let mut found = [[0; 3]; 4];
    let mut n = 0;
    if k < 27 {
        let first = k - k % 9;
        for start in k.saturating_sub(2).max(first)..=k.min(first + 6) {
            found[n] = [start, start + 1, start + 2];
            n += 1;
        }
    } else if runs && k >= 31 {
        found[0] = [31, 32, 33];
        n = 1;
    } else if runs {
        for r in WINDS.into_iter().filter(|r| r.contains(&k)) {
            found[n] = r;
            n += 1;
        }
    }
    found.into_iter().take(n)
}

/// [`WildHand::makes_sets`] on counts: the lowest real tile is in a pung of its kind or in a
/// run (its other places real or wild), the rest by recursion; wildcards left over make sets
/// of their own.
fn sets_of(real: &mut Counts, w: u32, sets: usize, runs: bool, pungs_only: bool) -> bool {
    let Some(k) = (0..KINDS).find(|&k| real[k] > 0) else {
        return w as usize == 3 * sets;
    };
    if sets == 0 {
        return false;
    }
    // A pung of k: its copies here (one to three) and wildcards for the rest.
    for r in 1..=real[k].min(3) {
        let need = 3 - r as u32;
        if need <= w {
            real[k] -= r;
            let ok = sets_of(real, w - need, sets - 1, runs, pungs_only);
            real[k] += r;
            if ok {
                return true;
            }
        }
    }
    if pungs_only {
        return false;
    }
    for run in runs_with(k, runs) {
        // k is real; each other place a real tile (when one is left) or a wildcard.
        let others = match run.iter().position(|&t| t == k) {
            Some(0) => [run[1], run[2]],
            Some(1) => [run[0], run[2]],
            _ => [run[0], run[1]],
        };
        for mask in 0..4u32 {
            let mut need = 0;
            let mut ok = true;
            for (i, &t) in others.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    ok &= real[t] > 0;
                } else {
                    need += 1;
                }
            }
            if !ok || need > w {
                continue;
            }
            real[k] -= 1;
            for (i, &t) in others.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    real[t] -= 1;
                }
            }
            let found = sets_of(real, w - need, sets - 1, runs, pungs_only);
            real[k] += 1;
            for (i, &t) in others.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    real[t] += 1;
                }
            }
            if found {
                return true;
            }
        }
    }
    false
}

/// Every kind, those within two of a real tile of `counts` (of its suit; an honor beside an
/// honor of its group, the winds or the dragons) first.
fn near_first(counts: &Counts, wild: TileSet) -> [u8; KINDS] {
    let mut real = [false; KINDS];
    for (k, r) in real.iter_mut().enumerate() {
        *r = counts[k] > 0 && !wild.contains(Tile::from_index(k));
    }
    let near = |k: usize| {
        let (lo, hi) = match k {
            0..=26 => {
                let first = k - k % 9;
                (k.saturating_sub(2).max(first), (k + 2).min(first + 8))
            }
            27..=30 => (27, 30),
            _ => (31, 33),
        };
        real[lo..=hi].contains(&true)
    };
    let mut order = [0u8; KINDS];
    let mut n = 0;
    for pass in [true, false] {
        for k in 0..KINDS {
            if near(k) == pass {
                order[n] = k as u8;
                n += 1;
            }
        }
    }
    order
}

/// The search of [`WildHand::by_engine`]: the hand as filled so far.
struct Search<'a, 'e, F> {
    engine: &'a Engine<'e>,
    melds: &'a [Meld],
    kinds: TileSet,
    wild: &'a [Tile],
    allowed: &'a F,
    /// Copies of each kind held and called, the filled wildcards' included.
    held: [u32; KINDS],
    /// The concealed tiles, the filled wildcards as their kinds.
    counts: Counts,
    /// The kinds in the order tried: those beside a real tile first (a wildcard most often
    /// completes a set of real tiles), then the rest.
    order: [u8; KINDS],
    /// The places in `order` of the wildcards filled so far.
    targets: Vec<usize>,
}

impl<F: Fn(usize) -> bool> Search<'_, '_, F> {
    /// Fills the next wildcard (and those after it); false when no choice leaves a win.
    fn next(&mut self) -> bool {
        let i = self.targets.len();
        let Some(&w) = self.wild.get(i) else {
            return true;
        };
        // Wildcards of one kind are alike: each takes a kind no earlier than the one before.
        let from = match i {
            0 => 0,
            _ if self.wild[i - 1] == w => self.targets[i - 1],
            _ => 0,
        };
        self.counts[w.index()] -= 1;
        for place in from..self.order.len() {
            let k = self.order[place] as usize;
            if !(self.allowed)(k) || self.kinds.contains(Tile::from_index(k)) || self.held[k] >= 4 {
                continue;
            }
            self.counts[k] += 1;
            self.held[k] += 1;
            let wins = Hand::under(self.counts, self.melds, self.kinds, self.engine.rules())
                .is_ok_and(|h| self.engine.is_win(&h));
            if wins {
                self.targets.push(place);
                if self.next() {
                    return true;
                }
                self.targets.pop();
            }
            self.counts[k] -= 1;
            self.held[k] -= 1;
        }
        self.counts[w.index()] += 1;
        false
    }
}
