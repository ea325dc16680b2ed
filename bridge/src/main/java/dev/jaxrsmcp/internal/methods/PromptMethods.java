package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.prompts.PromptArguments;
import dev.jaxrsmcp.internal.prompts.Prompts;
import dev.jaxrsmcp.internal.protocol.CacheHint;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.MethodHandler;
import dev.jaxrsmcp.internal.protocol.MethodResult;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.util.Map;
import java.util.Optional;

/**
 * {@code prompts/list} and {@code prompts/get} (contract section 13), the same in both eras: every
 * {@code @McpPrompt} route is a prompt whose arguments are its path and query parameters; getting
 * it is a read of the URI they expand to ({@link #resolve}), which the transport runs in place like
 * a {@code resources/read}, its messages made by {@code PromptMessages}.
 */
public final class PromptMethods {
  private final ServerState state;
  private final Prompts prompts;

  public PromptMethods(ServerState state) {
    this.state = state;
    this.prompts = Prompts.of(state.catalogue());
  }

  /** True when any prompt exists: the {@code prompts} capability. */
  public static boolean offered(ServerState state) {
    return !state.catalogue().promptRoutes().isEmpty();
  }

  /**
   * Adds {@code prompts/list} and {@code prompts/get} to a method table when at least one prompt
   * exists; otherwise they stay unknown methods, as the capabilities say.
   */
  public void register(Map<String, MethodHandler> table) {
    if (!prompts.isEmpty()) {
      table.put("prompts/list", this::list);
      table.put("prompts/get", MethodHandler.inPlace("prompts/get"));
    }
  }

  MethodResult list(McpCall call) {
    ObjectNode body = Json.object();
    ArrayNode list = body.putArray("prompts");
    Pages.page(prompts.all(), call, state.settings().get(ProtocolSettings.PAGE_SIZE), body)
        .forEach(p -> list.add(Prompts.definition(p)));
    return MethodResult.cached(
        body,
        new CacheHint(
            state.settings().get(ProtocolSettings.DEFAULT_CACHE_TTL_MS),
            state.settings().get(ProtocolSettings.DEFAULT_CACHE_SCOPE)));
  }

  /**
   * The read a {@code prompts/get} performs: the prompt, the URI of its route's {@code GET} and the
   * match.
   */
  public record PromptRead(PromptRoute prompt, String uri, TemplateMatch match) {}

  /**
   * Checks a {@code prompts/get}'s name and arguments and expands the URI it reads.
   *
   * @throws JsonRpcException ({@code -32602}) for an unknown prompt or invalid arguments
   */
  public PromptRead resolve(McpCall call) {
    JsonNode name = call.request().params().get("name");
    if (name == null || !name.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS, "Invalid params: 'name' must be a string");
    }
    PromptRoute prompt =
        prompts
            .named(name.textValue())
            .orElseThrow(
                () ->
                    new JsonRpcException(
                        ErrorCodes.INVALID_PARAMS,
                        "Invalid params: unknown prompt '" + name.textValue() + "'",
                        Json.object().put("prompt", name.textValue())));
    String uri =
        PromptArguments.uri(
            prompt,
            Optional.ofNullable(call.request().params().get("arguments")),
            state.settings().get(LimitSettings.MAX_URI_LENGTH));
    TemplateMatch match =
        prompt
            .entry()
            .template()
            .match(uri)
            .orElseThrow(() -> new IllegalStateException("expanded URI does not match: " + uri));
    return new PromptRead(prompt, uri, match);
  }
}
