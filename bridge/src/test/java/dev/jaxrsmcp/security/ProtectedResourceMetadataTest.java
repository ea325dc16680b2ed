package dev.jaxrsmcp.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OAuth 2.0 protected-resource metadata (RFC 9728), when configured: the document at the well-known
 * paths, and {@code resource_metadata} in the {@code Bearer} challenge of every 401 the MCP
 * endpoint answers, whether a route or an application filter refused.
 */
class ProtectedResourceMetadataTest {
  static final String METADATA = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp";

  /** Routes answering 401 with various challenges. */
  @Path("/guarded")
  public static class Guarded {
    @GET
    @Path("/{kind}")
    @Produces("text/plain")
    @McpResource(uri = "app://guarded/{kind}")
    public jakarta.ws.rs.core.Response guarded(@PathParam("kind") String kind) {
      jakarta.ws.rs.core.Response.ResponseBuilder refusal = jakarta.ws.rs.core.Response.status(401);
      return switch (kind) {
        case "bearer" -> refusal.header("WWW-Authenticate", "Bearer realm=\"widgets\"").build();
        case "bare" -> refusal.header("WWW-Authenticate", "Bearer").build();
        case "basic" -> refusal.header("WWW-Authenticate", "Basic realm=\"widgets\"").build();
        case "none" -> refusal.build();
        default -> jakarta.ws.rs.core.Response.ok("open " + kind).build();
      };
    }
  }

  /** Refuses every request without a token, the MCP POST itself included. */
  @PreMatching
  public static class RequireToken implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getHeaderString("Authorization") == null
          && "yes".equals(request.getHeaderString("X-Require-Token"))) {
        request.abortWith(
            jakarta.ws.rs.core.Response.status(401)
                .header("WWW-Authenticate", "Bearer error=\"invalid_token\"")
                .build());
      }
    }
  }

  static final McpProtectedResource RESOURCE =
      McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp"))
          .authorizationServer(URI.create("https://auth.example.com"))
          .scopes("widgets:read", "widgets:write")
          .resourceName("Widgets")
          .documentation(URI.create("https://docs.example.com/mcp"))
          .build();

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Guarded.class, RequireToken.class)
                .register(McpFeature.builder().protectedResource(RESOURCE).build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static List<String> challenges(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(401);
    return response.headers().getValues("WWW-Authenticate");
  }

  @Test
  void documentIsServedAtBothWellKnownPaths() {
    String expected =
        "{\"resource\":\"https://mcp.example.com/mcp\","
            + "\"authorization_servers\":[\"https://auth.example.com\"],"
            + "\"scopes_supported\":[\"widgets:read\",\"widgets:write\"],"
            + "\"bearer_methods_supported\":[\"header\"],"
            + "\"resource_name\":\"Widgets\","
            + "\"resource_documentation\":\"https://docs.example.com/mcp\"}";
    for (String path :
        List.of(
            ".well-known/oauth-protected-resource", ".well-known/oauth-protected-resource/mcp")) {
      Response response = given().get(server.baseUri() + path);

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.contentType()).startsWith("application/json");
      assertThat(response.asString()).isEqualTo(expected);
    }
  }

  @Test
  void documentIsNotServedWhenNotConfigured() {
    try (TestServer plain =
        TestServer.start(
            new ResourceConfig(Guarded.class).register(McpFeature.builder().build()))) {
      assertThat(given().get(plain.baseUri() + ".well-known/oauth-protected-resource").statusCode())
          .isEqualTo(404);
      assertThat(challenges(new Mcp(plain.mcpUrl()).read("app://guarded/bearer")))
          .containsExactly("Bearer realm=\"widgets\"");
    }
  }

  @Test
  void routesBearerChallengeNamesTheMetadata() {
    assertThat(challenges(mcp.read("app://guarded/bearer")))
        .containsExactly("Bearer realm=\"widgets\", resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void bareBearerChallengeNamesTheMetadata() {
    assertThat(challenges(mcp.read("app://guarded/bare")))
        .containsExactly("Bearer resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void routeWithoutChallengeGetsABearerChallenge() {
    assertThat(challenges(mcp.read("app://guarded/none")))
        .containsExactly("Bearer resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void otherSchemesAreKeptAndABearerChallengeIsAdded() {
    assertThat(challenges(mcp.read("app://guarded/basic")))
        .containsExactly(
            "Basic realm=\"widgets\"", "Bearer resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void toolCallsUnauthorizedRouteNamesTheMetadata() {
    assertThat(
            challenges(
                mcp.call(
                    "tools/call",
                    Map.of("name", "guarded", "arguments", Map.of("kind", "bearer")))))
        .containsExactly("Bearer realm=\"widgets\", resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void applicationFilterRefusingTheMcpRequestItselfNamesTheMetadata() {
    Response response =
        mcp.request("server/discover", null)
            .header("X-Require-Token", "yes")
            .body(Mcp.body(1, "server/discover", Map.of()).toString())
            .post(mcp.url());

    assertThat(challenges(response))
        .containsExactly("Bearer error=\"invalid_token\", resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void legacyReadNamesTheMetadata() {
    Response init =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .body(Bodies.initialize())
            .post(mcp.url());
    Response response =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("Mcp-Session-Id", init.header("Mcp-Session-Id"))
            .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
            .body(Bodies.legacy(2, "resources/read", Map.of("uri", "app://guarded/bearer")))
            .post(mcp.url());

    assertThat(challenges(response))
        .containsExactly("Bearer realm=\"widgets\", resource_metadata=\"" + METADATA + "\"");
  }

  @Test
  void otherPathsKeepTheirOwnChallenge() {
    Response response = given().get(server.baseUri() + "guarded/bearer");

    assertThat(challenges(response)).containsExactly("Bearer realm=\"widgets\"");
  }

  @Test
  void metadataUriFollowsRfc9728() {
    assertThat(RESOURCE.metadataUri()).hasToString(METADATA);
    assertThat(
            McpProtectedResource.builder(URI.create("https://mcp.example.com:8443/"))
                .authorizationServer(URI.create("https://auth.example.com"))
                .build()
                .metadataUri())
        .hasToString("https://mcp.example.com:8443/.well-known/oauth-protected-resource");
  }

  @Test
  void metadataNeedsAnAuthorizationServer() {
    assertThatThrownBy(
            () -> McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "protected-resource metadata needs at least one authorization server (none added for"
                + " resource 'https://mcp.example.com/mcp')");
  }

  @Test
  void resourceMustBeAnAbsoluteHttpUri() {
    assertThatThrownBy(() -> McpProtectedResource.builder(URI.create("/mcp")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resource must be an absolute https or http URI (found '/mcp')");
    assertThatThrownBy(
            () -> McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp?x=1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "resource must have no query or fragment (found 'https://mcp.example.com/mcp?x=1')");
  }

  @Test
  void scopesMustBeScopeTokens() {
    assertThatThrownBy(
            () ->
                McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp"))
                    .scopes("a b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "scopes must be OAuth scope tokens (printable ASCII without space, '\"' or '\\')"
                + " (found 'a b')");
  }
}
