'use strict'
// After `napi build` writes index.d.ts: the declarations napi-rs cannot make from Rust — the
// hand argument's type and STATUS (index.js adds it) — go at its top, once.
const fs = require('node:fs')
const path = require('node:path')
const file = path.join(__dirname, '..', 'index.d.ts')
const head = `/** A hand: MPSZ text ("123m456p789s1122z"), or 34 counts (1m … 9m, 1p … 9p, 1s … 9s, 1z … 7z) in an array or a Uint8Array. */
export type HandArg = string | Uint8Array | number[]

/** The batch statuses' names by number: STATUS[status[i]] is row i's code ("OK" for a good row). */
export declare const STATUS: readonly string[]
`
const text = fs.readFileSync(file, 'utf8')
if (!text.includes('export type HandArg')) {
  const at = text.indexOf('\n\n') + 2
  fs.writeFileSync(file, text.slice(0, at) + head + '\n' + text.slice(at))
}
