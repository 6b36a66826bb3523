//! Distinct values in first-seen order, for the classes and mask halves of an image.
//!
//! An open-addressing table keyed by a multiplicative hash: the derivations run in build.rs,
//! `hupai tables generate` and when a set from disk is checked, over every vector of a table
//! (`std`'s `HashMap`, SipHash, was measured slower for this, unoptimised in a dependent's
//! debug build most of all).

/// The values seen so far, each with its id (its place in first-seen order).
pub(crate) struct Interner<K> {
    /// Id + 1 of the value whose probe sequence passes here; 0 = free.
    slots: Vec<u32>,
    values: Vec<K>,
    /// The hash of each value, to place it again when the slots grow.
    hashes: Vec<u64>,
}

impl<K: Copy + Eq> Interner<K> {
    /// An empty interner.
    pub(crate) fn new() -> Interner<K> {
        Interner {
            slots: vec![0; 1024],
            values: Vec::new(),
            hashes: Vec::new(),
        }
    }

    /// The id of `value` (`hash` its hash: equal values, equal hashes), a new id when it was
    /// not seen before.
    pub(crate) fn intern(&mut self, value: K, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = spread(hash) & mask;
        loop {
            match self.slots[i] {
                0 => break,
                id if self.values[id as usize - 1] == value => return id as usize - 1,
                _ => i = (i + 1) & mask,
            }
        }
        let id = self.values.len();
        self.values.push(value);
        self.hashes.push(hash);
        self.slots[i] = id as u32 + 1;
        if self.values.len() * 2 > self.slots.len() {
            self.grow();
        }
        id
    }

    /// Number of distinct values.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The distinct values, in first-seen order (a value's id is its index).
    pub(crate) fn into_values(self) -> Vec<K> {
        self.values
    }

    /// Doubles the slots and places every value again.
    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        let mask = self.slots.len() - 1;
        for (id, &hash) in self.hashes.iter().enumerate() {
            let mut i = spread(hash) & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = id as u32 + 1;
        }
    }
}

/// The high bits of a multiplicative hash, as a slot index (masked by the caller).
fn spread(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids in first-seen order, the same id for a value seen again, across several growths,
    /// also when every hash collides.
    #[test]
    fn ids_follow_first_sight() {
        for colliding in [false, true] {
            let mut t = Interner::new();
            let mut want = Vec::new();
            for i in 0..5000u64 {
                let v = i * 7919 % 3001;
                let hash = if colliding { 42 } else { v };
                let id = t.intern(v, hash);
                match want.iter().position(|&w| w == v) {
                    Some(p) => assert_eq!(id, p),
                    None => {
                        assert_eq!(id, want.len());
                        want.push(v);
                    }
                }
            }
            assert_eq!(t.len(), want.len());
            assert_eq!(t.into_values(), want);
        }
    }
}
