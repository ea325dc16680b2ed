package dev.jaxrsmcp.internal.endpoint;

import dev.jaxrsmcp.internal.methods.ToolMethods;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.spool.SpoolBudget;
import dev.jaxrsmcp.internal.taskrun.SpooledToolExecution;
import dev.jaxrsmcp.internal.tasks.Tasks;
import dev.jaxrsmcp.internal.time.Time;

/**
 * Builds the endpoint's {@link Tasks}: task routes run through {@link SpooledToolExecution} (the
 * in-process reader, spooled) and task calls resolve as ordinary tool calls do.
 */
final class TaskWiring {
  private TaskWiring() {}

  static Tasks tasks(ServerState state, ToolMethods tools, SpoolBudget budget, Time time) {
    return new Tasks(state, new SpooledToolExecution(state, budget), tools::resolve, time);
  }
}
