/**
 * The in-place read in flight ({@code InPlaceRead}) and the JSON-RPC envelope its answer is written
 * in: the message body writer and interceptor, the route's entity streamed into the envelope, the
 * size limit, the fail-safe outputs, the answers for errors and aborts, and a long-running read's
 * spooled body. May use {@code longrun}, the protocol, catalogue and spool packages; never the read
 * pipeline's start, the endpoint or the installer.
 */
package dev.jaxrsmcp.internal.envelope;
