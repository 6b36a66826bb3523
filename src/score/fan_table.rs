//! A family's table of fans as one list (`fan_table!`): each fan's id, its English, Chinese
//! and Japanese names and its value, read by one set of methods and by [`FanRow`], so every
//! family's fans are named and counted the same way (MCR's points, the regional rooms' 番)
//! and every door writes them with one piece of code.

/// A row of a family's fan table, as the doors read it: its id, its names and its value
/// (MCR's points, a regional room's fans). Every fan enum implements it.
///
/// ```
/// use hupai::{FanRow, HongzhongFan, SichuanFan};
/// fn line<F: FanRow>(f: F) -> String { format!("{} {} {}", f.id(), f.chinese(), f.value()) }
/// assert_eq!(line(SichuanFan::FullFlush), "full_flush 清一色 2");
/// assert_eq!(line(HongzhongFan::NoRedDragon), "no_red_dragon 无红中 1");
/// ```
pub trait FanRow: Copy + std::fmt::Debug + PartialEq + 'static {
    /// Its name in requests and JSON answers.
    fn id(self) -> &'static str;
    /// Its English name.
    fn english(self) -> &'static str;
    /// Its Chinese name.
    fn chinese(self) -> &'static str;
    /// Its Japanese name.
    fn japanese(self) -> &'static str;
    /// Its value in the family's unit (MCR's points, a room's fans).
    fn value(self) -> u32;
}

/// Declares a fan enum from rows `Variant: "id", "English", "中文", "日本語", value;` with
/// `ALL` (the rows' order), `id`, `english`, `chinese`, `japanese` and the value under the
/// method name given (`points` for MCR, `fans` for Sichuan).
macro_rules! fan_table {
    (
        $(#[$meta:meta])*
        pub enum $name:ident, $value:ident: $doc_value:literal;
        $($v:ident: $id:literal, $en:literal, $zh:literal, $ja:literal, $points:literal;)*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                #[doc = concat!($en, " (", $zh, ", ", $points, ")")]
                $v,
            )*
        }

        impl $name {
            /// Every fan, in the table's order.
            pub const ALL: &'static [$name] = &[$($name::$v),*];

            /// Its name in requests and JSON answers.
            pub fn id(self) -> &'static str {
                match self { $($name::$v => $id),* }
            }

            /// Its English name.
            pub fn english(self) -> &'static str {
                match self { $($name::$v => $en),* }
            }

            /// Its Chinese name.
            pub fn chinese(self) -> &'static str {
                match self { $($name::$v => $zh),* }
            }

            /// Its Japanese name: the Chinese name in the kanji the Japanese literature writes
            /// it with.
            pub fn japanese(self) -> &'static str {
                match self { $($name::$v => $ja),* }
            }

            #[doc = $doc_value]
            pub fn $value(self) -> u32 {
                match self { $($name::$v => $points),* }
            }
        }

        impl $crate::score::fan_table::FanRow for $name {
            fn id(self) -> &'static str {
                $name::id(self)
            }
            fn english(self) -> &'static str {
                $name::english(self)
            }
            fn chinese(self) -> &'static str {
                $name::chinese(self)
            }
            fn japanese(self) -> &'static str {
                $name::japanese(self)
            }
            fn value(self) -> u32 {
                $name::$value(self)
            }
        }
    };
}

pub(crate) use fan_table;
