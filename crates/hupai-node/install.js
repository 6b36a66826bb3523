'use strict'
// The published package's `npm install` step (scripts/package writes it into package.json):
// nothing to do when the prebuilt package for this platform is installed (or hupai.node is
// here); otherwise hupai.node is built from the Rust sources the package carries (native/,
// with the engine's crates in engine/ and gen/), which needs cargo (Rust 1.85 or later).
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { platformPackage } = require('./platform.js')

const here = __dirname
const addon = path.join(here, 'hupai.node')
const name = platformPackage()

function prebuilt() {
  try {
    require.resolve(name, { paths: [here] })
    return true
  } catch {
    return false
  }
}

if (fs.existsSync(addon) || prebuilt()) process.exit(0)
console.error(`hupai: no prebuilt ${name}; building the addon from source with cargo`)
const target = path.join(here, 'native', 'target')
const build = spawnSync('cargo', ['build', '--release', '--manifest-path', path.join(here, 'native', 'Cargo.toml')], {
  stdio: 'inherit',
  env: { ...process.env, CARGO_TARGET_DIR: target },
})
if (build.error || build.status !== 0) {
  console.error(
    `hupai: no prebuilt package for this machine (${name}) and the source build failed` +
      (build.error?.code === 'ENOENT' ? ': cargo is not on PATH (install Rust: https://rustup.rs)' : ''),
  )
  process.exit(1)
}
const lib = { darwin: 'libhupai_node.dylib', win32: 'hupai_node.dll' }[process.platform] ?? 'libhupai_node.so'
fs.copyFileSync(path.join(target, 'release', lib), addon)
fs.rmSync(target, { recursive: true, force: true })
