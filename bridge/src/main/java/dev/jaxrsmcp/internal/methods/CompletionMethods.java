package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.prompts.Prompts;
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
 * {@code completion/complete} for resource template variables (contract section 10) and prompt
 * arguments (section 13): the value comes from the variable's registered {@link McpCompleter}, else
 * from the template's collection ({@code listFrom}) or the prompt argument's enum constants; values
 * are filtered by the typed prefix, at most 100 are sent, with {@code total} and {@code hasMore}.
 */
public final class CompletionMethods {
  static final int MAX_VALUES = 100;

  private final ServerState state;
  private final Members members;
  private final Prompts prompts;

  public CompletionMethods(ServerState state) {
    this.state = state;
    this.members = new Members(state);
    this.prompts = Prompts.of(state.catalogue());
  }

  /** True when any variable can complete: the {@code completions} capability. */
  public static boolean offered(ServerState state) {
    return !state.settings().get(ProtocolSettings.COMPLETERS).isEmpty()
        || !state.settings().get(ProtocolSettings.PROMPT_COMPLETERS).isEmpty()
        || state.catalogue().templates().stream().anyMatch(e -> !e.listFrom().isEmpty())
        || state.catalogue().promptRoutes().stream()
            .anyMatch(p -> p.arguments().stream().anyMatch(a -> !a.values().isEmpty()));
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
    String type = ref.get("type").textValue();
    if (!"ref/resource".equals(type) && !"ref/prompt".equals(type)) {
      throw invalid("'ref' must be a 'ref/resource' or a 'ref/prompt' (found '" + type + "')");
    }
    JsonNode argument = params.get("argument");
    if (argument == null
        || !argument.path("name").isTextual()
        || !argument.path("value").isTextual()) {
      throw invalid("'argument' must be an object with string 'name' and 'value'");
    }
    if ("ref/prompt".equals(type)) {
      return answer(promptCandidates(ref, argument, resolved(params)), argument);
    }
    String uri = ref.path("uri").asText("");
    CatalogueEntry entry =
        state.catalogue().templates().stream()
            .filter(e -> e.template().text().equals(uri))
            .findFirst()
            .orElseThrow(() -> invalid("no resource template is '" + uri + "'"));
    String variable = argument.get("name").textValue();
    String prefix = argument.get("value").textValue();
    List<String> variables = new ArrayList<>(entry.template().pathVariables());
    variables.addAll(entry.template().queryVariables());
    if (!variables.contains(variable)) {
      throw invalid("template '" + uri + "' has no variable '" + variable + "'");
    }
    Map<String, String> resolved = resolved(params);
    return answer(candidates(entry, variable, prefix, resolved, call.caller()), argument);
  }

  /** The values of a prompt's argument: its completer's, else an enum parameter's constants. */
  private List<String> promptCandidates(
      JsonNode ref, JsonNode argument, Map<String, String> resolved) {
    String name = ref.path("name").asText("");
    PromptRoute prompt =
        prompts.named(name).orElseThrow(() -> invalid("no prompt is named '" + name + "'"));
    String variable = argument.get("name").textValue();
    PromptRoute.Argument declared =
        prompt.arguments().stream()
            .filter(a -> a.name().equals(variable))
            .findFirst()
            .orElseThrow(() -> invalid("prompt '" + name + "' has no argument '" + variable + "'"));
    Optional<McpCompleter> completer =
        Optional.ofNullable(state.settings().get(ProtocolSettings.PROMPT_COMPLETERS).get(name))
            .map(byArgument -> byArgument.get(variable));
    if (completer.isPresent()) {
      List<String> values =
          completer.get().complete(argument.get("value").textValue(), Map.copyOf(resolved));
      return values == null ? List.of() : values; // a user's completer may answer null
    }
    return declared.values();
  }

  private static MethodResult answer(List<String> candidates, JsonNode argument) {
    String prefix = argument.get("value").textValue();
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
