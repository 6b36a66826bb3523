# C and C++: dist/hupai-c-<version>-linux-x86_64.tar.gz, an install tree (include/, lib/ with
# the shared and static libraries, lib/pkgconfig/hupai.pc, lib/cmake/hupai/) and a
# CMakeLists.txt whose `cmake --install` copies it into a prefix (crates/hupai-c/cmake).
c_name=hupai-c-$version-linux-x86_64

package_c() {
  native
  local stage=$work/c/$c_name m=crates/hupai-c/cmake
  rm -rf "$work/c" && mkdir -p "$stage/include" "$stage/lib/pkgconfig" "$stage/lib/cmake/hupai"
  cp "$work/native/hupai.h" "$stage/include/"
  cp "$work/native/libhupai_c.so" "$work/native/libhupai_c.a" "$stage/lib/"
  local fill=(sed -e "s|@VERSION@|$version|g" -e "s|@VERSION_MAJOR@|${version%%.*}|g")
  "${fill[@]}" $m/CMakeLists.txt >"$stage/CMakeLists.txt"
  "${fill[@]}" $m/hupai.pc >"$stage/lib/pkgconfig/hupai.pc"
  cp $m/hupaiConfig.cmake "$stage/lib/cmake/hupai/"
  "${fill[@]}" $m/hupaiConfigVersion.cmake >"$stage/lib/cmake/hupai/hupaiConfigVersion.cmake"
  cp crates/hupai-c/README.md "$stage/"
  tar -C "$work/c" -czf "$dist/$c_name.tar.gz" "$c_name"
}

# Unpacked, `cmake --install` into a fresh prefix; the first program (crates/hupai-c/examples/
# cmake) built with find_package(hupai) shared and static, and with pkg-config.
check_c() {
  need cmake cmake
  need pkg-config pkg-config
  local d=$hands/c start took ex=crates/hupai-c/examples/cmake
  mkdir -p "$d"
  start=$(date +%s.%N)
  tar -C "$d" -xzf "$dist/$c_name.tar.gz"
  "${clean[@]}" cmake -S "$d/$c_name" -B "$d/build" >/dev/null
  "${clean[@]}" cmake --install "$d/build" --prefix "$d/prefix" >/dev/null
  took=$(since "$start")
  for how in shared static; do
    local on=OFF
    [[ $how == static ]] && on=ON
    "${clean[@]}" cmake -S $ex -B "$d/ex-$how" -DCMAKE_PREFIX_PATH="$d/prefix" -DHUPAI_STATIC=$on >/dev/null
    "${clean[@]}" cmake --build "$d/ex-$how" >/dev/null
    "${clean[@]}" "$d/ex-$how/first_program" "$hands/hands.txt" >"$hands/c-$how.jsonl"
    compare "c ($how)" "$hands/c-$how.jsonl"
  done
  # pkg-config, from the moved prefix: the .pc file's paths are relative to it.
  mv "$d/prefix" "$d/moved"
  "${clean[@]}" "PKG_CONFIG_PATH=$d/moved/lib/pkgconfig" bash -c \
    "gcc -std=c11 -O2 -Wall -Werror $ex/first_program.c \$(pkg-config --cflags --libs hupai) -o $d/first_program-pc"
  "${clean[@]}" "$d/first_program-pc" "$hands/hands.txt" >"$hands/c-pc.jsonl"
  compare "c (pkg-config)" "$hands/c-pc.jsonl"
  echo "package-check: c: $c_name.tar.gz ($(size "$dist/$c_name.tar.gz")) installed by cmake --install in $took s; find_package(hupai) shared and static and pkg-config: 3 × 2,000 answers equal hupai batch"
}
