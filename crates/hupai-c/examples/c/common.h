/* Helpers shared by the C and C++ examples: fail loudly on a wrong status or value. */
#ifndef HUPAI_EXAMPLE_COMMON_H
#define HUPAI_EXAMPLE_COMMON_H
#include <hupai.h>
#include <stdio.h>
#include <stdlib.h>

/* A call that must succeed. */
#define OK(call)                                                                   \
  do {                                                                             \
    HupaiStatus status_ = (call);                                                  \
    if (status_ != HUPAI_STATUS_OK) {                                              \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
              hupai_status_message(status_));                                      \
      exit(1);                                                                     \
    }                                                                              \
  } while (0)

/* A value that must hold (not assert(): NDEBUG would silence it). */
#define CHECK(cond)                                                                \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
      exit(1);                                                                     \
    }                                                                              \
  } while (0)

/* Tile indices by name: 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s, 27..33 = 1z..7z. */
#define M(n) ((n) - 1)
#define P(n) (8 + (n))
#define S(n) (17 + (n))
#define Z(n) (26 + (n))
#define BIT(t) (1ULL << (t))

/* Random hands from a fixed seed: the generator of the Rust twin of the benchmark
   (`--example from_counts`), so both see the same hands. */
static unsigned long long hupai_example_seed = 12345;
static void random_hand(uint8_t counts[HUPAI_KINDS], int tiles) {
  for (int k = 0; k < HUPAI_KINDS; k++) counts[k] = 0;
  while (tiles > 0) {
    hupai_example_seed = hupai_example_seed * 6364136223846793005ULL + 1442695040888963407ULL;
    int k = (int)((hupai_example_seed >> 33) % HUPAI_KINDS);
    if (counts[k] < 4) {
      counts[k]++;
      tiles--;
    }
  }
}

#endif
