package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;

import dev.jaxrsmcp.test.McpList;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The demo's widget states are listed from GET /api/widgets and their {id} completes. */
class DiscoveryDemoTest {
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(DemoApplication::create);

  @Test
  void widgetStatesAreListedForCallersWhoMayListWidgets(McpTestClient mcp) {
    for (String token : List.of("Bearer demo-token", "Bearer viewer-token")) {
      McpList resources = mcp.as(token).listResources();
      assertThat(resources.pages()).as(token).hasSize(1);
      assertThat(resources.pages().get(0)).hasStatus(200).hasCacheScope("private");
      assertThat(resources.uris())
          .as(token)
          .containsExactly(
              "app://server/motd",
              "app://widgets",
              "app://widgets/1/state",
              "app://widgets/2/state",
              "app://widgets/3/state");
      assertThat(resources.values("title"))
          .containsExactly(
              "Message of the day",
              "Widgets",
              "Living room thermostat",
              "Front door lock",
              "Greenhouse sensor");
    }
  }

  @Test
  void callersWithoutATokenSeeNoMembers(McpTestClient mcp) {
    McpList resources = mcp.listResources();
    assertThat(resources.pages().get(0)).hasStatus(200);
    assertThat(resources.uris()).containsExactly("app://server/motd", "app://widgets");
  }

  @Test
  void widgetIdsComplete(McpTestClient mcp) {
    McpTestClient owner = mcp.as("Bearer demo-token");
    McpResponse all = owner.complete("app://widgets/{id}/state", "id", "");
    assertThat(all).hasStatus(200);
    assertThat(all.strings("/completion/values")).containsExactly("1", "2", "3");

    McpResponse two = owner.complete("app://widgets/{id}/state", "id", "2");
    assertThat(two).hasStatus(200);
    assertThat(two.strings("/completion/values")).containsExactly("2");
    assertThat(two.result().path("completion").path("total").asInt()).isEqualTo(1);
    assertThat(two.result().path("completion").path("hasMore").isBoolean()).isTrue();
    assertThat(two.result().path("completion").path("hasMore").asBoolean()).isFalse();

    McpResponse anonymous = mcp.complete("app://widgets/{id}/state", "id", "");
    assertThat(anonymous).hasStatus(200);
    assertThat(anonymous.strings("/completion/values")).isEmpty();
  }
}
