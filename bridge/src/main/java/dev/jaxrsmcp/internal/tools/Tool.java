package dev.jaxrsmcp.internal.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.List;

/**
 * The tool offered for one resource: its name, its arguments (the template variables) and its
 * definition as {@code tools/list} shows it. Calling it reads the resource at the URI its arguments
 * expand to. Immutable.
 */
public final class Tool {
  private final String name;
  private final CatalogueEntry entry;
  private final List<ToolParameter> parameters;
  private final ObjectNode definition;

  Tool(String name, CatalogueEntry entry, List<ToolParameter> parameters) {
    this.name = name;
    this.entry = entry;
    this.parameters = List.copyOf(parameters);
    this.definition = buildDefinition();
  }

  /** The tool's name, unique within the server. */
  public String name() {
    return name;
  }

  /** The resource the tool reads. */
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
   * {@code type: object}, one property per template variable, path variables required, nothing else
   * allowed. Uses only keywords that JSON Schema 2020-12 and draft-07 read alike.
   */
  ObjectNode inputSchema() {
    ObjectNode schema = Json.object().put("type", "object");
    if (!parameters.isEmpty()) {
      ObjectNode properties = schema.putObject("properties");
      parameters.forEach(p -> properties.set(p.name(), p.schema()));
      List<String> required =
          parameters.stream().filter(ToolParameter::required).map(ToolParameter::name).toList();
      if (!required.isEmpty()) {
        ArrayNode names = schema.putArray("required");
        required.forEach(names::add);
      }
    }
    schema.put("additionalProperties", false);
    return schema;
  }

  private ObjectNode buildDefinition() {
    ObjectNode tool = Json.object().put("name", name);
    if (!entry.title().isEmpty()) {
      tool.put("title", entry.title());
    }
    tool.put("description", description());
    tool.set("inputSchema", inputSchema());
    tool.putObject("annotations").put("readOnlyHint", true);
    return tool;
  }

  /** The resource's description, then the URI (or URI template) the tool reads. */
  private String description() {
    String reads = "Reads " + entry.template().text();
    return entry.description().isEmpty() ? reads : entry.description() + "\n\n" + reads;
  }
}
