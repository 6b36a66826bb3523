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
use crate::decomposition_set::{Set, SetKind, Slot};
use crate::forms::Form;
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::{Pattern, Rules};
use crate::table::GroupTable;
use crate::tile::{Suit, Tile};
use hupai_gen::{self as hgen, PAIR_CODE};

/// One way to read a winning hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decomposition {
    /// The form.
    pub form: Form,
    /// Its sets: declared melds first, then concealed sets in tile order.
    pub sets: Vec<Set>,
    /// The win patterns of the rules this decomposition satisfies ([`crate::Rules::patterns`]; empty
    /// under rules that play none), in [`Pattern::ALL`] order: what a scorer needs.
    pub patterns: Vec<Pattern>,
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

/// Up to `limit` distinct decompositions of a winning hand, from what the engine knows of it: the
/// rules, the group tables of its standard form, per choice of the groups that hold nothing
/// (out of play, the lacked suit) the kinds a wildcard may stand for (`kind_sets`), and the
/// special forms it wins in (`special`). The engine checks the win first
/// (`hupai::decompositions`).
pub(crate) fn decompositions(
    hand: &Hand,
    rules: &Rules,
    tables: Option<&GroupTables<'_>>,
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
    let declared = declared_sets(hand);
    let mut out: Vec<Decomposition> = Vec::new();
    let real = hand.real_counts();
    let push = |form: Form, mut sets: Vec<Set>, out: &mut Vec<Decomposition>| {
        sets.sort();
        let mut all = declared.clone();
        all.extend(sets);
        let d = Decomposition {
            form,
            sets: all,
            patterns: Vec::new(),
        };
        if !out.contains(&d) {
            out.push(d);
        }
    };
    // Per choice of the groups that hold nothing (out of play, the lacked suit), the kinds a
    // wildcard may stand for.
    for &(absent, kinds) in kind_sets {
        if let Some(tables) = tables {
            standard(
                tables,
                &real,
                &wild_tiles,
                (absent, kinds),
                limit,
                &mut |sets, out| push(Form::Standard, sets, out),
                &mut out,
            );
        }
        // The special forms a hand with its declared melds can take are the ones measured.
        for &form in special {
            if let Some(sets) = form.decompositions(&real, &wild_tiles, rules, kinds) {
                push(form, sets, &mut out);
            }
        }
    }
    out.truncate(limit);
    out
}

/// The declared melds of a hand as sets.
fn declared_sets(hand: &Hand) -> Vec<Set> {
    hand.melds()
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
        .collect()
}

/// The decomposition of a hand won by a pattern in no meld shape (将将胡, 全风向, 四红中): its
/// declared melds, then every concealed tile on its own; each wildcard stands for the first
/// kind of `kinds` not yet held four times (its own kind first, where `kinds` has it) — under
/// [`Pattern::FourWild`] the four copies of the wild kind stand for themselves. `kinds`: the
/// pattern's set (将将胡, 全风向), or the kinds the hand may hold (四红中).
pub(crate) fn arrangement(hand: &Hand, pattern: Pattern, kinds: u64) -> Decomposition {
    let mut sets = declared_sets(hand);
    let mut held = hand.visible();
    let single = |tile, wildcard| Set {
        kind: SetKind::Single,
        slots: vec![Slot { tile, wildcard }],
        declared: false,
    };
    for t in Tile::all() {
        let c = hand.counts()[t.index()];
        for _ in 0..c {
            if !hand.wild().contains(t) {
                sets.push(single(t, None));
                continue;
            }
            let four = pattern == Pattern::FourWild && c == 4;
            let own = kinds >> t.index() & 1 == 1 && held[t.index()] < 4;
            let stand = if four || own {
                t
            } else {
                let room = Tile::all().find(|k| kinds >> k.index() & 1 == 1 && held[k.index()] < 4);
                room.unwrap_or(t)
            };
            held[stand.index()] = held[stand.index()].saturating_add(1);
            sets.push(single(stand, Some(t)));
        }
    }
    Decomposition {
        form: Form::Pattern(pattern),
        sets,
        patterns: vec![pattern],
    }
}

/// A decomposition of a winning hand as pungs and one pair (碰碰胡), from its counts: every real
/// kind a pung (a four two pungs) but the pair's, the wildcards filling each set and, three by
/// three, pungs of kinds of `kinds` nobody holds. The first choice of pair that uses every
/// wildcard and makes `4 - declared` pungs, with at most `budget` wildcards past a 4th copy;
/// `None` when none does (or a declared meld is a chow).
pub(crate) fn all_pungs_decomposition(
    hand: &Hand,
    kinds: u64,
    budget: u8,
) -> Option<Decomposition> {
    if hand.melds().any(|m| m.kind() == MeldKind::Chow) {
        return None;
    }
    let real = hand.real_counts();
    let mut wilds: Vec<Tile> = Vec::new();
    for t in hand.wild().iter() {
        for _ in 0..hand.counts()[t.index()] {
            wilds.push(t);
        }
    }
    let pungs_wanted = 4 - hand.meld_count();
    let held: Vec<Tile> = Tile::all().filter(|t| real[t.index()] > 0).collect();
    let choices = held.iter().copied().map(Some).chain([None]);
    for pair in choices {
        // (kind, set kind, real tiles, places) per set.
        let mut plan: Vec<(Tile, SetKind, u8, u8)> = Vec::new();
        let mut excess = 0u8;
        for &t in &held {
            let c = real[t.index()];
            let mut roles = 0u8;
            let pungs = if Some(t) == pair {
                let pung = c >= 3;
                if pung {
                    plan.push((t, SetKind::Pung, 3, 3));
                }
                plan.push((t, SetKind::Pair, c - 3 * pung as u8, 2));
                roles += 2 + 3 * pung as u8;
                0
            } else {
                c.div_ceil(3)
            };
            let mut left = if Some(t) == pair { 0 } else { c };
            for _ in 0..pungs {
                let used = left.min(3);
                plan.push((t, SetKind::Pung, used, 3));
                left -= used;
                roles += 3;
            }
            excess += roles.saturating_sub(4);
        }
        let need: u32 = plan.iter().map(|&(_, _, r, n)| (n - r) as u32).sum::<u32>()
            + if pair.is_none() { 2 } else { 0 };
        let pungs = plan.iter().filter(|p| p.1 == SetKind::Pung).count();
        let spare = (wilds.len() as u32).checked_sub(need);
        let fresh = pungs_wanted.checked_sub(pungs);
        let (Some(spare), Some(fresh)) = (spare, fresh) else {
            continue;
        };
        if spare != 3 * fresh as u32 || excess > budget {
            continue;
        }
        // Kinds for the wildcards' own sets: of `kinds`, held by nobody.
        let visible = hand.visible();
        let mut free = Tile::all().filter(|t| {
            kinds >> t.index() & 1 == 1 && visible[t.index()] == 0 && real[t.index()] == 0
        });
        if pair.is_none() {
            plan.push((free.next()?, SetKind::Pair, 0, 2));
        }
        for _ in 0..fresh {
            plan.push((free.next()?, SetKind::Pung, 0, 3));
        }
        let mut w = wilds.iter().copied();
        let mut sets: Vec<Set> = plan
            .into_iter()
            .map(|(t, kind, r, n)| Set {
                kind,
                slots: (0..n)
                    .map(|i| Slot {
                        tile: t,
                        wildcard: if i < r { None } else { w.next() },
                    })
                    .collect(),
                declared: false,
            })
            .collect();
        sets.sort();
        let mut all = declared_sets(hand);
        all.extend(sets);
        return Some(Decomposition {
            form: Form::Standard,
            sets: all,
            patterns: Vec::new(),
        });
    }
    None
}

/// One set of a group decomposition: its kind and its tiles, each flagged when a wildcard is there.
type PlacedSet = (SetKind, Vec<(Tile, bool)>);

/// Every way to read one group: a list of sets per decomposition.
type Decompositions = Vec<Vec<PlacedSet>>;

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
        let mut per_group: Vec<Decompositions> = Vec::new();
        for g in 0..4 {
            per_group.push(group_decompositions(
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
        if per_group.iter().any(|p| p.is_empty()) {
            continue;
        }
        loop {
            let sets = combination_sets(&per_group, combo, wild_tiles, spare, &spare_kind);
            emit(sets, out);
            if out.len() >= limit {
                return;
            }
            if !next_combination(&mut combo, &per_group) {
                break;
            }
        }
    }
}

/// The sets of one combination of the groups' decompositions (`combo[g]`: group `g`'s), each
/// placeholder filled with the next wild tile, then the `spare` wildcards left as pungs of
/// threes (of the kind `spare_kind` names).
fn combination_sets(
    per_group: &[Decompositions],
    combo: [usize; 4],
    wild_tiles: &[Tile],
    spare: usize,
    spare_kind: &impl Fn(Tile) -> Tile,
) -> Vec<Set> {
    let mut sets: Vec<Set> = Vec::new();
    let mut next_wild = 0;
    for (g, decompositions) in per_group.iter().enumerate() {
        for (kind, tiles) in &decompositions[combo[g]] {
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
    sets
}

/// The next combination of the groups' decompositions, as an odometer; false past the last.
fn next_combination(combo: &mut [usize; 4], per_group: &[Decompositions]) -> bool {
    for (g, c) in combo.iter_mut().enumerate() {
        *c += 1;
        if *c < per_group[g].len() {
            return true;
        }
        *c = 0;
    }
    false
}

/// Every decomposition of a group that uses exactly `j` wildcards: (set kind, [(tile, is wildcard)]).
fn group_decompositions(
    table: &GroupTable,
    suit: Suit,
    c: &[u8; 9],
    j: usize,
    pair: bool,
) -> Decompositions {
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
            hgen::exact_decompositions(spec, &full)
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
