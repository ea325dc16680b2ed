package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.testing.Mcp;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo's widget states are listed from GET /api/widgets and their {id} completes. */
class DiscoveryDemoTest {
  static DemoServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
    mcp = new Mcp(server.mcpUri().toString());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonPath call(String method, Map<String, ?> params, String authorization) {
    var request = mcp.request(method, null).body(Mcp.body(1, method, params).toString());
    if (authorization != null) {
      request = request.header("Authorization", authorization);
    }
    return request.post(mcp.url()).then().statusCode(200).extract().jsonPath();
  }

  @Test
  void widgetStatesAreListedForCallersWhoMayListWidgets() {
    for (String token : List.of("Bearer demo-token", "Bearer viewer-token")) {
      JsonPath json = call("resources/list", Map.of(), token);
      assertThat(json.getList("result.resources.uri"))
          .as(token)
          .containsExactly(
              "app://server/motd",
              "app://widgets",
              "app://widgets/1/state",
              "app://widgets/2/state",
              "app://widgets/3/state");
      assertThat(json.getList("result.resources.title"))
          .containsExactly(
              "Message of the day",
              "Widgets",
              "Living room thermostat",
              "Front door lock",
              "Greenhouse sensor");
      assertThat(json.getString("result.cacheScope")).isEqualTo("private");
    }
  }

  @Test
  void callersWithoutATokenSeeNoMembers() {
    JsonPath json = call("resources/list", Map.of(), null);
    assertThat(json.getList("result.resources.uri"))
        .containsExactly("app://server/motd", "app://widgets");
  }

  @Test
  void widgetIdsComplete() {
    Map<String, Object> all =
        Map.of(
            "ref", Map.of("type", "ref/resource", "uri", "app://widgets/{id}/state"),
            "argument", Map.of("name", "id", "value", ""));
    assertThat(
            call("completion/complete", all, "Bearer demo-token")
                .getList("result.completion.values"))
        .containsExactly("1", "2", "3");

    Map<String, Object> two =
        Map.of(
            "ref", Map.of("type", "ref/resource", "uri", "app://widgets/{id}/state"),
            "argument", Map.of("name", "id", "value", "2"));
    JsonPath json = call("completion/complete", two, "Bearer demo-token");
    assertThat(json.getList("result.completion.values")).containsExactly("2");
    assertThat(json.getInt("result.completion.total")).isEqualTo(1);
    assertThat(json.getBoolean("result.completion.hasMore")).isFalse();

    assertThat(call("completion/complete", all, null).getList("result.completion.values"))
        .isEmpty();
  }
}
