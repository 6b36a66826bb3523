package dev.hupai;

/**
 * The answer for a 13-tile hand.
 *
 * <pre>{@code
 * Ukeire u = engine.ukeire(Tiles.parse("34m123456789s33z"));
 * Tiles.names(u.waits()); // [2m, 5m]; u.count() == 8
 * }</pre>
 *
 * @param shanten the hand's shanten (0: tenpai)
 * @param waits the kinds that complete it (bit i: kind i)
 * @param tiles the kinds whose draw lowers its shanten
 * @param count the copies of {@code tiles} still unseen
 */
public record Ukeire(int shanten, long waits, long tiles, int count) {}
