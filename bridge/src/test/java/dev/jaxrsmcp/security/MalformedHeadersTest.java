package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Media-type headers the endpoint cannot use are answered with a 4xx, never the 500 that Jersey's
 * method selection gives a malformed {@code Content-Type} quality.
 */
class MalformedHeadersTest {
  static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(OriginHostTest.Files.class).register(McpFeature.builder().build()));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static RawHttp.Reply discover(String name, String value) {
    RawHttp request = RawHttp.post(server.port(), "/mcp").header(name, value);
    if (!name.equals("Accept")) {
      request.header("Accept", "application/json, text/event-stream");
    }
    if (!name.equals("Content-Type")) {
      request.header("Content-Type", "application/json");
    }
    return request
        .header("MCP-Protocol-Version", Mcp.VERSION)
        .header("Mcp-Method", "server/discover")
        .body(Bodies.modern(1, "server/discover", Map.of()))
        .send();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"*/*;q=abc", "application/json;q=2", "application/json;Q=-1", "garbage", "/"})
  void malformedContentTypeIsInvalidRequest(String contentType) {
    RawHttp.Reply reply = discover("Content-Type", contentType);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.text())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,"
                + "\"message\":\"Invalid Request: the Content-Type header is malformed\"}}");
  }

  @ParameterizedTest
  @ValueSource(strings = {"application/json;q=0.5", "application/json; charset=utf-8"})
  void wellFormedContentTypeIsRead(String contentType) {
    assertThat(discover("Content-Type", contentType).status()).isEqualTo(200);
  }

  @Test
  void aWellFormedTypeThatIsNotJsonIsAnUnsupportedMediaType() {
    RawHttp.Reply reply = discover("Content-Type", "text/x");

    assertThat(reply.status()).isEqualTo(415);
    assertThat(reply.text())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Unsupported Media"
                + " Type: the body must be application/json (found 'text/x')\"}}");
  }

  @ParameterizedTest
  @ValueSource(strings = {"*/*;q=abc", "garbage", "image/png"})
  void unusableAcceptIsAClientError(String accept) {
    assertThat(discover("Accept", accept).status()).isBetween(400, 499);
  }
}
