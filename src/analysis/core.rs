//! The [`Engine`] itself: the tables and rules it resolved once, and what every answer reads
//! of them (the view the special forms see, the wildcards of a hand, the suits it may lack).
//! The answers add their methods in the files beside this one.

use crate::combine::{GroupTables, Groups};
use crate::counts::held;
use crate::forms::{FormSet, View, Wilds};
use crate::hand::Hand;
use crate::isa::Isa;
use crate::rules::Rules;
use crate::screen::WinScreen;
use crate::table::Tables;
use crate::tile::{Counts, TileSet};

/// The evaluation engine: tables plus rules. Cheap to copy, `Send + Sync`, no allocation on
/// the win, shanten, wait and ukeire paths.
#[derive(Clone, Copy)]
pub struct Engine<'t> {
    pub(super) tables: &'t Tables,
    /// The four group tables of `rules`, resolved once.
    pub(super) groups: GroupTables<'t>,
    /// The tables 组合龙 reads its meld and pair from ([`View::tables`],
    /// [`Rules::knitted_group_specs`]): `groups`, but where the 258 pair applies (to the
    /// standard form only), those of the rules without it.
    pub(super) knit_groups: GroupTables<'t>,
    /// The tables the win patterns read ([`Rules::pattern_group_specs`]): `groups`, but
    /// where the 258 pair applies (to the plain win only), those of the rules without it.
    pub(super) open_groups: GroupTables<'t>,
    /// Whether the rules play win patterns or take the plain win away
    /// ([`crate::analysis`]'s `patterned.rs` answers then).
    pub(super) patterned: bool,
    pub(super) rules: Rules,
    /// The win screens of `rules`, worked out once.
    pub(super) screen: WinScreen,
    /// The special forms `rules` play (and the tiles in play allow).
    pub(super) forms: FormSet,
    /// Groups that never hold a target tile (bit 3: honors out of play).
    pub(super) absent: u8,
    /// 缺一门: the standard form and seven pairs are taken over each suit the hand may lack.
    pub(super) lack: bool,
    /// The kinds in play (34-bit mask): draws, waits and ukeire are among them.
    pub(super) in_play: u64,
    /// The most declared melds a played special form takes (the knitted straight: one).
    pub(super) special_melds: usize,
    /// Whether the counts entries look the groups up before building a hand: rules without
    /// win patterns ([`Engine::is_win_counts`]).
    pub(super) table_first: bool,
    /// The kinds out of play (34-bit mask, the complement of `in_play`).
    pub(super) out_of_play: u64,
    /// Whether [`Engine::is_win_counts`] has a kind out of play or 缺一门 to look at
    /// (`out_of_play` not empty, or `lack`): one flag read a call for the two.
    pub(super) restricted_counts_win: bool,
    /// The out-of-line shanten variant of `rules` ([`Engine::shanten`]), picked once: `None`
    /// for the one inlined into callers.
    pub(super) shanten_variant: Option<ShantenVariant<'t>>,
    /// The instruction set the batch entries and the improving walk run ([`Isa::detect`] at
    /// construction).
    pub(super) isa: Isa,
}

/// An out-of-line shanten variant ([`Engine::shanten_variant`], [`Engine::shanten_lacking`]).
pub(super) type ShantenVariant<'t> = fn(&Engine<'t>, &Hand) -> i8;

impl<'t> Engine<'t> {
    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The tables in use.
    pub fn tables(&self) -> &'t Tables {
        self.tables
    }

    /// The instruction set the batch entries and the improving walk (ukeire, waits, the
    /// discard report) run: the best the CPU has ([`Isa::detect`]), unless
    /// [`Engine::with_isa`] picked another.
    ///
    /// ```
    /// use hupai::{Engine, Isa, Rules};
    /// assert_eq!(Engine::new(Rules::riichi()).isa(), Isa::detect());
    /// ```
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// This engine with the batch entries and the improving walk on another instruction set
    /// (every set answers alike: for tests and measurements); `None` when the CPU does not
    /// run it.
    ///
    /// ```
    /// use hupai::{Engine, Isa, Rules};
    /// let engine = Engine::new(Rules::riichi()).with_isa(Isa::Baseline).unwrap();
    /// assert_eq!(engine.isa(), Isa::Baseline);
    /// ```
    pub fn with_isa(&self, isa: Isa) -> Option<Engine<'t>> {
        isa.supported().then_some(Engine { isa, ..*self })
    }

    /// The four group tables the rules picked.
    pub(crate) fn group_tables(&self) -> &GroupTables<'t> {
        &self.groups
    }

    /// What the special forms read of looked-up groups and wildcards.
    #[inline(always)]
    pub(super) fn view<'a>(
        &'a self,
        groups: &'a Groups,
        wilds: &'a Wilds,
        planes: &'a [u64; 4],
        melds: usize,
        budget: u8,
        absent: u8,
    ) -> View<'a> {
        View {
            sum: groups.summary(absent),
            groups,
            wilds,
            rules: &self.rules,
            tables: &self.knit_groups,
            melds,
            budget,
            absent,
            bound: u8::MAX,
            // Once here, not once per knitted form (`scripts/instructions guobiao`).
            knitted: if self.forms.knits() {
                View::knitted_of(groups)
            } else {
                View::NOT_ASKED
            },
            planes,
        }
    }
}

impl Engine<'_> {
    /// Whether concealed counts or wild kinds hold a kind out of play: the counts entries
    /// then take the built path, which names the error ([`crate::Hand::under`]).
    #[inline(always)]
    pub(super) fn holds_out_of_play(&self, counts: &Counts, wild: TileSet) -> bool {
        self.out_of_play != 0 && (wild.0 | held(counts)) & self.out_of_play != 0
    }
}

/// A batch entry's loop run on the engine's instruction set: `by_isa!(self, body(a, b) ->
/// R, a: A, b: B)` calls `self.body::<false>(a, b)` compiled for the baseline, or
/// `self.body::<true>(a, b)` compiled again for x86-64-v3 (a `#[target_feature]` function it
/// is inlined into) when the engine holds [`Isa::X86_64V3`]. The flag tells the body it may
/// call kernels of the set's instructions (the counts' keys by SSSE3: `crate::counts`). One
/// branch a batch: a branch a hand lost what the set is worth (`crate::isa`).
macro_rules! by_isa {
    ($engine:ident, $body:ident($($arg:ident),*) -> $ret:ty, $($name:ident: $ty:ty),*) => {{
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
        unsafe fn x86_64_v3(engine: &Engine<'_>, $($name: $ty),*) -> $ret {
            engine.$body::<true>($($arg),*)
        }
        #[cfg(target_arch = "x86_64")]
        if $engine.isa == $crate::isa::Isa::X86_64V3 {
            // SAFETY: an engine holds `X86_64V3` only where the CPU runs it (`Isa::detect`
            // at construction, `Engine::with_isa` checks `Isa::supported`).
            return unsafe { x86_64_v3($engine, $($arg),*) };
        }
        $engine.$body::<false>($($arg),*)
    }};
}
pub(super) use by_isa;

/// A distance no hand reaches: no complete hand exists (缺一门 with melds of all three suits).
pub(super) const UNREACHABLE: u8 = u8::MAX;

/// The kinds (34-bit mask) of the groups not in `absent`.
#[inline(always)]
pub(super) fn present_kinds(absent: u8) -> u64 {
    const GROUP: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];
    const PRESENT: [u64; 16] = {
        let mut out = [0u64; 16];
        let mut absent = 0;
        while absent < 16 {
            let mut g = 0;
            while g < 4 {
                if absent >> g & 1 == 0 {
                    out[absent] |= GROUP[g];
                }
                g += 1;
            }
            absent += 1;
        }
        out
    };
    PRESENT[absent as usize & 15]
}

/// The suits (bits 0..3) a hand may lack under 缺一门: those none of its declared melds holds.
pub(super) fn lackable(hand: &Hand) -> u8 {
    let mut held = 0u8;
    for m in hand.melds() {
        for t in m.tiles().iter() {
            if !t.is_honor() {
                held |= 1 << (t.index() / 9);
            }
        }
    }
    !held & 0b111
}

/// The wildcards of a hand.
#[inline(always)]
pub(super) fn wilds_of(hand: &Hand) -> Wilds {
    wilds_in(hand.counts(), hand.wild(), hand.wildcards())
}

/// The wildcards of concealed counts with wild kinds `wild`, `wildcards` of them.
#[inline(always)]
pub(super) fn wilds_in(counts: &Counts, wild: TileSet, wildcards: u8) -> Wilds {
    let mut wilds = Wilds::default();
    if wildcards == 0 {
        return wilds; // most hands: no pass over the wild kinds
    }
    for t in wild.iter() {
        for _ in 0..counts[t.index()] {
            wilds.add(t);
        }
    }
    wilds
}

/// Numbers below `n` from a linear congruential sequence started at `seed` (the tests' random
/// hands).
#[cfg(test)]
pub(super) fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    }
}
