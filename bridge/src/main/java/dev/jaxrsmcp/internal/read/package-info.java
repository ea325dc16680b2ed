/**
 * The in-place read pipeline around Jersey: starting a read (era, session, target, read slot, route
 * rewrite), admitting it once the application's filters ran, the response filter that wraps the
 * route's response in an envelope, and the response writer that commits it, times it and ends it.
 * May use {@code envelope}, {@code longrun}, {@code stream} and the protocol, dispatch and session
 * packages; never the endpoint or the installer.
 */
package dev.jaxrsmcp.internal.read;
