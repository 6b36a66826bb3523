//! 十三烂 (shisanlan): 14 distinct tiles, tiles of a suit 3 or more apart, honors distinct;
//! and its variant 七星十三烂 (qixing, `STARS`): a 十三烂 that holds all seven honors. A
//! wildcard fills any suit slot; with `honor_wild_stays_honor`, a wildcard of an honor kind
//! stands among the honors only as itself.

use super::view::{honors_held, improving_by_presence, Screen, View, Wilds};
use crate::decomposition_set::{single_set, slot, Set, SetKind, Slot};
use crate::kinds::{spaced_range, MaskField};
use crate::rules::Rules;
use crate::table::aux;
use crate::tile::{Counts, Tile, TileSet};

/// Whether `rules` play the form: 十三烂, or with `STARS` 七星十三烂.
pub(super) fn allowed<const STARS: bool>(rules: &Rules) -> bool {
    if STARS {
        rules.qixing
    } else {
        rules.shisanlan
    }
}

/// No kind held twice.
pub(super) fn screen<const STARS: bool>() -> Screen {
    Screen::Forbid {
        field: MaskField::PairsOrMore,
        forbidden: spaced_range(0, 34),
    }
}

/// Missing tiles of 十三烂 or (`STARS`) 七星.
#[inline(always)]
pub(super) fn missing<const STARS: bool>(v: &View) -> u8 {
    missing_from(
        v.groups.presence(),
        v.wilds,
        STARS,
        v.rules.honor_wild_stays_honor,
    )
}

/// A win holds every real kind at most once: a cheap screen before the form.
#[inline(always)]
pub(super) fn wins<const STARS: bool>(v: &View) -> bool {
    let held_twice = aux::field(v.sum, aux::TWICE)
        + aux::field(v.sum, aux::THRICE)
        + aux::field(v.sum, aux::FOUR);
    held_twice == 0 && missing::<STARS>(v) == 0
}

/// Kinds not held (and not wild) whose draw lowers the missing tiles.
pub(super) fn improving<const STARS: bool>(v: &View, real: &Counts, wild: TileSet) -> u64 {
    let now = missing::<STARS>(v);
    let stays = v.rules.honor_wild_stays_honor;
    // The missing tiles read a suit only through its row of `SHISANLAN_BEST`: a suited draw
    // that leaves its suit's row as it was leaves them as they were (most draws: a Nanchang
    // `hupai batch` line spent most of its time working them out again).
    improving_by_presence(real, wild.0, |held, p| {
        let same =
            p.1 == held.1 && (0..3).all(|s| SHISANLAN_BEST[p.0[s]] == SHISANLAN_BEST[held.0[s]]);
        !same && missing_from(p, v.wilds, STARS, stays) < now
    })
}

/// One decomposition of a winning hand (with `STARS`, of 七星).
pub(super) fn decompositions<const STARS: bool>(
    real: &Counts,
    wild_tiles: &[Tile],
    rules: &Rules,
    _kinds: u64,
) -> Option<Vec<Set>> {
    find(real, wild_tiles, STARS, rules.honor_wild_stays_honor)
}

/// The suit slots (kinds of each suit in the target) a 十三烂 may have: each suit holds 0 to 3
/// (kinds 3 or more apart), and the honors at most 7 of the 14, so 7 to 9 in all: 10 of the
/// 64 triples.
const SUIT_SLOTS: [[u8; 3]; 10] = suit_slots();

const fn suit_slots() -> [[u8; 3]; 10] {
    let mut out = [[0u8; 3]; 10];
    let (mut i, mut t) = (0, 0);
    while t < 64 {
        let (a, b, c) = (t as u8 >> 4, t as u8 >> 2 & 3, t as u8 & 3);
        if a + b + c >= 7 {
            out[i] = [a, b, c];
            i += 1;
        }
        t += 1;
    }
    assert!(i == 10);
    out
}

/// `SHISANLAN_BEST[mask][size]`: most kinds of `mask` (9 bits, one suit) that a legal set of
/// `size` kinds (pairwise 3 or more apart) can hold.
static SHISANLAN_BEST: [[u8; 4]; 512] = shisanlan_best();

const fn shisanlan_best() -> [[u8; 4]; 512] {
    let mut best = [[0u8; 4]; 512];
    let mut set = 0usize;
    while set < 512 {
        // Legal: no two members less than 3 apart.
        let legal = set & (set >> 1) == 0 && set & (set >> 2) == 0;
        if legal {
            let size = (set as u32).count_ones() as usize;
            if size <= 3 {
                let mut mask = 0usize;
                while mask < 512 {
                    let hit = ((set & mask) as u32).count_ones() as u8;
                    if hit > best[mask][size] {
                        best[mask][size] = hit;
                    }
                    mask += 1;
                }
            }
        }
        set += 1;
    }
    best
}

/// Missing tiles for 十三烂 (`seven_stars == false`) or 七星十三烂 (`true`).
///
/// Suit slots take any wildcard. With `honor_wild_stays_honor`, a wildcard of an honor kind
/// may stand only as itself among the honors (or fill a suit slot). In 七星 the seven honors
/// must be physically present: an honor slot is filled only by that honor, real or wild.
///
/// A target has 7 to 9 suit slots (7 in 七星). For a number of suit slots, the tiles it
/// fills grow with the slots the real suit kinds match (one more matched slot is one fewer
/// open for a wildcard: never a loss), so only the best match of each number is worked out
/// ([`SUIT_SLOTS`]' ten triples give it), not every triple (a test compares the two).
pub(super) fn missing_from(
    (suits, honors): ([usize; 3], u8),
    wilds: &Wilds,
    seven_stars: bool,
    honor_wild_stays_honor: bool,
) -> u8 {
    let rows = suits.map(|m| &SHISANLAN_BEST[m]);
    let mut most = [0u8; 3];
    for [a, b, c] in SUIT_SLOTS {
        let matched = rows[0][a as usize] + rows[1][b as usize] + rows[2][c as usize];
        let m = &mut most[(a + b + c - 7) as usize];
        *m = (*m).max(matched);
    }
    let mut best_filled = 0u8;
    for suit_slots in 7..=if seven_stars { 7 } else { 9 } {
        let matched = most[suit_slots as usize - 7];
        let filled = filled(
            suit_slots,
            matched,
            honors,
            wilds,
            seven_stars,
            honor_wild_stays_honor,
        );
        best_filled = best_filled.max(filled);
    }
    14 - best_filled
}

/// The target places a 十三烂 (or 七星) with `suit_slots` suit slots fills, `matched` of them
/// by the real suit kinds: the real honors, then the wildcards (see [`missing_from`]).
#[inline(always)]
fn filled(
    suit_slots: u8,
    matched: u8,
    honors: u8,
    wilds: &Wilds,
    seven_stars: bool,
    honor_wild_stays_honor: bool,
) -> u8 {
    let real_honors = honors_held(honors);
    let h = 14 - suit_slots;
    let open_suit = suit_slots - matched;
    if seven_stars {
        let own = honors_held(honors | wilds.honor_kinds);
        let spare = wilds.total - honors_held(wilds.honor_kinds);
        matched + own + spare.min(open_suit)
    } else if !honor_wild_stays_honor || wilds.honor_copies == 0 {
        let open = open_suit + h - real_honors.min(h);
        matched + real_honors.min(h) + wilds.total.min(open)
    } else {
        let open_honor = h - real_honors.min(h);
        let own_kinds = honors_held(wilds.honor_kinds);
        let mut best = 0;
        for own in 0..=own_kinds.min(open_honor) {
            let to_suits = (wilds.honor_copies - own).min(open_suit);
            let free = (open_suit - to_suits) + (open_honor - own);
            best = best.max(own + to_suits + wilds.suit_copies().min(free));
        }
        matched + real_honors.min(h) + best
    }
}

/// 十三烂 / 七星: find one legal target that the hand fills, by enumerating legal targets.
fn find(
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
                    if let Some(sets) = fill(
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
fn fill(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The missing tiles by their definition: every triple of suit slots, each filled as
    /// [`filled`] fills it.
    fn missing_literal(
        (suits, honors): ([usize; 3], u8),
        wilds: &Wilds,
        seven_stars: bool,
        honor_wild_stays_honor: bool,
    ) -> u8 {
        let mut best_filled = 0u8;
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    let suit_slots = a + b + c;
                    if suit_slots + 7 < 14 || (seven_stars && suit_slots != 7) {
                        continue;
                    }
                    let matched = SHISANLAN_BEST[suits[0]][a as usize]
                        + SHISANLAN_BEST[suits[1]][b as usize]
                        + SHISANLAN_BEST[suits[2]][c as usize];
                    let f = filled(
                        suit_slots,
                        matched,
                        honors,
                        wilds,
                        seven_stars,
                        honor_wild_stays_honor,
                    );
                    best_filled = best_filled.max(f);
                }
            }
        }
        14 - best_filled
    }

    #[test]
    fn missing_equals_its_definition() {
        // Every presence of the suits, by a walk that covers each suit's 512 masks, under
        // honor sets and wildcards of both kinds (a small generator: no crate needed).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut checked = 0;
        for round in 0..200_000u32 {
            let r = next();
            let suits = [
                (round as usize) & 511,
                (r & 511) as usize,
                (r >> 9 & 511) as usize,
            ];
            let honors = (r >> 18 & 127) as u8;
            let honor_kinds = (r >> 25 & 127) as u8;
            let honor_copies =
                honors_held(honor_kinds) + (r >> 32 & 1) as u8 * (honor_kinds != 0) as u8;
            let suit_copies = (r >> 33 & 7) as u8;
            let wilds = Wilds {
                total: honor_copies + suit_copies,
                honor_copies,
                honor_kinds,
            };
            for stars in [false, true] {
                for stays in [false, true] {
                    assert_eq!(
                        missing_from((suits, honors), &wilds, stars, stays),
                        missing_literal((suits, honors), &wilds, stars, stays),
                        "{suits:?} {honors:#b} {wilds:?} stars {stars} stays {stays}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 800_000);
    }
}
