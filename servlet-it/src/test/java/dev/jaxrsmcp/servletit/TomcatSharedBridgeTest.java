package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.jupiter.api.Test;

/**
 * Two web applications on one Tomcat share one copy of the bridge, as they do when its jar is in
 * Tomcat's {@code lib/}: here the bridge is on the class path every web application's class loader
 * delegates to. The bridge's shared pools serve both; a pool thread one application's request
 * started serves the other too. Every read, the queued ones that run on the bridge's threads
 * included, runs with its own application's context class loader; and when one application stops
 * while the other runs on, no thread of the bridge holds the stopped one's class loader, and Tomcat
 * warns of none. Before, a pool thread kept the loader of the application whose request started it:
 * the other application's queued reads ran with the wrong loader, and the stopped application's
 * stayed in memory behind the idle threads.
 */
class TomcatSharedBridgeTest {
  /** The context class loader each read ran with, by the read's id. */
  static final Map<String, ClassLoader> LOADERS = new ConcurrentHashMap<>();

  @Path("/loaders")
  public static class Loaders {
    @GET
    @Path("/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://loaders/{id}", longRunning = true)
    public String read(@PathParam("id") String id) throws InterruptedException {
      LOADERS.put(id, Thread.currentThread().getContextClassLoader());
      Thread.sleep(100); // the others wait for the one slot; keep-alives go out meanwhile
      return "read " + id;
    }
  }

  @Test
  void eachApplicationsReadsRunWithItsLoaderAndAStoppedOneIsHeldByNoThread() throws Exception {
    Tomcat tomcat = new Tomcat();
    try (LeftBehind left = LeftBehind.watchTomcat()) {
      tomcat.setBaseDir(Files.createTempDirectory("servlet-it-shared").toString());
      tomcat.setPort(0);
      tomcat.getConnector().setProperty("address", "127.0.0.1");
      tomcat.getConnector().setProperty("processorCache", "0");
      Context a = deploy(tomcat, "/a");
      Context b = deploy(tomcat, "/b");
      tomcat.start();
      int port = tomcat.getConnector().getLocalPort();
      ServletServer onA = at(port, "/a");
      ServletServer onB = at(port, "/b");
      ClassLoader loaderA = a.getLoader().getClassLoader();
      ClassLoader loaderB = b.getLoader().getClassLoader();
      assertThat(loaderA).isNotSameAs(loaderB);

      // One slot each: of every batch, one read runs on its request's thread, the others wait
      // and run on the bridge's queued-read threads, which application A's requests start.
      readAll(onA, "a", 6);
      readAll(onB, "b", 6);
      readAll(onA, "a2-", 6);
      LOADERS.forEach(
          (id, loader) ->
              assertThat(loader)
                  .as("the context class loader read %s ran with", id)
                  .isSameAs(id.startsWith("a") ? loaderA : loaderB));
      assertThat(LeftBehind.bridgeThreads(thread -> true)).as("the bridge's threads").isNotEmpty();

      a.stop();
      assertThat(left.tomcatWarnings())
          .as("what Tomcat warned of as application A stopped")
          .noneMatch(warning -> warning.contains("jaxrs-mcp-"));
      assertThat(LeftBehind.bridgeThreads(thread -> thread.getContextClassLoader() == loaderA))
          .as("the bridge's threads with the stopped application's loader")
          .isEmpty();

      LOADERS.clear();
      readAll(onB, "b2-", 6);
      LOADERS.forEach(
          (id, loader) -> assertThat(loader).as("read %s's loader", id).isSameAs(loaderB));
    } finally {
      tomcat.stop();
      tomcat.destroy();
      LOADERS.clear();
    }
  }

  private static Context deploy(Tomcat tomcat, String path) {
    Context context = tomcat.addContext(path, null);
    McpFeature feature =
        McpFeature.builder()
            .name("shared" + path.replace('/', '-'))
            .version("1.0")
            .maxConcurrentLongReads(1)
            .longRunningKeepAlive(Duration.ofMillis(50))
            .build();
    Wrapper jersey =
        Tomcat.addServlet(
            context,
            "jersey",
            new ServletContainer(new ResourceConfig(Loaders.class).register(feature)));
    jersey.setAsyncSupported(true);
    context.addServletMappingDecoded(ServletApp.MAPPING, "jersey");
    return context;
  }

  /** Starts {@code n} long-running reads at once, and reads each to its end. */
  private static void readAll(ServletServer server, String prefix, int n) throws Exception {
    List<Socket> reads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      reads.add(StalledStreams.read(server, "app://loaders/" + prefix + i));
    }
    for (int i = 0; i < n; i++) {
      try (Socket read = reads.get(i)) {
        assertThat(StalledStreams.drain(read)).contains("read " + prefix + i);
      }
    }
    assertThat(LOADERS).containsKeys(prefix + 0, prefix + (n - 1));
  }

  /** One application of the shared Tomcat, by its context path. */
  private static ServletServer at(int port, String path) {
    URI base = URI.create("http://127.0.0.1:" + port + path + "/api/");
    return new ServletServer() {
      @Override
      public URI base() {
        return base;
      }

      @Override
      public void close() {}
    };
  }
}
