/**
 * Asking the client during a {@code tools/call}, {@code prompts/get} or {@code resources/read}
 * ({@code McpContext.ask}, {@code McpTool.confirm}): in 2026-07-28 the answers a retry carries and
 * the signed, caller-bound {@code requestState} of earlier rounds (SEP-2322), in 2025-11-25
 * requests sent on the call's stream and the answers the client posts back. No Jersey: the read
 * pipeline attaches a {@link dev.jaxrsmcp.internal.asking.CallAsker} to each request and turns its
 * outcome into the response.
 */
package dev.jaxrsmcp.internal.asking;
