-- The hupai C ABI from LuaJIT's FFI: a Nanchang hand with jing and what its wildcards stood
-- for, and a riichi shanten with waits and ukeire. Every answer is checked; exit status 0
-- means all held.
--
--   luajit crates/hupai-c/examples/lua/server.lua target/release/libhupai_c.so
local ffi = require("ffi")

-- The declarations of include/hupai.h used here (statuses are C enums: int).
ffi.cdef [[
typedef struct HupaiEngine HupaiEngine;
typedef struct HupaiMeld { uint8_t kind; uint8_t tiles[3]; } HupaiMeld;
typedef struct HupaiUkeire { int8_t shanten; uint64_t waits; uint64_t ukeire; uint32_t ukeire_count; } HupaiUkeire;
typedef struct HupaiSet { uint8_t kind; uint8_t declared; uint8_t len; uint8_t tiles[4]; uint8_t wildcard[4]; } HupaiSet;
typedef struct HupaiDecomposition { uint8_t form; uint8_t set_count; HupaiSet sets[14]; uint8_t patterns; } HupaiDecomposition;
int hupai_engine_new(const char *preset, uint64_t wild, const char *tables_dir, HupaiEngine **engine);
void hupai_engine_free(HupaiEngine *engine);
uint64_t hupai_nanchang_wilds(uint8_t indicator);
int hupai_parse_tiles(const char *mpsz, uint8_t *counts);
int hupai_is_win(const HupaiEngine *engine, const uint8_t *counts, const HupaiMeld *melds, size_t meld_count, uint8_t *win);
int hupai_shanten(const HupaiEngine *engine, const uint8_t *counts, const HupaiMeld *melds, size_t meld_count, int8_t *shanten);
int hupai_shanten_batch(const HupaiEngine *engine, size_t n, const uint8_t *counts, const HupaiMeld *melds, const uint8_t *meld_counts, int8_t *shanten, int32_t *statuses);
int hupai_ukeire(const HupaiEngine *engine, const uint8_t *counts, const HupaiMeld *melds, size_t meld_count, const uint8_t *seen, HupaiUkeire *answer);
int hupai_decompositions(const HupaiEngine *engine, const uint8_t *counts, const HupaiMeld *melds, size_t meld_count, HupaiDecomposition *decompositions, size_t capacity, size_t *written);
const char *hupai_status_message(int32_t status);
]]

local lib = ffi.load(arg[1] or "hupai_c")

local function ok(status, what)
  if status ~= 0 then
    io.stderr:write(what, ": ", ffi.string(lib.hupai_status_message(status)), "\n")
    os.exit(1)
  end
end

local function check(cond, what)
  if not cond then
    io.stderr:write("check failed: ", what, "\n")
    os.exit(1)
  end
end

local function engine(preset, wild)
  local out = ffi.new("HupaiEngine *[1]")
  ok(lib.hupai_engine_new(preset, wild, nil, out), preset)
  return ffi.gc(out[0], lib.hupai_engine_free)
end

local function tiles(mpsz)
  local counts = ffi.new("uint8_t[34]")
  ok(lib.hupai_parse_tiles(mpsz, counts), mpsz)
  return counts
end

-- Nanchang, jing indicator 1z (index 27): 1z and 2z are wild.
local nanchang = engine("nanchang", lib.hupai_nanchang_wilds(27))
local hand = tiles("123m456p789s455m12z")
local win = ffi.new("uint8_t[1]")
ok(lib.hupai_is_win(nanchang, hand, nil, 0, win), "is_win")
check(win[0] == 1, "the jing hand wins")
local decompositions = ffi.new("HupaiDecomposition[32]")
local n = ffi.new("size_t[1]")
ok(lib.hupai_decompositions(nanchang, hand, nil, 0, decompositions, 32, n), "decompositions")
local found = false
for r = 0, tonumber(n[0]) - 1 do
  local roles = 0
  for s = 0, decompositions[r].set_count - 1 do
    local set = decompositions[r].sets[s]
    for i = 0, set.len - 1 do
      if set.wildcard[i] == 27 and set.tiles[i] == 2 then roles = roles + 1 end -- 1z as 3m
      if set.wildcard[i] == 28 and set.tiles[i] == 4 then roles = roles + 1 end -- 2z as 5m
    end
  end
  found = found or roles == 2
end
check(found, "a decomposition with 1z as 3m and 2z as 5m")

-- Riichi: 34m123456789s33z is tenpai on 2m and 5m, 8 tiles left.
local riichi = engine("riichi", 0)
hand = tiles("34m123456789s33z")
local shanten = ffi.new("int8_t[1]")
ok(lib.hupai_shanten(riichi, hand, nil, 0, shanten), "shanten")
check(shanten[0] == 0, "tenpai")
local u = ffi.new("HupaiUkeire")
ok(lib.hupai_ukeire(riichi, hand, nil, 0, nil, u), "ukeire")
check(u.waits == 18ULL and u.ukeire_count == 8, "waits 2m 5m (bits 1 and 4), 8 left")
-- Many hands in one call (one status per hand; the empty third hand is a bad hand: 3).
local many = ffi.new("uint8_t[?]", 3 * 34)
ffi.copy(many, tiles("34m123456789s33z"), 34)
ffi.copy(many + 34, tiles("23569m456p789s11z"), 34)
local shantens, statuses = ffi.new("int8_t[3]"), ffi.new("int32_t[3]")
check(lib.hupai_shanten_batch(riichi, 3, many, nil, nil, shantens, statuses) == 3, "the batch reports its bad hand")
check(shantens[0] == 0 and shantens[1] == 1 and statuses[1] == 0 and statuses[2] == 3, "batch answers")
print(string.format("Lua: nanchang jing win, %d decompositions; riichi tenpai on 2m 5m, ukeire %d",
  tonumber(n[0]), u.ukeire_count))
