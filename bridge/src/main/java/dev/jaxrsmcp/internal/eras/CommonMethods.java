package dev.jaxrsmcp.internal.eras;

import dev.jaxrsmcp.internal.methods.CompletionMethods;
import dev.jaxrsmcp.internal.methods.PromptMethods;
import dev.jaxrsmcp.internal.methods.ResourceMethods;
import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.ServerState;
import java.util.Map;

/**
 * The methods both eras serve the same way (contract section 6): the resource methods, tools,
 * prompts and completion. Built once per era table; each registers only what the server offers.
 */
final class CommonMethods {
  private CommonMethods() {}

  static void register(ServerState state, Map<String, MethodHandler> table) {
    ResourceMethods resources = new ResourceMethods(state);
    table.put("resources/list", resources::list);
    table.put("resources/templates/list", resources::templatesList);
    table.put("resources/read", MethodHandler.inPlace("resources/read"));
    new ToolMethods(state).register(table);
    new PromptMethods(state).register(table);
    new CompletionMethods(state).register(table);
  }
}
