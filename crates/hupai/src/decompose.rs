//! Decompositions of a winning hand: its melds and pair (or its special form), and what each
//! wildcard stands for — what scoring layers need.
//!
//! The standard form is a table-guided search: the `W0`/`W1` entries fix how many wildcards
//! each group takes, the candidate fillings of a group are checked against its table entry,
//! and the complete patterns (with all their splits) come from the `phf` map keyed by the
//! bit-run encoding. A filling that makes a 5th copy is split by the generator's exact splitter.
//!
//! ```
//! use hupai::{decompose::{decompositions, Form}, Engine, Hand, Rules};
//! let engine = Engine::new(Rules::chinese());
//! let hand = Hand::parse("1111m456789p1239s", &[], "9s", false).unwrap();
//! let d = decompositions(&engine, &hand, 10);
//! assert_eq!(d[0].form, Form::Standard);
//! // The 9s wildcard is a 5th 1m:
//! assert!(d.iter().any(|x| x.wild_roles().contains(&("9s".parse().unwrap(), "1m".parse().unwrap()))));
//! ```

use crate::analysis::Engine;
use crate::combine::kind_of;
use crate::hand::{Hand, MeldKind};
use crate::rules::SevenPairs;
use crate::special::ORPHANS;
use crate::table::gen::{self, GroupKind, PAIR_CODE};
use crate::table::pattern_splits;
use crate::tile::{Suit, Tile};
use std::fmt;

/// The form of a winning hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// Melds and one pair.
    Standard,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// 十三烂.
    Shisanlan,
    /// 七星十三烂.
    Qixing,
}

impl Form {
    /// The name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Form::Standard => "melds and a pair",
            Form::SevenPairs => "seven pairs",
            Form::ThirteenOrphans => "thirteen orphans",
            Form::Shisanlan => "shisanlan (十三烂)",
            Form::Qixing => "qixing shisanlan (七星十三烂)",
        }
    }
}

/// One tile of a set: what it stands as, and the wild tile's own kind if a wildcard is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The tile this slot is.
    pub tile: Tile,
    /// `Some(kind of the wild tile)` when a wildcard stands here.
    pub wildcard: Option<Tile>,
}

/// What a set of a decomposition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SetKind {
    /// Three in a row (or an honor run).
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind (declared).
    Kong,
    /// Two of a kind.
    Pair,
    /// One tile (thirteen orphans, 十三烂).
    Single,
}

/// One set of a decomposition.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Set {
    /// Its kind.
    pub kind: SetKind,
    /// Its tiles.
    pub slots: Vec<Slot>,
    /// True for a declared meld.
    pub declared: bool,
}

/// One way to read a winning hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decomposition {
    /// The form.
    pub form: Form,
    /// Its sets: declared melds first, then concealed sets in tile order.
    pub sets: Vec<Set>,
}

impl Decomposition {
    /// Each wildcard as (its own kind, the tile it stands for).
    pub fn wild_roles(&self) -> Vec<(Tile, Tile)> {
        self.sets
            .iter()
            .flat_map(|s| s.slots.iter())
            .filter_map(|s| s.wildcard.map(|w| (w, s.tile)))
            .collect()
    }
}

impl fmt::Display for Decomposition {
    /// Compact form, wildcards in brackets: `111m [1m]1m 456p ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.sets.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if s.declared {
                f.write_str("(")?;
            }
            for slot in &s.slots {
                match slot.wildcard {
                    Some(w) => write!(f, "[{}={}]", w, slot.tile)?,
                    None => write!(f, "{}", slot.tile)?,
                }
            }
            if s.declared {
                f.write_str(")")?;
            }
        }
        Ok(())
    }
}

/// Up to `limit` distinct decompositions of a winning hand (empty if it does not win).
pub fn decompositions(engine: &Engine<'_>, hand: &Hand, limit: usize) -> Vec<Decomposition> {
    if !engine.is_win(hand) {
        return Vec::new();
    }
    let mut wild_tiles: Vec<Tile> = Vec::new();
    for t in hand.wild().iter() {
        for _ in 0..hand.counts()[t.index()] {
            wild_tiles.push(t);
        }
    }
    let declared: Vec<Set> = hand
        .melds()
        .map(|m| {
            let mut slots = Vec::new();
            for t in m.tiles().iter() {
                let n = if m.kind() == MeldKind::Chow {
                    1
                } else {
                    m.len()
                };
                for _ in 0..n {
                    slots.push(Slot {
                        tile: t,
                        wildcard: None,
                    });
                }
            }
            let kind = match m.kind() {
                MeldKind::Chow => SetKind::Chow,
                MeldKind::Pung => SetKind::Pung,
                MeldKind::Kong => SetKind::Kong,
            };
            Set {
                kind,
                slots,
                declared: true,
            }
        })
        .collect();
    let mut out: Vec<Decomposition> = Vec::new();
    let rules = *engine.rules();
    let real = hand.real_counts();
    let push = |form: Form, mut sets: Vec<Set>, out: &mut Vec<Decomposition>| {
        sets.sort();
        let mut all = declared.clone();
        all.extend(sets);
        let d = Decomposition { form, sets: all };
        if !out.contains(&d) {
            out.push(d);
        }
    };
    standard(
        engine,
        &real,
        &wild_tiles,
        4 - hand.meld_count(),
        limit,
        &mut |sets, out| push(Form::Standard, sets, out),
        &mut out,
    );
    if hand.meld_count() == 0 {
        let forms = engine.forms(hand);
        if forms.seven_pairs == Some(0) {
            push(
                Form::SevenPairs,
                seven_pairs(&real, &wild_tiles, rules.seven_pairs),
                &mut out,
            );
        }
        if forms.thirteen_orphans == Some(0) {
            push(Form::ThirteenOrphans, orphans(&real, &wild_tiles), &mut out);
        }
        for (dist, form) in [
            (forms.qixing, Form::Qixing),
            (forms.shisanlan, Form::Shisanlan),
        ] {
            if dist == Some(0) {
                if let Some(sets) = shisanlan(
                    &real,
                    &wild_tiles,
                    form == Form::Qixing,
                    rules.honor_wild_stays_honor,
                ) {
                    push(form, sets, &mut out);
                }
            }
        }
    }
    out.truncate(limit);
    out
}

/// One set of a group reading: its kind and its tiles, each flagged when a wildcard is there.
type PlacedSet = (SetKind, Vec<(Tile, bool)>);

/// Every way to read one group: a list of sets per reading.
type Readings = Vec<Vec<PlacedSet>>;

type Emit<'a> = dyn FnMut(Vec<Set>, &mut Vec<Decomposition>) + 'a;

/// Standard form: choose the pair group, give each group its fewest wildcards, enumerate the
/// fillings that complete it, and split each completed group every way it splits.
fn standard(
    engine: &Engine<'_>,
    real: &[u8; 34],
    wild_tiles: &[Tile],
    _melds: usize,
    limit: usize,
    emit: &mut Emit<'_>,
    out: &mut Vec<Decomposition>,
) {
    let tables = engine.tables();
    let honor_kind = crate::combine::honor_kind(engine.rules().honor_runs);
    let counts: [[u8; 9]; 4] = std::array::from_fn(|g| {
        let s = Suit::ALL[g];
        let mut c = [0u8; 9];
        c[..s.len()].copy_from_slice(&real[s.base()..s.base() + s.len()]);
        c
    });
    let entries: [_; 4] =
        std::array::from_fn(|g| tables.group(kind_of(g, honor_kind)).entry(&counts[g]));
    let w = wild_tiles.len() as u32;
    for pair_group in 0..4 {
        let need: [u32; 4] = std::array::from_fn(|g| {
            let e = entries[g];
            let x = if g == pair_group { e.w1() } else { e.w0() };
            if x == 15 {
                99
            } else {
                x as u32
            }
        });
        let total: u32 = need.iter().sum();
        if total > w {
            continue;
        }
        // Per group: every way to read it with its wildcards (as sets with placeholders).
        let mut per_group: Vec<Readings> = Vec::new();
        for g in 0..4 {
            let kind = kind_of(g, honor_kind);
            per_group.push(group_readings(
                kind,
                Suit::ALL[g],
                &counts[g],
                need[g] as usize,
                g == pair_group,
            ));
        }
        // Spare wildcards (always in threes) form pungs standing as their own kind.
        let spare = (w - total) as usize;
        let mut combo = [0usize; 4];
        loop {
            let mut sets: Vec<Set> = Vec::new();
            let mut next_wild = 0;
            for g in 0..4 {
                for (kind, tiles) in &per_group[g][combo[g]] {
                    let slots = tiles
                        .iter()
                        .map(|&(t, is_wild)| {
                            let wildcard = is_wild.then(|| {
                                next_wild += 1;
                                wild_tiles[next_wild - 1]
                            });
                            Slot { tile: t, wildcard }
                        })
                        .collect();
                    sets.push(Set {
                        kind: *kind,
                        slots,
                        declared: false,
                    });
                }
            }
            for chunk in wild_tiles[next_wild..next_wild + spare].chunks(3) {
                sets.push(Set {
                    kind: SetKind::Pung,
                    slots: chunk
                        .iter()
                        .map(|&t| Slot {
                            tile: chunk[0],
                            wildcard: Some(t),
                        })
                        .collect(),
                    declared: false,
                });
            }
            emit(sets, out);
            if out.len() >= limit {
                return;
            }
            // Next combination (odometer).
            let mut g = 0;
            while g < 4 {
                combo[g] += 1;
                if combo[g] < per_group[g].len() {
                    break;
                }
                combo[g] = 0;
                g += 1;
            }
            if g == 4 || per_group.iter().any(|p| p.is_empty()) {
                break;
            }
        }
    }
}

/// Every reading of a group that uses exactly `j` wildcards: (set kind, [(tile, is wildcard)]).
fn group_readings(kind: GroupKind, suit: Suit, c: &[u8; 9], j: usize, pair: bool) -> Readings {
    let n = kind.slots();
    let shapes = kind.meld_shapes();
    let mut out = Vec::new();
    let mut add = [0u8; 9];
    // Enumerate multisets of j added slots (non-decreasing), keep the completing ones.
    fn rec(
        start: usize,
        left: usize,
        n: usize,
        add: &mut [u8; 9],
        visit: &mut dyn FnMut(&[u8; 9]),
    ) {
        if left == 0 {
            visit(add);
            return;
        }
        for s in start..n {
            add[s] += 1;
            rec(s, left - 1, n, add, visit);
            add[s] -= 1;
        }
    }
    rec(0, j, n, &mut add, &mut |a| {
        let mut full = *c;
        for i in 0..n {
            full[i] += a[i];
        }
        let splits: Vec<u32> = if full.iter().all(|&x| x <= 4) {
            pattern_splits(kind, &full)
                .map(|s| s.to_vec())
                .unwrap_or_default()
        } else {
            gen::exact_decompositions(kind, &full)
        };
        for code in splits {
            let items: Vec<u32> = (0..(code & 7) as usize)
                .map(|k| code >> (3 + 5 * k) & 31)
                .collect();
            let has_pair = items.iter().any(|&x| x >= PAIR_CODE);
            if has_pair != pair {
                continue;
            }
            // Wildcards take the added copies, in the last sets that hold each kind.
            let mut wild_left = *a;
            let mut sets: Vec<(SetKind, Vec<(Tile, bool)>)> = Vec::new();
            for &item in items.iter().rev() {
                let (set_kind, slots): (SetKind, Vec<usize>) = if item >= PAIR_CODE {
                    let s = (item - PAIR_CODE) as usize;
                    (SetKind::Pair, vec![s, s])
                } else {
                    let sh = &shapes[item as usize];
                    let slots: Vec<usize> = (0..n)
                        .flat_map(|i| std::iter::repeat_n(i, sh[i] as usize))
                        .collect();
                    let k = if slots.windows(2).all(|w| w[0] == w[1]) {
                        SetKind::Pung
                    } else {
                        SetKind::Chow
                    };
                    (k, slots)
                };
                let tiles = slots
                    .iter()
                    .map(|&s| {
                        let t = Tile::from_index(suit.base() + s);
                        let is_wild = wild_left[s] > 0;
                        if is_wild {
                            wild_left[s] -= 1;
                        }
                        (t, is_wild)
                    })
                    .collect();
                sets.push((set_kind, tiles));
            }
            sets.reverse();
            out.push(sets);
        }
    });
    if pair && j >= 2 && out.is_empty() && c.iter().all(|&x| x == 0) {
        // A pair made only of wildcards: it stands for any kind; shown as the group's first.
        out.push(vec![(
            SetKind::Pair,
            vec![(Tile::from_index(suit.base()), true); 2],
        )]);
    }
    out
}

fn slot(t: Tile, wildcard: Option<Tile>) -> Slot {
    Slot { tile: t, wildcard }
}

fn single_set(kind: SetKind, slots: Vec<Slot>) -> Set {
    Set {
        kind,
        slots,
        declared: false,
    }
}

/// Seven pairs: real pairs, singles paired by wildcards, wildcards paired together.
fn seven_pairs(real: &[u8; 34], wild_tiles: &[Tile], variant: SevenPairs) -> Vec<Set> {
    let mut sets = Vec::new();
    let mut wilds = wild_tiles.iter().copied();
    let mut used = [false; 34];
    for t in Tile::all() {
        let c = real[t.index()];
        let pairs = if variant == SevenPairs::FourAsTwo {
            c / 2
        } else {
            (c >= 2) as u8
        };
        for _ in 0..pairs {
            sets.push(single_set(
                SetKind::Pair,
                vec![slot(t, None), slot(t, None)],
            ));
            used[t.index()] = true;
        }
        let single = if variant == SevenPairs::FourAsTwo {
            c % 2 == 1
        } else {
            c == 1
        };
        if single {
            sets.push(single_set(
                SetKind::Pair,
                vec![slot(t, None), slot(t, wilds.next())],
            ));
            used[t.index()] = true;
        }
    }
    let rest: Vec<Tile> = wilds.collect();
    for chunk in rest.chunks(2) {
        // Two wildcards pair as a kind not used yet (their own kind first).
        let t = std::iter::once(chunk[0])
            .chain(Tile::all())
            .find(|t| !used[t.index()])
            .unwrap_or(chunk[0]);
        used[t.index()] = true;
        sets.push(single_set(
            SetKind::Pair,
            chunk.iter().map(|&w| slot(t, Some(w))).collect(),
        ));
    }
    sets
}

/// Thirteen orphans: one of each orphan, wildcards filling the missing ones and the pair.
fn orphans(real: &[u8; 34], wild_tiles: &[Tile]) -> Vec<Set> {
    let mut sets = Vec::new();
    let mut wilds = wild_tiles.iter().copied();
    let mut paired = false;
    for t in Tile::all().filter(|t| ORPHANS >> t.index() & 1 == 1) {
        match real[t.index()] {
            0 => sets.push(single_set(SetKind::Single, vec![slot(t, wilds.next())])),
            1 => sets.push(single_set(SetKind::Single, vec![slot(t, None)])),
            _ => {
                paired = true;
                sets.push(single_set(
                    SetKind::Pair,
                    vec![slot(t, None), slot(t, None)],
                ));
            }
        }
    }
    if !paired {
        // The pair: a wildcard doubles the first orphan present (or the first orphan).
        if let Some(w) = wilds.next() {
            let idx = sets
                .iter()
                .position(|s| s.slots[0].wildcard.is_none())
                .unwrap_or(0);
            let t = sets[idx].slots[0].tile;
            sets[idx].kind = SetKind::Pair;
            sets[idx].slots.push(slot(t, Some(w)));
        }
    }
    sets
}

/// 十三烂 / 七星: find one legal target that the hand fills, by enumerating legal targets.
fn shisanlan(
    real: &[u8; 34],
    wild_tiles: &[Tile],
    seven_stars: bool,
    stays_honor: bool,
) -> Option<Vec<Set>> {
    let legal: Vec<u16> = (0u16..512)
        .filter(|s| s & (s >> 1) == 0 && s & (s >> 2) == 0)
        .collect();
    let present = |base: usize| -> u16 {
        (0..9)
            .filter(|&i| real[base + i] > 0)
            .fold(0, |m, i| m | 1 << i)
    };
    let pm = [present(0), present(9), present(18)];
    let honors_real: u8 = (0..7)
        .filter(|&i| real[27 + i] > 0)
        .fold(0, |m, i| m | 1 << i);
    let (honor_wild, other_wild): (Vec<Tile>, Vec<Tile>) =
        wild_tiles.iter().partition(|t| t.is_honor());
    for &a in legal.iter().filter(|&&s| s & pm[0] == pm[0]) {
        for &b in legal.iter().filter(|&&s| s & pm[1] == pm[1]) {
            for &c in legal.iter().filter(|&&s| s & pm[2] == pm[2]) {
                let suit_slots = a.count_ones() + b.count_ones() + c.count_ones();
                if suit_slots > 14 || suit_slots + 7 < 14 || (seven_stars && suit_slots != 7) {
                    continue;
                }
                let h = 14 - suit_slots;
                for hs in
                    (0u8..128).filter(|s| s.count_ones() == h && s & honors_real == honors_real)
                {
                    if let Some(sets) = fill_shisanlan(
                        [a, b, c],
                        hs,
                        real,
                        &honor_wild,
                        &other_wild,
                        seven_stars,
                        stays_honor,
                    ) {
                        return Some(sets);
                    }
                }
            }
        }
    }
    None
}

/// Places the wildcards into the open slots of one 十三烂 target, if they all fit.
fn fill_shisanlan(
    suits: [u16; 3],
    honors: u8,
    real: &[u8; 34],
    honor_wild: &[Tile],
    other_wild: &[Tile],
    seven_stars: bool,
    stays_honor: bool,
) -> Option<Vec<Set>> {
    let mut target: Vec<Tile> = Vec::new();
    for (s, &set) in suits.iter().enumerate() {
        for i in 0..9 {
            if set >> i & 1 == 1 {
                target.push(Tile::from_index(9 * s + i));
            }
        }
    }
    for i in 0..7 {
        if honors >> i & 1 == 1 {
            target.push(Tile::from_index(27 + i));
        }
    }
    let mut open: Vec<Tile> = target
        .iter()
        .copied()
        .filter(|t| real[t.index()] == 0)
        .collect();
    let mut filled: Vec<Slot> = target
        .iter()
        .filter(|t| real[t.index()] > 0)
        .map(|&t| slot(t, None))
        .collect();
    // Honor wildcards: as themselves first, then suit slots (or any slot if unrestricted).
    let mut honor_left = Vec::new();
    for &w in honor_wild {
        if let Some(i) = open.iter().position(|&t| t == w) {
            filled.push(slot(open.remove(i), Some(w)));
        } else {
            honor_left.push(w);
        }
    }
    let restricted = seven_stars || stays_honor;
    for w in honor_left {
        let i = open.iter().position(|t| !restricted || !t.is_honor())?;
        filled.push(slot(open.remove(i), Some(w)));
    }
    for &w in other_wild {
        let i = open.iter().position(|t| !seven_stars || !t.is_honor())?;
        filled.push(slot(open.remove(i), Some(w)));
    }
    if !open.is_empty() {
        return None;
    }
    filled.sort();
    Some(
        filled
            .into_iter()
            .map(|s| single_set(SetKind::Single, vec![s]))
            .collect(),
    )
}
