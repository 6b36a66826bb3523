//! Answers about a hand: win, wildcards needed, shanten, waits, ukeire, the per-discard report
//! and improvement tiles, under any [`Rules`], with any number of wildcards.
//!
//! ```
//! use hupai::{Engine, Hand, Rules};
//! let engine = Engine::new(Rules::riichi());
//! let hand = Hand::builder("23569m456p789s11z").build().unwrap();
//! assert_eq!(engine.shanten(&hand), 1);
//! let u = engine.ukeire(&hand, &[0; 34]).unwrap();
//! assert_eq!(u.count, 12); // 1m 4m 7m
//! ```

mod core;
mod patterned;
mod shanten;
mod state;
mod ukeire;
mod win;

pub use core::Engine;
pub use ukeire::{Discard, Ukeire};
pub use win::decompositions;

use crate::combine::GroupTables;
use crate::forms::{plays_other_switches, FormSet};
use crate::isa::Isa;
use crate::rules::Rules;
use crate::screen::WinScreen;
use crate::table::{TableError, Tables};
use crate::tile::KINDS;
use hupai_gen::GroupSpec;

impl Engine<'static> {
    /// An engine over the compiled-in tables (the tables `rules` need are decoded on first
    /// use, then shared by every engine).
    ///
    /// ```
    /// use hupai::{Engine, Rules};
    /// let engine = Engine::new(Rules::nanchang());
    /// assert!(engine.is_win(&"123m456p789s123z55z".parse().unwrap())); // a wind run
    /// ```
    pub fn new(rules: Rules) -> Engine<'static> {
        Engine::with_tables(Tables::compiled(), rules)
            .expect("the compiled-in tables hold every spec the rules can name")
    }
}

impl<'t> Engine<'t> {
    /// An engine over a table set of your own (for example loaded from disk): the four group
    /// tables the rules name ([`Rules::group_specs`]) are picked here, once. Refused when the
    /// set lacks one of them.
    ///
    /// ```
    /// use hupai::{Engine, Rules, Tables};
    /// let engine = Engine::with_tables(Tables::compiled(), Rules::riichi()).unwrap();
    /// assert_eq!(engine.rules(), &Rules::riichi());
    /// ```
    pub fn with_tables(tables: &'t Tables, rules: Rules) -> Result<Engine<'t>, TableError> {
        let resolve = |specs: [GroupSpec; 4]| -> Result<GroupTables<'t>, TableError> {
            let mut groups = Vec::with_capacity(4);
            for spec in specs {
                groups.push(tables.get(spec).ok_or(TableError::Missing { spec })?);
            }
            Ok(GroupTables([groups[0], groups[1], groups[2], groups[3]]))
        };
        let groups = resolve(rules.group_specs())?;
        let knit_groups = resolve(rules.knitted_group_specs())?;
        // Rules without patterns never read them (a set for such rules need not hold them).
        let open_groups = if rules.patterned() {
            resolve(rules.pattern_group_specs())?
        } else {
            groups
        };
        let forms = FormSet::of(&rules);
        let absent = if rules.honors_in_play() { 0 } else { 1 << 3 };
        let knit_switches = plays_other_switches(&rules);
        let out_of_play = !rules.in_play().0 & ((1 << KINDS) - 1);
        Ok(Engine {
            tables,
            groups,
            knit_groups,
            open_groups,
            patterned: rules.patterned(),
            rules,
            screen: WinScreen::new(&rules),
            forms,
            absent,
            lack: rules.lack_suit,
            in_play: rules.in_play().0,
            out_of_play,
            table_first: !rules.patterned(),
            restricted_counts_win: out_of_play != 0 || rules.lack_suit,
            special_melds: forms.max_declared(),
            shanten_variant: if rules.patterned() {
                Some(Engine::shanten_patterned)
            } else {
                Engine::pick_shanten(&forms, absent, rules.lack_suit, knit_switches)
            },
            isa: Isa::detect(),
        })
    }
}
