package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.template.RoutePath;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.glassfish.jersey.model.Parameter;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Turns one route and its {@link McpTool} into a {@link ToolRoute}: its path and query parameters
 * as a read's entry has them ({@link EntryFactory}, with the defaults of {@code @McpResource}), its
 * header parameters, its entity parameter. Problems go to {@link Problems}; a tool route is
 * returned only when this route has none.
 */
final class ToolRouteFactory {
  /**
   * Header parameters that are not arguments: the caller's own request decides them (credentials,
   * what the bridge sets, what never reaches a route; see {@code HeaderForwarding}).
   */
  private static final Set<String> CALLERS_HEADERS =
      Set.of(
          "authorization",
          "cookie",
          "host",
          "accept",
          "accept-encoding",
          "connection",
          "keep-alive",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "expect",
          "last-event-id");

  private final EntryFactory entries;
  private final Problems problems;

  ToolRouteFactory(EntryFactory entries, Problems problems) {
    this.entries = entries;
    this.problems = problems;
  }

  /** The attributes of an {@code @McpResource} without any set: a tool route's entry's. */
  @McpResource
  private static void defaults() {}

  static final McpResource DEFAULTS = defaultsAnnotation();

  private static McpResource defaultsAnnotation() {
    try {
      return ToolRouteFactory.class.getDeclaredMethod("defaults").getAnnotation(McpResource.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  Optional<ToolRoute> create(McpTool tool, ResourceMethod resourceMethod, RoutePath route) {
    Method method = resourceMethod.getInvocable().getHandlingMethod();
    int before = problems.count();
    Map<String, Type> headers = new LinkedHashMap<>();
    Map<String, String> headerDefaults = new LinkedHashMap<>();
    Optional<Type> body = Optional.empty();
    for (Parameter p : resourceMethod.getInvocable().getParameters()) {
      switch (p.getSource()) {
        case HEADER -> {
          if (isArgument(p.getSourceName())) {
            headers.put(p.getSourceName(), p.getType());
            if (p.getDefaultValue() != null) {
              headerDefaults.put(p.getSourceName(), p.getDefaultValue());
            }
          }
        }
        case ENTITY -> body = Optional.of(p.getType());
        case UNKNOWN -> {
          if (isEntity(p)) {
            body = Optional.of(p.getType());
          }
        }
        case FORM, MATRIX, BEAN_PARAM ->
            problems.parameter(
                method,
                p.getSourceName() == null ? "" : p.getSourceName(),
                "@McpTool takes path, query and header parameters and one JSON entity (found "
                    + annotationOf(p)
                    + ")");
        default -> {
          // path and query parameters: the entry's; @Context, cookies: the caller's request
        }
      }
    }
    if (body.isPresent() && !consumesJson(resourceMethod)) {
      problems.method(
          method,
          "@McpTool sends the body as application/json, which the method does not consume (found"
              + " @Consumes "
              + resourceMethod.getConsumedTypes()
              + ")");
    }
    Optional<CatalogueEntry> entry = entries.create(DEFAULTS, resourceMethod, route);
    if (entry.isEmpty() || problems.count() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new ToolRoute(
            named(entry.get(), tool, method, resourceMethod.getHttpMethod(), route),
            resourceMethod.getHttpMethod(),
            tool,
            headers,
            headerDefaults,
            body,
            method.getGenericReturnType()));
  }

  /** Whether a {@code @HeaderParam} is an argument (else the caller's own header reaches it). */
  static boolean isArgument(String header) {
    String name = header.toLowerCase(Locale.ROOT);
    return !CALLERS_HEADERS.contains(name)
        && !name.startsWith("content-")
        && !name.startsWith("mcp-")
        && !name.startsWith("proxy-");
  }

  /**
   * Jersey marks a parameter that carries an annotation it does not know (a Bean Validation
   * constraint, {@code @Valid}) as of unknown source; it is the entity when every such annotation
   * is a constraint or a nullness marker (another annotation, such as an authentication
   * framework's, names something the framework injects).
   */
  static boolean isEntity(Parameter p) {
    for (java.lang.annotation.Annotation a : p.getAnnotations()) {
      String type = a.annotationType().getName();
      boolean known =
          type.startsWith("jakarta.validation.")
              || type.startsWith("javax.validation.")
              || a.annotationType().getSimpleName().equals("Nullable")
              || a.annotationType().getSimpleName().equals("NonNull");
      if (!known) {
        return false;
      }
    }
    return true;
  }

  private static boolean consumesJson(ResourceMethod method) {
    List<MediaType> consumed = method.getConsumedTypes();
    return consumed.isEmpty()
        || consumed.stream().anyMatch(t -> t.isCompatible(MediaType.APPLICATION_JSON_TYPE));
  }

  /** The entry with the tool's name, title and description. */
  private static CatalogueEntry named(
      CatalogueEntry e, McpTool tool, Method method, String httpMethod, RoutePath route) {
    String runs = "Runs " + httpMethod + " " + route.path();
    return new CatalogueEntry(
        e.template(),
        tool.name().isEmpty() ? method.getName() : tool.name(),
        !tool.name().isEmpty(),
        tool.title(),
        tool.description().isEmpty() ? runs : tool.description() + "\n\n" + runs,
        e.mimeType(),
        e.cacheTtlMs(),
        e.cacheScope(),
        false,
        false,
        e.maxBytes(),
        List.of(),
        e.priority(),
        true,
        e.method(),
        e.routePath(),
        e.variableTypes(),
        e.collectionQueryVariables(),
        e.declaredTypes(),
        e.queryDefaults(),
        "",
        Map.of(),
        e.cacheTtlSet(),
        e.cacheScopeSet(),
        List.of(),
        Map.of(),
        McpResource.TaskSupport.NONE);
  }

  static String annotationOf(Parameter p) {
    return p.getSourceAnnotation() == null
        ? p.getSource().toString()
        : "@"
            + p.getSourceAnnotation().annotationType().getSimpleName()
            + (p.getSourceName() == null ? "" : " '" + p.getSourceName() + "'");
  }
}
