package dev.jaxrsmcp.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract sections 5 and 6, modern results: {@code server/discover}, {@code resources/list},
 * {@code resources/templates/list} and {@code resources/read} carry {@code resultType}, {@code
 * serverInfo} in {@code _meta}, {@code ttlMs} and {@code cacheScope}; capabilities follow what is
 * registered; no {@code null} anywhere.
 */
class ModernResultsTest {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final String SERVER_INFO =
      "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"widgets\",\"version\":\"1.2.3\"}}";

  @Path("/")
  @Produces("text/plain")
  public static class Widgets {
    @GET
    @Path("motd")
    @McpResource(
        uri = "app://motd",
        title = "Message of the day",
        description = "What the team wants you to know.",
        audience = {"user", "assistant"},
        priority = 0.5,
        cacheTtlMs = 60000,
        cacheScope = "public")
    public String motd() {
      return "ship it";
    }

    @GET
    @Path("widgets/{id}")
    @Produces("application/json")
    @McpResource(subscribe = true)
    public String widget(@PathParam("id") long id) {
      return "{\"id\":" + id + "}";
    }

    @GET
    @Path("widgets")
    @McpResource(name = "search", cacheScope = "private")
    public String search(@QueryParam("color") String color) {
      return "widgets coloured " + color;
    }
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  private static JsonNode result(Mcp mcp, String method, Map<String, ?> params) {
    Response response = mcp.call(method, params);
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    assertThat(response.contentType()).startsWith("application/json");
    JsonNode message = McpWire.json(response);
    assertThat(message.has("error")).as(message.toString()).isFalse();
    assertThat(message.get("id").intValue()).isEqualTo(1);
    return message.get("result");
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class WithResources {
    TestServer server;
    Mcp mcp;

    @BeforeAll
    void start() {
      server =
          TestServer.start(
              new ResourceConfig(Widgets.class)
                  .register(
                      McpFeature.builder()
                          .name("widgets")
                          .version("1.2.3")
                          .instructions("Read widgets by id.")
                          .defaultCacheTtlMs(5000)
                          .defaultCacheScope("public")
                          .build()));
      mcp = new Mcp(server.mcpUrl());
    }

    @AfterAll
    void stop() {
      server.close();
    }

    @Test
    void discoverDescribesTheServer() {
      assertThat(result(mcp, "server/discover", Map.of()))
          .isEqualTo(
              json(
                  "{\"resultType\":\"complete\","
                      + "\"supportedVersions\":[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\","
                      + "\"2025-03-26\"],"
                      + "\"capabilities\":{\"resources\":{\"subscribe\":true,\"listChanged\":true},"
                      + "\"tools\":{}},"
                      + "\"instructions\":\"Read widgets by id.\","
                      + SERVER_INFO
                      + ",\"ttlMs\":5000,\"cacheScope\":\"public\"}"));
    }

    @Test
    void resourcesListHoldsTheVariableFreeResources() {
      assertThat(result(mcp, "resources/list", Map.of()))
          .isEqualTo(
              json(
                  "{\"resultType\":\"complete\",\"resources\":[{\"uri\":\"app://motd\","
                      + "\"name\":\"motd\",\"title\":\"Message of the day\","
                      + "\"description\":\"What the team wants you to know.\","
                      + "\"mimeType\":\"text/plain\","
                      + "\"annotations\":{\"audience\":[\"user\",\"assistant\"],\"priority\":0.5}}],"
                      + SERVER_INFO
                      + ",\"ttlMs\":5000,\"cacheScope\":\"public\"}"));
    }

    @Test
    void templatesListHoldsTheTemplatesSortedByRoute() {
      assertThat(result(mcp, "resources/templates/list", Map.of()))
          .isEqualTo(
              json(
                  "{\"resultType\":\"complete\",\"resourceTemplates\":["
                      + "{\"uriTemplate\":\"app://widgets{?color}\",\"name\":\"search\","
                      + "\"mimeType\":\"text/plain\"},"
                      + "{\"uriTemplate\":\"app://widgets/{id}\",\"name\":\"widget\","
                      + "\"mimeType\":\"application/json\"}],"
                      + SERVER_INFO
                      + ",\"ttlMs\":5000,\"cacheScope\":\"public\"}"));
    }

    @Test
    void readCarriesTheResourcesOwnCacheHint() {
      assertThat(result(mcp, "resources/read", Map.of("uri", "app://motd")))
          .isEqualTo(
              json(
                  "{\"resultType\":\"complete\",\"contents\":[{\"uri\":\"app://motd\","
                      + "\"mimeType\":\"text/plain\",\"text\":\"ship it\"}],"
                      + SERVER_INFO
                      + ",\"ttlMs\":60000,\"cacheScope\":\"public\"}"));
    }

    @Test
    void readWithoutOwnCacheHintUsesTheFeatureDefaults() {
      JsonNode result = result(mcp, "resources/read", Map.of("uri", "app://widgets/42"));

      assertThat(result.get("ttlMs").longValue()).isEqualTo(5000);
      assertThat(result.get("cacheScope").textValue()).isEqualTo("public");
      assertThat(result.at("/contents/0/text").textValue()).isEqualTo("{\"id\":42}");
    }

    @Test
    void readOfATemplateWithQueryVariables() {
      JsonNode result = result(mcp, "resources/read", Map.of("uri", "app://widgets?color=red"));

      assertThat(result.at("/contents/0/text").textValue()).isEqualTo("widgets coloured red");
      assertThat(result.get("cacheScope").textValue()).isEqualTo("private");
    }

    @Test
    void readOfATemplateWithItsQueryVariableLeftOut() {
      JsonNode result = result(mcp, "resources/read", Map.of("uri", "app://widgets"));

      assertThat(result.at("/contents/0/text").textValue()).isEqualTo("widgets coloured null");
    }

    @Test
    void listsAreOnePageWithoutNextCursor() {
      assertThat(result(mcp, "resources/list", Map.of()).has("nextCursor")).isFalse();
      assertThat(result(mcp, "resources/templates/list", Map.of()).has("nextCursor")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"resources/list", "resources/templates/list"})
    void cursorTheServerDidNotIssueIsInvalidParams(String method) {
      JsonNode json = McpWire.json(mcp.call(method, Map.of("cursor", "page-2")));

      assertThat(json.toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                  + "\"message\":\"Invalid params: cursor 'page-2' is not one this server gave out\","
                  + "\"data\":{\"cursor\":\"page-2\"}}}");
    }

    @Test
    void cursorThatIsNotAStringIsInvalidParams() {
      JsonNode json = McpWire.json(mcp.call("resources/list", Map.of("cursor", 2)));

      assertThat(json.at("/error").toString())
          .isEqualTo("{\"code\":-32602,\"message\":\"Invalid params: 'cursor' must be a string\"}");
    }

    @Test
    void advertisedCapabilitiesAreServedAndOthersAreNot() {
      JsonNode capabilities = result(mcp, "server/discover", Map.of()).get("capabilities");

      assertThat(capabilities.has("resources")).isTrue();
      assertThat(capabilities.path("resources").has("subscribe"))
          .isEqualTo(served(mcp, "subscriptions/listen"));
      assertThat(capabilities.has("tools")).isEqualTo(served(mcp, "tools/list"));
      assertThat(capabilities.has("prompts")).isFalse();
      assertThat(served(mcp, "prompts/list")).isFalse();
      Iterator<String> names = capabilities.fieldNames();
      while (names.hasNext()) {
        assertThat(names.next()).isIn("resources", "tools", "completions");
      }
    }

    @Test
    void everyResultCarriesResultTypeAndServerInfo() {
      for (String method :
          new String[] {"server/discover", "resources/list", "resources/templates/list"}) {
        JsonNode result = result(mcp, method, Map.of());
        assertThat(result.get("resultType").textValue()).as(method).isEqualTo("complete");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").textValue())
            .as(method)
            .isEqualTo("widgets");
      }
    }
  }

  /** True when the method is in the modern method table (anything but -32601). */
  static boolean served(Mcp mcp, String method) {
    JsonNode json = McpWire.json(mcp.call(method, Map.of()));
    return json.at("/error/code").intValue() != -32601;
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class WithoutResources {
    @Path("/plain")
    public static class PlainRoutes {
      @GET
      public String plain() {
        return "not exposed";
      }
    }

    TestServer server;
    Mcp mcp;

    @BeforeAll
    void start() {
      server =
          TestServer.start(
              new ResourceConfig(PlainRoutes.class).register(McpFeature.builder().build()));
      mcp = new Mcp(server.mcpUrl());
    }

    @AfterAll
    void stop() {
      server.close();
    }

    @Test
    void discoverAdvertisesNothingAndHasNoInstructions() {
      assertThat(result(mcp, "server/discover", Map.of()))
          .isEqualTo(
              json(
                  "{\"resultType\":\"complete\","
                      + "\"supportedVersions\":[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\","
                      + "\"2025-03-26\"],"
                      + "\"capabilities\":{},"
                      + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
                      + "{\"name\":\"jaxrs-mcp\",\"version\":\"0.0.0\"}},"
                      + "\"ttlMs\":0,\"cacheScope\":\"public\"}"));
    }

    @Test
    void listsAreEmpty() {
      assertThat(result(mcp, "resources/list", Map.of()).get("resources").size()).isZero();
      assertThat(result(mcp, "resources/templates/list", Map.of()).get("resourceTemplates").size())
          .isZero();
    }

    @Test
    void readIsResourceNotFound() {
      JsonNode json = McpWire.json(mcp.read("app://plain"));

      assertThat(json.at("/error/message").textValue()).isEqualTo("Resource not found");
    }
  }
}
