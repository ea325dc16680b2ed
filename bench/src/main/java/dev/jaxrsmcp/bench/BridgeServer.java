package dev.jaxrsmcp.bench;

import dev.jaxrsmcp.demo.DemoApplication;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The server under test, run in its own JVM: the demo application ({@link
 * DemoApplication#create()}) plus {@link BenchRoutes} and {@link AdminRoutes}, on embedded Grizzly
 * at 127.0.0.1. Prints {@code READY port=N} once it listens.
 */
public final class BridgeServer {
  private BridgeServer() {}

  /** The application under test. */
  static ResourceConfig application() {
    return DemoApplication.create().register(BenchRoutes.class).register(AdminRoutes.class);
  }

  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"), application(), true);
    // Keep-alive connections stay open (Grizzly closes them after 256 requests by default).
    server.getListeners().forEach(listener -> listener.getKeepAlive().setMaxRequestsCount(-1));
    int actual = server.getListeners().iterator().next().getPort();
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.shutdownNow();
                  stop.countDown();
                }));
    System.out.println(ChildJvm.READY + actual);
    System.out.flush();
    stop.await();
  }
}
