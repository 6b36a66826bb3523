/* The cost of a shanten through the C ABI, one call per hand against batches of 64
   (hupai_shanten_batch), on the 100,000 hands every language's cost program reads: this
   program writes them (`cost.c write FILE`, the generator of common.h) and measures C (and,
   compiled as C++, C++). Best of 5 passes, ns per hand; the batch answers are checked
   against the single calls. Run by crates/hupai-c/examples/cost/run. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "../c/common.h"
#include <string.h>
#include <time.h>

#define HANDS 100000
#define BATCH 64
#define PASSES 5

static uint8_t hands[HANDS * HUPAI_KINDS];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  for (int i = 0; i < HANDS; i++) random_hand(&hands[i * HUPAI_KINDS], 13);
  if (argc > 2 && strcmp(argv[1], "write") == 0) {
    FILE *f = fopen(argv[2], "wb");
    CHECK(f != NULL && fwrite(hands, 1, sizeof hands, f) == sizeof hands && fclose(f) == 0);
    return 0;
  }
  const char *lang = argc > 1 ? argv[1] : "C";
  HupaiEngine *e = NULL;
  OK(hupai_engine_new("riichi", 0, NULL, &e));
  double single = 1e9, batch = 1e9;
  long sum_single = 0, sum_batch = 0;
  int8_t out[BATCH];
  HupaiStatus statuses[BATCH];
  for (int p = 0; p < PASSES; p++) {
    long sum = 0;
    double t = now();
    for (int i = 0; i < HANDS; i++) {
      int8_t s;
      OK(hupai_shanten(e, &hands[i * HUPAI_KINDS], NULL, 0, &s));
      sum += s;
    }
    double d = (now() - t) / HANDS * 1e9;
    if (d < single) single = d;
    sum_single = sum;
    sum = 0;
    t = now();
    for (int i = 0; i < HANDS; i += BATCH) {
      int n = HANDS - i < BATCH ? HANDS - i : BATCH;
      OK(hupai_shanten_batch(e, (size_t)n, &hands[i * HUPAI_KINDS], NULL, NULL, out, statuses));
      for (int k = 0; k < n; k++) sum += out[k];
    }
    d = (now() - t) / HANDS * 1e9;
    if (d < batch) batch = d;
    sum_batch = sum;
  }
  CHECK(sum_single == sum_batch);
  printf("%s\tone call a hand\t%.1f\n%s\tbatches of %d\t%.1f\n", lang, single, lang, BATCH, batch);
  hupai_engine_free(e);
  return 0;
}
