package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.HttpServerProbe;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.monitoring.ApplicationEvent;
import org.glassfish.jersey.server.monitoring.ApplicationEventListener;
import org.glassfish.jersey.server.monitoring.RequestEvent;
import org.glassfish.jersey.server.monitoring.RequestEventListener;
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

    @PUT
    public void tick(@Context McpChanges changes) {
      changes.changed("app://ticker");
    }
  }

  /** Jersey's requests to the MCP endpoint, as they are matched. */
  public static class EndpointRequests implements ApplicationEventListener {
    final List<ContainerRequest> seen = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(ApplicationEvent event) {}

    @Override
    public RequestEventListener onRequest(RequestEvent start) {
      return event -> {
        if (event.getType() == RequestEvent.Type.REQUEST_MATCHED
            && event.getUriInfo().getPath().equals("mcp")) {
          seen.add(event.getContainerRequest());
        }
      };
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
        startRecording(
            new ResourceConfig(Ticker.class).register(McpFeature.builder().build()), served);

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

  /** Starts {@code config} on Grizzly, adding every request Grizzly serves to {@code served}. */
  private static TestServer startRecording(ResourceConfig config, List<Request> served) {
    return TestServer.start(
        config,
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
  }

  /**
   * Once a listen's stream is open, Jersey's copy of the request's headers is dropped: an idle
   * stream does not keep it (half a KiB per stream on Grizzly). The container keeps its own, which
   * its access log reads; the stream still hears its changes.
   */
  @Test
  void anOpenListenKeepsNoCopyOfItsRequestHeaders() throws Exception {
    List<Request> served = new CopyOnWriteArrayList<>();
    EndpointRequests jersey = new EndpointRequests();
    server =
        startRecording(
            new ResourceConfig(Ticker.class)
                .register(McpFeature.builder().build())
                .register(jersey),
            served);

    try (Socket listen = StalledSockets.listen(server.port(), "app://ticker")) {
      readUntil(listen, "notifications/subscriptions/acknowledged");
      assertThat(jersey.seen).hasSize(1);
      ContainerRequest request = jersey.seen.get(0);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!request.getHeaders().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10); // polling for a state, not waiting for time to pass
      }
      assertThat(request.getHeaders()).as("Jersey's copy of the open listen's headers").isEmpty();
      assertThat(theListen(served).getHeader("Mcp-Method"))
          .as("the container's own headers")
          .isEqualTo("subscriptions/listen");

      HttpURLConnection put =
          (HttpURLConnection) server.baseUri().resolve("ticker").toURL().openConnection();
      put.setRequestMethod("PUT");
      assertThat(put.getResponseCode()).isEqualTo(204);
      assertThat(readUntil(listen, "notifications/resources/updated")).contains("app://ticker");
    }
  }

  /** Reads the stream until {@code text} arrived (10 s at most); returns what was read. */
  private static String readUntil(Socket socket, String text) throws IOException {
    socket.setSoTimeout(10_000);
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    while (!read.toString(StandardCharsets.UTF_8).contains(text)) {
      int n = in.read(buffer);
      if (n < 0) {
        throw new AssertionError("the stream ended before " + text + ": " + read);
      }
      read.write(buffer, 0, n);
    }
    return read.toString(StandardCharsets.UTF_8);
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
