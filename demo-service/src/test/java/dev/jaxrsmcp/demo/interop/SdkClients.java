package dev.jaxrsmcp.demo.interop;

import dev.jaxrsmcp.demo.BearerAuthFilter;
import dev.jaxrsmcp.demo.DemoServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Builds sync clients of the official MCP Java SDK (io.modelcontextprotocol.sdk, see the parent
 * pom's {@code mcp-sdk.version}) pointed at a running demo, configured as an application would: the
 * endpoint URL, an optional bearer token and, for one test, the protocol versions. Every request
 * they send is recorded in a {@link SentRequests}.
 */
final class SdkClients {
  static final String OWNER = "Bearer " + BearerAuthFilter.OWNER_TOKEN;
  static final String VIEWER = "Bearer " + BearerAuthFilter.VIEWER_TOKEN;

  /** Generous: the SDK's own default is 20 s; a slow shared machine must not fail a test. */
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private SdkClients() {}

  /**
   * A legacy-era client ({@code io.modelcontextprotocol.client}, Streamable HTTP with {@code
   * initialize} and sessions) sending {@code authorization}, when present, on every request.
   */
  static McpSyncClient client(
      DemoServer server, Optional<String> authorization, SentRequests sent) {
    return client(server, authorization, sent, Optional.empty());
  }

  /**
   * As {@link #client(DemoServer, Optional, SentRequests)}; {@code versions}, when present,
   * replaces the SDK's list of protocol versions (it asks for the last one in {@code initialize}).
   */
  static McpSyncClient client(
      DemoServer server,
      Optional<String> authorization,
      SentRequests sent,
      Optional<List<String>> versions) {
    return client(server.mcpUri(), authorization, sent, versions, spec -> spec);
  }

  /**
   * A legacy-era client of the endpoint at {@code mcp} (a proxy in front of the demo, say), with
   * {@code spec} adding consumers to the SDK's builder.
   */
  static McpSyncClient client(
      URI mcp,
      Optional<String> authorization,
      SentRequests sent,
      Optional<List<String>> versions,
      java.util.function.UnaryOperator<McpClient.SyncSpec> spec) {
    HttpClientStreamableHttpTransport.Builder transport =
        HttpClientStreamableHttpTransport.builder(mcp.getScheme() + "://" + mcp.getRawAuthority())
            .endpoint(mcp.getRawPath())
            .connectTimeout(TIMEOUT)
            .addHttpRequestCustomizer(
                (request, method, uri, body, context) -> {
                  authorization.ifPresent(value -> request.header("Authorization", value));
                  // build() leaves the builder as it was; the copy keeps the real request apart.
                  sent.record(method, request.copy().build().headers(), body);
                });
    versions.ifPresent(transport::supportedProtocolVersions);
    return spec.apply(
            McpClient.sync(transport.build())
                .clientInfo(McpSchema.Implementation.builder("jaxrs-mcp-interop-test", "1").build())
                .requestTimeout(TIMEOUT)
                .initializationTimeout(TIMEOUT))
        .build();
  }

  /**
   * A modern-era client ({@code io.modelcontextprotocol.modern.client}, stateless revision
   * 2026-07-28) sending {@code authorization}, when present, on every request.
   */
  static io.modelcontextprotocol.modern.client.McpSyncClient modern(
      DemoServer server, Optional<String> authorization, SentRequests sent) {
    HttpClientMcpTransport transport =
        HttpClientMcpTransport.builder(server.mcpUri())
            .connectTimeout(TIMEOUT)
            .requestCustomizer(
                McpHttpRequestCustomizer.fromSync(
                    (request, headers, context) -> {
                      authorization.ifPresent(value -> headers.set("Authorization", value));
                      sent.record(request.httpMethod(), headers.asHttpHeaders(), request.body());
                    }))
            .build();
    return io.modelcontextprotocol.modern.client.McpClient.sync(transport)
        .clientInfo(
            io.modelcontextprotocol.modern.McpSchema.Implementation.builder(
                    "jaxrs-mcp-interop-test", "1")
                .build())
        .callTimeout(TIMEOUT)
        .build();
  }
}
