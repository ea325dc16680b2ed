package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code tools/list} says of {@code @McpTool} routes: input schemas (2020-12, body types as
 * Jackson binds them, Bean Validation constraints carried in, nested types under {@code $defs}),
 * checked with a JSON Schema validator against good and bad arguments; annotations from HTTP
 * semantics; output schemas from return types.
 */
class WriteToolSchemaTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final SchemaRegistry SCHEMAS =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

  static TestServer server;
  static Map<String, JsonNode> tools;

  @BeforeAll
  static void start() throws Exception {
    server =
        TestServer.start(
            new ResourceConfig(WriteRoutes.Widgets.class).register(McpFeature.builder().build()));
    String body =
        new Mcp(server.mcpUrl())
            .call("tools/list", Map.of())
            .then()
            .statusCode(200)
            .extract()
            .asString();
    tools = new java.util.TreeMap<>();
    for (JsonNode tool : MAPPER.readTree(body).at("/result/tools")) {
      tools.put(tool.get("name").asText(), tool);
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static List<Error> errors(JsonNode schema, Object arguments) throws Exception {
    Schema validator = SCHEMAS.getSchema(MAPPER.writeValueAsString(schema), InputFormat.JSON);
    return validator.validate(MAPPER.writeValueAsString(arguments), InputFormat.JSON);
  }

  private static Map<String, Object> body(Object name, Object low) {
    return Map.of("name", name, "comfort", Map.of("low", low, "high", 22));
  }

  @Test
  void everyToolRouteIsListedBesideNoResource() {
    assertThat(tools).containsOnlyKeys("create", "set_target", "delete_widget", "touch", "peek");
  }

  @Test
  void theBodysSchemaIsTheEntityAsJacksonBindsItWithItsConstraints() throws Exception {
    JsonNode schema = tools.get("create").get("inputSchema");
    assertThat(schema.at("/required").toString()).isEqualTo("[\"body\"]");
    assertThat(schema.at("/properties/X-Note/type").asText()).isEqualTo("string");
    JsonNode body = schema.at("/properties/body");
    assertThat(body.at("/type").asText()).isEqualTo("object");
    assertThat(body.at("/properties/name/maxLength").asInt()).isEqualTo(20);
    assertThat(body.at("/properties/comfort/$ref").asText()).isEqualTo("#/$defs/Band");
    assertThat(body.at("/properties/mode/$ref").asText()).isEqualTo("#/$defs/Mode");
    assertThat(schema.at("/$defs/Mode/enum").toString()).isEqualTo("[\"ECO\",\"COMFORT\"]");
    assertThat(body.at("/required").toString()).isEqualTo("[\"comfort\",\"name\"]");
    assertThat(schema.at("/$defs/Band/properties/low/minimum").asInt()).isEqualTo(5);
    assertThat(schema.at("/$defs/Band/properties/high/maximum").asInt()).isEqualTo(30);

    assertThat(errors(schema, Map.of("body", body("Porch", 18)))).isEmpty();
    assertThat(
            errors(
                schema,
                Map.of(
                    "X-Note",
                    "hello",
                    "body",
                    Map.of(
                        "name",
                        "Porch",
                        "comfort",
                        Map.of("low", 18, "high", 22),
                        "schedule",
                        List.of(Map.of("low", 16, "high", 20)),
                        "mode",
                        "ECO"))))
        .isEmpty();
    assertThat(errors(schema, Map.of())).isNotEmpty(); // no body
    assertThat(errors(schema, Map.of("body", body("a name longer than twenty", 18)))).isNotEmpty();
    assertThat(errors(schema, Map.of("body", body("Porch", 2)))).isNotEmpty(); // nested minimum
    assertThat(errors(schema, Map.of("body", Map.of("name", "Porch")))).isNotEmpty(); // @NotNull
    assertThat(errors(schema, Map.of("body", body("Porch", 18), "color", "red"))).isNotEmpty();
    assertThat(
            errors(
                schema,
                Map.of(
                    "body",
                    Map.of(
                        "name",
                        "Porch",
                        "comfort",
                        Map.of("low", 18, "high", 22),
                        "schedule",
                        List.of(Map.of("low", 1, "high", 20))))))
        .isNotEmpty(); // a constraint inside a list's item type
  }

  @Test
  void pathArgumentsAndTheBodyAreRequired() throws Exception {
    JsonNode schema = tools.get("set_target").get("inputSchema");
    assertThat(schema.at("/required").toString()).isEqualTo("[\"id\",\"body\"]");
    assertThat(errors(schema, Map.of("id", 7, "body", Map.of("celsius", 21.5)))).isEmpty();
    assertThat(errors(schema, Map.of("id", 7, "body", Map.of("celsius", 31)))).isNotEmpty();
    assertThat(errors(schema, Map.of("body", Map.of("celsius", 21)))).isNotEmpty();
    assertThat(tools.get("delete_widget").get("inputSchema").toString())
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\","
                + "\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807}},"
                + "\"required\":[\"id\"],\"additionalProperties\":false}");
  }

  @Test
  void annotationsFollowHttpSemanticsUnlessTheToolSetsThem() {
    assertThat(tools.get("create").get("annotations").toString())
        .isEqualTo("{\"readOnlyHint\":false,\"destructiveHint\":false,\"idempotentHint\":false}");
    assertThat(tools.get("set_target").get("annotations").toString())
        .isEqualTo("{\"readOnlyHint\":false,\"destructiveHint\":false,\"idempotentHint\":true}");
    assertThat(tools.get("delete_widget").get("annotations").toString())
        .isEqualTo("{\"readOnlyHint\":false,\"destructiveHint\":true,\"idempotentHint\":true}");
    assertThat(tools.get("peek").get("annotations").toString())
        .isEqualTo("{\"readOnlyHint\":true}");
    assertThat(tools.get("touch").get("annotations").toString())
        .isEqualTo(
            "{\"readOnlyHint\":false,\"destructiveHint\":false,\"idempotentHint\":true,"
                + "\"openWorldHint\":false}");
  }

  @Test
  void titleAndDescriptionNameTheRoute() {
    assertThat(tools.get("create").get("title").asText()).isEqualTo("Create a widget");
    assertThat(tools.get("create").get("description").asText())
        .isEqualTo("Creates a widget\n\nRuns POST /widgets");
    assertThat(tools.get("delete_widget").get("description").asText())
        .isEqualTo("Runs DELETE /widgets/{id}");
  }

  @Test
  void aJsonRouteDeclaresTheOutputSchemaOfItsReturnType() throws Exception {
    JsonNode output = tools.get("set_target").get("outputSchema");
    assertThat(output.at("/type").asText()).isEqualTo("object");
    assertThat(output.at("/properties/target/type").asText()).isEqualTo("number");
    assertThat(output.at("/properties/comfort/$ref").asText()).isEqualTo("#/$defs/Band");
    assertThat(output.at("/$defs/Band/type").asText()).isEqualTo("object");
    assertThat(errors(output, Map.of("id", 1, "name", "x", "target", 20.5))).isEmpty();
    assertThat(errors(output, Map.of("id", "one"))).isNotEmpty();
    assertThat(tools.get("peek").has("outputSchema")).isTrue();
    // A Response, a void method and a text route declare none.
    assertThat(tools.get("create").has("outputSchema")).isFalse();
    assertThat(tools.get("delete_widget").has("outputSchema")).isFalse();
    assertThat(tools.get("touch").has("outputSchema")).isFalse();
  }
}
