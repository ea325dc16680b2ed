package dev.jaxrsmcp.asking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.LoggedRecords;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import java.time.Duration;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asking the user from a {@code prompts/get} and a {@code resources/read} in a 2025-11-25 session
 * over real HTTP: the route's question is an {@code elicitation/create} server request on the
 * request's SSE stream (the 2025-11-25 transport lets a server send requests before its response on
 * any POST's stream), the answer posted on the session resumes the route, and the prompt's messages
 * or the resource's contents are the stream's last event. A client without elicitation gets {@code
 * -32021}.
 */
class LegacyReadAskingTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static TestServer server;
  static LegacyClient client;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(ReadAskingRoutes.Writing.class, ReadAskingRoutes.Diary.class)
                .register(McpFeature.builder().build()));
    client = new LegacyClient(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void nothingShown() {
    ReadAskingRoutes.SHOWN.clear();
  }

  private static SseRecorder open(String session, String method, Map<String, ?> params)
      throws Exception {
    SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", LegacyClient.VERSION),
            LegacyClient.body(5, method, params));
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

  /** The stream's next event: the elicitation {@code message} with {@code schema}; its id. */
  private static JsonNode asked(SseRecorder stream, String message, String schema)
      throws Exception {
    JsonNode request = stream.next();
    ObjectNode expected =
        (ObjectNode)
            MAPPER.readTree(
                "{\"jsonrpc\":\"2.0\",\"method\":\"elicitation/create\",\"params\":{\"mode\":"
                    + "\"form\",\"message\":\""
                    + message
                    + "\",\"requestedSchema\":"
                    + schema
                    + "}}");
    expected.set("id", request.get("id"));
    assertThat(request).isEqualTo(expected);
    assertThat(request.get("id").asText()).startsWith("jaxrsmcp-");
    return request.get("id");
  }

  @Test
  void aPromptAsksOnItsStreamAndItsMessagesAreTheLastEvent() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    try (SseRecorder stream =
        open(
            session,
            "prompts/get",
            Map.of("name", "essay", "arguments", Map.of("topic", "bees")))) {
      JsonNode id =
          asked(
              stream,
              "Which tone for bees?",
              "{\"type\":\"object\",\"properties\":{\"tone\":{\"type\":\"string\"}},"
                  + "\"required\":[\"tone\"]}");
      answer(session, id, Map.of("action", "accept", "content", Map.of("tone", "cheerful")));
      assertThat(stream.next())
          .isEqualTo(
              MAPPER.readTree(
                  """
                  {"jsonrpc":"2.0","id":5,"result":{"messages":[{"role":"user","content":{"type":\
                  "text","text":"Write about bees in a cheerful tone."}}]}}
                  """));
      stream.assertEnds();
    }
  }

  @Test
  void aReadAsksOnItsStreamAndItsContentsAreTheLastEvent() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    try (LoggedRecords access = LoggedRecords.of("dev.jaxrsmcp.access");
        SseRecorder stream = open(session, "resources/read", Map.of("uri", "app://diary/monday"))) {
      JsonNode id =
          asked(stream, "Show the diary of monday?", "{\"type\":\"object\",\"properties\":{}}");
      assertThat(ReadAskingRoutes.SHOWN).isEmpty();
      answer(session, id, Map.of("action", "accept", "content", Map.of()));
      JsonNode last = stream.next();
      assertThat(last)
          .isEqualTo(
              MAPPER.readTree(
                  """
                  {"jsonrpc":"2.0","id":5,"result":{"contents":[{"uri":"app://diary/monday",\
                  "mimeType":"text/plain","text":"Diary of monday: quiet."}]}}
                  """));
      stream.assertEnds();
      // The access line counts the last event's message, as it counts a plain response's body.
      int bytes = MAPPER.writeValueAsBytes(last).length;
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () ->
                  assertThat(access.messages())
                      .anySatisfy(
                          line ->
                              assertThat(line)
                                  .contains(" resources/read app://diary/monday id=5 ")
                                  .endsWith(" bytes=" + bytes)));
    }
    assertThat(ReadAskingRoutes.SHOWN).containsExactly("monday");
  }

  @Test
  void aSubscribedResourceAsksOnEveryRead() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    client.subscribe(session, "app://diary/monday").then().statusCode(200);
    for (int read = 0; read < 2; read++) {
      try (SseRecorder stream =
          open(session, "resources/read", Map.of("uri", "app://diary/monday"))) {
        JsonNode id =
            asked(stream, "Show the diary of monday?", "{\"type\":\"object\",\"properties\":{}}");
        answer(session, id, Map.of("action", "accept", "content", Map.of()));
        assertThat(stream.next().path("result").path("contents").get(0).path("text").asText())
            .isEqualTo("Diary of monday: quiet.");
        stream.assertEnds();
      }
    }
    assertThat(ReadAskingRoutes.SHOWN).containsExactly("monday");
  }

  @Test
  void aDeclinedReadIsTheRoutesRefusal() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    try (SseRecorder stream =
        open(session, "resources/read", Map.of("uri", "app://diary/monday"))) {
      JsonNode id =
          asked(stream, "Show the diary of monday?", "{\"type\":\"object\",\"properties\":{}}");
      answer(session, id, Map.of("action", "decline"));
      assertThat(stream.next())
          .isEqualTo(
              MAPPER.readTree(
                  """
                  {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"403 Forbidden: the\
                   route refused the read","data":{"status":403,"uri":"app://diary/monday"}}}
                  """));
      stream.assertEnds();
    }
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  @Test
  void aClientWithoutElicitationGetsMissingCapability() throws Exception {
    String session = client.start();
    String prompt =
        client
            .call(
                session,
                5,
                "prompts/get",
                Map.of("name", "essay", "arguments", Map.of("topic", "bees")))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(MAPPER.readTree(prompt)).isEqualTo(missingCapability("prompts/get 'essay'"));
    String read =
        client
            .call(session, 5, "resources/read", Map.of("uri", "app://diary/monday"))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(MAPPER.readTree(read))
        .isEqualTo(missingCapability("resources/read 'app://diary/monday'"));
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  private static JsonNode missingCapability(String what) throws Exception {
    return MAPPER.readTree(
        """
        {"jsonrpc":"2.0","id":5,"error":{"code":-32021,"message":"Missing required client\
         capability: %s asks 'elicit' (elicitation/create), which needs the client capability\
         'elicitation'","data":{"requiredCapabilities":{"elicitation":{}}}}}
        """
            .formatted(what));
  }
}
