package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Set;

/**
 * The server capabilities, built from what is registered (contract section 6): a capability is
 * advertised only when something backs it and the methods that serve it are in the method table.
 */
final class Capabilities {
  private Capabilities() {}

  /** Capabilities for a server that serves the resource methods and nothing more. */
  static ObjectNode of(ServerState state) {
    return of(state, Set.of("resources/list", "resources/templates/list", "resources/read"));
  }

  /**
   * Capabilities for a server whose method table holds {@code methods}: {@code resources} when any
   * resource exists, {@code resources.subscribe} when any is subscribable and a subscription method
   * is served, {@code tools} when any resource is a tool and tools are served, {@code completions}
   * when completion is served.
   */
  static ObjectNode of(ServerState state, Set<String> methods) {
    ObjectNode capabilities = Json.object();
    var entries = state.catalogue().entries();
    if (!entries.isEmpty() && methods.contains("resources/read")) {
      ObjectNode resources = capabilities.putObject("resources");
      boolean subscriptions =
          methods.contains("subscriptions/listen") || methods.contains("resources/subscribe");
      if (subscriptions && state.catalogue().anySubscribable()) {
        resources.put("subscribe", true);
      }
    }
    if (methods.contains("tools/list") && entries.stream().anyMatch(CatalogueEntry::tool)) {
      capabilities.putObject("tools");
    }
    if (methods.contains("completion/complete") && !entries.isEmpty()) {
      capabilities.putObject("completions");
    }
    return capabilities;
  }

  static ObjectNode serverInfo(ServerState state) {
    return Json.object()
        .put("name", state.settings().name())
        .put("version", state.settings().version());
  }
}
