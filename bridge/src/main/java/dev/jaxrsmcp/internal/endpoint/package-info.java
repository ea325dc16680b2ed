/**
 * The MCP endpoint itself: the {@code @PreMatching} request filters, the gate (origin, local
 * address, media types, body size and reading), the {@code POST}, {@code GET} and {@code DELETE}
 * handlers and the session store, tasks and sessionless answers they need. May use every room below
 * it ({@code read}, {@code longrun}, {@code stream}, {@code subscriptions}) and the protocol and
 * session packages; never the installer.
 */
package dev.jaxrsmcp.internal.endpoint;
