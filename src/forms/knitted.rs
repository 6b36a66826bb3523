//! The six knitted arrangements (147, 258 and 369, each in a different suit) that 全不靠,
//! 七星不靠 and 组合龙 are built on: how many of an arrangement's places a hand's kinds fill,
//! and whether its kinds hold or lie within one arrangement. Tables and bit tricks only; no
//! form is known here.

use crate::kinds::spaced_bit;

/// The three knitted triples of a suit, as slot masks: 147, 258, 369.
pub(super) const TRIPLES: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];

/// The six knitted arrangements, as the triple each suit (m, p, s) takes.
pub(super) const PERMS: [[usize; 3]; 6] = [
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

/// The nine kinds (indices 1m = 0 … 9s = 26) of knitted arrangement `i` (0..6), in order: what
/// the scorers read an arrangement as.
pub(crate) fn arrangement_kinds(i: usize) -> [usize; 9] {
    let mut out = [0; 9];
    let mut n = 0;
    for (s, &slots) in ARRANGEMENTS[i].iter().enumerate() {
        for slot in 0..9 {
            if slots >> slot & 1 == 1 {
                out[n] = 9 * s + slot;
                n += 1;
            }
        }
    }
    out
}

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
/// arrangements: `max(knitted_held(suits))` in four loads and an addition, fewer instructions
/// than the six sums and their maximum, or the three per-triple sums and theirs
/// (`scripts/instructions guobiao`).
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
    // Written out in `PERMS` order: `array::map` here is not inlined, and a call costs more
    // than the sums (`scripts/instructions guobiao`).
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

/// The nine kinds of each arrangement, in the spaced layout of the kind masks.
pub(super) static SPACED: [u64; 6] = {
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
/// arrangements showed on every `guobiao` win check: `scripts/instructions guobiao`).
pub(crate) fn holds_arrangement(held: u64) -> bool {
    // Bit `t` of a suit's window: its slots t, t+3 and t+6 are all held.
    let full = held & held >> 3 & held >> 6;
    ARRANGEMENT_HELD[suit_windows(full)]
}

/// The three low bits of each suit's window (spaced layout: bits `11s..11s+3`), side by side
/// in nine bits: one multiply moves the three fields next to each other (their bits never
/// meet, so no sum carries), in half the instructions of shifting each.
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

/// The test of `Screen::KnittedArrangement`: the held kinds (spaced layout) include all
/// nine of one arrangement, and at most one meld is declared.
#[inline(always)]
pub(crate) fn knitted_screen(held: u64, melds: usize) -> bool {
    melds <= 1 && holds_arrangement(held)
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
