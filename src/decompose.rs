//! Decompositions of a winning hand: its melds and pair (or its special form), and what each
//! wildcard stands for — what scoring layers need.
//!
//! The standard form is a table-guided search: the `W0`/`W1` entries fix how many wildcards
//! each group takes, the candidate fillings of a group are checked against its table entry,
//! and a filling the table says is complete is split by the generator's exact splitter (a
//! filling that makes a 5th copy too).
//!
//! ```
//! use hupai::{decompositions, Engine, Form, Hand, Rules};
//! let engine = Engine::new(Rules::chinese());
//! let hand = Hand::builder("1111m456789p1239s").wild("9s").build().unwrap();
//! let d = decompositions(&engine, &hand, 10);
//! assert_eq!(d[0].form, Form::Standard);
//! // The 9s wildcard is a 5th 1m:
//! assert!(d.iter().any(|x| x.wild_roles().contains(&("9s".parse().unwrap(), "1m".parse().unwrap()))));
//! ```

use std::fmt;

use crate::combine::{without_absent, GroupTables};
use crate::forms::Form;
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::reading::{Set, SetKind, Slot};
use crate::rules::Rules;
use crate::table::GroupTable;
use crate::tile::{Suit, Tile};
use hupai_gen::{self as gen, PAIR_CODE};

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

/// Up to `limit` distinct readings of a winning hand, from what the engine knows of it: the
/// rules, the group tables of its standard form, per choice of the groups that hold nothing
/// (out of play, the lacked suit) the kinds a wildcard may stand for (`kind_sets`), and the
/// special forms it wins in (`special`). The engine checks the win first
/// (`hupai::decompositions`).
pub(crate) fn readings(
    hand: &Hand,
    rules: &Rules,
    tables: &GroupTables<'_>,
    kind_sets: &[(u8, u64)],
    special: &[Form],
    limit: usize,
) -> Vec<Decomposition> {
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
    // Per choice of the groups that hold nothing (out of play, the lacked suit), the kinds a
    // wildcard may stand for.
    for &(absent, kinds) in kind_sets {
        standard(
            tables,
            &real,
            &wild_tiles,
            (absent, kinds),
            limit,
            &mut |sets, out| push(Form::Standard, sets, out),
            &mut out,
        );
        // The special forms a hand with its declared melds can take are the ones measured.
        for &form in special {
            if let Some(sets) = form.readings(&real, &wild_tiles, rules, kinds) {
                push(form, sets, &mut out);
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
    tables: &GroupTables<'_>,
    real: &[u8; 34],
    wild_tiles: &[Tile],
    (absent, kinds): (u8, u64),
    limit: usize,
    emit: &mut Emit<'_>,
    out: &mut Vec<Decomposition>,
) {
    let counts: [[u8; 9]; 4] = std::array::from_fn(|g| {
        let s = Suit::ALL[g];
        let mut c = [0u8; 9];
        c[..s.len()].copy_from_slice(&real[s.base()..s.base() + s.len()]);
        c
    });
    let entries: [_; 4] = std::array::from_fn(|g| tables.0[g].entry(&counts[g]));
    // Tiles per group (zero iff the group is empty, as a group key is).
    let sizes: [u32; 4] = std::array::from_fn(|g| counts[g].iter().sum::<u8>() as u32);
    let win = without_absent(entries.map(|e| e.win()), sizes, absent);
    let w = wild_tiles.len() as u32;
    // Spare wildcards (in threes) stand as their own kind where it is allowed.
    let spare_kind = |t: Tile| {
        std::iter::once(t)
            .chain(Tile::all())
            .find(|k| kinds >> k.index() & 1 == 1)
            .unwrap_or(t)
    };
    for pair_group in 0..4 {
        let need: [u32; 4] = std::array::from_fn(|g| {
            let x = if g == pair_group {
                win[g] >> 4
            } else {
                win[g] & 15
            };
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
            per_group.push(group_readings(
                tables.0[g],
                Suit::ALL[g],
                &counts[g],
                need[g] as usize,
                g == pair_group,
            ));
        }
        // Spare wildcards (always in threes) form pungs.
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
                            tile: spare_kind(chunk[0]),
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
fn group_readings(table: &GroupTable, suit: Suit, c: &[u8; 9], j: usize, pair: bool) -> Readings {
    let spec = table.spec();
    let n = spec.slots();
    let shapes = spec.meld_shapes();
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
            table.splits(&full)
        } else {
            gen::exact_decompositions(spec, &full)
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
        // A pair made only of wildcards: it stands for any kind; shown as the group's first
        // slot a pair may sit on.
        let first = spec.pair_slots().trailing_zeros() as usize;
        out.push(vec![(
            SetKind::Pair,
            vec![(Tile::from_index(suit.base() + first), true); 2],
        )]);
    }
    out
}
