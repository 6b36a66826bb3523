package dev.hupai;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Cleaner;

/**
 * One rule set's tables, answering hands: is it a win, with how many wildcards, its shanten,
 * waits and ukeire. Thread-safe: share one engine between threads. Close it when done (a
 * cleaner frees it otherwise); calls after {@link #close()} throw IllegalStateException.
 *
 * <pre>{@code
 * try (Engine engine = new Engine(Preset.RIICHI)) {
 *   byte[] hand = Tiles.parse("34m123456789s33z");
 *   engine.shanten(hand);              // 0: tenpai
 *   engine.ukeire(hand).count();       // 8
 *   byte[] many = new byte[34 * n];    // n hands, one after another
 *   byte[] s = engine.shantenBatch(many);
 * }
 * }</pre>
 *
 * <p>Refused input (a fifth copy, a wrong number of tiles) throws {@link HupaiException}.
 */
public final class Engine implements AutoCloseable {
  private static final Cleaner CLEANER = Cleaner.create();

  /** Frees the handle once, from close() or the cleaner. */
  private static final class Handle implements Runnable {
    private volatile Pointer pointer;

    Handle(Pointer pointer) {
      this.pointer = pointer;
    }

    @Override
    public synchronized void run() {
      Pointer p = pointer;
      pointer = null;
      if (p != null) {
        Native.LIB.hupai_engine_free(p);
      }
    }
  }

  private final Handle handle;
  private final Cleaner.Cleanable cleanable;

  /** An engine for a preset, with no wildcards. */
  public Engine(Preset preset) {
    this(preset, 0L, null);
  }

  /** An engine for a preset whose wild kinds are a mask (bit i: kind i). */
  public Engine(Preset preset, long wildMask) {
    this(preset, wildMask, null);
  }

  /**
   * An engine for a preset and wild kinds, with tables read from a directory written by
   * {@code hupai tables generate} (null: the compiled-in tables).
   */
  public Engine(Preset preset, long wildMask, String tablesDir) {
    PointerByReference out = new PointerByReference();
    HupaiException.check(Native.LIB.hupai_engine_new(preset.cName(), wildMask, tablesDir, out));
    handle = new Handle(out.getValue());
    cleanable = CLEANER.register(this, handle);
  }

  /** The wild mask of a Nanchang 精 indicator (the kind it names and the next). */
  public static long nanchangWild(int indicator) {
    return Native.LIB.hupai_nanchang_wilds((byte) indicator);
  }

  private Pointer live() {
    Pointer p = handle.pointer;
    if (p == null) {
      throw new IllegalStateException("hupai: the engine is closed");
    }
    return p;
  }

  private static void hand(byte[] counts) {
    if (counts.length != Tiles.KINDS) {
      throw new IllegalArgumentException("a hand is 34 counts, not " + counts.length);
    }
  }

  /** Whether a 14-tile hand wins, with the engine's wildcards. */
  public boolean isWin(byte[] counts) {
    hand(counts);
    byte[] win = new byte[1];
    HupaiException.check(Native.LIB.hupai_is_win(live(), counts, null, 0, win));
    return win[0] == 1;
  }

  /** The fewest wildcards a 14-tile hand needs on top of its tiles to win, or -1. */
  public int wildcardsNeeded(byte[] counts) {
    hand(counts);
    int[] needed = new int[1];
    HupaiException.check(Native.LIB.hupai_wildcards_needed(live(), counts, null, 0, needed));
    return needed[0];
  }

  /** The shanten of a 13- or 14-tile hand: -1 a win, 0 tenpai. */
  public int shanten(byte[] counts) {
    hand(counts);
    byte[] s = new byte[1];
    HupaiException.check(Native.LIB.hupai_shanten(live(), counts, null, 0, s));
    return s[0];
  }

  /** Shanten, waits and ukeire of a 13-tile hand. */
  public Ukeire ukeire(byte[] counts) {
    return ukeire(counts, null);
  }

  /** Shanten, waits and ukeire of a 13-tile hand; {@code seen} (34 counts) are left out of the count. */
  public Ukeire ukeire(byte[] counts, byte[] seen) {
    hand(counts);
    if (seen != null) {
      hand(seen);
    }
    Native.UkeireStruct u = new Native.UkeireStruct();
    HupaiException.check(Native.LIB.hupai_ukeire(live(), counts, null, 0, seen, u));
    return u.answer();
  }

  private static int hands(byte[] counts) {
    if (counts.length % Tiles.KINDS != 0) {
      throw new IllegalArgumentException("hands are 34 counts each; got " + counts.length + " bytes");
    }
    return counts.length / Tiles.KINDS;
  }

  /** One native batch call: the engine, the number of hands and a status per hand. */
  private interface BatchCall {
    int call(Pointer engine, int n, int[] statuses);
  }

  /** Makes a batch call over n hands; throws for the first hand that could not be answered. */
  private void batch(int n, BatchCall call) {
    if (n == 0) {
      return;
    }
    int[] statuses = new int[n];
    int status = call.call(live(), n, statuses);
    if (status == 0) {
      return;
    }
    for (int i = 0; i < n; i++) {
      if (statuses[i] != 0) {
        throw new HupaiException(statuses[i], i);
      }
    }
    HupaiException.check(status);
  }

  /** The shanten of every hand of {@code counts} (34 bytes a hand), in one native call. */
  public byte[] shantenBatch(byte[] counts) {
    byte[] out = new byte[hands(counts)];
    batch(out.length, (p, n, st) -> Native.LIB.hupai_shanten_batch(p, n, counts, null, null, out, st));
    return out;
  }

  /** Whether each 14-tile hand of {@code counts} wins, in one native call. */
  public boolean[] isWinBatch(byte[] counts) {
    byte[] win = new byte[hands(counts)];
    batch(win.length, (p, n, st) -> Native.LIB.hupai_is_win_batch(p, n, counts, null, null, win, st));
    boolean[] out = new boolean[win.length];
    for (int i = 0; i < win.length; i++) {
      out[i] = win[i] == 1;
    }
    return out;
  }

  /** The ukeire of every 13-tile hand of {@code counts}, in one native call. */
  public Ukeire[] ukeireBatch(byte[] counts) {
    Ukeire[] out = new Ukeire[hands(counts)];
    if (out.length == 0) {
      return out;
    }
    Native.UkeireStruct first = new Native.UkeireStruct();
    Native.UkeireStruct[] answers = (Native.UkeireStruct[]) first.toArray(out.length);
    batch(out.length, (p, n, st) -> Native.LIB.hupai_ukeire_batch(p, n, counts, null, null, null, first, st));
    for (int i = 0; i < out.length; i++) {
      answers[i].read();
      out[i] = answers[i].answer();
    }
    return out;
  }

  /** Frees the engine; later calls throw IllegalStateException. Idempotent. */
  @Override
  public void close() {
    cleanable.clean();
  }
}
