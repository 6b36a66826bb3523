//! The build-time tables at run time, read in place from their images
//! ([`hgen::image`]): static data compiled in by build.rs, or one buffer per table file of a
//! set from disk.
//!
//! Dense sections (one element per group vector) are indexed directly by a two-level rank
//! (the two parts of a group key, two loads from small tables); the sparse excess profiles
//! are sorted by the bit-run key of the Nanchang write-up (see [`hupai_gen::bit_run_key`]) and
//! found by binary search, off the hot path. `DESIGN.md` §2 measured why the hot path never
//! hashes (a SipHash lookup costs many direct indexes); `cargo bench --bench engine -- index`
//! keeps the rank beside the bit-run key.
//!
//! The test `tests::module_example` below is an example at work.

mod compiled;
mod derive;
mod error;
mod format;
mod group;
mod image;
pub mod lanes;
#[cfg(feature = "sets")]
pub mod set;
mod tables;

pub use error::TableError;
pub use format::{aux, Lanes, Masks};
// Read as one vector by the SSE2 kernels (and built by the tests); elsewhere unnamed here.
#[cfg(any(test, target_arch = "x86_64"))]
pub use format::MaskHalf;
pub use group::GroupTable;
pub use tables::Tables;

#[cfg(test)]
mod tests {
    /// The module's example (a test: the module is private to the crate).
    #[test]
    fn module_example() {
        use crate::{table::Tables, GroupSpec};
        let t = Tables::compiled();
        let g = t.get(GroupSpec::SUIT).unwrap();
        // 123m456m: meldable with no wildcard, no pair; W1 = 2 (a pair of wildcards).
        let e = g.entry(&[1, 1, 1, 1, 1, 1, 0, 0, 0]);
        assert_eq!((e.w0(), e.w1()), (0, 2));
    }
}
