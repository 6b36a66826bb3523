// The cost of a shanten from C# (P/Invoke; Mono's mcs from Debian), one call per hand against
// batches of 64 (hupai_shanten_batch), on the hands file cost.c writes. The hands stay pinned
// in one array and the calls take pointers into it (no marshalling copy). Best of 5 passes,
// ns per hand; the batch answers are checked against the single calls.
//
//   mcs -out:Cost.exe Cost.cs && LD_LIBRARY_PATH=target/release mono Cost.exe HANDS_FILE
using System;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;

static class Cost
{
    const string Lib = "hupai_c";
    const int Batch = 64;

    [DllImport(Lib)] static extern int hupai_engine_new(string preset, ulong wild, string tablesDir, out IntPtr engine);
    [DllImport(Lib)] static extern int hupai_shanten(IntPtr engine, IntPtr counts, IntPtr melds, UIntPtr meldCount, out sbyte shanten);
    [DllImport(Lib)] static extern int hupai_shanten_batch(IntPtr engine, UIntPtr n, IntPtr counts, IntPtr melds, IntPtr meldCounts, IntPtr shanten, IntPtr statuses);

    static int Main(string[] args)
    {
        byte[] all = File.ReadAllBytes(args[0]);
        int hands = all.Length / 34;
        if (hupai_engine_new("riichi", 0, null, out IntPtr e) != 0) return 1;
        GCHandle pin = GCHandle.Alloc(all, GCHandleType.Pinned);
        IntPtr counts = pin.AddrOfPinnedObject();
        IntPtr outs = Marshal.AllocHGlobal(Batch);
        IntPtr statuses = Marshal.AllocHGlobal(4 * Batch);
        double single = 1e9, batch = 1e9;
        long sumSingle = 0, sumBatch = 0;
        for (int pass = 0; pass < 5; pass++)
        {
            long sum = 0;
            var t = Stopwatch.StartNew();
            for (int i = 0; i < hands; i++)
            {
                if (hupai_shanten(e, IntPtr.Add(counts, 34 * i), IntPtr.Zero, UIntPtr.Zero, out sbyte s) != 0) return 1;
                sum += s;
            }
            single = Math.Min(single, t.Elapsed.TotalMilliseconds * 1e6 / hands);
            sumSingle = sum;
            sum = 0;
            t = Stopwatch.StartNew();
            for (int i = 0; i < hands; i += Batch)
            {
                int n = Math.Min(Batch, hands - i);
                if (hupai_shanten_batch(e, (UIntPtr)n, IntPtr.Add(counts, 34 * i), IntPtr.Zero, IntPtr.Zero, outs, statuses) != 0) return 1;
                for (int k = 0; k < n; k++) sum += (sbyte)Marshal.ReadByte(outs, k);
            }
            batch = Math.Min(batch, t.Elapsed.TotalMilliseconds * 1e6 / hands);
            sumBatch = sum;
        }
        if (sumSingle != sumBatch)
        {
            Console.Error.WriteLine("batch answers differ from single calls");
            return 1;
        }
        Console.WriteLine("C# (P/Invoke, Mono)\tone call a hand\t{0:F1}", single);
        Console.WriteLine("C# (P/Invoke, Mono)\tbatches of {0}\t{1:F1}", Batch, batch);
        pin.Free();
        return 0;
    }
}
