package dev.jaxrsmcp.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.context.McpContext.LogLevel;
import dev.jaxrsmcp.testing.LegacyClient;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code McpContext.log}: log messages reach the client on a long-running read's stream, in the
 * legacy era after {@code logging/setLevel}, in the modern era only when the request's {@code
 * _meta} carries {@code io.modelcontextprotocol/logLevel}, and never below that level.
 */
class RouteLoggingTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @Path("/audit")
  public static class Audit {
    /** Logs one message at each of four levels, then answers. */
    @GET
    @Path("/run")
    @Produces("text/plain")
    @McpResource(uri = "app://audit/run", name = "audit", longRunning = true)
    public StreamingOutput run(@Context McpContext mcp) {
      return out -> {
        mcp.log(LogLevel.DEBUG, "debug detail");
        mcp.log(LogLevel.INFO, "audit started");
        mcp.log(LogLevel.WARNING, "audit", Map.of("skipped", 2));
        mcp.log(LogLevel.ERROR, "one check failed");
        out.write("audit done".getBytes(StandardCharsets.UTF_8));
      };
    }
  }

  TestServer server;

  @BeforeEach
  void start() {
    server =
        TestServer.start(new ResourceConfig(Audit.class).register(McpFeature.builder().build()));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void legacySessionGetsMessagesFromItsLevelUp() {
    LegacyClient client = new LegacyClient(server.mcpUrl());
    String session = client.start();
    assertThat(client.call(session, 2, "logging/setLevel", Map.of("level", "warning")).statusCode())
        .isEqualTo(200);
    List<JsonNode> messages =
        messages(client.call(session, 3, "tools/call", Map.of("name", "audit")));
    assertThat(messages).hasSize(3);
    assertThat(messages.get(0).toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":"
                + "{\"level\":\"warning\",\"logger\":\"audit\",\"data\":{\"skipped\":2}}}");
    assertThat(messages.get(1).toString())
        .isEqualTo(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":"
                + "{\"level\":\"error\",\"data\":\"one check failed\"}}");
    assertThat(messages.get(2).at("/result/content/0/text").asText()).isEqualTo("audit done");
  }

  @Test
  void legacySessionWithoutALevelGetsNoMessages() {
    LegacyClient client = new LegacyClient(server.mcpUrl());
    String session = client.start();
    List<JsonNode> messages =
        messages(client.call(session, 3, "tools/call", Map.of("name", "audit")));
    assertThat(messages).hasSize(1);
    assertThat(messages.get(0).at("/result/content/0/text").asText()).isEqualTo("audit done");
  }

  @Test
  void legacyCapabilitiesOfferLoggingButNoTasks() {
    Map<String, Object> capabilities = new LegacyClient(server.mcpUrl()).capabilities();
    assertThat(capabilities).containsKey("logging").doesNotContainKey("extensions");
  }

  @Test
  void modernRequestGetsMessagesOnlyWhenItsMetaAsks() {
    List<JsonNode> asked = messages(modernCall("info"));
    assertThat(asked).hasSize(4);
    assertThat(asked.subList(0, 3))
        .extracting(m -> m.at("/params/level").asText())
        .containsExactly("info", "warning", "error");
    assertThat(asked.get(3).at("/result/resultType").asText()).isEqualTo("complete");

    List<JsonNode> unasked = messages(modernCall(null));
    assertThat(unasked).hasSize(1);
    assertThat(unasked.get(0).at("/result/content/0/text").asText()).isEqualTo("audit done");

    List<JsonNode> debug = messages(modernCall("debug"));
    assertThat(debug)
        .extracting(m -> m.at("/params/level").asText())
        .containsExactly("debug", "info", "warning", "error", "");
  }

  @Test
  void modernRequestWithAnUnknownLevelIsRefused() {
    Response response = modernCall("verbose");
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = json(response.asString()).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32602);
    assertThat(error.path("message").asText())
        .isEqualTo(
            "Invalid params: _meta 'io.modelcontextprotocol/logLevel' must be one of debug, info,"
                + " notice, warning, error, critical, alert, emergency (found \"verbose\") for"
                + " method tools/call");
  }

  private Response modernCall(String level) {
    ObjectNode body = Mcp.body(1, "tools/call", Map.of("name", "audit"));
    if (level != null) {
      ((ObjectNode) body.at("/params/_meta")).put("io.modelcontextprotocol/logLevel", level);
    }
    return new Mcp(server.mcpUrl())
        .request("tools/call", "audit")
        .body(body.toString())
        .post(server.mcpUrl());
  }

  /** The JSON messages of a response: each SSE {@code data:} line, or the one JSON body. */
  static List<JsonNode> messages(Response response) {
    String body = response.asString();
    List<JsonNode> messages = new ArrayList<>();
    if (String.valueOf(response.contentType()).startsWith("text/event-stream")) {
      for (String line : body.split("\n")) {
        if (line.startsWith("data:")) {
          messages.add(json(line.substring(5).trim()));
        }
      }
    } else {
      messages.add(json(body));
    }
    return messages;
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
