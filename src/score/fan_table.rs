//! A family's table of fans as one list (`fan_table!`): each fan's id, its English, Chinese
//! and Japanese names and its value, read by one set of methods, so every family's fans are
//! named and counted the same way (MCR's points, Sichuan's 番).

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
    };
}

pub(crate) use fan_table;
