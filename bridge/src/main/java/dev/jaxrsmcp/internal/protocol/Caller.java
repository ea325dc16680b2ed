package dev.jaxrsmcp.internal.protocol;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.SecurityContext;
import java.net.URI;

/**
 * Who sent an MCP request, as the route will see them: the application's base URI, the HTTP headers
 * of the MCP request and the container's security context.
 */
public record Caller(
    URI baseUri, MultivaluedMap<String, String> headers, SecurityContext security) {}
