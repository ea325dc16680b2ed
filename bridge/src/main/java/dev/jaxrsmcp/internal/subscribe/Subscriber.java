package dev.jaxrsmcp.internal.subscribe;

/**
 * One notification stream: a modern {@code subscriptions/listen} stream or a legacy session's GET
 * stream. Implementations must not block for long and must not throw.
 */
public interface Subscriber {

  /** Sends {@code notifications/resources/updated} for {@code uri}. */
  void resourceUpdated(String uri);

  /** Sends {@code notifications/resources/list_changed}. */
  void resourcesListChanged();
}
