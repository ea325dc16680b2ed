package dev.jaxrsmcp.internal.breakoff;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.jersey.internal.inject.InjectionManager;

/**
 * The Grizzly connection of the request in scope, through the Grizzly response Jersey's Grizzly
 * container binds for injection. Grizzly is an optional dependency: only {@link BrokenResponse}
 * loads this class, and only when Grizzly's classes are there.
 */
final class GrizzlyConnections {
  private GrizzlyConnections() {}

  /**
   * Closes the connection of the request in scope; false when the request is not Grizzly's. Grizzly
   * closes it once what is queued for it was written, and takes nothing more for it.
   */
  static boolean close(InjectionManager injection) {
    Response response = injection.getInstance(Response.class);
    if (response == null) {
      return false;
    }
    Connection<?> connection = response.getRequest().getContext().getConnection();
    connection.closeSilently();
    return true;
  }
}
