package dev.jaxrsmcp.internal.readiness;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * Lowers Grizzly's bound on what it queues for one connection, for a connection that carries an
 * event stream. Grizzly allows four times the socket's send buffer by default (about 7.5 MiB on
 * Linux loopback once the kernel grew the buffer), and each queued write keeps a pooled buffer
 * several times its size: a client that stops reading would hold tens of MB. With the bound low,
 * its {@code canWrite} turns false early, and the stream's outbox waits, counting what waits
 * against {@code maxUnsentBytes}. Grizzly is an optional dependency: only the stream's queues load
 * this class, and only when Grizzly's classes are there.
 */
public final class GrizzlyQueueBound {
  private GrizzlyQueueBound() {}

  /** Bounds the queue of the Grizzly connection in scope; false when it is not Grizzly's. */
  public static boolean apply(InjectionManager injection, int bytes) {
    Response response = injection.getInstance(Response.class);
    if (response == null) {
      return false;
    }
    Connection<?> connection = response.getRequest().getContext().getConnection();
    if (connection.getMaxAsyncWriteQueueSize() < 0
        || connection.getMaxAsyncWriteQueueSize() > bytes) {
      connection.setMaxAsyncWriteQueueSize(bytes);
    }
    return true;
  }
}
