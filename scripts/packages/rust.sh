# Rust: the crates a user takes from crates.io — hupai-gen (the engine's build dependency),
# hupai (the engine, tables included), hupai-serve and hupai-cli (`cargo install hupai-cli`) —
# as `cargo package` makes and verifies them (each built from its own .crate), into
# dist/crates.
rust_crates=(hupai-gen hupai hupai-serve hupai-cli)

package_rust() {
  local flags=() c
  for c in "${rust_crates[@]}"; do flags+=(-p "$c"); done
  # `cargo package` verifies each crate against the others through a local registry under
  # target/package, and Cargo unpacks a registry's crates once into
  # $CARGO_HOME/registry/src/<registry>/, named by version only: a checkout at the same path
  # would verify against the sources of its last run (CI's failed so, on an older hupai).
  # Those unpacked copies go first; local registries' folders are the ones named "-<hash>".
  for c in "${rust_crates[@]}"; do
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$c-$version"
  done
  cargo package -q "${flags[@]}" --allow-dirty
  rm -rf "$dist/crates" && mkdir -p "$dist/crates"
  for c in "${rust_crates[@]}"; do
    local crate=target/package/$c-$version.crate
    # crates.io refuses uploads over 10 MB.
    python3 -c "import os, sys; s = os.path.getsize(sys.argv[1]); sys.exit(f'{sys.argv[1]}: {s} bytes, over crates.io 10 MB' if s > 10_000_000 else 0)" "$crate"
    cp "$crate" "$dist/crates/"
  done
}

# A fresh project depends on hupai = "=<version>", taken from the .crate files (a patch of
# crates.io by their unpacked contents, as a registry would serve them); its main is
# examples/first_program.rs. The one check with a toolchain: a Rust dependent needs one.
check_rust() {
  local d=$hands/rust start took
  mkdir -p "$d/src" "$d/crates"
  for c in hupai-gen hupai; do tar -C "$d/crates" -xzf "$dist/crates/$c-$version.crate"; done
  cp examples/first_program.rs "$d/src/main.rs"
  cat >"$d/Cargo.toml" <<TOML
[package]
name = "first-program"
version = "0.1.0"
edition = "2021"

[dependencies]
hupai = "=$version"

[patch.crates-io]
hupai = { path = "crates/hupai-$version" }
hupai-gen = { path = "crates/hupai-gen-$version" }
TOML
  start=$(date +%s.%N)
  (cd "$d" && CARGO_TARGET_DIR="$d/target" cargo build --release -q)
  took=$(since "$start")
  "$d/target/release/first-program" "$hands/hands.txt" >"$hands/rust.jsonl"
  compare rust "$hands/rust.jsonl"
  echo "package-check: rust: hupai-$version.crate ($(size "$dist/crates/hupai-$version.crate"), crates.io takes ≤ 10 MB) built by a dependent in $took s; 2,000 answers equal hupai batch"
}
