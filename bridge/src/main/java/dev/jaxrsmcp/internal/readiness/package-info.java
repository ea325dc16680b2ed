/**
 * Whether a container takes another write on a stream's connection now, container by container:
 * Grizzly's output sink and its queue bound, a servlet container's non-blocking output ({@code
 * WriteListener}); a container that blocks needs neither. Each container's classes are optional
 * dependencies, loaded only when they are there. Uses nothing else of the bridge; only {@code
 * internal.stream} uses it.
 */
package dev.jaxrsmcp.internal.readiness;
