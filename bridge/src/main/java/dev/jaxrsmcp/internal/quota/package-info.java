/**
 * Quotas per owner (contract section 15): how much of a kind of state (listen streams,
 * subscriptions, running tasks) one caller may hold, how much all callers the application did not
 * authenticate may hold together, and how much there may be in all. Owners are opaque keys (a hash
 * of a principal or caller key, or the one anonymous key); nothing here knows about HTTP or MCP.
 */
package dev.jaxrsmcp.internal.quota;
