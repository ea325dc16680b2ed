package dev.jaxrsmcp.internal.quota;

/**
 * A quota would be passed: which limit, whose, and how much was held. Nothing was taken. Unchecked;
 * the transport turns it into the endpoint's capacity answer.
 */
public final class QuotaExceededException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Whose limit it is. */
  public enum Scope {
    /** The limit for everyone together. */
    ALL,
    /** The limit of one owner. */
    OWNER,
    /** The limit every caller the application did not authenticate shares. */
    ANONYMOUS
  }

  private final transient OwnerQuota.Limit limit;
  private final Scope scope;
  private final int held;

  QuotaExceededException(OwnerQuota.Limit limit, Scope scope, int held) {
    super(limit.setting() + " " + limit.max() + " reached (" + scope + ")", null, false, false);
    this.limit = limit;
    this.scope = scope;
    this.held = held;
  }

  public OwnerQuota.Limit limit() {
    return limit;
  }

  public Scope scope() {
    return scope;
  }

  /** Units held when it was refused. */
  public int held() {
    return held;
  }

  /**
   * The limit in words: {@code "at most 100 for one caller (maxListensPerCaller)"}, {@code "at most
   * 1000 for all unauthenticated callers together (maxAnonymousListens)"}, {@code "at most 10000 in
   * all (maxConcurrentListens)"}.
   */
  public String describe() {
    String whose =
        switch (scope) {
          case ALL -> "in all";
          case OWNER -> "for one caller";
          case ANONYMOUS -> "for all unauthenticated callers together";
        };
    return "at most " + limit.max() + " " + whose + " (" + limit.setting() + ")";
  }
}
