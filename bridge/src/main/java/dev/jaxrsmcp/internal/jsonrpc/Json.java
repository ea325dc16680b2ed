package dev.jaxrsmcp.internal.jsonrpc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * The bridge's JSON: Jackson trees, compact single-line output, no {@code null} values written (an
 * object member holding a JSON null is left out).
 */
public final class Json {
  /**
   * Writes with buffers of its own pool: Jackson's default pool is one set of buffers per thread,
   * which the application's own Jackson writer holds while a route's entity streams into a read's
   * envelope, so every envelope written meanwhile would allocate its buffers afresh.
   */
  private static final ObjectMapper WRITER =
      new ObjectMapper(
              JsonFactory.builder()
                  .recyclerPool(
                      JsonRecyclerPools.newBoundedPool(
                          16 * Runtime.getRuntime().availableProcessors()))
                  .build())
          .setSerializationInclusion(JsonInclude.Include.NON_NULL)
          .configure(JsonNodeFeature.WRITE_NULL_PROPERTIES, false);

  /** Writes every member as it is, JSON nulls included (what a client sent, passed on). */
  private static final ObjectMapper VERBATIM = new ObjectMapper();

  private Json() {}

  /** {@code node} exactly as given, JSON nulls included (unlike {@link #writeBytes}). */
  public static byte[] writeVerbatim(JsonNode node) {
    try {
      return VERBATIM.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A mapper that refuses nesting deeper than {@code maxDepth} and duplicate keys. */
  public static ObjectMapper reader(int maxDepth) {
    JsonFactory factory =
        JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder().maxNestingDepth(maxDepth).build())
            .build();
    return new ObjectMapper(factory)
        .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  public static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  /** One line of JSON: never contains a line break, so it fits one SSE {@code data:} line. */
  public static String write(JsonNode node) {
    try {
      return WRITER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static byte[] writeBytes(JsonNode node) {
    try {
      return WRITER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How many characters of a value an error message shows. */
  private static final int MAX_SHOWN = 100;

  /** The value as JSON, cut to a readable length for an error message. */
  public static String shown(JsonNode value) {
    String json = write(value);
    return json.length() <= MAX_SHOWN ? json : json.substring(0, MAX_SHOWN) + "...";
  }
}
