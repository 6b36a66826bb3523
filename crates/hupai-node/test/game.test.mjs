// The table from Node (`npm test`): whole games stepped by the legal actions Node reads, the
// events written as an mjai record and played again by `hupai game replay` (every action
// legal, every settlement equal: the Rust table agrees with what Node played), the points
// conserved, an illegal action refused with its code and nothing changed, bad arguments
// thrown.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { Game, actionName, ACTIONS, OBSERVATION, RoomGame, roomActionName, ROOM_ACTIONS, ROOM_OBSERVATION } = require('../index.js')
const here = path.dirname(fileURLToPath(import.meta.url))
const bin = process.env.HUPAI_BIN || path.join(here, '../../../target/release/hupai')

function rng(seed) {
  let s = seed >>> 0
  return (n) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0
    return s % n
  }
}

/** Plays game `seed` to its end with random legal actions; its mjai lines. */
function play(seed) {
  const game = new Game(seed, { east: seed % 2 === 0 })
  const next = rng(seed + 1)
  const lines = []
  let steps = 0
  for (let seats = game.toAct(); seats.length; seats = game.toAct()) {
    lines.push(...game.events())
    game.clearEvents()
    const seat = seats[next(seats.length)]
    const legal = game.legal(seat)
    const mask = game.legalMask(seat)
    assert.equal(mask.length, ACTIONS)
    assert.deepEqual([...mask.keys()].filter((a) => mask[a]), legal)
    assert.equal(game.observe(seat).length, OBSERVATION)
    const illegal = [...Array(ACTIONS).keys()].find((a) => !mask[a])
    const before = game.events().length
    assert.throws(() => game.step(seat, illegal), (e) => e.code === 'ILLEGAL_ACTION' && e.message.includes(actionName(illegal)))
    assert.equal(game.events().length, before)
    game.step(seat, legal[next(legal.length)])
    steps++
  }
  lines.push(...game.events())
  assert.ok(game.isOver)
  assert.equal(game.scores.reduce((a, b) => a + b), 100000)
  const { ranks, points } = game.results()
  assert.deepEqual([...ranks].sort(), [0, 1, 2, 3])
  assert.ok(Math.abs(points.reduce((a, b) => a + b)) < 1e-9)
  return { lines, steps }
}

test('games played from Node replay at the table in Rust: every action legal, every settlement equal', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hupai-node-game-'))
  let steps = 0
  for (let seed = 0; seed < 6; seed++) {
    const game = play(seed)
    steps += game.steps
    fs.writeFileSync(path.join(dir, `${seed}.mjson`), game.lines.join('\n') + '\n')
  }
  const out = execFileSync(bin, ['game', 'replay', '--json', dir]).toString().trim().split('\n')
  const sum = JSON.parse(out[out.length - 1])
  assert.equal(sum.records, 6)
  assert.ok(sum.actions_checked > steps / 4, JSON.stringify(sum))
  assert.equal(sum.actions_legal, sum.actions_checked)
  assert.equal(sum.settlements_agree, sum.settlements_checked)
  fs.rmSync(dir, { recursive: true })
})

test('a seat sees its own draws alone; bad arguments throw with BAD_ARGUMENT', () => {
  const game = new Game(7)
  const mine = game.events(0).filter((l) => l.includes('"type":"tsumo"'))
  const theirs = game.events(1).filter((l) => l.includes('"type":"tsumo"'))
  assert.ok(!mine[0].includes('"?"') && theirs[0].includes('"?"'))
  for (const bad of [() => game.legal(4), () => game.step(0, ACTIONS), () => game.observe(-1), () => new Game(-1), () => new Game(1.5), () => actionName(999)]) {
    assert.throws(bad, (e) => e.code === 'BAD_ARGUMENT' || e instanceof TypeError)
  }
  assert.equal(actionName(152), 'ron')
  assert.deepEqual(new Game(3).events(), new Game(3).events())
})

test('the rooms from Node: whole games whose payments are their points; switches and refusals', () => {
  for (const [rules, switches] of [['sichuan', { hands: 2, call_transfer: true }], ['hongzhong', { hands: 2, birds: 6, bird_pay: 'multiply', kongs: '1/1/1' }], ['changsha', { hands: 2, birds: 4, bird_pay: 'add' }], ['guobiao', { hands: 2, minimum: 0, multiple_wins: true }], ['nanchang', { hands: 2, discard_pays: 'discarder' }]]) {
    const game = new RoomGame(rules, 5, switches)
    assert.equal(game.rules, rules)
    const next = rng(5)
    let steps = 0
    for (let seats = game.toAct(); seats.length; seats = game.toAct()) {
      const seat = seats[next(seats.length)]
      // What the seat sees: its concealed tiles first.
      const row = game.observe(seat)
      assert.equal(row.length, ROOM_OBSERVATION)
      assert.deepEqual(Array.from(row.slice(0, 34)), game.hand(seat))
      const legal = game.legal(seat)
      assert.ok(legal.length && legal.every((a) => a >= 0 && a < ROOM_ACTIONS))
      game.step(seat, legal[next(legal.length)])
      steps++
    }
    assert.ok(game.isOver && steps > 100)
    const events = game.events().map((l) => JSON.parse(l))
    const points = [0, 0, 0, 0]
    for (const e of events.filter((e) => e.type === 'pay')) {
      assert.ok(e.amount > 0)
      points[e.from] -= e.amount
      points[e.to] += e.amount
    }
    assert.deepEqual(points, game.scores)
    assert.deepEqual(events[events.length - 1], { type: 'end_game', scores: points })
    assert.equal(events.filter((e) => e.type === 'end_hand').length, 2)
    // A 红中 win draws its birds first, a 长沙 discard's wins one draw; Sichuan draws none.
    const birds = events.filter((e) => e.type === 'birds').length
    if (rules === 'hongzhong') assert.equal(birds, events.filter((e) => e.type === 'win').length)
    if (rules === 'sichuan' || rules === 'guobiao' || rules === 'nanchang') assert.equal(birds, 0)
    if (rules === 'nanchang') assert.equal(events.filter((e) => e.type === 'jing').length, 2)
    if (rules === 'changsha') assert.ok(birds >= 1 || events.every((e) => e.type !== 'win'))
  }
  const game = new RoomGame('sichuan', 1)
  assert.deepEqual(game.legal(0).map(roomActionName), ['void m', 'void p', 'void s'])
  assert.throws(() => game.step(0, 0), (e) => e.code === 'ILLEGAL_ACTION')
  for (const bad of [() => new RoomGame('riichi'), () => new RoomGame('hongzhong', 1, { birds: 9 }), () => new RoomGame('sichuan', 1, { birds: 4 }), () => new RoomGame('hongzhong', -1), () => game.step(4, 27), () => game.step(0, ROOM_ACTIONS), () => roomActionName(999)]) {
    assert.throws(bad, (e) => e.code === 'BAD_ARGUMENT')
  }
  assert.deepEqual(new RoomGame('hongzhong', 3).events(), new RoomGame('hongzhong', 3).events())
})
