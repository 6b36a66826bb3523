//! The table image: one group table as the engine reads it, in place.
//!
//! A table file (`<spec>.bin` of a set, and the bytes build.rs compiles into the engine) is an
//! image: a 64-byte header, then six sections, each starting at a multiple of 64 bytes, in
//! this order:
//!
//! | section | one element | count | what |
//! |---|---|---|---|
//! | classes | [`ClassRecord`], 16 B | classes (≤ [`MAX_CLASSES`]) | per class, its shanten word and win byte |
//! | class | `u16` | [`Layout::reach`] | per vector, its class |
//! | win | `u8` | [`Layout::reach`] | per vector, its win byte `W0 \| W1 << 4` |
//! | mask ids | `[u16; 2]` | [`Layout::masked_len`] | per vector of ≤ 13 tiles, the ids of its two mask halves |
//! | halves | [`MaskHalf`], 16 B | halves (≤ [`MAX_HALVES`]) | the distinct mask halves |
//! | profiles | [`ProfileRecord`], 48 B | profiles | the sparse excess profiles, sorted by key |
//!
//! Everything is little-endian; the header records the format and generator versions, the
//! spec's name and every count, so that a reader can check an image before it trusts it
//! ([`ImageLayout::parse`], [`check_image`]). The per-vector sections run to
//! [`Layout::reach`], a little past the vectors, so that the engine reads them by a rank it
//! adds from two key parts with no bounds check; the padding reads class 0 and an
//! unreachable win byte.
//!
//! A class is a distinct (shanten word, win byte) pair: a suit's 405,350 vectors have 152 of
//! them (382 under the 2-5-8 pair), so the hot paths read 3 bytes a vector and a record per
//! class instead of 9 bytes a vector. The improving-slot masks (which slots lower each lane
//! when drawn, what waits and ukeire read) are derived from the shanten words of a vector and
//! its neighbours; a vector's two halves are shared by many vectors (42,049 distinct halves
//! for a suit), and a vector of 14 tiles takes no tile more, so it has none.
//!
//! ```
//! use hupai_gen::image::{decode_image, encode_image, ImageLayout};
//! use hupai_gen::{generate_group, GroupSpec};
//! let data = generate_group(GroupSpec::HONOR_RUNS_NO_PAIR, &mut |_| {});
//! let bytes = encode_image(&data).unwrap();
//! let layout = ImageLayout::parse(&bytes).unwrap();
//! assert_eq!((layout.spec, layout.vectors), (GroupSpec::HONOR_RUNS_NO_PAIR, 43_130));
//! assert_eq!(decode_image(&bytes).unwrap(), data);
//! ```

mod check;
mod derive;

pub use check::{implied_win, validate};
pub use derive::{classify, derive_masks, Classes, MaskTable};

use crate::{GroupData, GroupSpec, Layout, FORMAT_VERSION, GENERATOR_VERSION};
use std::fmt;
use std::ops::Range;

/// The first bytes of every image.
pub const MAGIC: [u8; 8] = *b"hupaitbl";
/// Written as a little-endian `u32`: a reader on a big-endian machine reads it otherwise.
pub const ENDIAN: u32 = 0x0102_0304;
/// Bytes of the header; every section starts at a multiple of [`ALIGN`].
pub const HEADER: usize = 64;
/// Alignment of every section within an image (and of an image in memory).
pub const ALIGN: usize = 64;
/// Most classes an image may have: the engine's class field is 9 bits.
pub const MAX_CLASSES: usize = 1 << 9;
/// Most distinct mask halves: their ids are 16 bits.
pub const MAX_HALVES: usize = 1 << 16;

/// Half of a vector's improving-slot masks: the eight [`crate::lanes::Lanes16`] positions of
/// no pair (`0..8`) or of a pair (`8..16`), one `u16` each, bit `t` set when a draw into slot
/// `t` lowers that lane. Aligned: one SSE2 load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct MaskHalf(pub [u16; 8]);

/// One class of an image: a shanten word ([`crate::pack_entry`]) and a win byte (low 8 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct ClassRecord {
    /// The shanten word.
    pub word: u64,
    /// The win byte `W0 | W1 << 4` in the low 8 bits, the rest zero.
    pub win: u64,
}

/// One sparse excess profile: a vector's bit-run key ([`crate::bit_run_key`]) and its `U_e`
/// lanes for `e` = 0..=4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct ProfileRecord {
    /// The bit-run key of the vector.
    pub key: u32,
    /// Zero.
    pub pad: u32,
    /// Packed lanes ([`crate::pack_lanes`]) per excess budget.
    pub levels: [u64; 5],
}

/// The sections of an image, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// [`ClassRecord`]s.
    Classes = 0,
    /// A `u16` class per vector (to [`Layout::reach`]).
    Class = 1,
    /// A win byte per vector (to [`Layout::reach`]).
    Win = 2,
    /// Two `u16` mask-half ids per vector of at most 13 tiles.
    MaskIds = 3,
    /// [`MaskHalf`]s.
    Halves = 4,
    /// [`ProfileRecord`]s.
    Profiles = 5,
}

impl Section {
    /// Every section, in file order.
    pub const ALL: [Section; 6] = [
        Section::Classes,
        Section::Class,
        Section::Win,
        Section::MaskIds,
        Section::Halves,
        Section::Profiles,
    ];
}

/// Bytes of one element of each section.
const ELEMENT: [usize; 6] = [16, 2, 1, 4, 16, 48];

/// Where everything is in an image: its spec, its counts and its sections' byte ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageLayout {
    /// The group spec of the table.
    pub spec: GroupSpec,
    /// Number of vectors.
    pub vectors: usize,
    /// Length of the per-vector sections ([`Layout::reach`]).
    pub reach: usize,
    /// Number of vectors with masks ([`Layout::masked_len`]).
    pub masked: usize,
    /// Number of classes.
    pub classes: usize,
    /// Number of distinct mask halves.
    pub halves: usize,
    /// Number of excess profiles.
    pub profiles: usize,
    /// Total bytes.
    pub size: usize,
    sections: [Range<usize>; 6],
}

/// Why an image cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageError {
    /// Written in another table format.
    Format {
        /// Version found.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// Not an image of this build, or one that says something impossible.
    Invalid(String),
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Format { found, expected } => write!(
                f,
                "table format version {found}, this build reads version {expected}"
            ),
            ImageError::Invalid(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ImageError {}

fn invalid(e: impl Into<String>) -> ImageError {
    ImageError::Invalid(e.into())
}

fn round_up(x: usize) -> usize {
    x.div_ceil(ALIGN) * ALIGN
}

impl ImageLayout {
    /// The layout of an image of `spec` with these counts.
    fn new(spec: GroupSpec, classes: usize, halves: usize, profiles: usize) -> ImageLayout {
        let layout = Layout::of(spec);
        let counts = [
            classes,
            layout.reach,
            layout.reach,
            layout.masked_len,
            halves,
            profiles,
        ];
        let mut at = HEADER;
        let sections = std::array::from_fn(|s| {
            let start = at;
            at = round_up(start + counts[s] * ELEMENT[s]);
            start..start + counts[s] * ELEMENT[s]
        });
        ImageLayout {
            spec,
            vectors: layout.len,
            reach: layout.reach,
            masked: layout.masked_len,
            classes,
            halves,
            profiles,
            size: at,
            sections,
        }
    }

    /// The byte range of a section.
    pub fn section(&self, s: Section) -> Range<usize> {
        self.sections[s as usize].clone()
    }

    /// Reads and checks an image's header: magic, byte order, versions, a spec of this build,
    /// counts that fit the spec's layout and the engine's fields, and the exact size.
    pub fn parse(bytes: &[u8]) -> Result<ImageLayout, ImageError> {
        if bytes.len() < HEADER || bytes[..8] != MAGIC {
            return Err(invalid("not a hupai table image (no 'hupaitbl' header)"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if u32_at(8) != FORMAT_VERSION {
            return Err(ImageError::Format {
                found: u32_at(8),
                expected: FORMAT_VERSION,
            });
        }
        if u32_at(12) != GENERATOR_VERSION {
            return Err(invalid(format!(
                "generator version {}, this build's generator is version {GENERATOR_VERSION}",
                u32_at(12)
            )));
        }
        if u32::from_ne_bytes(bytes[16..20].try_into().expect("4 bytes")) != ENDIAN {
            return Err(invalid(
                "written for another byte order (images are little-endian)",
            ));
        }
        let name = &bytes[44..64];
        let name = std::str::from_utf8(&name[..name.iter().position(|&b| b == 0).unwrap_or(20)])
            .map_err(|_| invalid("spec name is not text"))?;
        let spec = GroupSpec::by_name(name)
            .ok_or_else(|| invalid(format!("unknown group spec '{name}'")))?;
        let (classes, halves, profiles) = (
            u32_at(32) as usize,
            u32_at(36) as usize,
            u32_at(40) as usize,
        );
        if classes == 0 || classes > MAX_CLASSES {
            return Err(invalid(format!(
                "{classes} classes (1 to {MAX_CLASSES} fit)"
            )));
        }
        if halves > MAX_HALVES {
            return Err(invalid(format!(
                "{halves} mask halves (at most {MAX_HALVES} fit)"
            )));
        }
        if profiles > bytes.len() / ELEMENT[Section::Profiles as usize] {
            return Err(invalid(format!(
                "{profiles} profiles in {} bytes",
                bytes.len()
            )));
        }
        let layout = ImageLayout::new(spec, classes, halves, profiles);
        let counts = [u32_at(20), u32_at(24), u32_at(28)].map(|x| x as usize);
        if counts != [layout.vectors, layout.reach, layout.masked] {
            return Err(invalid(format!(
                "counts {counts:?} are not those of the {spec} layout ({}, {}, {})",
                layout.vectors, layout.reach, layout.masked
            )));
        }
        if bytes.len() != layout.size {
            return Err(invalid(format!(
                "{} bytes, its header says {}",
                bytes.len(),
                layout.size
            )));
        }
        Ok(layout)
    }

    /// The header of an image of this layout.
    fn header(&self) -> [u8; HEADER] {
        let mut h = [0u8; HEADER];
        h[..8].copy_from_slice(&MAGIC);
        let fields = [
            FORMAT_VERSION,
            GENERATOR_VERSION,
            ENDIAN,
            self.vectors as u32,
            self.reach as u32,
            self.masked as u32,
            self.classes as u32,
            self.halves as u32,
            self.profiles as u32,
        ];
        for (i, f) in fields.iter().enumerate() {
            h[8 + 4 * i..12 + 4 * i].copy_from_slice(&f.to_le_bytes());
        }
        let name = self.spec.name().as_bytes();
        h[44..44 + name.len()].copy_from_slice(name);
        h
    }
}

/// The image of a generated table: its classes, masks and padding derived here (an error if
/// the table has more classes or mask halves than the image's fields hold).
pub fn encode_image(data: &GroupData) -> Result<Vec<u8>, String> {
    let layout = Layout::new(data.spec);
    if data.shanten.len() != layout.len || data.win.len() != layout.len {
        return Err(format!(
            "{} table has {} / {} entries, expected {}",
            data.spec,
            data.shanten.len(),
            data.win.len(),
            layout.len
        ));
    }
    let (class, classes) = classify(data)?;
    let (ids, halves) = derive_masks(&layout, |r| {
        crate::lanes::lanes16_of(classes[class[r] as usize].0)
    })?;
    let image = ImageLayout::new(data.spec, classes.len(), halves.len(), data.profiles.len());
    let mut out = vec![0u8; image.size];
    out[..HEADER].copy_from_slice(&image.header());
    let mut put = |s: Section, bytes: &mut dyn Iterator<Item = u8>| {
        let range = image.section(s);
        let mut n = range.start;
        for b in bytes {
            out[n] = b;
            n += 1;
        }
        assert_eq!(n, range.end, "section {s:?} filled");
    };
    put(
        Section::Classes,
        &mut classes
            .iter()
            .flat_map(|&(w, win)| [w.to_le_bytes(), (win as u64).to_le_bytes()].concat()),
    );
    let pad = image.reach - layout.len;
    put(
        Section::Class,
        &mut class
            .iter()
            .chain(std::iter::repeat_n(&0, pad))
            .flat_map(|c| c.to_le_bytes()),
    );
    let none = crate::W_NONE | crate::W_NONE << 4;
    put(
        Section::Win,
        &mut data
            .win
            .iter()
            .copied()
            .chain(std::iter::repeat_n(none, pad)),
    );
    put(
        Section::MaskIds,
        &mut ids
            .iter()
            .flat_map(|[a, b]| [a.to_le_bytes(), b.to_le_bytes()].concat()),
    );
    put(
        Section::Halves,
        &mut halves
            .iter()
            .flat_map(|h| h.0.iter().flat_map(|x| x.to_le_bytes())),
    );
    put(
        Section::Profiles,
        &mut data.profiles.iter().flat_map(|(key, levels)| {
            let mut r = key.to_le_bytes().to_vec();
            r.extend([0; 4]);
            r.extend(levels.iter().flat_map(|l| l.to_le_bytes()));
            r
        }),
    );
    Ok(out)
}

/// The generated data an image holds (its shanten words, win bytes and profiles), read with
/// no assumption about its content: a class id out of range is an error. The derived
/// sections (masks, padding) are not checked here: [`check_image`] does.
pub fn decode_image(bytes: &[u8]) -> Result<GroupData, ImageError> {
    let image = ImageLayout::parse(bytes)?;
    let section = |s: Section| &bytes[image.section(s)];
    let u64s = |b: &[u8]| -> Vec<u64> {
        b.chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect()
    };
    let records = u64s(section(Section::Classes));
    let words: Vec<u64> = records.iter().step_by(2).copied().collect();
    let shanten = section(Section::Class)
        .chunks_exact(2)
        .take(image.vectors)
        .map(|c| {
            let id = u16::from_le_bytes([c[0], c[1]]) as usize;
            words
                .get(id)
                .copied()
                .ok_or_else(|| invalid(format!("class {id} of {} classes", image.classes)))
        })
        .collect::<Result<Vec<u64>, ImageError>>()?;
    let win = section(Section::Win)[..image.vectors].to_vec();
    let profiles = section(Section::Profiles)
        .chunks_exact(48)
        .map(|c| {
            let key = u32::from_le_bytes(c[..4].try_into().expect("4 bytes"));
            let levels = u64s(&c[8..]);
            (key, std::array::from_fn(|e| levels[e]))
        })
        .collect();
    Ok(GroupData {
        spec: image.spec,
        shanten,
        win,
        profiles,
    })
}

/// Checks an image from outside (a set on disk) before the engine reads it in place: its
/// header ([`ImageLayout::parse`]), the sense of its data ([`validate`]), and every derived
/// byte — classes, masks, padding — against what [`encode_image`] derives from that data.
pub fn check_image(bytes: &[u8]) -> Result<ImageLayout, ImageError> {
    let image = ImageLayout::parse(bytes)?;
    let data = decode_image(bytes)?;
    let layout = Layout::new(data.spec);
    validate(&data, &layout.vectors()).map_err(ImageError::Invalid)?;
    let fresh = encode_image(&data).map_err(ImageError::Invalid)?;
    if fresh != bytes {
        let at = fresh
            .iter()
            .zip(bytes)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let section = Section::ALL
            .into_iter()
            .find(|&s| image.section(s).end > at)
            .map_or("header".to_string(), |s| format!("{s:?}"));
        return Err(invalid(format!(
            "byte {at} (section {section}) disagrees with what its data derive"
        )));
    }
    Ok(image)
}
