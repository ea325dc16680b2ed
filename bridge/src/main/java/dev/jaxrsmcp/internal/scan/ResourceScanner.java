package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpPrompt;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.template.RoutePath;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.glassfish.jersey.server.model.ResourceModel;

/**
 * Reads Jersey's resource model once, when the application starts, and turns every {@link
 * McpResource} method into a validated {@link CatalogueEntry}. All problems are collected and
 * reported together in one {@link McpConfigurationException}.
 *
 * <p>Order: Jersey builds its model by reflection, whose method order Java does not specify, and
 * its root resources follow registration (or classpath scanning) order. So the scanner sorts the
 * routes itself, and that order is the catalogue's "declaration order" (listings, and the last
 * tie-break between equally specific templates): by route path (JAX-RS path from the application
 * root, regular expressions dropped), then by the declaring class's name, the method name and the
 * parameter types. Problems are reported in the same order.
 *
 * <p>Sub-resource locators are not followed: annotate methods of root resource classes. An
 * {@code @McpResource} on a locator, on a method of the class a locator returns, or on a method
 * Jersey does not route at all (no HTTP method annotation, not public) fails the start rather than
 * being silently ignored.
 */
public final class ResourceScanner {
  private static final Comparator<Route> ORDER =
      Comparator.comparing((Route r) -> r.path().path())
          .thenComparing(r -> r.method().getDeclaringClass().getName())
          .thenComparing(r -> r.method().getName())
          .thenComparing(r -> Arrays.toString(r.method().getParameterTypes()));

  private final Problems problems = new Problems();
  private final EntryFactory factory;
  private final ToolRouteFactory toolFactory;
  private final PromptRouteFactory promptFactory;
  private final List<Route> routes = new ArrayList<>();
  private final Set<Class<?>> handlerClasses = new LinkedHashSet<>();
  private final Map<String, Class<?>> locatorTargets = new TreeMap<>();
  private final Map<Class<?>, Method> locatorOf = new HashMap<>();

  private ResourceScanner(Settings settings) {
    this.factory = new EntryFactory(settings, problems);
    this.toolFactory = new ToolRouteFactory(factory, problems);
    this.promptFactory = new PromptRouteFactory(factory, problems);
  }

  /**
   * Scans a model into a catalogue.
   *
   * @throws McpConfigurationException listing every problem found
   */
  public static Catalogue scan(ResourceModel model, Settings settings) {
    ResourceScanner scanner = new ResourceScanner(settings);
    for (Resource root : model.getRootResources()) {
      scanner.collect(root, List.of());
    }
    return scanner.build();
  }

  /** A resource method (or locator) with its full JAX-RS path. */
  private record Route(ResourceMethod resourceMethod, RoutePath path) {
    Method method() {
      return resourceMethod.getInvocable().getHandlingMethod();
    }

    Method definition() {
      return resourceMethod.getInvocable().getDefinitionMethod();
    }

    Class<?> handlerClass() {
      return resourceMethod.getInvocable().getHandler().getHandlerClass();
    }
  }

  private void collect(Resource resource, List<String> parentPaths) {
    List<String> paths = new ArrayList<>(parentPaths);
    if (resource.getPath() != null) {
      paths.add(resource.getPath());
    }
    RoutePath path = RoutePath.of(RoutePath.join(paths));
    handlerClasses.addAll(resource.getHandlerClasses());
    for (ResourceMethod method : resource.getResourceMethods()) {
      routes.add(new Route(method, path));
    }
    ResourceMethod locator = resource.getResourceLocator();
    if (locator != null) {
      routes.add(new Route(locator, path));
      Class<?> target = locator.getInvocable().getRawResponseType();
      if (target != Object.class && target != Class.class && !target.isPrimitive()) {
        locatorTargets.putIfAbsent(target.getName(), target);
        locatorOf.putIfAbsent(target, locator.getInvocable().getHandlingMethod());
      }
    }
    for (Resource child : resource.getChildResources()) {
      collect(child, paths);
    }
  }

  private Catalogue build() {
    routes.sort(ORDER);
    Map<Class<?>, Set<String>> routed = new HashMap<>();
    Map<String, CatalogueEntry> byShape = new HashMap<>();
    List<CatalogueEntry> entries = new ArrayList<>();
    List<ToolRoute> toolRoutes = new ArrayList<>();
    Map<String, PromptRoute> prompts = new LinkedHashMap<>();
    for (Route route : routes) {
      routed
          .computeIfAbsent(route.handlerClass(), k -> new HashSet<>())
          .add(signature(route.method()));
      List<McpAnnotations.Declaration> declarations = McpAnnotations.find(route.definition());
      if (declarations.isEmpty()) {
        declarations = McpAnnotations.find(route.method());
      }
      toolOf(route, declarations).ifPresent(toolRoutes::add);
      promptOf(route).ifPresent(prompt -> addPrompt(prompts, prompt));
      if (declarations.isEmpty() || !checkDeclarations(route, declarations)) {
        continue;
      }
      factory
          .create(declarations.get(0).annotation(), route.resourceMethod(), route.path())
          .ifPresent(
              entry -> {
                CatalogueEntry clash =
                    byShape.putIfAbsent(TemplateShape.of(entry.template()), entry);
                if (clash == null) {
                  entries.add(entry);
                } else {
                  reportClash(entry, clash);
                }
              });
    }
    checkUnroutedMethods(routed);
    checkLocatorTargets(routed);
    problems.throwIfAny();
    return new Catalogue(entries, toolRoutes, new ArrayList<>(prompts.values()));
  }

  /** The route's {@code @McpPrompt}, when it has one that may become a prompt. */
  private Optional<PromptRoute> promptOf(Route route) {
    McpPrompt prompt = route.definition().getAnnotation(McpPrompt.class);
    if (prompt == null) {
      prompt = route.method().getAnnotation(McpPrompt.class);
    }
    return prompt == null
        ? Optional.empty()
        : promptFactory.create(prompt, route.resourceMethod(), route.path());
  }

  private void addPrompt(Map<String, PromptRoute> prompts, PromptRoute prompt) {
    PromptRoute clash = prompts.putIfAbsent(prompt.name(), prompt);
    if (clash != null) {
      problems.method(
          prompt.entry().method(),
          "two methods have the same prompt name (found '"
              + prompt.name()
              + "', also on "
              + clash.entry().methodName()
              + ")");
    }
  }

  /** The route's {@code @McpTool}, when it has one that may become a tool. */
  private Optional<ToolRoute> toolOf(Route route, List<McpAnnotations.Declaration> declarations) {
    McpTool tool = route.definition().getAnnotation(McpTool.class);
    if (tool == null) {
      tool = route.method().getAnnotation(McpTool.class);
    }
    if (tool == null) {
      return Optional.empty();
    }
    Method method = route.method();
    if (route.resourceMethod().getType() == ResourceMethod.JaxrsType.SUB_RESOURCE_LOCATOR) {
      problems.method(
          method,
          "@McpTool requires a resource method with an HTTP method (found a sub-resource"
              + " locator)");
      return Optional.empty();
    }
    if (declarations.stream().anyMatch(d -> d.annotation().tool())) {
      problems.method(
          method,
          "@McpTool on an @McpResource method that is a tool already (found "
              + declarations.get(0).via()
              + " with tool = true); set tool = false on it, or drop @McpTool");
      return Optional.empty();
    }
    return toolFactory.create(tool, route.resourceMethod(), route.path());
  }

  /** One declaration, on a {@code @GET} resource method; false when it may not become an entry. */
  private boolean checkDeclarations(Route route, List<McpAnnotations.Declaration> declarations) {
    Method method = route.method();
    if (declarations.size() > 1) {
      problems.method(
          method,
          "@McpResource must appear at most once on a method (found "
              + declarations.stream()
                  .map(McpAnnotations.Declaration::via)
                  .collect(Collectors.joining(", "))
              + ")");
      return false;
    }
    ResourceMethod resourceMethod = route.resourceMethod();
    if (resourceMethod.getType() == ResourceMethod.JaxrsType.SUB_RESOURCE_LOCATOR) {
      problems.method(
          method, "@McpResource requires a @GET resource method (found a sub-resource locator)");
      return false;
    }
    if (!"GET".equals(resourceMethod.getHttpMethod())) {
      problems.method(
          method,
          "@McpResource requires a @GET resource method (found @"
              + resourceMethod.getHttpMethod()
              + ")");
      return false;
    }
    return true;
  }

  private void reportClash(CatalogueEntry entry, CatalogueEntry clash) {
    String text = entry.template().text();
    String other = clash.template().text();
    problems.method(
        entry.method(),
        (entry.template().isExact()
                ? "two methods have the same MCP URI (found '"
                : "two methods have the same MCP template (found '")
            + text
            + "', also on "
            + clash.methodName()
            + (other.equals(text) ? "" : " as '" + other + "'")
            + ")");
  }

  /** {@code @McpResource} methods of resource classes that Jersey does not route. */
  private void checkUnroutedMethods(Map<Class<?>, Set<String>> routed) {
    List<Class<?>> classes = new ArrayList<>(handlerClasses);
    classes.sort(Comparator.comparing(Class::getName));
    for (Class<?> type : classes) {
      Set<String> covered = routed.getOrDefault(type, Set.of());
      for (Method method : annotatedMethods(type, covered)) {
        problems.method(
            method,
            (McpAnnotations.isPresent(method)
                    ? "@McpResource requires a @GET resource method (found "
                    : method.isAnnotationPresent(McpTool.class)
                        ? "@McpTool requires a resource method with an HTTP method (found "
                        : "@McpPrompt requires a @GET resource method (found ")
                + (Modifier.isPublic(method.getModifiers())
                    ? "no HTTP method annotation"
                    : "a non-public method")
                + ")");
      }
    }
  }

  /** {@code @McpResource} methods of classes returned by sub-resource locators. */
  private void checkLocatorTargets(Map<Class<?>, Set<String>> routed) {
    for (Class<?> type : locatorTargets.values()) {
      if (handlerClasses.contains(type)) {
        continue; // also a resource class: checked as one
      }
      for (Method method : annotatedMethods(type, routed.getOrDefault(type, Set.of()))) {
        problems.method(
            method,
            (McpAnnotations.isPresent(method)
                    ? "@McpResource"
                    : method.isAnnotationPresent(McpTool.class) ? "@McpTool" : "@McpPrompt")
                + " is not supported on a method reached through a sub-resource locator"
                + " (found the locator "
                + Problems.describe(locatorOf.get(type))
                + ")");
      }
    }
  }

  /**
   * Methods of a class and its supertypes that carry {@code @McpResource} and are neither routed
   * nor overridden by a routed method, in a stable order.
   */
  private static List<Method> annotatedMethods(Class<?> type, Set<String> covered) {
    Map<String, Method> found = new TreeMap<>();
    Set<String> seen = new HashSet<>(covered);
    List<Class<?>> types = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      types.add(c);
    }
    for (int i = 0; i < types.size(); i++) {
      for (Class<?> implemented : types.get(i).getInterfaces()) {
        if (!types.contains(implemented)) {
          types.add(implemented);
        }
      }
    }
    for (Class<?> c : types) {
      Method[] declared = c.getDeclaredMethods();
      Arrays.sort(declared, Comparator.comparing(ResourceScanner::signature));
      for (Method method : declared) {
        if (method.isSynthetic() || method.isBridge()) {
          continue;
        }
        String signature = signature(method);
        if (seen.add(signature)
            && (McpAnnotations.isPresent(method)
                || method.isAnnotationPresent(McpTool.class)
                || method.isAnnotationPresent(McpPrompt.class))) {
          found.put(signature, method);
        }
      }
    }
    return new ArrayList<>(found.values());
  }

  /** Name and parameter types: equal for a method and the methods it overrides. */
  private static String signature(Method method) {
    return method.getName() + Arrays.toString(method.getParameterTypes());
  }
}
