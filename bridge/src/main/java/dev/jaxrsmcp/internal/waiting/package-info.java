/**
 * A read that waits for its slot (contract section 9, the read queue) without holding a thread:
 * {@link dev.jaxrsmcp.internal.waiting.WaitingRead} suspends the MCP request, keeps a waiting SSE
 * client alive and leaves the queue when the client goes; {@link
 * dev.jaxrsmcp.internal.waiting.Redispatch} runs the request through the application again when its
 * slot comes. A room of the HTTP edge below {@code read}; uses {@code longrun} and {@code stream}.
 */
package dev.jaxrsmcp.internal.waiting;
