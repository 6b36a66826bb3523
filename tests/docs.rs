//! The repository's copies of the rule and protocol definitions (`docs/`) must say what
//! `../shared` says (where they differ, `../shared` wins: update the copy).

use std::path::Path;

#[test]
fn docs_copies_agree_with_shared() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let shared = root.join("../shared");
    if !shared.join("CONTRACT.md").exists() {
        // CI always has shared/ beside the checkout: a missing copy there is a failure.
        assert!(std::env::var_os("CI").is_none(), "../shared missing in CI");
        eprintln!("../shared not beside the checkout: skipped");
        return;
    }
    for name in ["CONTRACT.md", "DESIGN.md"] {
        let ours = std::fs::read_to_string(root.join("docs").join(name)).unwrap();
        let theirs = std::fs::read_to_string(shared.join(name)).unwrap();
        assert!(
            ours == theirs,
            "docs/{name} differs from ../shared/{name}: copy it again"
        );
    }
}
