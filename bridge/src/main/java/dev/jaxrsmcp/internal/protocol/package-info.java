/**
 * The protocol's model, shared by both eras: a call ({@code McpCall}) and its caller, the era, a
 * method handler and its result, a route's response and the port that reads routes ({@code
 * RouteReader}), a read's context, and the state a server shares. Uses only the catalogue,
 * template, logging, settings and jsonrpc packages; never content, methods or eras.
 */
package dev.jaxrsmcp.internal.protocol;
