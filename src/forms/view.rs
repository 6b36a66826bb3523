//! What every special form reads of a hand ([`View`], [`Wilds`]) and how it states its win
//! screen ([`Screen`]): the layer under the form modules, which import nothing of each other.

use super::knitted::knitted_most;
use crate::kinds::MaskField;
use crate::rules::Rules;
use crate::tile::{Counts, Tile};

/// What the special forms read of a hand: all from the looked-up groups and the wildcards.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    /// The summed auxiliary words of the four groups ([`crate::table::aux`]).
    pub sum: u64,
    /// The looked-up groups (the forms that need presence masks read them here).
    pub groups: &'a crate::combine::Groups,
    /// The wildcards held.
    pub wilds: &'a Wilds,
    /// The rules (form variants).
    pub rules: &'a Rules,
    /// The group tables the knitted straight looks up what is left of its arrangement in (no
    /// 258 pair, which binds the standard form only: `groups` may come from other tables).
    pub tables: &'a crate::combine::GroupTables<'a>,
    /// Melds the concealed tiles must form (4 − declared).
    pub melds: usize,
    /// The excess budget ([`crate::combine::excess_budget`]).
    pub budget: u8,
    /// Groups that hold nothing (out of play, a lacked suit).
    pub absent: u8,
    /// A distance already reached by another form: a form may answer anything at or above it
    /// when its own is not below (it may stop early). [`u8::MAX`] asks for exact distances.
    pub bound: u8,
    /// The most knitted places the groups' real kinds fill over the six arrangements, worked
    /// out once for the three forms that read it (全不靠, 七星不靠, 组合龙), or
    /// [`View::NOT_ASKED`]: read it through [`View::knitted_most`].
    pub knitted: u8,
    /// Count planes of the real tiles, as the hand keeps them: bit
    /// [`spaced_bit`](crate::kinds::spaced_bit)`(i)` of `planes[k]` is set when kind `i` is
    /// held more than `k` times (组合龙 bounds what its meld and pair miss from them). Views
    /// of rules that play no knitted form may carry planes that read as four of every kind
    /// instead (the analysis' states work the planes out only where a form reads them).
    pub planes: &'a [u64; 4],
}

impl View<'_> {
    /// [`View::knitted`] when the view was built without it (rules that play no knitted
    /// form, or groups changed since).
    pub const NOT_ASKED: u8 = u8::MAX;

    /// The most knitted places the groups' real kinds fill over the six arrangements.
    #[inline(always)]
    pub fn knitted_most(&self) -> u8 {
        if self.knitted != View::NOT_ASKED {
            self.knitted
        } else {
            View::knitted_of(self.groups)
        }
    }

    /// The most knitted places the real kinds of `groups` fill over the six arrangements.
    #[inline(always)]
    pub fn knitted_of(groups: &crate::combine::Groups) -> u8 {
        knitted_most(groups.presence().0)
    }
}

/// Per presence mask of the honors (7 bits), the kinds it holds: a table, as the x86_64
/// baseline has no popcount instruction (its software count showed on `guobiao` shanten:
/// `scripts/instructions guobiao`).
static HONORS_HELD: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        out[mask] = (mask as u8).count_ones() as u8;
        mask += 1;
    }
    out
};

/// The honor kinds of a 7-bit honors mask (presence, or the wild honor kinds).
#[inline(always)]
pub(super) fn honors_held(mask: u8) -> u8 {
    HONORS_HELD[mask as usize & 127]
}

/// A necessary condition for a special-form win without wildcards, on the hand's kind masks
/// ([`crate::kinds::KindMasks`], spaced layout).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Screen {
    /// The mask `field` has none of the `forbidden` kinds (and no meld is declared).
    Forbid { field: MaskField, forbidden: u64 },
    /// The held kinds (spaced layout) include all nine of one knitted arrangement, and at
    /// most one meld is declared ([`knitted_screen`]): the knitted straight's, which a mask
    /// and its forbidden kinds cannot say. A variant rather than a function pointer, so the
    /// win screen inlines it (`scripts/instructions guobiao`, the win check).
    KnittedArrangement,
    /// No kind held twice, and the held suit kinds within one knitted arrangement (no meld
    /// declared): 全不靠's and 七星不靠's. A mask of forbidden kinds cannot say the second half,
    /// and without it the hands with no pair went on to the forms (`scripts/instructions
    /// guobiao`, the win check).
    WithinArrangement,
}

/// The wildcards of a hand, as the special forms need to see them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wilds {
    /// All wildcards.
    pub total: u8,
    /// Honor kinds (bit `i` = `(i+1)z`) that are wild and held.
    pub honor_kinds: u8,
    /// Wildcards whose kind is an honor.
    pub honor_copies: u8,
}

impl Wilds {
    /// Wildcards whose kind is a suit tile.
    pub fn suit_copies(&self) -> u8 {
        self.total - self.honor_copies
    }

    /// One more wildcard of kind `t`.
    pub fn add(&mut self, t: Tile) {
        self.total += 1;
        if t.is_honor() {
            self.honor_copies += 1;
            self.honor_kinds |= 1 << (t.number() - 1);
        }
    }

    /// One wildcard of kind `t` fewer (`left` copies of `t` remain).
    pub fn remove(&mut self, t: Tile, left: u8) {
        self.total -= 1;
        if t.is_honor() {
            self.honor_copies -= 1;
            if left == 0 {
                self.honor_kinds &= !(1 << (t.number() - 1));
            }
        }
    }
}

/// Presence masks of the three suits and the honors of real counts.
pub(crate) fn presence(real: &Counts) -> ([usize; 3], u8) {
    let mut suits = [0usize; 3];
    for (s, m) in suits.iter_mut().enumerate() {
        for n in 0..9 {
            if real[9 * s + n] > 0 {
                *m |= 1 << n;
            }
        }
    }
    let mut honors = 0u8;
    for n in 0..7 {
        if real[27 + n] > 0 {
            honors |= 1 << n;
        }
    }
    (suits, honors)
}

/// The improving draws of a form whose missing tiles depend only on which kinds are held
/// (十三烂, 全不靠 and their 七星): the kinds (34-bit mask) not held in `real` and not in
/// `wild` for which `lowers(held, drawn)` holds: the [`presence`] masks of `real`, and the
/// same with that kind added. The masks are worked out once, and each draw sets one bit of them: a copy of the counts and
/// their masks a draw were half of a Nanchang `hupai batch` line's time.
pub(crate) fn improving_by_presence(
    real: &Counts,
    wild: u64,
    mut lowers: impl FnMut(&([usize; 3], u8), ([usize; 3], u8)) -> bool,
) -> u64 {
    let held = presence(real);
    let mut out = 0;
    for (t, &count) in real.iter().enumerate() {
        if count != 0 || wild >> t & 1 == 1 {
            continue;
        }
        let mut p = held;
        if t < 27 {
            p.0[t / 9] |= 1 << (t % 9);
        } else {
            p.1 |= 1 << (t - 27);
        }
        if lowers(&held, p) {
            out |= 1 << t;
        }
    }
    out
}
