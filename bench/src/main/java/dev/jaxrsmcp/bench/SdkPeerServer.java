package dev.jaxrsmcp.bench;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.util.DefaultMcpUriTemplateManager;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

/**
 * The peer: what a Java team builds today without the bridge. An MCP server made with the official
 * MCP Java SDK (stateless Streamable HTTP transport, embedded Tomcat 11) whose resource template
 * {@code app://widgets/{id}/state} fetches the same REST route over loopback HTTP with one shared
 * {@link HttpClient}, forwarding the caller's {@code Authorization} header. Run in its own JVM:
 * {@code SdkPeerServer <port> <rest base URL>}; prints {@code READY port=N}.
 */
public final class SdkPeerServer {
  static final String TEMPLATE = "app://widgets/{id}/state";
  private static final String AUTHORIZATION = "authorization";

  private SdkPeerServer() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    String restBase = args[1].endsWith("/") ? args[1] : args[1] + "/";
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    HttpServletStatelessServerTransport transport =
        HttpServletStatelessServerTransport.builder()
            .messageEndpoint("/mcp")
            .contextExtractor(
                request -> {
                  String auth = request.getHeader("Authorization");
                  return auth == null
                      ? McpTransportContext.EMPTY
                      : McpTransportContext.create(Map.of(AUTHORIZATION, auth));
                })
            .build();

    DefaultMcpUriTemplateManager matcher = new DefaultMcpUriTemplateManager(TEMPLATE);
    var template =
        new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
            McpSchema.ResourceTemplate.builder(TEMPLATE, "state")
                .mimeType("application/json")
                .build(),
            (context, request) -> {
              String id = matcher.extractVariableValues(request.uri()).get("id");
              HttpRequest.Builder get =
                  HttpRequest.newBuilder(URI.create(restBase + "api/widgets/" + id + "/state"))
                      .timeout(Duration.ofSeconds(30))
                      .header("Accept", "application/json")
                      .GET();
              Object auth = context.get(AUTHORIZATION);
              if (auth != null) {
                get.header("Authorization", auth.toString());
              }
              HttpResponse<String> response;
              try {
                response = http.send(get.build(), HttpResponse.BodyHandlers.ofString());
              } catch (IOException e) {
                throw new IllegalStateException("REST call failed: " + e.getMessage(), e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
              }
              if (response.statusCode() == 404) {
                throw McpError.RESOURCE_NOT_FOUND.apply(request.uri());
              }
              if (response.statusCode() != 200) {
                throw new IllegalStateException("REST status " + response.statusCode());
              }
              return McpSchema.ReadResourceResult.builder(
                      List.of(
                          McpSchema.TextResourceContents.builder(request.uri(), response.body())
                              .mimeType("application/json")
                              .build()))
                  .build();
            });

    McpStatelessSyncServer mcp =
        McpServer.sync(transport)
            .serverInfo("sdk-peer", "0.1.0")
            .capabilities(McpSchema.ServerCapabilities.builder().resources(false, false).build())
            .resourceTemplates(template)
            .build();

    Tomcat tomcat = new Tomcat();
    java.nio.file.Path baseDir = Files.createTempDirectory("bench-tomcat");
    tomcat.setBaseDir(baseDir.toString());
    tomcat.setPort(port);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    // Keep-alive connections stay open (Tomcat closes them after 100 requests by default).
    tomcat.getConnector().setProperty("maxKeepAliveRequests", "-1");
    Context context = tomcat.addContext("", null);
    Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
    context.addServletMapping("/mcp", "mcp");
    tomcat.start();

    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    mcp.closeGracefully();
                    tomcat.stop();
                    tomcat.destroy();
                  } catch (Exception e) {
                    // shutting down anyway
                  }
                  TempTree.delete(baseDir);
                  stop.countDown();
                }));
    System.out.println(ChildJvm.READY + tomcat.getConnector().getLocalPort());
    System.out.flush();
    stop.await();
  }
}
