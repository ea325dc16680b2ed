package dev.jaxrsmcp.demo.interop;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jaxrsmcp.demo.DemoServer;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official MCP Java SDK client lists and reads the demo's resources (legacy era, a session per
 * test) and sees the demo's own authorization outcomes as the SDK reports them.
 */
@Timeout(120)
class SdkResourcesInteropTest {
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  static DemoServer server;
  McpSyncClient client;

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void closeClient() {
    if (client != null) {
      client.closeGracefully();
    }
  }

  private McpSyncClient connect(Optional<String> authorization) {
    client = SdkClients.client(server, authorization, new SentRequests());
    client.initialize();
    return client;
  }

  private static McpSchema.ReadResourceResult read(McpSyncClient client, String uri) {
    return client.readResource(McpSchema.ReadResourceRequest.builder(uri).build());
  }

  @Test
  void listResourcesGivesTheFixedResourcesOnOnePage() {
    McpSchema.ListResourcesResult page = connect(Optional.of(SdkClients.OWNER)).listResources(null);

    assertThat(page.nextCursor()).isNull();
    assertThat(page.resources())
        .extracting(McpSchema.Resource::uri)
        .contains("app://widgets", "app://server/motd");
    McpSchema.Resource widgets =
        page.resources().stream().filter(r -> r.uri().equals("app://widgets")).findFirst().get();
    assertThat(widgets.title()).isEqualTo("Widgets");
    assertThat(widgets.mimeType()).isEqualTo("application/json");
    assertThat(widgets.description()).isEqualTo("Every widget: its numeric id, name and kind.");
  }

  @Test
  void listResourceTemplatesGivesTheWidgetTemplatesOnOnePage() {
    McpSchema.ListResourceTemplatesResult page =
        connect(Optional.of(SdkClients.OWNER)).listResourceTemplates(null);

    assertThat(page.nextCursor()).isNull();
    assertThat(page.resourceTemplates())
        .extracting(t -> t.uriTemplate() + " " + t.mimeType())
        .contains(
            "app://widgets/{id}/state application/json",
            "app://widgets/{id}/state/{key} application/json",
            "app://widgets/{id}/secrets application/json",
            "app://widgets/{id}/photo image/png");
    assertThat(page.resourceTemplates()).allSatisfy(t -> assertThat(t.description()).isNotBlank());
  }

  @Test
  void readsWidgetStateAsJsonText() {
    McpSchema.ReadResourceResult result =
        read(connect(Optional.of(SdkClients.OWNER)), "app://widgets/1/state");

    assertThat(result.contents()).hasSize(1);
    McpSchema.TextResourceContents text = (McpSchema.TextResourceContents) result.contents().get(0);
    assertThat(text.uri()).isEqualTo("app://widgets/1/state");
    assertThat(text.mimeType()).isEqualTo("application/json");
    assertThat(text.text())
        .isEqualTo(
            "{\"mode\":\"heat\",\"online\":true,\"targetTemperature\":21.0,\"temperature\":20.5}");
  }

  @Test
  void readsWidgetPhotoAsPngBlob() {
    McpSchema.ReadResourceResult result =
        read(connect(Optional.of(SdkClients.OWNER)), "app://widgets/1/photo");

    assertThat(result.contents()).hasSize(1);
    McpSchema.BlobResourceContents blob = (McpSchema.BlobResourceContents) result.contents().get(0);
    assertThat(blob.uri()).isEqualTo("app://widgets/1/photo");
    assertThat(blob.mimeType()).isEqualTo("image/png");
    byte[] png = Base64.getDecoder().decode(blob.blob());
    assertThat(png).startsWith(PNG_SIGNATURE);
    byte[] overRest =
        given()
            .header("Authorization", SdkClients.OWNER)
            .get(server.baseUri().resolve("api/widgets/1/photo"))
            .then()
            .statusCode(200)
            .extract()
            .asByteArray();
    assertThat(png).isEqualTo(overRest);
  }

  @Test
  void readsThePublicMessageOfTheDayWithoutAToken() {
    McpSchema.ReadResourceResult result = read(connect(Optional.empty()), "app://server/motd");

    McpSchema.TextResourceContents text = (McpSchema.TextResourceContents) result.contents().get(0);
    assertThat(text.mimeType()).isEqualTo("text/plain");
    assertThat(text.text()).isEqualTo(given().get(server.baseUri().resolve("api/motd")).asString());
  }

  @Test
  void unknownWidgetIsResourceNotFoundWithTheLegacyCode() {
    McpSyncClient owner = connect(Optional.of(SdkClients.OWNER));

    McpError error =
        catchThrowableOfType(McpError.class, () -> read(owner, "app://widgets/42/state"));

    assertThat(error.getJsonRpcError().code()).isEqualTo(-32002);
    assertThat(error.getJsonRpcError().message()).isEqualTo("Resource not found");
    assertThat(error.getJsonRpcError().data()).isEqualTo(Map.of("uri", "app://widgets/42/state"));
  }

  @Test
  void uriMatchingNoResourceIsResourceNotFound() {
    McpSyncClient owner = connect(Optional.of(SdkClients.OWNER));

    McpError error = catchThrowableOfType(McpError.class, () -> read(owner, "app://gadgets/1"));

    assertThat(error.getJsonRpcError().code()).isEqualTo(-32002);
    assertThat(error.getJsonRpcError().data()).isEqualTo(Map.of("uri", "app://gadgets/1"));
  }

  @Test
  void readWithoutTokenFailsWithHttp401AndTheRoutesChallenge() {
    McpSyncClient anonymous = connect(Optional.empty());

    McpHttpClientTransportAuthorizationException auth =
        catchThrowableOfType(
            McpHttpClientTransportAuthorizationException.class,
            () -> read(anonymous, "app://widgets/1/state"));
    assertThat(auth.getResponseInfo().statusCode()).isEqualTo(401);
    assertThat(auth.getResponseInfo().headers().firstValue("WWW-Authenticate"))
        .contains(
            // the route's challenge, naming the demo's OAuth metadata
            "Bearer realm=\"widgets\", resource_metadata=\""
                + server.baseUri().resolve(".well-known/oauth-protected-resource/mcp")
                + "\"");
    assertThat(auth.getRequestSnapshot().method()).isEqualTo("POST");
  }

  @Test
  void sessionStaysUsableAfterA401() {
    McpSyncClient anonymous = connect(Optional.empty());
    assertThatThrownBy(() -> read(anonymous, "app://widgets/1/state"))
        .isInstanceOf(McpHttpClientTransportAuthorizationException.class);

    McpSchema.ReadResourceResult motd = read(anonymous, "app://server/motd");

    assertThat(motd.contents()).hasSize(1);
  }

  @Test
  void viewerReadingSecretsGetsInvalidParamsNamingTheForbiddenStatus() {
    McpSyncClient viewer = connect(Optional.of(SdkClients.VIEWER));

    McpError error =
        catchThrowableOfType(McpError.class, () -> read(viewer, "app://widgets/1/secrets"));

    assertThat(error.getJsonRpcError().code()).isEqualTo(-32602);
    assertThat(error.getJsonRpcError().message()).startsWith("403 Forbidden");
    assertThat(error.getJsonRpcError().data())
        .asInstanceOf(InstanceOfAssertFactories.MAP)
        .containsEntry("status", 403);
  }

  @Test
  void ownerReadsSecretsTheViewerMayNot() {
    McpSchema.ReadResourceResult result =
        read(connect(Optional.of(SdkClients.OWNER)), "app://widgets/1/secrets");

    McpSchema.TextResourceContents text = (McpSchema.TextResourceContents) result.contents().get(0);
    assertThat(text.text()).contains("\"maintenancePin\":\"4711\"");
  }
}
