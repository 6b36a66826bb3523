//! Win patterns ([`Pattern`]): shape rules that make a win on their own (长沙 大胡, big-wins-only
//! rooms, 四红中). Each pattern's missing tiles come from what the forms already read — the
//! group tables' lanes and win bytes, the summed count fields of the auxiliary words — or
//! from a few counts, never from a search:
//!
//! * **one suit** (清一色) and **one suit and honors** (混一色): the standard form with every
//!   other group holding nothing (the tables' own "absent" groups), or seven pairs over the
//!   kept groups' count fields;
//! * **all pungs** (碰碰胡): groups without runs are kinds on their own, so the fewest missing
//!   tiles follow from how many kinds are held once, twice, three and four times (the summed
//!   count fields) — [`all_pungs_cost`];
//! * **all of a tile set** (将将胡, 全风向): the tiles outside the set are the missing ones;
//! * **four wildcards** (四红中): the copies of a wild kind short of four.
//!
//! Missing tiles are as the forms count them: the fewest draws to a complete hand of the
//! pattern (shanten is one less), the hand's wildcards filling what they can, at most 4 real
//! copies of a kind and wild tiles as 5th copies within the excess budget.
//!
//! ```
//! use hupai::{Engine, Form, Pattern, Rules};
//! let engine = Engine::new(Rules::changsha());
//! let d = engine.forms(&"22255588m258p258s".parse().unwrap()); // 将将胡
//! assert_eq!(d.get(Form::Pattern(Pattern::All258)), Some(0));
//! assert_eq!(d.best(), 0);
//! ```

use crate::combine::lanes::at;
use crate::combine::{distance2, GroupTables, Groups};
use crate::decomposition_set::{Set, SetKind};
use crate::forms::{Form, View};
use crate::kinds::{spaced_bit, KindMasks};
use crate::meld::{Meld, MeldKind};
use crate::rules::{Pattern, SevenPairs};
use crate::table::aux;
use crate::tile::{Counts, TileSet};

/// Missing tiles of a pattern no hand of these melds can reach.
pub(crate) const NEVER: u8 = u8::MAX;

/// The kinds of each suit, then the honors (34-bit masks).
const GROUP_KINDS: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];

/// The 2, 5 and 8 of the three suits (将将胡's kinds).
pub(crate) const KINDS_258: u64 = {
    let one = 1 << 1 | 1 << 4 | 1 << 7;
    one | one << 9 | one << 18
};

/// The honor kinds.
pub(crate) const HONOR_KINDS: u64 = GROUP_KINDS[3];

/// What the declared melds allow: the kinds they hold (bits 0..34) and whether one is a chow
/// (bit 63: all pungs is out), in one word (a state that draws and discards keeps it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Declared(u64);

impl Declared {
    const CHOW: u64 = 1 << 63;

    /// The facts of some declared melds.
    pub fn of(melds: impl Iterator<Item = Meld>) -> Declared {
        Declared(melds.fold(0, |d, m| {
            d | m.tiles().0
                | if m.kind() == MeldKind::Chow {
                    Declared::CHOW
                } else {
                    0
                }
        }))
    }

    /// Whether a declared meld is a chow.
    fn chow(self) -> bool {
        self.0 & Declared::CHOW != 0
    }

    /// Whether the declared melds hold kind `i`.
    fn holds(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }

    /// Whether every declared kind is in `kinds`.
    fn within(self, kinds: u64) -> bool {
        self.0 & !Declared::CHOW & !kinds == 0
    }
}

/// What a pattern reads of a hand (or of a state that draws and discards).
#[derive(Clone, Copy)]
pub(crate) struct Input<'a> {
    /// The view the special forms read (its `sum` over the groups in play, the wildcards,
    /// the melds to form, the excess budget, the groups that hold nothing).
    pub view: View<'a>,
    /// The groups looked up in `open` (the rules' tables without the 258 pair), where a
    /// pattern of the rules reads their lanes or win bytes (one suit, one suit and honors);
    /// else the rules' own groups, whose count fields are the same.
    pub groups: &'a Groups,
    /// The tables a pattern's melds and pair are read from: any pair.
    pub open: &'a GroupTables<'a>,
    /// The concealed counts, wild kinds included.
    pub concealed: &'a Counts,
    /// The wild kinds.
    pub wild: TileSet,
    /// The kinds in play (34-bit mask).
    pub in_play: u64,
    /// The declared melds.
    pub declared: Declared,
}

impl Input<'_> {
    /// The kinds of the groups in play and not lacked.
    fn present(&self) -> u64 {
        (0..4)
            .filter(|&g| self.view.absent >> g & 1 == 0)
            .fold(0, |m, g| m | GROUP_KINDS[g])
            & self.in_play
    }

    /// The concealed tiles a complete hand holds: `3 × melds + 2`.
    fn size(&self) -> u32 {
        3 * self.view.melds as u32 + 2
    }

    /// Real tiles held of `kinds`.
    fn held(&self, kinds: u64) -> u32 {
        TileSet(kinds & !self.wild.0)
            .iter()
            .map(|t| self.concealed[t.index()] as u32)
            .sum()
    }
}

/// Missing tiles of a pattern, [`NEVER`] when its melds rule it out.
pub(crate) fn missing(p: Pattern, x: &Input) -> u8 {
    match p {
        Pattern::AllPungs => all_pungs(x),
        Pattern::OneSuit => one_suit(x, false),
        Pattern::OneSuitHonors => one_suit(x, true),
        Pattern::All258 => tile_set(x, KINDS_258),
        Pattern::AllHonors => tile_set(x, HONOR_KINDS),
        Pattern::FourWild => four_wild(x),
    }
}

/// The kinds of suit `s` (and the honors with `honors`).
pub(crate) fn suit_kinds(s: usize, honors: bool) -> u64 {
    GROUP_KINDS[s] | if honors { HONOR_KINDS } else { 0 }
}

/// The 2, 5 and 8 kinds in the spaced layout of the kind masks.
const SPACED_258: u64 = {
    let mut out = 0;
    let mut k = 0;
    while k < 27 {
        if KINDS_258 >> k & 1 == 1 {
            out |= spaced_bit(k);
        }
        k += 1;
    }
    out
};

/// A necessary condition for a 14-tile hand to win by pattern `p`, from what its screens read
/// (kind masks of the real tiles, real group sizes, the wildcards) and its counts: most hands
/// fail it for every pattern before any table is read.
pub(crate) fn may_win(
    p: Pattern,
    m: &KindMasks,
    sizes: [u8; 4],
    w: u8,
    concealed: &Counts,
    wild: TileSet,
) -> bool {
    let suits_held = (0..3).filter(|&g| sizes[g] > 0).count();
    match p {
        // A kind held once needs a wildcard for its pung or the pair.
        Pattern::AllPungs => m.single.count_ones() <= w as u32,
        Pattern::OneSuit => suits_held <= 1 && sizes[3] == 0,
        Pattern::OneSuitHonors => suits_held <= 1,
        Pattern::All258 => m.held & !SPACED_258 == 0,
        Pattern::AllHonors => suits_held == 0,
        Pattern::FourWild => wild.iter().any(|k| concealed[k.index()] == 4),
    }
}

/// Whether a 14-tile hand wins by pattern `p`: `missing == 0`, the one-suit patterns from
/// the win bytes rather than a distance.
pub(crate) fn wins(p: Pattern, x: &Input) -> bool {
    match p {
        Pattern::OneSuit => one_suit_wins(x, false),
        Pattern::OneSuitHonors => one_suit_wins(x, true),
        _ => missing(p, x) == 0,
    }
}

/// 清一色 / 混一色 complete: every real tile in the kept groups, and their win bytes complete
/// with the wildcards held, or seven pairs does.
fn one_suit_wins(x: &Input, honors: bool) -> bool {
    let v = &x.view;
    let w = v.wilds.total;
    (0..3).any(|s| {
        let absent = v.absent | others(s, honors);
        let kept = (0..4).all(|g| absent >> g & 1 == 0 || x.groups.keys[g] == 0);
        if v.absent >> s & 1 == 1 || !kept || !x.declared.within(suit_kinds(s, honors)) {
            return false;
        }
        x.groups.wildcards_needed(absent) <= w as u32
            || v.rules.seven_pairs != SevenPairs::Off
                && v.melds == 4
                && Form::SevenPairs.missing(&View {
                    sum: x.groups.summary(absent),
                    absent,
                    ..*v
                }) == 0
    })
}

/// The groups left out when a hand keeps to suit `s` (and the honors with `honors`).
pub(crate) fn others(s: usize, honors: bool) -> u8 {
    !(1u8 << s | (honors as u8) << 3) & 15
}

/// 清一色 / 混一色: the least over the suits of the standard form (the other groups holding
/// nothing) and seven pairs over the kept groups.
fn one_suit(x: &Input, honors: bool) -> u8 {
    let v = &x.view;
    let w = v.wilds.total;
    let mut best = NEVER;
    // The groups' lanes once (rarely the excess budget binds across groups: `None`).
    let lanes = x.groups.lanes_for(x.open, v.budget);
    let honors_kept = honors && v.absent >> 3 & 1 == 0;
    for s in 0..3 {
        let absent = v.absent | others(s, honors);
        let kept = suit_kinds(s, honors);
        if v.absent >> s & 1 == 1 || !x.declared.within(kept) {
            continue;
        }
        // One group: its own lane of the melds and a pair; with the honors, their product.
        let standard = match &lanes {
            Some(l) if honors_kept => distance2(&l[s], &l[3], v.melds),
            Some(l) => l[s][at(v.melds, 1)],
            None => x.groups.distance(x.open, v.melds, v.budget, absent),
        };
        best = best.min(standard.saturating_sub(w));
        if v.rules.seven_pairs != SevenPairs::Off && v.melds == 4 {
            let pairs = View {
                sum: x.groups.summary(absent),
                absent,
                ..*v
            };
            best = best.min(Form::SevenPairs.missing(&pairs));
        }
    }
    best
}

/// 碰碰胡: the least missing tiles of four pungs and a pair from the summed count fields.
fn all_pungs(x: &Input) -> u8 {
    if x.declared.chow() {
        return NEVER;
    }
    let v = &x.view;
    let n = held_histogram(v.sum);
    all_pungs_cost(n, v.melds as u32, v.budget).saturating_sub(v.wilds.total as u32) as u8
}

/// Kinds held once, twice, three and four times (index 1..=4) from summed count fields.
fn held_histogram(sum: u64) -> [u32; 5] {
    [
        0,
        aux::field(sum, aux::ONCE),
        aux::field(sum, aux::TWICE),
        aux::field(sum, aux::THRICE),
        aux::field(sum, aux::FOUR),
    ]
}

/// The fewest tiles missing from `melds` pungs and a pair, given how many kinds are held
/// once, twice, three and four times (`n[1..=4]`; every other kind is free), with `budget`
/// target tiles allowed past 4 copies (wild tiles).
///
/// Kinds are independent (no runs), so a target picks a pair and the cheapest pungs: a kind
/// held 3 or 4 times is a pung for nothing, twice for 1, once for 2, a free kind for 3. A
/// kind held four times may also hold the pair as a 5th copy (1 missing, 1 excess) or a
/// second pung (2 missing, 2 excess); using a kind held fewer times twice never beats a free
/// kind (the same tiles missing, no excess).
pub(crate) fn all_pungs_cost(n: [u32; 5], melds: u32, budget: u8) -> u32 {
    let budget = budget as u32;
    // (pair's missing tiles, kinds it takes per count, excess it uses, possible)
    let pairs: [(u32, [u32; 5], u32, bool); 6] = [
        (0, [0, 0, 1, 0, 0], 0, n[2] > 0),
        (0, [0, 0, 0, 1, 0], 0, n[3] > 0),
        (0, [0, 0, 0, 0, 1], 0, n[4] > 0),
        (1, [0, 1, 0, 0, 0], 0, n[1] > 0),
        (2, [0; 5], 0, true),
        // On a four that stays a pung: the four is not taken away, but it cannot also hold
        // a second pung.
        (1, [0, 0, 0, 0, 0], 1, n[4] > 0 && budget >= 1),
    ];
    let mut best = u32::MAX;
    for (cost, took, excess, possible) in pairs {
        if !possible {
            continue;
        }
        let fours = n[4] - took[4];
        let second_hosts = fours - (excess > 0) as u32;
        let zeros = n[3] - took[3] + fours;
        let ones = n[2] - took[2];
        let twos = n[1] - took[1] + second_hosts.min((budget - excess) / 2);
        let mut left = melds;
        let mut total = cost;
        for (pool, each) in [(zeros, 0), (ones, 1), (twos, 2)] {
            let used = left.min(pool);
            total += used * each;
            left -= used;
        }
        best = best.min(total + 3 * left);
    }
    best
}

/// 将将胡 / 全风向: a complete hand is any `3 × melds + 2` tiles of `set`; the real tiles held
/// outside it and the tiles still to come are missing, the wildcards fill what they can.
fn tile_set(x: &Input, set: u64) -> u8 {
    let set = set & x.present();
    if set == 0 || !x.declared.within(set) {
        return NEVER;
    }
    let have = x.held(set) + x.view.wilds.total as u32;
    x.size().saturating_sub(have) as u8
}

/// 四红中: the least over the wild kinds of the copies short of four, and one more tile when
/// the other tiles held leave no room to draw. The other tiles are any the complete hand may
/// hold: real tiles in play (and not of a lacked suit) and wildcards.
fn four_wild(x: &Input) -> u8 {
    let size = x.size();
    if size < 4 {
        // Declared melds leave fewer than four concealed places.
        return NEVER;
    }
    // In play and not of a lacked suit (the rules' own wild honors are in play).
    let lacked = (0..3)
        .filter(|&g| x.view.absent >> g & 1 == 1)
        .fold(0, |m, g| m | GROUP_KINDS[g]);
    let allowed = x.in_play & !lacked;
    let held = x.held(allowed) + x.view.wilds.total as u32;
    let mut best = NEVER as u32;
    for k in x.wild.iter() {
        let i = k.index();
        if x.declared.holds(i) || allowed >> i & 1 == 0 {
            continue;
        }
        let c = x.concealed[i] as u32;
        // The complete hand holds the four and `size - 4` of the other tiles held.
        let kept = c + (held - c).min(size - 4);
        best = best.min(size - kept);
    }
    best as u8
}

/// Fewest wildcards the shaped patterns (melds and a pair) need on top of the real tiles, as
/// [`crate::combine::wildcards_needed`] counts them for the standard form (spare wildcards
/// come in threes): `None` when no number completes the pattern.
pub(crate) fn wildcards_needed(p: Pattern, x: &Input) -> Option<u32> {
    let v = &x.view;
    let n = match p {
        // Every real tile takes part: none may sit in a group that holds nothing (a lacked
        // suit), whose tiles the summed fields leave out (found by fuzzing).
        Pattern::AllPungs
            if !x.declared.chow()
                && (0..4).all(|g| v.absent >> g & 1 == 0 || x.groups.keys[g] == 0) =>
        {
            all_pungs_needed(v.sum, v.budget)
        }
        Pattern::OneSuit | Pattern::OneSuitHonors => {
            let honors = p == Pattern::OneSuitHonors;
            (0..3)
                .filter(|&s| v.absent >> s & 1 == 0)
                .filter(|&s| x.declared.within(suit_kinds(s, honors)))
                .map(|s| x.groups.wildcards_needed(v.absent | others(s, honors)))
                .min()
                .unwrap_or(64)
        }
        _ => 64,
    };
    (n < 64).then_some(n)
}

/// Wildcards that make every real tile part of pungs and one pair: a kind held once needs 2
/// (1 as the pair), twice 1 (0 as the pair), three times 0, four times 2 as a second pung
/// (1 as the pair, a 5th copy): 5th copies within `budget`. No pair among the held kinds: a
/// pair of wildcards.
fn all_pungs_needed(sum: u64, budget: u8) -> u32 {
    let n = held_histogram(sum);
    let base = 2 * n[1] + n[2] + 2 * n[4];
    let excess = 2 * n[4];
    let mut best = 64;
    if n[1] + n[2] > 0 && excess <= budget as u32 {
        best = base - 1;
    }
    if n[4] > 0 && excess - 1 <= budget as u32 {
        best = best.min(base - 1);
    }
    if excess <= budget as u32 {
        best = best.min(base + 2);
    }
    best
}

/// Whether a decomposition (its sets, declared ones included) satisfies a pattern: what answers
/// name (四红中 is read off the wildcards' own kinds).
pub(crate) fn holds(p: Pattern, sets: &[Set]) -> bool {
    let tiles = || sets.iter().flat_map(|s| s.slots.iter().map(|x| x.tile));
    let kinds = tiles().fold(0u64, |m, t| m | 1 << t.index());
    match p {
        Pattern::AllPungs => {
            sets.iter().all(|s| s.kind != SetKind::Chow)
                && sets.iter().filter(|s| s.kind == SetKind::Pair).count() == 1
                && sets.iter().all(|s| s.kind != SetKind::Single)
        }
        Pattern::OneSuit => (0..3).any(|s| kinds & !GROUP_KINDS[s] == 0),
        Pattern::OneSuitHonors => (0..3).any(|s| kinds & !(GROUP_KINDS[s] | HONOR_KINDS) == 0),
        Pattern::All258 => kinds & !KINDS_258 == 0,
        Pattern::AllHonors => kinds & !HONOR_KINDS == 0,
        Pattern::FourWild => {
            // Four wildcards of one kind: a wild kind's copies are all wildcards.
            let mut per = [0u8; 34];
            for s in sets {
                for x in &s.slots {
                    if let Some(w) = x.wildcard {
                        per[w.index()] += 1;
                    }
                }
            }
            per.contains(&4)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`all_pungs_cost`] is the least over every assignment of roles to kinds, tried one by
    /// one (kinds held 0..=4 times, each a pung, a pair, both, two pungs or nothing).
    #[test]
    fn all_pungs_cost_is_the_least_assignment() {
        // Roles per kind: (pungs, pairs).
        const ROLES: [(u32, u32); 6] = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1)];
        fn brute(held: &[u32], melds: u32, budget: u32) -> u32 {
            // Kinds held, then enough free kinds.
            let kinds: Vec<u32> = held.iter().copied().chain([0; 5]).collect();
            let mut best = u32::MAX;
            #[allow(clippy::too_many_arguments)]
            fn go(
                kinds: &[u32],
                i: usize,
                pungs: u32,
                pairs: u32,
                cost: u32,
                excess: u32,
                melds: u32,
                budget: u32,
                best: &mut u32,
            ) {
                if pungs > melds || pairs > 1 || excess > budget {
                    return;
                }
                if i == kinds.len() {
                    if pungs == melds && pairs == 1 {
                        *best = (*best).min(cost);
                    }
                    return;
                }
                for (p, q) in ROLES {
                    let need = 3 * p + 2 * q;
                    let c = kinds[i];
                    go(
                        kinds,
                        i + 1,
                        pungs + p,
                        pairs + q,
                        cost + need.saturating_sub(c),
                        excess + need.saturating_sub(4),
                        melds,
                        budget,
                        best,
                    );
                }
            }
            go(&kinds, 0, 0, 0, 0, 0, melds, budget, &mut best);
            best
        }
        let mut seed = 3u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for _ in 0..20_000 {
            let kinds = next(6) as usize;
            let held: Vec<u32> = (0..kinds).map(|_| 1 + next(4) as u32).collect();
            let melds = next(5) as u32;
            let budget = [0, 4, 8][next(3) as usize];
            let mut n = [0u32; 5];
            for &c in &held {
                n[c as usize] += 1;
            }
            assert_eq!(
                all_pungs_cost(n, melds, budget as u8),
                brute(&held, melds, budget),
                "{held:?} melds {melds} budget {budget}"
            );
        }
    }
}
