/**
 * Breaking off a response that failed after it was committed, so that no client or proxy takes it
 * for a complete answer ({@link dev.jaxrsmcp.internal.breakoff.BrokenResponse}): what was written
 * is flushed and the connection ends before the last chunk, container by container (Grizzly, then
 * Tomcat and Jetty behind the servlet API, each found by reflection). Uses nothing else of the
 * bridge.
 */
package dev.jaxrsmcp.internal.breakoff;
