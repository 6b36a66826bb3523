# Node: the napi-rs layout — the main package `hupai` (index.js, the types, and the Rust
# sources of the addon with the engine's crates, for a source build) and the prebuilt
# `@hupai/linux-x64-gnu` (the addon for that platform), which the main one names as an optional
# dependency; npm tarballs into dist/npm. Needs the .crate files of `scripts/package rust`.
node_platform=linux-x64-gnu

package_node() {
  need node nodejs
  need npm npm
  [[ -f $dist/crates/hupai-$version.crate ]] || { source scripts/packages/rust.sh && package_rust; }
  local s=$work/node src=crates/hupai-node
  rm -rf "$s" "$dist/npm" && mkdir -p "$s/platform" "$s/main/native" "$dist/npm"
  # The addon, as the repository's `npm run build` makes it (built when missing).
  [[ -f $src/hupai.node ]] || (cd $src && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
  cp $src/hupai.node "$s/platform/hupai.$node_platform.node"
  strip "$s/platform/hupai.$node_platform.node"
  node - "$s" "$version" "$node_platform" <<'JS'
const fs = require('node:fs')
const path = require('node:path')
const [dir, version, platform] = process.argv.slice(2)
const repo = JSON.parse(fs.readFileSync('crates/hupai-node/package.json', 'utf8'))
const [os, cpu, libc] = platform.split('-')
const write = (file, json) => fs.writeFileSync(path.join(dir, file), JSON.stringify(json, null, 2) + '\n')
write('platform/package.json', {
  name: `@hupai/${platform}`,
  version,
  description: `The prebuilt hupai addon for ${platform} (the hupai package loads it).`,
  license: repo.license,
  main: `hupai.${platform}.node`,
  files: [`hupai.${platform}.node`],
  os: [os],
  cpu: [cpu],
  libc: [libc === 'gnu' ? 'glibc' : 'musl'],
  engines: repo.engines,
})
write('main/package.json', {
  name: repo.name,
  version,
  description: repo.description,
  license: repo.license,
  main: 'index.js',
  types: 'index.d.ts',
  files: ['index.js', 'platform.js', 'install.js', 'index.d.ts', 'native', 'engine', 'gen'],
  engines: repo.engines,
  scripts: { install: 'node install.js' },
  optionalDependencies: { [`@hupai/${platform}`]: version },
})
JS
  cp $src/README.md "$s/platform/"
  cp $src/index.js $src/platform.js $src/install.js $src/index.d.ts $src/README.md "$s/main/"
  cp -r $src/Cargo.toml $src/Cargo.lock $src/build.rs $src/src "$s/main/native/"
  # The engine's crates as crates.io would serve them; the addon's manifest points at them.
  tar -C "$s/main" -xzf "$dist/crates/hupai-$version.crate" && mv "$s/main/hupai-$version" "$s/main/engine"
  tar -C "$s/main" -xzf "$dist/crates/hupai-gen-$version.crate" && mv "$s/main/hupai-gen-$version" "$s/main/gen"
  sed -i 's|^hupai = { path = "../.."|hupai = { path = "../engine", version = "='"$version"'"|' "$s/main/native/Cargo.toml"
  printf '\n[patch.crates-io]\nhupai-gen = { path = "../gen" }\n' >>"$s/main/native/Cargo.toml"
  grep -q 'path = "../engine"' "$s/main/native/Cargo.toml"
  (cd "$s/platform" && npm pack --silent --pack-destination "$dist/npm" >/dev/null)
  (cd "$s/main" && npm pack --silent --pack-destination "$dist/npm" >/dev/null)
}

# A fresh project installs both tarballs with no cargo on PATH and nothing fetched (the
# prebuilt addon is used: no hupai.node is built); a second one installs the main package
# alone, with cargo, and builds the addon from the sources it carries.
check_node() {
  local d=$hands/node start took main=$dist/npm/hupai-$version.tgz plat=$dist/npm/hupai-$node_platform-$version.tgz
  local npm_i=(npm install --offline --no-audit --no-fund --no-update-notifier --loglevel=error)
  mkdir -p "$d/prebuilt" "$d/source"
  for p in prebuilt source; do
    cp crates/hupai-node/examples/first_program.js "$d/$p/"
    echo '{ "name": "first-program", "version": "1.0.0", "private": true }' >"$d/$p/package.json"
  done
  start=$(date +%s.%N)
  (cd "$d/prebuilt" && quiet "${clean[@]}" "${npm_i[@]}" "$plat" "$main")
  took=$(since "$start")
  [[ ! -e $d/prebuilt/node_modules/hupai/hupai.node ]] || { echo "node: the prebuilt install built an addon" >&2; return 1; }
  (cd "$d/prebuilt" && "${clean[@]}" node first_program.js "$hands/hands.txt") >"$hands/node.jsonl"
  compare node "$hands/node.jsonl"
  echo "package-check: node: $(basename "$main") ($(size "$main")) + $(basename "$plat") ($(size "$plat")) installed by npm in $took s with no Rust toolchain; 2,000 answers equal hupai batch"
  start=$(date +%s.%N)
  (cd "$d/source" && quiet "${npm_i[@]}" --omit=optional "$main")
  took=$(since "$start")
  [[ -e $d/source/node_modules/hupai/hupai.node ]] || { echo "node: the source install built no addon" >&2; return 1; }
  (cd "$d/source" && node first_program.js "$hands/hands.txt") >"$hands/node-source.jsonl"
  compare "node (source)" "$hands/node-source.jsonl"
  echo "package-check: node: with no prebuilt package, $(basename "$main") builds its addon from source in $took s; 2,000 answers equal hupai batch"
}
