package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract section 11: Origin and Host are checked first on every request. On a server bound to a
 * loopback address (as every test server is), a foreign Host is refused, so a DNS-rebinding page
 * (its own name resolving to 127.0.0.1) cannot reach the endpoint even when its Origin matches its
 * Host; a present Origin must be a loopback origin or an allowed one.
 */
class OriginHostTest {
  static final List<String> READS = new CopyOnWriteArrayList<>();

  @Path("/files")
  public static class Files {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource
    public String file(@PathParam("name") String name) {
      READS.add(name);
      return "file " + name;
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

  @BeforeEach
  void reset() {
    READS.clear();
  }

  static TestServer start(McpFeature feature) {
    return TestServer.start(new ResourceConfig(Files.class).register(feature));
  }

  static RawHttp.Reply read(TestServer server, String host, String origin) {
    RawHttp request =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", "app://files/a");
    if (host != null) {
      request.header("Host", host);
    }
    if (origin != null) {
      request.header("Origin", origin);
    }
    return request.body(Bodies.modern(1, "resources/read", Map.of("uri", "app://files/a"))).send();
  }

  static void assertForbidden(RawHttp.Reply reply, String message) {
    assertThat(reply.status()).as(reply.text()).isEqualTo(403);
    assertThat(reply.contentType()).startsWith("application/json");
    assertThat(reply.text())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"" + message + "\"}}");
  }

  static void assertServed(RawHttp.Reply reply) {
    assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    assertThat(reply.json().at("/result/contents/0/text").textValue()).isEqualTo("file a");
  }

  // DNS rebinding

  @Test
  void dnsRebindingProbeIsForbiddenAndNothingRuns() {
    RawHttp.Reply reply = read(server, "evil.example.com", "http://evil.example.com");

    assertForbidden(reply, "Forbidden: Host 'evil.example.com' is not allowed");
    assertThat(READS).isEmpty();
  }

  @Test
  void foreignHostWithoutOriginIsForbidden() {
    assertForbidden(
        read(server, "evil.example.com:" + server.port(), null),
        "Forbidden: Host 'evil.example.com:" + server.port() + "' is not allowed");
  }

  @Test
  void dnsRebindingInitializeStartsNoSession() {
    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Host", "evil.example.com")
            .header("Origin", "http://evil.example.com")
            .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
            .body(Bodies.initialize())
            .send();

    assertForbidden(reply, "Forbidden: Host 'evil.example.com' is not allowed");
    assertThat(reply.header("Mcp-Session-Id")).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"GET", "DELETE"})
  void foreignHostIsForbiddenForGetAndDeleteToo(String method) {
    RawHttp.Reply reply =
        RawHttp.request(server.port(), method, "/mcp")
            .header("Host", "evil.example.com")
            .header("Accept", "text/event-stream")
            .header("Mcp-Session-Id", "whatever")
            .send();

    assertForbidden(reply, "Forbidden: Host 'evil.example.com' is not allowed");
  }

  @Test
  void hostIsCheckedBeforeTheBodyIsRead() {
    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Host", "evil.example.com")
            .body(new byte[2 * 1024 * 1024])
            .send();

    assertForbidden(reply, "Forbidden: Host 'evil.example.com' is not allowed");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"localhost", "127.0.0.1", "127.1.2.3", "[::1]", "LOCALHOST", "localhost:1234"})
  void loopbackHostsAreServed(String host) {
    assertServed(read(server, host, null));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "evil.example.com",
        "localhost.evil.example.com",
        "127.0.0.1.evil.example.com",
        "128.0.0.1",
        "0.0.0.0",
        "[::2]",
        "xn--localhost-evil.example"
      })
  void otherHostsAreForbidden(String host) {
    // (A Host the container cannot parse, such as "a b" or "[::1", is answered by the container
    // before Jersey runs; see docs/security.md.)
    assertForbidden(read(server, host, null), "Forbidden: Host '" + host + "' is not allowed");
    assertThat(READS).isEmpty();
  }

  @Test
  void twoHostHeadersAreRefused() {
    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Host", "127.0.0.1")
            .header("Host", "evil.example.com")
            .body(Bodies.modern(1, "server/discover", Map.of()))
            .send();

    assertThat(reply.status()).as(reply.text()).isIn(400, 403);
  }

  // Origin

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://localhost",
        "http://localhost:3000",
        "https://127.0.0.1:8443",
        "http://[::1]:8080",
        "HTTP://LOCALHOST:3000"
      })
  void loopbackOriginsAreServed(String origin) {
    assertServed(read(server, null, origin));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://evil.example.com",
        "null",
        "file://",
        "http://localhost.evil.example.com",
        "http://localhost:3000/path",
        "http://user@localhost",
        "ftp://localhost",
        "not an origin"
      })
  void otherOriginsAreForbidden(String origin) {
    assertForbidden(
        read(server, null, origin), "Forbidden: Origin '" + origin + "' is not allowed");
    assertThat(READS).isEmpty();
  }

  @Test
  void originOfTheRequestsOwnHostIsNotEnough() {
    try (TestServer named = start(McpFeature.builder().allowedHosts("mcp.example.com").build())) {
      assertServed(read(named, "mcp.example.com", null));
      assertForbidden(
          read(named, "mcp.example.com", "http://mcp.example.com"),
          "Forbidden: Origin 'http://mcp.example.com' is not allowed");
    }
  }

  @Test
  void twoOriginHeadersAreForbidden() {
    RawHttp.Reply reply =
        RawHttp.post(server.port(), "/mcp")
            .json()
            .header("Origin", "http://localhost")
            .header("Origin", "http://evil.example.com")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "server/discover")
            .body(Bodies.modern(1, "server/discover", Map.of()))
            .send();

    assertForbidden(reply, "Forbidden: the request has 2 Origin headers");
  }

  // Allow-lists

  @Test
  void allowedHostsAreServedWithAnyPortAndCase() {
    try (TestServer named =
        start(McpFeature.builder().allowedHosts("mcp.example.com", "10.0.0.5").build())) {
      assertServed(read(named, "mcp.example.com", null));
      assertServed(read(named, "MCP.Example.COM:8443", null));
      assertServed(read(named, "10.0.0.5:80", null));
      assertServed(read(named, "localhost", null));
      assertForbidden(
          read(named, "other.example.com", null),
          "Forbidden: Host 'other.example.com' is not allowed");
    }
  }

  @Test
  void allowedOriginsAreServedWithTheirExactSchemeHostAndPort() {
    try (TestServer named =
        start(McpFeature.builder().allowedOrigins("https://app.example.com").build())) {
      assertServed(read(named, null, "https://app.example.com"));
      assertServed(read(named, null, "https://APP.example.com:443"));
      assertServed(read(named, null, "http://localhost:3000"));
      assertForbidden(
          read(named, null, "http://app.example.com"),
          "Forbidden: Origin 'http://app.example.com' is not allowed");
      assertForbidden(
          read(named, null, "https://app.example.com:8443"),
          "Forbidden: Origin 'https://app.example.com:8443' is not allowed");
    }
  }

  @Test
  void wildcardsAllowEveryHostAndOrigin() {
    try (TestServer open =
        start(McpFeature.builder().allowedHosts("*").allowedOrigins("*").build())) {
      assertServed(read(open, "evil.example.com", "http://evil.example.com"));
    }
  }

  @Test
  void refusedValueIsShownPrintableAndShort() {
    String origin = "http://" + "a".repeat(150) + ".example.com";

    RawHttp.Reply reply = read(server, null, origin);

    assertForbidden(reply, "Forbidden: Origin '" + origin.substring(0, 100) + "…' is not allowed");
  }

  // Settings

  @Test
  void allowedOriginMustBeAnOrigin() {
    assertThatThrownBy(() -> McpFeature.builder().allowedOrigins("https://app.example.com/mcp"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "allowedOrigins entries must be origins such as https://app.example.com (scheme http"
                + " or https, a host, an optional port, no path) or '*' (found"
                + " 'https://app.example.com/mcp')");
  }

  @Test
  void allowedHostMustBeAHostName() {
    assertThatThrownBy(() -> McpFeature.builder().allowedHosts("mcp.example.com:8080"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "allowedHosts entries must be host names or IP addresses without a port, such as"
                + " mcp.example.com or [fd00::1], or '*' (found 'mcp.example.com:8080')");
  }

  @Test
  void settingsAreKeptNormalizedAndCopiedByNewBuilder() {
    McpFeature feature =
        McpFeature.builder()
            .allowedOrigins("HTTPS://App.Example.com")
            .allowedHosts("MCP.example.com")
            .build();

    assertThat(feature.allowedOrigins()).containsExactly("https://app.example.com:443");
    assertThat(feature.allowedHosts()).containsExactly("mcp.example.com");
    assertThat(feature.newBuilder().build().allowedHosts()).containsExactly("mcp.example.com");
    assertThat(McpFeature.builder().build().allowedOrigins()).isEmpty();
    assertThat(McpFeature.builder().build().allowedHosts()).isEmpty();
  }
}
