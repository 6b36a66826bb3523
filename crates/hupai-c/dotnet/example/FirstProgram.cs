// A first program with the Hupai NuGet package: the shanten of each hand of a file (MPSZ, one
// a line) in one batch call, and the ukeire of the 13-tile ones, as JSON lines.
// scripts/package-check builds it against the package taken from a local feed and compares
// its answers with hupai batch.
using System;
using System.IO;
using System.Linq;
using System.Text;
using Hupai;

static class FirstProgram
{
    static void Main(string[] args)
    {
        var names = File.ReadAllLines(args[0]).Select(l => l.Trim()).Where(l => l.Length > 0).ToArray();
        var hands = names.SelectMany(Tiles.Parse).ToArray();
        var output = new StringBuilder();
        using (var engine = new Engine(Preset.Riichi))
        {
            var shanten = engine.ShantenBatch(hands);
            for (int i = 0; i < names.Length; i++)
            {
                var hand = Tiles.Parse(names[i]);
                output.Append($"{{\"hand\": \"{names[i]}\", \"shanten\": {shanten[i]}");
                if (Tiles.Count(hand) == 13) output.Append($", \"ukeire\": {engine.Ukeire(hand).Count}");
                output.Append("}\n");
            }
        }
        Console.Write(output);
    }
}
