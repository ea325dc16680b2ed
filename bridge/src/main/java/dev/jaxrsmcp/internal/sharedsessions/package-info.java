/**
 * What instances share about legacy-era sessions, and what an implementation of that sharing (the
 * Redis module's) is given and answers: {@code SharedSessions}, the {@code SessionRecord} every
 * instance needs to serve a session, the {@code SessionEvent}s they tell each other, the limits and
 * the refusals. Uses nothing of the session store that implements it locally.
 */
package dev.jaxrsmcp.internal.sharedsessions;
