package dev.jaxrsmcp.servletit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On Tomcat and on Jetty: every answer of the endpoint to a request it does not serve is the
 * bridge's JSON-RPC error, never the container's HTML error page (a status without a body makes
 * Jersey call {@code sendError}, which both containers answer with a page of their own).
 */
class ServletEndpointAnswersTest {
  private static final String LIST =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{\"_meta\":{"
          + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  private ServletApp app;
  private ServletServer server;

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (app != null) {
      app.close();
    }
  }

  private HttpRequest.Builder to(ServletServer.Kind kind) throws Exception {
    app = new ServletApp(IdentityHolder.Mode.PLAIN);
    server = kind.start(app);
    return HttpRequest.newBuilder(server.mcp());
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

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aModernGetIsNotAllowedWithAJsonRpcError(ServletServer.Kind kind) throws Exception {
    String answer =
        answer(
            to(kind)
                .GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.MODERN_GET);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aModernDeleteIsNotAllowedWithAJsonRpcError(ServletServer.Kind kind) throws Exception {
    String answer = answer(to(kind).DELETE().header("MCP-Protocol-Version", "2026-07-28"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.MODERN_DELETE);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aGetWithoutSessionOfA2025ClientIsABadRequest(ServletServer.Kind kind) throws Exception {
    String answer =
        answer(
            to(kind)
                .GET()
                .header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.LEGACY_GET);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aMethodTheEndpointDoesNotServeIsNotAllowed(ServletServer.Kind kind) throws Exception {
    String answer =
        answer(
            to(kind)
                .method("PUT", HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.PUT);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void aBodyThatIsNotJsonIsAnUnsupportedMediaType(ServletServer.Kind kind) throws Exception {
    String answer =
        answer(
            to(kind)
                .POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "text/plain")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.TEXT_PLAIN);
  }

  @ParameterizedTest
  @EnumSource(ServletServer.Kind.class)
  void anAcceptWithoutJsonOrEventStreamIsNotAcceptable(ServletServer.Kind kind) throws Exception {
    String answer =
        answer(
            to(kind)
                .POST(HttpRequest.BodyPublishers.ofString(LIST))
                .header("Content-Type", "application/json")
                .header("Accept", "text/html")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "resources/list"));

    assertThat(answer).as(kind.toString()).isEqualTo(EndpointAnswers.HTML_ONLY);
  }
}
