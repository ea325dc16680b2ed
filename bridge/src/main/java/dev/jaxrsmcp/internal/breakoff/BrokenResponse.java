package dev.jaxrsmcp.internal.breakoff;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * Breaks off a response that failed after it was committed, so that no client or proxy can take
 * what arrived for a complete answer (contract section 7). HTTP/1.1 says a response of unknown
 * length is incomplete when its connection ends before the last chunk; Jakarta REST has no way to
 * end it so, and Jersey, once a response is committed, logs a writer's failure and then ends the
 * response as if it were whole. So what was written is flushed (the client gets whole chunks of it)
 * and the container's connection is closed before Jersey ends the response.
 *
 * <p>The connection is reached through the container's own response, as Jersey's container binds it
 * for injection in the request scope: Grizzly's ({@link GrizzlyConnections}), looked up by name so
 * that nothing of Grizzly is loaded on another container. On a container it does not know, the
 * response ends as Jersey ends it; the failure is logged either way. Thread-safe.
 */
public final class BrokenResponse {
  private static final System.Logger LOG = System.getLogger(BrokenResponse.class.getName());

  /** Whether Grizzly's server classes are there; looked up once. */
  private static final boolean GRIZZLY = present("org.glassfish.grizzly.http.server.Response");

  /** Whether the Servlet API is there; looked up once. */
  private static final boolean SERVLET = ServletConnections.present();

  private BrokenResponse() {}

  /**
   * Flushes {@code out} and closes the connection the response is sent on, when the container is
   * known; returns whether it was closed.
   *
   * @param injection the request's injection manager (the request scope must be active)
   * @param out the response's stream
   * @param failure why, for the container's own records
   */
  public static boolean breakOff(
      Optional<InjectionManager> injection, OutputStream out, Throwable failure) {
    try {
      out.flush(); // what was written so far arrives in whole chunks, never the last one
    } catch (IOException | RuntimeException e) {
      // The client is gone or the stream failed: the connection is closed all the same.
    }
    if (injection.isEmpty()) {
      return false;
    }
    InjectionManager manager = injection.get();
    return (GRIZZLY && attempt("Grizzly", () -> GrizzlyConnections.close(manager)))
        || (SERVLET && attempt("servlet", () -> ServletConnections.close(manager, failure)));
  }

  /** One container's way; false when it is not this container's request or it failed. */
  private static boolean attempt(String container, Attempt attempt) {
    try {
      return attempt.close();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "could not close the " + container + " connection of a broken response",
          e);
      return false;
    }
  }

  @FunctionalInterface
  private interface Attempt {
    boolean close() throws ReflectiveOperationException;
  }

  private static boolean present(String type) {
    try {
      Class.forName(type, false, BrokenResponse.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
