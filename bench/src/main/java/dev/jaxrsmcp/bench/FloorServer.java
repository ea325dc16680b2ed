package dev.jaxrsmcp.bench;

import java.net.URI;
import java.util.Map;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * A floor under an idle listen stream ({@link IdleFloors}), run in a JVM of its own with the
 * fan-out server's Grizzly settings ({@link BridgeServer#containerSettings}) and without the
 * bridge. The second argument names it: {@code grizzly}, a bare Grizzly handler ({@link
 * GrizzlyFloor}) in front of Jersey's, which serves only {@link AdminRoutes} (the heap is asked
 * through it); {@code jersey}, a bare Jersey resource ({@link JerseyFloor}) beside {@link
 * AdminRoutes}. Either way the server has one handler, as the bridge's has: with several, Grizzly
 * keeps a mapping of each open request (its path decoded anew, about 1 KiB more per stream). Prints
 * {@code READY port=N} once it listens. Arguments: the port (0: any free one), the floor.
 */
public final class FloorServer {
  /** The floor of Grizzly alone. */
  static final String GRIZZLY = "grizzly";

  /** The floor of Jersey on Grizzly. */
  static final String JERSEY = "jersey";

  private FloorServer() {}

  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    String floor = args.length > 1 ? args[1] : JERSEY;
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"),
            floor.equals(GRIZZLY)
                ? new ResourceConfig(AdminRoutes.class)
                : new ResourceConfig(AdminRoutes.class, JerseyFloor.class),
            false);
    if (floor.equals(GRIZZLY)) {
      var config = server.getServerConfiguration();
      var registered = Map.copyOf(config.getHttpHandlersWithMapping());
      for (var entry : registered.entrySet()) {
        config.removeHttpHandler(entry.getKey());
        config.addHttpHandler(new GrizzlyFloor(entry.getKey()), entry.getValue());
      }
    }
    BridgeServer.containerSettings(server, 0, false);
    BridgeServer.serve(server);
  }
}
