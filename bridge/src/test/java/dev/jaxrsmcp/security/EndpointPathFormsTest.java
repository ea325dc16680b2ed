package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every form of a request path that Jersey routes to the MCP endpoint (escaped characters, matrix
 * parameters, a trailing slash) is the endpoint for the bridge's first filter too: the read runs in
 * place, and a foreign Origin is refused before anything runs. A path that only looks like the
 * endpoint's is left to the application.
 */
class EndpointPathFormsTest {
  static TestServer server;

  @BeforeAll
  static void start() {
    server = OriginHostTest.start(McpFeature.builder().build());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static RawHttp.Reply read(String target, String origin) {
    RawHttp request =
        RawHttp.post(server.port(), target)
            .json()
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", "app://files/a");
    if (origin != null) {
      request.header("Origin", origin);
    }
    return request.body(Bodies.modern(1, "resources/read", Map.of("uri", "app://files/a"))).send();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/mcp/", "/m%63p", "/%6Dcp", "/mcp;v=1", "/m%63p;v=1/"})
  void everyFormOfTheEndpointReadsInPlace(String target) {
    OriginHostTest.READS.clear();
    RawHttp.Reply reply = read(target, null);
    assertThat(reply.status()).as(target).isEqualTo(200);
    assertThat(reply.json().at("/result/contents/0/text").asText()).isEqualTo("file a");
    assertThat(OriginHostTest.READS).containsExactly("a");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/mcp/", "/m%63p", "/%6Dcp", "/mcp;v=1", "/m%63p;v=1/"})
  void everyFormOfTheEndpointRefusesAForeignOrigin(String target) {
    OriginHostTest.READS.clear();
    RawHttp.Reply reply = read(target, "https://evil.example");
    assertThat(reply.status()).as(target).isEqualTo(403);
    assertThat(reply.json().at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(OriginHostTest.READS).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcpx", "/mc", "/mcp/x", "/x/mcp", "/m%64p"})
  void otherPathsAreTheApplications(String target) {
    OriginHostTest.READS.clear();
    RawHttp.Reply reply = read(target, null);
    assertThat(reply.status()).as(target).isIn(404, 405);
    assertThat(OriginHostTest.READS).isEmpty();
  }
}
