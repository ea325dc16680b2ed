package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A long-running read past {@code maxConcurrentLongReads} waits for its slot on Tomcat and Jetty as
 * on Grizzly: its response is suspended while it waits (keep-alive comments reach it), and once a
 * slot is free it runs through the application again and its result ends the same stream.
 */
class ServletReadQueueTest {
  static final Semaphore gate = new Semaphore(0);
  static final List<String> started = new CopyOnWriteArrayList<>();
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Path("/gated")
  public static class Gated {
    @GET
    @Path("/{n}")
    @Produces("text/plain")
    @McpResource(uri = "app://gated/{n}", longRunning = true)
    public String read(@PathParam("n") String n) throws InterruptedException {
      started.add(n + " on " + Thread.currentThread().getName().replaceAll("[0-9]+$", ""));
      if (!gate.tryAcquire(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never opened the gate");
      }
      return "done " + n;
    }
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aLongReadBeyondTheLimitWaitsWithKeepAlivesThenRuns(ServletServer.Kind kind)
      throws Exception {
    started.clear();
    gate.drainPermits();
    try (ServletApp app =
            new ServletApp(
                IdentityHolder.Mode.PLAIN,
                mcp -> mcp.maxConcurrentLongReads(1).maxQueuedLongReads(1),
                Gated.class);
        ServletServer server = kind.start(app)) {
      CompletableFuture<HttpResponse<InputStream>> first = read(server, "app://gated/1");
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (started.isEmpty() && System.nanoTime() < until) {
        Thread.sleep(10); // polls for the route's start
      }
      assertThat(started).hasSize(1);
      HttpResponse<InputStream> second = read(server, "app://gated/2").get(10, TimeUnit.SECONDS);
      assertThat(second.statusCode()).isEqualTo(200);
      assertThat(second.headers().firstValue("Content-Type").orElse(""))
          .startsWith("text/event-stream");
      BufferedReader lines =
          new BufferedReader(new InputStreamReader(second.body(), StandardCharsets.UTF_8));
      assertThat(lines.readLine()).isEqualTo(": keep-alive"); // while it waits
      assertThat(started).as("the waiting read's route has not run").hasSize(1);

      gate.release(2);
      String line;
      JsonNode result = null;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("data:")) {
          result = JSON.readTree(line.substring(5).trim());
        }
      }
      assertThat(result).isNotNull();
      assertThat(result.at("/result/contents/0/text").asText()).isEqualTo("done 2");
      String firstBody =
          new String(first.get(10, TimeUnit.SECONDS).body().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(firstBody).contains("done 1");
      assertThat(started).hasSize(2);
      assertThat(started.get(0)).startsWith("1 on ").doesNotContain("jaxrs-mcp-queued-read-");
      assertThat(started.get(1)).isEqualTo("2 on jaxrs-mcp-queued-read-");
    } finally {
      gate.release(100);
    }
  }

  private static CompletableFuture<HttpResponse<InputStream>> read(
      ServletServer server, String uri) {
    String json =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\""
            + uri
            + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    HttpRequest request =
        HttpRequest.newBuilder(server.mcp())
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
    return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
  }
}
