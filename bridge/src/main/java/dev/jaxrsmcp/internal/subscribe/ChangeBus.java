package dev.jaxrsmcp.internal.subscribe;

import java.util.function.Consumer;

/**
 * Carries change events between instances of one service. The hub delivers its own changes locally
 * and publishes them; the bus hands it the changes published by other instances only.
 */
public interface ChangeBus extends AutoCloseable {

  /** Starts receiving other instances' events; called once when the application starts. */
  void start(Consumer<ChangeEvent> fromOtherInstances);

  /** Publishes a local event to the other instances. Must not block on the network. */
  void publish(ChangeEvent event);

  /** Stops receiving and releases connections. */
  @Override
  void close();

  /** A bus for a single instance: nothing to carry. */
  static ChangeBus local() {
    return new ChangeBus() {
      @Override
      public void start(Consumer<ChangeEvent> fromOtherInstances) {}

      @Override
      public void publish(ChangeEvent event) {}

      @Override
      public void close() {}
    };
  }
}
