'use strict'
// hupai for Node.js: loads hupai.node, which `npm install` (napi build) built for this
// machine from the Rust crate beside it, and adds STATUS, the batch statuses' names.
const native = require('./hupai.node')

module.exports = {
  Engine: native.Engine,
  presets: native.presets,
  statusNames: native.statusNames,
  STATUS: Object.freeze(native.statusNames()),
}
