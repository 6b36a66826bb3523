// The tests of the Hupai package, run by scripts/package dotnet against the staged package:
// each [Test] method throws on a wrong answer; the program exits 1 if any did.
using System;
using System.Linq;
using System.Threading.Tasks;
using Hupai;

static class EngineTests
{
    static void Equal<T>(T want, T got, string what)
    {
        if (!Equals(want, got)) throw new Exception($"{what}: want {want}, got {got}");
    }

    static T Throws<T>(Action a, string what) where T : Exception
    {
        try { a(); } catch (T e) { return e; }
        throw new Exception($"{what}: no {typeof(T).Name}");
    }

    static void Answers()
    {
        using (var e = new Engine(Preset.Riichi))
        {
            var hand = Tiles.Parse("34m123456789s33z");
            Equal(0, e.Shanten(hand), "shanten");
            var u = e.Ukeire(hand);
            Equal("2m 5m", string.Join(" ", Tiles.Names(u.Waits)), "waits");
            Equal(8, u.Count, "ukeire");
            Equal(6, e.Ukeire(hand, Tiles.Parse("55m")).Count, "ukeire with 55m seen");
            Equal(true, e.IsWin(Tiles.Parse("234m123456789s33z")), "a win");
            Equal(false, e.IsWin(Tiles.Parse("235m123456789s33z")), "not a win");
        }
    }

    static void Wildcards()
    {
        using (var e = new Engine(Preset.Nanchang, Engine.NanchangWild(27)))
        {
            var hand = Tiles.Parse("123m456p789s455m12z");
            Equal(true, e.IsWin(hand), "the jing hand wins");
            Equal(2, e.WildcardsNeeded(hand), "wildcards needed");
        }
    }

    static void Refusals()
    {
        Equal(3, Throws<HupaiException>(() => Tiles.Parse("11111m"), "a fifth copy").Status, "status");
        Equal(2, Throws<HupaiException>(() => Tiles.Parse("12x"), "bad text").Status, "status");
        var e = new Engine(Preset.Riichi);
        Throws<ArgumentException>(() => e.Shanten(new byte[3]), "three counts");
        var five = new byte[34];
        five[0] = 5;
        Equal(3, Throws<HupaiException>(() => e.Shanten(five), "five 1m").Status, "status");
        var two = Tiles.Parse("34m123456789s33z").Concat(five).ToArray();
        Equal(1, Throws<HupaiException>(() => e.ShantenBatch(two), "a bad hand in a batch").Index, "index");
        Throws<ArgumentException>(() => e.ShantenBatch(new byte[35]), "35 bytes");
        Equal(0, e.ShantenBatch(new byte[0]).Length, "no hands");
        e.Dispose();
        e.Dispose();
        Throws<ObjectDisposedException>(() => e.Shanten(Tiles.Parse("34m123456789s33z")), "disposed");
    }

    static byte[] Deal(int n, int tiles, int seed)
    {
        var rng = new Random(seed);
        var output = new byte[34 * n];
        for (int i = 0; i < n; i++)
        {
            var wall = Enumerable.Range(0, 136).Select(t => t / 4).OrderBy(_ => rng.Next()).Take(tiles);
            foreach (var k in wall) output[34 * i + k]++;
        }
        return output;
    }

    // The batch calls answer as the single ones, from four threads sharing one engine.
    static void BatchesEqualSingleCalls()
    {
        using (var e = new Engine(Preset.Riichi))
        {
            Parallel.For(0, 4, g =>
            {
                var h13 = Deal(2000, 13, g);
                var h14 = Deal(2000, 14, g + 10);
                var s = e.ShantenBatch(h13);
                var u = e.UkeireBatch(h13);
                var w = e.IsWinBatch(h14);
                for (int i = 0; i < 2000; i++)
                {
                    var one = h13.Skip(34 * i).Take(34).ToArray();
                    var win = h14.Skip(34 * i).Take(34).ToArray();
                    Equal(e.Shanten(one), (int)s[i], $"shanten of hand {i}");
                    Equal(e.Ukeire(one), u[i], $"ukeire of hand {i}");
                    Equal(e.IsWin(win), w[i], $"win of hand {i}");
                }
            });
        }
    }

    static int Main()
    {
        var tests = new (string, Action)[]
        {
            ("answers", Answers), ("wildcards", Wildcards), ("refusals", Refusals),
            ("batches equal single calls", BatchesEqualSingleCalls),
        };
        int failed = 0;
        foreach (var t in tests)
        {
            try { t.Item2(); Console.WriteLine($"ok   {t.Item1}"); }
            catch (Exception ex) { failed++; Console.WriteLine($"FAIL {t.Item1}: {ex}"); }
        }
        Console.WriteLine($"{tests.Length - failed} passed, {failed} failed");
        return failed == 0 ? 0 : 1;
    }
}
