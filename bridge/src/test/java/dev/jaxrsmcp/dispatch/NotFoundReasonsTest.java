package dev.jaxrsmcp.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Resource not found" says why in {@code data.reason} where the bridge can tell (a query parameter
 * the template does not name, a trailing slash, a matrix parameter, a value the route's parameter
 * cannot take), naming no more than the URI and the template; elsewhere there is no reason.
 */
class NotFoundReasonsTest {
  @Path("/hello-world")
  public static class Hello {
    @GET
    @Produces("text/plain")
    @McpResource
    public String hello() {
      return "hello";
    }
  }

  @Path("/people")
  public static class People {
    @GET
    @Path("/{personId}")
    @Produces("application/json")
    @McpResource(uri = "app://people/{personId}")
    public String person(@PathParam("personId") long personId) {
      if (personId > 3) {
        throw new NotFoundException("no person " + personId + " (secret detail)");
      }
      return "{\"id\":" + personId + "}";
    }
  }

  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Hello.class, People.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "app://hello-world?foo=bar|,\"reason\":\"query parameter 'foo' is not a variable of"
            + " app://hello-world\"",
        "app://hello-world/|,\"reason\":\"a trailing '/' is not part of app://hello-world\"",
        "app://hello-world;x=y|,\"reason\":\"MCP URIs have no matrix parameters (';' in a path"
            + " segment)\"",
        "app://people/1;x=y|,\"reason\":\"path variable 'personId' holds ';', which starts a"
            + " matrix parameter: MCP URIs have none\"",
        "app://people/abc|,\"reason\":\"path variable 'personId' must be an integer from"
            + " -9223372036854775808 to 9223372036854775807 (found 'abc')\"",
        "app://people/4|",
        "app://nothing|",
      })
  void aNotFoundReadSaysWhyWhereItCan(String uri, String reason) {
    String answer = mcp.read(uri).asString();

    assertThat(answer)
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"Resource not"
                + " found\",\"data\":{\"uri\":\""
                + uri
                + "\""
                + (reason == null ? "" : reason)
                + "}}}");
  }
}
