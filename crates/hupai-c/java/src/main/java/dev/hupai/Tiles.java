package dev.hupai;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands as counts: 34 bytes, 1m..9m at 0..8, 1p..9p at 9..17, 1s..9s at 18..26, 1z..7z at
 * 27..33.
 *
 * <pre>{@code
 * byte[] hand = Tiles.parse("123m456p789s1122z");
 * Tiles.name(27); // "1z"
 * }</pre>
 */
public final class Tiles {
  /** The number of kinds: the length of a hand's counts. */
  public static final int KINDS = 34;

  private Tiles() {}

  /** Counts of MPSZ text ("123m456p789s1122z", 0 for a red five). */
  public static byte[] parse(String mpsz) {
    byte[] counts = new byte[KINDS];
    HupaiException.check(Native.LIB.hupai_parse_tiles(mpsz, counts));
    return counts;
  }

  /** The MPSZ name of kind i ("1m" … "7z"). */
  public static String name(int kind) {
    if (kind < 0 || kind >= KINDS) {
      throw new IllegalArgumentException("no kind " + kind);
    }
    return (kind % 9 + 1) + String.valueOf("mpsz".charAt(kind / 9));
  }

  /** The names of the kinds of a mask (bit i: kind i), as {@link Ukeire#waits()}. */
  public static List<String> names(long mask) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < KINDS; i++) {
      if ((mask >>> i & 1) == 1) {
        out.add(name(i));
      }
    }
    return out;
  }

  /** The number of tiles of a hand's counts. */
  public static int count(byte[] counts) {
    int n = 0;
    for (byte c : counts) {
      n += c;
    }
    return n;
  }
}
