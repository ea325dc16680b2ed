package dev.jaxrsmcp.internal.parameters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A resource's tool arguments: its path variables (required), then its query variables (optional),
 * each typed from the {@code @PathParam} or {@code @QueryParam} method parameter behind it (as the
 * scan recorded it from Jersey's resource model, annotation inheritance included).
 */
public final class ToolParameters {
  private ToolParameters() {}

  public static List<ToolParameter> of(CatalogueEntry entry) {
    List<ToolParameter> parameters = new ArrayList<>();
    for (String variable : entry.template().pathVariables()) {
      parameters.add(parameter(entry, variable, true));
    }
    for (String variable : entry.template().queryVariables()) {
      parameters.add(parameter(entry, variable, false));
    }
    return List.copyOf(parameters);
  }

  /**
   * The header arguments of an {@code @McpTool} route, optional, each typed from its
   * {@code @HeaderParam} parameter.
   */
  public static List<ToolParameter> headers(ToolRoute route) {
    List<ToolParameter> parameters = new ArrayList<>();
    route
        .headerTypes()
        .forEach(
            (name, type) -> {
              ArgumentType argumentType = JavaTypes.argumentType(type);
              Optional<JsonNode> defaultValue =
                  Optional.ofNullable(route.headerDefaults().get(name))
                      .flatMap(argumentType::defaultValue);
              parameters.add(
                  new ToolParameter(name, argumentType, false, false, defaultValue, true));
            });
    return List.copyOf(parameters);
  }

  private static ToolParameter parameter(CatalogueEntry entry, String variable, boolean path) {
    Type type =
        entry
            .declaredTypes()
            .getOrDefault(variable, entry.variableTypes().getOrDefault(variable, String.class));
    boolean repeated = !path && entry.collectionQueryVariables().contains(variable);
    ArgumentType argumentType = JavaTypes.argumentType(repeated ? JavaTypes.itemType(type) : type);
    if (path && argumentType instanceof ArgumentType.StringType s && s.minLength() == 0) {
      argumentType = new ArgumentType.StringType(1, s.maxLength());
    }
    Optional<JsonNode> defaultValue = Optional.empty();
    if (!path && entry.queryDefaults().containsKey(variable)) {
      defaultValue = argumentType.defaultValue(entry.queryDefaults().get(variable));
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
}
