/* A server-style use of the hupai C ABI: a Nanchang game whose jing (精) indicator makes two
   kinds wild, a win check loop over many hands, the decompositions of a win (what each wildcard
   stood for, to score 精), and a riichi table's shanten, waits, ukeire and discard report.
   Every answer is checked; exit status 0 means all held. */
#include "common.h"
#include <string.h>


int main(void) {
  /* --- Nanchang: indicator 1z, so 1z and 2z are wild (正精, 副精). --- */
  uint64_t wild = hupai_nanchang_wilds(Z(1));
  CHECK(wild == (BIT(Z(1)) | BIT(Z(2))));
  HupaiEngine *nanchang = NULL;
  OK(hupai_engine_new("nanchang", wild, NULL, &nanchang));

  /* 123m 456p 789s, 45m + a wildcard, 5m + a wildcard: a win that needs both wildcards. */
  uint8_t counts[HUPAI_KINDS];
  OK(hupai_parse_tiles("123m456p789s455m12z", counts));
  uint8_t win = 0;
  OK(hupai_is_win(nanchang, counts, NULL, 0, &win));
  CHECK(win == 1);
  int32_t needed = -1;
  OK(hupai_wildcards_needed(nanchang, counts, NULL, 0, &needed));
  CHECK(needed == 2);

  /* The decompositions: one has 1z as 3m (completing 345m) and 2z as 5m (the pair). */
  HupaiDecomposition decompositions[HUPAI_MAX_DECOMPOSITIONS];
  size_t n = 0;
  OK(hupai_decompositions(nanchang, counts, NULL, 0, decompositions, HUPAI_MAX_DECOMPOSITIONS, &n));
  CHECK(n >= 2);
  int found = 0;
  for (size_t r = 0; r < n; r++) {
    int z1_as_3m = 0, z2_as_5m = 0;
    for (int s = 0; s < decompositions[r].set_count; s++) {
      const HupaiSet *set = &decompositions[r].sets[s];
      for (int i = 0; i < set->len; i++) {
        if (set->wildcard[i] == Z(1) && set->tiles[i] == M(3)) z1_as_3m = 1;
        if (set->wildcard[i] == Z(2) && set->tiles[i] == M(5)) z2_as_5m = 1;
      }
    }
    found |= z1_as_3m && z2_as_5m;
  }
  CHECK(found);

  size_t decompositions_found = n;

  /* A declared meld: 555z (a pung) + 10 concealed tiles; 23m waits on 1m and 4m. */
  HupaiMeld pung = {HUPAI_MELD_KIND_PUNG, {Z(5), 0, 0}};
  OK(hupai_parse_tiles("23m456p789s11z", counts));
  HupaiEngine *plain = NULL;
  OK(hupai_engine_new("chinese", 0, NULL, &plain));
  HupaiUkeire u;
  OK(hupai_ukeire(plain, counts, &pung, 1, NULL, &u));
  CHECK(u.shanten == 0 && u.waits == (BIT(M(1)) | BIT(M(4))) && u.ukeire_count == 8);

  /* The server loop: 100,000 random 14-tile hands checked for a win with the two jing. */
  int wins = 0;
  for (int i = 0; i < 100000; i++) {
    random_hand(counts, 14);
    OK(hupai_is_win(nanchang, counts, NULL, 0, &win));
    wins += win;
  }
  CHECK(wins > 0);

  /* --- Riichi: shanten, waits and ukeire of 34m123456789s33z: tenpai on 2m and 5m. --- */
  HupaiEngine *riichi = NULL;
  OK(hupai_engine_new("riichi", 0, NULL, &riichi));
  OK(hupai_parse_tiles("34m123456789s33z", counts));
  int8_t shanten = 9;
  OK(hupai_shanten(riichi, counts, NULL, 0, &shanten));
  CHECK(shanten == 0);
  OK(hupai_ukeire(riichi, counts, NULL, 0, NULL, &u));
  CHECK(u.shanten == 0 && u.waits == (BIT(M(2)) | BIT(M(5))) && u.ukeire_count == 8);
  /* Two 2m seen elsewhere: two fewer left. */
  uint8_t seen[HUPAI_KINDS] = {0};
  seen[M(2)] = 2;
  OK(hupai_ukeire(riichi, counts, NULL, 0, seen, &u));
  CHECK(u.ukeire_count == 6);

  /* Many hands in one call, as a server's hot loop asks them (one crossing for all, one
     status per hand: the bad third hand spoils nothing). */
  uint8_t many[3][HUPAI_KINDS] = {{0}};
  OK(hupai_parse_tiles("34m123456789s33z", many[0]));
  OK(hupai_parse_tiles("23569m456p789s11z", many[1]));
  int8_t shantens[3];
  HupaiStatus statuses[3];
  CHECK(hupai_shanten_batch(riichi, 3, many[0], NULL, NULL, shantens, statuses) ==
        HUPAI_STATUS_BAD_HAND);
  CHECK(shantens[0] == 0 && shantens[1] == 1 && statuses[0] == HUPAI_STATUS_OK &&
        statuses[1] == HUPAI_STATUS_OK && statuses[2] == HUPAI_STATUS_BAD_HAND);

  /* The discard report of 34m123456789s335z (13 distinct kinds): discarding 5z keeps tenpai
     on 8 tiles, the best line. */
  OK(hupai_parse_tiles("34m123456789s335z", counts));
  HupaiDiscard report[HUPAI_MAX_DISCARDS];
  OK(hupai_discards(riichi, counts, NULL, 0, NULL, report, HUPAI_MAX_DISCARDS, &n));
  CHECK(n == 13 && report[0].tile == Z(5) && report[0].shanten == 0 &&
        report[0].ukeire_count == 8);

  /* The JSON entry point: one batch request line in, its answer line out. */
  char line[4096];
  size_t length = 0;
  OK(hupai_json_line(riichi, "{\"hand\":\"34m123456789s33z\",\"id\":1}", line,
                     sizeof line, &length));
  CHECK(strstr(line, "\"waits\":[\"2m\",\"5m\"]") != NULL && strlen(line) == length);
  CHECK(hupai_json_line(riichi, "34m123456789s33z", line, 8, &length) ==
        HUPAI_STATUS_BUFFER_TOO_SMALL && length > 8);

  /* A riichi win scored: riichi, menzen tsumo, pinfu, 20 fu: 1300 from the dealer, 700 from
     each other player; a pon of white dragons by ron is 1 han 30 fu. */
  HupaiWin situation;
  OK(hupai_win_default(&situation));
  situation.tsumo = 1;
  situation.riichi = 1;
  HupaiScore score;
  OK(hupai_parse_tiles("234m345m567p22s789s", counts));
  OK(hupai_score(riichi, counts, NULL, 0, M(5), &situation, &score));
  CHECK(score.han == 3 && score.fu == 20 && score.dealer == 1300 && score.non_dealer == 700);
  CHECK(strcmp(hupai_yaku_name(score.yaku[0], 1), "Menzen Tsumo") == 0);
  HupaiCall calls[2] = {{1, Z(5)}, {0, S(7)}};
  OK(hupai_parse_tiles("123m456p11s", counts));
  OK(hupai_win_default(&situation));
  OK(hupai_score(riichi, counts, calls, 2, S(1), &situation, &score));
  CHECK(score.han == 1 && score.fu == 30 && score.ron == 1000);
  OK(hupai_parse_tiles("123m456p789s23455s", counts));
  CHECK(hupai_score(riichi, counts, NULL, 0, S(5), &situation, &score) == HUPAI_STATUS_NO_YAKU);

  /* Errors are statuses, never crashes. */
  CHECK(hupai_parse_tiles("11111m", counts) == HUPAI_STATUS_BAD_HAND);
  CHECK(hupai_parse_tiles("12q", counts) == HUPAI_STATUS_BAD_TEXT);
  memset(counts, 0, sizeof counts);
  counts[0] = 5;
  CHECK(hupai_shanten(riichi, counts, NULL, 0, &shanten) == HUPAI_STATUS_BAD_HAND);
  CHECK(hupai_shanten(NULL, counts, NULL, 0, &shanten) == HUPAI_STATUS_NULL_POINTER);
  HupaiEngine *none = riichi;
  CHECK(hupai_engine_new("mcr", 0, NULL, &none) == HUPAI_STATUS_BAD_TEXT && none == NULL);
  HupaiMeld bad = {HUPAI_MELD_KIND_CHOW, {M(8), M(9), P(1)}};
  OK(hupai_parse_tiles("23m456p789s11z", counts));
  CHECK(hupai_shanten(riichi, counts, &bad, 1, &shanten) == HUPAI_STATUS_BAD_MELD);

  /* A game at the table: every seat plays its first legal action until the game ends. */
  HupaiGame *game = NULL;
  OK(hupai_game_new(42, 1, &game));
  uint8_t seats = 0;
  uint64_t legal[3];
  int steps = 0;
  for (;;) {
    OK(hupai_game_to_act(game, &seats));
    if (seats == 0) break;
    uint8_t seat = 0;
    while (!(seats >> seat & 1)) seat++;
    OK(hupai_game_legal(game, seat, legal));
    uint8_t action = 0;
    while (!(legal[action / 64] >> (action % 64) & 1)) action++;
    OK(hupai_game_step(game, seat, action));
    steps++;
  }
  CHECK(hupai_game_step(game, 0, 0) == HUPAI_STATUS_ILLEGAL_ACTION);
  int32_t points[4];
  uint8_t over = 0;
  OK(hupai_game_scores(game, points, &over));
  CHECK(over == 1 && points[0] + points[1] + points[2] + points[3] == 100000);
  char log[8];
  size_t log_length = 0;
  CHECK(hupai_game_events(game, 4, log, sizeof log, &log_length) == HUPAI_STATUS_BUFFER_TOO_SMALL);
  hupai_game_free(game);

  /* A 红中麻将 game (six birds, each hit multiplying): every seat plays its first legal
     action; the points are the payments' sum, zero in all. */
  HupaiRoom *room = NULL;
  CHECK(hupai_room_new("hongzhong", 1, "birds=7", &room) == HUPAI_STATUS_BAD_ARGUMENT);
  OK(hupai_room_new("hongzhong", 42, "hands=2,birds=6,bird_pay=multiply", &room));
  uint64_t room_legal[2];
  int room_steps = 0;
  for (;;) {
    OK(hupai_room_to_act(room, &seats));
    if (seats == 0) break;
    uint8_t seat = 0;
    while (!(seats >> seat & 1)) seat++;
    OK(hupai_room_legal(room, seat, room_legal));
    uint8_t action = 0;
    while (!(room_legal[action / 64] >> (action % 64) & 1)) action++;
    OK(hupai_room_step(room, seat, action));
    room_steps++;
  }
  int64_t room_points[4];
  OK(hupai_room_scores(room, room_points, &over));
  CHECK(over == 1 && room_points[0] + room_points[1] + room_points[2] + room_points[3] == 0);
  hupai_room_free(room);

  printf("C: nanchang 123m456p789s455m12z with jing 1z wins (2 wildcards, %zu decompositions); "
         "%d wins in 100000 random hands; riichi 34m123456789s33z tenpai on 2m 5m, ukeire 8; "
         "234m345m567p22s789s by tsumo with riichi: 3 han 20 fu; an east game of first legal "
         "actions: %d steps, %zu bytes of mjai events; a 红中 game: %d steps\n",
         decompositions_found, wins, steps, log_length, room_steps);
  hupai_engine_free(nanchang);
  hupai_engine_free(riichi);
  hupai_engine_free(plain);
  return 0;
}
