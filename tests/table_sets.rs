//! Table sets on disk: the committed snapshot, generation, verification, loading, and every
//! kind of bad file refused with a message naming it.

mod reference;

use hupai::sets::{self as set, SetError};
use hupai::Tables;
use hupai::{Engine, Hand, Rules, TileSet};
use hupai_gen::image::{ImageLayout, Section};
use hupai_gen::{GroupData, GroupSpec};
use reference::Rng;
use std::path::{Path, PathBuf};

fn snapshot() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tables")
}

/// A fresh scratch directory holding a copy of the snapshot.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(snapshot()).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    dir
}

#[test]
fn committed_snapshot_is_byte_for_byte_the_compiled_in_tables_and_the_generators() {
    let manifest = set::read_manifest(&snapshot()).unwrap();
    let fresh = hupai_gen::generate_groups(&GroupSpec::ALL, &mut |_, _| {});
    assert_eq!(manifest.files.len(), fresh.len());
    let mut compiled = 0;
    for g in &fresh {
        let bytes = std::fs::read(snapshot().join(set::file_name(g.spec))).unwrap();
        let image = Tables::compiled().image(g.spec).unwrap();
        compiled += image.len();
        assert!(
            bytes == image,
            "tables/{} is not the compiled-in {} table",
            set::file_name(g.spec),
            g.spec.name()
        );
        assert!(
            bytes == hupai_gen::image::encode_image(g).unwrap(),
            "tables/{} differs from what the generator computes: regenerate the snapshot with `hupai tables generate --out tables` in the same commit",
            set::file_name(g.spec)
        );
    }
    let total: u64 = manifest.files.iter().map(|f| f.bytes).sum();
    // Two suit tables (plain and 258将) of about 3 MB each and four honor tables: the
    // snapshot and the compiled-in tables stay within 8 MiB (docs/PERFORMANCE.md says what
    // each section costs).
    assert_eq!(total, compiled as u64);
    assert!(total <= 8 << 20, "snapshot is {total} bytes");
}

#[test]
fn committed_snapshot_verifies() {
    let report = set::verify(&snapshot(), &mut |_, _| {}).unwrap();
    assert_eq!(report.len(), hupai::GroupSpec::ALL.len());
}

#[test]
fn generate_then_verify_then_load() {
    let dir = std::env::temp_dir().join(format!("hupai-test-{}-gen", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut calls = 0;
    let m = set::generate(&dir, &set::specs_for(None), &mut |_, _| calls += 1).unwrap();
    assert!(calls >= 30, "progress reported");
    assert_eq!(
        m,
        set::read_manifest(&snapshot()).unwrap(),
        "same manifest as the snapshot"
    );
    set::verify(&dir, &mut |_, _| {}).unwrap();
    let tables = set::load(&dir).unwrap();
    assert!(
        tables.has(GroupSpec::SUIT)
            && tables.has(GroupSpec::HONOR)
            && tables.has(GroupSpec::HONOR_RUNS)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn expect_error(dir: &Path, file: &str, what: &str) {
    let load = set::load(dir).err().expect("load must fail");
    let verify = set::verify(dir, &mut |_, _| {}).expect_err("verify must fail");
    for e in [load, verify] {
        let msg = e.to_string();
        assert!(msg.contains(file), "message names {file}: {msg}");
        assert!(msg.contains(what), "message says {what}: {msg}");
    }
}

#[test]
fn a_flipped_byte_is_refused() {
    let dir = scratch("flip");
    let path = dir.join("suit.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[1_000_000] ^= 0x10;
    std::fs::write(&path, bytes).unwrap();
    expect_error(&dir, "suit.bin", "checksum mismatch");
}

#[test]
fn a_truncated_file_is_refused() {
    let dir = scratch("truncate");
    let path = dir.join("honor.bin");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    expect_error(&dir, "honor.bin", "bytes, the manifest says");
}

#[test]
fn a_manifest_whose_spec_is_not_this_builds_is_refused() {
    // The same name with other content (a pair no longer allowed on 1m..9m): the tables were
    // generated from another spec, so their entries mean something else.
    let dir = scratch("manifest-spec");
    let path = dir.join(set::MANIFEST);
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    m["files"][0]["spec"]["pair_slots"] = serde_json::json!([1, 4, 7]);
    std::fs::write(&path, m.to_string()).unwrap();
    expect_error(&dir, "manifest.json", "spec it records is not this build's");
    // An unknown spec name is refused by name.
    let dir = scratch("manifest-name");
    let path = dir.join(set::MANIFEST);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("\"name\": \"honor\"", "\"name\": \"honour\""),
    )
    .unwrap();
    expect_error(
        &dir,
        "manifest.json",
        "unknown table file 'honor.bin' for group spec 'honour'",
    );
}

#[test]
fn an_edited_manifest_is_refused() {
    // A checksum edited to match a corrupted file still fails to decode / check shape.
    let dir = scratch("manifest-sha");
    let text = std::fs::read_to_string(dir.join(set::MANIFEST)).unwrap();
    std::fs::write(
        dir.join(set::MANIFEST),
        text.replace("\"vectors\": 43130", "\"vectors\": 43131"),
    )
    .unwrap();
    expect_error(&dir, "honor", "the manifest says 43131");

    let dir = scratch("manifest-version");
    let text = std::fs::read_to_string(dir.join(set::MANIFEST)).unwrap();
    std::fs::write(
        dir.join(set::MANIFEST),
        text.replace(
            &format!("\"format_version\": {}", hupai_gen::FORMAT_VERSION),
            "\"format_version\": 7",
        ),
    )
    .unwrap();
    expect_error(&dir, "manifest.json", "format version 7");

    let dir = scratch("manifest-garbage");
    std::fs::write(dir.join(set::MANIFEST), "{ not json").unwrap();
    expect_error(&dir, "manifest.json", "not a table-set manifest");

    let dir = scratch("manifest-checksum");
    let text = std::fs::read_to_string(dir.join(set::MANIFEST)).unwrap();
    let m = set::read_manifest(&dir).unwrap();
    let sha = &m.files[0].sha256;
    std::fs::write(
        dir.join(set::MANIFEST),
        text.replace(sha.as_str(), &"0".repeat(64)),
    )
    .unwrap();
    expect_error(&dir, "suit.bin", "checksum mismatch");
}

#[test]
fn a_missing_file_is_refused() {
    let dir = scratch("missing");
    std::fs::remove_file(dir.join("honor-runs.bin")).unwrap();
    expect_error(&dir, "honor-runs.bin", "No such file");
}

#[test]
fn tables_for_other_rules_are_refused() {
    let dir = std::env::temp_dir().join(format!("hupai-test-{}-riichi", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let m = set::generate(
        &dir,
        &set::specs_for(Some(&Rules::riichi())),
        &mut |_, _| {},
    )
    .unwrap();
    let names: Vec<&str> = m.files.iter().map(|f| f.spec.name.as_str()).collect();
    assert_eq!(names, ["suit", "honor"]);
    assert_eq!(m.files[1].spec, GroupSpec::HONOR.describe());
    let tables = set::load(&dir).unwrap();
    assert!(Engine::with_tables(&tables, Rules::riichi()).is_ok());
    let err = Engine::with_tables(&tables, Rules::nanchang())
        .err()
        .unwrap();
    assert_eq!(
        err,
        hupai::TableError::Missing {
            spec: GroupSpec::HONOR_RUNS
        }
    );
    let err = err.to_string();
    assert!(err.contains("honor-runs"), "{err}");
    let line = hupai::protocol::answer_line_with(
        &tables,
        r#"{"hand": "123456789m55p124z", "rules": "nanchang"}"#,
        1,
        Rules::chinese(),
    );
    assert!(
        line.starts_with("{\"error\"") && line.contains("honor-runs"),
        "{line}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn loaded_tables_answer_like_the_compiled_ones_on_100k_hands() {
    let loaded = set::load(&snapshot()).unwrap();
    let mut rng = Rng(77);
    for i in 0..100_000 {
        let rules = [Rules::riichi(), Rules::chinese(), Rules::nanchang()][i % 3];
        let a = Engine::new(rules);
        let b = Engine::with_tables(&loaded, rules).unwrap();
        let tiles = 13 + i % 2;
        let mut counts = if i % 2 == 0 {
            rng.shaped_hand(tiles)
        } else {
            rng.hand(tiles)
        };
        let mut wild = TileSet::EMPTY;
        if i % 4 == 3 {
            // Honor wildcards exercise the sparse excess profiles (phf vs loaded vector).
            let k = 27 + (rng.below(7) as usize);
            wild.insert(hupai::Tile::from_index(k));
            counts[k] = counts[k].max(1);
        }
        let Ok(h) = Hand::new(counts, &[], wild) else {
            continue;
        };
        assert_eq!(a.shanten(&h), b.shanten(&h), "{h}");
        assert_eq!(a.is_win(&h), b.is_win(&h), "{h}");
        if tiles == 13 {
            assert_eq!(a.improving(&h), b.improving(&h), "{h}");
        }
    }
}

#[test]
fn set_errors_name_their_file() {
    let e = SetError::Checksum {
        file: PathBuf::from("x/suit.bin"),
        expected: "a".into(),
        found: "b".into(),
    };
    assert!(e.to_string().starts_with("x/suit.bin: checksum mismatch"));
}

/// Writes `data` as the file of its group kind in `dir`, with the manifest's size and
/// checksum updated to match: an edit an integrity check cannot see.
fn rehashed(dir: &Path, data: &GroupData) {
    let name = set::file_name(data.spec);
    rehashed_bytes(dir, &name, &hupai_gen::image::encode_image(data).unwrap());
}

/// Writes `bytes` as the file `name` in `dir`, with the manifest's size and checksum updated
/// to match.
fn rehashed_bytes(dir: &Path, name: &str, bytes: &[u8]) {
    let old = set::read_manifest(dir).unwrap();
    let entry = old.files.iter().find(|f| f.file == name).unwrap();
    let profiles =
        hupai_gen::image::ImageLayout::parse(bytes).map_or(entry.profiles, |l| l.profiles);
    use sha2::Digest;
    let sha: String = sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    std::fs::write(dir.join(name), bytes).unwrap();
    let text = std::fs::read_to_string(dir.join(set::MANIFEST)).unwrap();
    let text = text
        .replace(&entry.sha256, &sha)
        .replace(
            &format!("\"bytes\": {},", entry.bytes),
            &format!("\"bytes\": {},", bytes.len()),
        )
        .replace(
            &format!("\"profiles\": {},", entry.profiles),
            &format!("\"profiles\": {profiles},"),
        );
    std::fs::write(dir.join(set::MANIFEST), text).unwrap();
}

fn group(kind: GroupSpec) -> GroupData {
    Tables::compiled_data()
        .groups
        .into_iter()
        .find(|g| g.spec == kind)
        .unwrap()
}

/// The reproducers of the hardening issue: re-hashed edits that used to load and answer
/// wrongly (zeroed win bytes: `1234567m1234567p` a win) or panic (emptied honor profiles).
#[test]
fn rehashed_edits_are_refused_on_load() {
    /// Edits one group's data, re-hashes it into a scratch set, and expects the load to fail
    /// with a message holding `says`.
    fn refused(name: &str, kind: GroupSpec, edit: fn(&mut GroupData), says: &[&str]) {
        let dir = scratch(name);
        let mut data = group(kind);
        edit(&mut data);
        rehashed(&dir, &data);
        let e = set::load(&dir).err().expect(name).to_string();
        assert!(says.iter().all(|w| e.contains(w)), "{name}: {e}");
    }
    refused(
        "zero-win",
        GroupSpec::SUIT,
        |d| d.win.fill(0),
        &["win byte", "suit"],
    );
    refused(
        "no-profiles",
        GroupSpec::HONOR,
        |d| d.profiles.clear(),
        &["excess profiles"],
    );
    refused(
        "bad-profile",
        GroupSpec::HONOR,
        |d| d.profiles[10].1[0] ^= 1,
        &["disagrees"],
    );
    // Lane 0 (no meld, no pair) can need no tile.
    refused(
        "lane-range",
        GroupSpec::SUIT,
        |d| d.shanten[5] |= 0xF,
        &["out of range"],
    );

    // The sections an image derives from its data (classes, masks, padding): a flipped byte
    // re-hashed is refused too, since the engine reads them in place.
    fn refused_byte(name: &str, kind: GroupSpec, section: Section, last: bool, says: &str) {
        let dir = scratch(name);
        let mut bytes = Tables::compiled().image(kind).unwrap().to_vec();
        let range = ImageLayout::parse(&bytes).unwrap().section(section);
        let at = if last {
            range.end - 1
        } else {
            range.start + range.len() / 2
        };
        bytes[at] ^= 1;
        rehashed_bytes(&dir, &set::file_name(kind), &bytes);
        let e = set::load(&dir).err().expect(name).to_string();
        assert!(e.contains(says), "{name}: {e}");
    }
    refused_byte(
        "mask-ids",
        GroupSpec::SUIT,
        Section::MaskIds,
        false,
        "MaskIds",
    );
    refused_byte("halves", GroupSpec::HONOR, Section::Halves, false, "Halves");
    refused_byte(
        "class-pad",
        GroupSpec::SUIT_258,
        Section::Class,
        true,
        "Class",
    );
    refused_byte("win-pad", GroupSpec::HONOR_RUNS, Section::Win, true, "Win");
    refused_byte(
        "record",
        GroupSpec::HONOR_RUNS,
        Section::Classes,
        false,
        "honor-runs.bin",
    );

    // The untouched set still loads (the edits above are what is refused).
    let dir = scratch("untouched");
    rehashed(&dir, &group(GroupSpec::SUIT));
    set::load(&dir).unwrap();
}

#[test]
fn generator_versions_are_checked() {
    let dir = scratch("generator");
    let text = std::fs::read_to_string(dir.join(set::MANIFEST)).unwrap();
    let v = hupai_gen::GENERATOR_VERSION;
    std::fs::write(
        dir.join(set::MANIFEST),
        text.replace(
            &format!("\"generator_version\": {v}"),
            "\"generator_version\": 99",
        ),
    )
    .unwrap();
    let e = set::load(&dir).err().unwrap().to_string();
    assert!(e.contains("generator version 99"), "{e}");
}

/// Files are checked before they are read: a device, a FIFO, a huge sparse file and a huge
/// manifest are refused at once (they used to grow without bound, hang, or take 21 s).
#[cfg(unix)]
#[test]
fn unbounded_files_are_refused_before_reading() {
    let start = std::time::Instant::now();
    let dir = scratch("dev-zero");
    std::fs::remove_file(dir.join("suit.bin")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("suit.bin")).unwrap();
    let e = set::load(&dir).err().unwrap().to_string();
    assert!(
        e.contains("suit.bin") && e.contains("not a regular file"),
        "{e}"
    );

    let dir = scratch("fifo");
    std::fs::remove_file(dir.join("honor.bin")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("honor.bin"))
        .status();
    if made.is_ok_and(|s| s.success()) {
        let e = set::load(&dir).err().unwrap().to_string();
        assert!(
            e.contains("honor.bin") && e.contains("not a regular file"),
            "{e}"
        );
    }

    let dir = scratch("sparse");
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("suit.bin"))
        .unwrap();
    f.set_len(2 << 30).unwrap();
    let e = set::load(&dir).err().unwrap().to_string();
    assert!(e.contains("suit.bin") && e.contains("bytes"), "{e}");

    let dir = scratch("big-manifest");
    let f = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join(set::MANIFEST))
        .unwrap();
    f.set_len(1 << 20).unwrap();
    let e = set::load(&dir).err().unwrap().to_string();
    assert!(e.contains("manifest.json") && e.contains("bytes"), "{e}");
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}
