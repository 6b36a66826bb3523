// A game server's table of four in plain Node (no ws server here): one engine made when the
// server starts, and on each discard a win check for every other seat (ron), wildcards
// included (Nanchang, 精 1z: 1z and 2z are wild). Run: `npm run example`.
'use strict'
const { Engine } = require('..')

const engine = new Engine('nanchang', { jing: '1z' })

const seats = [
  '123m456p789s1z555z', // tenpai on any tile: the 精 1z waits as a pair
  '113355m2244p66s7z', // seven pairs, waiting on 7z
  '123456789m1239p', // waiting on 9p
  '159m159p159s1357z', // far
]

/** The seats that win on `tile`, discarded by seat `from`. */
function onDiscard(from, tile) {
  return seats
    .map((hand, seat) => ({ seat, hand }))
    .filter(({ seat, hand }) => seat !== from && engine.isWin(hand + tile))
    .map(({ seat }) => seat + 1)
}

const a = onDiscard(3, '7z')
console.log(`7z discarded by seat 4: seats ${a.join(' ')} win`)
if (a.join(' ') !== '1 2') throw new Error('the seats that win on 7z')
const b = onDiscard(0, '9p')
console.log(`9p discarded by seat 1: seat ${b.join(' ')} wins`)
if (b.join(' ') !== '3') throw new Error('the seat that wins on 9p')
