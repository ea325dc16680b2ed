package dev.jaxrsmcp.demo;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.test.McpResponse;
import dev.jaxrsmcp.test.McpTestClient;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An OAuth-capable client's way to a token, over real HTTP against the demo as shipped: a 401 names
 * the protected-resource metadata (RFC 9728), which names the demo's authorization server (RFC
 * 8414), which registers the client (RFC 7591) and grants a code with PKCE for the viewer's token;
 * with it the client reads what the viewer's direct {@code GET} gives, and no more.
 */
class OAuthMetadataTest {
  static DemoServer server;
  static String base;
  static final String REDIRECT = "http://127.0.0.1:33418/oauth/callback";
  static final String VERIFIER = "a-verifier-of-forty-three-characters-or-more-0123";

  @BeforeAll
  static void start() {
    server = DemoServer.start(0);
    base = "http://127.0.0.1:" + server.port();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aRefusedReadNamesTheMetadataWhichNamesTheAuthorizationServer() {
    McpResponse refused = McpTestClient.modern(server.mcpUri()).read("app://widgets/1/secrets");
    assertThat(refused.status()).isEqualTo(401);
    String metadataUrl = base + "/.well-known/oauth-protected-resource/mcp";
    assertThat(refused.header("WWW-Authenticate"))
        .hasValueSatisfying(
            challenge ->
                assertThat(challenge)
                    .startsWith("Bearer realm=\"widgets\"")
                    .contains("resource_metadata=\"" + metadataUrl + "\""));

    JsonPath metadata = given().get(metadataUrl).then().statusCode(200).extract().jsonPath();
    assertThat(metadata.getString("resource")).isEqualTo(base + "/mcp");
    assertThat(metadata.getList("authorization_servers")).containsExactly(base);
    assertThat(metadata.getList("bearer_methods_supported")).containsExactly("header");

    JsonPath issuer =
        given()
            .get(base + "/.well-known/oauth-authorization-server")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(issuer.getString("issuer")).isEqualTo(base);
    assertThat(issuer.getString("registration_endpoint")).isEqualTo(base + "/oauth/register");
    assertThat(issuer.getString("authorization_endpoint")).isEqualTo(base + "/oauth/authorize");
    assertThat(issuer.getString("token_endpoint")).isEqualTo(base + "/oauth/token");
    assertThat(issuer.getList("code_challenge_methods_supported")).containsExactly("S256");
  }

  @Test
  void aRegisteredClientGetsTheViewersTokenAndReadsWhatTheViewerMay() {
    String client = register();
    String code = authorize(client, DemoAuthorizationServer.s256(VERIFIER), "xyz");

    token(client, code, "not-the-verifier-of-this-code-at-all-0123456789")
        .then()
        .statusCode(400)
        .body("error", org.hamcrest.Matchers.equalTo("invalid_grant"));
    token(client, code, VERIFIER) // a code is used once, even after a wrong verifier
        .then()
        .statusCode(400)
        .body("error", org.hamcrest.Matchers.equalTo("invalid_grant"));

    String fresh = authorize(client, DemoAuthorizationServer.s256(VERIFIER), "abc");
    Response granted = token(client, fresh, VERIFIER);
    granted.then().statusCode(200).header("Cache-Control", "no-store");
    assertThat(granted.jsonPath().getString("token_type")).isEqualTo("Bearer");
    String bearer = "Bearer " + granted.jsonPath().getString("access_token");
    token(client, fresh, VERIFIER).then().statusCode(400); // used

    McpTestClient mcp = McpTestClient.modern(server.mcpUri()).as(bearer);
    McpResponse state = mcp.read("app://widgets/1/state");
    assertThat(state.status()).isEqualTo(200);
    assertThat(state.result().path("contents").path(0).path("text").asText())
        .isEqualTo(
            given()
                .header("Authorization", bearer)
                .get(base + "/api/widgets/1/state")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    given()
        .header("Authorization", bearer)
        .get(base + "/api/widgets/1/secrets")
        .then()
        .statusCode(403);
    McpResponse secrets = mcp.read("app://widgets/1/secrets");
    assertThat(secrets.error().path("message").asText()).contains("403");
  }

  @Test
  void whatTheAuthorizationServerRefusesItAnswersWithoutRedirectingAnywhereUnknown() {
    given()
        .redirects()
        .follow(false)
        .queryParam("response_type", "code")
        .queryParam("client_id", "nobody")
        .queryParam("redirect_uri", REDIRECT)
        .get(base + "/oauth/authorize")
        .then()
        .statusCode(400)
        .body("error", org.hamcrest.Matchers.equalTo("invalid_client"));
    String client = register();
    given()
        .redirects()
        .follow(false)
        .queryParam("response_type", "code")
        .queryParam("client_id", client)
        .queryParam("redirect_uri", "http://evil.example/steal")
        .queryParam("code_challenge", DemoAuthorizationServer.s256(VERIFIER))
        .queryParam("code_challenge_method", "S256")
        .get(base + "/oauth/authorize")
        .then()
        .statusCode(400)
        .header("Location", org.hamcrest.Matchers.nullValue());
    Response noPkce =
        given()
            .redirects()
            .follow(false)
            .queryParam("response_type", "code")
            .queryParam("client_id", client)
            .queryParam("redirect_uri", REDIRECT)
            .get(base + "/oauth/authorize");
    assertThat(noPkce.statusCode()).isEqualTo(303);
    assertThat(noPkce.header("Location"))
        .startsWith(REDIRECT + "?error=invalid_request")
        .doesNotContain("code=");
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("redirect_uris", List.of("not a uri")))
        .post(base + "/oauth/register")
        .then()
        .statusCode(400)
        .body("error", org.hamcrest.Matchers.equalTo("invalid_redirect_uri"));
  }

  private static String register() {
    Response registered =
        given()
            .contentType(ContentType.JSON)
            .body(Map.of("redirect_uris", List.of(REDIRECT), "client_name", "a test client"))
            .post(base + "/oauth/register");
    registered.then().statusCode(201);
    assertThat(registered.jsonPath().getString("token_endpoint_auth_method")).isEqualTo("none");
    return registered.jsonPath().getString("client_id");
  }

  private static String authorize(String client, String challenge, String state) {
    Response redirect =
        given()
            .redirects()
            .follow(false)
            .queryParam("response_type", "code")
            .queryParam("client_id", client)
            .queryParam("redirect_uri", REDIRECT)
            .queryParam("code_challenge", challenge)
            .queryParam("code_challenge_method", "S256")
            .queryParam("state", state)
            .get(base + "/oauth/authorize");
    assertThat(redirect.statusCode()).isEqualTo(303);
    URI location = URI.create(redirect.header("Location"));
    assertThat(location.toString()).startsWith(REDIRECT + "?");
    assertThat(location.getQuery()).contains("state=" + state);
    return List.of(location.getQuery().split("&")).stream()
        .filter(p -> p.startsWith("code="))
        .map(p -> p.substring("code=".length()))
        .findFirst()
        .orElseThrow();
  }

  private static Response token(String client, String code, String verifier) {
    return given()
        .contentType(ContentType.URLENC)
        .formParam("grant_type", "authorization_code")
        .formParam("code", code)
        .formParam("code_verifier", verifier)
        .formParam("redirect_uri", REDIRECT)
        .formParam("client_id", client)
        .post(base + "/oauth/token");
  }
}
