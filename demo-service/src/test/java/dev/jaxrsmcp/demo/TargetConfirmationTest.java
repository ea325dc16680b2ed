package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The demo's write tool asks a client that can answer to confirm (2026-07-28, {@code
 * input_required}); the owner's accepted retry sets the target. A client without elicitation is not
 * asked ({@link TargetToolTest}).
 */
class TargetConfirmationTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  DemoServer server;

  @BeforeEach
  void start() {
    server = DemoServer.start(0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private JsonNode call(Map<String, ?> extra) throws Exception {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    body.put("method", "tools/call");
    ObjectNode params = body.putObject("params");
    params.put("name", "set_target_temperature");
    params.set("arguments", MAPPER.valueToTree(Map.of("id", 2, "body", Map.of("celsius", 21.5))));
    extra.forEach((k, v) -> params.set(k, MAPPER.valueToTree(v)));
    ObjectNode meta = params.putObject("_meta");
    meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
    meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "t").put("version", "1");
    meta.putObject("io.modelcontextprotocol/clientCapabilities").putObject("elicitation");
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(server.mcpUri())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "set_target_temperature")
                .header("Authorization", RestApiTest.OWNER)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return MAPPER.readTree(response.body()).path("result");
  }

  @Test
  void aClientWithElicitationConfirmsBeforeTheTargetChanges() throws Exception {
    JsonNode asked = call(Map.of());
    assertThat(asked.path("resultType").asText()).isEqualTo("input_required");
    assertThat(asked.at("/inputRequests/jaxrsmcp.confirm/params/message").asText())
        .isEqualTo("Set the target temperature of widget 2?");
    JsonNode done =
        call(
            Map.of(
                "inputResponses",
                Map.of("jaxrsmcp.confirm", Map.of("action", "accept", "content", Map.of())),
                "requestState",
                asked.path("requestState").asText()));
    assertThat(done.path("isError").asBoolean()).isFalse();
    assertThat(done.at("/structuredContent/celsius").asDouble()).isEqualTo(21.5);
  }
}
