package dev.jaxrsmcp.internal.session;

/**
 * Thrown when a new session would exceed a limit: the most sessions in all, or the most sessions of
 * one caller ({@link Session#quotaKey()}). Nothing was created.
 */
public final class TooManySessionsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int limit;
  private final boolean perCaller;

  /**
   * @param perCaller true when the caller's own quota was reached, false for the limit in all
   */
  public TooManySessionsException(int limit, boolean perCaller) {
    super(
        "at most "
            + limit
            + (perCaller ? " sessions of one caller" : " sessions")
            + " may be open at once",
        null,
        false,
        false);
    this.limit = limit;
    this.perCaller = perCaller;
  }

  /** The limit that was reached. */
  public int limit() {
    return limit;
  }

  /** True when the caller's own quota was reached, false for the limit in all. */
  public boolean perCaller() {
    return perCaller;
  }
}
