package dev.jaxrsmcp.internal.eras;

import dev.jaxrsmcp.internal.session.Session;

/**
 * The session an in-place read names, as far as it can be told when the read arrives, before the
 * application's filters have authenticated anyone.
 *
 * @param session the live session the {@code Mcp-Session-Id} names
 * @param ownerPending true when the session is bound to a principal and the request's binding
 *     headers are not those that started it (a refreshed token): whether the caller owns the
 *     session is told by {@link LegacyProtocol#ownsAfterFilters} once the application's filters
 *     have set the principal, before the route runs
 */
public record SessionClaim(Session session, boolean ownerPending) {}
