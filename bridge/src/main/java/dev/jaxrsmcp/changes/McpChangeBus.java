package dev.jaxrsmcp.changes;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * Carries change events between the instances of one service, so a change published on one instance
 * reaches subscribers held by another. Each instance delivers its own changes locally and publishes
 * them; the bus hands it only the changes other instances published. The default, {@link #local()},
 * carries nothing (one instance); the {@code jaxrs-mcp-redis} artifact offers Redis pub/sub:
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .changeBus(RedisChangeBus.builder("redis://localhost:6379").build())
 *     .build();
 * }</pre>
 *
 * <p>Implementations must never block the caller of {@link #publish} on the network, and must keep
 * working (or quietly retry) while their transport is down.
 */
public interface McpChangeBus extends AutoCloseable {

  /**
   * Starts receiving other instances' changes; called when the application starts. A container
   * reload closes the bus with the old application and calls this again for the new one, so a
   * closed bus must be able to start afresh.
   */
  void start(Consumer<Change> fromOtherInstances);

  /**
   * Starts receiving other instances' changes, and says when some may have been lost on the way:
   * this instance was not connected for a while (the first moments after start-up, an outage), or
   * another instance could not publish. The feature then tells every subscriber on this instance
   * that each URI it subscribed to was updated, and every list listener that the list changed, so
   * the clients read again. The feature calls this method, once, when the application starts; the
   * default calls {@link #start(Consumer)} and never reports a loss.
   *
   * @param missed run (on any thread, never blocking it for long) whenever changes may have been
   *     missed
   */
  default void start(Consumer<Change> fromOtherInstances, Runnable missed) {
    start(fromOtherInstances);
  }

  /** Publishes a local change to the other instances; never blocks on the network. */
  void publish(Change change);

  /** Stops receiving and releases connections; called when the application shuts down. */
  @Override
  void close();

  /** A bus for a single instance: nothing to carry. */
  static McpChangeBus local() {
    return new McpChangeBus() {
      @Override
      public void start(Consumer<Change> fromOtherInstances) {}

      @Override
      public void publish(Change change) {}

      @Override
      public void close() {}
    };
  }

  /**
   * One change: a resource updated (with its URI) or the resource list changed (without one).
   *
   * @param uri the changed resource; empty for a list change
   */
  record Change(Optional<String> uri) {

    public Change {
      uri.ifPresent(
          u -> {
            if (u.isEmpty()) {
              throw new IllegalArgumentException("a changed URI must not be empty");
            }
          });
    }

    /** The resource at {@code uri} changed. */
    public static Change updated(String uri) {
      return new Change(Optional.of(uri));
    }

    /** The resource list changed. */
    public static Change listChanged() {
      return new Change(Optional.empty());
    }
  }
}
