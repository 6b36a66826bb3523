//! Splits of complete group patterns into melds and a pair (no wildcards): what
//! decompositions read, searched for a vector the tables say is complete.

use crate::GroupSpec;

/// An item of a group decomposition: a meld shape index (`< 16`) or `16 + slot` for a pair.
pub const PAIR_CODE: u32 = 16;

/// Every way to split a vector exactly into melds and at most one pair (no wildcards), each
/// packed as `count | item_k << (3 + 5k)`, items in ascending order. Empty if none.
pub fn exact_decompositions(spec: GroupSpec, c: &[u8; 9]) -> Vec<u32> {
    #[allow(clippy::too_many_arguments)]
    fn rec(
        shapes: &[[u8; 9]],
        n: usize,
        pair_slots: u16,
        c: &mut [u8; 9],
        pair: bool,
        items: &mut Vec<u32>,
        out: &mut Vec<u32>,
    ) {
        let Some(i) = (0..n).find(|&i| c[i] > 0) else {
            let mut sorted = items.clone();
            sorted.sort_unstable();
            let mut code = sorted.len() as u32;
            for (k, it) in sorted.iter().enumerate() {
                code |= it << (3 + 5 * k);
            }
            out.push(code);
            return;
        };
        if !pair && c[i] >= 2 && pair_slots >> i & 1 == 1 {
            c[i] -= 2;
            items.push(PAIR_CODE + i as u32);
            rec(shapes, n, pair_slots, c, true, items, out);
            items.pop();
            c[i] += 2;
        }
        for (k, s) in shapes.iter().enumerate() {
            // Only melds whose lowest slot is i, so each split is found in one order.
            if (0..i).any(|j| s[j] > 0) || s[i] == 0 || (0..n).any(|j| s[j] > c[j]) {
                continue;
            }
            for j in 0..n {
                c[j] -= s[j];
            }
            items.push(k as u32);
            rec(shapes, n, pair_slots, c, pair, items, out);
            items.pop();
            for j in 0..n {
                c[j] += s[j];
            }
        }
    }
    let shapes = spec.meld_shapes();
    let mut out = Vec::new();
    let mut work = *c;
    rec(
        &shapes,
        spec.slots(),
        spec.pair_slots(),
        &mut work,
        false,
        &mut Vec::new(),
        &mut out,
    );
    out.sort_unstable();
    out.dedup();
    out
}
