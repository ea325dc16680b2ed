package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.endpoint.McpWire;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.net.URI;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Contract section 7, the status table: what each route outcome becomes for the MCP client. */
class ReadStatusTest {
  static final String SECRET = "db-password=hunter2";

  @Path("/s")
  @Produces("text/plain")
  public static class Statuses {
    @GET
    @Path("/ok")
    @McpResource(uri = "app://ok")
    public String ok() {
      return "fine";
    }

    @GET
    @Path("/no-content")
    @McpResource(uri = "app://no-content")
    public jakarta.ws.rs.core.Response noContent() {
      return jakarta.ws.rs.core.Response.noContent().build();
    }

    @GET
    @Path("/empty")
    @McpResource(uri = "app://empty")
    public String empty() {
      return "";
    }

    @GET
    @Path("/widgets/{id}")
    @McpResource(uri = "app://widgets/{id}")
    public jakarta.ws.rs.core.Response widget(@PathParam("id") String id) {
      return id.equals("7")
          ? jakarta.ws.rs.core.Response.ok("widget 7").build()
          : jakarta.ws.rs.core.Response.status(404).entity("no widget " + id).build();
    }

    @GET
    @Path("/private")
    @McpResource(uri = "app://private")
    public jakarta.ws.rs.core.Response secured(@HeaderParam("Authorization") String auth) {
      if ("Bearer good".equals(auth)) {
        return jakarta.ws.rs.core.Response.ok("the secret plans").build();
      }
      return jakarta.ws.rs.core.Response.status(401)
          .header("WWW-Authenticate", "Bearer realm=\"widgets\", error=\"invalid_token\"")
          .entity(SECRET)
          .build();
    }

    @GET
    @Path("/forbidden")
    @McpResource(uri = "app://forbidden")
    public jakarta.ws.rs.core.Response forbidden() {
      return jakarta.ws.rs.core.Response.status(403).entity("no access to\nwidget 7").build();
    }

    @GET
    @Path("/forbidden-silent")
    @McpResource(uri = "app://forbidden-silent")
    public jakarta.ws.rs.core.Response forbiddenSilently() {
      return jakarta.ws.rs.core.Response.status(403).build();
    }

    @GET
    @Path("/unprocessable")
    @McpResource(uri = "app://unprocessable")
    public jakarta.ws.rs.core.Response unprocessable() {
      return jakarta.ws.rs.core.Response.status(422, "Custom Words").entity("bad widget").build();
    }

    @GET
    @Path("/limited")
    @McpResource(uri = "app://limited")
    public jakarta.ws.rs.core.Response limited() {
      return jakarta.ws.rs.core.Response.status(429)
          .header("Retry-After", "30")
          .entity("slow down")
          .build();
    }

    @GET
    @Path("/unavailable")
    @McpResource(uri = "app://unavailable")
    public jakarta.ws.rs.core.Response unavailable() {
      return jakarta.ws.rs.core.Response.status(503)
          .header("Retry-After", "120")
          .entity(SECRET)
          .build();
    }

    @GET
    @Path("/unavailable-until")
    @McpResource(uri = "app://unavailable-until")
    public jakarta.ws.rs.core.Response unavailableUntil() {
      return jakarta.ws.rs.core.Response.status(503)
          .header("Retry-After", "Wed, 21 Oct 2026 07:28:00 GMT")
          .build();
    }

    @GET
    @Path("/moved")
    @McpResource(uri = "app://moved")
    public jakarta.ws.rs.core.Response moved() {
      return jakarta.ws.rs.core.Response.status(302)
          .location(URI.create("http://elsewhere.example/" + SECRET))
          .build();
    }

    @GET
    @Path("/broken")
    @McpResource(uri = "app://broken")
    public jakarta.ws.rs.core.Response broken() {
      return jakarta.ws.rs.core.Response.status(500, "Failed: " + SECRET).entity(SECRET).build();
    }

    @GET
    @Path("/bad-gateway")
    @McpResource(uri = "app://bad-gateway")
    public jakarta.ws.rs.core.Response badGateway() {
      return jakarta.ws.rs.core.Response.status(502).entity(SECRET).build();
    }

    @GET
    @Path("/throws")
    @McpResource(uri = "app://throws")
    public String throwing() {
      throw new IllegalStateException("cannot connect with " + SECRET);
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Statuses.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode read(String uri, int httpStatus) {
    Response response = McpWire.read(mcp, uri);
    assertThat(response.statusCode()).isEqualTo(httpStatus);
    assertThat(response.contentType()).startsWith("application/json");
    assertThat(response.asString()).doesNotContain("hunter2");
    return McpWire.json(response);
  }

  private static String error(int code, String message, String data) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":"
        + code
        + ",\"message\":"
        + McpWire.quote(message)
        + ",\"data\":"
        + data
        + "}}";
  }

  @Test
  void successGivesOneTextEntry() {
    JsonNode json = read("app://ok", 200);

    assertThat(json.at("/result/contents").toString())
        .isEqualTo("[{\"uri\":\"app://ok\",\"mimeType\":\"text/plain\",\"text\":\"fine\"}]");
  }

  @Test
  void noContentGivesOneEntryWithEmptyText() {
    JsonNode json = read("app://no-content", 200);

    assertThat(json.at("/result/contents").toString())
        .isEqualTo("[{\"uri\":\"app://no-content\",\"mimeType\":\"text/plain\",\"text\":\"\"}]");
  }

  @Test
  void emptyBodyGivesOneEntryWithEmptyText() {
    JsonNode json = read("app://empty", 200);

    assertThat(json.at("/result/contents").toString())
        .isEqualTo("[{\"uri\":\"app://empty\",\"mimeType\":\"text/plain\",\"text\":\"\"}]");
  }

  @Test
  void routeAnswering404IsResourceNotFound() {
    JsonNode json = read("app://widgets/8", 200);

    assertThat(json.toString())
        .isEqualTo(error(-32602, "Resource not found", "{\"uri\":\"app://widgets/8\"}"));
  }

  @Test
  void uriMatchingNoResourceIsResourceNotFound() {
    JsonNode json = read("app://gadgets/7", 200);

    assertThat(json.toString())
        .isEqualTo(error(-32602, "Resource not found", "{\"uri\":\"app://gadgets/7\"}"));
  }

  @Test
  void unauthorizedReadAnswersHttp401WithTheRoutesChallenge() {
    Response response = McpWire.read(mcp, "app://private");

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate"))
        .isEqualTo("Bearer realm=\"widgets\", error=\"invalid_token\"");
    assertThat(response.asString()).doesNotContain("hunter2");
    assertThat(McpWire.json(response).toString())
        .isEqualTo(
            error(
                -32603,
                "401 Unauthorized: authentication required",
                "{\"status\":401,\"uri\":\"app://private\"}"));
  }

  @Test
  void authorizedReadSucceeds() {
    JsonNode json = McpWire.json(mcp.read("app://private", "Bearer good"));

    assertThat(json.at("/result/contents/0/text").textValue()).isEqualTo("the secret plans");
  }

  @Test
  void forbiddenIsInvalidParamsWithTheStatusLineAndTheRoutesWords() {
    JsonNode json = read("app://forbidden", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32602,
                "403 Forbidden: no access to widget 7",
                "{\"status\":403,\"uri\":\"app://forbidden\"}"));
  }

  @Test
  void forbiddenWithoutBodySaysTheRouteRefused() {
    JsonNode json = read("app://forbidden-silent", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32602,
                "403 Forbidden: the route refused the read",
                "{\"status\":403,\"uri\":\"app://forbidden-silent\"}"));
  }

  @Test
  void clientErrorUsesTheStandardReasonPhraseNotTheRoutes() {
    JsonNode json = read("app://unprocessable", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32602,
                "422 Unprocessable Content: bad widget",
                "{\"status\":422,\"uri\":\"app://unprocessable\"}"));
  }

  @Test
  void tooManyRequestsCarriesRetryAfter() {
    JsonNode json = read("app://limited", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32602,
                "429 Too Many Requests: slow down",
                "{\"status\":429,\"uri\":\"app://limited\",\"retryAfter\":30}"));
  }

  @Test
  void serviceUnavailableCarriesRetryAfterAndNoBody() {
    JsonNode json = read("app://unavailable", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32603,
                "503 Service Unavailable",
                "{\"status\":503,\"uri\":\"app://unavailable\",\"retryAfter\":120}"));
  }

  @Test
  void retryAfterAsHttpDateIsPassedAsText() {
    JsonNode json = read("app://unavailable-until", 200);

    assertThat(json.at("/error/data/retryAfter").textValue())
        .isEqualTo("Wed, 21 Oct 2026 07:28:00 GMT");
  }

  @Test
  void redirectIsNotFollowed() {
    JsonNode json = read("app://moved", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32603,
                "302 Found: redirects are not followed",
                "{\"status\":302,\"uri\":\"app://moved\"}"));
  }

  @Test
  void serverErrorGivesTheStatusLineOnly() {
    JsonNode json = read("app://broken", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32603, "500 Internal Server Error", "{\"status\":500,\"uri\":\"app://broken\"}"));
  }

  @Test
  void badGatewayBodyIsNotLeaked() {
    JsonNode json = read("app://bad-gateway", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(-32603, "502 Bad Gateway", "{\"status\":502,\"uri\":\"app://bad-gateway\"}"));
  }

  @Test
  void unmappedExceptionGivesTheStatusLineOnly() {
    JsonNode json = read("app://throws", 200);

    assertThat(json.toString())
        .isEqualTo(
            error(
                -32603, "500 Internal Server Error", "{\"status\":500,\"uri\":\"app://throws\"}"));
  }
}
