package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.schema.TypeSchemas;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * Builds the tool of each {@code @McpTool} route when the application starts: its arguments (path
 * and query parameters as a resource's tool has them, then its header parameters, then {@code
 * body}), the schema of its body and of its structured result ({@link TypeSchemas}). A problem (two
 * arguments of one name, a type the generator cannot describe) goes to the start's problems, in the
 * shape every configuration error has: the rule, the value found, the method on its own line.
 */
final class RouteTools {
  private final List<String> problems;
  private final TypeSchemas schemas = new TypeSchemas();

  RouteTools(List<String> problems) {
    this.problems = problems;
  }

  Optional<Tool> tool(String name, ToolRoute route) {
    Method method = route.entry().method();
    int before = problems.size();
    List<ToolParameter> parameters = new ArrayList<>(ToolParameters.of(route.entry()));
    parameters.addAll(ToolParameters.headers(route));
    Set<String> names = new HashSet<>();
    for (ToolParameter p : parameters) {
      String key = p.name().toLowerCase(Locale.ROOT);
      if (!names.add(key) || (route.bodyType().isPresent() && key.equals(Tool.BODY))) {
        problem(
            method,
            "two arguments of tool '"
                + name
                + "' have the same name (found '"
                + p.name()
                + "'); rename a parameter");
      }
    }
    Optional<TypeSchemas.Described> body = Optional.empty();
    if (route.bodyType().isPresent()) {
      try {
        body = Optional.of(schemas.describe(route.bodyType().get()));
      } catch (IllegalArgumentException e) {
        problem(
            method,
            "the body of an @McpTool must be a type its JSON Schema can be generated for (found "
                + route.bodyType().get().getTypeName()
                + ": "
                + e.getMessage()
                + ")");
      }
    }
    Optional<ObjectNode> output = Optional.empty();
    Optional<Type> result = resultType(route.returnType());
    if (isJson(route.entry().mimeType()) && result.isPresent()) {
      try {
        output =
            Optional.of(schemas.describe(result.get()))
                .filter(TypeSchemas.Described::isObject)
                .map(TypeSchemas.Described::document);
      } catch (IllegalArgumentException e) {
        problem(
            method,
            "the result of an @McpTool that produces JSON must be a type its JSON Schema can be"
                + " generated for (found "
                + route.returnType().getTypeName()
                + ": "
                + e.getMessage()
                + ")");
      }
    }
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(new Tool(name, route, parameters, body, output));
  }

  private void problem(Method method, String message) {
    problems.add(
        message
            + "\n    for method "
            + method.getDeclaringClass().getSimpleName()
            + "."
            + method.getName());
  }

  /**
   * The type of the entity a method's return value gives: none for {@code void} and for JAX-RS
   * types ({@code Response}: the type is not known before the route runs); a completion stage's
   * value type.
   */
  private static Optional<Type> resultType(Type returned) {
    Class<?> raw =
        returned instanceof Class<?> c
            ? c
            : returned instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c
                ? c
                : Object.class;
    if (CompletionStage.class.isAssignableFrom(raw)) {
      return returned instanceof ParameterizedType p
          ? resultType(p.getActualTypeArguments()[0])
          : Optional.empty();
    }
    if (raw == void.class
        || raw == Void.class
        || raw == Object.class
        || raw.getName().startsWith("jakarta.ws.rs.")) {
      return Optional.empty();
    }
    return Optional.of(returned);
  }

  /** {@code application/json} and {@code +json} types. */
  static boolean isJson(String mediaType) {
    String type = mediaType.toLowerCase(Locale.ROOT);
    int semicolon = type.indexOf(';');
    if (semicolon >= 0) {
      type = type.substring(0, semicolon).trim();
    }
    return type.equals("application/json") || type.endsWith("+json");
  }
}
