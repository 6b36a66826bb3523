-- The doors' common cases (tests/doors/cases.jsonl at the root, sent to every door) through
-- Lua: requests to `analyse`, wins to `score`, engines built of their rules, wild kinds and
-- 精. A refusal is `nil, message, code`, the code the same every other door gives. The cases
-- come as Lua source (crates/hupai-lua/tests/doors_cases.py writes it: no JSON library).
--
--   LUA_CPATH="target/lua/?.so" lua5.4 crates/hupai-lua/tests/doors.lua CASES.lua

local hupai = require "hupai"
local cases = dofile(assert(arg[1], "usage: doors.lua CASES.lua"))

local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k, v in pairs(b) do if not same(v, a[k]) then return false end end
  return true
end

local function answer(c)
  if c.what == "analyse" then
    return hupai.engine():analyse(c.request)
  elseif c.what == "score" then
    return hupai.engine():score(c.win)
  elseif c.what == "hand" then
    -- The string form, then the object form: one answer.
    local e = assert(hupai.engine(c.rules))
    local s, message, code = e:shanten(c.hand)
    local a, _, acode = hupai.engine():analyse({ hand = c.hand, rules = c.rules })
    assert(acode == code and (s == nil or a.shanten == s),
      ("hand %s: the string form says %s, the object form %s"):format(c.hand, tostring(code), tostring(acode)))
    if s == nil then return nil, message, code end
    return { shanten = s }
  end
  local e, message, code = hupai.engine(c.rules, { wild = c.wild, jing = c.jing })
  if not e then return nil, message, code end
  return e:rules()
end

local n = 0
for i, c in ipairs(cases) do
  local got, message, code = answer(c)
  if c.code then
    assert(got == nil and code == c.code,
      ("case %d: wanted %s, got %s (%s)"):format(i, c.code, tostring(code), tostring(message)))
  else
    assert(got, ("case %d: %s"):format(i, tostring(message)))
    for k, v in pairs(c.expect) do
      assert(same(got[k], v), ("case %d: %s differs"):format(i, k))
    end
  end
  n = n + 1
end
assert(n > 20)
print(("doors.lua: %d cases answered as in every door"):format(n))
