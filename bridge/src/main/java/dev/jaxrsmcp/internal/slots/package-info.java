/**
 * How many MCP reads, and how many long-running ones, run at once: a slot per running read, and in
 * front of each limit a fair, bounded queue whose waiters hold no thread ({@link
 * dev.jaxrsmcp.internal.slots.SlotQueue}), with the refusals (HTTP 503, {@code Retry-After}) past
 * it. Knows nothing of Jersey or HTTP: a waiter is told whether it got its slot, and the read
 * pipeline ({@code read}) parks and resumes the request. Uses the JSON-RPC errors, the settings and
 * the time.
 */
package dev.jaxrsmcp.internal.slots;
