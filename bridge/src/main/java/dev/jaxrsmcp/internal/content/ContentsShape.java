package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonTextOutput;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
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
 * @param checked true when the text's charset was not named but found: UTF-8, because the body's
 *     first {@link #SNIFF_BYTES} were UTF-8. Bytes after them that are not UTF-8 then fail the read
 *     (an {@link java.nio.charset.MalformedInputException} from {@link #encoder}, an {@link
 *     IllegalStateException} from {@link #value}) instead of becoming U+FFFD: no byte is lost
 *     without the client knowing.
 */
public record ContentsShape(
    String mimeType,
    boolean text,
    Charset charset,
    Optional<String> lastModified,
    CacheHint cache,
    boolean checked) {

  /** A shape whose text, if any, is decoded with a charset the response named (or JSON's). */
  public ContentsShape(
      String mimeType,
      boolean text,
      Charset charset,
      Optional<String> lastModified,
      CacheHint cache) {
    this(mimeType, text, charset, lastModified, cache, false);
  }

  /** This shape with {@code ttlMs} 0 and {@code cacheScope} private: a result not to be cached. */
  public ContentsShape uncached() {
    return new ContentsShape(
        mimeType, text, charset, lastModified, new CacheHint(0, "private"), checked);
  }

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
   * The shape of {@code response} for {@code entry} when its type tells; empty when its first bytes
   * must decide (see {@link #of}): for a body without any type (the annotation sets none and the
   * response has no {@code Content-Type}), and for a text type (other than JSON, which is UTF-8 by
   * definition, RFC 8259) whose response names no charset. HTTP gives such a type no default
   * charset (RFC 9110 section 8.3.2), so the bridge does not guess one: UTF-8 text is text, any
   * other bytes are returned as they are, as a blob of the declared type.
   */
  public static Optional<ContentsShape> typed(CatalogueEntry entry, RouteResponse response) {
    String type = entry.mimeType().isEmpty() ? response.mediaType().orElse("") : entry.mimeType();
    if (type.isEmpty()) {
      return Optional.empty();
    }
    String answered = response.mediaType().orElse(type);
    if (isText(type) && !namesCharset(answered) && !isJson(type)) {
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
   *     when the type does not tell (see {@link #typed})
   * @param length how long the body is (at least: more than {@link #SNIFF_BYTES} tells enough)
   */
  public static ContentsShape of(
      CatalogueEntry entry, RouteResponse response, Supplier<byte[]> head, long length) {
    return typed(entry, response)
        .orElseGet(
            () -> {
              boolean utf8 = looksLikeUtf8Text(head.get(), length <= SNIFF_BYTES);
              return new ContentsShape(
                  entry.mimeType().isEmpty() ? response.mediaType().orElse("") : entry.mimeType(),
                  utf8,
                  StandardCharsets.UTF_8,
                  HttpCacheHints.lastModified(response),
                  HttpCacheHints.hint(entry, response),
                  utf8);
            });
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

  /**
   * The value of a whole body: decoded text, or base64.
   *
   * @throws IllegalStateException when the text is {@link #checked} and not all UTF-8
   */
  public String value(byte[] body) {
    if (!text) {
      return Base64.getEncoder().encodeToString(body);
    }
    if (checked && !looksLikeUtf8Text(body, true, body.length)) {
      throw new IllegalStateException(
          "the route's body names no charset and is not UTF-8 past its first "
              + SNIFF_BYTES
              + " bytes");
    }
    return new String(body, charset);
  }

  /**
   * The inside of the JSON string {@link #value} would give, written to {@code out} as the body's
   * bytes come: escaped text, or base64. Closing it ends the value and leaves {@code out} open.
   */
  public OutputStream encoder(OutputStream out) {
    return text
        ? new JsonTextOutput(out, charset, checked)
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

  /** JSON: {@code application/json} and {@code +json} types. */
  public static boolean isJson(String mediaType) {
    String type = mediaType.toLowerCase(Locale.ROOT);
    int semicolon = type.indexOf(';');
    if (semicolon >= 0) {
      type = type.substring(0, semicolon).trim();
    }
    return type.equals("application/json") || type.endsWith("+json");
  }

  /** Whether a type has a {@code charset} parameter. */
  static boolean namesCharset(String mediaType) {
    if (mediaType.indexOf(';') < 0) {
      return false;
    }
    String[] parts = mediaType.split(";");
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      int equals = parameter.indexOf('=');
      if (equals > 0 && parameter.substring(0, equals).strip().equalsIgnoreCase("charset")) {
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
    return looksLikeUtf8Text(body, whole, SNIFF_BYTES);
  }

  private static boolean looksLikeUtf8Text(byte[] body, boolean whole, int most) {
    int length = Math.min(body.length, most);
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
