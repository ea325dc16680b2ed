/**
 * A legacy session's resource subscriptions: {@code resources/subscribe} and {@code unsubscribe}
 * with their owner checks and per-caller quota, and the subscriber that puts a change on the
 * session's stream. May use {@code stream}, the change hub ({@code subscribe}), the protocol,
 * session and quota packages; not Jersey, the read pipeline or the endpoint.
 */
package dev.jaxrsmcp.internal.subscriptions;
