package dev.jaxrsmcp.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jaxrsmcp.testing.Mcp;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;

/** What a careful modern client does on the wire, and checks every response must pass. */
public final class McpWire {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private McpWire() {}

  /**
   * The {@code Mcp-Name} header for a value: as is when it is plain visible ASCII without leading
   * or trailing spaces and not itself shaped like the sentinel, else {@code =?base64?…?=}.
   */
  public static String headerValue(String value) {
    boolean plain = !value.isEmpty() && value.strip().equals(value);
    for (int i = 0; i < value.length() && plain; i++) {
      char c = value.charAt(i);
      plain = c >= 0x20 && c <= 0x7E;
    }
    if (value.startsWith("=?base64?") && value.endsWith("?=")) {
      plain = false;
    }
    return plain
        ? value
        : "=?base64?"
            + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
            + "?=";
  }

  /** A {@code resources/read} with a correctly encoded {@code Mcp-Name}. */
  public static Response read(Mcp mcp, String uri) {
    return mcp.request("resources/read", headerValue(uri))
        .body(Mcp.body(1, "resources/read", Map.of("uri", uri)).toString())
        .post(mcp.url());
  }

  /** A JSON string literal. */
  public static String quote(String value) {
    return MAPPER.getNodeFactory().textNode(value).toString();
  }

  /** Parses a JSON response body and checks that no {@code null} appears anywhere in it. */
  public static JsonNode json(Response response) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(response.asByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertNoNulls(tree, "$");
    return tree;
  }

  private static void assertNoNulls(JsonNode node, String path) {
    assertThat(node.isNull()).as("null at %s", path).isFalse();
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        assertNoNulls(field.getValue(), path + "." + field.getKey());
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        assertNoNulls(node.get(i), path + "[" + i + "]");
      }
    }
  }
}
