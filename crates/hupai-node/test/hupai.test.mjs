// The Node addon's tests (`npm test`, run by crates/hupai-node/run-tests): answers equal
// `hupai batch` on 10,000 random hands of every preset (per hand from MPSZ and from counts,
// batches and async batches equal per hand), errors carry codes, and hostile input throws,
// never crashes.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { Engine, STATUS, presets } = require('../index.js')
const here = path.dirname(fileURLToPath(import.meta.url))
const bin = process.env.HUPAI_BIN || path.join(here, '../../../target/release/hupai')
const PER_PRESET = Number(process.env.HUPAI_NODE_HANDS || 10000)

/** `hupai batch`'s answers to request objects. */
function batch(requests) {
  const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n'
  const out = execFileSync(bin, ['batch'], { input, maxBuffer: 1 << 30 })
  return out.toString().trim().split('\n').map((l) => JSON.parse(l))
}

function rng(seed) {
  let s = seed >>> 0
  return (n) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0
    return s % n
  }
}

const KINDS = (preset) =>
  preset === 'sichuan' || preset === 'changsha' ? [...Array(27).keys()]
    : preset === 'hongzhong' ? [...Array(27).keys(), 33] : [...Array(34).keys()]

/** Random hands of 13 and 14 tiles, some near a win, as 34 counts. */
function hands(preset, n, next) {
  const kinds = KINDS(preset)
  const out = []
  while (out.length < n) {
    const size = 13 + next(2)
    const c = new Array(34).fill(0)
    if (next(10) < 4) {
      let guard = 0
      while (c.reduce((a, b) => a + b) < 12 && guard++ < 100) {
        const group = next(2) === 0
          ? (() => { const s = next(3), k = next(7); return [s * 9 + k, s * 9 + k + 1, s * 9 + k + 2] })()
          : (() => { const k = kinds[next(kinds.length)]; return [k, k, k] })()
        if (group.every((i) => kinds.includes(i) && c[i] + group.filter((j) => j === i).length <= 4)) group.forEach((i) => c[i]++)
      }
      const p = kinds[next(kinds.length)]
      if (c[p] <= 2) c[p] += 2
      while (c.reduce((a, b) => a + b) > size) { const i = next(34); if (c[i]) c[i]-- }
    }
    while (c.reduce((a, b) => a + b) < size) { const i = kinds[next(kinds.length)]; if (c[i] < 4) c[i]++ }
    out.push(c)
  }
  return out
}

const text = (c) => ['m', 'p', 's', 'z'].map((s, g) => {
  let part = ''
  for (let k = 0; k < (g === 3 ? 7 : 9); k++) part += String(k + 1).repeat(c[g * 9 + k])
  return part ? part + s : ''
}).join('')

test('answers equal hupai batch on random hands of every preset', async () => {
  const next = rng(42)
  let compared = 0
  for (const preset of presets()) {
    const jing = preset === 'nanchang' ? '1z' : undefined
    const engine = new Engine(preset, jing ? { jing } : undefined)
    const list = hands(preset, PER_PRESET, next)
    const answers = batch(list.map((c) => ({ hand: text(c), rules: preset, ...(jing ? { jing } : {}) })))
    const rows = new Uint8Array(34 * list.length)
    list.forEach((c, i) => rows.set(c, 34 * i))
    const sb = engine.shantenBatch(rows)
    const wb = engine.isWinBatch(rows)
    const sa = await engine.shantenBatchAsync(rows)
    const wa = await engine.isWinBatchAsync(rows)
    list.forEach((c, i) => {
      const a = answers[i]
      assert.ok(!a.error, `${preset} ${text(c)}: ${a.error}`)
      const what = `${preset} ${text(c)}`
      assert.equal(engine.shanten(text(c)), a.shanten, what)
      assert.equal(engine.shanten(c), a.shanten, what)
      assert.equal(engine.shanten(rows.subarray(34 * i, 34 * i + 34)), a.shanten, what)
      assert.equal(engine.isWin(c), a.win, what)
      assert.equal(sb.values[i], a.shanten, what)
      assert.equal(wb.values[i], a.win ? 1 : 0, what)
      assert.equal(sa.values[i], a.shanten, what)
      assert.equal(wa.values[i], a.win ? 1 : 0, what)
      assert.equal(sb.status[i] + wb.status[i] + sa.status[i] + wa.status[i], 0, what)
      if (a.waits) {
        assert.deepEqual(engine.waits(c), a.waits, what)
        assert.equal(engine.ukeire(c).count, a.ukeire_count, what)
      } else {
        const d = engine.discards(c)
        assert.deepEqual(d.map((x) => [x.tile, x.shanten, x.count]), a.discards.map((x) => [x.tile, x.shanten, x.ukeire_count]), what)
      }
      compared++
    })
    // analyse is the batch answer itself.
    for (let i = 0; i < 50; i++) {
      const req = { hand: text(list[i]), rules: preset, ...(jing ? { jing } : {}) }
      assert.deepEqual(engine.analyse(req), answers[i])
    }
  }
  assert.ok(compared >= 7 * PER_PRESET)
})

test('errors carry codes, and a bad row is its status', () => {
  const e = new Engine('riichi')
  const code = (f) => { try { f(); return 'no error' } catch (err) { assert.ok(err instanceof Error); return err.code } }
  assert.equal(code(() => e.shanten('12q')), 'BAD_TILE')
  assert.equal(code(() => e.shanten('1111m1m456p789s11z')), 'TOO_MANY_COPIES')
  assert.equal(code(() => e.shanten('123m')), 'WRONG_COUNT')
  assert.equal(code(() => e.ukeire('123m456p789s1122z', '1z1z1z')), 'TOO_MANY_COPIES')
  assert.equal(code(() => new Engine('nope')), 'BAD_RULES')
  assert.equal(code(() => new Engine('riichi', { jing: '1z' })), 'BAD_RULES')
  assert.equal(code(() => new Engine('sichuan', { wild: ['1z'] })), 'BAD_RULES')
  assert.equal(code(() => e.shanten('123m456p789s1122z')), 'no error')
  const rows = new Uint8Array(34 * 3)
  rows.set(new Uint8Array(34).fill(0).map((_, i) => (i < 13 ? 1 : 0)), 0)
  rows.set([5, 1, 1, 1, 1, 1, 1, 1, 1], 34) // 13 tiles, a count past 4
  const r = e.shantenBatch(rows)
  assert.deepEqual([...r.status].map((s) => STATUS[s]), ['OK', 'TOO_MANY_COPIES', 'WRONG_COUNT'])
})

test('hostile input throws, never crashes', async () => {
  const e = new Engine('riichi')
  const bad = [
    null, undefined, 5, 1.5, true, {}, [], [1, 2, 3], new Array(35).fill(0), new Array(34).fill(5),
    new Array(34).fill(-1), new Array(34).fill(0.5), new Array(34).fill('1'), new Array(34).fill(NaN),
    new Uint8Array(33), new Uint8Array(35), new Int32Array(34), new Float64Array(34), 'x'.repeat(1 << 20),
    Symbol('hand'), () => 1, new Map(), Object.create(null),
  ]
  for (const h of bad) {
    for (const m of ['isWin', 'wildcardsNeeded', 'shanten', 'waits', 'ukeire', 'discards', 'decompositions']) {
      assert.throws(() => e[m](h), Error, `${m}(${String(typeof h)})`)
    }
  }
  for (const rows of [new Uint8Array(35), null, [1, 2], 'x', new Int8Array(34)]) {
    assert.throws(() => e.shantenBatch(rows), Error)
    assert.throws(() => e.isWinBatch(rows), Error)
  }
  await assert.rejects(async () => e.shantenBatchAsync(new Uint8Array(35)))
  for (const req of [null, 5, [], { hand: 5 }, '{', { hand: '123m456p789s1122z', odds: { draws: 0 } }]) {
    assert.throws(() => e.analyse(req), Error)
  }
  for (const args of [[5], [{ preset: 'riichi', nope: true }], ['riichi', { wild: 5 }], ['riichi', { wild: ['5m', '5m'] }]]) {
    assert.throws(() => new Engine(...args), Error)
  }
  // No rules (or null) is the default preset, not an error.
  for (const args of [[], [null], [undefined, { wild: ['5m'] }]]) assert.ok(new Engine(...args))
  // A large batch: answers, not a crash (the memory is the caller's).
  const big = new Uint8Array(34 * 100000)
  assert.equal(e.shantenBatch(big).status[0], STATUS.indexOf('WRONG_COUNT'))
})

test('odds run on the libuv pool, bounded as every front end bounds them', async () => {
  const e = new Engine('riichi')
  const req = { hand: '12455m34567p6777s', odds: { draws: 6 } }
  const code = (f) => { try { f(); return 'no error' } catch (err) { return err.code } }
  // The sync call refuses odds (they take up to seconds); the async call answers as the batch.
  assert.equal(code(() => e.analyse(req)), 'BAD_ARGUMENT')
  const [expected] = batch([{ ...req, rules: 'riichi' }])
  // While it runs, the event loop stays free: a timer fires.
  let ticks = 0
  const timer = setInterval(() => ticks++, 1)
  const far = e.analyseAsync({ hand: '13m24679p13468s15z', odds: 17 })
  assert.deepEqual(await e.analyseAsync(req), expected)
  const answer = await far
  clearInterval(timer)
  assert.match(answer.odds.error, /256 MiB/)
  assert.ok(ticks > 0)
  // Requests that cannot be read are refused before the pool.
  assert.throws(() => e.analyseAsync({ hand: 5, odds: 3 }), Error)
})

test('one map of codes and one reading of requests, shared with every binding', () => {
  const e = new Engine('riichi')
  const code = (f) => { try { f(); return 'no error' } catch (err) { return err.code } }
  assert.equal(code(() => e.waits('123m456p789s11222z')), 'WRONG_COUNT')
  assert.equal(code(() => e.discards('123m456p789s1122z')), 'WRONG_COUNT')
  assert.equal(code(() => e.analyse('{"hand": "1m", "hand": "2m"}')), 'BAD_ARGUMENT')
  assert.equal(code(() => e.analyse({ hand: '1m', id: 1.5 })), 'BAD_ARGUMENT')
  // Full-width digits read as the command line reads them.
  assert.equal(e.shanten('１２３m456p789s1122z'), e.shanten('123m456p789s1122z'))
  // No rules is the batch's default (chinese), in every front end; a rules object overrides it.
  const plain = new Engine()
  const [line] = batch([{ hand: '123m456p789s11112z' }])
  assert.equal(plain.shanten('123m456p789s11112z'), line.shanten)
  assert.equal(plain.isWin('123m456p789s11122z'), new Engine('chinese').isWin('123m456p789s11122z'))
  assert.equal(new Engine({ lack_suit: true }).shanten('123m456p789s1122z'), batch([{ hand: '123m456p789s1122z', rules: { lack_suit: true } }])[0].shanten)
  assert.equal(code(() => new Engine('riichi', { jing: '1z' })), 'BAD_RULES')
})

test('a win scores as hupai batch scores it, and expected points come with the odds', async () => {
  const wins = [
    ['riichi', { hand: '234m345m567p22s789s', win: '5m', tsumo: true, riichi: true, dora: '1p' }],
    ['riichi', { hand: '123m456p11s', calls: ['pon 555z', '789s'], win: '1s', seat: 'east' }],
    ['riichi', { hand: '567p333555s77z', calls: ['ankan 4444s'], win: '3s', riichi: true, dora: ['1p'], ura_dora: ['3s'], honba: 2 }],
    ['riichi', { hand: '22334455667788m', win: '8m', tsumo: true, riichi: true, kazoe: 'sanbaiman' }],
    ['guobiao', { hand: '147m258p369s123m55z', win: '5z', tsumo: true, flowers: 2 }],
    ['guobiao', { hand: '55m', win: '5m', calls: ['kan 1111p', 'pon 999s', 'chi 123m', 'pon 777z'] }],
    ['riichi', { hand: '123m456p789s23455s', win: '5s' }],
    ['riichi', { hand: '123m456p789s12355z', win: '5z' }],
    ['riichi', { hand: '234456m66p123444s', win: '4s', riichi: true, dora: '11111m' }],
    ['riichi', { hand: '000m123p456s789s11z', win: '1z' }],
  ]
  const lines = wins.map(([rules, w]) => {
    const { hand, calls, ...score } = w
    return { hand, rules, melds: calls || [], score }
  })
  const answers = batch(lines)
  const code = (f) => { try { f(); return 'no error' } catch (err) { return err.code } }
  wins.forEach(([rules, w], i) => {
    const e = new Engine(rules)
    // A win the batch cannot even read is an error line of its own.
    const expected = answers[i].score || { error: answers[i].error }
    if (expected.error) {
      assert.notEqual(code(() => e.score(w)), 'no error', JSON.stringify(w))
    } else {
      assert.deepEqual(e.score(w), expected, JSON.stringify(w))
    }
  })
  const e = new Engine('riichi')
  assert.equal(code(() => e.score(wins[6][1])), 'NO_YAKU')
  assert.equal(code(() => e.score(wins[7][1])), 'NOT_A_WIN')
  assert.throws(() => e.score(wins[7][1]), /1-shanten/)
  assert.equal(code(() => e.score(wins[8][1])), 'TOO_MANY_COPIES')
  assert.equal(code(() => e.score(5)), 'BAD_WIN')
  // A batch line's shape is a win too.
  assert.deepEqual(e.score(lines[0]), answers[0].score)
  // Expected points: the odds' score object, on the pool.
  const req = { hand: '12455m34567p6777s', odds: { draws: 4, backward: false, sideways: false, score: { seat: 'east', riichi: true } } }
  const [want] = batch([{ ...req, rules: 'riichi' }])
  const got = await e.analyseAsync(req)
  assert.deepEqual(got, want)
  assert.ok(got.odds.expected[3] > 0)
})
