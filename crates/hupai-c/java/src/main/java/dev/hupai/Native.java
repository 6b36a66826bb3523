package dev.hupai;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.PointerByReference;

/** The C ABI as JNA sees it; loaded at first use, from the jar's linux-x86-64/libhupai_c.so. */
interface Native extends Library {
  Native LIB = com.sun.jna.Native.load("hupai_c", Native.class);

  int hupai_parse_tiles(String mpsz, byte[] counts);

  int hupai_engine_new(String preset, long wild, String tablesDir, PointerByReference engine);

  void hupai_engine_free(Pointer engine);

  long hupai_nanchang_wilds(byte indicator);

  String hupai_status_message(int status);

  int hupai_is_win(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] win);

  int hupai_wildcards_needed(Pointer engine, byte[] counts, Pointer melds, long meldCount, int[] needed);

  int hupai_shanten(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] shanten);

  int hupai_ukeire(Pointer engine, byte[] counts, Pointer melds, long meldCount, byte[] seen, UkeireStruct answer);

  int hupai_shanten_batch(Pointer engine, long n, byte[] counts, Pointer melds, Pointer meldCounts, byte[] shanten, int[] statuses);

  int hupai_is_win_batch(Pointer engine, long n, byte[] counts, Pointer melds, Pointer meldCounts, byte[] win, int[] statuses);

  int hupai_ukeire_batch(Pointer engine, long n, byte[] counts, Pointer melds, Pointer meldCounts, byte[] seen, UkeireStruct answers, int[] statuses);

  /** struct HupaiUkeire. */
  @Structure.FieldOrder({"shanten", "waits", "ukeire", "ukeire_count"})
  class UkeireStruct extends Structure {
    public byte shanten;
    public long waits;
    public long ukeire;
    public int ukeire_count;

    Ukeire answer() {
      return new Ukeire(shanten, waits, ukeire, ukeire_count);
    }
  }
}
