/**
 * Carries a request's thread-local context to another thread (contract section 15: a task's route
 * runs with its creator's context): Micrometer's context-propagation when it is on the classpath,
 * then the application's {@link dev.jaxrsmcp.context.McpContextCarrier}s. Uses only the API root.
 */
package dev.jaxrsmcp.internal.context;
