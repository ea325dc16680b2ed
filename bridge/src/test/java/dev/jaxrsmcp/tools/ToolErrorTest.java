package dev.jaxrsmcp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.path.json.JsonPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Route errors become error results; 401 stays an HTTP 401; the application's filters decide. */
class ToolErrorTest {

  @Path("/errors")
  @Produces("text/plain")
  public static class Errors {
    @GET
    @Path("/server")
    @McpResource(name = "server_error")
    public Response serverError() {
      return Response.serverError()
          .entity("This tool intentionally returns an error for testing")
          .build();
    }

    @GET
    @Path("/thrown")
    @McpResource(name = "thrown")
    public String thrown() {
      throw new IllegalStateException("secret stack detail");
    }

    @GET
    @Path("/missing/{id}")
    @McpResource(name = "missing")
    public String missing(@PathParam("id") int id) {
      throw new NotFoundException();
    }

    @GET
    @Path("/busy")
    @McpResource(name = "busy")
    public Response busy() {
      return Response.status(429).header("Retry-After", "30").entity("slow down").build();
    }

    @GET
    @Path("/moved")
    @McpResource(name = "moved")
    public Response moved() {
      return Response.status(302).location(URI.create("http://example.com/")).build();
    }
  }

  /** The widgets a bearer token may read: token "reader-7" reads widget 7 only. */
  @Path("/widgets")
  @Produces("text/plain")
  public static class Widgets {
    @GET
    @Path("/{id}")
    @McpResource(name = "widget")
    public String widget(@PathParam("id") int id) {
      return "widget " + id;
    }
  }

  @Provider
  public static class BearerAuth implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (!request.getUriInfo().getPath().startsWith("widgets")) {
        return;
      }
      String authorization = request.getHeaderString("Authorization");
      if (authorization == null || !authorization.startsWith("Bearer reader-")) {
        request.abortWith(
            Response.status(401).header("WWW-Authenticate", "Bearer realm=\"widgets\"").build());
        return;
      }
      String allowed = authorization.substring("Bearer reader-".length());
      String id = request.getUriInfo().getPathParameters().getFirst("id");
      if (!allowed.equals(id)) {
        request.abortWith(Response.status(403).entity("no access to widget " + id).build());
      }
    }
  }

  static TestServer server;
  static ToolCalls tools;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Errors.class, Widgets.class, BearerAuth.class)
                .register(McpFeature.builder().build()));
    tools = new ToolCalls(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Map<String, Object> errorResult(io.restassured.response.Response response) {
    JsonPath json = response.then().statusCode(200).extract().jsonPath();
    assertThat(json.getString("error")).isNull();
    return json.getMap("result");
  }

  private static Map<String, Object> isError(String text) {
    return Map.of("isError", true, "content", List.of(Map.of("type", "text", "text", text)));
  }

  @Test
  void serverErrorIsAnErrorResultWithTheStatusLineOnly() {
    assertThat(errorResult(tools.call("server_error", Map.of())))
        .containsAllEntriesOf(isError("500 Internal Server Error"));
  }

  @Test
  void exceptionIsAnErrorResultThatLeaksNothing() {
    assertThat(errorResult(tools.call("thrown", Map.of())))
        .containsAllEntriesOf(isError("500 Internal Server Error"));
  }

  @Test
  void notFoundFromTheRouteIsAnErrorResult() {
    assertThat(errorResult(tools.call("missing", Map.of("id", 3))))
        .containsAllEntriesOf(isError("404 Not Found: the route refused the read"));
  }

  @Test
  void clientErrorIsAnErrorResultWithTheRoutesShortText() {
    assertThat(errorResult(tools.call("busy", Map.of())))
        .containsAllEntriesOf(isError("429 Too Many Requests: slow down"));
  }

  @Test
  void redirectIsAnErrorResult() {
    assertThat(errorResult(tools.call("moved", Map.of())))
        .containsAllEntriesOf(isError("302 Found: redirects are not followed"));
  }

  @Test
  void callWithoutCredentialsAnswersHttp401WithTheRoutesChallenge() {
    JsonPath json =
        tools
            .call("widget", Map.of("id", 7))
            .then()
            .statusCode(401)
            .header("WWW-Authenticate", "Bearer realm=\"widgets\"")
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32603);
    assertThat(json.getString("error.message"))
        .isEqualTo("401 Unauthorized: authentication required");
    assertThat(json.getMap("error.data"))
        .isEqualTo(Map.of("status", 401, "uri", "app://widgets/7"));
    assertThat(json.getInt("id")).isEqualTo(1);
  }

  @Test
  void callTheFilterForbidsIsAnErrorResult() {
    assertThat(errorResult(tools.call("widget", Map.of("id", 8), "Bearer reader-7")))
        .containsAllEntriesOf(isError("403 Forbidden: no access to widget 8"));
  }

  @Test
  void callWithTheCallersCredentialsReadsTheRoute() {
    JsonPath json =
        tools
            .call("widget", Map.of("id", 7), "Bearer reader-7")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertThat(json.getString("result.content[0].text")).isEqualTo("widget 7");
    assertThat(json.getMap("result")).doesNotContainKey("isError");
  }

  @Test
  void mcpNameHeaderMustBeTheToolName() {
    JsonPath json =
        tools
            .mcp()
            .request("tools/call", "other")
            .body(Mcp.body(1, "tools/call", Map.of("name", "thrown")).toString())
            .post(tools.mcp().url())
            .then()
            .statusCode(400)
            .extract()
            .jsonPath();
    assertThat(json.getInt("error.code")).isEqualTo(-32020);
    assertThat(json.getString("error.message"))
        .isEqualTo(
            "Header mismatch: Mcp-Name header value 'other' does not match body value 'thrown'");
  }
}
