package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

/**
 * Cursor pagination of list results (MCP pagination utility). Every entry has a {@link Key}, and a
 * list is in ascending key order; the cursor names the key of the last entry a page returned, and
 * the next page starts at the first entry whose key is greater. So a list that changes between two
 * pages (a member added or removed) neither skips nor repeats the entries that were there
 * throughout, and a cursor past the end of a list that shrank gives an empty last page. A cursor
 * this server did not give out is refused with {@code -32602}.
 */
final class Pages {
  private static final String PREFIX = "jaxrs-mcp/v2/";

  /**
   * Where an entry sits: {@code rank} orders groups whose order is fixed when the application
   * starts (a catalogue position), {@code name} orders the entries within a group (a URI).
   */
  record Key(int rank, String name) implements Comparable<Key> {
    private static final Comparator<Key> ORDER =
        Comparator.comparingInt(Key::rank).thenComparing(Key::name);

    @Override
    public int compareTo(Key other) {
      return ORDER.compare(this, other);
    }
  }

  /** An entry and its key. */
  record Keyed<T>(Key key, T value) {}

  private Pages() {}

  /**
   * Pages a list that never changes while the application runs (templates, tools): an entry's key
   * is its position.
   */
  static <T> List<T> page(List<T> fixed, McpCall call, int size, ObjectNode body) {
    List<Keyed<T>> keyed = new ArrayList<>(fixed.size());
    for (int i = 0; i < fixed.size(); i++) {
      keyed.add(new Keyed<>(new Key(i, ""), fixed.get(i)));
    }
    return pageKeyed(keyed, call, size, body);
  }

  /**
   * The page the request's {@code cursor} asks for; puts {@code nextCursor} into {@code body} when
   * more entries follow.
   *
   * @param sorted the entries in ascending key order, no two with the same key
   */
  static <T> List<T> pageKeyed(List<Keyed<T>> sorted, McpCall call, int size, ObjectNode body) {
    int from = start(sorted, call.request().params().get("cursor"));
    int to = Math.min(sorted.size(), from + size);
    if (to < sorted.size()) {
      body.put("nextCursor", cursor(sorted.get(to - 1).key()));
    }
    List<T> page = new ArrayList<>(to - from);
    for (Keyed<T> entry : sorted.subList(from, to)) {
      page.add(entry.value());
    }
    return page;
  }

  static String cursor(Key last) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(
            (PREFIX + last.rank() + "/" + last.name()).getBytes(StandardCharsets.UTF_8));
  }

  /** The index of the first entry after the cursor's key (0 without a cursor). */
  private static <T> int start(List<Keyed<T>> sorted, JsonNode cursor) {
    if (cursor == null) {
      return 0;
    }
    Key after = decode(cursor);
    int low = 0;
    int high = sorted.size();
    while (low < high) { // the first index whose key is greater than the cursor's
      int mid = (low + high) >>> 1;
      if (sorted.get(mid).key().compareTo(after) <= 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static Key decode(JsonNode cursor) {
    if (!cursor.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS, "Invalid params: 'cursor' must be a string");
    }
    String text = cursor.textValue();
    try {
      String decoded = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
      if (decoded.startsWith(PREFIX)) {
        String key = decoded.substring(PREFIX.length());
        int slash = key.indexOf('/');
        if (slash > 0) {
          int rank = Integer.parseInt(key.substring(0, slash));
          if (rank >= 0) {
            return new Key(rank, key.substring(slash + 1));
          }
        }
      }
    } catch (IllegalArgumentException e) {
      // Falls through to the error below (NumberFormatException is one too).
    }
    throw new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: cursor '" + abbreviate(text) + "' is not one this server gave out",
        Json.object().put("cursor", abbreviate(text)));
  }

  private static String abbreviate(String text) {
    return text.length() <= 64 ? text : text.substring(0, 64) + "…";
  }
}
