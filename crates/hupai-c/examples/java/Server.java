// The hupai C ABI from Java through JNA (Debian's libjna-java): a Nanchang hand with jing, its
// decompositions through the JSON entry point, and a riichi shanten with waits and ukeire; then the
// fast way for a server's hot loop: direct mapping and a batch call. Every answer is checked;
// exit status 0 means all held.
//
// Why two mappings: interface mapping (`Native.load` of an interface) is the convenient one,
// but every call goes through a reflective proxy that converts each argument and allocates —
// ~1-2 µs a call, 30-60x the ~30 ns answer. Direct mapping (`Native.register` on a class of
// static native methods, primitive arrays only) is a plain JNI call, and a batch call
// (`hupai_shanten_batch`) pays that crossing once for many hands: about C's cost per hand
// (crates/hupai-c/README.md has the measured table).
//
//   javac -cp /usr/share/java/jna.jar -d OUT Server.java
//   java -cp /usr/share/java/jna.jar:OUT -Djna.library.path=target/release Server
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

public class Server {
  /** The functions of include/hupai.h used here (size_t is 64-bit: long). */
  public interface Hupai extends Library {
    Hupai LIB = Native.load("hupai_c", Hupai.class);

    int hupai_engine_new(String preset, long wild, String tablesDir, PointerByReference engine);
    void hupai_engine_free(Pointer engine);
    long hupai_nanchang_wilds(byte indicator);
    int hupai_parse_tiles(String mpsz, byte[] counts);
    int hupai_is_win(Pointer engine, byte[] counts, Pointer melds, long meldCount, ByteByReference win);
    int hupai_wildcards_needed(Pointer engine, byte[] counts, Pointer melds, long meldCount, IntByReference needed);
    int hupai_shanten(Pointer engine, byte[] counts, Pointer melds, long meldCount, ByteByReference shanten);
    int hupai_ukeire(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] seen, Ukeire answer);
    int hupai_json_line(Pointer engine, String line, byte[] answer, long capacity, LongByReference length);
    String hupai_status_message(int status);
  }

  /** Direct mapping: native methods bound once (primitive arrays; no proxy, no conversion). */
  public static class Direct {
    static {
      Native.register("hupai_c");
    }

    public static native int hupai_shanten(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] shanten);

    /** n hands as n*34 counts; one answer and one status per hand. */
    public static native int hupai_shanten_batch(
        Pointer engine, long n, byte[] counts, Pointer melds, byte[] meldCounts, byte[] shanten, int[] statuses);
  }

  /** struct HupaiUkeire. */
  @Structure.FieldOrder({"shanten", "waits", "ukeire", "ukeire_count"})
  public static class Ukeire extends Structure {
    public byte shanten;
    public long waits;
    public long ukeire;
    public int ukeire_count;
  }

  static void ok(int status, String what) {
    if (status != 0) fail(what + ": " + Hupai.LIB.hupai_status_message(status));
  }

  static void check(boolean cond, String what) {
    if (!cond) fail("check failed: " + what);
  }

  static void fail(String why) {
    System.err.println(why);
    System.exit(1);
  }

  static Pointer engine(String preset, long wild) {
    PointerByReference e = new PointerByReference();
    ok(Hupai.LIB.hupai_engine_new(preset, wild, null, e), preset);
    return e.getValue();
  }

  static byte[] tiles(String mpsz) {
    byte[] counts = new byte[34];
    ok(Hupai.LIB.hupai_parse_tiles(mpsz, counts), mpsz);
    return counts;
  }

  public static void main(String[] args) {
    Hupai h = Hupai.LIB;
    // Nanchang, jing indicator 1z (index 27): 1z and 2z are wild.
    Pointer nanchang = engine("nanchang", h.hupai_nanchang_wilds((byte) 27));
    byte[] hand = tiles("123m456p789s455m12z");
    ByteByReference win = new ByteByReference();
    ok(h.hupai_is_win(nanchang, hand, null, 0, win), "is_win");
    check(win.getValue() == 1, "the jing hand wins");
    IntByReference needed = new IntByReference();
    ok(h.hupai_wildcards_needed(nanchang, hand, null, 0, needed), "wildcards_needed");
    check(needed.getValue() == 2, "two wildcards needed");
    byte[] answer = new byte[65536];
    LongByReference length = new LongByReference();
    String line = "{\"hand\":\"123m456p789s455m12z\",\"jing\":\"1z\",\"decompositions\":true}";
    ok(h.hupai_json_line(nanchang, line, answer, answer.length, length), "json_line");
    String json = new String(answer, 0, (int) length.getValue(), java.nio.charset.StandardCharsets.UTF_8);
    check(json.contains("\"win\":true"), "the JSON answer says win");
    check(json.contains("{\"as\":\"3m\",\"tile\":\"1z\"}"), "a decomposition with 1z as 3m");
    check(json.contains("{\"as\":\"5m\",\"tile\":\"2z\"}"), "a decomposition with 2z as 5m");

    // Riichi: 34m123456789s33z is tenpai on 2m and 5m, 8 tiles left.
    Pointer riichi = engine("riichi", 0);
    hand = tiles("34m123456789s33z");
    ByteByReference shanten = new ByteByReference();
    ok(h.hupai_shanten(riichi, hand, null, 0, shanten), "shanten");
    check(shanten.getValue() == 0, "tenpai");
    Ukeire u = new Ukeire();
    ok(h.hupai_ukeire(riichi, hand, null, 0, null, u), "ukeire");
    check(u.waits == ((1L << 1) | (1L << 4)) && u.ukeire_count == 8, "waits 2m 5m, 8 left");
    // The fast way: direct mapping, and many hands in one call (one status per hand; the
    // empty third hand is a bad hand, status 3).
    byte[] one = new byte[1];
    ok(Direct.hupai_shanten(riichi, hand, null, 0, one), "direct shanten");
    check(one[0] == 0, "tenpai through direct mapping");
    byte[] many = new byte[3 * 34];
    System.arraycopy(tiles("34m123456789s33z"), 0, many, 0, 34);
    System.arraycopy(tiles("23569m456p789s11z"), 0, many, 34, 34);
    byte[] shantens = new byte[3];
    int[] statuses = new int[3];
    check(Direct.hupai_shanten_batch(riichi, 3, many, null, null, shantens, statuses) == 3, "the batch reports its bad hand");
    check(shantens[0] == 0 && shantens[1] == 1 && statuses[1] == 0 && statuses[2] == 3, "batch answers");
    System.out.println("Java: nanchang jing win (2 wildcards); riichi tenpai on 2m 5m, ukeire " + u.ukeire_count);
    h.hupai_engine_free(nanchang);
    h.hupai_engine_free(riichi);
  }
}
