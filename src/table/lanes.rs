//! The lane layout of a group's distances, shared by the table formats and the combine: the
//! table image's ([`hupai_gen::lanes`]), which places the improving-slot masks at the same
//! positions. The min-plus operations on it are the combine's (`combine::lanes`).

pub use hupai_gen::lanes::{at, lanes16_of, Lanes16, INF, MAX_MELDS, PAIR};
