//! The winning forms: melds and a pair (the standard form, from the tables: see
//! [`crate::combine`]) and the special forms, one module each, all of the same shape.
//!
//! [`Form::SPECIAL`] is the registry of the special forms. Every place that asks about forms —
//! the win screens, [`FormDistances`], `is_win`, `shanten`, the improving tiles behind waits,
//! ukeire and discards, and decompositions — iterates it (through [`FormSet`], the forms a
//! set of rules allows), so a form cannot be known to one answer and missing from another.
//!
//! Each special-form module gives, from counts and bit masks (no tables) — a module whose form
//! has a seven-honor variant (十三烂 and 七星十三烂 in `shisanlan.rs`, 全不靠 and 七星不靠 in
//! `quanbukao.rs`) takes it as a `const STARS: bool` parameter of each:
//! * `allowed(rules)`: whether the rules play it;
//! * `missing(view)`: the fewest tiles to draw so that the hand's tiles and wildcards hold a
//!   complete hand of that form (shanten is `missing - 1`; a 14-tile hand wins iff `0`), or
//!   anything at or above `view.bound` when it is not below;
//! * `wins(view)`: `missing(view) == 0`, with the form's own cheap screen first;
//! * `improving(view, real, wild)`: the real kinds whose draw lowers `missing`;
//! * `screen()`: a necessary condition on the kind masks of a hand without wildcards;
//! * `decompositions(real, wild_tiles, rules, kinds)`: the sets of one decomposition of a winning hand,
//!   with what each wildcard stands for (one of `kinds`: in play, less a lacked suit).
//!
//! Adding a form is one module, one variant of [`Form`] and its place in [`Form::SPECIAL`];
//! the `match`es of `registry.rs` make the compiler list every other place. `view.rs` is what
//! every form reads, `knitted.rs` the knitted arrangements three forms share; no form module
//! imports another.
//!
//! ```
//! use hupai::{Engine, Form, Hand, Rules};
//! let engine = Engine::new(Rules::nanchang());
//! let hand: Hand = "147m25p36s1234567z".parse().unwrap();
//! let d = engine.forms(&hand);
//! assert_eq!(d.get(Form::Qixing), Some(0)); // 七星十三烂
//! assert_eq!(d.get(Form::ThirteenOrphans), None); // not played in nanchang
//! ```

mod knitted;
mod knitted_straight;
mod quanbukao;
mod registry;
mod set;
mod seven_pairs;
mod shisanlan;
mod thirteen_orphans;
mod view;

pub(crate) use knitted::{arrangement_kinds, knitted_screen, within_arrangement};
pub(crate) use knitted_straight::plays_other_switches;
pub use registry::Form;
pub use set::FormDistances;
pub(crate) use set::FormSet;
pub(crate) use view::{Screen, View, Wilds};
