-- The cost of a shanten from LuaJIT's FFI, one call per hand against batches of 64
-- (hupai_shanten_batch), on the hands file cost.c writes. Best of 5 passes, ns per hand; the
-- batch answers are checked against the single calls.
--
--   luajit cost.lua target/release/libhupai_c.so HANDS_FILE
local ffi = require("ffi")
ffi.cdef [[
typedef struct HupaiEngine HupaiEngine;
typedef struct HupaiMeld { uint8_t kind; uint8_t tiles[3]; } HupaiMeld;
int hupai_engine_new(const char *preset, uint64_t wild, const char *tables_dir, HupaiEngine **engine);
int hupai_shanten(const HupaiEngine *engine, const uint8_t *counts, const HupaiMeld *melds, size_t meld_count, int8_t *shanten);
int hupai_shanten_batch(const HupaiEngine *engine, size_t n, const uint8_t *counts, const HupaiMeld *melds, const uint8_t *meld_counts, int8_t *shanten, int32_t *statuses);
]]
local lib = ffi.load(arg[1])
local f = assert(io.open(arg[2], "rb"))
local data = f:read("*a")
f:close()
local hands = #data / 34
local counts = ffi.new("uint8_t[?]", #data)
ffi.copy(counts, data, #data)
local e = ffi.new("HupaiEngine *[1]")
assert(lib.hupai_engine_new("riichi", 0, nil, e) == 0)
e = e[0]
local BATCH = 64
local s = ffi.new("int8_t[1]")
local out = ffi.new("int8_t[?]", BATCH)
local statuses = ffi.new("int32_t[?]", BATCH)
local single, batch, sums = 1e9, 1e9, {}
for _ = 1, 5 do
  local sum = 0
  local t = os.clock()
  for i = 0, hands - 1 do
    assert(lib.hupai_shanten(e, counts + 34 * i, nil, 0, s) == 0)
    sum = sum + s[0]
  end
  single = math.min(single, (os.clock() - t) / hands * 1e9)
  sums[1], sum = sum, 0
  t = os.clock()
  for i = 0, hands - 1, BATCH do
    local n = math.min(BATCH, hands - i)
    assert(lib.hupai_shanten_batch(e, n, counts + 34 * i, nil, nil, out, statuses) == 0)
    for k = 0, n - 1 do
      sum = sum + out[k]
    end
  end
  batch = math.min(batch, (os.clock() - t) / hands * 1e9)
  sums[2] = sum
end
assert(sums[1] == sums[2], "batch answers differ from single calls")
io.write(string.format("LuaJIT (FFI)\tone call a hand\t%.1f\nLuaJIT (FFI)\tbatches of %d\t%.1f\n", single, BATCH, batch))
