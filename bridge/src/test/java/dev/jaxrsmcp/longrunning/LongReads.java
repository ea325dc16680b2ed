package dev.jaxrsmcp.longrunning;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.testing.Mcp;
import dev.jaxrsmcp.testing.SseRecorder;
import dev.jaxrsmcp.testing.TestServer;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Modern-era reads of long-running resources (and calls of their tools), as a client accepting SSE
 * or only JSON.
 */
final class LongReads {
  static final ObjectMapper JSON = new ObjectMapper();

  private LongReads() {}

  /** A {@code resources/read} body, with {@code _meta.progressToken} when {@code token} is set. */
  static ObjectNode body(String uri, Object token) {
    return withToken(Mcp.body(1, "resources/read", Map.of("uri", uri)), token);
  }

  /** A {@code tools/call} body, with {@code _meta.progressToken} when {@code token} is set. */
  static ObjectNode toolBody(String name, Map<String, ?> arguments, Object token) {
    return withToken(
        Mcp.body(1, "tools/call", Map.of("name", name, "arguments", arguments)), token);
  }

  /** Calls the tool {@code name} accepting both types; records the stream. */
  static SseRecorder streamTool(
      TestServer server, String name, Map<String, ?> arguments, Object token) throws Exception {
    return SseRecorder.post(
        server.mcpUrl(),
        Map.of("MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "tools/call", "Mcp-Name", name),
        toolBody(name, arguments, token).toString());
  }

  /** Calls the tool {@code name} accepting both types, as a whole response. */
  static Response callTool(TestServer server, String name, Map<String, ?> arguments) {
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .header("MCP-Protocol-Version", Mcp.VERSION)
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", name)
        .body(toolBody(name, arguments, null).toString())
        .post(server.mcpUrl());
  }

  private static ObjectNode withToken(ObjectNode body, Object token) {
    ObjectNode meta = (ObjectNode) body.get("params").get("_meta");
    if (token instanceof Integer i) {
      meta.put("progressToken", i);
    } else if (token != null) {
      meta.put("progressToken", token.toString());
    }
    return body;
  }

  /**
   * Reads {@code uri} accepting {@code application/json, text/event-stream}; records the stream.
   */
  static SseRecorder stream(TestServer server, String uri, Object token) throws Exception {
    return SseRecorder.post(server.mcpUrl(), headers(uri), body(uri, token).toString());
  }

  /** Reads {@code uri} accepting {@code application/json} only. */
  static Response jsonOnly(TestServer server, String uri, Object token) {
    return given()
        .contentType("application/json")
        .accept("application/json")
        .headers(headers(uri))
        .body(body(uri, token).toString())
        .post(server.mcpUrl());
  }

  /** Reads {@code uri} accepting both types, as a whole response (for answers that stay JSON). */
  static Response both(TestServer server, String uri, Object token) {
    return given()
        .contentType("application/json")
        .accept("application/json, text/event-stream")
        .headers(headers(uri))
        .body(body(uri, token).toString())
        .post(server.mcpUrl());
  }

  static JsonNode json(Response response) {
    try {
      return JSON.readTree(response.asString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * How many spool files the spool directory holds now, in the process's private directory under it
   * or anywhere else (zero when it does not exist).
   */
  static long files(Path directory) {
    for (int attempt = 0; attempt < 10; attempt++) {
      if (!Files.isDirectory(directory)) {
        return 0;
      }
      try (Stream<Path> files = Files.walk(directory)) {
        return files
            .filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".spool"))
            .count();
      } catch (IOException | UncheckedIOException e) {
        // A file went while walking: count again.
      }
    }
    throw new AssertionError("the spool directory kept changing while it was counted");
  }

  /** True when nothing at all is left in the spool directory (or it does not exist). */
  static boolean empty(Path directory) {
    if (!Files.isDirectory(directory)) {
      return true;
    }
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> headers(String uri) {
    return Map.of(
        "MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "resources/read", "Mcp-Name", uri);
  }
}
