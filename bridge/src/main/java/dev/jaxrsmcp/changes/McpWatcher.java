package dev.jaxrsmcp.changes;

import java.util.List;
import java.util.Map;

/**
 * Watches the resources of one subscribable template, so the application does not have to push
 * changes itself. The bridge calls {@link #watch} once per subscribed URI (when its first
 * subscriber arrives, shared by all later subscribers on this instance) and closes the returned
 * handle when the last subscriber leaves.
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .watch("app://widgets/{id}/state", target -> {
 *       long id = Long.parseLong(target.variables().get("id"));
 *       Runnable listener = target::changed;
 *       store.addListener(id, listener);
 *       return () -> store.removeListener(id, listener);
 *     })
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface McpWatcher {

  /** Starts watching one URI; returns what stops watching it. */
  Handle watch(Target target);

  /**
   * A watcher that watches nothing: register it for a subscribable template whose changes the
   * application pushes itself through {@link McpChanges#changed(String)}, to say so (and so the
   * start-up warning about a subscribable template without a watcher is not logged).
   *
   * <pre>{@code
   * McpFeature.builder().watch("app://widgets/{id}/state", McpWatcher.pushed()).build();
   * }</pre>
   */
  static McpWatcher pushed() {
    return target -> () -> {};
  }

  /** The URI to watch and how to report its changes. */
  interface Target {
    /** The subscribed URI. */
    String uri();

    /** The template variables the URI bound, percent-decoded. */
    Map<String, String> variables();

    /**
     * The HTTP headers of a current subscriber's MCP request (for example its credentials). When
     * that subscriber leaves while others stay, the watcher is started again (a new {@link #watch}
     * before the old handle is closed) with the headers of the oldest remaining subscriber.
     */
    Map<String, List<String>> headers();

    /** Reports a change of {@link #uri()}; same as {@link McpChanges#changed(String)}. */
    void changed();
  }

  /** Stops watching. Called once; must not throw. */
  @FunctionalInterface
  interface Handle extends AutoCloseable {
    @Override
    void close();
  }
}
