package dev.jaxrsmcp.internal.eras;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.methods.CompletionMethods;
import dev.jaxrsmcp.internal.methods.PromptMethods;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.tools.Tools;

/** The server capabilities, built from what is registered (contract section 6). */
public final class Capabilities {
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
    if (PromptMethods.offered(state)) {
      // The prompts are fixed when the application starts: their list never changes, and a listen
      // never acknowledges promptsListChanged.
      capabilities.putObject("prompts").put("listChanged", false);
    }
    if (CompletionMethods.offered(state)) {
      capabilities.putObject("completions");
    }
    if (state.catalogue().entries().stream().anyMatch(CatalogueEntry::longRunning)) {
      // Long-running routes may send log messages (McpContext.log) when the client asks.
      capabilities.putObject("logging");
    }
    if (offersTasks(state)) {
      capabilities.putObject("extensions").putObject(TASKS_EXTENSION);
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

  /** The tasks extension's identifier (SEP-2663). */
  public static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

  /** Whether any tool may run as a task: a long-running resource's tool with task support. */
  public static boolean offersTasks(ServerState state) {
    return state.settings().get(ProtocolSettings.TOOLS)
        && state.catalogue().entries().stream()
            .anyMatch(
                e ->
                    e.tool()
                        && e.longRunning()
                        && e.taskSupport() != dev.jaxrsmcp.McpResource.TaskSupport.NONE);
  }

  public static ObjectNode serverInfo(ServerState state) {
    return Json.object()
        .put("name", state.settings().get(ProtocolSettings.NAME))
        .put("version", state.settings().get(ProtocolSettings.VERSION));
  }
}
