package dev.jaxrsmcp.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.testing.Mcp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/**
 * The JDK's HTTP client, for the tests that run with Actuator: rest-assured's Groovy fails inside
 * its closures (a NullPointerException in {@code ClosureMetaClass}) once Actuator is on the
 * classpath.
 */
final class PlainHttp {
  private static final HttpClient CLIENT = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();

  private PlainHttp() {}

  /** A modern {@code resources/read}: the status and the parsed answer. */
  static JsonNode read(int port, String uri) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", uri)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    Mcp.body(1, "resources/read", Map.of("uri", uri)).toString()))
            .build();
    HttpResponse<String> response = send(request);
    if (response.statusCode() != 200) {
      throw new AssertionError(
          "read " + uri + ": " + response.statusCode() + " " + response.body());
    }
    return parse(response.body());
  }

  /** A GET: the response. */
  static HttpResponse<String> get(int port, String pathAndQuery) {
    return send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
            .GET()
            .build());
  }

  static JsonNode parse(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static HttpResponse<String> send(HttpRequest request) {
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
