package dev.jaxrsmcp.examples.interop;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads resources through the official MCP Java SDK client of one era, as one caller: the caller's
 * {@code Authorization} on every request. Each outcome is an {@link Outcome}, comparable with the
 * direct {@code GET}. Safe to use from several threads.
 */
public final class SdkReader implements ReadComparison.Reader<Outcome>, AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final Era era;
  private final Optional<io.modelcontextprotocol.modern.client.McpSyncClient> modern;
  private final Optional<io.modelcontextprotocol.client.McpSyncClient> legacy;
  private final Object initializing = new Object();
  private boolean initialized; // guarded by initializing

  private SdkReader(
      Era era,
      Optional<io.modelcontextprotocol.modern.client.McpSyncClient> modern,
      Optional<io.modelcontextprotocol.client.McpSyncClient> legacy) {
    this.era = era;
    this.modern = modern;
    this.legacy = legacy;
  }

  /** A reader of {@code era} for {@code caller} against the endpoint {@code mcp}. */
  public static SdkReader open(URI mcp, Era era, Caller caller) {
    Optional<String> authorization = caller.authorization();
    if (era == Era.MODERN) {
      HttpClientMcpTransport transport =
          HttpClientMcpTransport.builder(mcp)
              .connectTimeout(TIMEOUT)
              .requestCustomizer(
                  McpHttpRequestCustomizer.fromSync(
                      (request, headers, context) ->
                          authorization.ifPresent(value -> headers.set("Authorization", value))))
              .build();
      return new SdkReader(
          era,
          Optional.of(
              io.modelcontextprotocol.modern.client.McpClient.sync(transport)
                  .clientInfo(
                      io.modelcontextprotocol.modern.McpSchema.Implementation.builder(
                              "examples-interop", "1")
                          .build())
                  .callTimeout(TIMEOUT)
                  .build()),
          Optional.empty());
    }
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(mcp.getScheme() + "://" + mcp.getRawAuthority())
            .endpoint(mcp.getRawPath())
            .connectTimeout(TIMEOUT)
            .addHttpRequestCustomizer(
                (request, method, uri, body, context) ->
                    authorization.ifPresent(value -> request.header("Authorization", value)))
            .build();
    return new SdkReader(
        era,
        Optional.empty(),
        Optional.of(
            McpClient.sync(transport)
                .clientInfo(McpSchema.Implementation.builder("examples-interop", "1").build())
                .requestTimeout(TIMEOUT)
                .initializationTimeout(TIMEOUT)
                .build()));
  }

  /** Reads {@code uri}: its one text content, or the refusal. */
  @Override
  public Outcome read(String uri) {
    try {
      return era == Era.MODERN ? readModern(uri) : readLegacy(uri);
    } catch (RuntimeException e) {
      return refusal(e);
    }
  }

  private Outcome readModern(String uri) {
    var result = modern.orElseThrow().resource(uri).read();
    if (result.contents().size() != 1
        || !(result.contents().get(0)
            instanceof io.modelcontextprotocol.modern.McpSchema.TextResourceContents text)) {
      throw new AssertionError("expected one text content for " + uri + ": " + result);
    }
    return Outcome.ok(text.text());
  }

  private Outcome readLegacy(String uri) {
    io.modelcontextprotocol.client.McpSyncClient client = legacy.orElseThrow();
    synchronized (initializing) {
      if (!initialized) {
        client.initialize();
        initialized = true;
      }
    }
    McpSchema.ReadResourceResult result =
        client.readResource(McpSchema.ReadResourceRequest.builder(uri).build());
    if (result.contents().size() != 1
        || !(result.contents().get(0) instanceof McpSchema.TextResourceContents text)) {
      throw new AssertionError("expected one text content for " + uri + ": " + result);
    }
    return Outcome.ok(text.text());
  }

  /** The refusal an SDK exception (or one it wraps) describes; rethrows anything else. */
  private static Outcome refusal(RuntimeException thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof McpHttpStatusException http) {
        return Outcome.refused(http.statusCode(), http.headers().firstValue("WWW-Authenticate"));
      }
      if (t instanceof McpHttpClientTransportAuthorizationException auth) {
        return Outcome.refused(
            auth.getResponseInfo().statusCode(),
            auth.getResponseInfo().headers().firstValue("WWW-Authenticate"));
      }
      if (t instanceof McpException modernError) {
        return fromError(modernError.error().message(), modernError.error().data(), thrown);
      }
      if (t instanceof McpError legacyError && legacyError.getJsonRpcError() != null) {
        return fromError(
            legacyError.getJsonRpcError().message(), legacyError.getJsonRpcError().data(), thrown);
      }
    }
    throw thrown;
  }

  private static Outcome fromError(String message, Object data, RuntimeException thrown) {
    if (data instanceof Map<?, ?> map && map.get("status") instanceof Number status) {
      return Outcome.refused(status.intValue(), Optional.empty());
    }
    if ("Resource not found".equals(message)) {
      return Outcome.refused(404, Optional.empty());
    }
    if (message != null && message.matches("[1-5][0-9][0-9] .*")) {
      return Outcome.refused(Integer.parseInt(message.substring(0, 3)), Optional.empty());
    }
    throw new AssertionError("a JSON-RPC error naming no HTTP status: " + message, thrown);
  }

  @Override
  public void close() {
    // The modern client is stateless and holds nothing to close.
    legacy.ifPresent(io.modelcontextprotocol.client.McpSyncClient::close);
  }

  /** The eras, in the order tests run them. */
  public static List<Era> eras() {
    return List.of(Era.values());
  }
}
