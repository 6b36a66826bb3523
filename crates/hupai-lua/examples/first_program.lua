-- A first program with the hupai rock: the shanten of each hand of a file (MPSZ, one a line)
-- in one batch call, and the ukeire of the 13-tile ones, as JSON lines. scripts/package-check
-- installs the binary rock in a fresh tree and compares its answers with hupai batch.
--
--   eval "$(luarocks --lua-version 5.4 path)" && lua5.4 first_program.lua hands.txt
local hupai = require "hupai"

local path = assert(arg[1], "usage: first_program.lua HANDS.txt")
local hands = {}
for hand in assert(io.open(path)):read("a"):gmatch("%S+") do
  hands[#hands + 1] = hand
end
local engine = assert(hupai.engine("riichi"))
local shanten, errors = engine:shanten_batch(hands)
for i, hand in ipairs(hands) do
  if errors and errors[i] then
    error(hand .. ": " .. tostring(errors[i]))
  end
  local row = string.format('{"hand": "%s", "shanten": %d', hand, shanten[i])
  if #hand:gsub("[mpsz]", "") == 13 then
    row = row .. string.format(', "ukeire": %d', assert(engine:ukeire(hand)))
  end
  print(row .. "}")
end
