//! The sense checks of a table's generated data: what a set from outside must satisfy before
//! the engine trusts it.

use crate::{bit_run_key, lane, lanes_inf, pack_lanes, unpack_lanes, GroupData, LANE_NONE, W_NONE};

/// The win byte that the distances of a shanten word imply: `W_p` is the fewest tiles that
/// complete the vector into `m` melds and `p` pairs using every tile it holds, i.e. the least
/// `3m + 2p - total` over the lanes whose unlimited-excess distance is exactly that
/// (the generator's definition of `W0`/`W1`).
///
/// ```
/// use hupai_gen::{image::implied_win, generate_group, GroupSpec, Layout};
/// let data = generate_group(GroupSpec::HONOR, &mut |_| {});
/// let r = Layout::new(GroupSpec::HONOR).rank(&[3, 2, 0, 0, 0, 0, 0]);
/// assert_eq!(implied_win(data.shanten[r], 5), data.win[r]);
/// ```
pub fn implied_win(word: u64, total: usize) -> u8 {
    let inf = lanes_inf(word);
    let mut w = [W_NONE; 2];
    for (p, wp) in w.iter_mut().enumerate() {
        for m in 0..5 {
            let size = 3 * m + 2 * p;
            if size >= total && inf[lane(m, p)] as usize == size - total {
                *wp = (*wp).min((size - total) as u8);
            }
        }
    }
    w[0] | w[1] << 4
}

/// The checks a group table from outside must pass (one pass over the vectors), so that a
/// set re-hashed after an edit is refused instead of answering wrongly or panicking:
/// every distance within its lane's target size and the saving of unlimited excess within the
/// distance; the largest useful excess within what the generator explores; every win byte the
/// one the distances imply; an excess profile for exactly the vectors whose largest useful
/// excess is 2 or more, sorted by key, its first level the no-excess distances and its levels
/// from that excess on the unlimited-excess ones. `vectors` are the layout's, in rank order.
pub fn validate(d: &GroupData, vectors: &[[u8; 9]]) -> Result<(), String> {
    let n = d.spec.slots();
    if d.shanten.len() != vectors.len() || d.win.len() != vectors.len() {
        return Err(format!(
            "{} shanten words and {} win bytes for {} vectors",
            d.shanten.len(),
            d.win.len(),
            vectors.len()
        ));
    }
    let mut needed = Vec::new();
    for (r, c) in vectors.iter().enumerate() {
        let word = d.shanten[r];
        let u0 = unpack_lanes(word);
        for (l, &u) in u0.iter().enumerate() {
            let size = 3 * (l % 5) + 2 * (l / 5);
            let saving = (word >> (40 + 2 * l) & 3) as u8;
            // A lane whose shape the spec never forms (a pair where none may sit) is
            // `LANE_NONE`, and no excess saves anything there.
            let none = u == LANE_NONE && saving == 0 && l >= 5 && d.spec.pair_slots() == 0;
            if !none && (u as usize > size || saving > u) {
                return Err(format!("vector {c:?}: lane {l} out of range"));
            }
        }
        let excess = (word >> 60) as u8;
        if excess > 4 {
            return Err(format!("vector {c:?}: excess {excess} out of range"));
        }
        let total: usize = c[..n].iter().map(|&x| x as usize).sum();
        if d.win[r] != implied_win(word, total) {
            return Err(format!(
                "vector {c:?}: win byte {:#04x} disagrees with its distances ({:#04x})",
                d.win[r],
                implied_win(word, total)
            ));
        }
        if excess >= 2 {
            needed.push((bit_run_key(&c[..n]), r));
        }
    }
    needed.sort_unstable();
    if d.profiles.len() != needed.len() {
        return Err(format!(
            "{} excess profiles, the vectors need {}",
            d.profiles.len(),
            needed.len()
        ));
    }
    for ((key, prof), &(want, r)) in d.profiles.iter().zip(&needed) {
        if *key != want {
            return Err(format!(
                "excess profile {key:#x} belongs to no vector that needs one"
            ));
        }
        let word = d.shanten[r];
        let excess = (word >> 60) as usize;
        let inf = pack_lanes(&lanes_inf(word));
        if unpack_lanes(prof[0]) != unpack_lanes(word) || prof[excess..].iter().any(|&x| x != inf) {
            return Err(format!(
                "excess profile {key:#x} disagrees with its vector's distances"
            ));
        }
    }
    Ok(())
}
