package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.HttpServerProbe;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What an idle notification stream keeps of its container's response, on Grizzly (issue 36): a
 * stream's response stays open for hours, by the thousand, so what its request and response hold is
 * held per stream.
 */
class IdleStreamFootprintTest {
  @Path("/ticker")
  public static class Ticker {
    @GET
    @Produces("application/json")
    @McpResource(uri = "app://ticker", subscribe = true)
    public String ticker() {
      return "{\"n\":1}";
    }
  }

  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /**
   * An event stream's status goes to Grizzly without a reason phrase, so Grizzly writes its own
   * {@code OK}: the bytes on the wire are the same, and the open response does not keep the
   * 256-character copy Grizzly makes of a reason phrase it is given (to escape it), half a KiB per
   * idle stream.
   */
  @Test
  void anOpenStreamsResponseKeepsNoReasonPhraseOfItsOwn() throws Exception {
    List<Request> served = new CopyOnWriteArrayList<>();
    server =
        TestServer.start(
            new ResourceConfig(Ticker.class).register(McpFeature.builder().build()),
            grizzly ->
                grizzly
                    .getServerConfiguration()
                    .getMonitoringConfig()
                    .getWebServerConfig()
                    .addProbes(
                        new HttpServerProbe.Adapter() {
                          @Override
                          public void onBeforeServiceEvent(
                              HttpServerFilter filter,
                              Connection connection,
                              Request request,
                              HttpHandler handler) {
                            served.add(request);
                          }
                        }));

    // the status line is read and checked: exactly "HTTP/1.1 200 OK", as before
    try (Socket listen = StalledSockets.listen(server.port(), "app://ticker")) {
      Request request = theListen(served);
      assertThat(request.getResponse().isSuspended()).as("the stream is open").isTrue();
      assertThat(request.getResponse().getResponse().getStatus()).isEqualTo(200);
      assertThat(request.getResponse().getResponse().isCustomReasonPhraseSet())
          .as("a reason phrase of the response's own")
          .isFalse();
    }
  }

  /** The listen's Grizzly request, once the service of it started (polled, with a deadline). */
  private static Request theListen(List<Request> served) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      for (Request request : served) {
        if ("/mcp".equals(request.getRequestURI()) && request.getResponse().isSuspended()) {
          return request;
        }
      }
      Thread.sleep(10); // polling for a state, not waiting for time to pass
    }
    throw new AssertionError("no suspended listen among " + served.size() + " requests");
  }
}
