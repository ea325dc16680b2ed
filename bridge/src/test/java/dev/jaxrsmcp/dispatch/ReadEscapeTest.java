package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contract section 7: a read can only ever run the method its URI matched. Variable values try to
 * escape their segment against an application with sensitive routes around the exposed one; each
 * either reaches the exposed method with exactly the decoded value, or fails as not found, and no
 * sensitive route, locator, filter or interceptor ever runs.
 */
class ReadEscapeTest {
  /** Everything that ran that a read must never run. */
  static final List<String> SENSITIVE = new CopyOnWriteArrayList<>();

  /** The values the exposed method was called with. */
  static final List<String> EXPOSED = new CopyOnWriteArrayList<>();

  @NameBinding
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Audited {}

  @Audited
  public static class AuditRequestFilter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      SENSITIVE.add("audit request filter");
    }
  }

  @Audited
  public static class AuditResponseFilter implements ContainerResponseFilter {
    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
      SENSITIVE.add("audit response filter");
    }
  }

  @Audited
  public static class AuditWriterInterceptor implements WriterInterceptor {
    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
      SENSITIVE.add("audit writer interceptor");
      context.proceed();
    }
  }

  /** Rewrites two request paths, as a pre-matching filter may. */
  @PreMatching
  public static class Rewriter implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      URI base = request.getUriInfo().getBaseUri();
      String path = request.getUriInfo().getPath();
      if (path.equals("files/to-admin")) {
        request.setRequestUri(base, base.resolve("admin"));
      } else if (path.equals("files/to-other")) {
        request.setRequestUri(base, base.resolve("files/other"));
      }
    }
  }

  @Path("/files")
  public static class Files {
    @GET
    @Path("/{name}")
    @Produces("text/plain")
    @McpResource
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
    server =
        TestServer.start(
            new ResourceConfig(
                    Files.class,
                    Admin.class,
                    Search.class,
                    AuditRequestFilter.class,
                    AuditResponseFilter.class,
                    AuditWriterInterceptor.class,
                    Rewriter.class)
                .register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    SENSITIVE.clear();
    EXPOSED.clear();
  }

  static Stream<Arguments> escapingValues() {
    return Stream.of(
        Arguments.of("app://files/..%2Fadmin", "../admin"),
        Arguments.of("app://files/%2e%2e", ".."),
        Arguments.of("app://files/%2E%2E%2F%2E%2E%2Fadmin", "../../admin"),
        Arguments.of("app://files/a%2F..%2F..%2Fadmin", "a/../../admin"),
        Arguments.of("app://files/..", ".."),
        Arguments.of("app://files/.", "."),
        Arguments.of("app://files/%2F", "/"),
        Arguments.of("app://files/x%2Flocked", "x/locked"),
        Arguments.of("app://files/a%2Fb", "a/b"),
        Arguments.of("app://files/%252F", "%2F"),
        Arguments.of("app://files/a;b=c", "a;b=c"),
        Arguments.of("app://files/%3Badmin", ";admin"),
        Arguments.of("app://files/a%3Fq=1", "a?q=1"),
        Arguments.of("app://files/a%23frag", "a#frag"),
        Arguments.of("app://files/%00", "\u0000"),
        Arguments.of("app://files/a%0D%0AX-Injected:%201", "a\r\nX-Injected: 1"),
        Arguments.of("app://files/a\u0001b", "a\u0001b"),
        Arguments.of("app://files/a b", "a b"),
        Arguments.of("app://files/a+b", "a+b"),
        Arguments.of("app://files/%C3%A9t%C3%A9", "été"),
        Arguments.of("app://files/日本", "日本"),
        Arguments.of("app://files/" + "x".repeat(4084), "x".repeat(4084)));
  }

  @ParameterizedTest
  @MethodSource("escapingValues")
  void escapingValueReachesOnlyTheMatchedMethodWithTheDecodedValue(String uri, String value) {
    JsonNode json =
        McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());

    assertThat(json.path("error").isMissingNode()).as(json.toString()).isTrue();
    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo(value);
    assertThat(json.at("/result/contents/0/uri").textValue()).isEqualTo(uri);
    assertThat(EXPOSED).containsExactly(value);
    assertThat(SENSITIVE).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "app://files/admin", // Jersey prefers the literal route
        "app://files/123", // Jersey prefers the route with a regular expression
        "app://files/to-admin", // a pre-matching filter sends it to another method
        "app://files/to-other", // a pre-matching filter changes the value
        "app://files/a?q=1", // a query parameter the template does not name
        "app://files/a#frag",
        "app://files/a/locked",
        "app://files/%ZZ", // malformed escape
        "app://files/",
        "app://files/a/b"
      })
  void uriThatCannotReachTheMatchedMethodFailsAsNotFoundAndRunsNothing(String uri) {
    JsonNode json =
        McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());

    assertThat(json.toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                + "\"message\":\"Resource not found\",\"data\":{\"uri\":"
                + McpWire.quote(uri)
                + (uri.endsWith("?q=1")
                    ? ",\"reason\":\"query parameter 'q' is not a variable of app://files/{name}\""
                    : "")
                + "}}}");
    assertThat(EXPOSED).isEmpty();
    assertThat(SENSITIVE).isEmpty();
  }

  @Test
  void uriLongerThanTheLimitIsRefusedAndRunsNothing() {
    String uri = "app://files/" + "x".repeat(4085);

    JsonNode json =
        McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());

    assertThat(json.at("/error/code").intValue()).isEqualTo(-32602);
    assertThat(json.at("/error/message").textValue())
        .isEqualTo("Invalid params: 'uri' is 4097 characters long; at most 4096 are allowed");
    assertThat(EXPOSED).isEmpty();
    assertThat(SENSITIVE).isEmpty();
  }

  @Test
  void queryValueCannotAddParameters() {
    String uri = "app://search?q=x%26admin%3Dtrue%23y";

    JsonNode json =
        McpWire.json(McpWire.read(mcp, uri).then().statusCode(200).extract().response());

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("x&admin=true#y [q]");
    assertThat(EXPOSED).containsExactly("x&admin=true#y");
    assertThat(SENSITIVE).isEmpty();
  }

  @Test
  void sensitiveRoutesStillWorkOverPlainHttp() {
    io.restassured.RestAssured.given().get(server.baseUri() + "files/admin").then().statusCode(200);

    assertThat(SENSITIVE)
        .containsExactly(
            "audit request filter",
            "Files.admin",
            "audit response filter",
            "audit writer interceptor");
  }
}
