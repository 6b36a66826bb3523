import dev.hupai.Engine;
import dev.hupai.Preset;
import dev.hupai.Tiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A first program with the hupai jar: the shanten of each hand of a file (MPSZ, one a line) in
 * one batch call, and the ukeire of the 13-tile ones, as JSON lines. scripts/package-check
 * runs it and compares its answers with hupai batch.
 */
public class FirstProgram {
  public static void main(String[] args) throws Exception {
    List<String> names = Files.readAllLines(Path.of(args[0])).stream().filter(s -> !s.isBlank()).toList();
    byte[] hands = new byte[34 * names.size()];
    for (int i = 0; i < names.size(); i++) {
      System.arraycopy(Tiles.parse(names.get(i).trim()), 0, hands, 34 * i, 34);
    }
    StringBuilder out = new StringBuilder();
    try (Engine engine = new Engine(Preset.RIICHI)) {
      byte[] shanten = engine.shantenBatch(hands);
      for (int i = 0; i < names.size(); i++) {
        byte[] hand = Tiles.parse(names.get(i).trim());
        out.append("{\"hand\": \"").append(names.get(i).trim()).append("\", \"shanten\": ").append(shanten[i]);
        if (Tiles.count(hand) == 13) {
          out.append(", \"ukeire\": ").append(engine.ukeire(hand).count());
        }
        out.append("}\n");
      }
    }
    System.out.print(out);
  }
}
