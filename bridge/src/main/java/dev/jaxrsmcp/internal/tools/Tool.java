package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.ToolRoute;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.schema.TypeSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One tool: the tool of a resource, whose call reads the resource at the URI its arguments expand
 * to, or an {@code @McpTool} route, whose call runs the route with its own HTTP method (its path
 * and query from the arguments, its header arguments, its {@code body}). Holds its name, its
 * arguments and its definition as {@code tools/list} shows it. Immutable.
 */
public final class Tool {
  /** The argument that carries an {@code @McpTool} route's entity. */
  public static final String BODY = "body";

  private final String name;
  private final CatalogueEntry entry;
  private final List<ToolParameter> parameters;
  private final Optional<ToolRoute> route;
  private final Optional<TypeSchemas.Described> body;
  private final Optional<ObjectNode> outputSchema;
  private final Optional<ObjectNode> writtenSchema;
  private final List<HeaderArguments.Mirror> mirrors;
  private final ObjectNode definition;

  /**
   * A resource's tool.
   *
   * @param outputSchema the schema of its structured result, when the resource produces JSON and
   *     its method's return type has an object schema
   */
  Tool(
      String name,
      CatalogueEntry entry,
      List<ToolParameter> parameters,
      Optional<ObjectNode> outputSchema) {
    this(
        name,
        entry,
        parameters,
        Optional.empty(),
        Optional.empty(),
        outputSchema,
        Optional.empty());
  }

  /**
   * An {@code @McpTool} route's tool.
   *
   * @param body the schema of its entity, when it has one
   * @param outputSchema the schema of its structured result, when its return type has one
   * @param writtenSchema its {@code @McpTool(inputSchema)}: the arguments are the body
   */
  Tool(
      String name,
      ToolRoute route,
      List<ToolParameter> parameters,
      Optional<TypeSchemas.Described> body,
      Optional<ObjectNode> outputSchema,
      Optional<ObjectNode> writtenSchema) {
    this(name, route.entry(), parameters, Optional.of(route), body, outputSchema, writtenSchema);
  }

  private Tool(
      String name,
      CatalogueEntry entry,
      List<ToolParameter> parameters,
      Optional<ToolRoute> route,
      Optional<TypeSchemas.Described> body,
      Optional<ObjectNode> outputSchema,
      Optional<ObjectNode> writtenSchema) {
    this.name = name;
    this.entry = entry;
    this.parameters = List.copyOf(parameters);
    this.route = route;
    this.body = body;
    this.outputSchema = outputSchema;
    this.writtenSchema = writtenSchema;
    this.mirrors =
        writtenSchema
            .map(HeaderArguments::mirrors)
            .orElseGet(
                () ->
                    parameters.stream()
                        .filter(ToolParameter::mirrored)
                        .map(p -> new HeaderArguments.Mirror(p.name(), List.of(p.name())))
                        .toList());
    this.definition = buildDefinition();
  }

  /** The {@code @McpTool} route the tool runs; empty for a resource's tool. */
  public Optional<ToolRoute> route() {
    return route;
  }

  /**
   * True when the tool's input schema was written by hand ({@code @McpTool(inputSchema)}): the
   * whole {@code arguments} object is the route's entity.
   */
  boolean argumentsAreBody() {
    return writtenSchema.isPresent();
  }

  /** The arguments a modern call mirrors into {@code Mcp-Param-*} headers (SEP-2243). */
  List<HeaderArguments.Mirror> mirrors() {
    return mirrors;
  }

  /** True when the tool's route has an entity: the {@code body} argument is required. */
  boolean hasBody() {
    return body.isPresent();
  }

  /**
   * Whether a JSON object the route answers is also the result's {@code structuredContent}: for
   * {@code @McpTool} routes and resources' tools alike (a route that answers anything but a JSON
   * object gives its text alone).
   */
  public boolean structured() {
    return true;
  }

  /** The tool's name, unique within the server. */
  public String name() {
    return name;
  }

  /** The resource the tool reads; for an {@code @McpTool} route, the route's entry. */
  public CatalogueEntry entry() {
    return entry;
  }

  /** The arguments, path variables first, in template order. */
  List<ToolParameter> parameters() {
    return parameters;
  }

  /** The {@code Tool} object of {@code tools/list}; a fresh copy. */
  public ObjectNode definition() {
    return definition.deepCopy();
  }

  /**
   * {@code type: object}, one property per template variable (and header argument), path variables
   * required, nothing else allowed. Uses only keywords that JSON Schema 2020-12 and draft-07 read
   * alike, but for an {@code @McpTool} route's {@code body}: its schema is 2020-12 (draft-07 reads
   * {@code $defs} too), its nested types under the document's {@code $defs}.
   */
  ObjectNode inputSchema() {
    if (writtenSchema.isPresent()) {
      return writtenSchema.get().deepCopy();
    }
    ObjectNode schema = Json.object().put("type", "object");
    if (!parameters.isEmpty() || body.isPresent()) {
      ObjectNode properties = schema.putObject("properties");
      parameters.forEach(p -> properties.set(p.name(), p.schema()));
      body.ifPresent(b -> properties.set(BODY, b.schema().deepCopy()));
      List<String> required =
          new ArrayList<>(
              parameters.stream()
                  .filter(ToolParameter::required)
                  .map(ToolParameter::name)
                  .toList());
      body.ifPresent(b -> required.add(BODY));
      if (!required.isEmpty()) {
        ArrayNode names = schema.putArray("required");
        required.forEach(names::add);
      }
    }
    schema.put("additionalProperties", false);
    body.filter(b -> !b.defs().isEmpty()).ifPresent(b -> schema.set("$defs", b.defs().deepCopy()));
    return schema;
  }

  private ObjectNode buildDefinition() {
    ObjectNode tool = Json.object().put("name", name);
    if (!entry.title().isEmpty()) {
      tool.put("title", entry.title());
    }
    tool.put("description", description());
    tool.set("inputSchema", inputSchema());
    outputSchema.ifPresent(o -> tool.set("outputSchema", o.deepCopy()));
    if (route.isPresent()) {
      tool.set("annotations", ToolHints.of(route.get().httpMethod(), route.get().annotation()));
    } else {
      tool.putObject("annotations").put("readOnlyHint", true);
    }
    return tool;
  }

  /**
   * The resource's description, then the URI (or URI template) the tool reads; a route's (which
   * names its HTTP method and path).
   */
  private String description() {
    if (route.isPresent()) {
      return entry.description();
    }
    String reads = "Reads " + entry.template().text();
    return entry.description().isEmpty() ? reads : entry.description() + "\n\n" + reads;
  }
}
