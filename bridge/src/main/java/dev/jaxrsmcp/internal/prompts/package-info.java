/**
 * Prompts from {@code @McpPrompt} routes (contract section 13): each prompt's listing, the check of
 * a {@code prompts/get}'s arguments and the URI they expand to, and how the route's answer (text, a
 * JSON list of messages, an image) becomes the prompt's messages. The handlers that serve them are
 * in {@code internal.methods}; the in-place run is the read pipeline's.
 */
package dev.jaxrsmcp.internal.prompts;
