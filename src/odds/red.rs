//! Red fives in the expected score: which of a winning hand's fives are red, by their
//! chances. The graph knows fives, not red ones (a red five plays as a five), so a win's
//! worth is its mean over the red fives it may hold (`docs/ODDS.md`, "Red fives"):
//!
//! - the hand keeps its own red fives while it holds as many fives of their suit (a plain
//!   five is thrown first);
//! - the fives it holds beyond the query hand's are drawn ones; the red five of a suit that is
//!   neither in the hand nor in its calls is any of the suit's other fives alike (`seen`
//!   says which kinds were seen, not which copy), so `e` fives drawn of `F` hold it with
//!   chance `e / F`.

use crate::tile::Counts;

/// Red fives of each suit in a set: one (0m, 0p, 0s).
pub(crate) const RED_PER_SUIT: u8 = 1;

/// The index of the five of suit `s` (m, p, s).
#[inline]
fn five(s: usize) -> usize {
    s * 9 + 4
}

/// What the red fives of a win depend on, per suit (m, p, s), fixed at the query.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reds {
    /// The query hand's concealed red fives.
    kept: [u8; 3],
    /// The query hand's concealed fives.
    start: [u8; 3],
    /// Fives neither in the hand nor in its calls (the copies a drawn five is one of).
    outside: [u8; 3],
    /// Whether the suit's red five is among those.
    red_outside: [bool; 3],
}

impl Reds {
    /// The red fives of a query whose concealed counts are `counts`, with `red` of them red,
    /// and whose calls hold `called` fives with `called_red` red ones (per suit). The caller
    /// has checked the counts (`odds::Engine::check_scored`).
    pub(crate) fn new(counts: &Counts, red: [u8; 3], called: [u8; 3], called_red: [u8; 3]) -> Reds {
        let mut r = Reds::default();
        for s in 0..3 {
            r.kept[s] = red[s];
            r.start[s] = counts[five(s)];
            r.outside[s] = 4u8.saturating_sub(counts[five(s)] + called[s]);
            r.red_outside[s] = red[s] + called_red[s] < RED_PER_SUIT && r.outside[s] > 0;
        }
        r
    }

    /// The red fives (per suit) a winning hand of concealed `counts` may hold, each with its
    /// chance (the chances sum to 1; at most 8 readings, those of chance 0 left out). No
    /// allocation: it runs for every winning hand of an expected score.
    pub(crate) fn readings(&self, counts: &Counts) -> impl Iterator<Item = ([u8; 3], f64)> {
        let mut red = [0u8; 3];
        let mut p = [0f64; 3];
        for s in 0..3 {
            let held = counts[five(s)];
            red[s] = self.kept[s].min(held);
            let drawn = held.saturating_sub(self.start[s]);
            if self.red_outside[s] && drawn > 0 {
                p[s] = (drawn as f64 / self.outside[s] as f64).min(1.0);
            }
        }
        (0..8u8).filter_map(move |mask| {
            let mut chance = 1.0;
            let mut with = red;
            for s in 0..3 {
                if mask >> s & 1 == 1 {
                    chance *= p[s];
                    with[s] += 1;
                } else {
                    chance *= 1.0 - p[s];
                }
            }
            (chance > 0.0).then_some((with, chance))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_tiles;

    fn counts(s: &str) -> Counts {
        parse_tiles(s).unwrap()
    }

    #[test]
    fn kept_red_fives_stay_while_the_fives_do() {
        // 0m held: kept while a 5m is; the 5p red is outside (3 other 5p), none drawn.
        let r = Reds::new(&counts("55m5p"), [1, 0, 0], [0; 3], [0; 3]);
        let got: Vec<_> = r.readings(&counts("5m5p")).collect();
        assert_eq!(got, vec![([1, 0, 0], 1.0)]);
        let got: Vec<_> = r.readings(&counts("1m5p")).collect();
        assert_eq!(got, vec![([0, 0, 0], 1.0)]);
    }

    #[test]
    fn drawn_fives_hold_the_red_one_by_their_share() {
        // No 5s held: two 5s drawn of four hold the red with chance 1/2; 5p and 5s alike.
        let r = Reds::new(&counts("1m"), [0; 3], [0; 3], [0; 3]);
        let got: Vec<_> = r.readings(&counts("55m5p")).collect();
        assert_eq!(
            got,
            vec![
                ([0, 0, 0], 0.375),
                ([1, 0, 0], 0.375),
                ([0, 1, 0], 0.125),
                ([1, 1, 0], 0.125)
            ]
        );
        let sum: f64 = got.iter().map(|x| x.1).sum();
        assert_eq!(sum, 1.0);
        // The red 5m in a call: a drawn 5m is plain.
        let r = Reds::new(&counts("1m"), [0; 3], [3, 0, 0], [1, 0, 0]);
        let got: Vec<_> = r.readings(&counts("5m")).collect();
        assert_eq!(got, vec![([0, 0, 0], 1.0)]);
        // Every five outside drawn: the red one surely.
        let r = Reds::new(&counts("55m"), [0; 3], [0; 3], [0; 3]);
        let got: Vec<_> = r.readings(&counts("5555m")).collect();
        assert_eq!(got, vec![([1, 0, 0], 1.0)]);
    }
}
