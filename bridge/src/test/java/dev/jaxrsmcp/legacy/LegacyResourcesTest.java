package dev.jaxrsmcp.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** resources/list, templates/list and read on a session: same dispatch, legacy result shapes. */
class LegacyResourcesTest {
  @Path("/widgets")
  public static class Widgets {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(cacheTtlMs = 5000)
    public String widget(@PathParam("id") long id) {
      if (id == 404) {
        throw new NotFoundException();
      }
      return "{\"id\":" + id + "}";
    }

    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://motd", cacheTtlMs = 5000)
    public String motd() {
      return "hello";
    }
  }

  static TestServer server;
  static Legacy legacy;
  String session;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Widgets.class).register(McpFeature.builder().build()));
    legacy = new Legacy(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void startSession() {
    session = legacy.start();
  }

  @Test
  void listHasNoModernDecoration() {
    JsonPath json =
        legacy.call(session, 1, "resources/list", null).then().statusCode(200).extract().jsonPath();
    assertThat(json.getMap("result")).containsOnlyKeys("resources");
    assertThat(json.getList("result.resources.uri")).containsExactly("app://motd");
  }

  @Test
  void templatesListHasNoModernDecoration() {
    JsonPath json =
        legacy
            .call(session, 1, "resources/templates/list", null)
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getMap("result")).containsOnlyKeys("resourceTemplates");
    assertThat(json.getList("result.resourceTemplates.uriTemplate"))
        .containsExactly("app://widgets/{id}");
  }

  @Test
  void readRunsTheRouteAndHasNoModernDecoration() {
    JsonPath json =
        legacy
            .call(session, 1, "resources/read", Map.of("uri", "app://widgets/42"))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getMap("result")).containsOnlyKeys("contents");
    assertThat(json.getList("result.contents"))
        .isEqualTo(
            List.of(
                Map.of(
                    "uri",
                    "app://widgets/42",
                    "mimeType",
                    "application/json",
                    "text",
                    "{\"id\":42}")));
  }

  @Test
  void readOfAnUnknownUriIsLegacyNotFound() {
    JsonPath json =
        legacy
            .call(session, 7, "resources/read", Map.of("uri", "app://nothing/here"))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getInt("id")).isEqualTo(7);
    assertThat(json.getMap("error"))
        .isEqualTo(
            Map.of(
                "code",
                -32002,
                "message",
                "Resource not found",
                "data",
                Map.of("uri", "app://nothing/here")));
  }

  @Test
  void readThatTheRouteAnswers404IsLegacyNotFound() {
    JsonPath json =
        legacy
            .call(session, 8, "resources/read", Map.of("uri", "app://widgets/404"))
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32002);
    assertThat(json.getString("error.data.uri")).isEqualTo("app://widgets/404");
  }
}
