package dev.jaxrsmcp.servletit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** Modern-era MCP requests of the tasks extension, as one {@link Caller}, over real HTTP. */
final class TaskWire {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final URI mcp;
  private final Caller caller;

  TaskWire(URI mcp, Caller caller) {
    this.mcp = mcp;
    this.caller = caller;
  }

  /** {@code tools/call} declaring the tasks extension; the whole answer. */
  JsonNode call(String tool, Map<String, ?> arguments) {
    return post("tools/call", tool, Map.of("name", tool, "arguments", arguments));
  }

  /** {@code tasks/get}; the whole answer. */
  JsonNode get(String taskId) {
    return post("tasks/get", taskId, Map.of("taskId", taskId));
  }

  private JsonNode post(String method, String name, Map<String, ?> params) {
    ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
    body.put("method", method);
    ObjectNode p = MAPPER.valueToTree(params);
    ObjectNode meta = p.putObject("_meta");
    meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
    meta.putObject("io.modelcontextprotocol/clientCapabilities")
        .putObject("extensions")
        .putObject("io.modelcontextprotocol/tasks");
    body.set("params", p);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(mcp)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", method)
            .header("Mcp-Name", name)
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
    caller.authorization.ifPresent(a -> request.header("Authorization", a));
    try {
      return MAPPER.readTree(
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
