/**
 * Long-running reads (contract section 9): one read in flight with its spool and context, the event
 * channel its keep-alives, progress and log messages go on, and the registry that starts, times out
 * and shuts them down. May use {@code stream} (its writer threads), the spool, protocol, session
 * and settings packages; never the envelope, the read pipeline or the endpoint.
 */
package dev.jaxrsmcp.internal.longrun;
