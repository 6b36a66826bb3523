-- The Lua module's tests (crates/hupai-lua/run-tests runs them with lua5.4): every answer
-- equals `hupai batch`'s on random hands of every preset (per hand, from MPSZ text and from
-- 34 counts, and in batches), and hostile input is `nil, message`, never a crash.
--
--   LUA_CPATH="target/lua/?.so" lua5.4 crates/hupai-lua/tests/test.lua EXPECTED.tsv [MIN_HANDS]

local hupai = require "hupai"
local expected = assert(arg[1], "usage: test.lua EXPECTED.tsv")

local checks = 0
local function check(cond, ...)
  checks = checks + 1
  if not cond then error(table.concat({ ... }, " "), 2) end
end

local SUITS = { m = 0, p = 9, s = 18, z = 27 }
local function counts_of(text)
  local c = {}
  for i = 1, 34 do c[i] = 0 end
  for digits, suit in text:gmatch("(%d+)([mpsz])") do
    for d in digits:gmatch("%d") do
      local i = SUITS[suit] + tonumber(d)
      c[i] = c[i] + 1
    end
  end
  return c
end

local engines = {}
local function engine_for(preset, jing)
  local key = preset .. "/" .. jing
  if not engines[key] then
    engines[key] = assert(hupai.engine(preset, jing ~= "-" and { jing = jing } or nil))
  end
  return engines[key]
end

-- 1. Every answer equals the batch's, per hand and in batches.
local rows, by_engine = 0, {}
for line in io.lines(expected) do
  local preset, jing, hand, win, shanten, waits, ukeire =
    line:match("^(%S+)\t(%S+)\t(%S+)\t(%d)\t(%-?%d+)\t(%S+)\t(%-?%d+)$")
  assert(preset, "bad line: " .. line)
  local e = engine_for(preset, jing)
  local c = counts_of(hand)
  local what = preset .. " " .. jing .. " " .. hand
  check(e:is_win(hand) == (win == "1"), what, "win")
  check(e:is_win(c) == (win == "1"), what, "win from counts")
  check(e:shanten(hand) == tonumber(shanten), what, "shanten")
  check(e:shanten(c) == tonumber(shanten), what, "shanten from counts")
  if tonumber(ukeire) >= 0 then
    local n = e:ukeire(c)
    check(n == tonumber(ukeire), what, "ukeire", tostring(n))
    check(table.concat(e:waits(hand), ",") == (waits == "-" and "" or waits), what, "waits")
  end
  local key = preset .. "/" .. jing
  by_engine[key] = by_engine[key] or { e = e, hands = {}, shanten = {}, win = {} }
  local b = by_engine[key]
  b.hands[#b.hands + 1] = c
  b.shanten[#b.shanten + 1] = tonumber(shanten)
  b.win[#b.win + 1] = win == "1"
  rows = rows + 1
end
for key, b in pairs(by_engine) do
  local s, serr = b.e:shanten_batch(b.hands)
  local w, werr = b.e:is_win_batch(b.hands)
  check(next(serr) == nil and next(werr) == nil, key, "batch errors")
  for i = 1, #b.hands do
    check(s[i] == b.shanten[i], key, "batch shanten", i)
    check(w[i] == b.win[i], key, "batch win", i)
  end
end
print(("lua: %d hands of every preset equal hupai batch (per hand, from counts, batches)"):format(rows))
assert(rows >= tonumber(arg[2] or 7 * 9000), "too few hands: " .. rows)

-- 2. The other answers and the request form.
local riichi = assert(hupai.engine("riichi"))
local d = riichi:discards("23569m456p789s117z")
check(#d == 13 and d[1].shanten == 1 and d[1].count == 12, "discards")
local a = riichi:analyse({ hand = "123m456p789s1122z", odds = 3 })
check(a.shanten == 0 and a.waits[2] == "2z" and a.odds.draws == 3, "analyse")
local nanchang = assert(hupai.engine("nanchang", { jing = "1z" }))
check(nanchang:analyse("123m456p789s12555z").win, "analyse: the engine's 精 applies")
check(not nanchang:analyse('{"hand":"123m456p789s12555z","rules":"chinese"}').win, "analyse: a request's own rules")
check(nanchang:wildcards_needed("123m456p789s12555z") == 2, "wildcards needed")
local dec = nanchang:decompositions("123m456p789s12555z")
check(#dec >= 1 and dec[1].sets[1].tiles ~= nil, "decompositions")
check(hupai.engine({ preset = "chinese", lack_suit = true }):rules().lack_suit == true, "rules from switches")
check(#hupai.presets() == 7, "presets")

-- 3. Hostile input: nil, message; never a raise from the arguments, never a crash.
local bad_hands = {
  nil, true, 42, 4.5, function() end, {}, { 1, 2, 3 }, "", "123x", ("1m"):rep(100000),
  { 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { "1", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  counts_of("123m456p789s1122z1z1z1z"),
}
local too_long = {}
for i = 1, 35 do too_long[i] = 0 end
bad_hands[#bad_hands + 1] = too_long
local methods = { "is_win", "wildcards_needed", "shanten", "waits", "ukeire", "discards", "decompositions" }
for i = 1, #bad_hands + 1 do
  local h = bad_hands[i]
  for _, m in ipairs(methods) do
    local ok, v, err = pcall(riichi[m], riichi, h)
    check(ok, m, "raised on bad hand", i, tostring(v))
    check(v == nil and type(err) == "string" and #err > 0, m, "bad hand", i, tostring(v))
  end
end
local v, err = riichi:ukeire("123m456p789s1122z", "1z1z1z")
check(v == nil and err:find("more than 4"), "seen past 4")
for _, req in ipairs({ {}, { hand = 5 }, { hand = "1m", rules = { lack_suit = "x" } }, "{", 7, { hand = "123m456p789s1122z", odds = { draws = 0 } } }) do
  local ok, r, e2 = pcall(riichi.analyse, riichi, req)
  check(ok and r == nil and type(e2) == "string", "bad request")
end
local deep = {}
local cur = deep
for _ = 1, 200 do cur.x = {}; cur = cur.x end
local ok, r, e3 = pcall(riichi.analyse, riichi, { hand = "123m456p789s1122z", rules = deep })
check(ok and r == nil and e3:find("64"), "deep tables")
for _, args in ipairs({ { "nope" }, { 5 }, { "riichi", { jing = "1z" } }, { "nanchang", { jing = "1q" } },
  { "chinese", { wild = "5m" } }, { "chinese", { wild = { "5m", "5m" } } }, { "sichuan", { wild = { "1z" } } }, { "chinese", { color = 1 } } }) do
  local ok2, en, e4 = pcall(hupai.engine, (table.unpack or unpack)(args))
  check(ok2 and en == nil and type(e4) == "string", "bad engine", tostring(args[1]))
end
local s, errs = riichi:shanten_batch({ "123m456p789s1122z", "x", {}, 5 })
check(s[1] == 0 and s[2] == false and errs[2] and errs[3] and errs[4], "batch with bad rows")
-- Misusing the method syntax (a dot for the colon) raises a Lua error, as Lua does.
check(not pcall(riichi.shanten, nil, "123m456p789s1122z"), "a bad self raises")

-- Scoring: each win's score equals the `score` of `hupai batch`'s answer to the same win as a
-- batch line (HUPAI_BIN names the binary; run-tests sets it). Refusals are nil and a message.
local bin = os.getenv("HUPAI_BIN")
if bin then
  local function json(v)
    if type(v) == "string" then return '"' .. v .. '"' end
    if type(v) == "boolean" or type(v) == "number" then return tostring(v) end
    local parts = {}
    if v[1] then
      for _, x in ipairs(v) do parts[#parts + 1] = json(x) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do parts[#parts + 1] = '"' .. k .. '":' .. json(v[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  local wins = {
    { "riichi", { hand = "234m345m567p22s789s", win = "5m", tsumo = true, riichi = true, dora = "1p" } },
    { "riichi", { hand = "123m456p11s", calls = { "pon 555z", "789s" }, win = "1s", seat = "east" } },
    { "riichi", { hand = "567p333555s77z", calls = { "ankan 4444s" }, win = "3s", riichi = true, honba = 2 } },
    { "riichi", { hand = "22334455667788m", win = "8m", tsumo = true, riichi = true } },
    { "guobiao", { hand = "147m258p369s123m55z", win = "5z", tsumo = true } },
    { "guobiao", { hand = "19m19p19s12345677z", win = "7z" } },
    { "riichi", { hand = "123m456p789s23455s", win = "5s" } },
    { "riichi", { hand = "123m456p789s12355z", win = "5z" } },
    { "riichi", { hand = "234456m66p123444s", win = "4s", riichi = true, dora = "11111m" } },
  }
  local lines = {}
  for i, w in ipairs(wins) do
    local situation = {}
    for k, v in pairs(w[2]) do
      if k ~= "hand" and k ~= "calls" then situation[k] = v end
    end
    local line = { hand = w[2].hand, rules = w[1], score = situation }
    if w[2].calls then line.melds = w[2].calls end
    lines[i] = json(line)
  end
  local input = os.tmpname()
  local f = assert(io.open(input, "w"))
  f:write(table.concat(lines, "\n") .. "\n")
  f:close()
  local out = assert(io.popen(bin .. " batch < " .. input))
  local i = 0
  for answer in out:lines() do
    i = i + 1
    local e = hupai.engine(wins[i][1])
    local s, message = e:score(wins[i][2])
    local batch_error = answer:match('"score":{"error":"([^"]*)"')
    if batch_error then
      check(s == nil and message:sub(1, #batch_error) == batch_error, "score refusal", lines[i], tostring(message))
    else
      local total = tonumber(answer:match('"total":(%d+)'))
      check(s and s.total == total, "score total", lines[i], tostring(s and s.total))
      if wins[i][1] == "riichi" then
        check(s.han == tonumber(answer:match('"han":(%d+)')) and s.fu == tonumber(answer:match('"fu":(%d+)')), "han and fu", lines[i])
        check(#s.yaku >= 1 and s.yaku[1].han >= 1, "yaku", lines[i])
      else
        check(#s.fans >= 1, "fans", lines[i])
      end
    end
  end
  out:close()
  os.remove(input)
  check(i == #wins, "every win answered")
  local _, m = riichi:score({ hand = "123m456p789s12355z", win = "5z" })
  check(m:find("1%-shanten"), "a hand that does not win says its shanten", m)
  check(select(2, riichi:score(5)) ~= nil, "a win is a table")
  -- The expected points of the odds, as a batch line asks them.
  local a = riichi:analyse({ hand = "12455m34567p6777s", odds = { draws = 4, backward = false, sideways = false, score = { seat = "east", riichi = true } } })
  check(a.odds.expected and #a.odds.expected == 4 and a.odds.expected[4] > 0, "expected points")
  print(("lua: %d wins scored as hupai batch scores them"):format(#wins))
end

-- No rules is the batch's default (chinese), in every front end.
local plain = assert(hupai.engine())
check(plain:shanten("123m456p789s1122z") == hupai.engine("chinese"):shanten("123m456p789s1122z"), "default rules")
check(select(2, hupai.engine("riichi", { jing = "1z" })) ~= nil, "jing refused under riichi")

collectgarbage()
print(("lua: %d checks passed"):format(checks))
