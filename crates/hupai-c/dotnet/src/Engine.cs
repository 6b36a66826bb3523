using System;
using System.Collections.Generic;
using System.Linq;

namespace Hupai
{
    /// <summary>The seven rule sets an <see cref="Engine"/> can play.</summary>
    public enum Preset
    {
        /// <summary>Japanese riichi.</summary>
        Riichi,
        /// <summary>Chinese standard forms.</summary>
        Chinese,
        /// <summary>南昌麻将: 精 wildcards (<see cref="Engine.NanchangWild"/>).</summary>
        Nanchang,
        /// <summary>四川血战: three suits.</summary>
        Sichuan,
        /// <summary>红中麻将: 7z (红中) wild.</summary>
        Hongzhong,
        /// <summary>长沙麻将.</summary>
        Changsha,
        /// <summary>国标 (MCR).</summary>
        Guobiao,
    }

    /// <summary>The answer for a 13-tile hand: its shanten (0 tenpai), the kinds that complete
    /// it (<c>Waits</c>, bit i = kind i), the kinds whose draw lowers its shanten
    /// (<c>Tiles</c>) and the copies of them still unseen (<c>Count</c>).</summary>
    /// <example><code>
    /// var u = engine.Ukeire(Tiles.Parse("34m123456789s33z"));   // u.Count == 8
    /// Tiles.Names(u.Waits);                                     // ["2m", "5m"]
    /// </code></example>
    public readonly struct Ukeire : IEquatable<Ukeire>
    {
        /// <summary>The hand's shanten (0 tenpai).</summary>
        public int Shanten { get; }
        /// <summary>The kinds that complete it (bit i = kind i).</summary>
        public ulong Waits { get; }
        /// <summary>The kinds whose draw lowers its shanten.</summary>
        public ulong Tiles { get; }
        /// <summary>The copies of <c>Tiles</c> still unseen.</summary>
        public int Count { get; }

        /// <summary>An answer from its parts.</summary>
        public Ukeire(int shanten, ulong waits, ulong tiles, int count)
        {
            Shanten = shanten; Waits = waits; Tiles = tiles; Count = count;
        }

        internal Ukeire(RawUkeire raw) : this(raw.Shanten, raw.Waits, raw.Tiles, (int)raw.Count) { }

        /// <summary>Equal parts.</summary>
        public bool Equals(Ukeire o) => Shanten == o.Shanten && Waits == o.Waits && Tiles == o.Tiles && Count == o.Count;
        /// <summary>Equal parts.</summary>
        public override bool Equals(object o) => o is Ukeire u && Equals(u);
        /// <summary>A hash of the parts.</summary>
        public override int GetHashCode() => (Shanten, Waits, Tiles, Count).GetHashCode();
        /// <summary>The shanten and count.</summary>
        public override string ToString() => $"Ukeire(shanten {Shanten}, count {Count})";
    }

    /// <summary>A call hupai refused: <c>Status</c> is the C ABI's status code (HUPAI_STATUS_*),
    /// <c>Index</c> the failing hand of a batch call (-1 otherwise).</summary>
    /// <example><code>
    /// try { Tiles.Parse("11111m"); } catch (HupaiException e) { /* e.Status == 3, a bad hand */ }
    /// </code></example>
    public sealed class HupaiException : Exception
    {
        /// <summary>The status code (HUPAI_STATUS_* of hupai.h).</summary>
        public int Status { get; }
        /// <summary>The failing hand of a batch call, or -1.</summary>
        public int Index { get; }

        internal HupaiException(int status, int index)
            : base((index >= 0 ? $"hand {index}: " : "") + Native.Message(status))
        {
            Status = status; Index = index;
        }

        internal static void Check(int status)
        {
            if (status != 0) throw new HupaiException(status, -1);
        }
    }

    /// <summary>Hands as counts: 34 bytes, 1m..9m at 0..8, 1p..9p at 9..17, 1s..9s at
    /// 18..26, 1z..7z at 27..33.</summary>
    /// <example><code>byte[] hand = Tiles.Parse("123m456p789s1122z");</code></example>
    public static class Tiles
    {
        /// <summary>The number of kinds: a hand's length.</summary>
        public const int Kinds = 34;

        /// <summary>Counts of MPSZ text ("123m456p789s1122z", 0 for a red five).</summary>
        public static byte[] Parse(string mpsz)
        {
            if (mpsz == null) throw new ArgumentNullException(nameof(mpsz));
            var counts = new byte[Kinds];
            HupaiException.Check(Native.hupai_parse_tiles(mpsz, counts));
            return counts;
        }

        /// <summary>The MPSZ name of kind i ("1m" … "7z").</summary>
        public static string Name(int kind)
        {
            if (kind < 0 || kind >= Kinds) throw new ArgumentOutOfRangeException(nameof(kind));
            return $"{kind % 9 + 1}{"mpsz"[kind / 9]}";
        }

        /// <summary>The names of the kinds of a mask (bit i = kind i).</summary>
        public static List<string> Names(ulong mask)
        {
            var names = new List<string>();
            for (int i = 0; i < Kinds; i++) if ((mask >> i & 1) == 1) names.Add(Name(i));
            return names;
        }

        /// <summary>The number of tiles of a hand's counts.</summary>
        public static int Count(byte[] counts)
        {
            int n = 0;
            foreach (var c in counts) n += c;
            return n;
        }
    }

    /// <summary>One rule set's tables, answering hands: win, wildcards needed, shanten,
    /// waits and ukeire. Thread-safe; dispose it when done (its SafeHandle frees it
    /// otherwise); calls after Dispose throw ObjectDisposedException. Refused input throws
    /// <see cref="HupaiException"/>.</summary>
    /// <example><code>
    /// using (var engine = new Engine(Preset.Riichi))
    /// {
    ///     byte[] hand = Tiles.Parse("34m123456789s33z");
    ///     int shanten = engine.Shanten(hand);          // 0: tenpai
    ///     sbyte[] many = engine.ShantenBatch(hands);   // 34 bytes a hand, one call
    /// }
    /// </code></example>
    public sealed class Engine : IDisposable
    {
        private readonly EngineHandle handle;

        /// <summary>An engine for a preset; <paramref name="wildMask"/> its wild kinds (bit i =
        /// kind i); <paramref name="tablesDir"/> tables from <c>hupai tables generate</c>, or
        /// null for the compiled-in ones.</summary>
        public Engine(Preset preset, ulong wildMask = 0, string tablesDir = null)
        {
            HupaiException.Check(Native.hupai_engine_new(preset.ToString().ToLowerInvariant(), wildMask, tablesDir, out handle));
        }

        /// <summary>The wild mask of a Nanchang 精 indicator (the kind it names and the next).</summary>
        public static ulong NanchangWild(int indicator) => Native.hupai_nanchang_wilds((byte)indicator);

        private EngineHandle Live()
        {
            if (handle.IsClosed) throw new ObjectDisposedException(nameof(Engine));
            return handle;
        }

        private static void Hand(byte[] counts)
        {
            if (counts == null) throw new ArgumentNullException(nameof(counts));
            if (counts.Length != Tiles.Kinds) throw new ArgumentException($"a hand is 34 counts, not {counts.Length}");
        }

        /// <summary>Whether a 14-tile hand wins, with the engine's wildcards.</summary>
        public bool IsWin(byte[] counts)
        {
            Hand(counts);
            HupaiException.Check(Native.hupai_is_win(Live(), counts, IntPtr.Zero, UIntPtr.Zero, out byte win));
            return win == 1;
        }

        /// <summary>The fewest wildcards a 14-tile hand needs to win, or -1.</summary>
        public int WildcardsNeeded(byte[] counts)
        {
            Hand(counts);
            HupaiException.Check(Native.hupai_wildcards_needed(Live(), counts, IntPtr.Zero, UIntPtr.Zero, out int n));
            return n;
        }

        /// <summary>The shanten of a 13- or 14-tile hand: -1 a win, 0 tenpai.</summary>
        public int Shanten(byte[] counts)
        {
            Hand(counts);
            HupaiException.Check(Native.hupai_shanten(Live(), counts, IntPtr.Zero, UIntPtr.Zero, out sbyte s));
            return s;
        }

        /// <summary>Shanten, waits and ukeire of a 13-tile hand; <paramref name="seen"/> (34
        /// counts, or null) are left out of the count.</summary>
        public Ukeire Ukeire(byte[] counts, byte[] seen = null)
        {
            Hand(counts);
            if (seen != null) Hand(seen);
            HupaiException.Check(Native.hupai_ukeire(Live(), counts, IntPtr.Zero, UIntPtr.Zero, seen, out RawUkeire u));
            return new Ukeire(u);
        }

        private static int Hands(byte[] counts)
        {
            if (counts == null) throw new ArgumentNullException(nameof(counts));
            if (counts.Length % Tiles.Kinds != 0) throw new ArgumentException($"hands are 34 counts each; got {counts.Length} bytes");
            return counts.Length / Tiles.Kinds;
        }

        /// <summary>Makes one native batch call over n hands (it gets the engine and a status
        /// per hand); throws for the first hand that could not be answered.</summary>
        private void Batch(int n, Func<EngineHandle, int[], int> call)
        {
            if (n == 0) return;
            var statuses = new int[n];
            int status = call(Live(), statuses);
            if (status == 0) return;
            for (int i = 0; i < n; i++) if (statuses[i] != 0) throw new HupaiException(statuses[i], i);
            HupaiException.Check(status);
        }

        /// <summary>The shanten of every hand of <paramref name="counts"/> (34 bytes a hand), in
        /// one native call.</summary>
        public sbyte[] ShantenBatch(byte[] counts)
        {
            var output = new sbyte[Hands(counts)];
            Batch(output.Length, (h, st) => Native.hupai_shanten_batch(h, (UIntPtr)output.Length, counts, IntPtr.Zero, IntPtr.Zero, output, st));
            return output;
        }

        /// <summary>Whether each 14-tile hand of <paramref name="counts"/> wins, in one call.</summary>
        public bool[] IsWinBatch(byte[] counts)
        {
            var win = new byte[Hands(counts)];
            Batch(win.Length, (h, st) => Native.hupai_is_win_batch(h, (UIntPtr)win.Length, counts, IntPtr.Zero, IntPtr.Zero, win, st));
            return win.Select(w => w == 1).ToArray();
        }

        /// <summary>The ukeire of every 13-tile hand of <paramref name="counts"/>, in one call.</summary>
        public Ukeire[] UkeireBatch(byte[] counts)
        {
            var raw = new RawUkeire[Hands(counts)];
            Batch(raw.Length, (h, st) => Native.hupai_ukeire_batch(h, (UIntPtr)raw.Length, counts, IntPtr.Zero, IntPtr.Zero, null, raw, st));
            return raw.Select(r => new Ukeire(r)).ToArray();
        }

        /// <summary>Frees the engine; idempotent.</summary>
        public void Dispose() => handle.Dispose();
    }
}
