//! The engine's layers, as `docs/ARCHITECTURE.md` draws them: every file of `src/` is listed
//! there in order, and a file imports only from files listed before it (a lower layer, or an
//! earlier file of its own). An import circle or a climb back up fails here, naming the import.
//!
//! Imports are read as `../shared/tools/import-circles` reads them: `use crate::…` and
//! `use super::…` trees and inline `crate::a::b` / `super::a` paths, outside comments and
//! `#[cfg(test)]` modules, each mapped to the deepest module file that exists.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A module by its path of names (`["forms", "view"]`; `[]` for `lib.rs`).
type Module = Vec<String>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `src/` by module path.
fn modules() -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let src = root().join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&src).unwrap().with_extension("");
            let mut names: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(names.last().map(String::as_str), Some("mod" | "lib")) {
                names.pop();
            }
            (names, p)
        })
        .collect()
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e` (white space already removed).
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let close = tree.rfind('}').unwrap_or(tree.len());
    let (head, body) = (&tree[..open], &tree[open + 1..close]);
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in body.chars() {
        match ch {
            ',' if depth == 0 => parts.push(std::mem::take(&mut cur)),
            '{' | '}' => {
                depth += if ch == '{' { 1 } else { -1 };
                cur.push(ch);
            }
            _ => cur.push(ch),
        }
    }
    parts.push(cur);
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(p).into_iter().map(|q| format!("{head}{q}")))
        .collect()
}

/// The code of a file without its comments and its `#[cfg(test)]` module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names: `use` trees and inline `crate::`/`super::`/`self::child::` paths.
fn paths_in(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        rest = &rest[i + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest.find(';').unwrap_or(rest.len());
        let tree: String = rest[..end].split_whitespace().collect();
        out.extend(expand(&tree));
        rest = &rest[end..];
    }
    // Inline paths: a word `crate` or `super` followed by `::name`s.
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0
                && (bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':')
            {
                continue;
            }
            let len = code[i..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - i);
            let path = code[i..i + len].trim_end_matches(':');
            // `super::{…}` is a `use` tree, read above; a path names at least one module.
            if path.contains("::") {
                out.push(path.to_string());
            }
        }
    }
    out
}

/// The modules a file imports (other than itself and `lib.rs`).
fn imports(module: &Module, path: &Path, all: &BTreeMap<Module, PathBuf>) -> Vec<Module> {
    let code = code_of(&std::fs::read_to_string(path).unwrap());
    let mut targets = paths_in(&code);
    // A file's own child modules named by their paths (`mod forms;` then `forms::x`).
    for line in code.lines() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub(crate) ")
            .or(t.strip_prefix("pub "))
            .unwrap_or(t);
        if let Some(child) = t.strip_prefix("mod ").and_then(|c| c.strip_suffix(';')) {
            for (i, _) in code.match_indices(&format!("{child}::")) {
                let prev = code[..i].chars().last();
                if prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let len = code[i..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(code.len() - i);
                targets.push(format!("self::{}", code[i..i + len].trim_end_matches(':')));
            }
        }
    }
    let mut out = Vec::new();
    for t in targets {
        let names: Vec<&str> = t
            .split("::")
            .filter(|x| !x.is_empty() && *x != "*")
            .collect();
        let path: Module = match names.first() {
            Some(&"crate") => names[1..].iter().map(|s| s.to_string()).collect(),
            Some(&"super") => {
                let mut base = module.clone();
                let mut rest = &names[..];
                while rest.first() == Some(&"super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().map(|s| s.to_string()));
                base
            }
            Some(&"self") => {
                let mut base = module.clone();
                base.extend(names[1..].iter().map(|s| s.to_string()));
                base
            }
            _ => continue,
        };
        let target = (1..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|m| all.contains_key(m));
        if let Some(m) = target {
            if &m != module && !out.contains(&m) {
                out.push(m);
            }
        }
    }
    out
}

/// The layer list of `docs/ARCHITECTURE.md`: the lines of its ```layers block, each
/// `N name: file file …` (files as module paths, `lib` for `lib.rs`), bottom layer first.
fn layer_order() -> Vec<(String, Module)> {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let block = doc
        .split("```layers\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("docs/ARCHITECTURE.md has a ```layers block");
    let mut out = Vec::new();
    for line in block.lines().filter(|l| !l.trim().is_empty()) {
        let (layer, files) = line.split_once(':').expect("`N name: files`");
        for f in files.split_whitespace() {
            let m: Module = if f == "lib" {
                vec![]
            } else {
                f.split('/').map(str::to_string).collect()
            };
            out.push((layer.trim().to_string(), m));
        }
    }
    out
}

/// A module's name as the layer list writes it.
fn name(m: &Module) -> String {
    if m.is_empty() {
        "lib".to_string()
    } else {
        m.join("/")
    }
}

/// The imports of the files of `all` that do not go down `order` (to a file listed before
/// the importing one), each as a line naming both files and their layers.
fn climbs(all: &BTreeMap<Module, PathBuf>, order: &[(String, Module)]) -> Vec<String> {
    let place = |m: &Module| order.iter().position(|(_, o)| o == m);
    let mut out = Vec::new();
    for (m, path) in all {
        let Some(at) = place(m) else { continue };
        for t in imports(m, path, all) {
            let Some(to) = place(&t) else { continue };
            if to >= at {
                out.push(format!(
                    "{} ({}) imports {} ({})",
                    name(m),
                    order[at].0,
                    name(&t),
                    order[to].0
                ));
            }
        }
    }
    out
}

#[test]
fn every_import_goes_down_the_layers_of_the_architecture_doc() {
    let all = modules();
    let order = layer_order();
    let listed = |m: &Module| order.iter().any(|(_, o)| o == m);
    let missing: Vec<String> = all.keys().filter(|m| !listed(m)).map(name).collect();
    assert!(
        missing.is_empty(),
        "files of src/ missing from docs/ARCHITECTURE.md's layers: {missing:?}"
    );
    let gone: Vec<String> = order
        .iter()
        .filter(|(_, m)| !all.contains_key(m))
        .map(|(_, m)| name(m))
        .collect();
    assert!(
        gone.is_empty(),
        "layers list files that do not exist: {gone:?}"
    );
    let up = climbs(&all, &order);
    assert!(
        up.is_empty(),
        "imports that do not go down:\n{}",
        up.join("\n")
    );
}

/// The check itself: the imports read from a real file are the ones it names, and listing an
/// imported file after its importer (a climb) is reported. Files an order does not list are
/// left out of it.
#[test]
fn a_climb_is_reported() {
    let all = modules();
    let module = |p: &str| p.split('/').map(str::to_string).collect::<Module>();
    let registry = module("forms/registry");
    let found = imports(&registry, &all[&registry], &all);
    assert!(found.contains(&module("forms/seven_pairs")), "{found:?}");
    assert!(found.contains(&module("forms/view")), "{found:?}");
    // `use super::{…}` names the siblings, not `forms/mod.rs`.
    assert!(!found.contains(&module("forms")), "{found:?}");
    let layer = |m: &str| ("6 special forms".to_string(), module(m));
    let down = [
        layer("forms/view"),
        layer("forms/seven_pairs"),
        layer("forms/registry"),
    ];
    assert!(climbs(&all, &down).is_empty());
    let up = [
        layer("forms/view"),
        layer("forms/registry"),
        layer("forms/seven_pairs"),
    ];
    assert_eq!(
        climbs(&all, &up),
        ["forms/registry (6 special forms) imports forms/seven_pairs (6 special forms)"]
    );
}
