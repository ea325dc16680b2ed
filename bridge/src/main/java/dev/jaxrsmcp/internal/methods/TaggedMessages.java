package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The notifications of listen streams, serialized once for all the streams they go to: one change
 * reaches every listen of its URI with the same message but for the subscription id, so the JSON is
 * written once with a mark where the id goes and split there; each stream puts its own id (written
 * once, when it opened) between the two parts. What comes out is byte for byte what serializing
 * each stream's message ({@link Subscriptions#updated}, {@link Subscriptions#listChanged}) gives.
 * The last URIs notified are remembered in a few slots, so a change to one URI is serialized once
 * however many streams it reaches.
 *
 * <p>Thread-safe: a slot is replaced whole, under its lock, so a URI is serialized once while it
 * holds its slot, however many delivery threads reach it at once.
 */
public final class TaggedMessages {
  /** Where the id goes; the id comes before the URI in the message, so the mark is found first. */
  private static final TextNode MARK = TextNode.valueOf("\u0000jaxrs-mcp-subscription-id\u0000");

  private static final byte[] MARK_JSON = Json.writeBytes(MARK);
  private static final int SLOTS = 64;
  private static final AtomicReferenceArray<Around> UPDATED = new AtomicReferenceArray<>(SLOTS);
  private static final Object[] LOCKS = new Object[SLOTS];
  private static final AtomicLong SERIALIZED = new AtomicLong();

  static {
    Arrays.setAll(LOCKS, slot -> new Object());
  }

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
    int slot = uri.hashCode() & (SLOTS - 1);
    Around around = UPDATED.get(slot);
    if (around == null || !around.uri().equals(uri)) {
      // Several delivery threads reach a new URI at once: one serializes it, the others wait for
      // that (a slot's lock, taken only when the slot does not hold the URI yet).
      synchronized (LOCKS[slot]) {
        around = UPDATED.get(slot);
        if (around == null || !around.uri().equals(uri)) {
          around = around(uri, Subscriptions.updated(Optional.of(MARK), uri));
          UPDATED.set(slot, around);
        }
      }
    }
    return around;
  }

  /** {@code notifications/resources/list_changed}, around the subscription id. */
  public static Around listChanged() {
    return LIST_CHANGED;
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
