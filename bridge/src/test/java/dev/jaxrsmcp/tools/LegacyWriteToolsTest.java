package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code @McpTool} routes in the legacy era (2025-11-25 sessions): the same calls, in place. */
class LegacyWriteToolsTest {
  static TestServer server;
  static LegacyClient admin;
  static LegacyClient viewer;
  static String adminSession;
  static String viewerSession;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(WriteRoutes.Widgets.class, WriteRoutes.RoleFilter.class)
                .register(McpFeature.builder().build()));
    admin = new LegacyClient(server.mcpUrl(), "Bearer admin");
    viewer = new LegacyClient(server.mcpUrl(), "Bearer viewer");
    adminSession = admin.start();
    viewerSession = viewer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void clear() {
    WriteRoutes.STORE.clear();
  }

  private static JsonPath call(
      LegacyClient client, String session, String tool, Map<String, ?> arguments) {
    JsonPath json =
        client
            .call(session, 5, "tools/call", Map.of("name", tool, "arguments", arguments))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getMap("error")).isNull();
    return json;
  }

  private static Map<String, Object> body(String name, int low) {
    return Map.of(
        "name",
        name,
        "comfort",
        Map.of("low", low, "high", 22),
        "schedule",
        List.of(Map.of("low", 16, "high", 20)));
  }

  @Test
  void listShowsTheWriteToolsWithTheirAnnotations() {
    JsonPath json =
        admin
            .call(adminSession, 2, "tools/list", Map.of())
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getList("result.tools.name"))
        .containsExactly("create", "delete_widget", "peek", "set_target", "touch");
    assertThat(
            json.getBoolean(
                "result.tools.find { it.name == 'delete_widget' }"
                    + ".annotations.destructiveHint"))
        .isTrue();
    assertThat(
            json.getString(
                "result.tools.find { it.name == 'create' }"
                    + ".inputSchema.properties.body.properties.comfort.$ref"))
        .isEqualTo("#/$defs/Band");
  }

  @Test
  void postWithANestedBodyAnswersStructuredContentBesideItsText() {
    JsonPath json = call(admin, adminSession, "create", Map.of("body", body("Porch", 18)));
    assertThat(json.getMap("result")).doesNotContainKey("isError").doesNotContainKey("resultType");
    assertThat(json.getString("result.structuredContent.name")).isEqualTo("Porch");
    assertThat(json.getString("result.content[0].text")).contains("\"name\":\"Porch\"");
    assertThat(WriteRoutes.STORE).hasSize(1);
  }

  @Test
  void beanValidationsRefusalIsA400ErrorResult() {
    JsonPath json = call(admin, adminSession, "create", Map.of("body", body("Porch", 2)));
    assertThat(json.getBoolean("result.isError")).isTrue();
    assertThat(json.getString("result.content[0].text")).startsWith("400 Bad Request");
    assertThat(WriteRoutes.STORE).isEmpty();
  }

  @Test
  void deleteRunsForTheCallerTheApplicationAllowsOnly() {
    long id =
        call(admin, adminSession, "create", Map.of("body", body("Hall", 18)))
            .getLong("result.structuredContent.id");
    JsonPath refused = call(viewer, viewerSession, "delete_widget", Map.of("id", id));
    assertThat(refused.getBoolean("result.isError")).isTrue();
    assertThat(refused.getString("result.content[0].text"))
        .isEqualTo("403 Forbidden: writes need the admin role");
    assertThat(WriteRoutes.STORE).containsKey(id);

    JsonPath deleted = call(admin, adminSession, "delete_widget", Map.of("id", id));
    assertThat(deleted.getMap("result")).doesNotContainKey("isError");
    assertThat(WriteRoutes.STORE).doesNotContainKey(id);
  }

  @Test
  void putAnswersTheChangedWidget() {
    long id =
        call(admin, adminSession, "create", Map.of("body", body("Attic", 18)))
            .getLong("result.structuredContent.id");
    JsonPath json =
        call(admin, adminSession, "set_target", Map.of("id", id, "body", Map.of("celsius", 19.5)));
    assertThat(json.getFloat("result.structuredContent.target")).isEqualTo(19.5f);
    assertThat(WriteRoutes.STORE.get(id).target()).isEqualTo(19.5);
  }
}
