package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.catalogue.Catalogue;

/**
 * What every handler may read: the feature's settings, the catalogue and the route reader. Built
 * once when the application starts; immutable.
 */
public record ServerState(McpFeature settings, Catalogue catalogue, RouteReader reader) {}
