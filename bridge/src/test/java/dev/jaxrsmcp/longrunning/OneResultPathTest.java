package dev.jaxrsmcp.longrunning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.tasks.McpTasks;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TaskClient;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One route's answer is mapped by one set of rules, however it is read: a plain {@code
 * resources/read}, a long-running one (JSON, or SSE once progress started the stream), the tool of
 * either, and the tool run as a task. The paths are compared with each other, never with a copy of
 * today's output: the same contents (mimeType, text or blob, charset), the same cache hints, the
 * same error for a refusal.
 */
class OneResultPathTest {
  static final byte[] BYTES = {0, 1, 2, (byte) 0xFF, (byte) 0xC3, 0x28};
  static final String LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT";

  /** The route's answer for each kind; the two resources below answer the same. */
  static jakarta.ws.rs.core.Response answer(String kind) {
    return switch (kind) {
      case "json" ->
          jakarta.ws.rs.core.Response.ok(
                  "{\"n\":1,\"s\":\"wïdget\"}".getBytes(StandardCharsets.UTF_8))
              .type("application/json")
              .build();
      case "latin1" ->
          jakarta.ws.rs.core.Response.ok("café crème".getBytes(StandardCharsets.ISO_8859_1))
              .type("text/plain;charset=ISO-8859-1")
              .build();
      case "png" -> jakarta.ws.rs.core.Response.ok(BYTES).type("image/png").build();
      case "octets" ->
          jakarta.ws.rs.core.Response.ok(BYTES).type("application/octet-stream").build();
      case "untyped-text" ->
          jakarta.ws.rs.core.Response.ok("plain wörds".getBytes(StandardCharsets.UTF_8))
              .header(Untyped.HEADER, "1")
              .build();
      case "untyped-binary" ->
          jakarta.ws.rs.core.Response.ok(BYTES).header(Untyped.HEADER, "1").build();
      case "empty" -> jakarta.ws.rs.core.Response.ok(new byte[0]).type("text/plain").build();
      case "cached" ->
          jakarta.ws.rs.core.Response.ok("fresh".getBytes(StandardCharsets.UTF_8))
              .type("text/plain")
              .header("Cache-Control", "max-age=60, public")
              .header("Last-Modified", LAST_MODIFIED)
              .build();
      case "cached-blob" ->
          jakarta.ws.rs.core.Response.ok(BYTES)
              .type("application/pdf")
              .header("Cache-Control", "no-store")
              .header("Last-Modified", LAST_MODIFIED)
              .build();
      case "refused" ->
          jakarta.ws.rs.core.Response.status(403)
              .entity("no widgets for you")
              .type("text/plain")
              .build();
      case "busy" -> jakarta.ws.rs.core.Response.status(429).header("Retry-After", "7").build();
      case "missing" -> jakarta.ws.rs.core.Response.status(404).build();
      case "broken" ->
          jakarta.ws.rs.core.Response.status(500).entity("secret stack").type("text/plain").build();
      case "moved" ->
          jakarta.ws.rs.core.Response.status(302).header("Location", "http://127.0.0.1/x").build();
      case "bad-utf8" ->
          jakarta.ws.rs.core.Response.ok(new byte[] {'a', (byte) 0xFF, 'b', (byte) 0xC3})
              .type("text/plain")
              .build();
      case "fails" ->
          jakarta.ws.rs.core.Response.ok(
                  (jakarta.ws.rs.core.StreamingOutput)
                      out -> {
                        out.write("half of it".getBytes(StandardCharsets.UTF_8));
                        throw new java.io.IOException("the disk went away");
                      })
              .type("text/plain")
              .build();
      case "throws" -> throw new IllegalStateException("the route broke");
      default -> throw new IllegalArgumentException(kind);
    };
  }

  @Path("/same")
  public static class Routes {
    @GET
    @Path("/plain/{kind}")
    @McpResource(uri = "app://plain/{kind}", name = "plain")
    public jakarta.ws.rs.core.Response plain(@PathParam("kind") String kind) {
      return answer(kind);
    }

    @GET
    @Path("/long/{kind}")
    @McpResource(
        uri = "app://long/{kind}",
        name = "long",
        longRunning = true,
        taskSupport = McpResource.TaskSupport.OPTIONAL)
    public jakarta.ws.rs.core.Response longRead(
        @PathParam("kind") String kind, @Context McpContext mcp) {
      mcp.progress(1, 1, "ready"); // with a progress token, the response is a stream from here
      return answer(kind);
    }
  }

  /** Takes the type off a response that asks for it: a body with no Content-Type at all. */
  public static class Untyped implements ContainerResponseFilter {
    static final String HEADER = "X-Untyped";

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
      if (response.getHeaders().remove(HEADER) != null) {
        response.getHeaders().remove("Content-Type");
      }
    }
  }

  /** Every kind of answer the routes give. */
  static Stream<String> kinds() {
    return Stream.concat(successes(), failures());
  }

  static Stream<String> successes() {
    return Stream.of(
        "json",
        "latin1",
        "png",
        "octets",
        "untyped-text",
        "untyped-binary",
        "empty",
        "cached",
        "cached-blob",
        "bad-utf8");
  }

  static Stream<String> failures() {
    return Stream.of("refused", "busy", "missing", "broken", "moved", "fails", "throws");
  }

  static TestServer server;
  static Mcp mcp;
  static TaskClient tasks;

  @BeforeAll
  static void start(@org.junit.jupiter.api.io.TempDir java.nio.file.Path spool) {
    server =
        TestServer.start(
            new ResourceConfig(Routes.class, Untyped.class)
                .register(
                    McpFeature.builder()
                        .spoolDirectory(spool)
                        .tasks(McpTasks.builder().pollInterval(Duration.ofMillis(100)).build())
                        .build()));
    mcp = new Mcp(server.mcpUrl());
    tasks = new TaskClient(server.mcpUrl(), Optional.empty());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @ParameterizedTest
  @MethodSource("kinds")
  void aReadIsTheSameMessagePlainOrLongRunning(String kind) throws Exception {
    Response plain = mcp.read("app://plain/" + kind);
    JsonNode expected = LongReads.json(plain);
    Response json = LongReads.jsonOnly(server, "app://long/" + kind, null);
    Response both = LongReads.both(server, "app://long/" + kind, null);

    assertThat(sameUri(json.asString())).as("JSON-only long read").isEqualTo(expected);
    assertThat(json.statusCode()).isEqualTo(plain.statusCode());
    assertThat(sameUri(both.asString())).as("long read, SSE accepted").isEqualTo(expected);
    assertThat(both.statusCode()).isEqualTo(plain.statusCode());
    try (SseRecorder stream = LongReads.stream(server, "app://long/" + kind, "p-" + kind)) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      assertThat(sameUri(stream.next().toString()))
          .as("long read on its stream")
          .isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @MethodSource("kinds")
  void aToolCallIsTheSameResultPlainLongRunningOrATask(String kind) throws Exception {
    JsonNode plain = LongReads.json(tool("plain", kind));
    JsonNode expected = toolResult(plain);

    assertThat(toolResult(LongReads.json(tool("long", kind))))
        .as("long tool call")
        .isEqualTo(expected);
    try (SseRecorder stream =
        LongReads.streamTool(server, "long", Map.of("kind", kind), "p-" + kind)) {
      assertThat(stream.next().path("method").asText()).isEqualTo("notifications/progress");
      assertThat(toolResult(stream.next())).as("long tool call on its stream").isEqualTo(expected);
    }
    assertThat(toolResult(task(kind))).as("the tool as a task").isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("successes")
  void aToolCarriesTheReadsContents(String kind) {
    JsonNode contents = LongReads.json(mcp.read("app://plain/" + kind)).at("/result/contents/0");
    JsonNode item = LongReads.json(tool("plain", kind)).at("/result/content/0");
    ObjectNode expected = LongReads.JSON.createObjectNode();
    String mimeType = contents.path("mimeType").asText("");
    if (contents.has("text")) {
      expected.put("type", "text").set("text", contents.get("text"));
    } else if (mimeType.startsWith("image/")) {
      expected.put("type", "image").put("data", contents.get("blob").asText());
      expected.put("mimeType", mimeType);
    } else {
      expected.put("type", "resource").set("resource", contents);
    }
    if (contents.has("annotations")) {
      expected.set("annotations", contents.get("annotations"));
    }
    assertThat(item).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "long"})
  void untypedBodiesAreTextWhenUtf8AndABlobOtherwiseEverywhere(String resource) {
    JsonNode text =
        LongReads.json(mcp.read("app://" + resource + "/untyped-text")).at("/result/contents/0");
    JsonNode binary =
        LongReads.json(mcp.read("app://" + resource + "/untyped-binary")).at("/result/contents/0");

    assertThat(text.path("text").asText()).isEqualTo("plain wörds");
    assertThat(text.has("mimeType")).isFalse();
    assertThat(binary.has("blob")).as(binary.toString()).isTrue();
    assertThat(binary.has("mimeType")).isFalse();
  }

  private static Response tool(String name, String kind) {
    return mcp.call("tools/call", Map.of("name", name, "arguments", Map.of("kind", kind)));
  }

  /** The finished task's tool result, polled to the end. */
  private static JsonNode task(String kind) {
    JsonNode created = tasks.call("long", Map.of("kind", kind));
    String taskId = created.at("/result/taskId").asText();
    assertThat(taskId).as(created.toString()).isNotEmpty();
    await().atMost(Duration.ofSeconds(10)).until(() -> !tasks.status(taskId).equals("working"));
    JsonNode done = tasks.get(taskId).path("result");
    assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
    ObjectNode message = LongReads.JSON.createObjectNode();
    message.set("result", done.path("result"));
    return message;
  }

  /**
   * The parts of a tool result every path shares: all of it but {@code resultType} and the server's
   * identity in {@code _meta} (a task's inlined result carries neither).
   */
  private static JsonNode toolResult(JsonNode message) {
    JsonNode result = message.path("result");
    assertThat(result.isObject()).as(message.toString()).isTrue();
    ObjectNode copy = (ObjectNode) sameUri(result.toString());
    copy.remove("resultType");
    if (copy.get("_meta") instanceof ObjectNode meta) {
      meta.remove("io.modelcontextprotocol/serverInfo");
      if (meta.isEmpty()) {
        copy.remove("_meta");
      }
    }
    return copy;
  }

  /** The message, as if it had read the plain resource (only the URIs differ). */
  private static JsonNode sameUri(String message) {
    return LongReads.json(message.replace("app://long/", "app://plain/"));
  }
}
