// The cost of a shanten from Java through JNA (Debian's libjna-java), three ways, on the hands
// file cost.c writes: interface mapping (`Native.load`, one call a hand: every call goes
// through JNA's reflective proxy, converts its arguments one by one and allocates), direct
// mapping (`Native.register`: a plain native method, one call a hand), and direct mapping with
// batches of 64 (hupai_shanten_batch: the crossing and the array copies paid once per 64
// hands). Best of 5 passes (the JIT warms up in the first), ns per hand; the batch answers are
// checked against the single calls.
//
//   javac -cp /usr/share/java/jna.jar -d OUT Cost.java
//   java -cp /usr/share/java/jna.jar:OUT -Djna.library.path=target/release Cost HANDS_FILE
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.file.Files;
import java.nio.file.Paths;

public class Cost {
  static final int BATCH = 64;

  /** Interface mapping: what most JNA code does, and the slow way. */
  public interface Hupai extends Library {
    Hupai LIB = Native.load("hupai_c", Hupai.class);

    int hupai_engine_new(String preset, long wild, String tablesDir, PointerByReference engine);

    int hupai_shanten(Pointer engine, byte[] counts, Pointer melds, long meldCount, ByteByReference shanten);
  }

  /** Direct mapping: native methods bound once by Native.register (primitive arrays only). */
  public static class Direct {
    static {
      Native.register("hupai_c");
    }

    public static native int hupai_shanten(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] shanten);

    public static native int hupai_shanten_batch(
        Pointer engine, long n, byte[] counts, Pointer melds, byte[] meldCounts, byte[] shanten, int[] statuses);
  }

  public static void main(String[] args) throws Exception {
    byte[] all = Files.readAllBytes(Paths.get(args[0]));
    int hands = all.length / 34;
    PointerByReference ref = new PointerByReference();
    if (Hupai.LIB.hupai_engine_new("riichi", 0, null, ref) != 0) throw new IllegalStateException("engine");
    Pointer e = ref.getValue();
    byte[] counts = new byte[34];
    byte[] chunk = new byte[34 * BATCH];
    byte[] out = new byte[BATCH];
    int[] statuses = new int[BATCH];
    ByteByReference s = new ByteByReference();
    double iface = 1e9, direct = 1e9, batch = 1e9;
    long[] sums = new long[3];
    for (int pass = 0; pass < 5; pass++) {
      long sum = 0;
      long t = System.nanoTime();
      for (int i = 0; i < hands; i++) {
        System.arraycopy(all, 34 * i, counts, 0, 34);
        if (Hupai.LIB.hupai_shanten(e, counts, null, 0, s) != 0) throw new IllegalStateException("shanten");
        sum += s.getValue();
      }
      iface = Math.min(iface, (double) (System.nanoTime() - t) / hands);
      sums[0] = sum;
      sum = 0;
      t = System.nanoTime();
      for (int i = 0; i < hands; i++) {
        System.arraycopy(all, 34 * i, counts, 0, 34);
        if (Direct.hupai_shanten(e, counts, null, 0, out) != 0) throw new IllegalStateException("shanten");
        sum += out[0];
      }
      direct = Math.min(direct, (double) (System.nanoTime() - t) / hands);
      sums[1] = sum;
      sum = 0;
      t = System.nanoTime();
      for (int i = 0; i < hands; i += BATCH) {
        int n = Math.min(BATCH, hands - i);
        System.arraycopy(all, 34 * i, chunk, 0, 34 * n);
        if (Direct.hupai_shanten_batch(e, n, chunk, null, null, out, statuses) != 0) throw new IllegalStateException("batch");
        for (int k = 0; k < n; k++) sum += out[k];
      }
      batch = Math.min(batch, (double) (System.nanoTime() - t) / hands);
      sums[2] = sum;
    }
    if (sums[0] != sums[1] || sums[1] != sums[2]) throw new IllegalStateException("answers differ");
    System.out.printf("Java (JNA interface mapping)\tone call a hand\t%.1f%n", iface);
    System.out.printf("Java (JNA direct mapping)\tone call a hand\t%.1f%n", direct);
    System.out.printf("Java (JNA direct mapping)\tbatches of %d\t%.1f%n", BATCH, batch);
  }
}
