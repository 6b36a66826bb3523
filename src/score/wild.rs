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
        self.fill(&mut targets, spare);
        Some(self.roles(&targets))
    }

    /// The wildcards of an all-pungs reading, if there is one: the pair on a real kind or on
    /// two wildcards, every other real kind filled to pungs, the rest in pungs of `spare` (or
    /// of their own kind). The caller checks that its calls are pungs.
    pub(crate) fn all_pungs(&self, spare: Option<usize>) -> Option<Vec<(Tile, Tile)>> {
        // A pung's shortfall, and the pair's (the pair takes two of its kind).
        let pung = |c: u8| (3 - c % 3) % 3;
        let pair = |c: u8| if c <= 2 { 2 - c } else { pung(c - 2) };
        let held: Vec<usize> = (0..KINDS).filter(|&k| self.real[k] > 0).collect();
        let needs = |p: Option<usize>| -> usize {
            let own = held
                .iter()
                .map(|&k| {
                    if Some(k) == p {
                        pair(self.real[k])
                    } else {
                        pung(self.real[k])
                    }
                })
                .sum::<u8>() as usize;
            own + if p.is_none() { 2 } else { 0 }
        };
        let w = self.wild.len();
        let p = held
            .iter()
            .map(|&k| Some(k))
            .chain([None])
            .find(|&p| needs(p) <= w)?;
        let mut targets = Vec::new();
        for &k in &held {
            let n = if Some(k) == p {
                pair(self.real[k])
            } else {
                pung(self.real[k])
            };
            targets.extend(std::iter::repeat_n(k, n as usize));
        }
        if p.is_none() {
            let k = spare.unwrap_or(self.wild[targets.len()].index());
            targets.extend([k, k]);
        }
        self.fill(&mut targets, spare);
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
        let mut search = Search {
            engine,
            melds: &melds,
            kinds: self.kinds,
            wild: &self.wild,
            allowed: &allowed,
            held: hand.all_counts(),
            counts: *hand.concealed(),
            targets: Vec::with_capacity(self.wild.len()),
        };
        search.next().then(|| self.roles(&search.targets))
    }

    /// Completes `targets` with the wildcards left: as `spare`, or as their own kind.
    fn fill(&self, targets: &mut Vec<usize>, spare: Option<usize>) {
        while targets.len() < self.wild.len() {
            targets.push(spare.unwrap_or(self.wild[targets.len()].index()));
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
    targets: Vec<usize>,
}

impl<F: Fn(usize) -> bool> Search<'_, '_, F> {
    /// Fills the next wildcard (and those after it); false when no choice leaves a win.
    fn next(&mut self) -> bool {
        let i = self.targets.len();
        let Some(&w) = self.wild.get(i) else {
            return true;
        };
        // Wildcards of one kind are alike: each takes a kind no lower than the one before.
        let from = match i {
            0 => 0,
            _ if self.wild[i - 1] == w => self.targets[i - 1],
            _ => 0,
        };
        self.counts[w.index()] -= 1;
        for k in from..KINDS {
            if !(self.allowed)(k) || self.kinds.contains(Tile::from_index(k)) || self.held[k] >= 4 {
                continue;
            }
            self.counts[k] += 1;
            self.held[k] += 1;
            let wins = Hand::under(self.counts, self.melds, self.kinds, self.engine.rules())
                .is_ok_and(|h| self.engine.is_win(&h));
            if wins {
                self.targets.push(k);
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
