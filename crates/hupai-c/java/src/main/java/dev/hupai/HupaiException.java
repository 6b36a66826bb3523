package dev.hupai;

/**
 * A call hupai refused: a bad hand, bad text, an unknown preset… {@link #status()} is the C
 * ABI's status code; {@link #index()} the hand of a batch call that failed (-1 otherwise).
 *
 * <pre>{@code
 * try { Tiles.parse("11111m"); } catch (HupaiException e) { e.status(); // 3: a bad hand }
 * }</pre>
 */
public final class HupaiException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int status;
  private final int index;

  HupaiException(int status, int index) {
    super((index >= 0 ? "hand " + index + ": " : "") + Native.LIB.hupai_status_message(status));
    this.status = status;
    this.index = index;
  }

  /** The status code (HUPAI_STATUS_* of hupai.h). */
  public int status() {
    return status;
  }

  /** The failing hand of a batch call, or -1. */
  public int index() {
    return index;
  }

  static void check(int status) {
    if (status != 0) {
      throw new HupaiException(status, -1);
    }
  }
}
