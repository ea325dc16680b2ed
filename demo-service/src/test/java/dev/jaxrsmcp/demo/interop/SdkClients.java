package dev.jaxrsmcp.demo.interop;

import dev.jaxrsmcp.demo.BearerAuthFilter;
import dev.jaxrsmcp.demo.DemoServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Builds clients of the official MCP Java SDK (io.modelcontextprotocol.sdk 2.1.0, sync client over
 * its Streamable HTTP transport) pointed at a running demo, configured as an application would:
 * only the endpoint URL, an optional bearer token and, for one test, the protocol versions.
 */
final class SdkClients {
  static final String OWNER = "Bearer " + BearerAuthFilter.OWNER_TOKEN;
  static final String VIEWER = "Bearer " + BearerAuthFilter.VIEWER_TOKEN;

  /** Generous: the SDK's own default is 20 s; a slow shared machine must not fail a test. */
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private SdkClients() {}

  /** A client sending {@code authorization} (when present) on every request, recording them. */
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
    URI mcp = server.mcpUri();
    HttpClientStreamableHttpTransport.Builder transport =
        HttpClientStreamableHttpTransport.builder(mcp.getScheme() + "://" + mcp.getRawAuthority())
            .endpoint(mcp.getRawPath())
            .connectTimeout(TIMEOUT)
            .addHttpRequestCustomizer(
                (request, method, uri, body, context) -> {
                  authorization.ifPresent(value -> request.header("Authorization", value));
                  sent.record(method, request, body);
                });
    versions.ifPresent(transport::supportedProtocolVersions);
    return McpClient.sync(transport.build())
        .clientInfo(McpSchema.Implementation.builder("jaxrs-mcp-interop-test", "1").build())
        .requestTimeout(TIMEOUT)
        .initializationTimeout(TIMEOUT)
        .build();
  }
}
