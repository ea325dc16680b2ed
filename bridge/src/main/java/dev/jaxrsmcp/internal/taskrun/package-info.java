/**
 * How a task's route runs: {@link dev.jaxrsmcp.internal.taskrun.TaskExecution}, the seam between
 * tasks and the read path, and {@link dev.jaxrsmcp.internal.taskrun.SpooledToolExecution}, which
 * runs a long-running resource's tool read in the background through the in-process reader into a
 * spool, and builds the tool result from it when the route ends. What a task is, where its state
 * lives and when it ends belong to {@code internal.tasks}, which uses this package.
 */
package dev.jaxrsmcp.internal.taskrun;
