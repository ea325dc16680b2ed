package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.tools.Tools;

/** The server capabilities, built from what is registered (contract section 6). */
final class Capabilities {
  private Capabilities() {}

  static ObjectNode of(ServerState state) {
    ObjectNode capabilities = Json.object();
    if (!state.catalogue().entries().isEmpty()) {
      capabilities.putObject("resources");
    }
    if (Tools.anyOffered(state.catalogue(), state.settings())) {
      capabilities.putObject("tools");
    }
    return capabilities;
  }

  static ObjectNode serverInfo(ServerState state) {
    return Json.object()
        .put("name", state.settings().name())
        .put("version", state.settings().version());
  }
}
