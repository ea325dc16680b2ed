package dev.jaxrsmcp.asking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.TestServer;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A confirmed tool in a 2025-11-25 session: a client without elicitation gets {@code -32021} (or
 * the route runs, where the tool says so); asking a client that could answer is not available in
 * this era yet, and says so. In every case nothing runs that was not confirmed.
 */
class LegacyAskingTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static TestServer server;
  static LegacyClient client;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            new ResourceConfig(AskingRoutes.Widgets.class, AskingRoutes.Authentication.class)
                .register(McpFeature.builder().build()));
    client = new LegacyClient(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void widgets() {
    AskingRoutes.WIDGETS.clear();
    AskingRoutes.WIDGETS.addAll(List.of(7L, 8L));
  }

  private static String call(String session, String tool) {
    return client
        .call(session, 5, "tools/call", Map.of("name", tool, "arguments", Map.of("id", 7)))
        .then()
        .statusCode(200)
        .extract()
        .asString();
  }

  @Test
  void aClientWithoutElicitationGetsMissingCapabilityUnlessTheToolRunsAnyway() throws Exception {
    String session = client.start();
    assertThat(MAPPER.readTree(call(session, "delete_widget")))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":5,"error":{"code":-32021,"message":"Missing required client\
                 capability: tools/call 'delete_widget' must be confirmed by the user\
                 (McpTool.confirm), which needs the client capability 'elicitation'",\
                "data":{"requiredCapabilities":{"elicitation":{}}}}}
                """));
    assertThat(AskingRoutes.WIDGETS).contains(7L);

    assertThat(
            MAPPER
                .readTree(call(session, "delete_anyway"))
                .path("result")
                .path("content")
                .get(0)
                .path("text")
                .asText())
        .isEqualTo("deleted 7");
    assertThat(AskingRoutes.WIDGETS).containsExactly(8L);
  }

  @Test
  void askingAClientThatCouldAnswerIsNotAvailableYetAndRunsNothing() throws Exception {
    String session = client.start(Map.of("elicitation", Map.of()));
    assertThat(MAPPER.readTree(call(session, "delete_widget")))
        .isEqualTo(
            MAPPER.readTree(
                """
                {"jsonrpc":"2.0","id":5,"error":{"code":-32603,"message":"Asking the client during\
                 a call (McpContext.ask, McpTool.confirm) is not available in protocol 2025-11-25\
                 yet: tools/call 'delete_widget' asked [jaxrsmcp.confirm]; call it in protocol\
                 2026-07-28"}}
                """));
    assertThat(AskingRoutes.WIDGETS).containsExactlyInAnyOrder(7L, 8L);
  }
}
