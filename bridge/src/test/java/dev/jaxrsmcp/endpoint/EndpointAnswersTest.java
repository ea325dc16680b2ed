package dev.jaxrsmcp.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On Grizzly: every answer of the endpoint to a request it does not serve is a JSON-RPC error (or a
 * body the specification asks to be empty), never the container's or a framework's page. The same
 * requests and answers are checked on Tomcat and Jetty ({@code servlet-it}) and on Spring Boot and
 * Dropwizard ({@code examples}).
 */
class EndpointAnswersTest {
  @Path("/hello")
  public static class Hello {
    @GET
    @Produces("text/plain")
    @McpResource
    public String hello() {
      return "hello";
    }
  }

  static final String LIST =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{\"_meta\":{"
          + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Hello.class).register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** The parts of an answer that matter: status, the type and Allow headers, the whole body. */
  static String answer(HttpRequest.Builder request) throws Exception {
    HttpResponse<String> response =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    StringBuilder out = new StringBuilder().append(response.statusCode());
    response.headers().firstValue("Content-Type").ifPresent(v -> out.append("\ntype: ").append(v));
    response.headers().firstValue("Allow").ifPresent(v -> out.append("\nallow: ").append(v));
    return out.append("\n\n").append(response.body()).toString();
  }

  HttpRequest.Builder to() {
    return HttpRequest.newBuilder(URI.create(server.mcpUrl()));
  }

  @Test
  void aModernGetIsNotAllowedWithAJsonRpcError() throws Exception {
    String answer =
        answer(
            to().GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28"));

    assertThat(answer).isEqualTo(EndpointAnswers.MODERN_GET);
  }

  @Test
  void aModernDeleteIsNotAllowedWithAJsonRpcError() throws Exception {
    String answer = answer(to().DELETE().header("MCP-Protocol-Version", "2026-07-28"));

    assertThat(answer).isEqualTo(EndpointAnswers.MODERN_DELETE);
  }

  @Test
  void aGetWithoutSessionOfA2025ClientIsABadRequest() throws Exception {
    String answer =
        answer(
            to().GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25"));

    assertThat(answer).isEqualTo(EndpointAnswers.LEGACY_GET);
  }

  @Test
  void aGetWithoutAnyVersionIsAnsweredAsA2025ClientsGet() throws Exception {
    String answer = answer(to().GET().header("Accept", "text/event-stream"));

    assertThat(answer).isEqualTo(EndpointAnswers.LEGACY_GET);
  }

  @Test
  void aMethodTheEndpointDoesNotServeIsNotAllowedWithAJsonRpcError() throws Exception {
    String answer =
        answer(
            to().method("PUT", HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json"));

    assertThat(answer).isEqualTo(EndpointAnswers.PUT);
  }

  @Test
  void aBodyThatIsNotJsonIsAnUnsupportedMediaType() throws Exception {
    String answer =
        answer(
            to().POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "text/plain")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"));

    assertThat(answer).isEqualTo(EndpointAnswers.TEXT_PLAIN);
  }

  @Test
  void anAcceptWithoutJsonOrEventStreamIsNotAcceptable() throws Exception {
    String answer =
        answer(
            to().POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json")
                .header("Accept", "text/html")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"));

    assertThat(answer).isEqualTo(EndpointAnswers.HTML_ONLY);
  }

  @Test
  void aWellFormedPostStillGetsItsResult() throws Exception {
    String answer =
        answer(
            to().POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json; charset=utf-8")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"));

    assertThat(answer).startsWith("200\ntype: application/json\n\n{\"jsonrpc\":\"2.0\",\"id\":1,");
  }
}
