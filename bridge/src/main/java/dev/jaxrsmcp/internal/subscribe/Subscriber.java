package dev.jaxrsmcp.internal.subscribe;

/**
 * One notification stream: a modern {@code subscriptions/listen} stream or a legacy session's GET
 * stream. The change hub calls these methods on its delivery threads, one call at a time per
 * subscriber, never on the thread that reported the change; they should not throw.
 */
public interface Subscriber {

  /** Sends {@code notifications/resources/updated} for {@code uri}. */
  void resourceUpdated(String uri);

  /** Sends {@code notifications/resources/list_changed}. */
  void resourcesListChanged();

  /**
   * The client fell so far behind that the notifications queued for it were dropped: end its stream
   * (the client may listen again and re-read). Later notifications are queued afresh.
   */
  default void overwhelmed() {}
}
