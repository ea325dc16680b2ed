/**
 * Notification streams: a legacy session's SSE stream, the modern era's listen streams, the bounded
 * outbox each keeps, the writer threads that put events on the container's connection, asking it
 * whether it takes more ({@code internal.readiness}: Grizzly, a servlet container's non-blocking
 * output). May use the protocol, session, subscribe, quota and settings packages and Jersey's
 * response writer; never the read pipeline, the endpoint or the installer.
 */
package dev.jaxrsmcp.internal.stream;
