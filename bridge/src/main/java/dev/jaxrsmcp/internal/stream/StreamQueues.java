package dev.jaxrsmcp.internal.stream;

import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * What a container may queue for a connection that carries an event stream, beyond the stream's own
 * outbox: at most {@value #CONTAINER_QUEUE_BYTES} bytes on Grizzly ({@link GrizzlyQueueBound}). A
 * servlet container's blocking write holds no more than its socket buffer. Thread-safe.
 */
public final class StreamQueues {
  /** The most bytes Grizzly queues for a stream's connection before its writes wait. */
  static final int CONTAINER_QUEUE_BYTES = 64 * 1024;

  private static final System.Logger LOG = System.getLogger(StreamQueues.class.getName());

  /** Whether Grizzly's server classes are there; looked up once. */
  private static final boolean GRIZZLY = present();

  private final Supplier<Optional<InjectionManager>> injection;

  /**
   * @param injection the running application's injection manager; empty before it started
   */
  public StreamQueues(Supplier<Optional<InjectionManager>> injection) {
    this.injection = injection;
  }

  /** Bounds the container's queue for the connection of the request in scope (its thread). */
  public void bound() {
    if (!GRIZZLY) {
      return;
    }
    injection
        .get()
        .ifPresent(
            manager -> {
              try {
                GrizzlyQueueBound.apply(manager, CONTAINER_QUEUE_BYTES);
              } catch (RuntimeException | LinkageError e) {
                // Not a Grizzly request, or not one in scope: its queue keeps Grizzly's bound.
                LOG.log(System.Logger.Level.DEBUG, "no Grizzly connection to bound", e);
              }
            });
  }

  private static boolean present() {
    try {
      Class.forName(
          "org.glassfish.grizzly.http.server.Response", false, StreamQueues.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
