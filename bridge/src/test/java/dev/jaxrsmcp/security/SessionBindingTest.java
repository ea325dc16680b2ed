package dev.jaxrsmcp.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.security.CallerBinding;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A legacy session is bound to the identity that started it: a request on it with other credentials
 * (another Authorization, another cookie, or none) is answered exactly as for a session that does
 * not exist, and the owner's session is untouched.
 */
class SessionBindingTest {
  static final String UNKNOWN_SESSION =
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32600,\"message\":\"Session not found:"
          + " the Mcp-Session-Id names no live session (it ended or expired); send initialize"
          + " without Mcp-Session-Id to start a new one\"}}";

  @Path("/whoami")
  public static class WhoAmI {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://whoami")
    public String whoami(@HeaderParam("Authorization") String authorization) {
      return "caller " + authorization;
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server = start(McpFeature.builder().build());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static TestServer start(McpFeature feature) {
    return TestServer.start(new ResourceConfig(WhoAmI.class).register(feature));
  }

  /** A POST carrying the given headers (name, value, name, value, …). */
  static RequestSpecification as(String... headers) {
    RequestSpecification request =
        given().contentType("application/json").accept("application/json, text/event-stream");
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return request;
  }

  static String initialize(TestServer server, String... headers) {
    Response init = as(headers).body(Bodies.initialize()).post(server.mcpUrl());
    init.then().statusCode(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    return session;
  }

  static Response read(TestServer server, String session, String... headers) {
    return as(headers)
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
        .body(Bodies.legacy(2, "resources/read", Map.of("uri", "app://whoami")))
        .post(server.mcpUrl());
  }

  static void assertServed(Response response, String text) {
    response.then().statusCode(200);
    assertThat(response.jsonPath().getString("result.contents[0].text")).isEqualTo(text);
  }

  static void assertRefused(Response response) {
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(404);
    assertThat(response.asString()).isEqualTo(UNKNOWN_SESSION);
  }

  @Test
  void sameCredentialsAreServed() {
    String session = initialize(server, "Authorization", "Bearer alice", "Cookie", "sid=1");

    assertServed(
        read(server, session, "Authorization", "Bearer alice", "Cookie", "sid=1"),
        "caller Bearer alice");
  }

  @Test
  void otherAuthorizationIsAnsweredAsAnUnknownSession() {
    String session = initialize(server, "Authorization", "Bearer alice");

    assertRefused(read(server, session, "Authorization", "Bearer mallory"));
  }

  @Test
  void missingAuthorizationIsRefused() {
    String session = initialize(server, "Authorization", "Bearer alice");

    assertRefused(read(server, session));
  }

  @Test
  void addedAuthorizationIsRefused() {
    String session = initialize(server);

    assertRefused(read(server, session, "Authorization", "Bearer mallory"));
  }

  @Test
  void otherCookieIsRefused() {
    String session = initialize(server, "Authorization", "Bearer alice", "Cookie", "sid=1");

    assertRefused(read(server, session, "Authorization", "Bearer alice", "Cookie", "sid=2"));
  }

  @Test
  void intruderCanNeitherEndNorListenToTheSession() {
    String session = initialize(server, "Authorization", "Bearer alice");

    Response delete =
        given()
            .header("Authorization", "Bearer mallory")
            .header("Mcp-Session-Id", session)
            .delete(server.mcpUrl());
    Response stream =
        given()
            .header("Authorization", "Bearer mallory")
            .header("Mcp-Session-Id", session)
            .accept("text/event-stream")
            .get(server.mcpUrl());

    assertThat(delete.statusCode()).isEqualTo(404);
    assertThat(stream.statusCode()).isEqualTo(404);
    assertThat(stream.contentType()).startsWith("application/json");
    assertServed(read(server, session, "Authorization", "Bearer alice"), "caller Bearer alice");
  }

  @Test
  void bindingHeadersAreConfigurable() {
    try (TestServer keyed = start(McpFeature.builder().sessionBinding("X-Api-Key").build())) {
      String session = initialize(keyed, "X-Api-Key", "k1", "Authorization", "Bearer alice");

      assertServed(
          read(keyed, session, "X-Api-Key", "k1", "Authorization", "Bearer bob"),
          "caller Bearer bob");
      assertRefused(read(keyed, session, "X-Api-Key", "k2", "Authorization", "Bearer alice"));
    }
  }

  @Test
  void bindingCanBeTurnedOff() {
    try (TestServer unbound = start(McpFeature.builder().sessionBinding().build())) {
      String session = initialize(unbound, "Authorization", "Bearer alice");

      assertServed(
          read(unbound, session, "Authorization", "Bearer bob", "Cookie", "x=1"),
          "caller Bearer bob");
    }
  }

  @Test
  void fingerprintIsAKeyedHashNotTheCredential() {
    Map<String, List<String>> headers = Map.of("authorization", List.of("Bearer alice"));
    CallerBinding binding = new CallerBinding(List.of("Authorization", "Cookie"));

    byte[] fingerprint = binding.fingerprint(headers);

    assertThat(fingerprint).hasSize(33); // 'h' and the hash
    assertThat(new String(fingerprint, StandardCharsets.ISO_8859_1)).doesNotContain("alice");
    assertThat(binding.matches(fingerprint, Map.of("Authorization", List.of("Bearer alice"))))
        .isTrue();
    assertThat(binding.matches(fingerprint, Map.of("Authorization", List.of("Bearer alicf"))))
        .isFalse();
    assertThat(new CallerBinding(List.of("Authorization", "Cookie")).fingerprint(headers))
        .as("another key")
        .isNotEqualTo(fingerprint);
  }

  @Test
  void valuesCannotBeShiftedBetweenHeaders() {
    CallerBinding binding = new CallerBinding(List.of("Authorization", "Cookie"));

    assertThat(
            binding.fingerprint(Map.of("Authorization", List.of("a"), "Cookie", List.of("b", "c"))))
        .isNotEqualTo(
            binding.fingerprint(
                Map.of("Authorization", List.of("a", "b"), "Cookie", List.of("c"))));
  }

  @Test
  void sessionBindingEntriesMustBeHeaderNames() {
    assertThatThrownBy(() -> McpFeature.builder().sessionBinding("Authorization", "bad name"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sessionBinding entries must be header names (found 'bad name')");
  }
}
