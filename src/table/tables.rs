//! A set of group tables: the compiled-in set, or one read from images or generated data.

use std::sync::OnceLock;

use super::compiled::{generated, Compiled};
use super::error::TableError;
use super::group::GroupTable;
use super::image::Image;
use hupai_gen::image as img;
use hupai_gen::{self as hgen, GroupSpec, TableData};

/// One table of a set: its spec, and the table (opened on first use for a compiled-in one).
struct Slot {
    spec: GroupSpec,
    table: OnceLock<GroupTable>,
    compiled: Option<&'static Compiled>,
}

/// A set of group tables, one per [`GroupSpec`]: the compiled-in set (every spec of
/// [`GroupSpec::ALL`], each opened in place on first use) or a set loaded from disk.
pub struct Tables {
    slots: Vec<Slot>,
}

impl Tables {
    /// The tables compiled into this binary by build.rs. Each is read in place from static
    /// data the first time an engine asks for it (microseconds: no decoding, no copy).
    pub fn compiled() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| Tables {
            slots: generated::COMPILED
                .iter()
                .map(|c| Slot {
                    spec: GroupSpec::by_name(c.spec).expect("build.rs names known specs"),
                    table: OnceLock::new(),
                    compiled: Some(c),
                })
                .collect(),
        })
    }

    /// The compiled-in tables as generated data (what the generator computes).
    pub fn compiled_data() -> TableData {
        TableData {
            format: hgen::FORMAT_VERSION,
            generator: hgen::GENERATOR_VERSION,
            groups: generated::COMPILED
                .iter()
                .map(|c| img::decode_image(&c.image.0).expect("compiled-in images decode"))
                .collect(),
        }
    }

    /// Tables from generated data (what the generator computes, or a whole set decoded by a caller), checked entry by entry, their images derived.
    pub fn from_data(data: TableData) -> Result<Tables, TableError> {
        if data.format != hgen::FORMAT_VERSION {
            return Err(TableError::Format {
                found: data.format,
                expected: hgen::FORMAT_VERSION,
            });
        }
        let images = data
            .groups
            .iter()
            .map(|g| {
                let layout = hgen::Layout::new(g.spec);
                img::validate(g, &layout.vectors())
                    .and_then(|()| img::encode_image(g))
                    .map_err(|e| TableError::Shape(format!("{} table: {e}", g.spec)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Tables::from_images(images.iter().map(|b| b.as_slice())).map_err(|(_, e)| e)
    }

    /// Tables from checked images (table files): each is copied into one aligned buffer and
    /// read in place. An error names the place of the image at fault (`None`: the set as a
    /// whole), so that a loaded set's message can name the file.
    pub(super) fn from_images<'b>(
        images: impl Iterator<Item = &'b [u8]>,
    ) -> Result<Tables, (Option<usize>, TableError)> {
        let mut slots: Vec<Slot> = Vec::new();
        for (i, bytes) in images.enumerate() {
            let image = Image::read(bytes).map_err(|e| (Some(i), TableError::from(e)))?;
            let table = GroupTable::open(image);
            let spec = table.spec();
            if slots.iter().any(|s| s.spec == spec) {
                return Err((Some(i), TableError::Shape(format!("two {spec} tables"))));
            }
            slots.push(Slot {
                spec,
                table: OnceLock::from(table),
                compiled: None,
            });
        }
        if slots.is_empty() {
            return Err((
                None,
                TableError::Shape("a set needs at least one table".into()),
            ));
        }
        Ok(Tables { slots })
    }

    /// The specs of the tables in the set.
    pub fn specs(&self) -> impl Iterator<Item = GroupSpec> + '_ {
        self.slots.iter().map(|s| s.spec)
    }

    /// Whether the set holds the table of a spec.
    pub fn has(&self, spec: GroupSpec) -> bool {
        self.slots.iter().any(|s| s.spec == spec)
    }

    /// The table of a spec, if the set holds it (a compiled-in table is opened now if this
    /// is its first use).
    pub(crate) fn get(&self, spec: GroupSpec) -> Option<&GroupTable> {
        let slot = self.slots.iter().find(|s| s.spec == spec)?;
        Some(slot.table.get_or_init(|| {
            let c = slot
                .compiled
                .expect("a loaded table is opened when the set loads");
            let image = Image::compiled(&c.image.0).expect("compiled-in images are this build's");
            GroupTable::open(image)
        }))
    }
}
