package dev.jaxrsmcp.internal.catalogue;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.template.UriTemplate;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One {@code @McpResource} route with every attribute resolved: what listings show and what a read
 * needs to dispatch the route in-process.
 *
 * @param template the MCP URI (exact) or URI template
 * @param name listing name
 * @param nameSet whether the annotation set {@code name} (else it is the method's name, and the
 *     tool's name may be qualified to keep it unique)
 * @param title display title; empty when none
 * @param description description; empty when none
 * @param mimeType declared contents type; empty when the response decides
 * @param cacheTtlMs {@code ttlMs} for reads and listings
 * @param cacheScope {@code private} or {@code public}
 * @param subscribe whether clients may subscribe
 * @param longRunning whether reads are spooled and report progress
 * @param maxBytes the most bytes a long-running read returns
 * @param audience MCP audience annotation values; empty when none
 * @param priority MCP priority annotation; empty when none
 * @param tool whether the resource is also a tool
 * @param method the Java method Jersey invokes for the route (the handling method)
 * @param routePath the route's JAX-RS path from the application root, with regular expressions
 *     dropped, for example {@code /api/widgets/{id}/state}
 * @param variableTypes the Java type of the parameter behind each template variable
 * @param collectionQueryVariables query variables whose parameter is a collection
 * @param declaredTypes the generic type of the {@code @PathParam} or {@code @QueryParam} parameter
 *     behind each variable that has one (as Jersey's resource model reads it)
 * @param queryDefaults the {@code @DefaultValue} of query variables that declare one
 * @param listFrom the path of the collection route listing a template's members; empty when none
 * @param listFromFields the item field of each path variable whose field is not named as the
 *     variable is ({@code listFromFields}); variables not in it are read from their own name
 * @param cacheTtlSet whether the annotation set {@code cacheTtlMs} (else the response's {@code
 *     Cache-Control} may decide)
 * @param cacheScopeSet whether the annotation set {@code cacheScope}
 * @param icons icon URLs for listings
 * @param meta extra {@code _meta} entries for listings
 * @param taskSupport whether the resource's tool may run as an MCP task
 */
public record CatalogueEntry(
    UriTemplate template,
    String name,
    boolean nameSet,
    String title,
    String description,
    String mimeType,
    long cacheTtlMs,
    String cacheScope,
    boolean subscribe,
    boolean longRunning,
    long maxBytes,
    List<String> audience,
    OptionalDouble priority,
    boolean tool,
    Method method,
    String routePath,
    Map<String, Class<?>> variableTypes,
    Set<String> collectionQueryVariables,
    Map<String, Type> declaredTypes,
    Map<String, String> queryDefaults,
    String listFrom,
    Map<String, String> listFromFields,
    boolean cacheTtlSet,
    boolean cacheScopeSet,
    List<String> icons,
    Map<String, String> meta,
    McpResource.TaskSupport taskSupport) {

  public CatalogueEntry {
    audience = List.copyOf(audience);
    icons = List.copyOf(icons);
    meta = Collections.unmodifiableMap(new LinkedHashMap<>(meta));
    variableTypes = Map.copyOf(variableTypes);
    collectionQueryVariables = Set.copyOf(collectionQueryVariables);
    declaredTypes = Map.copyOf(declaredTypes);
    queryDefaults = Map.copyOf(queryDefaults);
    listFromFields = Map.copyOf(listFromFields);
  }

  /** The item field a collection item gives {@code variable} from ({@code listFromFields}). */
  public String listFromField(String variable) {
    return listFromFields.getOrDefault(variable, variable);
  }

  /** {@code Widgets.state}: how messages name the method. */
  public String methodName() {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }
}
