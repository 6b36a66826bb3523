-- The cost of hupai from Lua 5.4: ns per hand for a shanten and a win check, one call a hand
-- (from a table of 34 counts, and from MPSZ text) and one batch call over all the hands, on
-- the 100,000 hands the C ABI's cost program writes (crates/hupai-c/examples/cost/cost.c).
-- Best of 5 passes; the batch answers are checked against the single calls.
--
--   LUA_CPATH="target/lua/?.so" lua5.4 crates/hupai-lua/tests/bench.lua HANDS_FILE
local hupai = require "hupai"
local f = assert(io.open(assert(arg[1], "usage: bench.lua HANDS_FILE"), "rb"))
local data = f:read("a")
f:close()
local n = #data // 34
local hands, texts = {}, {}
local SUITS = { "m", "p", "s", "z" }
for i = 0, n - 1 do
  local c = { data:byte(34 * i + 1, 34 * i + 34) }
  hands[i + 1] = c
  local parts = {}
  for s = 1, 4 do
    local part = {}
    for k = 1, s == 4 and 7 or 9 do
      part[#part + 1] = string.rep(tostring(k), c[(s - 1) * 9 + k])
    end
    local p = table.concat(part)
    if #p > 0 then parts[#parts + 1] = p .. SUITS[s] end
  end
  texts[i + 1] = table.concat(parts)
end
local e = assert(hupai.engine("riichi"))
local function best(run)
  local t = math.huge
  for _ = 1, 5 do
    local start = os.clock()
    run()
    t = math.min(t, (os.clock() - start) / n * 1e9)
  end
  return t
end
local sum_single, sum_batch = 0, 0
local rows = {
  { "shanten, one call a hand (34 counts)", function()
      local s = 0
      for i = 1, n do s = s + e:shanten(hands[i]) end
      sum_single = s
    end },
  { "shanten, one call a hand (MPSZ text)", function()
      for i = 1, n do e:shanten(texts[i]) end
    end },
  { "shanten, one batch call", function()
      local out = e:shanten_batch(hands)
      local s = 0
      for i = 1, n do s = s + out[i] end
      sum_batch = s
    end },
  { "win check, one call a hand (34 counts)", function()
      for i = 1, n do e:is_win(hands[i]) end
    end },
  { "win check, one batch call", function()
      e:is_win_batch(hands)
    end },
}
for _, r in ipairs(rows) do
  print(("Lua 5.4\t%s\t%.1f"):format(r[1], best(r[2])))
end
assert(sum_single == sum_batch, "the batch answers differ from the single calls")
