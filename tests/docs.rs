//! The repository's copies of the rule and protocol definitions (`docs/`) must say what
//! `../shared` says (where they differ, `../shared` wins: update the copy).

use std::path::Path;

/// Ignored by default: a clone need not have `../shared` beside it, and a test that checked
/// nothing must not say `ok`. `.ci/run` runs it with the sweeps (`-- --ignored`), where
/// `../shared` is there: a missing copy fails.
#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test docs -- --ignored`"]
fn docs_copies_agree_with_shared() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let shared = root.join("../shared");
    assert!(
        shared.join("CONTRACT.md").exists(),
        "{} is not beside the checkout",
        shared.display()
    );
    for name in ["CONTRACT.md", "DESIGN.md"] {
        let ours = std::fs::read_to_string(root.join("docs").join(name)).unwrap();
        let theirs = std::fs::read_to_string(shared.join(name)).unwrap();
        assert!(
            ours == theirs,
            "docs/{name} differs from ../shared/{name}: copy it again"
        );
    }
}
