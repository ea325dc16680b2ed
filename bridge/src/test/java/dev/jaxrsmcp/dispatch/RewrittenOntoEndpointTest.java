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
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request that one of the application's pre-matching filters rewrites onto the MCP endpoint,
 * after the bridge's first filter looked at it (an alias path; Jersey's own {@code UriConnegFilter}
 * taking {@code /mcp.json} to {@code /mcp}), is an MCP request like any other: its Origin is
 * checked, and its read runs in place, once, as the route's request (there is no second, nested way
 * to answer a read).
 */
class RewrittenOntoEndpointTest {
  static final List<String> ROUTED = new CopyOnWriteArrayList<>();

  @Path("/notes")
  public static class Notes {
    @GET
    @Produces("text/plain")
    @McpResource(uri = "app://notes", name = "notes")
    public String notes() {
      return "remember the milk";
    }
  }

  /** Takes {@code /alias} to the MCP endpoint, as a gateway's path mapping might. */
  @PreMatching
  public static class Alias implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().equals("alias")) {
        URI base = request.getUriInfo().getBaseUri();
        request.setRequestUri(base, URI.create(base + "mcp"));
      }
    }
  }

  /** Records the path of every request Jersey matched to a resource method. */
  public static class Routed implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      ROUTED.add(request.getUriInfo().getPath());
    }
  }

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(Notes.class, Alias.class, Routed.class)
                .property(ServerProperties.MEDIA_TYPE_MAPPINGS, "json:application/json")
                .register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void reset() {
    ROUTED.clear();
  }

  @ParameterizedTest
  @ValueSource(strings = {"alias", "mcp.json"})
  void aReadRewrittenOntoTheEndpointRunsInPlaceOnce(String path) {
    Mcp rewritten = new Mcp(server.baseUri() + path);

    JsonNode answer = McpWire.json(rewritten.read("app://notes"));

    assertThat(answer.at("/result/contents/0/text").asText()).isEqualTo("remember the milk");
    assertThat(ROUTED).containsExactly("notes");
    assertThat(answer).isEqualTo(McpWire.json(new Mcp(server.mcpUrl()).read("app://notes")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"alias", "mcp.json"})
  void aToolCallRewrittenOntoTheEndpointRunsInPlaceOnce(String path) {
    Mcp rewritten = new Mcp(server.baseUri() + path);

    JsonNode answer =
        McpWire.json(rewritten.call("tools/call", Map.of("name", "notes", "arguments", Map.of())));

    assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("remember the milk");
    assertThat(ROUTED).containsExactly("notes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"alias", "mcp.json"})
  void aRewrittenRequestFromAForeignOriginIsRefused(String path) {
    Response refused =
        new Mcp(server.baseUri() + path)
            .request("resources/read", "app://notes")
            .header("Origin", "http://evil.example")
            .body(Mcp.body(1, "resources/read", Map.of("uri", "app://notes")).toString())
            .post(server.baseUri() + path);

    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(ROUTED).isEmpty();
  }
}
