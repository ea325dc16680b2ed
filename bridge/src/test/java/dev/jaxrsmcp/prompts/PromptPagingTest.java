package dev.jaxrsmcp.prompts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;

/** {@code prompts/list} pages with an opaque cursor, as the other lists do. */
class PromptPagingTest {

  @Test
  void promptsListPagesInTheScansOrderAndRefusesACursorItNeverGaveOut() {
    try (TestServer server =
        TestServer.start(
            new ResourceConfig(PromptRoutes.Prompts.class)
                .register(McpFeature.builder().pageSize(2).build()))) {
      Mcp mcp = new Mcp(server.mcpUrl());
      List<String> names = new ArrayList<>();
      List<Integer> sizes = new ArrayList<>();
      Map<String, Object> params = Map.of();
      while (true) {
        JsonPath page = mcp.call("prompts/list", params).then().extract().jsonPath();
        List<String> onPage = page.getList("result.prompts.name");
        names.addAll(onPage);
        sizes.add(onPage.size());
        String next = page.getString("result.nextCursor");
        if (next == null) {
          break;
        }
        params = Map.of("cursor", next);
      }
      assertThat(names)
          .containsExactly(
              "broken", "described", "greet", "missing", "picture", "review", "secret");
      assertThat(sizes).containsExactly(2, 2, 2, 1);

      JsonPath refused =
          mcp.call("prompts/list", Map.of("cursor", "bm9wZQ")).then().extract().jsonPath();
      assertThat(refused.getInt("error.code")).isEqualTo(-32602);
      assertThat(refused.getString("error.message"))
          .isEqualTo("Invalid params: cursor 'bm9wZQ' is not one this server gave out");
    }
  }
}
