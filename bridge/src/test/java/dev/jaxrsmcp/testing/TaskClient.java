package dev.jaxrsmcp.testing;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * A modern-era client of the tasks extension, over real HTTP: every request declares the extension
 * in {@code _meta} (unless made {@link #withoutExtension()}), carries the routing headers, and the
 * given {@code Authorization} (none for an anonymous caller).
 */
public final class TaskClient {
  public static final String EXTENSION = "io.modelcontextprotocol/tasks";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String url;
  private final Optional<String> authorization;
  private final boolean extension;

  public TaskClient(String url, Optional<String> authorization) {
    this(url, authorization, true);
  }

  private TaskClient(String url, Optional<String> authorization, boolean extension) {
    this.url = url;
    this.authorization = authorization;
    this.extension = extension;
  }

  /** The same caller, declaring no extension. */
  public TaskClient withoutExtension() {
    return new TaskClient(url, authorization, false);
  }

  /** A request body; {@code _meta} declares the tasks extension when this client does. */
  public ObjectNode body(String method, Map<String, ?> params) {
    ObjectNode body = Mcp.body(1, method, params);
    if (extension) {
      ((ObjectNode) body.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities"))
          .putObject("extensions")
          .putObject(EXTENSION);
    }
    return body;
  }

  /** POSTs {@code body} with the headers the transport requires (Mcp-Name = {@code name}). */
  public Response post(String method, String name, ObjectNode body) {
    RequestSpecification spec =
        given()
            .contentType("application/json")
            .accept("application/json, text/event-stream")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", method)
            .header("Mcp-Name", name);
    authorization.ifPresent(a -> spec.header("Authorization", a));
    return spec.body(body.toString()).post(url);
  }

  /** {@code tools/call}; the whole response message. */
  public JsonNode call(String tool, Map<String, ?> arguments) {
    return json(
        post("tools/call", tool, body("tools/call", Map.of("name", tool, "arguments", arguments))));
  }

  /** {@code tasks/get}; the whole response message. */
  public JsonNode get(String taskId) {
    return task("tasks/get", taskId, Map.of("taskId", taskId));
  }

  /** {@code tasks/cancel}; the whole response message. */
  public JsonNode cancel(String taskId) {
    return task("tasks/cancel", taskId, Map.of("taskId", taskId));
  }

  /** {@code tasks/update} with {@code inputResponses}; the whole response message. */
  public JsonNode update(String taskId, Map<String, ?> inputResponses) {
    return task("tasks/update", taskId, Map.of("taskId", taskId, "inputResponses", inputResponses));
  }

  private JsonNode task(String method, String taskId, Map<String, ?> params) {
    return json(post(method, taskId, body(method, params)));
  }

  /** The task's status now ({@code working}, ...), or the error code as text when it failed. */
  public String status(String taskId) {
    JsonNode answer = get(taskId);
    return answer.has("error")
        ? "error " + answer.path("error").path("code").asInt()
        : answer.path("result").path("status").asText();
  }

  public static JsonNode json(Response response) {
    try {
      return MAPPER.readTree(response.asString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
