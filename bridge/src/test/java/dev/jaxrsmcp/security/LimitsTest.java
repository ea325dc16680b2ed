package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract section 11: every limit is configurable, is enforced before work starts, is answered
 * with a clear JSON-RPC error (413 for the body), and leaves nothing half-done: no session, no
 * route read, no watcher, no spool file.
 */
class LimitsTest {
  /** Every route run and watcher started. */
  static final List<String> WORK = new CopyOnWriteArrayList<>();

  @Path("/")
  public static class Routes {
    @GET
    @Path("/files/{name}")
    @Produces("text/plain")
    @McpResource(uri = "app://files/{name}")
    public String file(@PathParam("name") String name) {
      WORK.add("read " + name);
      return name;
    }

    @GET
    @Path("/items/{id}")
    @Produces("text/plain")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      WORK.add("read item " + id);
      return id;
    }

    @GET
    @Path("/stuck")
    @Produces("text/plain")
    @McpResource(uri = "app://stuck")
    public void stuck(
        @jakarta.ws.rs.container.Suspended jakarta.ws.rs.container.AsyncResponse out) {
      // An async route that never answers: the read timeout holds for it (a synchronous route
      // runs in place under the same limits as its GET).
      WORK.add("stuck");
    }

    @GET
    @Path("/big")
    @Produces("text/plain")
    @McpResource(uri = "app://big", longRunning = true)
    public StreamingOutput big() {
      return out -> out.write("x".repeat(10_000).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  TestServer server;

  TestServer start(McpFeature.Builder feature) {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class)
                .register(
                    feature
                        .watch(
                            "app://items/{id}",
                            target -> {
                              WORK.add("watch " + target.uri());
                              return () -> {};
                            })
                        .build()));
    return server;
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    WORK.clear();
  }

  static RawHttp modern(TestServer server, String method, String name) {
    RawHttp request =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", method);
    return name == null ? request : request.header("Mcp-Name", name);
  }

  static String error(Integer id, int code, String message) {
    return "{\"jsonrpc\":\"2.0\","
        + (id == null ? "" : "\"id\":" + id + ",")
        + "\"error\":{\"code\":"
        + code
        + ",\"message\":\""
        + message
        + "\"}}";
  }

  // Request body

  @Test
  void oversizedInitializeIs413AndStartsNoSession() {
    start(McpFeature.builder().maxBodyBytes(2048));
    String body =
        Bodies.legacy(
            1,
            "initialize",
            Map.of(
                "protocolVersion",
                Bodies.LEGACY_VERSION,
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "x".repeat(3000), "version", "1")));

    RawHttp.Reply reply = RawHttp.post(server.port(), "/mcp").json().body(body).send();

    assertThat(reply.status()).isEqualTo(413);
    assertThat(reply.text())
        .isEqualTo(error(null, -32600, "Invalid Request: the body is larger than 2048 bytes"));
    assertThat(reply.header("Mcp-Session-Id")).isNull();
  }

  @Test
  void oversizedListenIs413AndWatchesNothing() {
    start(McpFeature.builder().maxBodyBytes(2048));
    List<String> uris =
        Stream.iterate(0, i -> i + 1).limit(200).map(i -> "app://items/" + i).toList();

    RawHttp.Reply reply =
        modern(server, "subscriptions/listen", null)
            .body(
                Bodies.modern(
                    1,
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourceSubscriptions", uris))))
            .send();

    assertThat(reply.status()).isEqualTo(413);
    assertThat(WORK).isEmpty();
  }

  @Test
  void bodyAtTheLimitIsRead() {
    start(McpFeature.builder().maxBodyBytes(2048));
    String body = Bodies.modern(1, "server/discover", Map.of());
    String padded = body.substring(0, body.length() - 1) + " ".repeat(2048 - body.length()) + "}";

    RawHttp.Reply reply = modern(server, "server/discover", null).body(padded).send();

    assertThat(padded).hasSize(2048);
    assertThat(reply.status()).as(reply.text()).isEqualTo(200);
  }

  // URI length

  @Test
  void overlongUriReadIsRefusedBeforeTheRouteRuns() {
    start(McpFeature.builder().maxUriLength(64));
    String uri = "app://files/" + "a".repeat(53);

    RawHttp.Reply reply =
        modern(server, "resources/read", uri)
            .body(Bodies.modern(1, "resources/read", Map.of("uri", uri)))
            .send();

    assertThat(uri).hasSize(65);
    assertThat(reply.text())
        .isEqualTo(
            error(
                1, -32602, "Invalid params: 'uri' is 65 characters long; at most 64 are allowed"));
    assertThat(WORK).isEmpty();
  }

  @Test
  void uriAtTheLimitIsRead() {
    start(McpFeature.builder().maxUriLength(64));
    String uri = "app://files/" + "a".repeat(52);

    RawHttp.Reply reply =
        modern(server, "resources/read", uri)
            .body(Bodies.modern(1, "resources/read", Map.of("uri", uri)))
            .send();

    assertThat(reply.json().at("/result/contents/0/text").textValue()).isEqualTo("a".repeat(52));
  }

  @Test
  void toolArgumentsMakingAnOverlongUriAreRefused() {
    start(McpFeature.builder().maxUriLength(64));

    RawHttp.Reply reply =
        modern(server, "tools/call", "file")
            .body(
                Bodies.modern(
                    1,
                    "tools/call",
                    Map.of("name", "file", "arguments", Map.of("name", "é".repeat(20)))))
            .send();

    assertThat(reply.json().at("/error/message").textValue())
        .isEqualTo(
            "Invalid params: the arguments of tool 'file' make a URI longer than 64 characters"
                + " (found 132)");
    assertThat(WORK).isEmpty();
  }

  @Test
  void listenNamingAnOverlongUriIsRefusedBeforeAnythingIsReadOrWatched() {
    start(McpFeature.builder().maxUriLength(64));

    RawHttp.Reply reply =
        modern(server, "subscriptions/listen", null)
            .body(
                Bodies.modern(
                    1,
                    "subscriptions/listen",
                    Map.of(
                        "notifications",
                        Map.of(
                            "resourceSubscriptions",
                            List.of("app://items/1", "app://items/" + "9".repeat(60))))))
            .send();

    assertThat(reply.text())
        .isEqualTo(
            error(
                1,
                -32602,
                "Invalid params: a URI of 'notifications.resourceSubscriptions' is 72 characters"
                    + " long; at most 64 are allowed"));
    assertThat(WORK).isEmpty();
  }

  @Test
  void overlongUriIsRefusedInTheLegacyEraToo() {
    start(McpFeature.builder().maxUriLength(64));
    RawHttp.Reply init =
        RawHttp.post(server.port(), "/mcp").json().body(Bodies.initialize()).send();
    String uri = "app://files/" + "a".repeat(100);

    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Mcp-Session-Id", init.header("Mcp-Session-Id"))
            .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
            .body(Bodies.legacy(2, "resources/read", Map.of("uri", uri)))
            .send();

    assertThat(reply.text())
        .isEqualTo(
            error(
                2, -32602, "Invalid params: 'uri' is 112 characters long; at most 64 are allowed"));
    assertThat(WORK).isEmpty();
  }

  @Test
  void maxUriLengthMustBeFrom16To4096() {
    assertThatThrownBy(() -> McpFeature.builder().maxUriLength(4097))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxUriLength must be from 16 to 4096 (found 4097)");
    assertThat(McpFeature.builder().build().maxUriLength()).isEqualTo(4096);
  }

  // JSON nesting depth

  static String nested(int arrays) {
    return Bodies.modern(1, "server/discover", Map.of())
        .replace(
            "\"params\":{", "\"params\":{\"x\":" + "[".repeat(arrays) + "]".repeat(arrays) + ",");
  }

  @Test
  void jsonDeeperThanTheLimitIsInvalidRequest() {
    start(McpFeature.builder().maxJsonDepth(10));

    RawHttp.Reply reply = modern(server, "server/discover", null).body(nested(9)).send();

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.text())
        .isEqualTo(error(null, -32600, "Invalid Request: JSON nests deeper than 10 levels"));
  }

  @Test
  void jsonAtTheDepthLimitIsRead() {
    start(McpFeature.builder().maxJsonDepth(10));

    RawHttp.Reply reply = modern(server, "server/discover", null).body(nested(8)).send();

    assertThat(reply.status()).as(reply.text()).isEqualTo(200);
  }

  @Test
  void overlongNumberIsInvalidRequestNotADepthError() {
    start(McpFeature.builder());
    String body =
        Bodies.modern(1, "server/discover", Map.of())
            .replace("\"params\":{", "\"params\":{\"n\":" + "1".repeat(2000) + ",");

    RawHttp.Reply reply = modern(server, "server/discover", null).body(body).send();

    assertThat(reply.text())
        .isEqualTo(
            error(null, -32600, "Invalid Request: a JSON value is longer than the parser allows"));
  }

  // URIs per listen and concurrent listens

  @Test
  void tooManyListenUrisAreRefusedBeforeAnythingIsReadOrWatched() {
    start(McpFeature.builder().maxListenUris(2));

    RawHttp.Reply reply =
        modern(server, "subscriptions/listen", null)
            .body(
                Bodies.modern(
                    1,
                    "subscriptions/listen",
                    Map.of(
                        "notifications",
                        Map.of(
                            "resourceSubscriptions",
                            List.of("app://items/1", "app://items/2", "app://items/3")))))
            .send();

    assertThat(reply.text())
        .isEqualTo(
            error(
                1,
                -32602,
                "Invalid params: 'notifications.resourceSubscriptions' names 3 URIs; at most 2 are"
                    + " allowed"));
    assertThat(WORK).isEmpty();
  }

  @Test
  void listenBeyondTheConcurrentLimitReadsAndWatchesNothing() throws Exception {
    start(McpFeature.builder().maxConcurrentListens(1));
    Map<String, String> headers =
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen");
    try (SseRecorder first =
        SseRecorder.post(
            server.mcpUrl(),
            headers,
            Bodies.modern(
                1,
                "subscriptions/listen",
                Map.of(
                    "notifications", Map.of("resourceSubscriptions", List.of("app://items/1")))))) {
      first.next();
      WORK.clear();

      RawHttp.Reply second =
          modern(server, "subscriptions/listen", null)
              .body(
                  Bodies.modern(
                      2,
                      "subscriptions/listen",
                      Map.of(
                          "notifications",
                          Map.of("resourceSubscriptions", List.of("app://items/2")))))
              .send();

      assertThat(second.status()).isEqualTo(503);
      assertThat(second.text())
          .isEqualTo(
              error(
                  2,
                  -32603,
                  "Too many notification streams: at most 1 in all (maxConcurrentListens) may be"
                      + " open at once"));
      assertThat(WORK).isEmpty();
    }
  }

  // Read timeout (async routes)

  @Test
  void readTimeoutAnswersAClearError() {
    start(McpFeature.builder().readTimeout(Duration.ofMillis(300)));
    RawHttp.Reply reply =
        modern(server, "resources/read", "app://stuck")
            .body(Bodies.modern(1, "resources/read", Map.of("uri", "app://stuck")))
            .send();

    assertThat(reply.text()).isEqualTo(error(1, -32603, "Read timed out after 300 ms"));
  }

  // Spool size

  @Test
  void longReadPastTheSpoolSizeIsTruncatedAndLeavesNoSpoolFile(@TempDir java.nio.file.Path spool) {
    start(McpFeature.builder().defaultMaxBytes(1000).spoolDirectory(spool));

    RawHttp.Reply reply =
        modern(server, "resources/read", "app://big")
            .body(Bodies.modern(1, "resources/read", Map.of("uri", "app://big")))
            .send();

    JsonNode json = reply.json();
    assertThat(json.at("/result/contents/0/text").textValue()).hasSize(1000);
    assertThat(json.at("/result/_meta/dev.jaxrsmcp~1truncated").booleanValue()).isTrue();
    await().atMost(Duration.ofSeconds(10)).until(() -> isEmpty(spool));
  }

  /** True when no spool file is left, in the process's private directory under it or elsewhere. */
  static boolean isEmpty(java.nio.file.Path directory) {
    if (!Files.exists(directory)) {
      return true;
    }
    try (Stream<java.nio.file.Path> files = Files.walk(directory)) {
      return files.noneMatch(
          f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".spool"));
    } catch (IOException | UncheckedIOException e) {
      return false; // a file went while walking: look again
    }
  }

  // Legacy sessions

  static RawHttp.Reply initialize(TestServer server) {
    return RawHttp.post(server.port(), "/mcp").json().body(Bodies.initialize()).send();
  }

  @Test
  void initializeBeyondTheSessionLimitStartsNothing() {
    start(McpFeature.builder().maxSessions(2));
    String first = initialize(server).header("Mcp-Session-Id");
    assertThat(initialize(server).header("Mcp-Session-Id")).isNotBlank();

    RawHttp.Reply third = initialize(server);

    assertThat(third.status()).isEqualTo(503);
    // When the first of the two unconfirmed sessions expires (sessionHandshakeTimeout, 10 s).
    assertThat(Integer.parseInt(third.header("Retry-After"))).isBetween(1, 10);
    assertThat(third.header("Mcp-Session-Id")).isNull();
    assertThat(third.text())
        .isEqualTo(
            error(
                1,
                -32603,
                "Too many sessions: at most 2 may be open at once (maxSessions); end unused"
                    + " sessions with DELETE or try again later"));

    RawHttp.request(server.port(), "DELETE", "/mcp").header("Mcp-Session-Id", first).send();
    assertThat(initialize(server).header("Mcp-Session-Id")).isNotBlank();
  }

  @Test
  void idleSessionsMakeRoomForNewOnes() {
    start(McpFeature.builder().maxSessions(1).sessionIdleTimeout(Duration.ofMillis(200)));
    assertThat(initialize(server).header("Mcp-Session-Id")).isNotBlank();

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> initialize(server).header("Mcp-Session-Id") != null);
  }

  @Test
  void maxSessionsMustBePositive() {
    assertThatThrownBy(() -> McpFeature.builder().maxSessions(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxSessions must be at least 1 (found 0)");
    assertThat(McpFeature.builder().build().maxSessions()).isEqualTo(10_000);
  }
}
