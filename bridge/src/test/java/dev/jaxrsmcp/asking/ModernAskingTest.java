package dev.jaxrsmcp.asking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.time.Time;
import dev.jaxrsmcp.internal.time.VirtualTime;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asking the client in 2026-07-28 (SEP-2322) over real HTTP: a tool's confirmation and a route's
 * questions answer {@code input_required} with a signed {@code requestState}; the retry with the
 * answers runs the route; a state changed, replayed by another caller or for other arguments, or
 * expired, is refused before the route runs.
 */
class ModernAskingTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<String, Object> ELICITATION = Map.of("elicitation", Map.of());
  private static final String CONFIRM = "jaxrsmcp.confirm";

  static TestServer server;
  static Mcp mcp;
  static VirtualTime time = new VirtualTime();

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(AskingRoutes.Widgets.class, AskingRoutes.Authentication.class)
                .register(McpFeature.builder().build())
                .property(Time.PROPERTY, time));
    mcp = new Mcp(server.mcpUrl());
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

  /** A tools/call with these capabilities, extra params and headers (name, value, ...). */
  private static Response call(
      String tool,
      Map<String, ?> arguments,
      Map<String, ?> capabilities,
      Map<String, ?> extra,
      String... headers) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("name", tool);
    params.put("arguments", arguments);
    params.putAll(extra);
    ObjectNode body = Mcp.body(1, "tools/call", params);
    ((ObjectNode) body.path("params").path("_meta"))
        .set("io.modelcontextprotocol/clientCapabilities", MAPPER.valueToTree(capabilities));
    var request = mcp.request("tools/call", tool);
    for (int i = 0; i < headers.length; i += 2) {
      request = request.header(headers[i], headers[i + 1]);
    }
    return request.body(body.toString()).post(mcp.url());
  }

  private static JsonNode json(Response response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
    return MAPPER.readTree(response.asString());
  }

  private static Map<String, Object> answer(String key, String action) {
    return Map.of(
        key,
        action.equals("accept")
            ? Map.of("action", action, "content", Map.of())
            : Map.of("action", action));
  }

  private static JsonNode firstRound(String tool, long id, String... headers) throws Exception {
    return json(call(tool, Map.of("id", id), ELICITATION, Map.of(), headers), 200);
  }

  private static Map<String, Object> retry(JsonNode first, String action) {
    return Map.of(
        "inputResponses",
        answer(CONFIRM, action),
        "requestState",
        first.path("result").path("requestState").asText());
  }

  @Test
  void confirmationAskedFirstAndAcceptedRunsTheRoute() throws Exception {
    JsonNode first = firstRound("delete_widget", 7);
    String state = first.path("result").path("requestState").asText();
    ObjectNode expected =
        (ObjectNode)
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{
                 "jaxrsmcp.confirm":{"method":"elicitation/create","params":{"mode":"form",
                  "message":"Delete widget 7?","requestedSchema":{"type":"object","properties":{}}}}}}}
                """);
    ((ObjectNode) expected.path("result")).put("requestState", state);
    assertThat(first).isEqualTo(expected);
    assertThat(state).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    assertThat(AskingRoutes.WIDGETS).contains(7L); // nothing ran yet

    JsonNode done =
        json(call("delete_widget", Map.of("id", 7), ELICITATION, retry(first, "accept")), 200);
    assertThat(done.path("result").path("content").get(0).path("text").asText())
        .isEqualTo("deleted 7");
    assertThat(done.path("result").has("isError")).isFalse();
    assertThat(done.path("result").path("resultType").asText()).isEqualTo("complete");
    assertThat(AskingRoutes.WIDGETS).containsExactly(8L);
  }

  @Test
  void declinedOrCancelledAnswersAnErrorResultWithoutRunningTheRoute() throws Exception {
    for (String action : List.of("decline", "cancel")) {
      JsonNode first = firstRound("delete_widget", 7);
      JsonNode done =
          json(call("delete_widget", Map.of("id", 7), ELICITATION, retry(first, action)), 200);
      String verb = action.equals("decline") ? "declined" : "cancelled";
      assertThat(done)
          .isEqualTo(
              MAPPER.readTree(
                  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                      + "\"content\":[{\"type\":\"text\",\"text\":\"Not done: the user "
                      + verb
                      + " \\\"Delete widget 7?\\\"; the tool did not run.\"}],\"isError\":true}}"));
    }
    assertThat(AskingRoutes.WIDGETS).containsExactlyInAnyOrder(7L, 8L);
  }

  @Test
  void aClientWithoutElicitationGetsMissingCapabilityUnlessTheToolRunsAnyway() throws Exception {
    JsonNode refused = json(call("delete_widget", Map.of("id", 7), Map.of(), Map.of()), 400);
    assertThat(refused)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"Missing required client\
                 capability: tools/call 'delete_widget' must be confirmed by the user\
                 (McpTool.confirm), which needs the client capability 'elicitation'",\
                "data":{"requiredCapabilities":{"elicitation":{}}}}}
                """));
    assertThat(AskingRoutes.WIDGETS).contains(7L);

    JsonNode anyway = json(call("delete_anyway", Map.of("id", 7), Map.of(), Map.of()), 200);
    assertThat(anyway.path("result").path("content").get(0).path("text").asText())
        .isEqualTo("deleted 7");
    assertThat(AskingRoutes.WIDGETS).containsExactly(8L);
  }

  @Test
  void aChangedStateIsRefusedBeforeTheRouteRuns() throws Exception {
    JsonNode first = firstRound("delete_widget", 7);
    String state = first.path("result").path("requestState").asText();
    int dot = state.indexOf('.');
    String changed =
        state.substring(0, dot - 1)
            + (state.charAt(dot - 1) == 'A' ? 'B' : 'A')
            + state.substring(dot);
    JsonNode refused =
        json(
            call(
                "delete_widget",
                Map.of("id", 7),
                ELICITATION,
                Map.of("inputResponses", answer(CONFIRM, "accept"), "requestState", changed)),
            200);
    assertThat(refused)
        .isEqualTo(
            error(
                "Invalid params: 'requestState' failed its integrity check (changed, or signed with"
                    + " another key: instances that share clients need the same requestStateKey)"
                    + " (tools/call 'delete_widget')"));
    assertThat(AskingRoutes.WIDGETS).contains(7L);
  }

  @Test
  void aStateIsTheCallersOwnWhateverSchemeTheyAuthenticateWith() throws Exception {
    JsonNode alices = firstRound("delete_widget", 7, "X-Api-Key", "key-alice");
    JsonNode byBob =
        json(
            call(
                "delete_widget",
                Map.of("id", 7),
                ELICITATION,
                retry(alices, "accept"),
                "X-Api-Key",
                "key-bob"),
            200);
    assertThat(byBob)
        .isEqualTo(
            error(
                "Invalid params: 'requestState' was issued to another caller (tools/call"
                    + " 'delete_widget')"));
    JsonNode anonymous =
        json(call("delete_widget", Map.of("id", 7), ELICITATION, retry(alices, "accept")), 200);
    assertThat(anonymous).isEqualTo(byBob);
    assertThat(AskingRoutes.WIDGETS).contains(7L);

    JsonNode byAlicesToken =
        json(
            call(
                "delete_widget",
                Map.of("id", 7),
                ELICITATION,
                retry(alices, "accept"),
                "Authorization",
                "Bearer alice-token"),
            200);
    assertThat(byAlicesToken.path("result").path("content").get(0).path("text").asText())
        .isEqualTo("deleted 7");
  }

  @Test
  void aStateIsForItsOwnArguments() throws Exception {
    JsonNode for7 = firstRound("delete_widget", 7);
    JsonNode on8 =
        json(call("delete_widget", Map.of("id", 8), ELICITATION, retry(for7, "accept")), 200);
    assertThat(on8)
        .isEqualTo(
            error(
                "Invalid params: 'requestState' was issued for another request (the method, tool,"
                    + " arguments or URI differ) (tools/call 'delete_widget')"));
    assertThat(AskingRoutes.WIDGETS).containsExactlyInAnyOrder(7L, 8L);
  }

  @Test
  void aStateExpiresAfterTheAskTimeout() throws Exception {
    JsonNode first = firstRound("delete_widget", 7);
    time.advanceBy(Duration.ofMinutes(10).plusMillis(1));
    JsonNode late =
        json(call("delete_widget", Map.of("id", 7), ELICITATION, retry(first, "accept")), 200);
    assertThat(late.path("error").path("code").asInt()).isEqualTo(-32602);
    assertThat(late.path("error").path("message").asText())
        .matches(
            "Invalid params: 'requestState' expired at [0-9TZ:.-]+ \\(askTimeout PT10M\\); call"
                + " again without it to be asked anew \\(tools/call 'delete_widget'\\)");
    assertThat(AskingRoutes.WIDGETS).contains(7L);
  }

  @Test
  void aRouteAsksRoundAfterRoundAndActsOnlyWithEveryAnswer() throws Exception {
    Map<String, Object> both = Map.of("elicitation", Map.of(), "sampling", Map.of());
    JsonNode first = json(call("note", Map.of("id", 7), both, Map.of()), 200);
    assertThat(first.path("result").path("inputRequests").path("elicit").path("params"))
        .isEqualTo(
            MAPPER.readTree(
                "{\"mode\":\"form\",\"message\":\"Why?\",\"requestedSchema\":{\"type\":\"object\","
                    + "\"properties\":{\"reason\":{\"type\":\"string\"}},\"required\":[\"reason\"]}}"));
    Map<String, Object> reason =
        Map.of("elicit", Map.of("action", "accept", "content", Map.of("reason", "dusty")));
    JsonNode second =
        json(
            call(
                "note",
                Map.of("id", 7),
                both,
                Map.of(
                    "inputResponses",
                    reason,
                    "requestState",
                    first.path("result").path("requestState").asText())),
            200);
    assertThat(second.path("result").path("inputRequests").path("sample").path("method").asText())
        .isEqualTo("sampling/createMessage");
    assertThat(second.path("result").path("inputRequests").has("elicit")).isFalse();
    assertThat(AskingRoutes.NOTES).isEmpty();
    Map<String, Object> summary =
        Map.of(
            "sample",
            Map.of(
                "role", "assistant",
                "content", Map.of("type", "text", "text", "needs dusting"),
                "model", "m"));
    JsonNode done =
        json(
            call(
                "note",
                Map.of("id", 7),
                both,
                Map.of(
                    "inputResponses",
                    summary,
                    "requestState",
                    second.path("result").path("requestState").asText())),
            200);
    assertThat(done.path("result").path("content").get(0).path("text").asText())
        .isEqualTo("noted 7");
    assertThat(AskingRoutes.NOTES).containsExactly(Map.entry(7L, "dusty / needs dusting"));
  }

  @Test
  void aQuestionTheClientCannotAnswerIsMissingCapabilityWithHttp400() throws Exception {
    JsonNode refused =
        json(
            call(
                "note",
                Map.of("id", 7),
                ELICITATION,
                Map.of(
                    "inputResponses",
                    Map.of(
                        "elicit",
                        Map.of("action", "accept", "content", Map.of("reason", "dusty"))))),
            400);
    assertThat(refused)
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"Missing required client\
                 capability: tools/call 'note' asks 'sample' (sampling/createMessage), which needs\
                 the client capability 'sampling'","data":{"requiredCapabilities":{"sampling":{}}}}}
                """));
    assertThat(AskingRoutes.NOTES).isEmpty();
  }

  @Test
  void malformedAnswersAreInvalidParams() throws Exception {
    JsonNode notObject =
        json(
            call(
                "delete_widget",
                Map.of("id", 7),
                ELICITATION,
                Map.of("inputResponses", Map.of(CONFIRM, 12345))),
            200);
    assertThat(notObject)
        .isEqualTo(
            error(
                "Invalid params: 'inputResponses' member 'jaxrsmcp.confirm' must be a result"
                    + " object (found number)"));
    JsonNode badAction =
        json(
            call(
                "delete_widget",
                Map.of("id", 7),
                ELICITATION,
                Map.of("inputResponses", Map.of(CONFIRM, Map.of("action", "maybe")))),
            200);
    assertThat(badAction)
        .isEqualTo(
            error(
                "Invalid params: the answer to 'jaxrsmcp.confirm' is not valid: an ElicitResult's"
                    + " 'action' must be accept, decline or cancel (found {\"action\":\"maybe\"})"));
    assertThat(AskingRoutes.WIDGETS).contains(7L);
  }

  private static JsonNode error(String message) {
    ObjectNode error = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    error.putObject("error").put("code", -32602).put("message", message);
    return error;
  }
}
