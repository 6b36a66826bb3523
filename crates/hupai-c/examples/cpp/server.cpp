// The hupai C ABI from C++: an RAII handle, a Nanchang win with jing and its decompositions, and a
// riichi shanten, waits and ukeire. Every answer is checked; exit status 0 means all held.
#include <hupai.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void ok(HupaiStatus s, const char *what) {
  if (s != HUPAI_STATUS_OK) throw std::runtime_error(std::string(what) + ": " + hupai_status_message(s));
}

void check(bool cond, const char *what) {
  if (!cond) throw std::runtime_error(std::string("check failed: ") + what);
}

// One engine per rule set and wild kinds, freed when it goes out of scope.
struct EngineDeleter {
  void operator()(HupaiEngine *e) const { hupai_engine_free(e); }
};
using Engine = std::unique_ptr<HupaiEngine, EngineDeleter>;

Engine make_engine(const char *preset, uint64_t wild) {
  HupaiEngine *e = nullptr;
  ok(hupai_engine_new(preset, wild, nullptr, &e), preset);
  return Engine(e);
}

std::vector<uint8_t> tiles(const char *mpsz) {
  std::vector<uint8_t> counts(HUPAI_KINDS);
  ok(hupai_parse_tiles(mpsz, counts.data()), mpsz);
  return counts;
}

constexpr uint8_t m(int n) { return n - 1; }
constexpr uint8_t z(int n) { return 26 + n; }

}  // namespace

int main() {
  try {
    // Nanchang, jing indicator 1z: 1z and 2z are wild.
    Engine nanchang = make_engine("nanchang", hupai_nanchang_wilds(z(1)));
    auto hand = tiles("123m456p789s455m12z");
    uint8_t win = 0;
    ok(hupai_is_win(nanchang.get(), hand.data(), nullptr, 0, &win), "is_win");
    check(win == 1, "the jing hand wins");
    std::vector<HupaiDecomposition> decompositions(32);
    size_t n = 0;
    ok(hupai_decompositions(nanchang.get(), hand.data(), nullptr, 0, decompositions.data(),
                            decompositions.size(), &n),
       "decompositions");
    bool found = false;
    for (size_t r = 0; r < n; r++) {
      int roles = 0;
      for (int s = 0; s < decompositions[r].set_count; s++) {
        const HupaiSet &set = decompositions[r].sets[s];
        for (int i = 0; i < set.len; i++) {
          roles += set.wildcard[i] == z(1) && set.tiles[i] == m(6);  // 456m
          roles += set.wildcard[i] == z(2) && set.tiles[i] == m(5);  // 55m
        }
      }
      found = found || roles == 2;
    }
    check(found, "a decomposition with 1z as 6m and 2z as 5m");

    // Riichi: 34m123456789s33z is tenpai on 2m and 5m, 8 tiles left.
    Engine riichi = make_engine("riichi", 0);
    hand = tiles("34m123456789s33z");
    HupaiUkeire u{};
    ok(hupai_ukeire(riichi.get(), hand.data(), nullptr, 0, nullptr, &u), "ukeire");
    check(u.shanten == 0, "tenpai");
    check(u.waits == ((1ULL << m(2)) | (1ULL << m(5))), "waits 2m 5m");
    check(u.ukeire_count == 8, "8 tiles left");
    // Many hands in one call (one status per hand; the empty third hand is a bad hand).
    std::vector<uint8_t> many(3 * HUPAI_KINDS, 0);
    ok(hupai_parse_tiles("34m123456789s33z", &many[0]), "parse");
    ok(hupai_parse_tiles("23569m456p789s11z", &many[HUPAI_KINDS]), "parse");
    int8_t shantens[3];
    HupaiStatus statuses[3];
    check(hupai_shanten_batch(riichi.get(), 3, many.data(), nullptr, nullptr, shantens, statuses) ==
              HUPAI_STATUS_BAD_HAND,
          "the batch reports its bad hand");
    check(shantens[0] == 0 && shantens[1] == 1 && statuses[1] == HUPAI_STATUS_OK &&
              statuses[2] == HUPAI_STATUS_BAD_HAND,
          "batch answers");
    std::printf("C++: nanchang jing win with %zu decompositions; riichi tenpai on 2m 5m, ukeire %u\n", n,
                u.ukeire_count);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
