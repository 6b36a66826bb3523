//! The tests of the engine's private layers: every table entry, the screens, the fields a
//! hand keeps, each against the slow references of `tests/reference` (shared with the
//! integration tests). They need what is private, so `src/lib.rs` includes this folder as the
//! library's unit tests (`cargo test --lib`); the public API is tested from `tests/*.rs`.

#[path = "../reference/mod.rs"]
mod reference;

mod hand_fields;
mod notation;
mod odds;
mod screens;
mod tables;
