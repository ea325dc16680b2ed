package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.spool.Spool;
import dev.jaxrsmcp.internal.tools.ToolContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.Charset;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The JSON-RPC response of a long-running read, written straight from its spool file: the result is
 * built by the same rules as any {@code resources/read} or {@code tools/call} result, with a unique
 * placeholder where the content goes; writing streams the spool in its place (decoded as text, or
 * base64-encoded), so the response is never held whole in memory. The JSON is written on one line
 * (it may be an SSE {@code data:} line).
 */
public final class SpooledResult {
  public static final String TRUNCATED = "dev.jaxrsmcp/truncated";
  private static final JsonFactory FACTORY = new ObjectMapper().getFactory();

  private final ObjectNode message;
  private final String placeholder;
  private final Spool spool;
  private final boolean text;
  private final Charset charset;

  private SpooledResult(
      ObjectNode message, String placeholder, Spool spool, boolean text, Charset charset) {
    this.message = message;
    this.placeholder = placeholder;
    this.spool = spool;
    this.text = text;
    this.charset = charset;
  }

  /** How a finished long-running read answers the request that ran it. */
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
   * The answer to a finished read of {@code spool}.
   *
   * @param serverInfo the server's identity (modern results carry it)
   * @throws JsonRpcException when the route's response is the request's error
   */
  public static SpooledResult of(
      Kind kind,
      JsonNode id,
      McpCall call,
      CatalogueEntry entry,
      String uri,
      RouteResponse response,
      Spool spool,
      ObjectNode serverInfo) {
    Era era = call.era();
    if (kind == Kind.RESOURCE_READ) {
      ContentsMapper.checkSuccess(response, uri, era);
    } else if (!ContentsMapper.isSuccess(response)) {
      JsonRpcException error = ContentsMapper.error(response, uri);
      if (response.status() == 401) {
        throw error;
      }
      ObjectNode body = Json.object();
      body.putArray("content").addObject().put("type", "text").put("text", error.getMessage());
      body.put("isError", true);
      return new SpooledResult(
          message(id, body, era, serverInfo, Optional.empty(), false),
          "",
          spool,
          true,
          ContentsMapper.charset(""));
    }
    String responseType = response.mediaType().orElse("");
    String mimeType = entry.mimeType().isEmpty() ? responseType : entry.mimeType();
    boolean text = !mimeType.isEmpty() && ContentsMapper.isText(mimeType);
    String placeholder = "\u0000dev.jaxrsmcp/spooled/" + UUID.randomUUID();
    ObjectNode contents = Json.object().put("uri", uri);
    if (!mimeType.isEmpty()) {
      contents.put("mimeType", mimeType);
    }
    contents.put(text ? "text" : "blob", placeholder);
    ObjectNode body = Json.object();
    Optional<CacheHint> cache;
    if (kind == Kind.RESOURCE_READ) {
      body.putArray("contents").add(contents);
      cache = Optional.of(new CacheHint(entry.cacheTtlMs(), entry.cacheScope()));
    } else {
      body.putArray("content").add(ToolContent.of(contents, entry));
      cache = Optional.empty();
    }
    return new SpooledResult(
        message(id, body, era, serverInfo, cache, spool.truncated()),
        placeholder,
        spool,
        text,
        ContentsMapper.charset(responseType.isEmpty() ? mimeType : responseType));
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

  /** Writes the whole JSON-RPC response message to {@code out} (not closing it). */
  public void writeTo(OutputStream out) throws IOException {
    try (JsonGenerator json = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      // A failure half-way must not be dressed up as a complete document.
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
      write(json, message);
    }
  }

  private void write(JsonGenerator json, JsonNode node) throws IOException {
    if (node.isObject()) {
      json.writeStartObject();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        json.writeFieldName(field.getKey());
        write(json, field.getValue());
      }
      json.writeEndObject();
    } else if (node.isArray()) {
      json.writeStartArray();
      for (JsonNode element : node) {
        write(json, element);
      }
      json.writeEndArray();
    } else if (node.isTextual() && !placeholder.isEmpty() && placeholder.equals(node.textValue())) {
      writeSpool(json);
    } else {
      json.writeTree(node);
    }
  }

  private void writeSpool(JsonGenerator json) throws IOException {
    try (InputStream in = spool.input()) {
      if (text) {
        try (Reader reader = new InputStreamReader(in, charset)) {
          json.writeString(reader, -1);
        }
      } else {
        json.writeBinary(in, -1);
      }
    }
  }
}
