package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpPrompt;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.template.RoutePath;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.glassfish.jersey.model.Parameter;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Turns one {@code @GET} route and its {@link McpPrompt} into a {@link PromptRoute}: its path and
 * query parameters as a read's entry has them ({@link EntryFactory}, with the defaults of {@code
 * McpResource}) become the prompt's arguments, described by the annotation. Problems go to {@link
 * Problems}; a prompt route is returned only when this route has none. Whether two prompts share a
 * name is the scanner's to check.
 */
final class PromptRouteFactory {
  private final EntryFactory entries;
  private final Problems problems;

  PromptRouteFactory(EntryFactory entries, Problems problems) {
    this.entries = entries;
    this.problems = problems;
  }

  Optional<PromptRoute> create(McpPrompt prompt, ResourceMethod resourceMethod, RoutePath route) {
    Method method = resourceMethod.getInvocable().getHandlingMethod();
    if (resourceMethod.getType() == ResourceMethod.JaxrsType.SUB_RESOURCE_LOCATOR) {
      problems.method(
          method, "@McpPrompt requires a @GET resource method (found a sub-resource locator)");
      return Optional.empty();
    }
    if (!"GET".equals(resourceMethod.getHttpMethod())) {
      problems.method(
          method,
          "@McpPrompt requires a @GET resource method (found @"
              + resourceMethod.getHttpMethod()
              + ")");
      return Optional.empty();
    }
    int before = problems.count();
    Map<String, Parameter> byName = new LinkedHashMap<>();
    for (Parameter p : resourceMethod.getInvocable().getParameters()) {
      switch (p.getSource()) {
        case PATH, QUERY -> byName.putIfAbsent(p.getSourceName(), p);
        case ENTITY, FORM, MATRIX, BEAN_PARAM -> unfillable(method, p);
        case UNKNOWN -> {
          if (ToolRouteFactory.isEntity(p)) {
            unfillable(method, p);
          }
        }
        default -> {
          // headers, cookies, @Context: the caller's own request fills them
        }
      }
    }
    Map<String, McpPrompt.Argument> described = new LinkedHashMap<>();
    for (McpPrompt.Argument argument : prompt.arguments()) {
      if (described.putIfAbsent(argument.name(), argument) != null) {
        problems.method(
            method, "@McpPrompt describes argument '" + argument.name() + "' more than once");
      } else if (!byName.containsKey(argument.name())) {
        problems.method(
            method,
            "@McpPrompt describes argument '"
                + argument.name()
                + "', which is not a path or query parameter of the method (found "
                + byName.keySet()
                + ")");
      }
    }
    Optional<CatalogueEntry> entry =
        entries.create(ToolRouteFactory.DEFAULTS, resourceMethod, route);
    if (entry.isEmpty() || problems.count() > before) {
      return Optional.empty();
    }
    CatalogueEntry e = entry.get();
    List<PromptRoute.Argument> arguments = new ArrayList<>();
    for (String variable : e.template().pathVariables()) {
      arguments.add(argument(variable, true, described, e));
    }
    for (String variable : e.template().queryVariables()) {
      arguments.add(argument(variable, notNull(byName.get(variable)), described, e));
    }
    return Optional.of(
        new PromptRoute(
            e,
            prompt.name().isEmpty() ? method.getName() : prompt.name(),
            prompt.title(),
            prompt.description().isEmpty() ? "Runs GET " + route.path() : prompt.description(),
            arguments));
  }

  private static PromptRoute.Argument argument(
      String variable,
      boolean required,
      Map<String, McpPrompt.Argument> described,
      CatalogueEntry entry) {
    McpPrompt.Argument a = described.get(variable);
    Class<?> type = entry.variableTypes().getOrDefault(variable, String.class);
    List<String> values =
        type.isEnum()
            ? Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList()
            : List.of();
    return new PromptRoute.Argument(
        variable, a == null ? "" : a.title(), a == null ? "" : a.description(), required, values);
  }

  /** Whether a query parameter carries Bean Validation's {@code @NotNull}. */
  private static boolean notNull(Parameter p) {
    if (p == null) {
      return false;
    }
    for (Annotation a : p.getAnnotations()) {
      String type = a.annotationType().getName();
      if (type.equals("jakarta.validation.constraints.NotNull")
          || type.equals("javax.validation.constraints.NotNull")) {
        return true;
      }
    }
    return false;
  }

  private void unfillable(Method method, Parameter p) {
    problems.parameter(
        method,
        p.getSourceName() == null ? "" : p.getSourceName(),
        "@McpPrompt takes path and query parameters, which its arguments fill (found "
            + (p.getSource() == Parameter.Source.ENTITY || p.getSource() == Parameter.Source.UNKNOWN
                ? "an entity parameter"
                : ToolRouteFactory.annotationOf(p))
            + ")");
  }
}
