package dev.jaxrsmcp.demo.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.demo.BearerAuthFilter;
import dev.jaxrsmcp.demo.DemoServer;
import dev.jaxrsmcp.test.McpTestClient;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The official TypeScript MCP clients against the demo, over real HTTP with the demo's bearer
 * token: the SDK 1.x ({@code @modelcontextprotocol/sdk}, 2025-11-25), the SDK 2.x client ({@code
 * \@modelcontextprotocol/client}, pinned to 2026-07-28, and in its default 2025-11-25) and the
 * Inspector's CLI, each run by {@code node} from {@code examples/interop-ts} ({@link NodeClients}).
 * Each lists the write tool, calls it with a JSON body and gets the route's own answer as {@code
 * structuredContent} (compared with a direct {@code PUT} of the route); an SDK client that declares
 * elicitation is asked to confirm first, and its accept runs the route while its decline does not
 * (the widget's state read with a direct {@code GET}).
 */
class TsInteropTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final String TOKEN = BearerAuthFilter.OWNER_TOKEN;
  private static final String TOOL = "set_target_temperature";

  /** An SDK client script and the era it speaks. */
  enum Sdk {
    V1_LEGACY("sdk-v1-legacy.mjs", List.of(), "sdk-v1", "2025-11-25"),
    V2_MODERN("sdk-v2.mjs", List.of(), "sdk-v2", "2026-07-28"),
    V2_LEGACY("sdk-v2.mjs", List.of("--legacy"), "sdk-v2", "2025-11-25");

    final String script;
    final List<String> flags;
    final String client;
    final String version;

    Sdk(String script, List<String> flags, String client, String version) {
      this.script = script;
      this.flags = flags;
      this.client = client;
      this.version = version;
    }

    boolean modern() {
      return version.equals("2026-07-28");
    }
  }

  /** One demo for the class: each test checks the state it changes against the state it found. */
  static DemoServer server;

  static JsonNode listed;

  @BeforeAll
  static void start() {
    NodeClients.ready(); // node checked, npm ci when node_modules is missing or stale
    server = DemoServer.start(0);
    listed =
        tool(
            McpTestClient.modern(server.mcpUri())
                .as("Bearer " + TOKEN)
                .request("tools/list", Map.of())
                .result()
                .path("tools"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private JsonNode sdk(Sdk sdk, String step, Object... idAndCelsius) {
    List<String> args = new ArrayList<>(List.of(server.mcpUri().toString(), step));
    for (Object arg : idAndCelsius) {
      args.add(String.valueOf(arg));
    }
    args.addAll(List.of("--token", TOKEN));
    args.addAll(sdk.flags);
    JsonNode out = NodeClients.node(sdk.script, args);
    assertThat(out.path("client").asText()).as(out.toString()).isEqualTo(sdk.client);
    assertThat(out.path("protocolVersion").asText()).as(out.toString()).isEqualTo(sdk.version);
    return out;
  }

  /** The route's own answer to {@code PUT /api/widgets/{id}/target} with {@code body}. */
  private HttpResponse<String> put(long id, String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(server.baseUri().resolve("api/widgets/" + id + "/target"))
            .header("Authorization", "Bearer " + TOKEN)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The widget's target as {@code GET /api/widgets/{id}/state/targetTemperature} gives it. */
  private String target(long id) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(
                    server.baseUri().resolve("api/widgets/" + id + "/state/targetTemperature"))
                .header("Authorization", "Bearer " + TOKEN)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body();
  }

  /**
   * The tool result a route's JSON answer makes ({@code content} with its exact text, {@code
   * structuredContent} the same JSON), as the client returns it: with the server's info in {@code
   * _meta} in 2026-07-28.
   */
  private static ObjectNode resultOf(String routeBody, boolean modern) throws Exception {
    ObjectNode result = MAPPER.createObjectNode();
    if (modern) {
      result
          .putObject("_meta")
          .putObject("io.modelcontextprotocol/serverInfo")
          .put("name", "widgets-demo")
          .put("version", "0.1.0");
    }
    result.putArray("content").addObject().put("type", "text").put("text", routeBody);
    result.set("structuredContent", MAPPER.readTree(routeBody));
    return result;
  }

  /** The one question an SDK client was asked: the tool's confirmation of widget {@code id}. */
  private static ArrayNode confirmation(long id) {
    ArrayNode asked = MAPPER.createArrayNode();
    ObjectNode params = asked.addObject().put("mode", "form");
    params.put("message", "Set the target temperature of widget " + id + "?");
    params.putObject("requestedSchema").put("type", "object").putObject("properties");
    return asked;
  }

  private static JsonNode tool(JsonNode tools) {
    for (JsonNode tool : tools) {
      if (tool.path("name").asText().equals(TOOL)) {
        return tool;
      }
    }
    throw new AssertionError("no tool " + TOOL + " in " + tools);
  }

  @ParameterizedTest
  @EnumSource(Sdk.class)
  void listsAndCallsTheWriteToolWithABodyAndGetsTheRoutesAnswer(Sdk sdk) throws Exception {
    double celsius = 10.5 + sdk.ordinal(); // a value of this test alone
    String body = "{\"celsius\":" + celsius + "}";
    HttpResponse<String> direct = put(1, body);
    assertThat(direct.statusCode()).as(direct.body()).isEqualTo(200);
    assertThat(target(3)).isNotEqualTo("200 " + celsius);

    // A client without elicitation: the demo's tool runs unconfirmed (runWithoutElicitation).
    JsonNode out = sdk(sdk, "call", 3, celsius);

    assertSameJson(out.path("tool"), listed, out);
    assertSameJson(out.path("result"), resultOf(direct.body(), sdk.modern()), out);
    assertThat(target(3)).isEqualTo("200 " + celsius);
  }

  @ParameterizedTest
  @EnumSource(Sdk.class)
  void anAcceptedConfirmationRunsTheRoute(Sdk sdk) throws Exception {
    double celsius = 25.5 + sdk.ordinal();
    assertThat(target(2)).isNotEqualTo("200 " + celsius);

    JsonNode out = sdk(sdk, "accept", 2, celsius);

    assertThat(out.path("asked")).as(out.toString()).isEqualTo(confirmation(2));
    HttpResponse<String> direct = put(1, "{\"celsius\":" + celsius + "}");
    assertSameJson(out.path("result"), resultOf(direct.body(), sdk.modern()), out);
    assertThat(target(2)).isEqualTo("200 " + celsius);
  }

  @ParameterizedTest
  @EnumSource(Sdk.class)
  void aDeclinedConfirmationDoesNotRunTheRoute(Sdk sdk) throws Exception {
    String before = target(1);

    JsonNode out = sdk(sdk, "decline", 1, 30.5);

    assertThat(out.path("asked")).as(out.toString()).isEqualTo(confirmation(1));
    ObjectNode declined = MAPPER.createObjectNode();
    declined
        .putArray("content")
        .addObject()
        .put("type", "text")
        .put(
            "text",
            "Not done: the user declined \"Set the target temperature of widget 1?\"; the tool"
                + " did not run.");
    declined.put("isError", true);
    assertThat(out.path("result")).as(out.toString()).isEqualTo(declined);
    assertThat(target(1)).isEqualTo(before).isNotEqualTo("200 30.5");
  }

  @ParameterizedTest
  @EnumSource(
      value = Sdk.class,
      names = {"V1_LEGACY", "V2_MODERN"})
  void theInspectorCliCallsTheWriteToolWithAJsonBody(Sdk era) throws Exception {
    double celsius = 15.5 + era.ordinal();
    HttpResponse<String> direct = put(1, "{\"celsius\":" + celsius + "}");
    assertThat(target(3)).isNotEqualTo("200 " + celsius);

    JsonNode result =
        NodeClients.inspector(
            List.of(
                server.mcpUri().toString(),
                "--transport",
                "http",
                "--protocol-era",
                era.modern() ? "modern" : "legacy",
                "--header",
                "Authorization: Bearer " + TOKEN,
                "--method",
                "tools/call",
                "--tool-name",
                TOOL,
                "--tool-args-json",
                "{\"id\":3,\"body\":{\"celsius\":" + celsius + "}}"));

    ObjectNode expected = resultOf(direct.body(), era.modern());
    if (era.modern()) {
      expected.put("resultType", "complete"); // the Inspector prints the result as it came
    }
    assertSameJson(result, expected, result);
    assertThat(target(3)).isEqualTo("200 " + celsius);
  }

  @Test
  void theInspectorCliTurnsAKeyValueArgumentIntoTheJsonBodyTheSchemaAsksFor() throws Exception {
    assertThat(target(3)).isNotEqualTo("200 18.5");
    JsonNode result =
        NodeClients.inspector(
            List.of(
                server.mcpUri().toString(),
                "--transport",
                "http",
                "--header",
                "Authorization: Bearer " + TOKEN,
                "--method",
                "tools/call",
                "--tool-name",
                TOOL,
                "--tool-arg",
                "id=3",
                "body={\"celsius\":18.5}"));

    assertSameJson(result, resultOf("{\"celsius\":18.5}", false), result);
    assertThat(target(3)).isEqualTo("200 18.5");
  }

  /**
   * {@code actual}, as a client in JavaScript parsed it, is {@code expected}: numbers compare as
   * JavaScript's (IEEE doubles: {@code 26.0} is {@code 26}, a {@code long}'s bounds are rounded).
   */
  private static void assertSameJson(JsonNode actual, JsonNode expected, JsonNode output) {
    assertThat(doubles(actual)).as(output.toString()).isEqualTo(doubles(expected));
  }

  private static JsonNode doubles(JsonNode node) {
    if (node.isNumber()) {
      return DoubleNode.valueOf(node.asDouble());
    }
    if (node.isObject()) {
      ObjectNode copy = MAPPER.createObjectNode();
      node.fields().forEachRemaining(e -> copy.set(e.getKey(), doubles(e.getValue())));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = MAPPER.createArrayNode();
      node.forEach(item -> copy.add(doubles(item)));
      return copy;
    }
    return node;
  }
}
