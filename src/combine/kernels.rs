//! The min-plus kernels written once for every vector width: [`minplus_kernels`] expands to
//! the product, the partners and the optimal-lane masks over the vector type and the
//! intrinsics its caller names: `sse2.rs` with 16-byte vectors (one group's lanes each),
//! `avx2.rs` with 32-byte ones (two groups side by side, one in each 16-byte half). Every
//! step is a byte shift, shuffle or unpack that stays within a 16-byte half, so the wide
//! kernels are the narrow ones done twice at once.
//!
//! The expanded functions call their intrinsics in `unsafe` blocks: the narrow ones are part
//! of every x86_64 CPU; the module that expands the wide ones calls them only from functions
//! whose callers promise AVX2.

/// Expands to `complement`, `product`, `reverse`, `partners` and `optimal_slots` over
/// `$v`, from the named intrinsics (see the module's doc).
macro_rules! minplus_kernels {
    (
        $v:ty,
        xor: $xor:ident, set1: $set1:ident, and: $and:ident, or: $or:ident,
        unpacklo: $unpacklo:ident, unpackhi: $unpackhi:ident,
        shuffle32: $shuffle32:ident, shufflelo: $shufflelo:ident, shufflehi: $shufflehi:ident,
        shl_bytes: $shl_bytes:ident, shr_bytes: $shr_bytes:ident,
        shl16: $shl16:ident, shr16: $shr16:ident,
        subs: $subs:ident, adds: $adds:ident, max: $max:ident, cmpeq: $cmpeq:ident $(,)?
    ) => {
        /// `255 - x`: the complemented form of the shifted operand.
        #[inline(always)]
        fn complement(v: $v) -> $v {
            // SAFETY: register operations of the module's vector set (see the module's doc).
            unsafe { $xor(v, $set1(-1)) }
        }

        /// Complemented min-plus product `!(a ⊗ b)` from `a` and `!b`, in each 16-byte half
        /// (lanes past 4 melds are meaningless and must be masked before the result is
        /// shifted again).
        #[inline(always)]
        fn product(a: $v, nb: $v) -> $v {
            // SAFETY: register operations of the module's vector set (see the module's doc).
            unsafe {
                let lo = $unpacklo(a, a);
                let hi = $unpackhi(a, a);
                let s0 = $shuffle32::<0x00>($shufflelo::<0x00>(lo));
                let s1 = $shuffle32::<0x00>($shufflelo::<0x55>(lo));
                let s2 = $shuffle32::<0x00>($shufflelo::<0xAA>(lo));
                let s3 = $shuffle32::<0x00>($shufflelo::<0xFF>(lo));
                let s4 = $shuffle32::<0xFF>($shufflehi::<0x00>(lo));
                let s9 = $shuffle32::<0x00>($shufflelo::<0x55>(hi));
                let s10 = $shuffle32::<0x00>($shufflelo::<0xAA>(hi));
                let s11 = $shuffle32::<0x00>($shufflelo::<0xFF>(hi));
                let s12 = $shuffle32::<0xFF>($shufflehi::<0x00>(hi));
                let s13 = $shuffle32::<0xFF>($shufflehi::<0x55>(hi));
                // Ten terms reduced as a tree (four levels instead of a chain of ten).
                let t0 = $subs(nb, s0);
                let t1 = $subs($shl_bytes::<1>(nb), s1);
                let t2 = $subs($shl_bytes::<2>(nb), s2);
                let t3 = $subs($shl_bytes::<3>(nb), s3);
                let t4 = $subs($shl_bytes::<4>(nb), s4);
                let t9 = $subs($shl_bytes::<{ PAIR as i32 }>(nb), s9);
                let t10 = $subs($shl_bytes::<{ PAIR as i32 + 1 }>(nb), s10);
                let t11 = $subs($shl_bytes::<{ PAIR as i32 + 2 }>(nb), s11);
                let t12 = $subs($shl_bytes::<{ PAIR as i32 + 3 }>(nb), s12);
                let t13 = $subs($shl_bytes::<{ PAIR as i32 + 4 }>(nb), s13);
                let a = $max($max(t0, t1), $max(t2, t3));
                let b = $max($max(t4, t9), $max(t10, t11));
                $max($max(a, b), $max(t12, t13))
            }
        }

        /// Bytes in reverse order within each half (`r[k] = v[15 - k]`): dwords, then words,
        /// then bytes swapped.
        #[inline(always)]
        fn reverse(v: $v) -> $v {
            // SAFETY: register operations of the module's vector set (see the module's doc).
            unsafe {
                let d = $shuffle32::<0x1B>(v);
                let w = $shufflehi::<0xB1>($shufflelo::<0xB1>(d));
                $or($shl16::<8>(w), $shr16::<8>(w))
            }
        }

        /// The partner of every lane for `M` melds and one pair, from a complemented vector
        /// `nx`: byte `j` of each half is `x[9 + M - j]`, so that lane `m` (no pair) meets lane
        /// `9 + M - m` (the pair, `M - m` melds) and lane `9 + m` meets lane `M - m`.
        #[inline(always)]
        fn partners<const M: usize>(nx: $v) -> $v {
            // SAFETY: register operations of the module's vector set (see the module's doc).
            unsafe {
                let r = reverse(complement(nx));
                match M {
                    4 => $shr_bytes::<2>(r),
                    3 => $shr_bytes::<3>(r),
                    2 => $shr_bytes::<4>(r),
                    1 => $shr_bytes::<5>(r),
                    _ => $shr_bytes::<6>(r),
                }
            }
        }

        /// The slots of the lanes a group uses in some optimal split, in each half: the lanes
        /// where the group's lane `v` plus its partner in `rest` (the complemented product of
        /// the other groups) is `target` (`S`) among those `upto` keeps, widened to words and
        /// ANDed with the group's lane masks (`m0`: lanes 0..8, `m1`: 8..16), then ORed
        /// across lanes into the low word of the half.
        #[inline(always)]
        fn optimal_slots<const M: usize>(
            v: $v,
            rest: $v,
            target: $v,
            upto: $v,
            m0: $v,
            m1: $v,
        ) -> $v {
            // SAFETY: register operations of the module's vector set (see the module's doc).
            unsafe {
                let sums = $adds(v, partners::<M>(rest));
                let hit = $and($cmpeq(sums, target), upto);
                let x = $or($and($unpacklo(hit, hit), m0), $and($unpackhi(hit, hit), m1));
                let x = $or(x, $shr_bytes::<8>(x));
                let x = $or(x, $shr_bytes::<4>(x));
                $or(x, $shr_bytes::<2>(x))
            }
        }
    };
}
pub(super) use minplus_kernels;
