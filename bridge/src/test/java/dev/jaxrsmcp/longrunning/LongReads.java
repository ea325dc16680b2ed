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

/** Modern-era reads of long-running resources, as a client accepting SSE or only JSON. */
final class LongReads {
  static final ObjectMapper JSON = new ObjectMapper();

  private LongReads() {}

  /** A {@code resources/read} body, with {@code _meta.progressToken} when {@code token} is set. */
  static ObjectNode body(String uri, Object token) {
    ObjectNode body = Mcp.body(1, "resources/read", Map.of("uri", uri));
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

  /** How many files the spool directory holds now (zero when it does not exist). */
  static long files(Path directory) {
    if (!Files.isDirectory(directory)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> headers(String uri) {
    return Map.of(
        "MCP-Protocol-Version", Mcp.VERSION, "Mcp-Method", "resources/read", "Mcp-Name", uri);
  }
}
