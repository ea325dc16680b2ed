package dev.jaxrsmcp.tools;

import dev.jaxrsmcp.testing.Mcp;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/** Modern-era {@code tools/list} and {@code tools/call} requests for the tool tests. */
final class ToolCalls {
  private final Mcp mcp;

  ToolCalls(String url) {
    this.mcp = new Mcp(url);
  }

  Response list() {
    return mcp.call("tools/list", Map.of());
  }

  Response call(String name, Map<String, ?> arguments) {
    return mcp.call("tools/call", Map.of("name", name, "arguments", arguments));
  }

  /** A call whose params carry no {@code arguments} member at all. */
  Response callWithoutArguments(String name) {
    return mcp.call("tools/call", Map.of("name", name));
  }

  /** A call with raw params (for malformed arguments). */
  Response callWithParams(String name, Map<String, ?> params) {
    Map<String, Object> all = new LinkedHashMap<>(params);
    all.put("name", name);
    return mcp.call("tools/call", all);
  }

  Response call(String name, Map<String, ?> arguments, String authorization) {
    return mcp.request("tools/call", name)
        .header("Authorization", authorization)
        .body(Mcp.body(1, "tools/call", Map.of("name", name, "arguments", arguments)).toString())
        .post(mcp.url());
  }

  Mcp mcp() {
    return mcp;
  }
}
