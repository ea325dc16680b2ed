package dev.jaxrsmcp.demo;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static io.restassured.RestAssured.given;

import dev.jaxrsmcp.test.McpList;
import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpServerExtension;
import dev.jaxrsmcp.test.McpTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The demo through MCP (modern era), reads dispatched in-process through the same filter. */
class McpReadTest {
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(DemoApplication::create);

  @Test
  void discoverNamesTheServerAndOffersResources(McpTestClient mcp) {
    McpResponse discover = mcp.discover();
    assertThat(discover).hasStatus(200).succeeded();
    assertThat(
            discover
                .result()
                .path("_meta")
                .path("io.modelcontextprotocol/serverInfo")
                .path("name")
                .asText())
        .isEqualTo("widgets-demo");
    assertThat(discover.result().path("capabilities").has("resources")).isTrue();
    assertThat(discover.result().path("instructions").asText()).contains("app://widgets");
  }

  @Test
  void listsTheTwoFixedResources(McpTestClient mcp) {
    McpList resources = mcp.listResources();
    assertThat(resources.pages()).allSatisfy(page -> assertThat(page).hasStatus(200));
    assertThat(resources.uris()).containsExactlyInAnyOrder("app://widgets", "app://server/motd");
    assertThat(resources.values("description")).allSatisfy(d -> assertThat(d).isNotBlank());
  }

  @Test
  void listsTheFiveTemplatesWithTheirTypes(McpTestClient mcp) {
    McpList templates = mcp.listTemplates();
    assertThat(templates.pages()).allSatisfy(page -> assertThat(page).hasStatus(200));
    assertThat(templates.items())
        .extracting(t -> t.path("uriTemplate").asText() + " " + t.path("mimeType").asText())
        .containsExactlyInAnyOrder(
            "app://widgets/{id}/state application/json",
            "app://widgets/{id}/state/{key} application/json",
            "app://widgets/{id}/secrets application/json",
            "app://widgets/{id}/photo image/png",
            "app://widgets/{id}/output{?seconds} text/plain");
    assertThat(templates.values("description")).allSatisfy(d -> assertThat(d).isNotBlank());
  }

  @Test
  void ownerReadsStateAsJsonText(McpTestClient mcp) {
    McpResponse read = mcp.as(RestApiTest.OWNER).read("app://widgets/1/state");
    assertThat(read)
        .hasStatus(200)
        .isText()
        .hasUri("app://widgets/1/state")
        .hasMimeType("application/json")
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
    assertThat(read.result().path("resultType").asText()).isEqualTo("complete");
  }

  @Test
  void stateValueIsReadAsJsonTextNotEncodedTwice(McpTestClient mcp) {
    assertThat(mcp.as(RestApiTest.VIEWER).read("app://widgets/1/state/mode"))
        .hasStatus(200)
        .isText()
        .isEqualTo("\"heat\"");
  }

  @Test
  void photoIsABlobWithThePngType(McpTestClient mcp) {
    McpResponse read = mcp.as(RestApiTest.OWNER).read("app://widgets/2/photo");
    byte[] rest =
        given()
            .header("Authorization", RestApiTest.OWNER)
            .get(server.baseUri().resolve("api/widgets/2/photo"))
            .asByteArray();
    assertThat(read).hasStatus(200).isBlob().hasMimeType("image/png").isEqualTo(rest);
    assertThat(read.result().path("contents").path(0).has("text")).isFalse();
  }

  @Test
  void motdNeedsNoTokenAndIsPubliclyCacheable(McpTestClient mcp) {
    McpResponse read = mcp.read("app://server/motd");
    assertThat(read).hasStatus(200).hasTtlMs(60_000).hasCacheScope("public");
    assertThat(read).isText().hasMimeType("text/plain").isEqualTo(MotdResource.MOTD);
  }

  @Test
  void readWithoutTokenAnswersHttp401WithTheRoutesChallenge(McpTestClient mcp) {
    assertThat(mcp.read("app://widgets/1/state"))
        .isUnauthorized()
        .withChallenge("Bearer")
        .hasHeader("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void readWithUnknownTokenAnswersHttp401(McpTestClient mcp) {
    assertThat(mcp.as("Bearer guess").read("app://widgets/1/secrets"))
        .hasStatus(401)
        .hasHeader("WWW-Authenticate", "Bearer realm=\"widgets\"");
  }

  @Test
  void viewerReadingSecretsGetsA403Error(McpTestClient mcp) {
    McpResponse read = mcp.as(RestApiTest.VIEWER).read("app://widgets/1/secrets");
    assertThat(read).hasStatus(200).isForbidden().isError(-32602);
    assertThat(read.error().path("message").asText()).startsWith("403 Forbidden");
    assertThat(read.result().isMissingNode()).isTrue();
  }

  @Test
  void ownerReadsSecrets(McpTestClient mcp) {
    assertThat(mcp.as(RestApiTest.OWNER).read("app://widgets/1/secrets"))
        .hasStatus(200)
        .isText()
        .contains("\"maintenancePin\":\"4711\"");
  }

  @Test
  void unknownWidgetIsResourceNotFound(McpTestClient mcp) {
    assertResourceNotFound(mcp, "app://widgets/42/state");
  }

  @Test
  void nonNumericWidgetIdIsResourceNotFound(McpTestClient mcp) {
    assertResourceNotFound(mcp, "app://widgets/abc/photo");
  }

  @Test
  void unknownStateKeyIsResourceNotFound(McpTestClient mcp) {
    assertResourceNotFound(mcp, "app://widgets/1/state/colour");
  }

  @Test
  void uriMatchingNoResourceIsResourceNotFound(McpTestClient mcp) {
    assertResourceNotFound(mcp, "app://gadgets/1");
  }

  /** {@code -32602} {@code Resource not found} with {@code data.uri}, over HTTP 200. */
  private static void assertResourceNotFound(McpTestClient mcp, String uri) {
    assertThat(mcp.as(RestApiTest.OWNER).read(uri)).hasStatus(200).isNotFound();
  }
}
