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
      ObjectNode resources = capabilities.putObject("resources");
      if (state.catalogue().anySubscribable()) {
        resources.put("subscribe", true);
      }
      resources.put("listChanged", true);
    }
    if (offersTools(state)) {
      capabilities.putObject("tools");
    }
    if (CompletionMethods.offered(state)) {
      capabilities.putObject("completions");
    }
    return capabilities;
  }

  /**
   * Whether tools are offered. The tools are fixed when the application starts (one per resource or
   * template) and no tool list change is ever sent, so the {@code tools} capability carries no
   * {@code listChanged} and a listen never acknowledges {@code toolsListChanged}.
   */
  static boolean offersTools(ServerState state) {
    return Tools.anyOffered(state.catalogue(), state.settings());
  }

  static ObjectNode serverInfo(ServerState state) {
    return Json.object()
        .put("name", state.settings().name())
        .put("version", state.settings().version());
  }
}
