// The cost of hupai from Node.js: ns per hand for a shanten and a win check, one call a hand
// (a Uint8Array view of 34 counts, a plain array, MPSZ text) and one batch call over all the
// hands, on the 100,000 hands the C ABI's cost program writes (crates/hupai-c/examples/cost/
// cost.c); best of 5 passes, the batch answers checked against the single calls. Then the
// async batch: hands a second with the event loop free, and a 1 ms timer's worst lag while
// it runs (against the synchronous batch's).
//
//   node crates/hupai-node/bench/cost.mjs HANDS_FILE
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { Engine } = require('../index.js')
const data = new Uint8Array(readFileSync(process.argv[2]))
const n = data.length / 34
const views = Array.from({ length: n }, (_, i) => data.subarray(34 * i, 34 * i + 34))
const arrays = views.map((v) => Array.from(v))
const texts = arrays.map((c) => ['m', 'p', 's', 'z'].map((s, g) => {
  let part = ''
  for (let k = 0; k < (g === 3 ? 7 : 9); k++) part += String(k + 1).repeat(c[g * 9 + k])
  return part ? part + s : ''
}).join(''))
const e = new Engine('riichi')

function best(run) {
  let t = Infinity
  for (let p = 0; p < 5; p++) {
    const start = process.hrtime.bigint()
    run()
    t = Math.min(t, Number(process.hrtime.bigint() - start) / n)
  }
  return t
}
let single = 0, batched = 0
const rows = [
  ['shanten, one call a hand (Uint8Array view)', () => { let s = 0; for (const v of views) s += e.shanten(v); single = s }],
  ['shanten, one call a hand (array of 34)', () => { for (const a of arrays) e.shanten(a) }],
  ['shanten, one call a hand (MPSZ text)', () => { for (const t of texts) e.shanten(t) }],
  ['shanten, one batch call', () => { const r = e.shantenBatch(data); let s = 0; for (const x of r.values) s += x; batched = s }],
  ['win check, one call a hand (Uint8Array view)', () => { for (const v of views) e.isWin(v) }],
  ['win check, one batch call', () => { e.isWinBatch(data) }],
]
for (const [name, run] of rows) console.log(`Node\t${name}\t${best(run).toFixed(1)}`)
if (single !== batched) throw new Error('the batch answers differ from the single calls')

// The event loop while 10 × 100,000 hands go through the async batch, against the sync one.
async function lag(run) {
  let worst = 0
  let last = process.hrtime.bigint()
  const timer = setInterval(() => {
    const now = process.hrtime.bigint()
    worst = Math.max(worst, Number(now - last) / 1e6 - 1)
    last = now
  }, 1)
  const start = process.hrtime.bigint()
  await run()
  const secs = Number(process.hrtime.bigint() - start) / 1e9
  clearInterval(timer)
  return [10 * n / secs, worst]
}
const [asyncRate, asyncLag] = await lag(async () => { for (let i = 0; i < 10; i++) await e.shantenBatchAsync(data) })
const [syncRate, syncLag] = await lag(async () => {
  for (let i = 0; i < 10; i++) { e.shantenBatch(data); await new Promise((r) => setImmediate(r)) }
})
console.log(`Node\tasync batch: hands a second\t${asyncRate.toFixed(0)}\ttimer's worst lag ms\t${asyncLag.toFixed(1)}`)
console.log(`Node\tsync batch: hands a second\t${syncRate.toFixed(0)}\ttimer's worst lag ms\t${syncLag.toFixed(1)}`)
