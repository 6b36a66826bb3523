// The hupai C ABI from C# (P/Invoke; built with Mono's mcs from Debian): a Nanchang hand with
// jing, and a riichi shanten with waits and ukeire. Every answer is checked; exit status 0
// means all held.
//
//   mcs -out:Server.exe Server.cs && LD_LIBRARY_PATH=target/release mono Server.exe
using System;
using System.Runtime.InteropServices;

static class Hupai
{
    const string Lib = "hupai_c";

    [StructLayout(LayoutKind.Sequential)]
    public struct Ukeire
    {
        public sbyte Shanten;
        public ulong Waits;
        public ulong Tiles;
        public uint Count;
    }

    [DllImport(Lib)] public static extern int hupai_engine_new(string preset, ulong wild, string tablesDir, out IntPtr engine);
    [DllImport(Lib)] public static extern void hupai_engine_free(IntPtr engine);
    [DllImport(Lib)] public static extern ulong hupai_nanchang_wilds(byte indicator);
    [DllImport(Lib)] public static extern int hupai_parse_tiles(string mpsz, byte[] counts);
    [DllImport(Lib)] public static extern int hupai_is_win(IntPtr engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out byte win);
    [DllImport(Lib)] public static extern int hupai_wildcards_needed(IntPtr engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out int needed);
    [DllImport(Lib)] public static extern int hupai_shanten(IntPtr engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out sbyte shanten);
    [DllImport(Lib)] public static extern int hupai_ukeire(IntPtr engine, byte[] counts, IntPtr melds, UIntPtr meldCount, byte[] seen, out Ukeire answer);
    [DllImport(Lib)] public static extern IntPtr hupai_status_message(int status);
    [DllImport(Lib)] public static extern int hupai_shanten_batch(IntPtr engine, UIntPtr n, byte[] counts, IntPtr melds, IntPtr meldCounts, sbyte[] shanten, int[] statuses);
}

static class Server
{
    static void Ok(int status, string what)
    {
        if (status != 0) Fail(what + ": " + Marshal.PtrToStringAnsi(Hupai.hupai_status_message(status)));
    }

    static void Check(bool cond, string what)
    {
        if (!cond) Fail("check failed: " + what);
    }

    static void Fail(string why)
    {
        Console.Error.WriteLine(why);
        Environment.Exit(1);
    }

    static IntPtr Engine(string preset, ulong wild)
    {
        IntPtr e;
        Ok(Hupai.hupai_engine_new(preset, wild, null, out e), preset);
        return e;
    }

    static byte[] Tiles(string mpsz)
    {
        var counts = new byte[34];
        Ok(Hupai.hupai_parse_tiles(mpsz, counts), mpsz);
        return counts;
    }

    static int Main()
    {
        // Nanchang, jing indicator 1z (index 27): 1z and 2z are wild.
        IntPtr nanchang = Engine("nanchang", Hupai.hupai_nanchang_wilds(27));
        byte[] hand = Tiles("123m456p789s455m12z");
        byte win;
        Ok(Hupai.hupai_is_win(nanchang, hand, IntPtr.Zero, UIntPtr.Zero, out win), "is_win");
        Check(win == 1, "the jing hand wins");
        int needed;
        Ok(Hupai.hupai_wildcards_needed(nanchang, hand, IntPtr.Zero, UIntPtr.Zero, out needed), "wildcards_needed");
        Check(needed == 2, "two wildcards needed");

        // Riichi: 34m123456789s33z is tenpai on 2m and 5m, 8 tiles left.
        IntPtr riichi = Engine("riichi", 0);
        hand = Tiles("34m123456789s33z");
        sbyte shanten;
        Ok(Hupai.hupai_shanten(riichi, hand, IntPtr.Zero, UIntPtr.Zero, out shanten), "shanten");
        Check(shanten == 0, "tenpai");
        Hupai.Ukeire u;
        Ok(Hupai.hupai_ukeire(riichi, hand, IntPtr.Zero, UIntPtr.Zero, null, out u), "ukeire");
        Check(u.Waits == ((1UL << 1) | (1UL << 4)) && u.Count == 8, "waits 2m 5m, 8 left");
        // Many hands in one call: one P/Invoke transition for all (one status per hand; the
        // empty third hand is a bad hand, status 3).
        byte[] many = new byte[3 * 34];
        Array.Copy(Tiles("34m123456789s33z"), 0, many, 0, 34);
        Array.Copy(Tiles("23569m456p789s11z"), 0, many, 34, 34);
        sbyte[] shantens = new sbyte[3];
        int[] statuses = new int[3];
        Check(Hupai.hupai_shanten_batch(riichi, (UIntPtr)3, many, IntPtr.Zero, IntPtr.Zero, shantens, statuses) == 3, "the batch reports its bad hand");
        Check(shantens[0] == 0 && shantens[1] == 1 && statuses[1] == 0 && statuses[2] == 3, "batch answers");
        Console.WriteLine("C#: nanchang jing win (2 wildcards); riichi tenpai on 2m 5m, ukeire " + u.Count);
        Hupai.hupai_engine_free(nanchang);
        Hupai.hupai_engine_free(riichi);
        return 0;
    }
}
