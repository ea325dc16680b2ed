package dev.jaxrsmcp.internal.session;

/** Thrown by {@link SessionStore#create} when the store already holds its most sessions. */
public final class TooManySessionsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int limit;

  TooManySessionsException(int limit) {
    super("at most " + limit + " sessions may be open at once", null, false, false);
    this.limit = limit;
  }

  /** The store's limit. */
  public int limit() {
    return limit;
  }
}
