package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The notifications of listen streams, serialized once for all the streams they go to: one change
 * reaches every listen of its URI with the same message but for the subscription id, so the JSON is
 * written once with a mark where the id goes and split there; each stream puts its own id (written
 * once, when it opened) between the two parts. What comes out is byte for byte what serializing
 * each stream's message ({@link Subscriptions#updated}, {@link Subscriptions#listChanged}) gives.
 * The URIs notified are remembered (up to {@value #MAX_KEPT}; past that the memory starts afresh),
 * so a change to one URI is serialized once however many streams it reaches, and however late a
 * stream that fell behind gets to it: 20 stalled listens of 400 busy URIs each missed a cache of 64
 * slots for about 80% of their notifications, each serialized anew.
 *
 * <p>Thread-safe: a URI is serialized once while it is remembered, however many delivery threads
 * reach it at once (the map's computation for a key runs once).
 */
public final class TaggedMessages {
  /** Where the id goes; the id comes before the URI in the message, so the mark is found first. */
  private static final TextNode MARK = TextNode.valueOf("\u0000jaxrs-mcp-subscription-id\u0000");

  private static final byte[] MARK_JSON = Json.writeBytes(MARK);

  /** The most URIs remembered: a few hundred bytes each, about 1 MiB at most. */
  static final int MAX_KEPT = 4096;

  private static final Map<String, Around> UPDATED = new ConcurrentHashMap<>();
  private static final AtomicLong SERIALIZED = new AtomicLong();

  private static final Around LIST_CHANGED =
      around("", Subscriptions.listChanged(Optional.of(MARK)));

  private TaggedMessages() {}

  /**
   * A message's JSON before ({@code head}) and after ({@code tail}) its subscription id.
   *
   * @param uri the URI it notifies (empty for a list change)
   */
  public record Around(String uri, byte[] head, byte[] tail) {}

  /** A subscription id as it is written in messages. */
  public static byte[] id(JsonNode subscriptionId) {
    return Json.writeBytes(subscriptionId);
  }

  /** {@code notifications/resources/updated} for {@code uri}, around the subscription id. */
  public static Around updated(String uri) {
    Around around = UPDATED.get(uri);
    if (around != null) {
      return around;
    }
    if (UPDATED.size() >= MAX_KEPT) {
      UPDATED.clear();
    }
    // Several delivery threads reach a new URI at once: one serializes it, the others wait for it.
    return UPDATED.computeIfAbsent(
        uri, notified -> around(notified, Subscriptions.updated(Optional.of(MARK), notified)));
  }

  /** {@code notifications/resources/list_changed}, around the subscription id. */
  public static Around listChanged() {
    return LIST_CHANGED;
  }

  /** Forgets every URI remembered (for tests). */
  static void forget() {
    UPDATED.clear();
  }

  /** How many messages were serialized so far, in this JVM (for tests). */
  public static long serialized() {
    return SERIALIZED.get();
  }

  private static Around around(String uri, ObjectNode message) {
    SERIALIZED.incrementAndGet();
    byte[] json = Json.writeBytes(message);
    for (int at = 0; at <= json.length - MARK_JSON.length; at++) {
      if (Arrays.equals(json, at, at + MARK_JSON.length, MARK_JSON, 0, MARK_JSON.length)) {
        return new Around(
            uri,
            Arrays.copyOfRange(json, 0, at),
            Arrays.copyOfRange(json, at + MARK_JSON.length, json.length));
      }
    }
    throw new IllegalStateException(
        "the subscription id's mark is missing from the serialized notification for '" + uri + "'");
  }
}
