/**
 * The MCP methods both eras serve, each a small handler: resource lists, templates and reads,
 * tools, completion, and subscriptions; with the paging and the template members they list. May use
 * {@code content}, {@code protocol}, the catalogue, tools, security, settings, template and jsonrpc
 * packages; never eras or Jersey.
 */
package dev.jaxrsmcp.internal.methods;
