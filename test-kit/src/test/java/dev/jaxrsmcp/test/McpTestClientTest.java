package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The client against a real bridge in both eras: what it sends and what it hands back. */
class McpTestClientTest {
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(NotesApp::create);

  @Test
  void modernDiscoverNamesTheServer(McpTestClient mcp) {
    McpResponse discover = mcp.discover();
    assertThat(discover).succeeded().hasStatus(200);
    assertThat(
            discover
                .result()
                .path("_meta")
                .path("io.modelcontextprotocol/serverInfo")
                .path("name")
                .asText())
        .isEqualTo("notes");
    assertThat(discover.strings("/supportedVersions")).contains("2026-07-28", "2025-11-25");
  }

  @Test
  void legacyDiscoverIsTheInitializeAnswerOfItsSession() {
    try (McpTestClient legacy = server.legacy()) {
      McpResponse init = legacy.discover();
      assertThat(init).succeeded();
      assertThat(init.result().path("protocolVersion").asText()).isEqualTo("2025-11-25");
      assertThat(init.result().path("serverInfo").path("name").asText()).isEqualTo("notes");
      assertThat(legacy.sessionId()).isEqualTo(init.header("Mcp-Session-Id").orElseThrow());
    }
  }

  @Test
  void listingsFollowEveryPageInBothEras() {
    for (McpTestClient client : new McpTestClient[] {server.modern(), server.legacy()}) {
      McpList resources = client.listResources();
      assertThat(resources.pages()).as(client.toString()).hasSize(2);
      assertThat(resources.uris())
          .as(client.toString())
          .containsExactlyElementsOf(NotesApp.fixedUris());
      assertThat(resources.item("app://logo").path("mimeType").asText()).isEqualTo("image/png");
      client.close();
    }
  }

  @Test
  void templatesAndToolsAreListed(McpTestClient mcp) {
    assertThat(mcp.listTemplates().uris())
        .containsExactlyInAnyOrder("app://notes/{id}", "app://count{?to}");
    assertThat(mcp.listTools().values("name")).contains("note", "logo", "count");
  }

  @Test
  void aReadCarriesTheCallersHeaderPerCall(McpTestClient mcp) {
    assertThat(mcp.read("app://notes/1")).isUnauthorized().withChallenge("Bearer");
    assertThat(mcp.as(NotesApp.READER).read("app://notes/1"))
        .isText()
        .hasMimeType("application/json")
        .hasUri("app://notes/1")
        .jsonEquals("{\"text\":\"hello\",\"id\":1}");
    assertThat(mcp.read("app://notes/1")).as("the copy changed nothing").isUnauthorized();
  }

  @Test
  void legacyReadsOnASessionOfTheCaller() {
    try (McpTestClient reader = server.legacy().as(NotesApp.READER)) {
      assertThat(reader.read("app://notes/1")).isText().jsonEquals("{\"id\":1,\"text\":\"hello\"}");
      assertThat(reader.read("app://notes/2")).isForbidden();
      assertThat(reader.read("app://notes/9")).isNotFound();
      assertThat(reader.read("app://notes/1").result().has("resultType")).isFalse();
    }
  }

  @Test
  void blobsDecodeToTheRoutesBytes(McpTestClient mcp) {
    McpResponse logo = mcp.read("app://logo");
    assertThat(logo).isBlob().hasMimeType("image/png").isEqualTo(NotesApp.LOGO);
    assertThat(logo).hasCacheScope("public").hasTtlMs(60_000);
  }

  @Test
  void aUriThatIsNotPlainAsciiGoesInMcpNameAsBase64(McpTestClient mcp) {
    // The bridge decodes the sentinel and compares it with params.uri: a mismatch would be -32020.
    assertThat(mcp.as(NotesApp.READER).read("app://notes/é")).isNotFound();
  }

  @Test
  void toolsAreCalledWithArguments(McpTestClient mcp) {
    assertThat(mcp.as(NotesApp.READER).callTool("note", Map.of("id", 1)))
        .isText()
        .jsonEquals("{\"id\":1,\"text\":\"hello\"}");
    assertThat(mcp.as(NotesApp.READER).callTool("note", Map.of("id", 2))).isForbidden();
    assertThat(mcp.as(NotesApp.READER).callTool("note", Map.of("id", 9))).isNotFound();
    assertThat(mcp.callTool("logo", Map.of())).isBlob().isEqualTo(NotesApp.LOGO);
    assertThat(mcp.callTool("nothing", Map.of())).isNotFound();
  }

  @Test
  void completionOffersTheValues(McpTestClient mcp) {
    McpResponse all = mcp.complete("app://notes/{id}", "id", "");
    assertThat(all.strings("/completion/values")).containsExactly("1", "2", "3");
    assertThat(mcp.complete("app://notes/{id}", "id", "2").strings("/completion/values"))
        .containsExactly("2");
  }

  @Test
  void anyOtherRequestGoesOutWithTheErasHeaders() {
    try (McpTestClient legacy = server.legacy()) {
      assertThat(legacy.request("ping", Map.of()).result().toString()).isEqualTo("{}");
    }
    assertThat(server.modern().request("ping", Map.of())).isError(-32601).hasStatus(404);
  }

  @Test
  void legacyOnlyCallsSayWhatAModernClientUsesInstead(McpTestClient mcp) {
    assertThatThrownBy(() -> mcp.subscribe("app://notes/1"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "subscribe(uri) is a legacy-era call (sessions, resources/subscribe); a modern client"
                + " uses listen(uris) and has no session");
  }

  @Test
  void aLegacySessionEndsOnClose() throws Exception {
    McpTestClient legacy = server.legacy();
    String session = legacy.sessionId();
    legacy.close();
    HttpResponse<String> ping =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                HttpRequest.newBuilder(server.endpoint())
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .header("Mcp-Session-Id", session)
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(ping.statusCode()).isEqualTo(404);
  }
}
