//! 组合龙 (knitted straight, 国标): the nine tiles of one knitted arrangement (147, 258 and
//! 369, each in a different suit), one meld and one pair; the meld may be declared.
//!
//! Missing tiles: for each arrangement, the knitted places no real tile fills, plus the
//! standard form's distance of what is left once one copy of each held knitted kind is set
//! aside, for the melds still to form and a pair (from the tables). Setting a held copy aside
//! is never worse than keeping it for the meld or pair: either way it saves one draw. The
//! rest's target holds at most 3 copies of a knitted kind (a pung, or a chow and the pair),
//! so no kind passes 4 real copies.

use super::{Screen, View};
use crate::decompose::{single_set, slot, Set, SetKind};
use crate::rules::Rules;
use crate::kinds::spaced_bit;
use crate::table::gen::slot_weight;
use crate::tile::{Counts, Tile, TileSet};

/// The three knitted triples of a suit, as slot masks: 147, 258, 369.
const TRIPLES: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];

/// The six knitted arrangements, as the triple each suit (m, p, s) takes.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The six knitted arrangements: per suit (m, p, s), the slots it holds (147 = slots 0, 3, 6).
pub(super) const ARRANGEMENTS: [[u16; 3]; 6] = {
    let mut out = [[0u16; 3]; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 3 {
            out[i][s] = TRIPLES[PERMS[i][s]];
            s += 1;
        }
        i += 1;
    }
    out
};

/// Per presence mask of a suit (9 bits), how many kinds of each triple it holds: a table, as
/// the baseline x86-64 target has no popcount instruction.
static TRIPLE_HELD: [[u8; 3]; 512] = {
    let mut out = [[0u8; 3]; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut t = 0;
        while t < 3 {
            out[mask][t] = ((mask as u16) & TRIPLES[t]).count_ones() as u8;
            t += 1;
        }
        mask += 1;
    }
    out
};

/// Per presence mask of a suit, the kinds it holds of each triple packed in two bits each
/// (`held[0] | held[1] << 2 | held[2] << 4`): an index into [`TWO_SUITS_MOST`].
static TRIPLE_STATE: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        let h = TRIPLE_HELD[mask];
        out[mask] = h[0] | h[1] << 2 | h[2] << 4;
        mask += 1;
    }
    out
};

/// Kinds of triple `t` a [`TRIPLE_STATE`] holds.
const fn state_held(state: usize, t: usize) -> u16 {
    (state >> (2 * t) & 3) as u16
}

/// Per pair of [`TRIPLE_STATE`]s of the first two suits, and per triple `t` left for the
/// third (4 bits at `4t`): the most knitted places the two suits fill with the other two
/// triples, either way round.
static TWO_SUITS_MOST: [u16; 4096] = {
    let mut out = [0u16; 4096];
    let mut i = 0;
    while i < 4096 {
        let (a, b) = (i >> 6, i & 63);
        let mut t = 0;
        while t < 3 {
            let (x, y) = ((t + 1) % 3, (t + 2) % 3);
            let one = state_held(a, x) + state_held(b, y);
            let other = state_held(a, y) + state_held(b, x);
            out[i] |= (if one > other { one } else { other }) << (4 * t);
            t += 1;
        }
        i += 1;
    }
    out
};

/// Per presence mask of a suit, the kinds it holds of each triple in 4 bits each
/// (`held[0] | held[1] << 4 | held[2] << 8`): added to a [`TWO_SUITS_MOST`] word without carry.
static TRIPLE_NIBBLES: [u16; 512] = {
    let mut out = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let h = TRIPLE_HELD[mask];
        out[mask] = h[0] as u16 | (h[1] as u16) << 4 | (h[2] as u16) << 8;
        mask += 1;
    }
    out
};

/// The largest of the three 4-bit fields of a 12-bit word (the sums it is asked of are below
/// `0xA00`, each field at most 9; the whole range, so that a mask, not a bounds check, keeps
/// the index in it).
static MAX_NIBBLE: [u8; 0x1000] = {
    let mut out = [0u8; 0x1000];
    let mut i = 0;
    while i < 0x1000 {
        let (a, b, c) = ((i & 15) as u8, (i >> 4 & 15) as u8, (i >> 8) as u8);
        let ab = if a > b { a } else { b };
        out[i] = if ab > c { ab } else { c };
        i += 1;
    }
    out
};

/// The most knitted places the real tiles of these suits (presence masks) fill over the six
/// arrangements: `max(knitted_held(suits))` in four loads and an addition (the six sums and
/// their maximum cost ~60 instructions; the three per-triple sums and their maximum ~26).
#[inline(always)]
pub(super) fn knitted_most(suits: [usize; 3]) -> u8 {
    let two = TWO_SUITS_MOST
        [(TRIPLE_STATE[suits[0] & 511] as usize) << 6 | TRIPLE_STATE[suits[1] & 511] as usize];
    // Each field: at most 6 from the two suits and 3 from the third.
    MAX_NIBBLE[(two + TRIPLE_NIBBLES[suits[2] & 511]) as usize & 0xFFF]
}

/// Knitted places the real tiles of these suits (presence masks) fill, per arrangement.
#[inline(always)]
pub(super) fn knitted_held(suits: [usize; 3]) -> [u8; 6] {
    // Written out in `PERMS` order: `array::map` here costs ~200 instructions a call.
    let (m, p, s) = (
        TRIPLE_HELD[suits[0] & 511],
        TRIPLE_HELD[suits[1] & 511],
        TRIPLE_HELD[suits[2] & 511],
    );
    [
        m[0] + p[1] + s[2],
        m[0] + p[2] + s[1],
        m[1] + p[0] + s[2],
        m[1] + p[2] + s[0],
        m[2] + p[0] + s[1],
        m[2] + p[1] + s[0],
    ]
}

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
    // tests went either way from hand to hand: 0.53 → 0.23 mispredicted branches a hand under
    // `guobiao`, 588 → 578 instructions.
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
            // arrangements stop here (measured on random `guobiao` hands: the hands that
            // look up a table went 13.9% → 6.9%).
            if (knitted + rest_bound(v.planes, SPACED[i], rest_melds, honor_runs)).saturating_sub(w)
                >= best
            {
                continue;
            }
            // Each arrangement looks up its own suits: past the bound, about one arrangement
            // a hand reaches the tables, and a cache of the nine (suit, triple) lookups cost
            // more than it saved (measured: 541 → 536 shanten instructions a hand).
            let mut rest = *v.groups;
            for s in 0..3 {
                let t = PERMS[i][s];
                let set_aside = suits[s] & TRIPLES[t] as usize;
                if set_aside == 0 {
                    continue;
                }
                let key = v.groups.keys[s] - MASK_WEIGHT[set_aside];
                let (rank, aux) = v.tables.0[s].lookup(key);
                (rest.keys[s], rest.ranks[s], rest.aux[s]) = (key, rank, aux);
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
/// (measured on random `guobiao` hands: the hands that walk the arrangements went 15.8% →
/// 14.2%, 535 → 520 shanten instructions a hand). The meld's second place is taken as filled
/// (a pair or two tiles of one run: nearly every hand holds one, and asking cost 4
/// instructions a hand for no hand screened).
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

/// The nine kinds of each arrangement, in the spaced layout of the kind masks.
static SPACED: [u64; 6] = {
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 3 {
            let mut slot = 0;
            while slot < 9 {
                if ARRANGEMENTS[i][s] >> slot & 1 == 1 {
                    out[i] |= spaced_bit(9 * s + slot);
                }
                slot += 1;
            }
            s += 1;
        }
        i += 1;
    }
    out
};

/// Per choice of the triples each suit holds in full (3 bits a suit: m, p, s), whether one
/// arrangement takes a full triple of each suit.
static ARRANGEMENT_HELD: [bool; 512] = {
    let mut out = [false; 512];
    let mut full = 0;
    while full < 512 {
        let mut i = 0;
        while i < 6 {
            let [m, p, s] = PERMS[i];
            if full >> m & 1 == 1 && full >> (3 + p) & 1 == 1 && full >> (6 + s) & 1 == 1 {
                out[full] = true;
            }
            i += 1;
        }
        full += 1;
    }
    out
};

/// Whether the held kinds (spaced layout: suit `s` at bits `11s..11s+9`) include all nine of
/// one arrangement: the full triples of each suit, then one table load (a walk over the six
/// arrangements cost ~40 instructions a hand under `guobiao`).
pub(super) fn holds_arrangement(held: u64) -> bool {
    // Bit `t` of a suit's window: its slots t, t+3 and t+6 are all held.
    let full = held & held >> 3 & held >> 6;
    ARRANGEMENT_HELD[suit_windows(full)]
}

/// The three low bits of each suit's window (spaced layout: bits `11s..11s+3`), side by side
/// in nine bits: one multiply moves the three fields next to each other (their bits never
/// meet, so no sum carries), in 4 instructions where shifting each cost 8.
#[inline(always)]
fn suit_windows(x: u64) -> usize {
    const LOW3: u64 = 7 | 7 << 11 | 7 << 22;
    ((x & LOW3).wrapping_mul(1 << 16 | 1 << 8 | 1) >> 16 & 511) as usize
}

/// Per set of slot classes mod 3 a suit holds (bit `c`: a kind at slot `c`, `c + 3` or
/// `c + 6`), the triples that hold all its kinds (bit `t`: triple `t`; every one for none).
const FITTING_TRIPLES: [usize; 8] = [0b111, 0b001, 0b010, 0, 0b100, 0, 0, 0];

/// Whether the held suit kinds (spaced layout) lie within one knitted arrangement: each
/// suit's kinds in one triple, the suits in different triples (the honors free). Each suit's
/// slot classes, the triples that fit them, then the arrangement table.
#[inline(always)]
pub(crate) fn within_arrangement(held: u64) -> bool {
    // Bit `c` of a suit's window: a kind of the suit at slot c, c + 3 or c + 6.
    let classes = held | held >> 3 | held >> 6;
    WITHIN_HELD[suit_windows(classes)]
}

/// Per three suits' slot classes mod 3 ([`suit_windows`]), whether the triples that fit
/// each suit ([`FITTING_TRIPLES`]) allow an arrangement.
static WITHIN_HELD: [bool; 512] = {
    let mut out = [false; 512];
    let mut classes = 0;
    while classes < 512 {
        let (m, p, s) = (classes & 7, classes >> 3 & 7, classes >> 6);
        out[classes] = ARRANGEMENT_HELD
            [FITTING_TRIPLES[m] | FITTING_TRIPLES[p] << 3 | FITTING_TRIPLES[s] << 6];
        classes += 1;
    }
    out
};

/// A win without wildcards holds all nine kinds of one arrangement (and declares at most
/// one meld).
pub(super) fn screen() -> Screen {
    Screen::KnittedArrangement
}

/// The test of [`Screen::KnittedArrangement`]: the held kinds (spaced layout) include all
/// nine of one arrangement, and at most one meld is declared.
#[inline(always)]
pub(crate) fn knitted_screen(held: u64, melds: usize) -> bool {
    melds <= 1 && holds_arrangement(held)
}

/// One reading of a winning hand: an arrangement, a concealed meld (none when one is
/// declared) and a pair, of `kinds`, whose places the real tiles and the wildcards fill
/// exactly.
pub(super) fn readings(
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
    fn knitted_held_counts_each_arrangements_kinds() {
        let mut state = 7u64;
        for _ in 0..100_000 {
            let seed = step(&mut state);
            let suits = [
                (seed >> 10) as usize & 511,
                (seed >> 20) as usize & 511,
                (seed >> 30) as usize & 511,
            ];
            let want: [u8; 6] = std::array::from_fn(|i| {
                (0..3)
                    .map(|s| (suits[s] as u16 & ARRANGEMENTS[i][s]).count_ones() as u8)
                    .sum()
            });
            assert_eq!(knitted_held(suits), want, "{suits:?}");
            assert_eq!(
                knitted_most(suits),
                *want.iter().max().unwrap(),
                "{suits:?}"
            );
        }
        // Each arrangement covers every suit with a different triple, nine kinds in all.
        for a in ARRANGEMENTS {
            assert_eq!(a.iter().map(|m| m.count_ones()).sum::<u32>(), 9);
            assert_eq!(a[0] | a[1] | a[2], 0x1ff);
        }
    }

    #[test]
    fn knitted_most_is_the_best_arrangement_for_every_pair_of_suit_masks() {
        // Every mask of the first two suits, and third-suit masks holding 0..=3 kinds of each
        // triple (each field of the packed sum reaches its largest value somewhere).
        let thirds = [
            0,
            0b001,
            0b001_001,
            0b111_111_111,
            0b100_010_001,
            0b010_010_010,
            0x155,
        ];
        for m in 0..512 {
            for p in 0..512 {
                for &third in &thirds {
                    let suits = [m, p, third];
                    let want = *knitted_held(suits).iter().max().unwrap();
                    assert_eq!(knitted_most(suits), want, "{suits:?}");
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

    #[test]
    fn within_arrangement_is_every_suit_kind_in_one_arrangement() {
        let mut state = 13u64;
        for n in 0..1_000_000u64 {
            let seed = step(&mut state);
            // Random kinds, and most hands some kinds of an arrangement, a third of those
            // with one kind more (on the arrangement or off it), honors among them.
            let mut held = seed & crate::kinds::spaced_range(0, 34);
            if n % 4 != 0 {
                let subset = SPACED[(seed >> 40) as usize % 6] & seed.rotate_left(17);
                let extra = if n % 3 == 0 {
                    crate::kinds::spaced_bit((seed >> 50) as usize % 34)
                } else {
                    0
                };
                held = subset | extra;
            }
            let suits = held & crate::kinds::spaced_range(0, 27);
            let want = SPACED.iter().any(|&a| suits & !a == 0);
            assert_eq!(within_arrangement(held), want, "{held:#x}");
        }
    }

    #[test]
    fn holds_arrangement_is_holding_one_arrangements_kinds() {
        let mut state = 9u64;
        for n in 0..1_000_000u64 {
            let seed = step(&mut state);
            // Random kinds, and every 4th hand an arrangement with some kinds taken out.
            let mut held = seed & crate::kinds::spaced_range(0, 34);
            if n % 4 == 0 {
                held |= SPACED[(seed >> 40) as usize % 6] & !(1 << ((seed >> 50) % 40));
            }
            let want = SPACED.iter().any(|&a| a & !held == 0);
            assert_eq!(holds_arrangement(held), want, "{held:#x}");
        }
    }
}
