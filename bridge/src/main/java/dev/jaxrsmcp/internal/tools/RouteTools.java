package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.schema.TypeSchemas;
import java.io.IOException;
import java.io.InputStream;
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
  private static final ObjectMapper SCHEMA_READER = Json.reader(1000);
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
    Optional<ObjectNode> written = Optional.empty();
    if (!route.annotation().inputSchema().isEmpty()) {
      written = writtenSchema(route, parameters);
      parameters = List.of();
    }
    Optional<TypeSchemas.Described> body = Optional.empty();
    if (route.bodyType().isPresent() && written.isEmpty()) {
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
    try {
      output = outputSchema(route.entry().mimeType(), route.returnType());
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
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(new Tool(name, route, parameters, body, output, written));
  }

  /**
   * The input schema of {@code @McpTool(inputSchema)}: the classpath resource, a JSON object of
   * {@code "type": "object"}, for a method with an entity and no other arguments.
   */
  private Optional<ObjectNode> writtenSchema(ToolRoute route, List<ToolParameter> parameters) {
    Method method = route.entry().method();
    String path = route.annotation().inputSchema();
    if (!parameters.isEmpty() || route.bodyType().isEmpty()) {
      problem(
          method,
          "@McpTool(inputSchema) makes the arguments the route's entity: the method must take one"
              + " entity and no path, query or header arguments (found "
              + (route.bodyType().isEmpty()
                  ? "no entity"
                  : "arguments " + parameters.stream().map(ToolParameter::name).toList())
              + ")");
      return Optional.empty();
    }
    JsonNode schema;
    try (InputStream in = method.getDeclaringClass().getResourceAsStream(path)) {
      if (in == null) {
        problem(
            method,
            "@McpTool(inputSchema) names a classpath resource that does not exist (found '"
                + path
                + "', looked up from "
                + method.getDeclaringClass().getName()
                + ")");
        return Optional.empty();
      }
      schema = SCHEMA_READER.readTree(in);
    } catch (IOException | RuntimeException e) {
      problem(
          method,
          "@McpTool(inputSchema) must name a JSON document (found '"
              + path
              + "': "
              + e.getMessage()
              + ")");
      return Optional.empty();
    }
    if (!(schema instanceof ObjectNode object) || !"object".equals(object.path("type").asText())) {
      problem(
          method,
          "@McpTool(inputSchema) must be a JSON Schema of \"type\": \"object\" (found '"
              + path
              + "' with type "
              + (schema == null ? "none" : schema.path("type").toString())
              + ")");
      return Optional.empty();
    }
    List<String> headers = HeaderArguments.problems(object);
    if (!headers.isEmpty()) {
      headers.forEach(
          problem -> problem(method, "@McpTool(inputSchema) '" + path + "': " + problem));
      return Optional.empty();
    }
    return Optional.of(object);
  }

  /**
   * The {@code outputSchema} of a resource's tool: as a route's, but a return type the generator
   * cannot describe leaves it out (resources were tools before they had output schemas; none fails
   * the start for it).
   */
  Optional<ObjectNode> outputSchema(CatalogueEntry entry) {
    try {
      return outputSchema(entry.mimeType(), entry.method().getGenericReturnType());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * The schema of a route's structured result: for a route that produces JSON, its return type's
   * schema when that is an object.
   *
   * @throws IllegalArgumentException when the generator cannot describe the type
   */
  private Optional<ObjectNode> outputSchema(String mimeType, Type returnType) {
    Optional<Type> result = resultType(returnType);
    if (!isJson(mimeType) || result.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(schemas.describe(result.get()))
        .filter(TypeSchemas.Described::isObject)
        .map(TypeSchemas.Described::document);
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
