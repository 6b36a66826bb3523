//! Shanten as CONTRACT.md words it, taken literally: the fewest draws that turn the concealed
//! hand `H` into a complete hand `T`, where `T` is a multiset of *physical* tiles, at most 4 of
//! each kind, and every tile of a wild kind in `T` (held or drawn) may stand for any tile.
//!
//! No table, no lanes, no excess budget: every whole-hand target shape (melds + one pair) is
//! enumerated, and for each the cheapest physical `T` that realises it is found. Special forms
//! reuse the form references of `mod.rs` (their slots never need a 5th copy, so a drawn tile of
//! the right kind always fills them; see `special_forms_never_need_a_wild_draw` in the tests).
//! Slow (about 3 ms per 13-tile hand, 14 times that for 14 tiles): thousands of hands per test.

use super::{orphans_missing_ref, seven_pairs_missing_ref, shisanlan_missing_ref};
use hupai::{Hand, MeldKind, Pattern, Rules, SevenPairs};

/// The kinds of suit `s`.
fn suit_kinds(s: usize) -> u64 {
    0x1ff << (9 * s)
}

/// What the literal reference needs to know of a hand and its rules.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// Concealed counts, wild kinds included.
    pub counts: [u8; 34],
    /// Wild kinds (bit per kind).
    pub wild: u64,
    /// Declared melds.
    pub declared: usize,
    /// Honor runs (Nanchang).
    pub runs: bool,
    /// Seven pairs: 0 off, 1 distinct kinds, 2 four of a kind = two pairs.
    pub seven_pairs: u8,
    pub orphans: bool,
    pub shisanlan: bool,
    pub qixing: bool,
    pub honor_wild_stays_honor: bool,
    /// The contract (true): a drawn tile of a wild kind is a wildcard. False forbids drawing
    /// wild tiles at all, only to measure how often the rule changes an answer.
    pub wild_draws: bool,
    /// Kinds a complete hand may hold (bit per kind): the tiles in play.
    pub in_play: u64,
    /// 缺一门: the complete hand holds at most two suits, its declared melds included.
    pub lack_suit: bool,
    /// Suits (bits 0..3) the declared melds hold.
    pub meld_suits: u8,
    /// 258将: the standard form's pair is a 2, 5 or 8 of a suit.
    pub pair_258: bool,
    /// 全不靠, 七星不靠, 组合龙 (国标).
    pub quanbukao: bool,
    pub qixing_bukao: bool,
    pub knitted_straight: bool,
    /// The plain win: melds and a pair win without a pattern.
    pub plain_win: bool,
    /// The rules' win patterns.
    pub patterns: hupai::Patterns,
    /// A declared meld is a chow.
    pub meld_chow: bool,
    /// The kinds the declared melds hold (bit per kind).
    pub meld_kinds: u64,
}

impl Case {
    /// The case of a hand under some rules, as the contract reads it.
    pub fn of(h: &Hand, rules: &Rules) -> Case {
        Case {
            counts: *h.counts(),
            wild: h.wild().0,
            declared: h.meld_count(),
            runs: rules.honor_runs,
            seven_pairs: match rules.seven_pairs {
                SevenPairs::Off => 0,
                SevenPairs::Distinct => 1,
                SevenPairs::FourAsTwo => 2,
            },
            orphans: rules.thirteen_orphans,
            shisanlan: rules.shisanlan,
            qixing: rules.qixing,
            honor_wild_stays_honor: rules.honor_wild_stays_honor,
            wild_draws: true,
            in_play: rules.in_play().0,
            lack_suit: rules.lack_suit,
            meld_suits: h
                .melds()
                .flat_map(|m| m.tiles().iter().collect::<Vec<_>>())
                .filter(|t| t.index() < 27)
                .fold(0, |a, t| a | 1 << (t.index() / 9)),
            pair_258: rules.pair_258,
            quanbukao: rules.quanbukao,
            qixing_bukao: rules.qixing_bukao,
            knitted_straight: rules.knitted_straight,
            plain_win: rules.plain_win,
            patterns: rules.patterns,
            meld_chow: h.melds().any(|m| m.kind() == MeldKind::Chow),
            meld_kinds: h.melds().fold(0, |a, m| a | m.tiles().0),
        }
    }

    /// The kind sets a complete hand may draw on: the kinds in play, less one suit under
    /// 缺一门 (one set per suit no declared meld holds).
    pub fn allowed_kinds(&self) -> Vec<u64> {
        if !self.lack_suit {
            return vec![self.in_play];
        }
        (0..3)
            .filter(|&s| self.meld_suits >> s & 1 == 0)
            .map(|s| self.in_play & !suit_kinds(s))
            .collect()
    }
}

/// Every meld as three kinds: pungs, suit chows, and honor runs when `runs`.
fn meld_shapes(runs: bool) -> Vec<[usize; 3]> {
    let mut v: Vec<[usize; 3]> = (0..34).map(|i| [i, i, i]).collect();
    for s in 0..3 {
        for n in 0..7 {
            let b = 9 * s + n;
            v.push([b, b + 1, b + 2]);
        }
    }
    if runs {
        v.extend([
            [27, 28, 29],
            [27, 28, 30],
            [27, 29, 30],
            [28, 29, 30],
            [31, 32, 33],
        ]);
    }
    v
}

/// The fewest draws that realise the target `roles` (a count per kind of what each tile of the
/// complete hand stands for) with physical tiles: `None` if no physical `T` can.
///
/// A role of a non-wild kind `j` is filled by a real `j` (held, or drawn while `T` holds at
/// most 4 of `j`) or by a wild tile; a role of a wild kind only by a wild tile (a tile of that
/// kind is one). Wild tiles in `T` number at most 4 per wild kind. Held tiles are used first
/// (they cost nothing); `x` real draws are tried in every number, the rest are wild draws.
pub fn realise(roles: &[u8; 34], counts: &[u8; 34], wild: u64, wild_draws: bool) -> Option<u32> {
    let is_wild = |j: usize| wild >> j & 1 == 1;
    let held_wild: u32 = (0..34)
        .filter(|&j| is_wild(j))
        .map(|j| counts[j] as u32)
        .sum();
    let wild_kinds = wild.count_ones();
    let mut missing = 0u32; // roles of non-wild kinds no held real tile fills
    let mut real_draws_max = 0u32; // of those, how many real draws may fill (T_j <= 4)
    let mut wild_roles = 0u32; // roles of wild kinds
    for j in 0..34 {
        let r = roles[j] as u32;
        if is_wild(j) {
            wild_roles += r;
        } else {
            let used = r.min(counts[j] as u32);
            missing += r - used;
            real_draws_max += r.min(4) - used;
        }
    }
    let mut best: Option<u32> = None;
    for x in 0..=real_draws_max {
        let wild_tiles = missing - x + wild_roles; // wild tiles T must hold
        let exist = if wild_draws {
            4 * wild_kinds
        } else {
            held_wild
        };
        if wild_tiles > exist {
            continue; // more wild tiles than exist (or than may be drawn)
        }
        let draws = x + wild_tiles.saturating_sub(held_wild);
        best = Some(best.map_or(draws, |b| b.min(draws)));
    }
    best
}

/// Fewest draws to a complete standard-form hand (`4 - declared` melds and a pair) whose
/// kinds are all in `kinds`: every multiset of meld shapes and every pair, each judged by
/// [`realise`].
pub fn standard_draws(case: &Case, kinds: u64) -> u32 {
    shaped_draws(case, kinds, false)
}

/// [`standard_draws`] with pungs only (`pungs`: 碰碰胡's targets), or with the rules' melds.
fn shaped_draws(case: &Case, kinds: u64, pungs: bool) -> u32 {
    // Melds over held tiles first, so that good targets come early and bound the rest.
    let mut shapes = meld_shapes(case.runs);
    shapes.retain(|s| s.iter().all(|&t| kinds >> t & 1 == 1));
    shapes.retain(|s| !pungs || s[0] == s[1]);
    shapes.sort_by_key(|s| std::cmp::Reverse(s.iter().filter(|&&t| case.counts[t] > 0).count()));
    let pairs: Vec<usize> = (0..34)
        .filter(|&p| kinds >> p & 1 == 1)
        .filter(|&p| !case.pair_258 || (p < 27 && [1, 4, 7].contains(&(p % 9))))
        .collect();
    let mut best = u32::MAX;
    let mut roles = [0u8; 34];
    search(
        &shapes,
        &pairs,
        0,
        4 - case.declared,
        &mut roles,
        case,
        &mut best,
    );
    best
}

fn search(
    shapes: &[[usize; 3]],
    pairs: &[usize],
    start: usize,
    left: usize,
    roles: &mut [u8; 34],
    case: &Case,
    best: &mut u32,
) {
    // Adding roles never lowers the draws a target needs, so a partial target that already
    // needs `best` draws (or cannot be realised) is abandoned.
    let realised = |roles: &[u8; 34]| realise(roles, &case.counts, case.wild, case.wild_draws);
    match realised(roles) {
        Some(d) if d < *best => {}
        _ => return,
    }
    if left == 0 {
        for &p in pairs {
            roles[p] += 2;
            if let Some(d) = realised(roles) {
                *best = (*best).min(d);
            }
            roles[p] -= 2;
        }
        return;
    }
    for k in start..shapes.len() {
        for &t in &shapes[k] {
            roles[t] += 1;
        }
        search(shapes, pairs, k, left - 1, roles, case, best);
        for &t in &shapes[k] {
            roles[t] -= 1;
        }
    }
}

/// Fewest draws over every form the rules allow (special forms only with no declared meld),
/// over the kind sets a complete hand may hold; `u32::MAX` if none can be complete.
pub fn draws(case: &Case) -> u32 {
    case.allowed_kinds()
        .into_iter()
        .map(|kinds| draws_within(case, kinds))
        .min()
        .unwrap_or(u32::MAX)
}

/// [`draws`] for complete hands of the kinds in `kinds` only. Tiles of other kinds the hand
/// holds are never part of the complete hand; the special forms other than seven pairs need
/// every suit and (but for the knitted straight) the honors.
fn draws_within(case: &Case, kinds: u64) -> u32 {
    let mut best = if case.plain_win {
        standard_draws(case, kinds)
    } else {
        u32::MAX
    };
    best = best.min(pattern_draws(case, kinds));
    if case.declared == 0 {
        let mut real = case.counts;
        for j in 0..34 {
            if kinds >> j & 1 == 0 && case.wild >> j & 1 == 0 {
                real[j] = 0;
            }
        }
        let every_kind = kinds == (1 << 34) - 1;
        let mut w = 0u8;
        let mut honor_wild = [0u8; 7];
        let mut suit_wild = 0u8;
        for j in 0..34 {
            if case.wild >> j & 1 == 1 {
                w += real[j];
                if j >= 27 {
                    honor_wild[j - 27] += real[j];
                } else {
                    suit_wild += real[j];
                }
                real[j] = 0;
            }
        }
        if case.seven_pairs > 0 {
            best = best.min(seven_pairs_missing_ref(&real, w, case.seven_pairs == 2) as u32);
        }
        if case.orphans && every_kind {
            best = best.min(orphans_missing_ref(&real, w) as u32);
        }
        for (on, stars) in [(case.shisanlan, false), (case.qixing, true)] {
            if on && every_kind {
                let m = shisanlan_missing_ref(
                    &real,
                    &honor_wild,
                    suit_wild,
                    stars,
                    case.honor_wild_stays_honor,
                );
                best = best.min(m as u32);
            }
        }
        if every_kind && (case.quanbukao || case.qixing_bukao) {
            best = best.min(bukao_draws(case));
        }
    }
    let all_suits = (0..3).all(|s| kinds & suit_kinds(s) == suit_kinds(s));
    if case.knitted_straight && case.declared <= 1 && all_suits {
        best = best.min(knitted_straight_draws(case, kinds));
    }
    best
}

/// The nine kinds of each knitted arrangement: 147, 258 and 369, each in a different suit.
pub fn knitted_arrangements() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for perm in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        let mut kinds = Vec::new();
        for (suit, start) in perm.iter().enumerate() {
            kinds.extend([0, 3, 6].map(|n| 9 * suit + start + n));
        }
        out.push(kinds);
    }
    out
}

/// 全不靠 / 七星不靠 taken literally: every target of 14 distinct tiles from an arrangement's
/// nine and the seven honors (七星不靠: all seven honors and seven of the nine), each judged
/// by [`realise`].
pub fn bukao_draws(case: &Case) -> u32 {
    let mut best = u32::MAX;
    for knitted in knitted_arrangements() {
        let places: Vec<usize> = knitted.iter().copied().chain(27..34).collect();
        // Drop two places: any two (全不靠), or two knitted ones (七星不靠).
        for a in 0..16 {
            for b in a + 1..16 {
                let stars = a < 9 && b < 9;
                if !(case.quanbukao || case.qixing_bukao && stars) {
                    continue;
                }
                let mut roles = [0u8; 34];
                for (i, &p) in places.iter().enumerate() {
                    if i != a && i != b {
                        roles[p] = 1;
                    }
                }
                if let Some(d) = realise(&roles, &case.counts, case.wild, case.wild_draws) {
                    best = best.min(d);
                }
            }
        }
    }
    best
}

/// 组合龙 taken literally: every arrangement, meld of `kinds` (none with a declared meld) and
/// pair of `kinds`, each judged by [`realise`].
pub fn knitted_straight_draws(case: &Case, kinds: u64) -> u32 {
    let mut melds: Vec<Option<[usize; 3]>> = vec![None];
    if case.declared == 0 {
        melds = meld_shapes(case.runs)
            .into_iter()
            .filter(|m| m.iter().all(|&k| kinds >> k & 1 == 1))
            .map(Some)
            .collect();
    }
    let mut best = u32::MAX;
    for knitted in knitted_arrangements() {
        for meld in &melds {
            for pair in (0..34).filter(|&p| kinds >> p & 1 == 1) {
                let mut roles = [0u8; 34];
                for &k in knitted.iter().chain(meld.iter().flatten()) {
                    roles[k] += 1;
                }
                roles[pair] += 2;
                if let Some(d) = realise(&roles, &case.counts, case.wild, case.wild_draws) {
                    best = best.min(d);
                }
            }
        }
    }
    best
}

/// Shanten by the contract: 3k+1 hands `draws - 1`; 3k+2 hands `-1` for a win (no draw
/// needed), else the best 3k+1 shanten over the distinct discards.
/// `i8::MAX` (as the engine answers) when no complete hand can be reached.
pub fn shanten(case: &Case) -> i32 {
    let n: usize = case.counts.iter().map(|&c| c as usize).sum();
    if draws(case) == u32::MAX {
        return i8::MAX as i32;
    }
    if (n + 3 * case.declared) % 3 == 1 {
        return draws(case) as i32 - 1;
    }
    if draws(case) == 0 {
        return -1;
    }
    (0..34)
        .filter(|&d| case.counts[d] > 0)
        .map(|d| {
            let mut c = *case;
            c.counts[d] -= 1;
            draws(&c) as i32 - 1
        })
        .min()
        .expect("a 14-tile hand has a tile to discard")
}

/// The suited kinds that are a 2, 5 or 8.
fn kinds_258() -> u64 {
    (0..27)
        .filter(|k| [1, 4, 7].contains(&(k % 9)))
        .fold(0, |m, k| m | 1 << k)
}

/// The honor kinds.
const HONORS: u64 = 0x7f << 27;

/// Fewest draws to a complete hand of one of the rules' win patterns, each taken from its
/// words: a pattern takes any pair (the 258 pair binds the plain win only).
pub fn pattern_draws(case: &Case, kinds: u64) -> u32 {
    let any_pair = Case {
        pair_258: false,
        ..*case
    };
    let within = |set: u64| case.meld_kinds & !set == 0;
    let mut best = u32::MAX;
    for p in case.patterns.iter() {
        let d = match p {
            // Four pungs or kongs and a pair: no declared chow, concealed pungs only.
            Pattern::AllPungs if !case.meld_chow => shaped_draws(&any_pair, kinds, true),
            Pattern::AllPungs => u32::MAX,
            Pattern::OneSuit | Pattern::OneSuitHonors => (0..3)
                .map(|s| {
                    let extra = if p == Pattern::OneSuitHonors {
                        HONORS
                    } else {
                        0
                    };
                    let set = suit_kinds(s) | extra;
                    if !within(set) {
                        return u32::MAX;
                    }
                    let set = set & kinds;
                    let mut d = shaped_draws(&any_pair, set, false);
                    if case.seven_pairs > 0 && case.declared == 0 {
                        d = d.min(seven_pairs_within(case, set));
                    }
                    d
                })
                .min()
                .unwrap(),
            Pattern::All258 if within(kinds_258()) => any_tiles_of(case, kinds & kinds_258()),
            Pattern::AllHonors if within(HONORS) => any_tiles_of(case, kinds & HONORS),
            Pattern::All258 | Pattern::AllHonors => u32::MAX,
            Pattern::FourWild => four_wild_draws(case, kinds),
        };
        best = best.min(d);
    }
    best
}

/// Seven pairs of kinds in `set` only: the real tiles of other kinds never in it.
fn seven_pairs_within(case: &Case, set: u64) -> u32 {
    let mut real = case.counts;
    let mut w = 0u8;
    for j in 0..34 {
        if case.wild >> j & 1 == 1 {
            w += real[j];
            real[j] = 0;
        } else if set >> j & 1 == 0 {
            real[j] = 0;
        }
    }
    seven_pairs_missing_ref(&real, w, case.seven_pairs == 2) as u32
}

/// Any `14 - 3 × declared` tiles of the kinds of `set` (将将胡, 全风向): a target keeps every
/// held real tile of the set and gives the other places to kinds with room, one at a time;
/// [`realise`] counts the draws (held wildcards fill what they can).
fn any_tiles_of(case: &Case, set: u64) -> u32 {
    if set == 0 {
        return u32::MAX;
    }
    let size = 14 - 3 * case.declared as u32;
    let mut roles = [0u8; 34];
    let mut placed = 0u32;
    for j in 0..34 {
        if set >> j & 1 == 1 && case.wild >> j & 1 == 0 {
            roles[j] = case.counts[j];
            placed += case.counts[j] as u32;
        }
    }
    while placed < size {
        let j = (0..34)
            .filter(|&j| set >> j & 1 == 1)
            .min_by_key(|&j| roles[j])
            .unwrap();
        roles[j] += 1;
        placed += 1;
    }
    realise(&roles, &case.counts, case.wild, case.wild_draws).unwrap_or(u32::MAX)
}

/// 四红中: a complete hand holds the four copies of one wild kind (none in a declared meld)
/// and any other tiles it may hold (wild tiles, real tiles of `kinds`): each copy not held is
/// a draw, and the other tiles held fill the rest of the hand as far as they go.
fn four_wild_draws(case: &Case, kinds: u64) -> u32 {
    let size = 14 - 3 * case.declared as u32;
    if size < 4 {
        return u32::MAX; // four concealed copies do not fit
    }
    let held: u32 = (0..34)
        .filter(|&j| kinds >> j & 1 == 1 || case.wild >> j & 1 == 1)
        .map(|j| case.counts[j] as u32)
        .sum();
    (0..34)
        .filter(|&k| case.wild >> k & 1 == 1 && kinds >> k & 1 == 1)
        .filter(|&k| case.meld_kinds >> k & 1 == 0)
        .map(|k| {
            let c = case.counts[k] as u32;
            let others = (held - c).min(size - 4);
            size - c - others
        })
        .min()
        .unwrap_or(u32::MAX)
}
