package dev.jaxrsmcp.owners;

import dev.jaxrsmcp.McpFeature;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;

/**
 * The server of {@link FloodUnderSmallHeapTest}, run in a JVM of its own with a small heap: the
 * ownership application with the bridge's default limits, and {@code /admin/heap}, which collects
 * fully and answers the live heap in bytes. Prints {@code listening <port>} once it serves.
 */
public final class FloodServer {
  private FloodServer() {}

  @Path("/admin/heap")
  public static class Heap {
    @GET
    @Produces("text/plain")
    public String live() throws InterruptedException {
      MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
      long used = Long.MAX_VALUE;
      for (int i = 0; i < 4; i++) {
        System.gc();
        Thread.sleep(100);
        used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
      }
      return Long.toString(used);
    }
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://127.0.0.1:" + port + "/"),
            OwnerApp.create(McpFeature.builder().build()).register(Heap.class));
    System.out.println("listening " + port);
    System.out.flush();
    new CountDownLatch(1).await();
    server.shutdownNow();
  }
}
