# Sourced by scripts/package and scripts/package-check: the version every artifact carries (the
# workspace's, from Cargo.toml), where artifacts go, and the native library they share.
root=$PWD
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
dist=$root/dist
work=$root/target/packaging
mkdir -p "$dist" "$work"
source scripts/need.sh

# The C ABI built once for every package that carries it (C, Go, Java, .NET): the header and
# the libraries with their debug sections stripped, in $work/native.
native() {
  [[ -n ${native_done:-} ]] && return 0
  cargo build --release -q -p hupai-c
  mkdir -p "$work/native"
  cp crates/hupai-c/include/hupai.h "$work/native/"
  cp target/release/libhupai_c.so target/release/libhupai_c.a "$work/native/"
  strip "$work/native/libhupai_c.so"
  strip --strip-debug "$work/native/libhupai_c.a"
  native_done=1
}

# Seconds since $1 (a `date +%s.%N`), one decimal.
since() { python3 -c "import time; print(f'{time.time() - $1:.1f}')"; }

# A file's size for the notes: "3.4 MB".
size() { python3 -c "import os, sys; print(f'{os.path.getsize(sys.argv[1]) / 1e6:.1f} MB')" "$1"; }

# Runs a command with its output kept aside, shown only when it fails.
quiet() {
  local log rc=0
  log=$(mktemp)
  "$@" >"$log" 2>&1 || rc=$?
  [[ $rc == 0 ]] || cat "$log" >&2
  rm -f "$log"
  return $rc
}
