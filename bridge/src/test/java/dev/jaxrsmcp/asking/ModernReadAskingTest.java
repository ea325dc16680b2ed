package dev.jaxrsmcp.asking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asking the user from a {@code prompts/get} and a {@code resources/read} in 2026-07-28 (SEP-2322)
 * over real HTTP: the route's question answers {@code input_required} for that method, the retry
 * with the answers gets the prompt's messages or the resource's contents (never cacheable); a
 * {@code requestState} is good only for its own prompt and arguments or URI, and only for its
 * caller; a client without elicitation gets {@code -32021}; a long-running read cannot ask.
 */
class ModernReadAskingTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<String, Object> ELICITATION = Map.of("elicitation", Map.of());

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(
                    ReadAskingRoutes.Writing.class,
                    ReadAskingRoutes.Diary.class,
                    AskingRoutes.Authentication.class)
                .register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void nothingShown() {
    ReadAskingRoutes.SHOWN.clear();
  }

  /** A request of {@code method} with these params, capabilities and headers (name, value, ...). */
  private static Response send(
      String method, Map<String, ?> params, Map<String, ?> capabilities, String... headers) {
    ObjectNode body = Mcp.body(1, method, params);
    ((ObjectNode) body.path("params").path("_meta"))
        .set("io.modelcontextprotocol/clientCapabilities", MAPPER.valueToTree(capabilities));
    Object name = params.containsKey("uri") ? params.get("uri") : params.get("name");
    var request = mcp.request(method, name.toString());
    for (int i = 0; i < headers.length; i += 2) {
      request = request.header(headers[i], headers[i + 1]);
    }
    return request.body(body.toString()).post(mcp.url());
  }

  private static JsonNode json(Response response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
    return MAPPER.readTree(response.asString());
  }

  private static Map<String, Object> essay(String topic) {
    return Map.of("name", "essay", "arguments", Map.of("topic", topic));
  }

  private static Map<String, Object> diary(String day) {
    return Map.of("uri", "app://diary/" + day);
  }

  /** {@code params} with the answers and the state of {@code first}. */
  private static Map<String, Object> retry(
      Map<String, ?> params, JsonNode first, String key, Map<String, ?> answer) {
    Map<String, Object> out = new LinkedHashMap<>(params);
    out.put("inputResponses", Map.of(key, answer));
    out.put("requestState", first.path("result").path("requestState").asText());
    return out;
  }

  private static JsonNode inputRequired(String key, String message, String schema, JsonNode first)
      throws Exception {
    ObjectNode expected =
        (ObjectNode)
            MAPPER.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"input_required\","
                    + "\"inputRequests\":{\""
                    + key
                    + "\":{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\","
                    + "\"message\":\""
                    + message
                    + "\",\"requestedSchema\":"
                    + schema
                    + "}}}}}");
    ((ObjectNode) expected.path("result"))
        .put("requestState", first.path("result").path("requestState").asText());
    return expected;
  }

  private static final String TONE =
      "{\"type\":\"object\",\"properties\":{\"tone\":{\"type\":\"string\"}},"
          + "\"required\":[\"tone\"]}";
  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"jaxrs-mcp\","
          + "\"version\":\"0.0.0\"}}";
  private static final String EMPTY = "{\"type\":\"object\",\"properties\":{}}";

  private static JsonNode missingCapability(String what) throws Exception {
    return MAPPER.readTree(
        """
        {"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"Missing required client\
         capability: %s asks 'elicit' (elicitation/create), which needs the client capability\
         'elicitation'","data":{"requiredCapabilities":{"elicitation":{}}}}}
        """
            .formatted(what));
  }

  private static JsonNode error(int code, String message) {
    ObjectNode error = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    error.putObject("error").put("code", code).put("message", message);
    return error;
  }

  @Test
  void aPromptAsksAndTheRetryWithTheAnswerGetsItsMessages() throws Exception {
    JsonNode first = json(send("prompts/get", essay("bees"), ELICITATION), 200);
    assertThat(first).isEqualTo(inputRequired("elicit", "Which tone for bees?", TONE, first));
    assertThat(first.path("result").path("requestState").asText())
        .matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    JsonNode done =
        json(
            send(
                "prompts/get",
                retry(
                    essay("bees"),
                    first,
                    "elicit",
                    Map.of("action", "accept", "content", Map.of("tone", "cheerful"))),
                ELICITATION),
            200);
    assertThat(done)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","messages":[{"role":"user",\
                "content":{"type":"text","text":"Write about bees in a cheerful tone."}}],%s}}
                """
                    .formatted(META)));
  }

  @Test
  void aDeclinedOrCancelledQuestionIsTheRoutesToAnswer() throws Exception {
    for (String action : new String[] {"decline", "cancel"}) {
      JsonNode first = json(send("prompts/get", essay("bees"), ELICITATION), 200);
      JsonNode plain =
          json(
              send(
                  "prompts/get",
                  retry(essay("bees"), first, "elicit", Map.of("action", action)),
                  ELICITATION),
              200);
      assertThat(plain)
          .isEqualTo(
              MAPPER.readTree(
                  """
                  {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","messages":[{"role":\
                  "user","content":{"type":"text","text":"Write about bees."}}],%s}}
                  """
                      .formatted(META)));

      JsonNode read = json(send("resources/read", diary("monday"), ELICITATION), 200);
      JsonNode refused =
          json(
              send(
                  "resources/read",
                  retry(diary("monday"), read, "elicit", Map.of("action", action)),
                  ELICITATION),
              200);
      assertThat(refused)
          .isEqualTo(
              MAPPER.readTree(
                  """
                  {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"403 Forbidden: the\
                   route refused the read","data":{"status":403,"uri":"app://diary/monday"}}}
                  """));
    }
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  @Test
  void aReadAsksAndTheRetryGetsContentsThatAreNotCached() throws Exception {
    JsonNode first = json(send("resources/read", diary("monday"), ELICITATION), 200);
    assertThat(first).isEqualTo(inputRequired("elicit", "Show the diary of monday?", EMPTY, first));
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();

    JsonNode done =
        json(
            send(
                "resources/read",
                retry(
                    diary("monday"),
                    first,
                    "elicit",
                    Map.of("action", "accept", "content", Map.of())),
                ELICITATION),
            200);
    // A retry's result depends on its answers: never cacheable, whatever the resource says.
    assertThat(done)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","contents":[{"uri":\
                "app://diary/monday","mimeType":"text/plain","text":"Diary of monday: quiet."}],\
                %s,"ttlMs":0,"cacheScope":"private"}}
                """
                    .formatted(META)));
    assertThat(ReadAskingRoutes.SHOWN).containsExactly("monday");
  }

  @Test
  void aStateIsForItsOwnPromptArgumentsAndUri() throws Exception {
    JsonNode forBees = json(send("prompts/get", essay("bees"), ELICITATION), 200);
    Map<String, Object> accept = Map.of("action", "accept", "content", Map.of("tone", "dry"));
    JsonNode onWasps =
        json(
            send("prompts/get", retry(essay("wasps"), forBees, "elicit", accept), ELICITATION),
            200);
    assertThat(onWasps)
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' was issued for another request (the method, tool,"
                    + " arguments or URI differ) (prompts/get 'essay')"));
    JsonNode onPoem =
        json(
            send(
                "prompts/get",
                retry(
                    Map.of("name", "poem", "arguments", Map.of("topic", "bees")),
                    forBees,
                    "elicit",
                    accept),
                ELICITATION),
            200);
    assertThat(onPoem)
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' was issued for another request (the method, tool,"
                    + " arguments or URI differ) (prompts/get 'poem')"));

    JsonNode forMonday = json(send("resources/read", diary("monday"), ELICITATION), 200);
    Map<String, Object> open = Map.of("action", "accept", "content", Map.of());
    JsonNode onTuesday =
        json(
            send("resources/read", retry(diary("tuesday"), forMonday, "elicit", open), ELICITATION),
            200);
    assertThat(onTuesday)
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' was issued for another request (the method, tool,"
                    + " arguments or URI differ) (resources/read 'app://diary/tuesday')"));
    JsonNode promptStateOnARead =
        json(
            send("resources/read", retry(diary("monday"), forBees, "elicit", open), ELICITATION),
            200);
    assertThat(promptStateOnARead)
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' was issued for another request (the method, tool,"
                    + " arguments or URI differ) (resources/read 'app://diary/monday')"));
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  @Test
  void aChangedStateIsRefusedBeforeTheRouteRuns() throws Exception {
    JsonNode first = json(send("resources/read", diary("monday"), ELICITATION), 200);
    String state = first.path("result").path("requestState").asText();
    int dot = state.indexOf('.');
    String changed =
        state.substring(0, dot - 1)
            + (state.charAt(dot - 1) == 'A' ? 'B' : 'A')
            + state.substring(dot);
    Map<String, Object> params = new LinkedHashMap<>(diary("monday"));
    params.put("inputResponses", Map.of("elicit", Map.of("action", "accept", "content", Map.of())));
    params.put("requestState", changed);
    assertThat(json(send("resources/read", params, ELICITATION), 200))
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' failed its integrity check (changed, or signed with"
                    + " another key: instances that share clients need the same requestStateKey)"
                    + " (resources/read 'app://diary/monday')"));
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  @Test
  void aStateIsTheCallersOwnWhateverSchemeTheyAuthenticateWith() throws Exception {
    JsonNode alices =
        json(
            send(
                "resources/read",
                diary("monday"),
                ELICITATION,
                "Authorization",
                "Bearer alice-token"),
            200);
    Map<String, Object> open =
        retry(diary("monday"), alices, "elicit", Map.of("action", "accept", "content", Map.of()));
    JsonNode byBob = json(send("resources/read", open, ELICITATION, "X-Api-Key", "key-bob"), 200);
    assertThat(byBob)
        .isEqualTo(
            error(
                -32602,
                "Invalid params: 'requestState' was issued to another caller (resources/read"
                    + " 'app://diary/monday')"));
    JsonNode anonymous = json(send("resources/read", open, ELICITATION), 200);
    assertThat(anonymous).isEqualTo(byBob);
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();

    JsonNode byAlicesKey =
        json(send("resources/read", open, ELICITATION, "X-Api-Key", "key-alice"), 200);
    assertThat(byAlicesKey.path("result").path("contents").get(0).path("text").asText())
        .isEqualTo("Diary of monday: quiet.");
    assertThat(ReadAskingRoutes.SHOWN).containsExactly("monday");
  }

  @Test
  void aClientWithoutElicitationGetsMissingCapability() throws Exception {
    JsonNode prompt = json(send("prompts/get", essay("bees"), Map.of()), 400);
    assertThat(prompt).isEqualTo(missingCapability("prompts/get 'essay'"));
    JsonNode read = json(send("resources/read", diary("monday"), Map.of()), 400);
    assertThat(read).isEqualTo(missingCapability("resources/read 'app://diary/monday'"));
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }

  @Test
  void aLongRunningReadCannotAsk() throws Exception {
    ReadAskingRoutes.REFUSED.clear();
    JsonNode failed =
        json(
            send("resources/read", Map.of("uri", "app://diary/monday/recording"), ELICITATION),
            200);
    // The route's IllegalStateException is a route failure, answered as any 500 (its text stays
    // on the server); the exception names the rule for the developer.
    assertThat(failed)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"500 Internal Server\
                 Error","data":{"status":500,"uri":"app://diary/monday/recording"}}}
                """));
    assertThat(ReadAskingRoutes.REFUSED)
        .containsExactly(
            "McpContext.ask: resources/read 'app://diary/monday/recording' is long-running"
                + " (@McpResource(longRunning = true)) and cannot ask its client: its answer"
                + " streams while the route writes it; ask in a tool, a prompt or a resource that"
                + " is not long-running (asked [elicit])");
    assertThat(ReadAskingRoutes.SHOWN).isEmpty();
  }
}
