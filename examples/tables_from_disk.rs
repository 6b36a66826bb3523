//! An operator's table set: generate the tables one preset needs into a directory, load them
//! back (every file is checked against the manifest's checksums and specs), and answer with
//! them exactly as with the compiled-in tables.
//!
//! `cargo run --release -p hupai --example tables_from_disk [DIR]`

use hupai::{sets, Engine, Hand, Rules};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::env::temp_dir().join(format!("hupai-example-{}", std::process::id()))
        });
    let rules = Rules::riichi();
    let manifest = sets::generate(&dir, &sets::specs_for(Some(&rules)), &mut |_, _| {}).unwrap();
    for f in &manifest.files {
        println!(
            "{}: spec {}, {} vectors, sha256 {}",
            f.file, f.spec.name, f.vectors, f.sha256
        );
    }
    let tables = sets::load(&dir).unwrap();
    let from_disk = Engine::with_tables(&tables, rules).unwrap();
    let compiled = Engine::new(rules);
    // A set for riichi has no honor-run table: nanchang is refused, with the reason.
    let refused = Engine::with_tables(&tables, Rules::nanchang())
        .err()
        .unwrap();
    println!("nanchang over this set: {refused}");
    for tiles in [
        "123m456p789s1122z",
        "23569m456p789s11z",
        "119m19p19s1234567z",
    ] {
        let hand: Hand = tiles.parse().unwrap();
        let (a, b) = (from_disk.shanten(&hand), compiled.shanten(&hand));
        assert_eq!(a, b);
        println!("{tiles}: shanten {a} (loaded) = {b} (compiled)");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
