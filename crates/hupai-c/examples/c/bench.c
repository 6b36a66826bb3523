/* From a caller's counts[34] to a shanten and to a win verdict through the C ABI, and the
   JSON entry point's cost per line. The same hands, generator and method as the Rust
   example `from_counts` (cargo run --release -p hupai-c --example from_counts), so that the
   two print comparable figures: nanoseconds per call, best of 5 passes over 100,000 distinct
   random hands. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "common.h"
#include <string.h>
#include <time.h>

#define HANDS 100000
#define PASSES 5


static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint8_t h13[HANDS][HUPAI_KINDS], h14[HANDS][HUPAI_KINDS];

int main(void) {
  for (int i = 0; i < HANDS; i++) random_hand(h13[i], 13);
  for (int i = 0; i < HANDS; i++) random_hand(h14[i], 14);
  HupaiEngine *e = NULL;
  OK(hupai_engine_new("riichi", 0, NULL, &e));
  double best_shanten = 1e9, best_win = 1e9;
  long sink = 0;
  for (int p = 0; p < PASSES; p++) {
    double t = now();
    for (int i = 0; i < HANDS; i++) {
      int8_t s;
      OK(hupai_shanten(e, h13[i], NULL, 0, &s));
      sink += s;
    }
    double d = (now() - t) / HANDS * 1e9;
    if (d < best_shanten) best_shanten = d;
    t = now();
    for (int i = 0; i < HANDS; i++) {
      uint8_t w;
      OK(hupai_is_win(e, h14[i], NULL, 0, &w));
      sink += w;
    }
    d = (now() - t) / HANDS * 1e9;
    if (d < best_win) best_win = d;
  }
  /* The JSON entry point on 10,000 bare-hand lines. */
  char line[64], answer[4096];
  size_t length;
  double t = now();
  for (int i = 0; i < 10000; i++) {
    int n = 0;
    for (int k = 0; k < HUPAI_KINDS; k++)
      for (int c = 0; c < h13[i][k]; c++) {
        line[n++] = (char)('1' + k % 9);
        line[n++] = "mpsz"[k / 9];
      }
    line[n] = 0;
    OK(hupai_json_line(e, line, answer, sizeof answer, &length));
    sink += (long)length;
  }
  double json = (now() - t) / 10000 * 1e9;
  printf("C ABI, %d distinct random hands (best of %d passes): shanten from counts %.1f ns, "
         "win from counts %.1f ns; JSON line (13 tiles) %.0f ns (checksum %ld)\n",
         HANDS, PASSES, best_shanten, best_win, json, sink);
  hupai_engine_free(e);
  return 0;
}
