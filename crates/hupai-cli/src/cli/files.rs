//! Record files as the subcommands that read them take them: the files named (folders walked),
//! each file's text (gunzipped, bounded).

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The largest record read, bytes (after gunzip): a hanchan is tens of kilobytes.
pub const MAX_RECORD: u64 = 16 << 20;

/// The files named: each file, and every file of each folder and of its sub-folders (sorted;
/// links to folders are not followed, so a loop cannot hold it).
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Every file below `dir`, depth first, each folder's entries sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut inside: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    inside.sort();
    for p in inside {
        let real_dir = std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_dir());
        if real_dir {
            walk(&p, out)?;
        } else if p.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

/// A record file's text: gunzipped when it is gzip (Tenhou's .mjlog), at most [`MAX_RECORD`].
pub fn load(path: &Path) -> Result<String, String> {
    // A FIFO, a device or a socket would block or never end: only files are read.
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a record is a file, or a folder of them)".into());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .take(MAX_RECORD + 1)
            .read_to_end(&mut plain)
            .map_err(|e| format!("not gzip: {e}"))?;
        bytes = plain;
    }
    if bytes.len() as u64 > MAX_RECORD {
        return Err(format!(
            "larger than {} MiB: not a game record",
            MAX_RECORD >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}
