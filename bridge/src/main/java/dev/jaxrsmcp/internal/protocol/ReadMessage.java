package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.tools.ToolContent;
import java.nio.charset.Charset;
import java.util.Optional;
import java.util.UUID;

/**
 * The JSON-RPC response of a read that ran a route ({@code resources/read} or {@code tools/call},
 * long-running or not), built by one set of rules: a success carries one contents entry whose
 * {@code text} or {@code blob} is {@link #PLACEHOLDER}, where the writer streams the route's body;
 * a failure is the error of contract section 7 (or, for a tool, an error result). Modern results
 * carry {@code resultType}, the server's identity and cache hints; legacy results neither.
 */
public final class ReadMessage {
  /** Where the content goes in a success; unique to this process, so no client can forge it. */
  public static final String PLACEHOLDER = "dev.jaxrsmcp/content/" + UUID.randomUUID();

  public static final String TRUNCATED = "dev.jaxrsmcp/truncated";

  /** Which request the read answers. */
  public enum Kind {
    /** {@code resources/read}: {@code contents}; a failed route is a JSON-RPC error. */
    RESOURCE_READ,
    /**
     * {@code tools/call}: {@code content}; a failed route is an error result ({@code isError}),
     * except 401, which stays an error (the MCP POST answers 401 with the route's challenge).
     */
    TOOL_CALL
  }

  /**
   * How the route's body is carried.
   *
   * @param mimeType the contents' type (the annotation's, else the response's); may be empty
   * @param text true for text, false for a base64 blob
   * @param charset the body's charset, for text
   */
  public record Body(String mimeType, boolean text, Charset charset) {

    /**
     * The body of {@code response} for {@code entry}, or empty when the type does not tell (no type
     * at all): the bytes decide then, see {@link #sniffed}.
     */
    public static Optional<Body> of(CatalogueEntry entry, RouteResponse response) {
      String type = entry.mimeType().isEmpty() ? response.mediaType().orElse("") : entry.mimeType();
      if (type.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(
          new Body(
              type,
              ContentsMapper.isText(type),
              ContentsMapper.charset(response.mediaType().orElse(type))));
    }

    /** A body without a type: text when its bytes are UTF-8, else a blob. */
    public static Body sniffed(byte[] bytes) {
      return new Body(
          "", ContentsMapper.looksLikeUtf8Text(bytes), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  private ReadMessage() {}

  /** The response to a read whose route answered 2xx, the content replaced by the placeholder. */
  public static ObjectNode success(
      Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      Body body,
      RouteResponse response,
      boolean truncated,
      ObjectNode serverInfo) {
    ObjectNode contents = Json.object().put("uri", uri);
    if (!body.mimeType().isEmpty()) {
      contents.put("mimeType", body.mimeType());
    }
    contents.put(body.text() ? "text" : "blob", PLACEHOLDER);
    ObjectNode result = Json.object();
    Optional<CacheHint> cache;
    if (kind == Kind.RESOURCE_READ) {
      HttpCacheHints.lastModified(response)
          .ifPresent(when -> contents.putObject("annotations").put("lastModified", when));
      result.putArray("contents").add(contents);
      cache = Optional.of(HttpCacheHints.hint(entry, response));
    } else {
      result.putArray("content").add(ToolContent.of(contents, entry));
      cache = Optional.empty();
    }
    return message(id, result, era, serverInfo, cache, truncated);
  }

  /**
   * The response to a read whose route did not answer 2xx ({@code response} carries the head of its
   * body, for a 4xx message).
   *
   * @throws JsonRpcException the request's error: always for a resource read, and for a tool on a
   *     401 or a route the URI did not match
   */
  public static ObjectNode failure(
      Kind kind, JsonNode id, Era era, String uri, RouteResponse response, ObjectNode serverInfo) {
    if (kind == Kind.RESOURCE_READ) {
      ContentsMapper.checkSuccess(response, uri, era);
      throw new IllegalStateException("not a failure: " + response.status());
    }
    JsonRpcException error = ContentsMapper.error(response, uri);
    if (response.status() == 401) {
      throw error;
    }
    ObjectNode result = Json.object();
    result.putArray("content").addObject().put("type", "text").put("text", error.getMessage());
    result.put("isError", true);
    return message(id, result, era, serverInfo, Optional.empty(), false);
  }

  /** The response message, as modern or legacy results are decorated. */
  private static ObjectNode message(
      JsonNode id,
      ObjectNode body,
      Era era,
      ObjectNode serverInfo,
      Optional<CacheHint> cache,
      boolean truncated) {
    ObjectNode result = Json.object();
    if (era == Era.MODERN) {
      result.put("resultType", "complete");
    }
    result.setAll(body);
    if (era == Era.MODERN || truncated) {
      ObjectNode meta = result.putObject("_meta");
      if (era == Era.MODERN) {
        meta.set(ModernProtocol.META_SERVER_INFO, serverInfo);
      }
      if (truncated) {
        meta.put(TRUNCATED, true);
      }
    }
    if (era == Era.MODERN) {
      cache.ifPresent(hint -> result.put("ttlMs", hint.ttlMs()).put("cacheScope", hint.scope()));
    }
    return JsonRpcMessages.result(id, result);
  }
}
