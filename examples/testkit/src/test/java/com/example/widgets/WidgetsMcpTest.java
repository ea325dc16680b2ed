package com.example.widgets;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;

import dev.jaxrsmcp.test.McpListen;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The widgets as an MCP client sees them, in both protocol eras. */
class WidgetsMcpTest {
  static final String OWNER = "Bearer demo-token";
  static final String VIEWER = "Bearer viewer-token";

  // Starts WidgetsApplication on 127.0.0.1 at a free port, once for the class.
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(WidgetsApplication::create);

  @Test
  void listsTheWidgetsAndTheirTemplates(McpTestClient mcp) {
    assertThat(mcp.listResources().uris()).containsExactly("app://widgets");
    assertThat(mcp.listTemplates().uris())
        .containsExactlyInAnyOrder(
            "app://widgets/{id}/state", "app://widgets/{id}/secrets", "app://widgets/{id}/photo");
  }

  @Test
  void ownerReadsStateAsJson(McpTestClient mcp) {
    assertThat(mcp.as(OWNER).read("app://widgets/1/state"))
        .isText()
        .hasMimeType("application/json")
        .jsonEquals("{\"temperature\":20.5,\"mode\":\"heat\"}");
  }

  @Test
  void callersWithoutATokenAreAskedForOne(McpTestClient mcp) {
    assertThat(mcp.read("app://widgets/1/state")).isUnauthorized().withChallenge("Bearer");
  }

  @Test
  void viewersMayNotReadSecrets(McpTestClient mcp) {
    assertThat(mcp.as(VIEWER).read("app://widgets/1/secrets")).isForbidden();
    assertThat(mcp.as(OWNER).read("app://widgets/1/secrets"))
        .isText()
        .jsonEquals("{\"pin\":\"4701\"}");
  }

  @Test
  void unknownWidgetsAreNotFound(McpTestClient mcp) {
    assertThat(mcp.as(OWNER).read("app://widgets/42/state")).isNotFound();
  }

  @Test
  void photosAreBlobs(McpTestClient mcp) {
    assertThat(mcp.as(VIEWER).read("app://widgets/2/photo"))
        .isBlob()
        .hasMimeType("image/png")
        .startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
  }

  @Test
  void everyResourceIsAlsoATool(McpTestClient mcp) {
    assertThat(mcp.listTools().uris()).contains("state", "secrets", "photo");
    assertThat(mcp.as(OWNER).callTool("state", java.util.Map.of("id", 2)))
        .isText()
        .jsonEquals("{\"locked\":true}");
  }

  @Test
  void legacyClientsReadTheSameWidgets() {
    try (McpTestClient legacy = server.legacy().as(OWNER)) {
      assertThat(legacy.read("app://widgets/2/state")).isText().jsonEquals("{\"locked\":true}");
      assertThat(legacy.read("app://widgets/42/state")).isNotFound();
    }
  }

  @Test
  void subscribersHearOfEveryChange(McpTestClient mcp) throws Exception {
    try (McpListen updates = mcp.as(VIEWER).listen("app://widgets/2/state")) {
      assertThat(updates.acknowledged()).containsExactly("app://widgets/2/state");

      put("/api/widgets/2/state", "{\"locked\":true}");

      updates.awaitUpdate("app://widgets/2/state");
      updates.assertNoMore();
    }
  }

  /** A plain REST PUT, as the owner. */
  static void put(String path, String json) throws Exception {
    HttpRequest put =
        HttpRequest.newBuilder(server.baseUri().resolve(path))
            .header("Authorization", OWNER)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json))
            .build();
    HttpResponse<String> answer =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(put, HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(204);
  }
}
