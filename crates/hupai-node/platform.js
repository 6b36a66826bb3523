'use strict'
// The name of the prebuilt package for this machine, as napi-rs names them:
// @hupai/<platform>-<arch>[-gnu|-musl] ("@hupai/linux-x64-gnu"). index.js loads it; install.js
// (the packaged `npm install` step) builds from source only when it is missing.
function platformPackage() {
  let name = `${process.platform}-${process.arch}`
  if (process.platform === 'linux') {
    const report = typeof process.report?.getReport === 'function' ? process.report.getReport() : null
    name += report?.header?.glibcVersionRuntime ? '-gnu' : '-musl'
  }
  return `@hupai/${name}`
}

module.exports = { platformPackage }
