/* A first program with the installed hupai C package: the shanten of each hand of a file (MPSZ,
 * one a line) and the ukeire of the 13-tile ones, as JSON lines. scripts/package-check builds
 * it with find_package(hupai) and with pkg-config and compares its answers with hupai batch.
 *
 *   first_program hands.txt
 */
#include <hupai.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *what, enum HupaiStatus status) {
  fprintf(stderr, "%s: %s\n", what, hupai_status_message((int32_t)status));
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s HANDS.txt\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  HupaiEngine *engine;
  enum HupaiStatus status = hupai_engine_new("riichi", 0, NULL, &engine);
  if (status != HUPAI_STATUS_OK) return fail("engine", status);
  char hand[128];
  int rc = 0;
  while (rc == 0 && fscanf(f, "%127s", hand) == 1) {
    uint8_t counts[HUPAI_KINDS];
    int8_t shanten;
    if ((status = hupai_parse_tiles(hand, counts)) != HUPAI_STATUS_OK ||
        (status = hupai_shanten(engine, counts, NULL, 0, &shanten)) != HUPAI_STATUS_OK) {
      rc = fail(hand, status);
      break;
    }
    unsigned tiles = 0;
    for (int i = 0; i < HUPAI_KINDS; i++) tiles += counts[i];
    printf("{\"hand\": \"%s\", \"shanten\": %d", hand, shanten);
    if (tiles == 13) {
      HupaiUkeire u;
      if ((status = hupai_ukeire(engine, counts, NULL, 0, NULL, &u)) != HUPAI_STATUS_OK) {
        rc = fail(hand, status);
        break;
      }
      printf(", \"ukeire\": %u", u.ukeire_count);
    }
    printf("}\n");
  }
  hupai_engine_free(engine);
  fclose(f);
  return rc;
}
