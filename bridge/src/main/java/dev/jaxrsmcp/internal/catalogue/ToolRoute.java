package dev.jaxrsmcp.internal.catalogue;

import dev.jaxrsmcp.McpTool;
import java.lang.reflect.Type;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code @McpTool} route, resolved when the application starts: a route that acts (or a {@code
 * GET} offered only as a tool). It is never a resource: its {@code entry} only carries what every
 * in-place call needs (the route's path, its path and query parameters as the variables of a
 * template that is never listed, their types, the method Jersey must run, the type it produces).
 *
 * @param entry the route's path, parameters and method, as a read's entry carries them; its name,
 *     title and description are the tool's
 * @param httpMethod the route's HTTP method, which a call runs and nothing else
 * @param annotation the tool's annotation (its hints)
 * @param headerTypes the generic type of each {@code @HeaderParam} offered as an argument, by
 *     header name, in parameter order
 * @param headerDefaults the {@code @DefaultValue} of header parameters that declare one
 * @param bodyType the generic type of the entity parameter; empty when the method has none
 * @param returnType the method's generic return type (for the output schema)
 */
public record ToolRoute(
    CatalogueEntry entry,
    String httpMethod,
    McpTool annotation,
    Map<String, Type> headerTypes,
    Map<String, String> headerDefaults,
    Optional<Type> bodyType,
    Type returnType) {

  public ToolRoute {
    headerTypes = Collections.unmodifiableMap(new LinkedHashMap<>(headerTypes));
    headerDefaults = Map.copyOf(headerDefaults);
  }
}
