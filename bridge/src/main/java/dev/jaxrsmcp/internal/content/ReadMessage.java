package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.tools.ToolContent;
import java.util.Optional;
import java.util.UUID;

/**
 * The JSON-RPC response of a read that ran a route ({@code resources/read} or {@code tools/call},
 * long-running or not), built by one set of rules: a success carries one contents entry whose
 * {@code text} or {@code blob} is {@link #PLACEHOLDER}, where the writer streams the route's body,
 * shaped by {@link ContentsShape}; a failure is the error of contract section 7 (or, for a tool, an
 * error result). Modern results carry {@code resultType}, the server's identity and, for a resource
 * read, its cache hints; legacy results neither. A task keeps the same tool result ({@link
 * #toolResult}, {@link #toolFailure}), built by the same rules.
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
    TOOL_CALL,
    /**
     * {@code prompts/get}: {@code messages}, made of the route's whole body (the prompts' room
     * builds them); a failed route is a JSON-RPC error, as for a resource read.
     */
    PROMPT_GET
  }

  private ReadMessage() {}

  /**
   * The response to a read whose route answered 2xx, shaped by {@code shape}, the content replaced
   * by the placeholder (where the writer streams the route's body). It holds {@code id} and {@code
   * uri} as they are, never a value derived from them: {@link SuccessSplices} keeps the serialized
   * message of each shape and fills in the id and URI of each read.
   */
  public static ObjectNode success(
      Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      ContentsShape shape,
      boolean truncated,
      ObjectNode serverInfo) {
    if (kind == Kind.PROMPT_GET) {
      throw new IllegalArgumentException("a prompt's answer is held whole, never streamed");
    }
    ObjectNode contents = shape.contents(uri, PLACEHOLDER);
    ObjectNode result = Json.object();
    if (kind == Kind.RESOURCE_READ) {
      result.putArray("contents").add(contents);
      return message(id, result, era, serverInfo, Optional.of(shape.cache()), truncated);
    }
    result.putArray("content").add(ToolContent.of(contents, entry));
    return message(id, result, era, serverInfo, Optional.empty(), truncated);
  }

  /**
   * The response to a tool call whose route answered 2xx with the whole body {@code value} (the
   * text of its one content item) and, when that is a JSON object, the same object as the result's
   * {@code structuredContent} (the text beside it, as the specification asks of structured
   * results). Built as {@link #success} builds a message.
   */
  public static ObjectNode structuredSuccess(
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      ContentsShape shape,
      String value,
      ObjectNode serverInfo) {
    ObjectNode message = success(Kind.TOOL_CALL, id, era, entry, uri, shape, false, serverInfo);
    ObjectNode result = (ObjectNode) message.get("result");
    JsonNode item = result.path("content").path(0);
    if (item instanceof ObjectNode text && text.has("text")) {
      text.put("text", value);
    }
    parsedObject(value).ifPresent(object -> result.set("structuredContent", object));
    return message;
  }

  /**
   * The response to a tool call whose route answered 2xx with {@value ContentItems#MEDIA_TYPE}: the
   * whole body {@code value}, its items the result's {@code content} ({@link ContentItems}). Built
   * as {@link #success} builds a message.
   */
  public static ObjectNode contentItemsSuccess(
      JsonNode id, Era era, String value, ObjectNode serverInfo) {
    return message(id, ContentItems.result(value), era, serverInfo, Optional.empty(), false);
  }

  private static Optional<ObjectNode> parsedObject(String json) {
    try {
      return STRUCTURED.readTree(json) instanceof ObjectNode object
          ? Optional.of(object)
          : Optional.empty();
    } catch (java.io.IOException | RuntimeException e) {
      return Optional.empty(); // not JSON after all: the text alone
    }
  }

  /** Reads a route's JSON for {@code structuredContent}: Jackson's own nesting limit. */
  private static final com.fasterxml.jackson.databind.ObjectMapper STRUCTURED = Json.reader(1000);

  /**
   * The response to a read whose route did not answer 2xx ({@code response} carries the head of its
   * body, for a 4xx message).
   *
   * @throws JsonRpcException the request's error: always for a resource read, and for a tool on a
   *     401
   */
  public static ObjectNode failure(
      Kind kind,
      JsonNode id,
      Era era,
      CatalogueEntry entry,
      String uri,
      RouteResponse response,
      ObjectNode serverInfo) {
    if (kind == Kind.RESOURCE_READ || kind == Kind.PROMPT_GET) {
      ContentsMapper.checkSuccess(response, uri, era, entry);
      throw new IllegalStateException("not a failure: " + response.status());
    }
    return message(id, toolFailure(uri, response), era, serverInfo, Optional.empty(), false);
  }

  /**
   * A tool's result as a task keeps it (no {@code resultType}, no server identity: {@code
   * tasks/get} adds its own): the content item of {@code value}, shaped as {@link #success} shapes
   * it, a JSON object also as {@code structuredContent} (as {@link #structuredSuccess} has it), the
   * items of {@value ContentItems#MEDIA_TYPE} as the content, and the truncation marker when the
   * route wrote past its {@code maxBytes} (a truncated body is its text alone).
   */
  public static ObjectNode toolResult(
      CatalogueEntry entry, String uri, ContentsShape shape, String value, boolean truncated) {
    if (!truncated && shape.text() && ContentItems.isContentItems(shape.mimeType())) {
      return ContentItems.result(value);
    }
    ObjectNode result = Json.object();
    result.putArray("content").add(ToolContent.of(shape.contents(uri, value), entry));
    if (!truncated && shape.text() && ContentsShape.isJson(shape.mimeType())) {
      parsedObject(value).ifPresent(object -> result.set("structuredContent", object));
    }
    if (truncated) {
      result.putObject("_meta").put(TRUNCATED, true);
    }
    return result;
  }

  /**
   * A tool's error result for a route that did not answer 2xx: the text of the read's error.
   *
   * @throws JsonRpcException for a 401, which stays the request's error (its HTTP answer carries
   *     the route's challenge)
   */
  public static ObjectNode toolFailure(String uri, RouteResponse response) {
    JsonRpcException error = ContentsMapper.error(response, uri);
    if (response.status() == 401) {
      throw error;
    }
    ObjectNode result = Json.object();
    result.putArray("content").addObject().put("type", "text").put("text", error.getMessage());
    result.put("isError", true);
    return result;
  }

  /**
   * The response message of any other result an in-place request answers (a prompt's), decorated as
   * a tool call's result is: {@code resultType} and the server's identity in the modern era.
   */
  public static ObjectNode result(JsonNode id, ObjectNode body, Era era, ObjectNode serverInfo) {
    return message(id, body, era, serverInfo, Optional.empty(), false);
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
        meta.set(Era.META_SERVER_INFO, serverInfo);
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
