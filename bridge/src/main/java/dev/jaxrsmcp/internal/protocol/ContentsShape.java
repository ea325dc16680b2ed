package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonTextOutput;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * How a route's 2xx answer becomes a read's contents entry (contract section 7), decided once from
 * the route's status line and headers (and, for a body without any type, the head of its bytes),
 * and used alike by every path a read takes: a plain read streaming its body, a long-running read
 * from its spool, a tool call, a task. The body itself is never part of the shape: the in-place
 * writer streams it through {@link #encoder}, a task's result encodes it with {@link #value}, and
 * both give the same JSON string.
 *
 * @param mimeType the contents' type: the annotation's, else the response's; empty when neither has
 *     one
 * @param text true for {@code text}, false for a base64 {@code blob}
 * @param charset the charset the text is decoded with (the response's, UTF-8 by default)
 * @param lastModified the route's {@code Last-Modified} (ISO 8601, UTC), for the contents' {@code
 *     annotations.lastModified}; empty when it sent none
 * @param cache the read's {@code ttlMs} and {@code cacheScope} (annotation, else {@code
 *     Cache-Control}, else the feature's defaults)
 */
public record ContentsShape(
    String mimeType,
    boolean text,
    Charset charset,
    Optional<String> lastModified,
    CacheHint cache) {

  /**
   * How much of a body without a type decides between text and blob: text when these first bytes
   * are UTF-8 (a sequence they cut off at the end does not count against it). Held in memory while
   * the route writes them; the rest streams.
   */
  public static final int SNIFF_BYTES = 64 * 1024;

  /** How many distinct media types keep their {@link #isText} verdict. */
  private static final int REMEMBERED_TYPES = 256;

  private static final Map<String, Boolean> TEXT_VERDICTS = new ConcurrentHashMap<>();

  private static final List<String> TEXTUAL_MARKERS =
      List.of("json", "xml", "yaml", "javascript", "csv");

  /**
   * The shape of {@code response} for {@code entry} when its type tells; empty for a body without
   * any type (the annotation sets none and the response has no {@code Content-Type}): then its
   * first bytes decide, see {@link #of}.
   */
  public static Optional<ContentsShape> typed(CatalogueEntry entry, RouteResponse response) {
    String type = entry.mimeType().isEmpty() ? response.mediaType().orElse("") : entry.mimeType();
    if (type.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new ContentsShape(
            type,
            isText(type),
            charset(response.mediaType().orElse(type)),
            HttpCacheHints.lastModified(response),
            HttpCacheHints.hint(entry, response)));
  }

  /**
   * The shape of {@code response} for {@code entry}, whatever its type.
   *
   * @param head the body's first {@link #SNIFF_BYTES} (or all of a shorter body); asked for only
   *     when the body has no type
   * @param length how long the body is (at least: more than {@link #SNIFF_BYTES} tells enough)
   */
  public static ContentsShape of(
      CatalogueEntry entry, RouteResponse response, Supplier<byte[]> head, long length) {
    return typed(entry, response)
        .orElseGet(
            () ->
                new ContentsShape(
                    "",
                    looksLikeUtf8Text(head.get(), length <= SNIFF_BYTES),
                    StandardCharsets.UTF_8,
                    HttpCacheHints.lastModified(response),
                    HttpCacheHints.hint(entry, response)));
  }

  /** The contents entry of {@code uri} with {@code value} as its text or blob. */
  public ObjectNode contents(String uri, String value) {
    ObjectNode contents = Json.object().put("uri", uri);
    if (!mimeType.isEmpty()) {
      contents.put("mimeType", mimeType);
    }
    contents.put(text ? "text" : "blob", value);
    lastModified.ifPresent(when -> contents.putObject("annotations").put("lastModified", when));
    return contents;
  }

  /** The value of a whole body: decoded text, or base64. */
  public String value(byte[] body) {
    return text ? new String(body, charset) : Base64.getEncoder().encodeToString(body);
  }

  /**
   * The inside of the JSON string {@link #value} would give, written to {@code out} as the body's
   * bytes come: escaped text, or base64. Closing it ends the value and leaves {@code out} open.
   */
  public OutputStream encoder(OutputStream out) {
    return text
        ? new JsonTextOutput(out, charset)
        : Base64.getEncoder().wrap(new NonClosingOutput(out));
  }

  /**
   * True for {@code text/*} and types naming json, xml, yaml, javascript or csv. The verdict on the
   * first {@value #REMEMBERED_TYPES} distinct types is remembered.
   */
  static boolean isText(String mediaType) {
    Boolean known = TEXT_VERDICTS.get(mediaType);
    if (known != null) {
      return known;
    }
    boolean text = decideText(mediaType);
    if (TEXT_VERDICTS.size() < REMEMBERED_TYPES) {
      TEXT_VERDICTS.put(mediaType, text);
    }
    return text;
  }

  private static boolean decideText(String mediaType) {
    String type = mediaType.toLowerCase(Locale.ROOT);
    int semicolon = type.indexOf(';');
    if (semicolon >= 0) {
      type = type.substring(0, semicolon).trim();
    }
    if (type.startsWith("text/")) {
      return true;
    }
    for (String marker : TEXTUAL_MARKERS) {
      if (type.contains(marker)) {
        return true;
      }
    }
    return false;
  }

  /** The charset a type names, UTF-8 when it names none (or one this JVM does not know). */
  static Charset charset(String mediaType) {
    if (mediaType.indexOf(';') < 0) {
      return StandardCharsets.UTF_8; // no parameters, so no charset (and nothing to parse)
    }
    String[] parts = mediaType.split(";");
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      int equals = parameter.indexOf('=');
      if (equals > 0 && parameter.substring(0, equals).strip().equalsIgnoreCase("charset")) {
        String name = parameter.substring(equals + 1).strip();
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
          name = name.substring(1, name.length() - 1);
        }
        try {
          return Charset.forName(name);
        } catch (RuntimeException e) {
          return StandardCharsets.UTF_8;
        }
      }
    }
    return StandardCharsets.UTF_8;
  }

  /**
   * True when the first {@link #SNIFF_BYTES} of {@code body} are UTF-8; unless {@code whole}, a
   * sequence cut off at the end of {@code body} does not count against it.
   */
  static boolean looksLikeUtf8Text(byte[] body, boolean whole) {
    int length = Math.min(body.length, SNIFF_BYTES);
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(body, 0, length);
    CharBuffer out = CharBuffer.allocate(Math.max(1, length));
    boolean end = whole && length == body.length;
    CoderResult result = decoder.decode(in, out, end);
    if (result.isError()) {
      return false;
    }
    return !end || !decoder.flush(out).isError();
  }
}
