//! `include/hupai.h` is what cbindgen makes of the crate: CI fails when it is stale.
//! `HUPAI_UPDATE_HEADER=1 cargo test -p hupai-c --test header` rewrites it.

use std::path::Path;

#[test]
fn header_is_up_to_date() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut made = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut made);
    let made = String::from_utf8(made).unwrap();
    let path = crate_dir.join("include/hupai.h");
    if std::env::var_os("HUPAI_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "{} is stale: run HUPAI_UPDATE_HEADER=1 cargo test -p hupai-c --test header",
        path.display()
    );
}

/// Every `#define` of the header is a number or a name the header defines: a constant written
/// as another crate's constant would reach C as a name it does not know (HUPAI_ACTIONS once
/// did).
#[test]
fn every_define_is_a_value_c_knows() {
    let header = include_str!("../include/hupai.h");
    let defines: Vec<(&str, &str)> = header
        .lines()
        .filter_map(|l| l.strip_prefix("#define "))
        .filter_map(|l| l.split_once(' '))
        .collect();
    assert!(defines.len() > 5, "{defines:?}");
    for (name, value) in &defines {
        let value = value.trim();
        let known = value.parse::<i64>().is_ok()
            || value.starts_with('"')
            || defines.iter().any(|(n, _)| n == &value);
        assert!(known, "#define {name} {value}: C does not know {value}");
    }
}
