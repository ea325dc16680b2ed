package dev.jaxrsmcp.internal.dispatch;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.MatchResult;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ExtendedResourceContext;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.glassfish.jersey.server.model.RuntimeResource;
import org.glassfish.jersey.uri.PathPattern;

/**
 * Tells, before Jersey matches a read's request, whether Jersey would route it to the method its
 * URI matched (contract section 7: a read stops before any application code its URI did not match
 * runs). Jersey runs a sub-resource locator while it matches, and creates the matched method's
 * resource before any filter, so the {@link DispatchGuard} (a filter) comes too late for them. This
 * walks the application's runtime resource model the way Jersey's routers do (root resources and
 * their children in Jersey's own order; a locator, or a root resource's sub-routes, taken at the
 * first match; a route whose methods do not include the request's method kept only as a fallback)
 * and names what a {@code GET} of the path (or a tool call's method) would reach instead: a
 * locator, or another resource's methods. Where the walk and Jersey could ever disagree, the guard
 * still stands behind it.
 *
 * <p>The model is read from the running application once (a reload's new application gets a new
 * endpoint and a new instance). Thread-safe.
 */
public final class RouteShadows {
  private final Supplier<Optional<ApplicationHandler>> application;
  private volatile Optional<Model> model = Optional.empty();

  /** The routes of one running application, in Jersey's order. */
  private record Model(ApplicationHandler handler, List<Route> roots) {}

  /**
   * One route of a path-matching router.
   *
   * @param methods the resource methods a closed route selects among (empty for the others)
   * @param locator the locator an open child route runs
   * @param children the routes below an open root route
   */
  private record Route(
      PathPattern pattern,
      List<ResourceMethod> methods,
      Optional<ResourceMethod> locator,
      Optional<List<Route>> children) {
    /** Routes without HTTP methods: Jersey takes them at the first match. */
    boolean locatorLike() {
      return methods.isEmpty();
    }

    boolean serves(String httpMethod) {
      return methods.stream().anyMatch(m -> httpMethod.equals(m.getHttpMethod()));
    }
  }

  public RouteShadows(Supplier<Optional<ApplicationHandler>> application) {
    this.application = application;
  }

  /**
   * What a {@code GET} of {@code path} would run instead of {@code entry}'s method, in words
   * ({@code sub-resource locator Items.special}); empty when Jersey routes it to the resource that
   * has the entry's method (or to nothing at all), or before the application runs.
   *
   * @param path the request path relative to the application root, percent-encoded, starting with
   *     {@code /} and without query (what Jersey matches)
   */
  public Optional<String> shadowing(CatalogueEntry entry, String path) {
    return shadowing(entry, path, "GET");
  }

  /**
   * What a request of {@code path} with {@code httpMethod} would run instead of {@code entry}'s
   * method (see {@link #shadowing(CatalogueEntry, String)}): an {@code @McpTool} call's.
   */
  public Optional<String> shadowing(CatalogueEntry entry, String path, String httpMethod) {
    Optional<Model> routes = model();
    if (routes.isEmpty()) {
      return Optional.empty();
    }
    Optional<Route> chosen = match(routes.get().roots(), path, httpMethod);
    if (chosen.isEmpty()) {
      return Optional.empty();
    }
    Route route = chosen.get();
    if (route.locator().isPresent()) {
      return Optional.of("sub-resource locator " + name(route.locator().get()));
    }
    Method expected = entry.method();
    for (ResourceMethod method : route.methods()) {
      if (expected.equals(method.getInvocable().getHandlingMethod())) {
        return Optional.empty();
      }
    }
    return route.methods().stream()
        .filter(m -> httpMethod.equals(m.getHttpMethod()))
        .findFirst()
        .map(m -> "method " + name(m));
  }

  /** The closed route or locator a path ends at, as Jersey's path-matching routers choose. */
  private static Optional<Route> match(List<Route> routes, String path, String httpMethod) {
    Route candidate = null;
    MatchResult candidateMatch = null;
    for (Route route : routes) {
      MatchResult matched = route.pattern().match(path);
      if (matched == null) {
        continue;
      }
      if (route.locatorLike() && candidate != null) {
        return selected(candidate, candidateMatch, httpMethod);
      }
      if (route.locatorLike() || route.serves(httpMethod)) {
        return selected(route, matched, httpMethod);
      }
      if (candidate == null) {
        candidate = route;
        candidateMatch = matched;
      }
    }
    return candidate == null ? Optional.empty() : selected(candidate, candidateMatch, httpMethod);
  }

  private static Optional<Route> selected(Route route, MatchResult matched, String httpMethod) {
    if (route.children().isPresent()) {
      String rest = matched.groupCount() == 0 ? null : matched.group(matched.groupCount());
      return match(route.children().get(), rest == null ? "" : rest, httpMethod);
    }
    return Optional.of(route);
  }

  private Optional<Model> model() {
    Optional<ApplicationHandler> handler = application.get();
    if (handler.isEmpty()) {
      return Optional.empty();
    }
    Optional<Model> known = model;
    if (known.isPresent() && known.get().handler() == handler.get()) {
      return known;
    }
    ExtendedResourceContext context =
        handler.get().getInjectionManager().getInstance(ExtendedResourceContext.class);
    List<Route> roots = new ArrayList<>();
    for (RuntimeResource resource :
        context.getResourceModel().getRuntimeResourceModel().getRuntimeResources()) {
      if (!resource.getResourceMethods().isEmpty()) {
        roots.add(
            new Route(
                PathPattern.asClosed(resource.getPathPattern()),
                resource.getResourceMethods(),
                Optional.empty(),
                Optional.empty()));
      }
      if (!resource.getChildRuntimeResources().isEmpty() || resource.getResourceLocator() != null) {
        roots.add(
            new Route(
                resource.getPathPattern(),
                List.of(),
                Optional.empty(),
                Optional.of(children(resource))));
      }
    }
    Optional<Model> built = Optional.of(new Model(handler.get(), List.copyOf(roots)));
    model = built;
    return built;
  }

  /** The sub-routes of a root resource, in the order Jersey's model builder adds them. */
  private static List<Route> children(RuntimeResource resource) {
    List<Route> routes = new ArrayList<>();
    for (RuntimeResource child : resource.getChildRuntimeResources()) {
      if (!child.getResourceMethods().isEmpty()) {
        routes.add(
            new Route(
                PathPattern.asClosed(child.getPathPattern()),
                child.getResourceMethods(),
                Optional.empty(),
                Optional.empty()));
      }
      if (child.getResourceLocator() != null) {
        routes.add(
            new Route(
                child.getPathPattern(),
                List.of(),
                Optional.of(child.getResourceLocator()),
                Optional.empty()));
      }
    }
    if (resource.getResourceLocator() != null) {
      routes.add(
          new Route(
              PathPattern.OPEN_ROOT_PATH_PATTERN,
              List.of(),
              Optional.of(resource.getResourceLocator()),
              Optional.empty()));
    }
    return List.copyOf(routes);
  }

  private static String name(ResourceMethod method) {
    Method handling = method.getInvocable().getHandlingMethod();
    return handling.getDeclaringClass().getSimpleName() + "." + handling.getName();
  }
}
