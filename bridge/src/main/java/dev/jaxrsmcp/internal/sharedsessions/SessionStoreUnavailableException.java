package dev.jaxrsmcp.internal.sharedsessions;

/**
 * Thrown when the shared session store cannot be reached (or does not answer in time). Sessions
 * this instance already knows keep working; what needs the store (a new session, a session this
 * instance has not seen) fails with this, never by waiting.
 */
public final class SessionStoreUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String store;

  /**
   * @param store what the store is, for the message ({@code Redis at 127.0.0.1:6379})
   */
  public SessionStoreUnavailableException(String store, Throwable cause) {
    super(store + " is unavailable (" + cause.getClass().getSimpleName() + ")", cause);
    this.store = store;
  }

  /** What the store is, for messages. */
  public String store() {
    return store;
  }
}
