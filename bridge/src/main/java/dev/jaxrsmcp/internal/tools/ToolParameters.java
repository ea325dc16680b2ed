package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A resource's tool arguments: its path variables (required), then its query variables (optional),
 * each typed from the {@code @PathParam} or {@code @QueryParam} method parameter behind it. The
 * parameter is looked up on the resource method and, as JAX-RS annotation inheritance allows, on
 * the methods it overrides.
 */
final class ToolParameters {
  private ToolParameters() {}

  static List<ToolParameter> of(CatalogueEntry entry) {
    List<ToolParameter> parameters = new ArrayList<>();
    for (String variable : entry.template().pathVariables()) {
      parameters.add(parameter(entry, variable, true));
    }
    for (String variable : entry.template().queryVariables()) {
      parameters.add(parameter(entry, variable, false));
    }
    return List.copyOf(parameters);
  }

  private static ToolParameter parameter(CatalogueEntry entry, String variable, boolean path) {
    Optional<Declared> declared = find(entry.method(), variable, path);
    Type type =
        declared
            .map(Declared::type)
            .orElseGet(() -> entry.variableTypes().getOrDefault(variable, String.class));
    boolean repeated = !path && entry.collectionQueryVariables().contains(variable);
    ArgumentType argumentType = JavaTypes.argumentType(repeated ? JavaTypes.itemType(type) : type);
    if (path && argumentType instanceof ArgumentType.StringType s && s.minLength() == 0) {
      argumentType = new ArgumentType.StringType(1, s.maxLength());
    }
    Optional<JsonNode> defaultValue = Optional.empty();
    if (!path && declared.isPresent() && declared.get().defaultValue().isPresent()) {
      defaultValue = argumentType.defaultValue(declared.get().defaultValue().get());
      if (repeated) {
        defaultValue = defaultValue.map(v -> (JsonNode) arrayOf(v));
      }
    }
    return new ToolParameter(variable, argumentType, path, repeated, defaultValue);
  }

  private static ArrayNode arrayOf(JsonNode value) {
    ArrayNode array = ArgumentType.NODES.arrayNode();
    array.add(value);
    return array;
  }

  /** The generic type and {@code @DefaultValue} of the method parameter behind a variable. */
  private record Declared(Type type, Optional<String> defaultValue) {}

  private static Optional<Declared> find(Method method, String variable, boolean path) {
    for (Method candidate : overridden(method)) {
      Annotation[][] annotations = candidate.getParameterAnnotations();
      for (int i = 0; i < annotations.length; i++) {
        if (names(annotations[i], variable, path)) {
          Optional<String> defaultValue = Optional.empty();
          for (Annotation a : annotations[i]) {
            if (a instanceof DefaultValue d) {
              defaultValue = Optional.of(d.value());
            }
          }
          return Optional.of(new Declared(method.getGenericParameterTypes()[i], defaultValue));
        }
      }
    }
    return Optional.empty();
  }

  private static boolean names(Annotation[] annotations, String variable, boolean path) {
    for (Annotation a : annotations) {
      if (path && a instanceof PathParam p && p.value().equals(variable)) {
        return true;
      }
      if (!path && a instanceof QueryParam q && q.value().equals(variable)) {
        return true;
      }
    }
    return false;
  }

  /** The method, then the methods of its supertypes with the same signature. */
  private static List<Method> overridden(Method method) {
    Set<Method> found = new LinkedHashSet<>();
    found.add(method);
    collect(method.getDeclaringClass(), method, found);
    return List.copyOf(found);
  }

  private static void collect(Class<?> type, Method method, Set<Method> found) {
    List<Class<?>> supertypes = new ArrayList<>(List.of(type.getInterfaces()));
    if (type.getSuperclass() != null) {
      supertypes.add(0, type.getSuperclass());
    }
    for (Class<?> supertype : supertypes) {
      try {
        found.add(supertype.getDeclaredMethod(method.getName(), method.getParameterTypes()));
      } catch (NoSuchMethodException e) {
        // Not declared here; look further up.
      }
      collect(supertype, method, found);
    }
  }
}
