using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Hupai
{
    /// <summary>The engine pointer of the C ABI, freed once by <c>hupai_engine_free</c>.</summary>
    internal sealed class EngineHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private EngineHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.hupai_engine_free(handle);
            return true;
        }
    }

    /// <summary>struct HupaiUkeire.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct RawUkeire
    {
        public sbyte Shanten;
        public ulong Waits;
        public ulong Tiles;
        public uint Count;
    }

    /// <summary>The C ABI (hupai.h); libhupai_c.so comes from the package's
    /// runtimes/linux-x64/native folder.</summary>
    internal static class Native
    {
        private const string Lib = "hupai_c";

        [DllImport(Lib)] internal static extern int hupai_parse_tiles([MarshalAs(UnmanagedType.LPStr)] string mpsz, byte[] counts);
        [DllImport(Lib)] internal static extern int hupai_engine_new([MarshalAs(UnmanagedType.LPStr)] string preset, ulong wild, [MarshalAs(UnmanagedType.LPStr)] string tablesDir, out EngineHandle engine);
        [DllImport(Lib)] internal static extern void hupai_engine_free(IntPtr engine);
        [DllImport(Lib)] internal static extern ulong hupai_nanchang_wilds(byte indicator);
        [DllImport(Lib)] internal static extern IntPtr hupai_status_message(int status);
        [DllImport(Lib)] internal static extern int hupai_is_win(EngineHandle engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out byte win);
        [DllImport(Lib)] internal static extern int hupai_wildcards_needed(EngineHandle engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out int needed);
        [DllImport(Lib)] internal static extern int hupai_shanten(EngineHandle engine, byte[] counts, IntPtr melds, UIntPtr meldCount, out sbyte shanten);
        [DllImport(Lib)] internal static extern int hupai_ukeire(EngineHandle engine, byte[] counts, IntPtr melds, UIntPtr meldCount, byte[] seen, out RawUkeire answer);
        [DllImport(Lib)] internal static extern int hupai_shanten_batch(EngineHandle engine, UIntPtr n, byte[] counts, IntPtr melds, IntPtr meldCounts, [Out] sbyte[] shanten, [Out] int[] statuses);
        [DllImport(Lib)] internal static extern int hupai_is_win_batch(EngineHandle engine, UIntPtr n, byte[] counts, IntPtr melds, IntPtr meldCounts, [Out] byte[] win, [Out] int[] statuses);
        [DllImport(Lib)] internal static extern int hupai_ukeire_batch(EngineHandle engine, UIntPtr n, byte[] counts, IntPtr melds, IntPtr meldCounts, byte[] seen, [Out] RawUkeire[] answers, [Out] int[] statuses);

        internal static string Message(int status) => Marshal.PtrToStringAnsi(hupai_status_message(status));
    }
}
