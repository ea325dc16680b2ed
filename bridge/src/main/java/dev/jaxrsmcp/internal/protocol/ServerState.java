package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.settings.Settings;

/**
 * What every handler may read: the feature's settings, the catalogue and the route reader. Built
 * once when the application starts; immutable.
 */
public record ServerState(Settings settings, Catalogue catalogue, RouteReader reader) {}
