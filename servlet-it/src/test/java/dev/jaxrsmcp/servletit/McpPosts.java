package dev.jaxrsmcp.servletit;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Modern MCP requests for the access-log tests: one JSON-RPC message, the answer's status. */
final class McpPosts {
  private McpPosts() {}

  /** POSTs {@code method} with {@code params} (JSON members) as {@code caller}. */
  static int post(ServletServer server, Caller caller, String method, String params)
      throws Exception {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\""
            + method
            + "\",\"params\":{"
            + params
            + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.mcp())
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", method)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    caller.authorization.ifPresent(value -> request.header("Authorization", value));
    if (method.equals("resources/read") || method.equals("tools/call")) {
      request.header("Mcp-Name", params.replaceAll(".*\"(?:uri|name)\":\"([^\"]*)\".*", "$1"));
    }
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(request.build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }
}
