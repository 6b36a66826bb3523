'use strict'
// A first program with the hupai npm package: the shanten of each hand of a file (MPSZ, one a
// line) and the ukeire of the 13-tile ones, as JSON lines. scripts/package-check installs the
// packages in a fresh project and compares its answers with hupai batch.
//
//   node first_program.js hands.txt
const fs = require('node:fs')
const { Engine } = require('hupai')

const engine = new Engine('riichi')
const out = []
for (const hand of fs.readFileSync(process.argv[2], 'utf8').split(/\s+/).filter(Boolean)) {
  const row = { hand, shanten: engine.shanten(hand) }
  if (hand.replace(/[mpsz]/g, '').length === 13) row.ukeire = engine.ukeire(hand).count
  out.push(JSON.stringify(row))
}
console.log(out.join('\n'))
