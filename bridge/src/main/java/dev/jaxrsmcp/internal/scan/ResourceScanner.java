package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateSyntaxException;
import dev.jaxrsmcp.internal.template.UriTemplate;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import org.glassfish.jersey.model.Parameter;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.glassfish.jersey.server.model.ResourceModel;

/**
 * Reads Jersey's resource model once, when the application starts, and turns every {@link
 * McpResource} method into a validated {@link CatalogueEntry}. All problems are collected and
 * reported together in one {@link McpConfigurationException}.
 *
 * <p>Sub-resource locators are not followed: annotate methods of root resources and their
 * sub-resource methods.
 */
public final class ResourceScanner {
  private final McpFeature settings;
  private final List<CatalogueEntry> entries = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final Set<Method> seenGetMethods = new HashSet<>();
  private final Set<Class<?>> handlerClasses = new LinkedHashSet<>();
  private final Map<String, CatalogueEntry> byShape = new HashMap<>();

  private ResourceScanner(McpFeature settings) {
    this.settings = settings;
  }

  /** Scans a model; throws {@link McpConfigurationException} listing every problem found. */
  public static Catalogue scan(ResourceModel model, McpFeature settings) {
    ResourceScanner scanner = new ResourceScanner(settings);
    for (Resource root : model.getRootResources()) {
      scanner.visit(root, List.of());
    }
    scanner.checkUnroutedMethods();
    if (!scanner.problems.isEmpty()) {
      throw new McpConfigurationException(scanner.problems);
    }
    return new Catalogue(scanner.entries);
  }

  private void visit(Resource resource, List<String> parentPaths) {
    List<String> paths = new ArrayList<>(parentPaths);
    if (resource.getPath() != null) {
      paths.add(resource.getPath());
    }
    handlerClasses.addAll(resource.getHandlerClasses());
    for (ResourceMethod method : resource.getResourceMethods()) {
      inspect(method, paths);
    }
    ResourceMethod locator = resource.getResourceLocator();
    if (locator != null) {
      inspect(locator, paths);
    }
    for (Resource child : resource.getChildResources()) {
      visit(child, paths);
    }
  }

  private void inspect(ResourceMethod resourceMethod, List<String> paths) {
    Method method = resourceMethod.getInvocable().getHandlingMethod();
    Method definition = resourceMethod.getInvocable().getDefinitionMethod();
    Optional<McpResource> annotation =
        McpAnnotations.find(definition).or(() -> McpAnnotations.find(method));
    if (annotation.isEmpty()) {
      return;
    }
    seenGetMethods.add(definition);
    seenGetMethods.add(method);
    String where = "\n    for method " + describe(method);
    if (resourceMethod.getType() == ResourceMethod.JaxrsType.SUB_RESOURCE_LOCATOR) {
      problems.add(
          "@McpResource requires a @GET resource method (found a sub-resource locator)" + where);
      return;
    }
    if (!"GET".equals(resourceMethod.getHttpMethod())) {
      problems.add(
          "@McpResource requires a @GET resource method (found @"
              + resourceMethod.getHttpMethod()
              + ")"
              + where);
      return;
    }
    build(annotation.get(), resourceMethod, method, RoutePath.of(RoutePath.join(paths)), where);
  }

  private void build(
      McpResource a, ResourceMethod resourceMethod, Method method, RoutePath route, String where) {
    Map<String, Parameter> pathParams = new LinkedHashMap<>();
    Map<String, Parameter> queryParams = new LinkedHashMap<>();
    for (Parameter p : resourceMethod.getInvocable().getParameters()) {
      if (p.getSource() == Parameter.Source.PATH) {
        pathParams.put(p.getSourceName(), p);
      } else if (p.getSource() == Parameter.Source.QUERY) {
        queryParams.put(p.getSourceName(), p);
      }
    }
    int before = problems.size();
    String uri = a.uri().isEmpty() ? derive(route, queryParams.keySet()) : a.uri();
    UriTemplate template;
    try {
      template = UriTemplate.parse(uri);
    } catch (TemplateSyntaxException e) {
      problems.add("invalid URI template: " + e.getMessage() + where);
      return;
    }
    for (String variable : template.pathVariables()) {
      if (!route.variables().contains(variable)) {
        problems.add(
            "template variable '"
                + variable
                + "' is not a path parameter of the route '"
                + route.path()
                + "' (found '"
                + uri
                + "')"
                + where);
      }
    }
    for (String variable : new LinkedHashSet<>(route.variables())) {
      if (!template.pathVariables().contains(variable)) {
        problems.add(
            "path parameter '"
                + variable
                + "' of the route '"
                + route.path()
                + "' is missing from the template (found '"
                + uri
                + "')"
                + where);
      }
    }
    for (String variable : template.queryVariables()) {
      if (!queryParams.containsKey(variable)) {
        problems.add(
            "query variable '"
                + variable
                + "' is not a @QueryParam of the method (found '"
                + uri
                + "', @QueryParams "
                + queryParams.keySet()
                + ")"
                + where);
      }
    }
    if (a.longRunning() && a.subscribe()) {
      problems.add(
          "a long-running resource cannot be subscribable (found longRunning = true, subscribe ="
              + " true)"
              + where);
    }
    checkAttributes(a, where);
    if (problems.size() > before) {
      return;
    }
    Map<String, Class<?>> types = new LinkedHashMap<>();
    Set<String> collections = new HashSet<>();
    for (String variable : template.pathVariables()) {
      Parameter p = pathParams.get(variable);
      types.put(variable, p == null ? String.class : p.getRawType());
    }
    for (String variable : template.queryVariables()) {
      Parameter p = queryParams.get(variable);
      types.put(variable, p.getRawType());
      if (Collection.class.isAssignableFrom(p.getRawType())) {
        collections.add(variable);
      }
    }
    CatalogueEntry entry =
        new CatalogueEntry(
            template,
            a.name().isEmpty() ? method.getName() : a.name(),
            a.title(),
            a.description(),
            a.mimeType().isEmpty() ? produced(resourceMethod) : a.mimeType(),
            a.cacheTtlMs() == -1 ? settings.defaultCacheTtlMs() : a.cacheTtlMs(),
            a.cacheScope().isEmpty() ? settings.defaultCacheScope() : a.cacheScope(),
            a.subscribe(),
            a.longRunning(),
            a.maxBytes() == -1 ? settings.defaultMaxBytes() : a.maxBytes(),
            Arrays.asList(a.audience()),
            a.priority() == -1 ? OptionalDouble.empty() : OptionalDouble.of(a.priority()),
            a.tool(),
            method,
            route.path(),
            types,
            collections);
    CatalogueEntry clash = byShape.putIfAbsent(shape(template), entry);
    if (clash != null) {
      problems.add(
          "two routes have the same MCP "
              + (template.isExact() ? "URI '" : "template '")
              + uri
              + "' (also on "
              + clash.methodName()
              + " as '"
              + clash.template().text()
              + "')"
              + where);
      return;
    }
    entries.add(entry);
  }

  private void checkAttributes(McpResource a, String where) {
    if (!a.cacheScope().isEmpty()
        && !"private".equals(a.cacheScope())
        && !"public".equals(a.cacheScope())) {
      problems.add(
          "cacheScope must be 'private' or 'public' (found '" + a.cacheScope() + "')" + where);
    }
    if (a.cacheTtlMs() < -1) {
      problems.add("cacheTtlMs must be zero or more (found " + a.cacheTtlMs() + ")" + where);
    }
    if (a.maxBytes() < -1 || a.maxBytes() == 0) {
      problems.add("maxBytes must be at least 1 (found " + a.maxBytes() + ")" + where);
    }
    if (a.priority() != -1 && !(a.priority() >= 0.0 && a.priority() <= 1.0)) {
      problems.add("priority must be between 0.0 and 1.0 (found " + a.priority() + ")" + where);
    }
    for (String audience : a.audience()) {
      if (!"user".equals(audience) && !"assistant".equals(audience)) {
        problems.add(
            "audience values must be 'user' or 'assistant' (found '" + audience + "')" + where);
      }
    }
  }

  /** Methods carrying {@code @McpResource} that Jersey does not route as resource methods. */
  private void checkUnroutedMethods() {
    for (Class<?> type : handlerClasses) {
      for (Method method : type.getMethods()) {
        if (!seenGetMethods.contains(method)
            && !method.isBridge()
            && McpAnnotations.find(method).isPresent()) {
          problems.add(
              "@McpResource requires a @GET resource method (found no HTTP method annotation)"
                  + "\n    for method "
                  + describe(method));
        }
      }
    }
  }

  private String derive(RoutePath route, Set<String> queryNames) {
    String path = route.path().startsWith("/") ? route.path().substring(1) : route.path();
    String query = queryNames.isEmpty() ? "" : "{?" + String.join(",", queryNames) + "}";
    return settings.scheme() + "://" + path + query;
  }

  private static String produced(ResourceMethod method) {
    for (MediaType type : method.getProducedTypes()) {
      if (!type.isWildcardType() && !type.isWildcardSubtype()) {
        return type.toString();
      }
    }
    return "";
  }

  /** Two templates with this key name the same URIs: variables renamed, query order ignored. */
  private static String shape(UriTemplate template) {
    String text = template.text();
    int query = text.indexOf("{?");
    String path = query < 0 ? text : text.substring(0, query);
    for (String variable : template.pathVariables()) {
      path = path.replace("{" + variable + "}", "{}");
    }
    return path + new TreeSet<>(template.queryVariables());
  }

  private static String describe(Method method) {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }
}
