// The doors' common cases (tests/doors/cases.jsonl at the root, sent to every door) through
// Node: requests to `analyse`, wins to `score`, engines built of their rules, wild kinds and
// 精. A refusal throws an Error whose `code` is the stable code every other door gives.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { Engine, STATUS } = require('../index.js')
const here = path.dirname(fileURLToPath(import.meta.url))
const cases = readFileSync(path.join(here, '../../../tests/doors/cases.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))

/** What the case's call answers, or throws (a request with odds through analyseAsync: the
 * synchronous call refuses odds, which take up to seconds). */
async function answer (c) {
  if (c.what === 'analyse') {
    const odds = typeof c.request === 'object' && c.request.odds
    return odds ? await new Engine().analyseAsync(c.request) : new Engine().analyse(c.request)
  }
  if (c.what === 'score') return new Engine().score(c.win)
  // A hand's string form, then its object form: one answer.
  if (c.what === 'hand') {
    let shanten
    try {
      shanten = new Engine(c.rules).shanten(c.hand)
    } catch (err) {
      assert.throws(() => new Engine().analyse({ hand: c.hand, rules: c.rules }), (e) => e.code === err.code, JSON.stringify(c))
      throw err
    }
    assert.equal(new Engine().analyse({ hand: c.hand, rules: c.rules }).shanten, shanten, JSON.stringify(c))
    return { shanten }
  }
  const options = {}
  if (c.wild) options.wild = c.wild
  if (c.jing) options.jing = c.jing
  return new Engine(c.rules ?? undefined, options).rules()
}

test('every case answers as in every door', async () => {
  assert.ok(cases.length > 20)
  for (const c of cases.filter((c) => !(c.not || []).includes('node'))) {
    if (c.code) {
      await assert.rejects(() => answer(c), (err) => err.code === c.code, JSON.stringify(c))
    } else {
      const got = await answer(c)
      for (const [k, v] of Object.entries(c.expect)) {
        assert.deepEqual(got[k], v, JSON.stringify(c))
      }
    }
  }
  assert.equal(STATUS[8], 'NO_YAKU')
})
