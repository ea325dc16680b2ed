package dev.jaxrsmcp.internal.readiness;

import java.util.Optional;
import java.util.function.Supplier;
import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * What a container may queue for a connection that carries an event stream or a long-running read,
 * beyond the stream's own outbox: at most {@value #CONTAINER_QUEUE_BYTES} bytes on Grizzly ({@link
 * GrizzlyQueueBound}). On a servlet container the stream's output is made non-blocking ({@link
 * ServletReadiness}), so the container holds at most the one write it was handed last; for that,
 * the request's servlet response is found here, where the request scope is active, and kept on the
 * request for the stream ({@link #SERVLET_RESPONSE}). Thread-safe.
 */
public final class StreamQueues {
  /**
   * The most bytes Grizzly queues for a stream's connection before its writes wait. Each queued
   * write keeps a pooled buffer larger than what it carries, and notifications are flushed one by
   * one as they are delivered: 64 KiB of them kept about 2 MiB for a stalled client.
   */
  public static final int CONTAINER_QUEUE_BYTES = 16 * 1024;

  /** The request property that carries the servlet response from here to the stream's answer. */
  public static final String SERVLET_RESPONSE = StreamQueues.class.getName() + ".servletResponse";

  private static final System.Logger LOG = System.getLogger(StreamQueues.class.getName());

  /** Whether Grizzly's server classes are there; looked up once. */
  private static final boolean GRIZZLY = present("org.glassfish.grizzly.http.server.Response");

  /** Whether the Servlet API is there; looked up once. */
  private static final boolean SERVLET = present("jakarta.servlet.WriteListener");

  private final Supplier<Optional<InjectionManager>> injection;

  /**
   * @param injection the running application's injection manager; empty before it started
   */
  public StreamQueues(Supplier<Optional<InjectionManager>> injection) {
    this.injection = injection;
  }

  /**
   * Bounds the container's queue for the connection of {@code request}, the request in scope (on
   * its thread), before its stream is answered.
   */
  public void bound(ContainerRequest request) {
    Optional<InjectionManager> manager = injection.get();
    if (manager.isEmpty() || boundGrizzly(manager.get())) {
      return;
    }
    try {
      if (SERVLET) {
        ServletReadiness.responseInScope(manager.get())
            .ifPresent(response -> request.setProperty(SERVLET_RESPONSE, response));
      }
    } catch (RuntimeException | LinkageError e) {
      // Not a servlet request, or not one in scope: its stream's writes block.
      LOG.log(System.Logger.Level.DEBUG, "no servlet response to write without blocking", e);
    }
  }

  /**
   * Bounds what Grizzly queues for the connection of the request in scope (on its thread) that a
   * long-running read answers: its body, written from the spool as fast as the disk gives it, would
   * otherwise wait in Grizzly's queue up to four times the socket's send buffer, each write in a
   * pooled buffer of its own (the benchmark's 1 GiB read peaked 3 to 15 MiB higher). Past the
   * bound, the writer waits for the client, as a blocking container's writer does. Elsewhere
   * nothing changes: a servlet container's blocking write bounds it already.
   */
  public void boundLongRead() {
    injection.get().ifPresent(this::boundGrizzly);
  }

  /** True when the request in scope is Grizzly's and its connection is bounded now. */
  private boolean boundGrizzly(InjectionManager manager) {
    try {
      return GRIZZLY && GrizzlyQueueBound.apply(manager, CONTAINER_QUEUE_BYTES);
    } catch (RuntimeException | LinkageError e) {
      // Not a Grizzly request, or not one in scope: its queue keeps Grizzly's bound.
      LOG.log(System.Logger.Level.DEBUG, "no Grizzly connection to bound", e);
      return false;
    }
  }

  private static boolean present(String type) {
    try {
      Class.forName(type, false, StreamQueues.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
