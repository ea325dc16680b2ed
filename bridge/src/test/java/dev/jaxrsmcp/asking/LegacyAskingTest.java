package dev.jaxrsmcp.asking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asking in a 2025-11-25 session over real HTTP: a client without elicitation gets {@code -32021}
 * (or the route runs, where the tool says so); otherwise the question is a server request on the
 * call's SSE stream, the client's response posted on its session resumes the call, and its answer
 * is the stream's last event. A client that goes away ends the wait. Nothing runs unconfirmed.
 */
class LegacyAskingTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static TestServer server;
  static LegacyClient client;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(AskingRoutes.Widgets.class, AskingRoutes.Authentication.class)
                .register(McpFeature.builder().build()));
    client = new LegacyClient(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void widgets() {
    AskingRoutes.WIDGETS.clear();
    AskingRoutes.WIDGETS.addAll(List.of(7L, 8L));
    AskingRoutes.NOTES.clear();
  }

  private static String call(String session, String tool) {
    return client
        .call(session, 5, "tools/call", Map.of("name", tool, "arguments", Map.of("id", 7)))
        .then()
        .statusCode(200)
        .extract()
        .asString();
  }

  @Test
  void aClientWithoutElicitationGetsMissingCapabilityUnlessTheToolRunsAnyway() throws Exception {
    String session = client.start();
    assertThat(MAPPER.readTree(call(session, "delete_widget")))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":5,"error":{"code":-32021,"message":"Missing required client\
                 capability: tools/call 'delete_widget' must be confirmed by the user\
                 (McpTool.confirm), which needs the client capability 'elicitation'",\
                "data":{"requiredCapabilities":{"elicitation":{}}}}}
                """));
    assertThat(AskingRoutes.WIDGETS).contains(7L);

    assertThat(
            MAPPER
                .readTree(call(session, "delete_anyway"))
                .path("result")
                .path("content")
                .get(0)
                .path("text")
                .asText())
        .isEqualTo("deleted 7");
    assertThat(AskingRoutes.WIDGETS).containsExactly(8L);
  }

  private static SseRecorder open(String session, String tool) throws Exception {
    SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", LegacyClient.VERSION),
            LegacyClient.body(5, "tools/call", Map.of("name", tool, "arguments", Map.of("id", 7))));
    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
    return stream;
  }

  /** The client's response to the server request {@code id}, posted on its session. */
  private static void answer(String session, JsonNode id, Map<String, ?> result) {
    ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
    response.set("id", id);
    response.set("result", MAPPER.valueToTree(result));
    given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", LegacyClient.VERSION)
        .body(response.toString())
        .post(server.mcpUrl())
        .then()
        .statusCode(202);
  }

  private static JsonNode confirmationAsked(SseRecorder stream) throws Exception {
    JsonNode request = stream.next();
    ObjectNode expected =
        (ObjectNode)
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","method":"elicitation/create","params":{"mode":"form",
                 "message":"Delete widget 7?","requestedSchema":{"type":"object","properties":{}}}}
                """);
    expected.set("id", request.get("id"));
    assertThat(request).isEqualTo(expected);
    assertThat(request.get("id").asText()).startsWith("jaxrsmcp-");
    assertThat(AskingRoutes.WIDGETS).contains(7L); // asked before the route runs
    return request.get("id");
  }

  @Test
  void aConfirmationAnsweredOnTheSessionRunsTheRoute() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    try (SseRecorder stream = open(session, "delete_widget")) {
      JsonNode id = confirmationAsked(stream);
      answer(session, id, Map.of("action", "accept", "content", Map.of()));
      assertThat(stream.next())
          .isEqualTo(
              MAPPER.readTree(
                  "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[{\"type\":\"text\","
                      + "\"text\":\"deleted 7\"}]}}"));
      stream.assertEnds();
    }
    assertThat(AskingRoutes.WIDGETS).containsExactly(8L);
  }

  @Test
  void aDeclinedConfirmationAnswersAnErrorResultWithoutRunningTheRoute() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    try (SseRecorder stream = open(session, "delete_widget")) {
      JsonNode id = confirmationAsked(stream);
      answer(session, id, Map.of("action", "decline"));
      assertThat(stream.next())
          .isEqualTo(
              MAPPER.readTree(
                  "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[{\"type\":\"text\","
                      + "\"text\":\"Not done: the user declined \\\"Delete widget 7?\\\"; the tool"
                      + " did not run.\"}],\"isError\":true}}"));
      stream.assertEnds();
    }
    assertThat(AskingRoutes.WIDGETS).containsExactlyInAnyOrder(7L, 8L);
  }

  @Test
  void aRouteThatAsksWaitsForTheAnswersAndThenActs() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of(), "sampling", Map.of()));
    try (SseRecorder stream = open(session, "note")) {
      JsonNode why = stream.next();
      assertThat(why.path("method").asText()).isEqualTo("elicitation/create");
      assertThat(AskingRoutes.NOTES).isEmpty();
      answer(
          session, why.get("id"), Map.of("action", "accept", "content", Map.of("reason", "dusty")));
      JsonNode sample = stream.next();
      assertThat(sample.path("method").asText()).isEqualTo("sampling/createMessage");
      assertThat(sample.path("params"))
          .isEqualTo(
              MAPPER.readTree(
                  "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
                      + "\"text\":\"Summarize: dusty\"}}],\"maxTokens\":20}"));
      answer(
          session,
          sample.get("id"),
          Map.of(
              "role", "assistant",
              "content", Map.of("type", "text", "text", "needs dusting"),
              "model", "m"));
      assertThat(stream.next().path("result").path("content").get(0).path("text").asText())
          .isEqualTo("noted 7");
      stream.assertEnds();
    }
    assertThat(AskingRoutes.NOTES).containsExactly(Map.entry(7L, "dusty / needs dusting"));
  }

  @Test
  void theCallsStreamEndingWhileItWaitsEndsTheWaitAndTheRouteActsOnNothing() throws Exception {
    AskingRoutes.NOTE_RUNS_ENDED.clear();
    String session = client.start(Map.of("elicitation", Map.of(), "sampling", Map.of()));
    SseRecorder stream = open(session, "note");
    assertThat(stream.next().path("method").asText()).isEqualTo("elicitation/create");
    stream.close(); // the client goes away; keep-alives notice it
    assertThat(AskingRoutes.NOTE_RUNS_ENDED.poll(30, java.util.concurrent.TimeUnit.SECONDS))
        .isEqualTo(7L);
    assertThat(AskingRoutes.NOTES).isEmpty();
  }
}
