package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.protocol.Era;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The success messages of plain reads ({@link ReadMessage#success}), kept serialized by what shapes
 * them, so that a read fills in its id and URI instead of building and serializing a tree. This
 * relies on {@link ReadMessage#success} writing the id and the URI as they are, never a value
 * derived from them. A message is kept once the first read of its shape proved that filling in
 * gives the very bytes the tree gives; a shape whose message does not pass is never kept. About
 * {@value #MAX_KEPT} shapes are kept: once there are that many, the next new one makes all of them
 * forgotten (first reads running at the same moment may each add one before that). Thread-safe.
 */
public final class SuccessSplices {
  /** How many message shapes are kept. */
  static final int MAX_KEPT = 512;

  private static final String ID = "dev.jaxrsmcp/id/" + UUID.randomUUID();
  private static final String URI = "dev.jaxrsmcp/uri/" + UUID.randomUUID();
  private static final byte[] QUOTED_ID = quoted(ID);
  private static final byte[] QUOTED_URI = quoted(URI);
  private static final byte[] QUOTED_CONTENT = quoted(ReadMessage.PLACEHOLDER);

  /** A shape whose message is built per read. */
  private static final Optional<Template> PER_READ = Optional.empty();

  private final Map<Key, Optional<Template>> kept = new ConcurrentHashMap<>();

  /** How many shapes have a kept message (for tests). */
  int keptMessages() {
    return (int) kept.values().stream().filter(Optional::isPresent).count();
  }

  /** How many shapes are known, kept or built per read (for tests). */
  int knownShapes() {
    return kept.size();
  }

  /**
   * The message {@link ReadMessage#success} builds for these arguments, split where its content
   * goes.
   */
  public MessageSplice splice(
      ReadMessage.Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      ContentsShape shape,
      boolean truncated,
      ObjectNode serverInfo) {
    Optional<byte[]> idBytes = literal(id);
    if (idBytes.isEmpty() || hasSurrogate(uri)) {
      return perRead(kind, id, era, entry, uri, shape, truncated, serverInfo);
    }
    Key key = new Key(kind, era, entry, shape, truncated, serverInfo);
    Optional<Template> template = kept.get(key);
    if (template == null) {
      MessageSplice built = perRead(kind, id, era, entry, uri, shape, truncated, serverInfo);
      Optional<Template> made =
          Template.of(
                  Json.writeBytes(
                      ReadMessage.success(
                          kind,
                          TextNode.valueOf(ID),
                          era,
                          entry,
                          URI,
                          shape,
                          truncated,
                          serverInfo)))
              .filter(t -> t.fill(idBytes.get(), inside(uri)).sameAs(built));
      if (kept.size() >= MAX_KEPT) {
        kept.clear();
      }
      kept.put(key, made.isPresent() ? made : PER_READ);
      return built;
    }
    if (template.isEmpty()) {
      return perRead(kind, id, era, entry, uri, shape, truncated, serverInfo);
    }
    return template.get().fill(idBytes.get(), inside(uri));
  }

  private static MessageSplice perRead(
      ReadMessage.Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      ContentsShape shape,
      boolean truncated,
      ObjectNode serverInfo) {
    return MessageSplice.of(
        ReadMessage.success(kind, id, era, entry, uri, shape, truncated, serverInfo));
  }

  /** An id as JSON, for the ids a template can take: integers and strings. */
  private static Optional<byte[]> literal(JsonNode id) {
    if (id.isIntegralNumber() && id.canConvertToLong()) {
      return Optional.of(Long.toString(id.longValue()).getBytes(StandardCharsets.US_ASCII));
    }
    if (id.isTextual() && !hasSurrogate(id.textValue())) {
      return Optional.of(quoted(id.textValue()));
    }
    return Optional.empty();
  }

  /** A JSON string's characters (without its quotes) as the bridge's writer writes them. */
  private static byte[] inside(String value) {
    return JsonStringEncoder.getInstance().quoteAsUTF8(value);
  }

  /** A JSON string as the bridge's writer writes it. */
  private static byte[] quoted(String value) {
    byte[] inside = JsonStringEncoder.getInstance().quoteAsUTF8(value);
    byte[] out = new byte[inside.length + 2];
    out[0] = '"';
    System.arraycopy(inside, 0, out, 1, inside.length);
    out[out.length - 1] = '"';
    return out;
  }

  /** Surrogates are left to the tree's writer, which decides what a lone one becomes. */
  private static boolean hasSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** What shapes a success message besides its id and URI; the entry by identity. */
  private record Key(
      ReadMessage.Kind kind,
      Era era,
      CatalogueEntry entry,
      ContentsShape shape,
      boolean truncated,
      ObjectNode serverInfo) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && k.entry == entry
          && k.kind == kind
          && k.era == era
          && k.truncated == truncated
          && (k.shape == shape || k.shape.equals(shape))
          && (k.serverInfo == serverInfo || k.serverInfo.equals(serverInfo));
    }

    @Override
    public int hashCode() {
      int hash = System.identityHashCode(entry);
      hash = 31 * hash + kind.ordinal();
      hash = 31 * hash + era.ordinal();
      hash = 31 * hash + shape.hashCode();
      return 31 * hash + (truncated ? 1 : 0);
    }
  }

  /**
   * A serialized message with its id and content each marked once, and its URI once or not at all:
   * the bytes between the marks ({@code pieces}, one more than {@code marks}) and which mark comes
   * where. The URI's quotes stay in the pieces around it (a read fills in only what is inside
   * them).
   */
  private record Template(byte[][] pieces, byte[][] marks, int parts, int content) {
    static Optional<Template> of(byte[] json) {
      List<int[]> found = new ArrayList<>(); // {position, which}
      byte[][] all = {QUOTED_ID, QUOTED_URI, QUOTED_CONTENT};
      for (int which = 0; which < all.length; which++) {
        int at = MessageSplice.indexOf(json, all[which], 0);
        if (at < 0 && all[which] == QUOTED_URI) {
          continue; // a tool's text content does not name the URI
        }
        if (at < 0 || MessageSplice.indexOf(json, all[which], at + 1) >= 0) {
          return Optional.empty();
        }
        found.add(new int[] {at, which});
      }
      found.sort(Comparator.comparingInt(f -> f[0]));
      List<byte[]> pieces = new ArrayList<>();
      List<byte[]> marks = new ArrayList<>();
      int from = 0;
      int content = -1;
      for (int[] f : found) {
        byte[] mark = all[f[1]];
        int quote = mark == QUOTED_URI ? 1 : 0;
        pieces.add(Arrays.copyOfRange(json, from, f[0] + quote));
        marks.add(mark);
        if (mark == QUOTED_CONTENT) {
          content = pieces.size() + marks.size() - 1; // the parts before it
        }
        from = f[0] + mark.length - quote;
      }
      pieces.add(Arrays.copyOfRange(json, from, json.length));
      return Optional.of(
          new Template(
              pieces.toArray(new byte[0][]),
              marks.toArray(new byte[0][]),
              pieces.size() + marks.size() - 1,
              content));
    }

    /**
     * The message of one read: the pieces and the read's id and URI (inside its quotes), none of
     * them copied.
     */
    MessageSplice fill(byte[] id, byte[] uri) {
      byte[][] parts = new byte[this.parts][];
      int at = 0;
      for (int i = 0; i < pieces.length; i++) {
        parts[at++] = pieces[i];
        if (i < marks.length && marks[i] != QUOTED_CONTENT) {
          parts[at++] = marks[i] == QUOTED_ID ? id : uri;
        }
      }
      return MessageSplice.of(parts, content);
    }
  }
}
