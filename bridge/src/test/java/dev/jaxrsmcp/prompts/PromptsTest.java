package dev.jaxrsmcp.prompts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @McpPrompt} routes over real HTTP in both eras: listing, getting (text, a JSON list of
 * messages), arguments passed to the route, argument errors, the application's auth deciding, and
 * completion of prompt arguments.
 */
class PromptsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String SERVER_INFO =
      "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"prompts\",\"version\":\"1\"}}";

  static TestServer server;
  static Mcp mcp;
  static LegacyClient legacy;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(PromptRoutes.Prompts.class, PromptRoutes.SecretAuth.class)
                .register(
                    McpFeature.builder()
                        .name("prompts")
                        .version("1")
                        .completePrompt(
                            "review", "code", McpCompleter.of("let x = 1;", "let y = 2;", "var z;"))
                        .build()));
    mcp = new Mcp(server.mcpUrl());
    legacy = new LegacyClient(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode json(Response response) throws Exception {
    return MAPPER.readTree(response.asString());
  }

  static JsonNode json(String text) throws Exception {
    return MAPPER.readTree(text);
  }

  private static final String LIST =
      "[{\"name\":\"broken\",\"description\":\"Answers a message of no known role\"},"
          + "{\"name\":\"described\",\"description\":\"Messages with their own description\"},"
          + "{\"name\":\"greet\",\"title\":\"Greeting\",\"description\":\"Greets someone\","
          + "\"arguments\":[{\"name\":\"name\",\"description\":\"Who to greet\",\"required\":true},"
          + "{\"name\":\"mood\",\"required\":false}]},"
          + "{\"name\":\"missing\",\"description\":\"Always 404\"},"
          + "{\"name\":\"picture\",\"description\":\"A picture to look at\"},"
          + "{\"name\":\"review\",\"description\":\"Reviews a snippet\","
          + "\"arguments\":[{\"name\":\"code\",\"description\":\"The code to review\","
          + "\"required\":true}]},"
          + "{\"name\":\"secret\",\"description\":\"Runs GET /prompts/secret\"}]";

  @Test
  void modernListShowsEveryPromptWithItsArgumentsAndCacheHints() throws Exception {
    Response response = mcp.call("prompts/list", Map.of());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                    + "\"prompts\":"
                    + LIST
                    + ","
                    + SERVER_INFO
                    + ",\"ttlMs\":0,\"cacheScope\":\"private\"}}"));
  }

  @Test
  void legacyListAndCapabilities() throws Exception {
    assertThat(legacy.capabilities()).containsEntry("prompts", Map.of("listChanged", false));
    String session = legacy.start();
    Response response = legacy.call(session, 2, "prompts/list", Map.of());
    assertThat(json(response))
        .isEqualTo(json("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"prompts\":" + LIST + "}}"));
  }

  @Test
  void modernGetOfATextRouteIsOneUserMessageWithTheArgumentsPassedToTheRoute() throws Exception {
    Response response =
        mcp.call(
            "prompts/get",
            Map.of("name", "greet", "arguments", Map.of("name", "Ada Lovelace", "mood", "CALM")));
    assertThat(json(response))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                    + "\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
                    + "\"text\":\"Greet Ada Lovelace in a CALM way.\"}}],"
                    + SERVER_INFO
                    + "}}"));
  }

  @Test
  void legacyGetOfAJsonRouteIsItsListOfMessages() throws Exception {
    String session = legacy.start();
    Response response =
        legacy.call(
            session,
            3,
            "prompts/get",
            Map.of("name", "review", "arguments", Map.of("code", "let x = 1;")));
    assertThat(json(response))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"messages\":["
                    + "{\"role\":\"user\",\"content\":{\"type\":\"text\","
                    + "\"text\":\"Review: let x = 1;\"}},"
                    + "{\"role\":\"assistant\",\"content\":{\"type\":\"text\","
                    + "\"text\":\"Looking.\"}},"
                    + "{\"role\":\"user\",\"content\":{\"type\":\"image\",\"data\":\"iVBORw0=\","
                    + "\"mimeType\":\"image/png\"}}]}}"));
  }

  @Test
  void anImageRouteIsOneUserImageMessage() throws Exception {
    assertThat(
            json(mcp.call("prompts/get", Map.of("name", "picture"))).get("result").get("messages"))
        .isEqualTo(
            json(
                "[{\"role\":\"user\",\"content\":{\"type\":\"image\",\"data\":\"iVBORw==\","
                    + "\"mimeType\":\"image/png\"}}]"));
  }

  @Test
  void aJsonObjectGivesItsDescriptionAndMessagesWithAnEmbeddedResource() throws Exception {
    String session = legacy.start();
    assertThat(json(legacy.call(session, 6, "prompts/get", Map.of("name", "described"))))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":{\"description\":\"A described"
                    + " prompt\",\"messages\":[{\"role\":\"user\",\"content\":{\"type\":"
                    + "\"resource\",\"resource\":{\"uri\":\"app://notes/1\",\"mimeType\":"
                    + "\"text/plain\",\"text\":\"note\"}}}]}}"));
  }

  @Test
  void aLegacyCallerTheApplicationRefusesGetsTheReadsError() throws Exception {
    LegacyClient bob = new LegacyClient(server.mcpUrl(), "Bearer bob");
    String session = bob.start();
    assertThat(json(bob.call(session, 7, "prompts/get", Map.of("name", "secret"))))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32602,"
                    + "\"message\":\"403 Forbidden: alice only\",\"data\":{\"status\":403,"
                    + "\"uri\":\"app://prompts/secret\"}}}"));
    LegacyClient alice = new LegacyClient(server.mcpUrl(), "Bearer alice");
    String own = alice.start();
    assertThat(
            json(alice.call(own, 8, "prompts/get", Map.of("name", "secret")))
                .at("/result/messages/0/content/text")
                .textValue())
        .isEqualTo("The secret plan.");
  }

  @Test
  void aMissingRequiredArgumentIsInvalidParamsAndTheRouteDoesNotRun() throws Exception {
    Response response = mcp.call("prompts/get", Map.of("name", "review"));
    assertThat(json(response))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"Invalid params: argument 'code' of prompt 'review' is"
                    + " required\",\"data\":{\"prompt\":\"review\",\"argument\":\"code\"}}}"));
  }

  @Test
  void anUnknownArgumentIsInvalidParams() throws Exception {
    Response response =
        mcp.call(
            "prompts/get",
            Map.of("name", "greet", "arguments", Map.of("name", "Ada", "volume", "loud")));
    assertThat(json(response))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"Invalid params: prompt 'greet' has no argument 'volume'"
                    + " (its arguments: [name, mood])\","
                    + "\"data\":{\"prompt\":\"greet\",\"argument\":\"volume\"}}}"));
  }

  @Test
  void anUnknownPromptIsInvalidParamsInBothEras() throws Exception {
    String expected =
        "\"error\":{\"code\":-32602,\"message\":\"Invalid params: unknown prompt 'nope'\","
            + "\"data\":{\"prompt\":\"nope\"}}}";
    assertThat(json(mcp.call("prompts/get", Map.of("name", "nope"))))
        .isEqualTo(json("{\"jsonrpc\":\"2.0\",\"id\":1," + expected));
    String session = legacy.start();
    assertThat(json(legacy.call(session, 4, "prompts/get", Map.of("name", "nope"))))
        .isEqualTo(json("{\"jsonrpc\":\"2.0\",\"id\":4," + expected));
  }

  private static Response secret(String authorization) {
    var request = mcp.request("prompts/get", "secret");
    if (authorization != null) {
      request = request.header("Authorization", authorization);
    }
    return request
        .body(Mcp.body(1, "prompts/get", Map.of("name", "secret")).toString())
        .post(mcp.url());
  }

  @Test
  void theApplicationsAuthDecidesWhoGetsAPrompt() throws Exception {
    Response alice = secret("Bearer alice");
    assertThat(json(alice))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
                    + "\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
                    + "\"text\":\"The secret plan.\"}}],"
                    + SERVER_INFO
                    + "}}"));
    Response bob = secret("Bearer bob");
    assertThat(bob.statusCode()).isEqualTo(200);
    assertThat(json(bob))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"403 Forbidden: alice only\",\"data\":{\"status\":403,"
                    + "\"uri\":\"app://prompts/secret\"}}}"));
    Response nobody = secret(null);
    assertThat(nobody.statusCode()).isEqualTo(401);
    assertThat(nobody.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"prompts\"");
    assertThat(json(nobody))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                    + "\"message\":\"401 Unauthorized: authentication required\",\"data\":"
                    + "{\"status\":401,\"uri\":\"app://prompts/secret\"}}}"));
  }

  @Test
  void aRouteAnsweringNoPromptMessagesIsAnInternalError() throws Exception {
    assertThat(json(mcp.call("prompts/get", Map.of("name", "broken"))))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                    + "\"message\":\"Internal error: the route of prompt 'broken' did not answer"
                    + " prompt messages: message 0 must have a 'role' of \\\"user\\\" or"
                    + " \\\"assistant\\\" (found \\\"system\\\")\",\"data\":{\"prompt\":\"broken\"}}}"));
  }

  @Test
  void anArgumentValueTheRoutesParameterCannotTakeIsInvalidParams() throws Exception {
    assertThat(
            json(
                mcp.call(
                    "prompts/get",
                    Map.of("name", "greet", "arguments", Map.of("name", "Ada", "mood", "LOUD")))))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"Invalid params: argument 'mood' of prompt 'greet' must be one"
                    + " of [CHEERFUL, CALM, CURT] (found \\\"LOUD\\\")\","
                    + "\"data\":{\"prompt\":\"greet\",\"argument\":\"mood\"}}}"));
  }

  @Test
  void aRoutes404IsTheErrorAReadWouldGive() throws Exception {
    assertThat(json(mcp.call("prompts/get", Map.of("name", "missing"))))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                    + "\"message\":\"Resource not found\","
                    + "\"data\":{\"uri\":\"app://prompts/missing\"}}}"));
  }

  @Test
  void completionOfAPromptArgumentUsesItsCompleterOrItsEnumConstants() throws Exception {
    Response code =
        mcp.call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/prompt", "name", "review"),
                "argument", Map.of("name", "code", "value", "let")));
    assertThat(json(code).get("result").get("completion"))
        .isEqualTo(
            json("{\"values\":[\"let x = 1;\",\"let y = 2;\"],\"total\":2,\"hasMore\":false}"));
    String session = legacy.start();
    Response mood =
        legacy.call(
            session,
            5,
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/prompt", "name", "greet"),
                "argument", Map.of("name", "mood", "value", "C")));
    assertThat(json(mood))
        .isEqualTo(
            json(
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"completion\":{\"values\":"
                    + "[\"CHEERFUL\",\"CALM\",\"CURT\"],\"total\":3,\"hasMore\":false}}}"));
    Response unknown =
        mcp.call(
            "completion/complete",
            Map.of(
                "ref", Map.of("type", "ref/prompt", "name", "greet"),
                "argument", Map.of("name", "volume", "value", "")));
    assertThat(json(unknown).get("error"))
        .isEqualTo(
            json(
                "{\"code\":-32602,\"message\":\"Invalid params: prompt 'greet' has no argument"
                    + " 'volume'\"}"));
  }
}
