//! The ura-dora of a riichi win, exactly: the chance of each count of ura han when the
//! indicators are turned from the tiles unseen at the win (drawn without replacement).

use crate::tile::KINDS;

/// Indicators at most: a kan adds one to the first, four kans make five.
pub(crate) const MOST_INDICATORS: usize = 5;

/// Ura han at most: four of the named tile for each indicator.
pub(crate) const MOST_HAN: usize = 4 * MOST_INDICATORS;

/// No ura-dora: 0 han surely (a win not in riichi).
pub(crate) fn none() -> [f64; MOST_HAN + 1] {
    let mut chance = [0f64; MOST_HAN + 1];
    chance[0] = 1.0;
    chance
}

/// The chance of each count of ura han (`[han]`, 0 for the counts that cannot happen): `n`
/// indicators (at most [`MOST_INDICATORS`]) turned from `pool` (copies of each kind), a turned
/// kind `k` being worth `gain[k]` han (the copies of the tile it names in the hand, 0 to 4).
/// With fewer than `n` tiles in the pool, as many as it holds are turned. No allocation: it
/// runs for every winning draw of an expected score in riichi.
///
/// The kinds fall into five classes by their gain, and the count of han depends only on how
/// many indicators land in each: a multivariate hypergeometric over the classes,
/// `Π_g C(P_g, t_g) / C(P, n)` for the takes `t_g` (`P_g` the class's copies, `P` all).
pub(crate) fn distribution(
    pool: &[u8; KINDS],
    gain: &[u8; KINDS],
    n: usize,
) -> [f64; MOST_HAN + 1] {
    let mut class = [0u32; 5];
    for k in 0..KINDS {
        class[gain[k].min(4) as usize] += pool[k] as u32;
    }
    let total: u32 = class.iter().sum();
    let n = n.min(MOST_INDICATORS).min(total as usize);
    let mut chance = [0f64; MOST_HAN + 1];
    if n == 0 {
        chance[0] = 1.0;
        return chance;
    }
    // ways[taken][han]: the ways to turn `taken` indicators from the classes so far.
    let mut ways = [[0f64; MOST_HAN + 1]; MOST_INDICATORS + 1];
    ways[0][0] = 1.0;
    for (g, &size) in class.iter().enumerate() {
        let mut next = [[0f64; MOST_HAN + 1]; MOST_INDICATORS + 1];
        for (taken, row) in ways.iter().enumerate().take(n + 1) {
            for (han, &w) in row.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                for take in 0..=(n - taken).min(size as usize) {
                    next[taken + take][han + take * g] += w * choose(size, take as u32);
                }
            }
        }
        ways = next;
    }
    let all = choose(total, n as u32);
    for (c, &w) in chance.iter_mut().zip(&ways[n]) {
        *c = w / all;
    }
    chance
}

/// C(n, k), exact in an f64 for the pools here (C(136, 5) < 2^53).
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_indicator_is_the_share_of_its_class() {
        let mut pool = [0u8; KINDS];
        let mut gain = [0u8; KINDS];
        pool[0] = 8;
        pool[1] = 2;
        gain[1] = 2;
        let d = distribution(&pool, &gain, 1);
        assert_eq!((d[0], d[1], d[2]), (0.8, 0.0, 0.2));
        assert_eq!(d.iter().sum::<f64>(), 1.0);
    }

    #[test]
    fn two_indicators_by_brute_force() {
        // Pool: kinds 0..4 with 3, 1, 2, 4 copies; gains 0, 1, 1, 3.
        let mut pool = [0u8; KINDS];
        let mut gain = [0u8; KINDS];
        for (k, (p, g)) in [(3, 0), (1, 1), (2, 1), (4, 3)].into_iter().enumerate() {
            pool[k] = p;
            gain[k] = g;
        }
        let tiles: Vec<u8> = (0..4)
            .flat_map(|k| vec![gain[k]; pool[k] as usize])
            .collect();
        let mut count = [0f64; 13];
        let mut pairs = 0.0;
        for a in 0..tiles.len() {
            for b in a + 1..tiles.len() {
                count[(tiles[a] + tiles[b]) as usize] += 1.0;
                pairs += 1.0;
            }
        }
        let got = distribution(&pool, &gain, 2);
        for (h, &g) in got.iter().enumerate() {
            let want = count.get(h).map_or(0.0, |c| c / pairs);
            assert!((g - want).abs() < 1e-15, "{h} han: {g} vs {want}");
        }
    }
}
