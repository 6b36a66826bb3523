//! The tables build.rs compiled into this binary: the image of each group spec (from the
//! committed snapshot `tables/`, or generated), as static bytes aligned to 64 (listed in
//! `OUT_DIR/compiled.rs`), read in place.

use super::image::Aligned;

/// A table compiled in by build.rs: its spec's name and its image.
pub(crate) struct Compiled {
    pub(super) spec: &'static str,
    pub(super) image: &'static Aligned<[u8]>,
}

pub(super) mod generated {
    use crate::table::compiled::Compiled;
    use crate::table::image::Aligned;
    include!(concat!(env!("OUT_DIR"), "/compiled.rs"));
}
