//! The instruction sets the batch entries and the improving walk are compiled for, picked
//! once per engine.
//!
//! The crate compiles for its target's baseline (SSE2 on x86_64). Two kinds of code are
//! compiled a second time for x86-64-v3 (AVX2, BMI1/2, LZCNT, MOVBE, POPCNT, FMA: every x86
//! server CPU since 2013–2015), from the same source, and chosen by one branch on the
//! engine's set:
//! - the batch entries (`Engine::shanten_counts_each`, `Engine::is_win_counts_each`: a loop
//!   over many hands' 34 counts, what the C ABI's, Python's and Node's batches call), once a
//!   batch. A whole loop per set keeps what the set is worth (7–18% of the instructions); a
//!   choice made per hand of a short answer lost it (docs/PERFORMANCE.md, "The counts path
//!   at the machine's width"), so the per-hand shanten and win entries stay on the baseline;
//! - the improving walk of ukeire, waits and each line of the discard report
//!   (`Engine::improving_at`), once a walk: the walk is long enough that one branch costs
//!   nothing beside it (ukeire 1,724 → 1,508 instructions a hand).
//!
//! The copies for x86-64-v3 also take the group keys of 34 counts by SSSE3's byte shuffle
//! and multiply-add (`counts::ssse3`), where the baseline widens and shifts: 11 instructions
//! fewer a hand whose keys are worked out (the shanten batch 392 → 381, the win batch on
//! winning hands 219 → 208). A crate compiled for a target with SSSE3 takes them everywhere.
//! They combine the groups by AVX2, two groups a register (`combine::avx2`): the shanten
//! batch 382 → 326 instructions a hand, ukeire 1,514 → 1,413 (fat LTO); a crate compiled for
//! a target with AVX2 takes it everywhere.
//!
//! `Engine::new` takes the best set the CPU has ([`Isa::detect`]);
//! [`crate::Engine::with_isa`] picks one, for tests and measurements. Every set answers alike
//! (`tests/counts_entries.rs` runs each the machine has, and compares each with the
//! baseline).

/// An instruction set the batch entries and the improving walk are compiled for.
///
/// ```
/// use hupai::{Engine, Isa, Rules};
/// let engine = Engine::new(Rules::riichi());
/// assert!(engine.isa().supported());                   // the best this CPU runs
/// let baseline = engine.with_isa(Isa::Baseline).unwrap(); // every CPU runs it
/// let hands = [hupai::parse_tiles("34m123456789s33z").unwrap()];
/// let (mut a, mut b) = (Ok(9), Ok(9));
/// engine.shanten_counts_each(&hands, Default::default(), |_, r| a = r);
/// baseline.shanten_counts_each(&hands, Default::default(), |_, r| b = r);
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// The target's baseline: SSE2 on x86_64, the portable code elsewhere.
    Baseline,
    /// x86-64-v3: AVX2, BMI1, BMI2, FMA, LZCNT, MOVBE, POPCNT (x86_64 only).
    X86_64V3,
}

impl Isa {
    /// Every set, the baseline first.
    pub const ALL: [Isa; 2] = [Isa::Baseline, Isa::X86_64V3];

    /// The best set this CPU runs (detected once, then cached by the standard library).
    ///
    /// ```
    /// assert!(hupai::Isa::detect().supported());
    /// ```
    pub fn detect() -> Isa {
        if Isa::X86_64V3.supported() {
            Isa::X86_64V3
        } else {
            Isa::Baseline
        }
    }

    /// Whether this CPU runs the set.
    ///
    /// ```
    /// assert!(hupai::Isa::Baseline.supported());
    /// ```
    pub fn supported(self) -> bool {
        match self {
            Isa::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Isa::X86_64V3 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("fma")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                    && std::arch::is_x86_feature_detected!("movbe")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Isa::X86_64V3 => false,
        }
    }

    /// The set's name: `"baseline"` or `"x86-64-v3"`.
    ///
    /// ```
    /// assert_eq!(hupai::Isa::X86_64V3.name(), "x86-64-v3");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Isa::Baseline => "baseline",
            Isa::X86_64V3 => "x86-64-v3",
        }
    }
}
