//! 组合龙 (knitted straight, 国标): the nine tiles of one knitted arrangement (147, 258 and
//! 369, each in a different suit), one meld and one pair; the meld may be declared.
//!
//! Missing tiles: for each arrangement, the knitted places no real tile fills, plus the
//! standard form's distance of what is left once one copy of each held knitted kind is set
//! aside, for the melds still to form and a pair (from the tables). Setting a held copy aside
//! is never worse than keeping it for the meld or pair: either way it saves one draw. The
//! rest's target holds at most 3 copies of a knitted kind (a pung, or a chow and the pair),
//! so no kind passes 4 real copies.

use super::knitted::{knitted_held, ARRANGEMENTS, PERMS, SPACED, TRIPLES};
use super::view::{Screen, View};
use crate::decomposition_set::{single_set, slot, Set, SetKind};
use crate::kinds::spaced_bit;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, TileSet};
use hupai_gen::slot_weight;

/// What a group key loses when one tile of each slot of a 9-bit mask is set aside.
static MASK_WEIGHT: [u32; 512] = {
    let mut out = [0u32; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut slot = 0;
        while slot < 9 {
            if mask >> slot & 1 == 1 {
                out[mask] += slot_weight(slot);
            }
            slot += 1;
        }
        mask += 1;
    }
    out
};

pub(super) fn allowed(rules: &Rules) -> bool {
    rules.knitted_straight
}

#[inline(always)]
pub(super) fn missing(v: &View) -> u8 {
    // Rules no preset combines with this form take their own path. The shanten of a known
    // set of forms never asks here (`missing_plain`): this test and the path, asked on
    // every hand, cost `guobiao` ~26 shanten instructions a hand.
    if plays_other_switches(v.rules) {
        return missing_under_other_switches(v);
    }
    missing_plain(v)
}

/// [`missing`] for rules known to play neither the 258 pair nor honor runs.
#[inline(always)]
pub(super) fn missing_plain(v: &View) -> u8 {
    missing_of::<false>(v)
}

/// Whether `rules` play 组合龙 with a switch its plain path does not read: the 258 pair
/// (which binds the standard form only) or honor runs.
pub(crate) fn plays_other_switches(rules: &Rules) -> bool {
    rules.knitted_straight && (rules.pair_258 || rules.honor_runs)
}

/// [`missing`] under the 258 pair (which binds the standard form only: the groups are looked
/// up again in the view's tables, which have no such pair) or honor runs (which
/// [`rest_bound`] counts as runs).
#[inline(always)]
fn missing_under_other_switches(v: &View) -> u8 {
    let groups = if v.rules.pair_258 {
        crate::combine::Groups::from_keys(v.tables, v.groups.keys)
    } else {
        *v.groups
    };
    missing_of::<true>(&View {
        groups: &groups,
        ..*v
    })
}

/// [`missing`]; `OTHER`: whether the rules may play honor runs (else `rest_bound` is asked
/// without them).
#[inline(always)]
fn missing_of<const OTHER: bool>(v: &View) -> u8 {
    let honor_runs = OTHER && v.rules.honor_runs;
    let w = v.wilds.total;
    let most = v.knitted_most();
    let mut best = v.bound;
    let rest_melds = v.melds - 3;
    // The meld and pair come from the tiles the arrangement leaves: they miss at least what
    // `any_arrangement_bound` says, whichever arrangement it is. Most hands stop here: 86%
    // of random `guobiao` hands. One test, not a cheaper one on the knitted places first:
    // that one went either way about one hand in three, and its mispredictions cost more
    // than the bound.
    let whole = any_arrangement_bound(v.planes, rest_melds, honor_runs);
    if (9 - most + whole).saturating_sub(w) >= best {
        return best;
    }
    let suits = v.groups.presence().0;
    let held = knitted_held(suits);
    // The six counts as bytes of one word, so that the arrangements at a level are a mask
    // (the two bytes past them never equal a level). Walked as a filter over the six, the
    // tests went either way from hand to hand and were mispredicted (`cargo bench --bench
    // presets`, `guobiao`).
    let held_word = u64::from_le_bytes([
        held[0], held[1], held[2], held[3], held[4], held[5], 0xFF, 0xFF,
    ]);
    for level in (0..=most).rev() {
        let knitted = 9 - level;
        if (knitted + whole).saturating_sub(w) >= best {
            break;
        }
        let mut at = bytes_equal(held_word, level);
        while at != 0 {
            let i = (at.trailing_zeros() / 8) as usize;
            at &= at - 1;
            // The bound of the tiles this arrangement leaves, before any table: most
            // arrangements stop here: it halves the random `guobiao` hands that look up a
            // table (`scripts/instructions guobiao`).
            if (knitted + rest_bound(v.planes, SPACED[i], rest_melds, honor_runs)).saturating_sub(w)
                >= best
            {
                continue;
            }
            // Each arrangement looks up its own suits: past the bound, about one arrangement
            // a hand reaches the tables, and a cache of the nine (suit, triple) lookups cost
            // more than it saved (`scripts/instructions guobiao`).
            let mut rest = *v.groups;
            for s in 0..3 {
                let t = PERMS[i][s];
                let set_aside = suits[s] & TRIPLES[t] as usize;
                if set_aside == 0 {
                    continue;
                }
                let key = v.groups.keys[s] - MASK_WEIGHT[set_aside];
                (rest.keys[s], rest.aux[s]) = (key, v.tables.0[s].aux_of(key));
            }
            let rest = rest.distance_small(v.tables, rest_melds, v.budget, v.absent);
            best = best.min((knitted + rest).saturating_sub(w));
        }
    }
    best
}

/// A lower bound on the fewest tiles missing from `melds` melds (0 or 1) and a pair among
/// the real tiles left once one copy of each held kind of `set_aside` (spaced layout) is set
/// aside, from the count planes alone ([`View::planes`]): the pair fills at most 2 places,
/// 1 without a kind held twice; the meld at most 3, 2 without a pung or a run, 1 without a
/// pair or two tiles of one run (a chow; with `honor_runs`, also distinct winds or distinct
/// dragons). The two fill at most the sum of their bests (they may share a kind), so the
/// bound never passes the distance from the tables. Each is taken to fill its one place even
/// with no tile left (a weaker bound for a hand of wildcards only, two tests fewer).
#[inline(always)]
pub(super) fn rest_bound(planes: &[u64; 4], set_aside: u64, melds: usize, honor_runs: bool) -> u8 {
    let [one, two, three, four] = *planes;
    // Held more than `k` times once a copy is set aside: more than `k + 1` before, or more
    // than `k` and not set aside.
    let keep = !set_aside;
    let one = one & keep | two;
    let two = two & keep | three;
    let three = three & keep | four;
    bound_of::<false>(one, two, three, melds, honor_runs)
}

/// [`rest_bound`] for whichever arrangement is set aside: at most its least over the six.
/// Each part of the bound is asked of what any arrangement leaves. A kind held twice (or
/// three times) keeps as many copies where the arrangement does not hold it; but every chow
/// holds one kind of each triple, so a chow is left whole only where the kind of the
/// arrangement's triple is held twice. So a chow counts only with one of its kinds held twice
/// (fewer random `guobiao` hands then walk the arrangements: `scripts/instructions guobiao`).
/// The meld's second place is taken as filled (a pair or two tiles of one run: nearly every
/// hand holds one, and asking cost instructions for no hand screened).
#[inline(always)]
pub(super) fn any_arrangement_bound(planes: &[u64; 4], melds: usize, honor_runs: bool) -> u8 {
    let [one, two, three, _] = *planes;
    bound_of::<true>(one, two, three, melds, honor_runs)
}

/// The bound of [`rest_bound`] from the planes of what is left (held at least once, twice,
/// three times). `ANY`: the bound for whichever arrangement is set aside
/// ([`any_arrangement_bound`]): a chow counts only with one of its kinds held twice, and the
/// meld's second place is taken as filled.
#[inline(always)]
fn bound_of<const ANY: bool>(one: u64, two: u64, three: u64, melds: usize, honor_runs: bool) -> u8 {
    let any = |m: u64| (m != 0) as u8;
    if melds == 0 {
        return 1 - any(two);
    }
    // The spaced layout: a shift by one or two never carries a kind into another suit or
    // onto an honor.
    let chow = one & one >> 1 & one >> 2;
    let (run, two_of_run) = if honor_runs {
        honor_runs_held(one)
    } else {
        (0, 0)
    };
    if ANY {
        let chow = chow & (two | two >> 1 | two >> 2);
        return 2 - any(two) - any(three | chow | run);
    }
    let two_of_chow = one & (one >> 1 | one >> 2);
    3 - any(two) - any(two | two_of_chow | two_of_run) - any(three | chow | run)
}

/// Honor runs in a spaced plane, as words that are not 0 when there is one: a whole run
/// (three distinct winds, or the three dragons), and two tiles of one (two distinct winds,
/// or two distinct dragons).
#[inline(always)]
fn honor_runs_held(plane: u64) -> (u64, u64) {
    const WINDS: u64 = 0b1001001001; // 1z-4z, three bits apart
    const DRAGONS: u64 = 0b1001001; // 5z-7z
    let winds = plane >> spaced_bit(27).trailing_zeros() & WINDS;
    let dragons = plane >> spaced_bit(31).trailing_zeros() & DRAGONS;
    // Clearing the lowest bit leaves a bit where two were held, clearing it again where three.
    let two_winds = winds & winds.wrapping_sub(1);
    let two_dragons = dragons & dragons.wrapping_sub(1);
    let run = two_winds & two_winds.wrapping_sub(1) | (dragons == DRAGONS) as u64;
    (run, two_winds | two_dragons)
}

/// The top bit of each byte of `word` that equals `b`, for `b` below 128 (a byte `b | 128`
/// would read as equal too).
#[inline(always)]
fn bytes_equal(word: u64, b: u8) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = LOW << 7;
    let x = word ^ (b as u64 * LOW);
    // With every top bit set first, a byte borrows in the subtraction only when it was 0.
    !((x | HIGH).wrapping_sub(LOW)) & HIGH
}

/// A win needs an arrangement whose open places the wildcards fill: a cheap check first.
#[inline(always)]
pub(super) fn wins(v: &View) -> bool {
    // Only a complete hand matters: the search may stop at anything above 0.
    v.knitted_most() + v.wilds.total >= 9 && missing(&View { bound: 1, ..*v }) == 0
}

/// Real kinds whose draw lowers the missing tiles, one draw at a time.
pub(super) fn improving(v: &View, real: &Counts, wild: TileSet) -> u64 {
    let now = missing(v);
    let mut out = 0;
    for t in Tile::all() {
        if real[t.index()] >= 4 || wild.contains(t) {
            continue;
        }
        let groups = v
            .groups
            .with_change(v.tables, t.index() / 9, t.index() % 9, 1);
        let mut planes = *v.planes;
        planes[real[t.index()] as usize] |= spaced_bit(t.index());
        let drawn = View {
            groups: &groups,
            sum: groups.summary(v.absent),
            knitted: View::knitted_of(&groups),
            planes: &planes,
            ..*v
        };
        if missing(&drawn) < now {
            out |= 1 << t.index();
        }
    }
    out
}

/// A win without wildcards holds all nine kinds of one arrangement (and declares at most
/// one meld).
pub(super) fn screen() -> Screen {
    Screen::KnittedArrangement
}

/// One decomposition of a winning hand: an arrangement, a concealed meld (none when one is
/// declared) and a pair, of `kinds`, whose places the real tiles and the wildcards fill
/// exactly.
pub(super) fn decompositions(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    kinds: u64,
) -> Option<Vec<Set>> {
    let concealed: usize = real.iter().map(|&c| c as usize).sum::<usize>() + wild_tiles.len();
    let melds: Vec<Option<[usize; 3]>> = if concealed == 14 {
        // Pungs, then each group's runs as its table spec names them (suit chows; honor
        // runs where the rules play them).
        let mut m: Vec<Option<[usize; 3]>> = (0..34).map(|i| Some([i, i, i])).collect();
        for (g, spec) in rules.knitted_group_specs().into_iter().enumerate() {
            m.extend(
                spec.runs()
                    .iter()
                    .map(|r| Some(r.map(|slot| 9 * g + slot as usize))),
            );
        }
        m
    } else {
        vec![None]
    };
    for a in ARRANGEMENTS {
        let knitted: Vec<usize> = (0..3)
            .flat_map(|s| {
                (0..9)
                    .filter(move |i| a[s] >> i & 1 == 1)
                    .map(move |i| 9 * s + i)
            })
            .collect();
        for meld in &melds {
            if meld.is_some_and(|m| m.iter().any(|&k| kinds >> k & 1 == 0)) {
                continue;
            }
            for pair in (0..34).filter(|&p| kinds >> p & 1 == 1) {
                let mut roles = [0u8; 34];
                for &k in knitted.iter().chain(meld.iter().flatten()) {
                    roles[k] += 1;
                }
                roles[pair] += 2;
                let open: usize = (0..34)
                    .map(|k| roles[k].saturating_sub(real[k]) as usize)
                    .sum();
                if (0..34).any(|k| real[k] > roles[k]) || open != wild_tiles.len() {
                    continue;
                }
                // Real tiles first, wildcards on the open places.
                let mut left = *real;
                let mut wilds = wild_tiles.iter();
                let mut place = |k: usize| {
                    let t = Tile::from_index(k);
                    if left[k] > 0 {
                        left[k] -= 1;
                        slot(t, None)
                    } else {
                        slot(t, wilds.next().copied())
                    }
                };
                let mut sets: Vec<Set> = knitted
                    .iter()
                    .map(|&k| single_set(SetKind::Single, vec![place(k)]))
                    .collect();
                if let Some(m) = meld {
                    let kind = if m[0] == m[1] {
                        SetKind::Pung
                    } else {
                        SetKind::Chow
                    };
                    sets.push(single_set(kind, m.iter().map(|&k| place(k)).collect()));
                }
                sets.push(single_set(SetKind::Pair, vec![place(pair), place(pair)]));
                return Some(sets);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::knitted::SPACED;

    /// The next word of a linear congruential sequence (the tests' random kinds).
    fn step(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state
    }

    /// Counts of 13 or 14 tiles (`n` even: 13): every other hand mostly of one arrangement's
    /// kinds, every third with more honors.
    fn knitted_heavy_counts(n: usize, state: &mut u64) -> [u8; 34] {
        let mut counts = [0u8; 34];
        let size = 13 + n % 2;
        let mut held = 0;
        while held < size {
            let seed = step(state) >> 33;
            let k = if n % 2 == 0 && seed % 4 != 0 {
                let (a, s) = ((seed >> 4) as usize % 6, (seed >> 8) as usize % 3);
                let slots = ARRANGEMENTS[a][s];
                9 * s + [0, 3, 6][(seed >> 12) as usize % 3] + slots.trailing_zeros() as usize
            } else if n % 3 == 0 && seed % 2 == 0 {
                27 + (seed >> 4) as usize % 7
            } else {
                seed as usize % 34
            };
            if counts[k] < 4 {
                counts[k] += 1;
                held += 1;
            }
        }
        counts
    }

    /// `rest_bound` never passes the distance from the tables of what is left once one copy
    /// of each held kind of an arrangement (or of none) is set aside, for one meld and a pair
    /// and for the pair alone, with and without honor runs; and it often equals it (else it
    /// would screen nothing).
    #[test]
    fn rest_bound_is_a_lower_bound_on_the_tables_distance() {
        use crate::combine::Groups;
        use crate::{Engine, Hand};
        for honor_runs in [false, true] {
            let engine = Engine::new(Rules {
                honor_runs,
                ..Rules::guobiao()
            });
            let tables = engine.group_tables();
            let mut state = 29u64;
            let (mut tight, mut asked) = (0u32, 0u32);
            for n in 0..100_000 {
                let counts = knitted_heavy_counts(n, &mut state);
                let hand = Hand::new(counts, &[], TileSet::EMPTY).unwrap();
                for set_aside in [0].into_iter().chain(SPACED) {
                    let mut rest = counts;
                    for (k, c) in rest.iter_mut().enumerate() {
                        if set_aside & spaced_bit(k) != 0 && *c > 0 {
                            *c -= 1;
                        }
                    }
                    let mut keys = [0u32; 4];
                    for (k, &c) in rest.iter().enumerate() {
                        keys[k / 9] += c as u32 * slot_weight(k % 9);
                    }
                    let groups = Groups::from_keys(tables, keys);
                    for melds in 0..=1 {
                        let bound = rest_bound(hand.count_planes(), set_aside, melds, honor_runs);
                        let distance = groups.distance(tables, melds, 0, 0);
                        assert!(
                            bound <= distance,
                            "{hand} {set_aside:#x} {melds} runs {honor_runs}"
                        );
                        tight += (bound == distance) as u32;
                        asked += 1;
                    }
                }
            }
            assert!(tight > asked / 10 * 9, "{tight} of {asked}");
        }
    }

    /// `any_arrangement_bound` is, part by part, what some arrangement leaves, worked out
    /// from the counts: 3, less one if some arrangement leaves a pair, one for the meld's
    /// second place (taken as filled), one if some leaves a pung or a run (1 less a pair for
    /// the pair alone). And it is at most each arrangement's `rest_bound`.
    #[test]
    fn any_arrangement_bound_is_what_some_arrangement_leaves() {
        for honor_runs in [false, true] {
            let mut state = 31u64;
            for n in 0..100_000 {
                let counts = knitted_heavy_counts(n, &mut state);
                let planes = crate::Hand::new(counts, &[], TileSet::EMPTY)
                    .unwrap()
                    .count_planes()
                    .to_owned();
                // Per arrangement: whether what it leaves holds a pair, a pung or a run.
                let left = (0..6).map(|a| {
                    let mut rest = counts;
                    for (s, slots) in ARRANGEMENTS[a].iter().enumerate() {
                        for slot in 0..9 {
                            if slots >> slot & 1 == 1 {
                                rest[9 * s + slot] = rest[9 * s + slot].saturating_sub(1);
                            }
                        }
                    }
                    let held = |k: usize| rest[k] > 0;
                    let pair = rest.iter().any(|&c| c >= 2);
                    let pung = rest.iter().any(|&c| c >= 3);
                    let chow = (0..3)
                        .flat_map(|s| (0..7).map(move |p| 9 * s + p))
                        .any(|k| held(k) && held(k + 1) && held(k + 2));
                    let winds = (27..31).filter(|&k| held(k)).count();
                    let run = honor_runs && (winds >= 3 || (31..34).all(held));
                    (pair, pung || chow || run)
                });
                let (mut pair, mut meld) = (false, false);
                for (p, m) in left {
                    (pair, meld) = (pair || p, meld || m);
                }
                let want = [1 - pair as u8, 2 - pair as u8 - meld as u8];
                for (melds, &want) in want.iter().enumerate() {
                    let bound = any_arrangement_bound(&planes, melds, honor_runs);
                    assert_eq!(bound, want, "{counts:?} {melds} runs {honor_runs}");
                    for set_aside in SPACED {
                        assert!(bound <= rest_bound(&planes, set_aside, melds, honor_runs));
                    }
                }
            }
        }
    }

    #[test]
    fn bytes_equal_flags_exactly_the_equal_bytes() {
        let mut state = 21u64;
        for _ in 0..200_000 {
            let seed = step(&mut state);
            // Knitted counts (0..=9) and the padding byte of `missing`'s word.
            let bytes: [u8; 8] = std::array::from_fn(|k| {
                [(seed >> (5 * k)) as u8 % 10, 0xFF][(seed >> (50 + k) & 1) as usize]
            });
            let word = u64::from_le_bytes(bytes);
            for b in 0..=9u8 {
                let want = (0..8)
                    .filter(|&k| bytes[k] == b)
                    .fold(0u64, |m, k| m | 0x80 << (8 * k));
                assert_eq!(bytes_equal(word, b), want, "{bytes:?} {b}");
            }
        }
    }
}
