/**
 * Who the caller is and where it gets tokens: {@link dev.jaxrsmcp.security.McpCallerKey} names
 * callers the application authenticates without a principal (API keys, mutual TLS), and {@link
 * dev.jaxrsmcp.security.McpProtectedResource} is the OAuth protected-resource metadata (RFC 9728)
 * the endpoint serves. Uses nothing else of jaxrs-mcp; {@code McpFeature.Builder} takes them.
 */
package dev.jaxrsmcp.security;
