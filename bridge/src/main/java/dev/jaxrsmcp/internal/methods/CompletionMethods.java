package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code completion/complete} for resource template variables (contract section 10): the value
 * comes from the variable's registered {@link McpCompleter}, else from the template's collection
 * ({@code listFrom}); values are filtered by the typed prefix, at most 100 are sent, with {@code
 * total} and {@code hasMore}.
 */
public final class CompletionMethods {
  static final int MAX_VALUES = 100;

  private final ServerState state;
  private final Members members;

  public CompletionMethods(ServerState state) {
    this.state = state;
    this.members = new Members(state);
  }

  /** True when any variable can complete: the {@code completions} capability. */
  public static boolean offered(ServerState state) {
    return !state.settings().get(ProtocolSettings.COMPLETERS).isEmpty()
        || state.catalogue().templates().stream().anyMatch(e -> !e.listFrom().isEmpty());
  }

  /** Adds {@code completion/complete} to a method table when completions are offered. */
  public void register(Map<String, MethodHandler> table) {
    if (offered(state)) {
      table.put("completion/complete", this::complete);
    }
  }

  MethodResult complete(McpCall call) {
    ObjectNode params = call.request().params();
    JsonNode ref = params.get("ref");
    if (ref == null || !ref.isObject() || !ref.path("type").isTextual()) {
      throw invalid("'ref' must be an object with a 'type'");
    }
    if (!"ref/resource".equals(ref.get("type").textValue())) {
      throw invalid(
          "only 'ref/resource' completions are offered (found '"
              + ref.get("type").textValue()
              + "'); this server has no prompts");
    }
    String uri = ref.path("uri").asText("");
    CatalogueEntry entry =
        state.catalogue().templates().stream()
            .filter(e -> e.template().text().equals(uri))
            .findFirst()
            .orElseThrow(() -> invalid("no resource template is '" + uri + "'"));
    JsonNode argument = params.get("argument");
    if (argument == null
        || !argument.path("name").isTextual()
        || !argument.path("value").isTextual()) {
      throw invalid("'argument' must be an object with string 'name' and 'value'");
    }
    String variable = argument.get("name").textValue();
    String prefix = argument.get("value").textValue();
    List<String> variables = new ArrayList<>(entry.template().pathVariables());
    variables.addAll(entry.template().queryVariables());
    if (!variables.contains(variable)) {
      throw invalid("template '" + uri + "' has no variable '" + variable + "'");
    }
    Map<String, String> resolved = resolved(params);
    List<String> candidates = candidates(entry, variable, prefix, resolved, call.caller());
    Set<String> matching = new LinkedHashSet<>();
    for (String value : candidates) {
      if (value != null && value.startsWith(prefix)) {
        matching.add(value);
      }
    }
    ObjectNode body = Json.object();
    ObjectNode completion = body.putObject("completion");
    ArrayNode values = completion.putArray("values");
    matching.stream().limit(MAX_VALUES).forEach(values::add);
    completion.put("total", matching.size());
    completion.put("hasMore", matching.size() > MAX_VALUES);
    return MethodResult.of(body);
  }

  private List<String> candidates(
      CatalogueEntry entry,
      String variable,
      String prefix,
      Map<String, String> resolved,
      Caller caller) {
    Optional<McpCompleter> completer =
        Optional.ofNullable(
                state.settings().get(ProtocolSettings.COMPLETERS).get(entry.template().text()))
            .map(byVariable -> byVariable.get(variable));
    if (completer.isPresent()) {
      List<String> values = completer.get().complete(prefix, Map.copyOf(resolved));
      return values == null ? List.of() : values; // a user's completer may answer null
    }
    if (entry.listFrom().isEmpty()) {
      return List.of();
    }
    List<String> values = new ArrayList<>();
    for (Members.Member member : members.of(entry, caller)) {
      boolean fits =
          resolved.entrySet().stream()
              .allMatch(
                  r ->
                      r.getKey().equals(variable)
                          || !member.variables().containsKey(r.getKey())
                          || member.variables().get(r.getKey()).equals(r.getValue()));
      if (fits && member.variables().containsKey(variable)) {
        values.add(member.variables().get(variable));
      }
    }
    return values;
  }

  private static Map<String, String> resolved(ObjectNode params) {
    Map<String, String> resolved = new LinkedHashMap<>();
    JsonNode arguments = params.path("context").path("arguments");
    if (arguments.isObject()) {
      arguments
          .fields()
          .forEachRemaining(
              e -> {
                if (e.getValue().isTextual()) {
                  resolved.put(e.getKey(), e.getValue().textValue());
                }
              });
    }
    return resolved;
  }

  private static JsonRpcException invalid(String why) {
    return new JsonRpcException(ErrorCodes.INVALID_PARAMS, "Invalid params: " + why);
  }
}
