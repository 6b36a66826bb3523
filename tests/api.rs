//! The public API is the list `docs/ARCHITECTURE.md` gives (its ```api block): what
//! `src/lib.rs` re-exports and its public modules that are not hidden. A new public item fails
//! here until the list names it, so a growth of the API is seen in review.

use std::collections::BTreeSet;
use std::path::Path;

/// The public names of `lib.rs`: `pub use` leaves and `pub mod`s without `#[doc(hidden)]`, at
/// the top level (a statement may span lines, as rustfmt wraps it).
fn facade() -> BTreeSet<String> {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let mut out = BTreeSet::new();
    let (mut hidden, mut depth, mut pending) = (false, 0usize, None::<String>);
    for line in lib.lines() {
        let t = line.trim();
        if let Some(mut stmt) = pending.take() {
            stmt.push_str(t);
            if stmt.ends_with(';') {
                out.extend(leaves(&stmt));
            } else {
                pending = Some(stmt);
            }
            continue;
        }
        if depth == 0 && t.starts_with("pub use ") {
            if t.ends_with(';') {
                out.extend(leaves(t));
            } else {
                // Its braces close within the statement: they are no block.
                pending = Some(t.to_string());
                continue;
            }
        } else if depth == 0 && t.starts_with("pub mod ") && !hidden {
            let name = t["pub mod ".len()..].trim_end_matches([';', '{', ' ']);
            out.insert(name.to_string());
        }
        hidden = t == "#[doc(hidden)]";
        depth += t.matches('{').count();
        depth -= t.matches('}').count().min(depth);
    }
    out
}

/// The names a `pub use …;` statement exports (`a::{b, c}` → b, c; `a::b` → b).
fn leaves(stmt: &str) -> Vec<String> {
    let tree: String = stmt["pub use ".len()..]
        .trim_end_matches(';')
        .split_whitespace()
        .collect();
    match tree.find('{') {
        Some(i) => tree[i + 1..tree.len() - 1]
            .split(',')
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect(),
        None => vec![tree.rsplit("::").next().unwrap().to_string()],
    }
}

#[test]
fn the_public_api_is_the_list_in_the_architecture_doc() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md"))
            .unwrap();
    let block = doc
        .split("```api\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("docs/ARCHITECTURE.md has an ```api block");
    let listed: BTreeSet<String> = block.split_whitespace().map(str::to_string).collect();
    let public = facade();
    assert!(public.len() > 20, "the façade was not read: {public:?}");
    let unlisted: Vec<_> = public.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&public).collect();
    assert!(
        unlisted.is_empty() && gone.is_empty(),
        "public but not in docs/ARCHITECTURE.md: {unlisted:?}; listed but not public: {gone:?}"
    );
}

#[test]
fn a_wrapped_use_statement_is_read_whole() {
    assert_eq!(leaves("pub use a::{B,C,};"), ["B", "C"]);
    assert_eq!(leaves("pub use a::b::C;"), ["C"]);
}
