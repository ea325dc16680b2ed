package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.spool.Spool;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.Charset;

/**
 * Writes the {@code resources/read} response of a long-running read straight from its spool file:
 * the text is decoded and the blob base64-encoded as they stream, so the response is never held
 * whole in memory. The JSON is written on one line (it may be an SSE {@code data:} line).
 */
public final class SpooledResult {
  public static final String TRUNCATED = "dev.jaxrsmcp/truncated";
  private static final JsonFactory FACTORY = new ObjectMapper().getFactory();

  private final JsonNode id;
  private final String uri;
  private final String mimeType;
  private final Charset charset;
  private final boolean text;
  private final Spool spool;
  private final Era era;
  private final CatalogueEntry entry;
  private final ObjectNode serverInfo;

  /**
   * @param responseType the route's {@code Content-Type}, or empty
   * @param serverInfo the server's identity (modern results carry it)
   */
  public SpooledResult(
      JsonNode id,
      String uri,
      CatalogueEntry entry,
      String responseType,
      Spool spool,
      Era era,
      ObjectNode serverInfo) {
    this.id = id;
    this.uri = uri;
    this.entry = entry;
    this.mimeType = entry.mimeType().isEmpty() ? responseType : entry.mimeType();
    this.charset = ContentsMapper.charset(responseType.isEmpty() ? mimeType : responseType);
    this.text = !mimeType.isEmpty() && ContentsMapper.isText(mimeType);
    this.spool = spool;
    this.era = era;
    this.serverInfo = serverInfo;
  }

  /** Writes the whole JSON-RPC response message to {@code out} (not closing it). */
  public void writeTo(OutputStream out) throws IOException {
    try (JsonGenerator json = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      // A failure half-way must not be dressed up as a complete document.
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
      json.writeStartObject();
      json.writeStringField("jsonrpc", "2.0");
      json.writeFieldName("id");
      json.writeTree(id);
      json.writeObjectFieldStart("result");
      if (era == Era.MODERN) {
        json.writeStringField("resultType", "complete");
      }
      json.writeArrayFieldStart("contents");
      json.writeStartObject();
      json.writeStringField("uri", uri);
      if (!mimeType.isEmpty()) {
        json.writeStringField("mimeType", mimeType);
      }
      try (InputStream in = spool.input()) {
        if (text) {
          json.writeFieldName("text");
          try (Reader reader = new InputStreamReader(in, charset)) {
            json.writeString(reader, -1);
          }
        } else {
          json.writeFieldName("blob");
          json.writeBinary(in, -1);
        }
      }
      json.writeEndObject();
      json.writeEndArray();
      if (era == Era.MODERN || spool.truncated()) {
        json.writeObjectFieldStart("_meta");
        if (era == Era.MODERN) {
          json.writeFieldName(ModernProtocol.META_SERVER_INFO);
          json.writeTree(serverInfo);
        }
        if (spool.truncated()) {
          json.writeBooleanField(TRUNCATED, true);
        }
        json.writeEndObject();
      }
      if (era == Era.MODERN) {
        json.writeNumberField("ttlMs", entry.cacheTtlMs());
        json.writeStringField("cacheScope", entry.cacheScope());
      }
      json.writeEndObject();
      json.writeEndObject();
    }
  }
}
