package dev.hupai;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

public class EngineTest {
  @Test
  public void answers() {
    try (Engine e = new Engine(Preset.RIICHI)) {
      byte[] hand = Tiles.parse("34m123456789s33z");
      assertEquals(0, e.shanten(hand));
      Ukeire u = e.ukeire(hand);
      assertEquals(List.of("2m", "5m"), Tiles.names(u.waits()));
      assertEquals(8, u.count());
      assertEquals(6, e.ukeire(hand, Tiles.parse("55m")).count());
      assertTrue(e.isWin(Tiles.parse("234m123456789s33z")));
      assertFalse(e.isWin(Tiles.parse("235m123456789s33z")));
    }
  }

  @Test
  public void wildcards() {
    try (Engine e = new Engine(Preset.NANCHANG, Engine.nanchangWild(27))) {
      byte[] hand = Tiles.parse("123m456p789s455m12z");
      assertTrue(e.isWin(hand));
      assertEquals(2, e.wildcardsNeeded(hand));
    }
  }

  @Test
  public void refusals() {
    assertEquals(3, assertThrows(HupaiException.class, () -> Tiles.parse("11111m")).status());
    assertEquals(2, assertThrows(HupaiException.class, () -> Tiles.parse("12x")).status());
    Engine e = new Engine(Preset.RIICHI);
    assertThrows(IllegalArgumentException.class, () -> e.shanten(new byte[3]));
    byte[] five = new byte[34];
    five[0] = 5;
    assertEquals(3, assertThrows(HupaiException.class, () -> e.shanten(five)).status());
    byte[] two = new byte[68];
    System.arraycopy(Tiles.parse("34m123456789s33z"), 0, two, 0, 34);
    System.arraycopy(five, 0, two, 34, 34);
    HupaiException batch = assertThrows(HupaiException.class, () -> e.shantenBatch(two));
    assertEquals(1, batch.index());
    assertThrows(IllegalArgumentException.class, () -> e.shantenBatch(new byte[35]));
    assertEquals(0, e.shantenBatch(new byte[0]).length);
    e.close();
    e.close();
    assertThrows(IllegalStateException.class, () -> e.shanten(Tiles.parse("34m123456789s33z")));
  }

  private static byte[] deal(int n, int tiles, long seed) {
    Random rng = new Random(seed);
    List<Integer> wall = new ArrayList<>();
    for (int k = 0; k < 34; k++) {
      for (int c = 0; c < 4; c++) {
        wall.add(k);
      }
    }
    byte[] out = new byte[34 * n];
    for (int i = 0; i < n; i++) {
      Collections.shuffle(wall, rng);
      for (int t = 0; t < tiles; t++) {
        out[34 * i + wall.get(t)]++;
      }
    }
    return out;
  }

  /** The batch calls answer as the single ones, from four threads sharing one engine. */
  @Test
  public void batchesEqualSingleCalls() throws Exception {
    try (Engine e = new Engine(Preset.RIICHI)) {
      ExecutorService pool = Executors.newFixedThreadPool(4);
      List<Future<?>> jobs = new ArrayList<>();
      for (int g = 0; g < 4; g++) {
        final int seed = g;
        jobs.add(pool.submit(() -> {
          byte[] h13 = deal(2000, 13, seed);
          byte[] h14 = deal(2000, 14, seed + 10);
          byte[] s = e.shantenBatch(h13);
          Ukeire[] u = e.ukeireBatch(h13);
          boolean[] w = e.isWinBatch(h14);
          for (int i = 0; i < 2000; i++) {
            byte[] one = java.util.Arrays.copyOfRange(h13, 34 * i, 34 * i + 34);
            byte[] win = java.util.Arrays.copyOfRange(h14, 34 * i, 34 * i + 34);
            assertEquals(e.shanten(one), s[i]);
            assertEquals(e.ukeire(one), u[i]);
            assertEquals(e.isWin(win), w[i]);
          }
          return null;
        }));
      }
      for (Future<?> job : jobs) {
        job.get(120, TimeUnit.SECONDS);
      }
      pool.shutdown();
    }
    assertArrayEquals(new byte[] {0}, new Engine(Preset.RIICHI).shantenBatch(Tiles.parse("34m123456789s33z")));
  }
}
