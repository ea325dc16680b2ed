package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.settings.LongRunningSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.template.RoutePath;
import dev.jaxrsmcp.internal.template.TemplateSyntaxException;
import dev.jaxrsmcp.internal.template.UriTemplate;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.glassfish.jersey.model.Parameter;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Turns one {@code @GET} route and its {@link McpResource} into a {@link CatalogueEntry}: derives
 * the URI when it is not given, checks the template against the route's parameters, checks the
 * attributes, and resolves every default. Problems go to {@link Problems}; an entry is returned
 * only when this route has none.
 */
final class EntryFactory {
  private final Settings settings;
  private final Problems problems;
  private final JavadocDescriptions javadoc = new JavadocDescriptions();

  EntryFactory(Settings settings, Problems problems) {
    this.settings = settings;
    this.problems = problems;
  }

  Optional<CatalogueEntry> create(McpResource a, ResourceMethod resourceMethod, RoutePath route) {
    Method method = resourceMethod.getInvocable().getHandlingMethod();
    int before = problems.count();
    checkAttributes(a, method);
    Map<String, Parameter> named = new LinkedHashMap<>();
    Map<String, Parameter> queryParams = new LinkedHashMap<>();
    for (Parameter p : resourceMethod.getInvocable().getParameters()) {
      if (p.getSourceName() != null && !p.getSourceName().isEmpty()) {
        named.putIfAbsent(p.getSourceName(), p);
      }
      if (p.getSource() == Parameter.Source.QUERY) {
        queryParams.put(p.getSourceName(), p);
      }
    }
    boolean derived = a.uri().isEmpty();
    String uri = derived ? derive(route, queryParams.keySet()) : a.uri();
    UriTemplate template;
    try {
      template = UriTemplate.parse(uri);
    } catch (TemplateSyntaxException e) {
      String found = derived ? ", derived from the route '" + route.path() + "'" : "";
      problems.method(
          method,
          "invalid URI template: " + e.rule() + " (found '" + e.template() + "'" + found + ")");
      return Optional.empty();
    }
    checkPathVariables(template, route, named, method);
    checkQueryVariables(template, queryParams, named, method);
    checkListFromFields(a, template, method);
    if (template.isExact() && !a.listFrom().isEmpty()) {
      problems.method(
          method,
          "listFrom lists the members of a template, but this URI has no variables (found '"
              + template.text()
              + "')");
    }
    if (problems.count() > before) {
      return Optional.empty();
    }
    return Optional.of(entry(a, resourceMethod, route, template, named));
  }

  private void checkPathVariables(
      UriTemplate template, RoutePath route, Map<String, Parameter> named, Method method) {
    String found = " (found '" + template.text() + "')";
    for (String variable : template.pathVariables()) {
      if (route.variables().contains(variable)) {
        continue;
      }
      String rule = " path parameter of the route '" + route.path() + "'";
      Parameter p = named.get(variable);
      if (p == null) {
        problems.method(method, "template variable '" + variable + "' is not a" + rule + found);
      } else if (p.getSource() == Parameter.Source.PATH) {
        problems.parameter(
            method, variable, "template variable '" + variable + "' is not a" + rule + found);
      } else {
        problems.parameter(
            method,
            variable,
            "template variable '"
                + variable
                + "' is a "
                + annotationOf(p)
                + ", not a"
                + rule
                + found);
      }
    }
    for (String variable : new LinkedHashSet<>(route.variables())) {
      if (template.pathVariables().contains(variable)) {
        continue;
      }
      String message =
          "path parameter '"
              + variable
              + "' of the route '"
              + route.path()
              + "' is missing from the template"
              + found;
      Parameter p = named.get(variable);
      if (p != null && p.getSource() == Parameter.Source.PATH) {
        problems.parameter(method, variable, message);
      } else {
        problems.method(method, message);
      }
    }
  }

  private void checkQueryVariables(
      UriTemplate template,
      Map<String, Parameter> queryParams,
      Map<String, Parameter> named,
      Method method) {
    for (String variable : template.queryVariables()) {
      if (queryParams.containsKey(variable)) {
        continue;
      }
      Parameter p = named.get(variable);
      if (p == null) {
        problems.method(
            method,
            "query variable '"
                + variable
                + "' is not a @QueryParam of the method (found '"
                + template.text()
                + "', @QueryParams "
                + queryParams.keySet()
                + ")");
      } else {
        problems.parameter(
            method,
            variable,
            "query variable '"
                + variable
                + "' is a "
                + annotationOf(p)
                + ", not a @QueryParam of the method (found '"
                + template.text()
                + "')");
      }
    }
  }

  private void checkAttributes(McpResource a, Method method) {
    if (a.longRunning() && a.subscribe()) {
      problems.method(
          method,
          "a long-running resource cannot be subscribable (found longRunning = true, subscribe ="
              + " true)");
    }
    if (!a.cacheScope().isEmpty()
        && !"private".equals(a.cacheScope())
        && !"public".equals(a.cacheScope())) {
      problems.method(
          method, "cacheScope must be 'private' or 'public' (found '" + a.cacheScope() + "')");
    }
    if (a.cacheTtlMs() < -1) {
      problems.method(
          method,
          "cacheTtlMs must be zero or more, or -1 for the feature default (found "
              + a.cacheTtlMs()
              + ")");
    }
    if (a.maxBytes() < -1 || a.maxBytes() == 0) {
      problems.method(
          method,
          "maxBytes must be at least 1, or -1 for the feature default (found "
              + a.maxBytes()
              + ")");
    }
    if (a.priority() != -1 && !(a.priority() >= 0.0 && a.priority() <= 1.0)) {
      problems.method(
          method,
          "priority must be between 0.0 and 1.0, or -1 for none (found " + a.priority() + ")");
    }
    for (String audience : a.audience()) {
      if (!"user".equals(audience) && !"assistant".equals(audience)) {
        problems.method(
            method, "audience values must be 'user' or 'assistant' (found '" + audience + "')");
      }
    }
    if (!a.listFrom().isEmpty() && (!a.listFrom().startsWith("/") || a.listFrom().contains("{"))) {
      problems.method(
          method,
          "listFrom must be the path of a collection route, starting with '/' and without"
              + " variables (found '"
              + a.listFrom()
              + "')");
    }
    for (String icon : a.icons()) {
      if (icon.isBlank()) {
        problems.method(method, "icons must be URLs (found '" + icon + "')");
      }
    }
    for (String pair : a.meta()) {
      if (pair.indexOf('=') <= 0) {
        problems.method(method, "meta entries must be \"key=value\" (found '" + pair + "')");
      }
    }
    if (a.taskSupport() != McpResource.TaskSupport.NONE && !a.longRunning()) {
      problems.method(
          method,
          "taskSupport needs longRunning = true: only a long-running resource's tool runs as a"
              + " task (found taskSupport = "
              + a.taskSupport()
              + ", longRunning = false)");
    }
    if (a.taskSupport() != McpResource.TaskSupport.NONE && !a.tool()) {
      problems.method(
          method,
          "taskSupport needs tool = true: tasks run a resource's tool (found taskSupport = "
              + a.taskSupport()
              + ", tool = false)");
    }
  }

  private CatalogueEntry entry(
      McpResource a,
      ResourceMethod resourceMethod,
      RoutePath route,
      UriTemplate template,
      Map<String, Parameter> named) {
    Method method = resourceMethod.getInvocable().getHandlingMethod();
    Map<String, Class<?>> types = new LinkedHashMap<>();
    Set<String> collections = new HashSet<>();
    Map<String, Type> declared = new LinkedHashMap<>();
    Map<String, String> defaults = new LinkedHashMap<>();
    for (String variable : template.pathVariables()) {
      Parameter p = named.get(variable);
      boolean pathParam = p != null && p.getSource() == Parameter.Source.PATH;
      types.put(variable, pathParam ? p.getRawType() : String.class);
      if (pathParam) {
        declared.put(variable, p.getType());
      }
    }
    for (String variable : template.queryVariables()) {
      Parameter p = named.get(variable);
      types.put(variable, p.getRawType());
      if (Collection.class.isAssignableFrom(p.getRawType())) {
        collections.add(variable);
      }
      if (p.getSource() == Parameter.Source.QUERY) {
        declared.put(variable, p.getType());
        if (p.getDefaultValue() != null) {
          defaults.put(variable, p.getDefaultValue());
        }
      }
    }
    return new CatalogueEntry(
        template,
        a.name().isEmpty() ? method.getName() : a.name(),
        !a.name().isEmpty(),
        a.title(),
        a.description().isEmpty()
            ? javadoc.of(definition(resourceMethod)).orElse("")
            : a.description(),
        a.mimeType().isEmpty() ? produced(resourceMethod) : a.mimeType(),
        a.cacheTtlMs() == -1 ? settings.get(ProtocolSettings.DEFAULT_CACHE_TTL_MS) : a.cacheTtlMs(),
        a.cacheScope().isEmpty()
            ? settings.get(ProtocolSettings.DEFAULT_CACHE_SCOPE)
            : a.cacheScope(),
        a.subscribe(),
        a.longRunning(),
        a.maxBytes() == -1 ? settings.get(LongRunningSettings.DEFAULT_MAX_BYTES) : a.maxBytes(),
        Arrays.asList(a.audience()),
        a.priority() == -1 ? OptionalDouble.empty() : OptionalDouble.of(a.priority()),
        a.tool(),
        method,
        route.path(),
        types,
        collections,
        declared,
        defaults,
        a.listFrom(),
        meta(a.listFromFields()),
        a.cacheTtlMs() != -1,
        !a.cacheScope().isEmpty(),
        Arrays.asList(a.icons()),
        meta(a.meta()),
        a.taskSupport());
  }

  /**
   * {@code listFromFields}: each entry {@code "variable=field"}, naming a path variable of the
   * template once, and only with {@code listFrom}.
   */
  private void checkListFromFields(McpResource a, UriTemplate template, Method method) {
    if (a.listFromFields().length > 0 && a.listFrom().isEmpty()) {
      problems.method(
          method,
          "listFromFields maps collection items to variables, but listFrom is not set (found"
              + " listFromFields = "
              + Arrays.toString(a.listFromFields())
              + ")");
      return;
    }
    Set<String> mapped = new HashSet<>();
    for (String pair : a.listFromFields()) {
      int eq = pair.indexOf('=');
      String variable = eq > 0 ? pair.substring(0, eq) : "";
      String field = eq > 0 ? pair.substring(eq + 1) : "";
      if (variable.isEmpty() || field.isEmpty()) {
        problems.method(
            method, "listFromFields entries must be 'variable=field' (found '" + pair + "')");
      } else if (!template.pathVariables().contains(variable)) {
        problems.method(
            method,
            "listFromFields names '"
                + variable
                + "', which is not a path variable of the template (found '"
                + pair
                + "', path variables "
                + template.pathVariables()
                + ")");
      } else if (!mapped.add(variable)) {
        problems.method(
            method, "listFromFields maps '" + variable + "' twice (found '" + pair + "')");
      }
    }
  }

  /** {@code "key=value"} pairs as a map (checked by {@link #checkAttributes}). */
  private static Map<String, String> meta(String[] pairs) {
    Map<String, String> meta = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        meta.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return meta;
  }

  /** The method that carries the annotations (an interface method when it is declared there). */
  private static Method definition(ResourceMethod resourceMethod) {
    return resourceMethod.getInvocable().getDefinitionMethod();
  }

  /** {@code <scheme>://} + the route path without its leading '/' + {@code {?q1,q2}}. */
  private String derive(RoutePath route, Set<String> queryNames) {
    String path = route.path().startsWith("/") ? route.path().substring(1) : route.path();
    String query = queryNames.isEmpty() ? "" : "{?" + String.join(",", queryNames) + "}";
    return settings.get(ProtocolSettings.SCHEME) + "://" + path + query;
  }

  /** The first concrete type of the route's {@code @Produces}; empty when there is none. */
  private static String produced(ResourceMethod method) {
    List<MediaType> types = method.getProducedTypes();
    for (MediaType type : types) {
      if (!type.isWildcardType() && !type.isWildcardSubtype()) {
        return type.toString();
      }
    }
    return "";
  }

  /** {@code @HeaderParam("x")}: how a parameter is declared. */
  private static String annotationOf(Parameter p) {
    return p.getSourceAnnotation() == null
        ? p.getSource().toString()
        : "@" + p.getSourceAnnotation().annotationType().getSimpleName();
  }
}
