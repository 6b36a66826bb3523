//! The tables build.rs compiled into this binary: the bytes of each table file and its sparse
//! `phf` maps (generated into `OUT_DIR/sparse.rs`).

/// A table compiled in by build.rs: the bytes of its table file and its sparse `phf` maps.
pub(crate) struct Compiled {
    pub(super) spec: &'static str,
    pub(super) bytes: &'static [u8],
    pub(super) profiles: &'static phf::Map<u32, [u64; 5]>,
    pub(super) patterns: &'static phf::Map<u32, &'static [u32]>,
}

pub(super) mod sparse {
    use crate::table::compiled::Compiled;
    include!(concat!(env!("OUT_DIR"), "/sparse.rs"));
}

/// Seconds build.rs spent generating the compiled-in tables.
pub const GENERATION_SECONDS: f64 = sparse::GENERATION_SECONDS;
