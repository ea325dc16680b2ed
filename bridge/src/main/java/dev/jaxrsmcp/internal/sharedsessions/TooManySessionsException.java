package dev.jaxrsmcp.internal.sharedsessions;

import java.time.Duration;
import java.util.Optional;

/**
 * Thrown when a new session would exceed a limit: the most sessions in all, the most of one caller
 * ({@link dev.jaxrsmcp.internal.session.Session#quotaKey()}), or the most of all anonymous callers
 * together, after an idle session of the caller could not be ended to make room. Nothing was
 * created.
 */
public final class TooManySessionsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Which limit was reached. */
  public enum Scope {
    /** The most sessions in all ({@code maxSessions}). */
    ALL,
    /** The most sessions of one caller ({@code maxSessionsPerCaller}). */
    CALLER,
    /** The most sessions of all anonymous callers together ({@code maxAnonymousSessions}). */
    ANONYMOUS
  }

  private final int limit;
  private final Scope scope;
  private final transient Optional<Duration> retryAfter;

  /**
   * @param retryAfter when a place may be free (the earliest an idle session expires); empty when
   *     that cannot be told (every session of the caller is in use)
   */
  public TooManySessionsException(int limit, Scope scope, Optional<Duration> retryAfter) {
    super("at most " + limit + " sessions may be open at once (" + scope + ")", null, false, false);
    this.limit = limit;
    this.scope = scope;
    this.retryAfter = retryAfter;
  }

  /** The limit that was reached. */
  public int limit() {
    return limit;
  }

  /** Which limit it was. */
  public Scope scope() {
    return scope;
  }

  /** When a place may be free; empty when that cannot be told. */
  public Optional<Duration> retryAfter() {
    return retryAfter;
  }
}
