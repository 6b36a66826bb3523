//! Table sets on disk: what `hupai tables generate` writes and `--tables DIR` loads.
//!
//! A set is a directory with one table image per group spec (`suit.bin`, `honor.bin`,
//! `honor-runs.bin`, … — [`hupai_gen::image`]: the very bytes the engine compiles in), each
//! carrying its format and generator versions, and a human-readable `manifest.json`:
//! versions, and per file the spec it was generated from (slots, runs, pair and orphan
//! slots), entry counts, size and SHA-256. Loading checks every checksum and version, the
//! sense of every entry and every derived byte ([`hupai_gen::image::check_image`]), then reads
//! each file in place from one buffer, so a truncated, corrupted, edited or foreign file is
//! refused with a message naming it — never a wrong answer.
//!
//! ```no_run
//! use hupai::sets as set;
//! use hupai::{Engine, Hand, Rules};
//! let tables = set::load("tables".as_ref()).unwrap();
//! let engine = Engine::with_tables(&tables, Rules::riichi()).unwrap();
//! let hand: Hand = "11123456789999m".parse().unwrap();
//! assert!(engine.is_win(&hand));
//! ```

use super::tables::Tables;
use crate::rules::Rules;
use hupai_gen::image::{self as img, ImageError};
use hupai_gen::{self as hgen, GroupData, GroupSpec, SpecSummary};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};

/// Name of the manifest file in a set directory.
pub const MANIFEST: &str = "manifest.json";

/// Largest manifest read (bytes): a real one is well under 2 KiB.
pub const MAX_MANIFEST_BYTES: u64 = 64 << 10;

/// Largest table file read (bytes): the suit-258 table, the largest, is 3.1 MB.
pub const MAX_TABLE_BYTES: u64 = 64 << 20;

/// Reads a file that must be a regular file of at most `limit` bytes (and of exactly
/// `expect` bytes when given), checked before reading: a FIFO, a device such as `/dev/zero`
/// or a huge file is refused, not read.
fn read_bounded(path: &Path, limit: u64, expect: Option<u64>) -> Result<Vec<u8>, SetError> {
    use std::io::Read;
    let invalid = |problem: String| SetError::Invalid {
        file: path.to_path_buf(),
        problem,
    };
    let meta = std::fs::metadata(path).map_err(io(path))?;
    if !meta.is_file() {
        return Err(invalid("not a regular file".into()));
    }
    if meta.len() > limit {
        return Err(invalid(format!(
            "{} bytes, more than the {limit} a set file may have",
            meta.len()
        )));
    }
    if let Some(n) = expect.filter(|&n| n != meta.len()) {
        return Err(invalid(format!(
            "{} bytes, the manifest says {n}",
            meta.len()
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(io(path))?;
    if bytes.len() as u64 != meta.len() {
        return Err(invalid("changed while it was read".into()));
    }
    Ok(bytes)
}

/// The manifest of a table set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Table format version ([`hgen::FORMAT_VERSION`]).
    pub format_version: u32,
    /// Generator version ([`hgen::GENERATOR_VERSION`]).
    pub generator_version: u32,
    /// The program that wrote the set.
    pub written_by: String,
    /// One entry per file.
    pub files: Vec<FileEntry>,
}

/// A file of a table set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    /// File name within the set directory.
    pub file: String,
    /// The spec the table was generated from.
    pub spec: SpecSummary,
    /// Number of vectors (dense entries).
    pub vectors: usize,
    /// Number of sparse excess profiles.
    pub profiles: usize,
    /// File size in bytes.
    pub bytes: u64,
    /// SHA-256 of the file, lowercase hex.
    pub sha256: String,
}

/// A table set that cannot be written, read or trusted; always names the file.
#[derive(Debug)]
pub enum SetError {
    /// The file cannot be read or written.
    Io {
        /// The file.
        file: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not what its manifest says (flipped bytes, truncation, another file).
    Checksum {
        /// The file.
        file: PathBuf,
        /// SHA-256 the manifest records.
        expected: String,
        /// SHA-256 of the file as read.
        found: String,
    },
    /// The file or manifest does not decode, or says something impossible.
    Invalid {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// The set was written for a table format this build does not read.
    Format {
        /// The file.
        file: PathBuf,
        /// Version found.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// `verify`: the file's content differs from what the generator computes now.
    Differs {
        /// The file.
        file: PathBuf,
        /// What differs.
        what: String,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Io { file, error } => write!(f, "{}: {error}", file.display()),
            SetError::Checksum {
                file,
                expected,
                found,
            } => write!(
                f,
                "{}: checksum mismatch (manifest says sha256 {expected}, file has {found}): the file is corrupted, truncated or replaced",
                file.display()
            ),
            SetError::Invalid { file, problem } => write!(f, "{}: {problem}", file.display()),
            SetError::Format {
                file,
                found,
                expected,
            } => write!(
                f,
                "{}: table format version {found}, this build reads version {expected} (regenerate with `hupai tables generate`)",
                file.display()
            ),
            SetError::Differs { file, what } => write!(f, "{}: {what}", file.display()),
        }
    }
}

impl std::error::Error for SetError {}

/// File name of a spec's table.
pub fn file_name(spec: GroupSpec) -> String {
    format!("{}.bin", spec.name())
}

/// The specs a set needs for `rules` (`None`: every spec, the default set).
///
/// ```
/// use hupai::{sets as set, GroupSpec, Rules};
/// assert_eq!(set::specs_for(Some(&Rules::riichi())), [GroupSpec::SUIT, GroupSpec::HONOR]);
/// assert_eq!(set::specs_for(None).len(), GroupSpec::ALL.len());
/// // 组合龙 reads its meld and pair without the 258 pair (`Rules::knitted_group_specs`).
/// let knitted_258 = Rules { pair_258: true, ..Rules::guobiao() };
/// assert_eq!(set::specs_for(Some(&knitted_258)).len(), 4);
/// // Changsha's big wins take any pair: its set holds the tables without the 258 pair too.
/// assert_eq!(set::specs_for(Some(&Rules::changsha())).len(), 4);
/// ```
pub fn specs_for(rules: Option<&Rules>) -> Vec<GroupSpec> {
    match rules {
        None => GroupSpec::ALL.to_vec(),
        Some(r) => {
            let mut specs = Vec::new();
            let patterns = if r.patterned() {
                r.pattern_group_specs()
            } else {
                r.group_specs()
            };
            let all = [r.group_specs(), r.knitted_group_specs(), patterns];
            for s in all.into_iter().flatten() {
                if !specs.contains(&s) {
                    specs.push(s);
                }
            }
            specs
        }
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn io(file: &Path) -> impl FnOnce(std::io::Error) -> SetError + '_ {
    move |error| SetError::Io {
        file: file.to_path_buf(),
        error,
    }
}

/// Generates the tables of `specs` into `dir` (created if needed) and writes the manifest.
/// `progress` is called with the spec being generated and the fraction done.
pub fn generate(
    dir: &Path,
    specs: &[GroupSpec],
    progress: &mut dyn FnMut(GroupSpec, f64),
) -> Result<Manifest, SetError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut files = Vec::new();
    // One generation for all specs: they share their lattices and pair-free distances.
    for data in hgen::generate_groups(specs, progress) {
        let spec = data.spec;
        let path = dir.join(file_name(spec));
        let bytes = img::encode_image(&data).map_err(|problem| SetError::Invalid {
            file: path.clone(),
            problem,
        })?;
        std::fs::write(&path, &bytes).map_err(io(&path))?;
        files.push(FileEntry {
            file: file_name(spec),
            spec: spec.describe(),
            vectors: data.shanten.len(),
            profiles: data.profiles.len(),
            bytes: bytes.len() as u64,
            sha256: sha256_hex(&bytes),
        });
    }
    let manifest = Manifest {
        format_version: hgen::FORMAT_VERSION,
        generator_version: hgen::GENERATOR_VERSION,
        written_by: format!("hupai {}", env!("CARGO_PKG_VERSION")),
        files,
    };
    let path = dir.join(MANIFEST);
    let text = serde_json::to_string_pretty(&manifest).expect("manifest serializes") + "\n";
    std::fs::write(&path, text).map_err(io(&path))?;
    Ok(manifest)
}

/// Reads and checks the manifest of a set.
pub fn read_manifest(dir: &Path) -> Result<Manifest, SetError> {
    let path = dir.join(MANIFEST);
    let bytes = read_bounded(&path, MAX_MANIFEST_BYTES, None)?;
    let m: Manifest = serde_json::from_slice(&bytes).map_err(|e| SetError::Invalid {
        file: path.clone(),
        problem: format!("not a table-set manifest: {e}"),
    })?;
    if m.format_version != hgen::FORMAT_VERSION {
        return Err(SetError::Format {
            file: path,
            found: m.format_version,
            expected: hgen::FORMAT_VERSION,
        });
    }
    if m.generator_version != hgen::GENERATOR_VERSION {
        return Err(SetError::Invalid {
            file: path,
            problem: format!(
                "generator version {}, this build's generator is version {} (regenerate with `hupai tables generate`)",
                m.generator_version,
                hgen::GENERATOR_VERSION
            ),
        });
    }
    for entry in &m.files {
        let spec = GroupSpec::by_name(&entry.spec.name)
            .filter(|s| file_name(*s) == entry.file)
            .ok_or_else(|| SetError::Invalid {
                file: path.clone(),
                problem: format!(
                    "unknown table file '{}' for group spec '{}'",
                    entry.file, entry.spec.name
                ),
            })?;
        if spec.describe() != entry.spec {
            return Err(SetError::Invalid {
                file: path,
                problem: format!(
                    "the '{}' spec it records is not this build's (regenerate with `hupai tables generate`)",
                    entry.spec.name
                ),
            });
        }
    }
    Ok(m)
}

/// Reads one file of a set, checking its checksum, then the image: versions, spec, the
/// sense of its data and every derived byte ([`img::check_image`]). Returns the bytes.
fn read_image(dir: &Path, entry: &FileEntry) -> Result<Vec<u8>, SetError> {
    let path = dir.join(&entry.file);
    let bytes = read_bounded(&path, MAX_TABLE_BYTES, Some(entry.bytes))?;
    let found = sha256_hex(&bytes);
    if found != entry.sha256 {
        return Err(SetError::Checksum {
            file: path,
            expected: entry.sha256.clone(),
            found,
        });
    }
    let image = img::check_image(&bytes).map_err(|e| match e {
        ImageError::Format { found, expected } => SetError::Format {
            file: path.clone(),
            found,
            expected,
        },
        ImageError::Invalid(problem) => SetError::Invalid {
            file: path.clone(),
            problem,
        },
    })?;
    let invalid = |problem: String| SetError::Invalid {
        file: path.clone(),
        problem,
    };
    if image.spec.name() != entry.spec.name {
        return Err(invalid(format!(
            "holds the {} table, the manifest says {}",
            image.spec, entry.spec.name
        )));
    }
    if image.vectors != entry.vectors || image.profiles != entry.profiles {
        return Err(invalid(format!(
            "holds {} vectors and {} profiles, the manifest says {} and {}",
            image.vectors, image.profiles, entry.vectors, entry.profiles
        )));
    }
    Ok(bytes)
}

impl Tables {
    /// A table set directory written by `hupai tables generate` (see [`load`]).
    pub fn load(dir: &Path) -> Result<Tables, SetError> {
        load(dir)
    }

    /// The bytes of a spec's table as a table file holds them (the image the engine reads in
    /// place), if the set has that spec: the compiled-in tables are the snapshot's files.
    ///
    /// ```
    /// use hupai::{GroupSpec, Tables};
    /// let image = Tables::compiled().image(GroupSpec::HONOR).unwrap();
    /// assert!(image.len() > 1000);
    /// ```
    pub fn image(&self, spec: GroupSpec) -> Option<&[u8]> {
        self.get(spec).map(|t| t.image_bytes())
    }
}

/// Loads a table set, checking every file against the manifest.
pub fn load(dir: &Path) -> Result<Tables, SetError> {
    let manifest = read_manifest(dir)?;
    let mut images = Vec::new();
    for entry in &manifest.files {
        images.push(read_image(dir, entry)?);
    }
    Tables::from_images(images.iter().map(|b| b.as_slice())).map_err(|(at, e)| {
        // The image at fault is named, not the manifest (the manifest for the set as a whole).
        let file = at.map_or_else(|| dir.join(MANIFEST), |i| dir.join(&manifest.files[i].file));
        SetError::Invalid {
            file,
            problem: e.to_string(),
        }
    })
}

/// Recomputes every table of a set and compares; returns one line per file checked.
pub fn verify(
    dir: &Path,
    progress: &mut dyn FnMut(GroupSpec, f64),
) -> Result<Vec<String>, SetError> {
    let manifest = read_manifest(dir)?;
    if manifest.files.is_empty() {
        return Err(SetError::Invalid {
            file: dir.join(MANIFEST),
            problem: "lists no table files".into(),
        });
    }
    let mut report = Vec::new();
    for entry in &manifest.files {
        let path = dir.join(&entry.file);
        let bytes = read_image(dir, entry)?;
        let stored: GroupData = img::decode_image(&bytes).map_err(|e| SetError::Invalid {
            file: path.clone(),
            problem: e.to_string(),
        })?;
        let fresh = hgen::generate_group(stored.spec, &mut |f| progress(stored.spec, f));
        let differ = |name: &str, a: usize| SetError::Differs {
            file: path.clone(),
            what: format!("{a} {name} differ from what the generator computes now"),
        };
        let count = |a: &[u64], b: &[u64]| a.iter().zip(b).filter(|(x, y)| x != y).count();
        let words = count(&stored.shanten, &fresh.shanten);
        if words > 0 {
            return Err(differ("shanten words", words));
        }
        let wins = stored
            .win
            .iter()
            .zip(&fresh.win)
            .filter(|(x, y)| x != y)
            .count();
        if wins > 0 {
            return Err(differ("win bytes", wins));
        }
        if stored.profiles != fresh.profiles {
            return Err(differ("excess profiles (of the sparse table)", 1));
        }
        // The derived sections (classes, masks, padding) need no comparison of their own:
        // `read_image` found them to be what this very data derives.
        report.push(format!(
            "{}: {} vectors, {} profiles, sha256 {} — matches the generator",
            entry.file, entry.vectors, entry.profiles, entry.sha256
        ));
    }
    Ok(report)
}
