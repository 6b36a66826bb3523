//! A tally of fans: how many times each counts.

use super::fans::Fan;

/// Fans and their counts (indexed by [`Fan::ALL`]'s order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tally([u8; 84]);

impl Default for Tally {
    fn default() -> Tally {
        Tally([0; 84])
    }
}

fn at(f: Fan) -> usize {
    f as usize
}

impl Tally {
    /// One more of `f`.
    pub(crate) fn add(&mut self, f: Fan) {
        self.0[at(f)] += 1;
    }

    /// One fewer of `f` (none below 0).
    pub(crate) fn sub(&mut self, f: Fan) {
        self.0[at(f)] = self.0[at(f)].saturating_sub(1);
    }

    /// `f` counted `n` times.
    pub(crate) fn set(&mut self, f: Fan, n: u8) {
        self.0[at(f)] = n;
    }

    /// How many times `f` counts.
    pub(crate) fn get(&self, f: Fan) -> u8 {
        self.0[at(f)]
    }

    /// True when `f` counts.
    pub(crate) fn has(&self, f: Fan) -> bool {
        self.0[at(f)] > 0
    }

    /// Strikes every fan in `fans`.
    pub(crate) fn clear(&mut self, fans: &[Fan]) {
        for &f in fans {
            self.set(f, 0);
        }
    }

    /// The points of the fans.
    pub(crate) fn points(&self) -> u32 {
        Fan::ALL
            .iter()
            .map(|&f| f.points() * self.get(f) as u32)
            .sum()
    }

    /// True when no fan counts.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The fans that count, with their counts, in the rule book's order.
    pub(crate) fn list(&self) -> Vec<(Fan, u32)> {
        Fan::ALL
            .iter()
            .filter(|&&f| self.has(f))
            .map(|&f| (f, self.get(f) as u32))
            .collect()
    }
}
