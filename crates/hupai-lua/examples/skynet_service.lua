-- A skynet-style game service: one engine per table's rules, made when the service starts,
-- and a handler called on each discard that asks whether any other seat wins on it (ron) and
-- on each draw whether the drawer wins (tsumo). Plain Lua 5.4 here (skynet's `skynet.start`
-- and `skynet.dispatch` would call `init` and `on_discard`); run by crates/hupai-lua/run-tests.
--
--   LUA_CPATH="target/lua/?.so" lua5.4 crates/hupai-lua/examples/skynet_service.lua
local hupai = require "hupai"

local service = {}

-- skynet.start: the engine is made once and shared by every table of the service.
function service.init(rules, options)
  local engine, err = hupai.engine(rules, options)
  if not engine then error("hupai: " .. err) end
  service.engine = engine
end

-- A seat's 13 tiles as 34 counts (1-based, as Lua servers keep them) plus the tile: a win?
local function wins_with(counts, tile)
  local hand = {}
  for i = 1, 34 do hand[i] = counts[i] end
  hand[tile] = hand[tile] + 1
  local win, err = service.engine:is_win(hand)
  if win == nil then return false, err end
  return win
end

-- skynet.dispatch("lua", ...): seat `from` discarded `tile` (index 1..34); the seats that win.
function service.on_discard(seats, from, tile)
  local winners = {}
  for seat, counts in ipairs(seats) do
    if seat ~= from and wins_with(counts, tile) then winners[#winners + 1] = seat end
  end
  return winners
end

-- A table of four under Nanchang rules, 精 1z: 1z and 2z are wild.
service.init("nanchang", { jing = "1z" })
local function counts_of(text)
  local c = {}
  for i = 1, 34 do c[i] = 0 end
  local base = { m = 0, p = 9, s = 18, z = 27 }
  for digits, suit in text:gmatch("(%d+)([mpsz])") do
    for d in digits:gmatch("%d") do c[base[suit] + tonumber(d)] = c[base[suit] + tonumber(d)] + 1 end
  end
  return c
end
local seats = {
  counts_of("123m456p789s1z555z"),   -- tenpai on anything with the 精 1z (a pair waiting)
  counts_of("113355m2244p66s7z"),    -- seven pairs, waiting on 7z
  counts_of("123456789m1239p"),      -- tenpai on 9p
  counts_of("159m159p159s1357z"),    -- far from a win
}
local winners = service.on_discard(seats, 4, 27 + 7) -- 7z
print(("skynet example: 7z discarded by seat 4, winners: %s"):format(table.concat(winners, " ")))
assert(table.concat(winners, " ") == "1 2", "the seats that win on 7z")
winners = service.on_discard(seats, 1, 18) -- 9p
assert(table.concat(winners, " ") == "3", "the seat that wins on 9p")
print("skynet example: 9p discarded by seat 1, winners: " .. table.concat(winners, " "))
