'use strict'
// hupai for Node.js: loads the addon — hupai.node beside this file when one was built here
// (`npm install` in the repository, or the package's source fallback), else the prebuilt
// package for this platform (@hupai/linux-x64-gnu, an optional dependency) — and adds STATUS,
// the batch statuses' names. `Game` is a riichi game at the table, `RoomGame` a Chinese
// room's (docs/GAME.md).
const fs = require('node:fs')
const path = require('node:path')
const { platformPackage } = require('./platform.js')

function load() {
  const local = path.join(__dirname, 'hupai.node')
  if (fs.existsSync(local)) return require(local)
  const name = platformPackage()
  try {
    return require(name)
  } catch (cause) {
    throw new Error(
      `hupai: no addon for this machine: ${name} is not installed and no hupai.node was built ` +
        '(reinstall with cargo on PATH, https://rustup.rs, to build one from source)',
      { cause },
    )
  }
}

const native = load()

module.exports = {
  Engine: native.Engine,
  Game: native.Game,
  actionName: native.actionName,
  ACTIONS: native.ACTIONS,
  RoomGame: native.RoomGame,
  roomActionName: native.roomActionName,
  ROOM_ACTIONS: native.ROOM_ACTIONS,
  ROOM_OBSERVATION: native.ROOM_OBSERVATION,
  OBSERVATION: native.OBSERVATION,
  presets: native.presets,
  statusNames: native.statusNames,
  STATUS: Object.freeze(native.statusNames()),
}
