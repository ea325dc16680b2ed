package dev.jaxrsmcp.subscribe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A listen acknowledges only the notifications this server sends: resource updates and resource
 * list changes, never tool or prompt list changes (the tools are fixed at start-up, as {@code
 * server/discover} says by advertising {@code tools} without {@code listChanged}).
 */
class ListenAcknowledgementTest {
  @Path("/items")
  public static class Items {
    @GET
    @Path("/{id}")
    @Produces("application/json")
    @McpResource(uri = "app://items/{id}", subscribe = true)
    public String item(@PathParam("id") String id) {
      return "{\"id\":\"" + id + "\"}";
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;
  static Mcp mcp;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(new ResourceConfig(Items.class).register(McpFeature.builder().build()));
    mcp = new Mcp(server.mcpUrl());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode acknowledgement(Map<String, ?> notifications) throws Exception {
    try (SseRecorder stream =
        SseRecorder.post(
            server.mcpUrl(),
            Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "subscriptions/listen"),
            Mcp.body(3, "subscriptions/listen", Map.of("notifications", notifications))
                .toString())) {
      JsonNode ack = stream.next();
      assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
      return ack.path("params").path("notifications");
    }
  }

  @Test
  void toolAndPromptListChangesAreNotAcknowledgedAlthoughToolsAreOffered() throws Exception {
    JsonNode honoured =
        acknowledgement(
            Map.of(
                "toolsListChanged", true,
                "promptsListChanged", true,
                "resourcesListChanged", true,
                "resourceSubscriptions", List.of("app://items/1")));

    assertThat(honoured.toString())
        .isEqualTo("{\"resourcesListChanged\":true,\"resourceSubscriptions\":[\"app://items/1\"]}");
  }

  @Test
  void aListenForToolListChangesOnlyIsAcknowledgedWithNothing() throws Exception {
    assertThat(acknowledgement(Map.of("toolsListChanged", true)).toString()).isEqualTo("{}");
  }

  @Test
  void theToolsCapabilityPromisesNoListChanges() throws Exception {
    JsonNode capabilities =
        JSON.readTree(mcp.call("server/discover", Map.of()).asString())
            .path("result")
            .path("capabilities");

    assertThat(capabilities.has("tools")).isTrue();
    assertThat(capabilities.path("tools").has("listChanged")).isFalse();
  }
}
