//! A set of group tables: the compiled-in set, or one loaded from generated data.

use std::sync::OnceLock;

use super::compiled::{sparse, Compiled};
use super::error::TableError;
use super::group::GroupTable;
use hupai_gen::{self as gen, GroupSpec, TableData};

/// One table of a set: its spec, and the table (built on first use for a compiled-in one).
struct Slot {
    spec: GroupSpec,
    table: OnceLock<GroupTable>,
    compiled: Option<&'static Compiled>,
}

/// A set of group tables, one per [`GroupSpec`]: the compiled-in set (every spec of
/// [`GroupSpec::ALL`], each decoded on first use) or a set loaded from disk.
pub struct Tables {
    slots: Vec<Slot>,
}

impl Tables {
    /// The tables compiled into this binary by build.rs. Each table is decoded and derived
    /// the first time an engine asks for it, then shared.
    pub fn compiled() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| Tables {
            slots: sparse::COMPILED
                .iter()
                .map(|c| Slot {
                    spec: GroupSpec::by_name(c.spec).expect("build.rs names known specs"),
                    table: OnceLock::new(),
                    compiled: Some(c),
                })
                .collect(),
        })
    }

    /// The compiled-in tables as generated data (what `hupai tables generate` writes).
    pub fn compiled_data() -> TableData {
        TableData {
            format: gen::FORMAT_VERSION,
            generator: gen::GENERATOR_VERSION,
            groups: sparse::COMPILED
                .iter()
                .map(|c| compiled_group(c).data)
                .collect(),
        }
    }

    /// Tables from decoded data (for example a set written by `hupai tables generate`),
    /// checked entry by entry.
    pub fn from_data(data: TableData) -> Result<Tables, TableError> {
        if data.format != gen::FORMAT_VERSION {
            return Err(TableError::Format {
                found: data.format,
                expected: gen::FORMAT_VERSION,
            });
        }
        let mut slots: Vec<Slot> = Vec::new();
        for g in data.groups {
            if slots.iter().any(|s| s.spec == g.spec) {
                return Err(TableError::Shape(format!("two {} tables", g.spec)));
            }
            let spec = g.spec;
            let table = OnceLock::new();
            let _ = table.set(GroupTable::from_data(g, None)?);
            slots.push(Slot {
                spec,
                table,
                compiled: None,
            });
        }
        if slots.is_empty() {
            return Err(TableError::Shape("a set needs at least one table".into()));
        }
        Ok(Tables { slots })
    }

    /// Tables from the bincode bytes of a whole [`TableData`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, TableError> {
        let data: TableData =
            bincode::deserialize(bytes).map_err(|e| TableError::Decode(e.to_string()))?;
        Tables::from_data(data)
    }

    /// The specs of the tables in the set.
    pub fn specs(&self) -> impl Iterator<Item = GroupSpec> + '_ {
        self.slots.iter().map(|s| s.spec)
    }

    /// Whether the set holds the table of a spec.
    pub fn has(&self, spec: GroupSpec) -> bool {
        self.slots.iter().any(|s| s.spec == spec)
    }

    /// The table of a spec, if the set holds it (a compiled-in table is built now if this
    /// is its first use).
    pub fn get(&self, spec: GroupSpec) -> Option<&GroupTable> {
        let slot = self.slots.iter().find(|s| s.spec == spec)?;
        Some(slot.table.get_or_init(|| {
            let c = slot
                .compiled
                .expect("a loaded table is built when the set loads");
            GroupTable::from_data(compiled_group(c).data, Some(c))
                .expect("compiled-in tables are well formed")
        }))
    }
}

/// The decoded file of a compiled-in table (build.rs wrote it with this very generator).
fn compiled_group(c: &Compiled) -> gen::GroupFile {
    let file = gen::decode_group(c.bytes).expect("compiled-in tables decode");
    assert_eq!(
        (file.format, file.generator, file.data.spec.name()),
        (gen::FORMAT_VERSION, gen::GENERATOR_VERSION, c.spec),
        "compiled-in table file of this build"
    );
    file
}
