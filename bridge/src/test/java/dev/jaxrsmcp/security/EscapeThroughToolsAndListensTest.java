package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The escape attempts of the read tests ({@code dispatch/ReadEscapeTest}) through the other ways
 * in: {@code tools/call} arguments and {@code subscriptions/listen} URIs (whose routes are read
 * before anything is watched). Each value either reaches the exposed method exactly, or fails and
 * runs nothing else; no sensitive route, locator or filter ever runs, and nothing unreadable is
 * watched.
 */
class EscapeThroughToolsAndListensTest {
  static final List<String> SENSITIVE = new CopyOnWriteArrayList<>();
  static final List<String> EXPOSED = new CopyOnWriteArrayList<>();
  static final List<String> WATCHED = new CopyOnWriteArrayList<>();

  @NameBinding
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Audited {}

  @Audited
  public static class AuditFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      SENSITIVE.add("audit filter");
    }
  }

  @PreMatching
  public static class Rewriter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      URI base = request.getUriInfo().getBaseUri();
      if (request.getUriInfo().getPath().equals("files/to-admin")) {
        request.setRequestUri(base, base.resolve("admin"));
      }
    }
  }

  @Path("/files")
  public static class Files {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource(subscribe = true)
    public String file(@PathParam("name") String name) {
      EXPOSED.add(name);
      return name;
    }

    @GET
    @Path("/admin")
    @Produces("text/plain")
    @Audited
    public String admin() {
      SENSITIVE.add("Files.admin");
      return "admin";
    }

    @GET
    @Path("/{code: [0-9]+}")
    @Produces("text/plain")
    @Audited
    public String byCode(@PathParam("code") String code) {
      SENSITIVE.add("Files.byCode");
      return code;
    }

    @GET
    @Path("/{a}/{b}")
    @Produces("text/plain")
    public String nested(@PathParam("a") String a, @PathParam("b") String b) {
      SENSITIVE.add("Files.nested");
      return a + "/" + b;
    }

    @Path("/{a}/locked")
    public Locked locked() {
      SENSITIVE.add("Files.locked locator");
      return new Locked();
    }
  }

  public static class Locked {
    @GET
    @Produces("text/plain")
    public String get() {
      SENSITIVE.add("Locked.get");
      return "locked";
    }
  }

  @Path("/admin")
  public static class Admin {
    @GET
    @Produces("text/plain")
    public String secret() {
      SENSITIVE.add("Admin.secret");
      return "secret";
    }

    @GET
    @Path("{rest: .*}")
    @Produces("text/plain")
    public String anything(@PathParam("rest") String rest) {
      SENSITIVE.add("Admin.anything");
      return rest;
    }
  }

  @Path("/search")
  public static class Search {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://search{?q}")
    public String search(@QueryParam("q") String q, @Context UriInfo uri) {
      EXPOSED.add(q);
      return q + " " + uri.getQueryParameters().keySet();
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server = startServer();
    mcp = new Mcp(server.mcpUrl());
  }

  static TestServer startServer() {
    return TestServer.start(
        new ResourceConfig(
                Files.class, Admin.class, Search.class, AuditFilter.class, Rewriter.class)
            .register(
                McpFeature.builder()
                    .watch(
                        "app://files/{name}",
                        target -> {
                          WATCHED.add(target.variables().get("name"));
                          return () -> {};
                        })
                    .build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    SENSITIVE.clear();
    EXPOSED.clear();
    WATCHED.clear();
  }

  /** Values that must reach the exposed method exactly as given. */
  static Stream<String> escapingValues() {
    return Stream.of(
        "../admin",
        "..",
        ".",
        "../../admin",
        "a/../../admin",
        "/",
        "x/locked",
        "a/b",
        "%2F",
        "%2e%2e",
        "a;b=c",
        ";admin",
        "a?q=1",
        "a#frag",
        "\u0000",
        "a\r\nX-Injected: 1",
        "a\u0001b",
        "a b",
        "a+b",
        "été",
        "日本",
        "{name}",
        "x".repeat(4000));
  }

  static JsonNode call(String tool, Map<String, ?> arguments) {
    return McpWire.json(mcp.call("tools/call", Map.of("name", tool, "arguments", arguments)));
  }

  @ParameterizedTest
  @MethodSource("escapingValues")
  void toolArgumentReachesOnlyTheExposedMethodWithTheExactValue(String value) {
    JsonNode json = call("file", Map.of("name", value));

    assertThat(json.at("/result/isError").isMissingNode()).as(json.toString()).isTrue();
    assertThat(json.at("/result/content/0/text").textValue()).isEqualTo(value);
    assertThat(EXPOSED).containsExactly(value);
    assertThat(SENSITIVE).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"admin", "123", "to-admin"})
  void toolArgumentThatJerseyRoutesElsewhereRunsNothing(String value) {
    JsonNode json = call("file", Map.of("name", value));

    assertThat(json.at("/result/isError").booleanValue()).as(json.toString()).isTrue();
    assertThat(EXPOSED).isEmpty();
    assertThat(SENSITIVE).isEmpty();
  }

  @Test
  void toolQueryArgumentCannotAddParameters() {
    JsonNode json = call("search", Map.of("q", "x&admin=true#y"));

    assertThat(json.at("/result/content/0/text").textValue()).isEqualTo("x&admin=true#y [q]");
    assertThat(EXPOSED).containsExactly("x&admin=true#y");
    assertThat(SENSITIVE).isEmpty();
  }

  @Test
  void listenWatchesExactlyTheEscapingUrisThatReachTheExposedMethod() throws Exception {
    List<String> values = escapingValues().filter(v -> v.length() < 100).toList();
    List<String> uris = values.stream().map(EscapeThroughToolsAndListensTest::fileUri).toList();
    List<String> refused =
        List.of(
            "app://files/admin",
            "app://files/123",
            "app://files/to-admin",
            "app://files/a/b",
            "app://files/a/locked",
            "app://files/a?q=1",
            "app://files/%ZZ",
            "app://files/");
    List<String> requested = Stream.concat(uris.stream(), refused.stream()).toList();
    // A server of its own: the stream's watches end with it, not when the server next writes to it.
    try (TestServer own = startServer();
        SseRecorder stream =
            SseRecorder.post(
                own.mcpUrl(),
                Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
                Bodies.modern(
                    1,
                    "subscriptions/listen",
                    Map.of("notifications", Map.of("resourceSubscriptions", requested))))) {
      JsonNode acknowledgement = stream.next();

      assertThat(acknowledgement.at("/params/notifications/resourceSubscriptions"))
          .extracting(JsonNode::textValue)
          .containsExactlyElementsOf(uris);
      assertThat(EXPOSED).containsExactlyInAnyOrderElementsOf(values);
      assertThat(WATCHED).containsExactlyInAnyOrderElementsOf(values);
      assertThat(SENSITIVE).isEmpty();
    }
  }

  static String legacySession() {
    RawHttp.Reply init =
        RawHttp.post(server.port(), "/mcp").json().body(Bodies.initialize()).send();
    assertThat(init.status()).isEqualTo(200);
    return init.header("Mcp-Session-Id");
  }

  static RawHttp.Reply legacySubscribe(String session, String uri) {
    return RawHttp.post(server.port(), "/mcp")
        .json()
        .header("Mcp-Session-Id", session)
        .header("MCP-Protocol-Version", Bodies.LEGACY_VERSION)
        .body(Bodies.legacy(2, "resources/subscribe", Map.of("uri", uri)))
        .send();
  }

  @ParameterizedTest
  @MethodSource("escapingValues")
  void legacySubscribeWatchesTheExactValue(String value) {
    RawHttp.Reply reply = legacySubscribe(legacySession(), fileUri(value));

    assertThat(reply.text()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
    assertThat(EXPOSED).containsExactly(value);
    assertThat(WATCHED).containsExactly(value);
    assertThat(SENSITIVE).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "app://files/admin",
        "app://files/123",
        "app://files/to-admin",
        "app://files/a/b",
        "app://files/a/locked",
        "app://files/%ZZ"
      })
  void legacySubscribeToAUriThatCannotReachTheExposedMethodRunsAndWatchesNothing(String uri) {
    RawHttp.Reply reply = legacySubscribe(legacySession(), uri);

    assertThat(reply.json().at("/error/code").intValue()).as(reply.text()).isEqualTo(-32002);
    assertThat(EXPOSED).isEmpty();
    assertThat(WATCHED).isEmpty();
    assertThat(SENSITIVE).isEmpty();
  }

  /** The URI a client names for a value: the value percent-encoded as one path segment. */
  static String fileUri(String value) {
    StringBuilder uri = new StringBuilder("app://files/");
    for (byte b : value.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_'
          || c == '~') {
        uri.append((char) c);
      } else {
        uri.append('%').append(String.format("%02X", c));
      }
    }
    return uri.toString();
  }
}
