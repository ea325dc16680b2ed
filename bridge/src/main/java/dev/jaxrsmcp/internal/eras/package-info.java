/**
 * Each era's method table and what only it has: the legacy era's {@code initialize} handshake,
 * sessions and their refusals, the modern era's per-request {@code _meta}, and the capabilities
 * both advertise. May use {@code methods}, {@code protocol}, the session, security, logging, tools,
 * catalogue, settings and jsonrpc packages; never Jersey.
 */
package dev.jaxrsmcp.internal.eras;
