package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Optional;

/**
 * One tool argument: a template variable of the resource (or a path or query parameter of an
 * {@code @McpTool} route), or a header parameter of an {@code @McpTool} route, typed from its Java
 * parameter.
 *
 * @param name the template variable's (or header's) name, which is the argument's name
 * @param type the JSON type of one value
 * @param required true for path variables (the URI cannot be formed without them)
 * @param repeated true for a query variable whose parameter is a collection: the argument is an
 *     array, sent as repeated query parameters
 * @param defaultValue the parameter's {@code @DefaultValue}, when it fits the type
 * @param header true for a header parameter: its value is sent as that request header
 */
record ToolParameter(
    String name,
    ArgumentType type,
    boolean required,
    boolean repeated,
    Optional<JsonNode> defaultValue,
    boolean header) {

  /** A template variable. */
  ToolParameter(
      String name,
      ArgumentType type,
      boolean required,
      boolean repeated,
      Optional<JsonNode> defaultValue) {
    this(name, type, required, repeated, defaultValue, false);
  }

  /** The property's JSON Schema. */
  ObjectNode schema() {
    ObjectNode schema;
    if (repeated) {
      schema = Json.object().put("type", "array");
      schema.set("items", type.schema());
    } else {
      schema = type.schema();
    }
    defaultValue.ifPresent(value -> schema.set("default", value));
    if (mirrored()) {
      schema.put(HeaderArguments.KEYWORD, name);
    }
    return schema;
  }

  /**
   * True for a header argument the client mirrors into an {@code Mcp-Param-{name}} HTTP header
   * (SEP-2243): one value of a string, integer or boolean type whose name is an HTTP token. Only
   * those may carry {@code x-mcp-header}; a {@code number} or list header argument is not mirrored.
   */
  boolean mirrored() {
    return header
        && !repeated
        && !(type instanceof ArgumentType.NumberType)
        && HeaderArguments.isToken(name);
  }

  /** What a fitting value is, for error messages. */
  String expected() {
    return repeated ? "an array whose items are each " + type.expected() : type.expected();
  }
}
