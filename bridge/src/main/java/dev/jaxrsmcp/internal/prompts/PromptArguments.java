package dev.jaxrsmcp.internal.prompts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a {@code prompts/get}'s arguments before anything runs (each a string, each one of the
 * prompt's, every required one given) and expands the prompt route's template with them. Any
 * problem is a {@code -32602} naming the prompt, the argument and the value found.
 */
public final class PromptArguments {

  private PromptArguments() {}

  /**
   * The URI of the route's {@code GET} the prompt runs.
   *
   * @param arguments the request's {@code arguments}; absent or {@code null} means none
   * @param maxUriLength the longest URI allowed
   */
  public static String uri(PromptRoute prompt, Optional<JsonNode> arguments, int maxUriLength) {
    ObjectNode given = object(prompt, arguments);
    List<String> names = new ArrayList<>();
    prompt.arguments().forEach(a -> names.add(a.name()));
    for (Iterator<String> it = given.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!names.contains(name)) {
        throw invalid(
            prompt,
            name,
            "prompt '"
                + prompt.name()
                + "' has no argument '"
                + name
                + "' ("
                + (names.isEmpty() ? "it takes none" : "its arguments: " + names)
                + ")");
      }
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (PromptRoute.Argument argument : prompt.arguments()) {
      JsonNode value = given.get(argument.name());
      if (value == null || value.isNull()) {
        if (argument.required()) {
          throw invalid(prompt, argument.name(), describe(prompt, argument) + " is required");
        }
        continue;
      }
      if (!value.isTextual()) {
        throw invalid(
            prompt,
            argument.name(),
            describe(prompt, argument) + " must be a string (found " + Json.shown(value) + ")");
      }
      if (value.textValue().isEmpty()
          && prompt.entry().template().pathVariables().contains(argument.name())) {
        throw invalid(
            prompt,
            argument.name(),
            describe(prompt, argument) + " must not be empty (found \"\")");
      }
      checkType(prompt, argument, value.textValue());
      values.put(argument.name(), value.textValue());
    }
    String uri;
    try {
      uri = prompt.entry().template().expand(values);
    } catch (IllegalArgumentException e) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: the arguments of prompt '"
              + prompt.name()
              + "' cannot form a URI ("
              + e.getMessage()
              + ")",
          Json.object().put("prompt", prompt.name()));
    }
    if (uri.length() > maxUriLength) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: the arguments of prompt '"
              + prompt.name()
              + "' make a URI longer than "
              + maxUriLength
              + " characters (found "
              + uri.length()
              + ")",
          Json.object().put("prompt", prompt.name()));
    }
    return uri;
  }

  /**
   * A value the route's parameter could not take fails here, named, rather than as the route's 404:
   * an enum's constant, an integer, a number.
   */
  private static void checkType(PromptRoute prompt, PromptRoute.Argument argument, String value) {
    Class<?> type = prompt.entry().variableTypes().getOrDefault(argument.name(), String.class);
    String expected;
    if (!argument.values().isEmpty()) {
      if (argument.values().contains(value)) {
        return;
      }
      expected = "one of " + argument.values();
    } else if (INTEGERS.contains(type)) {
      try {
        Long.parseLong(value);
        return;
      } catch (NumberFormatException e) {
        expected = "an integer";
      }
    } else if (NUMBERS.contains(type)) {
      try {
        Double.parseDouble(value);
        return;
      } catch (NumberFormatException e) {
        expected = "a number";
      }
    } else {
      return;
    }
    throw invalid(
        prompt,
        argument.name(),
        describe(prompt, argument)
            + " must be "
            + expected
            + " (found "
            + Json.shown(TEXT.textNode(value))
            + ")");
  }

  private static final Set<Class<?>> INTEGERS =
      Set.of(
          int.class,
          long.class,
          short.class,
          byte.class,
          Integer.class,
          Long.class,
          Short.class,
          Byte.class);

  private static final Set<Class<?>> NUMBERS =
      Set.of(double.class, float.class, Double.class, Float.class);

  private static final JsonNodeFactory TEXT = JsonNodeFactory.instance;

  private static ObjectNode object(PromptRoute prompt, Optional<JsonNode> arguments) {
    if (arguments.isEmpty() || arguments.get().isNull()) {
      return Json.object();
    }
    if (arguments.get() instanceof ObjectNode o) {
      return o;
    }
    throw new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: 'arguments' must be an object (found " + Json.shown(arguments.get()) + ")",
        Json.object().put("prompt", prompt.name()));
  }

  private static String describe(PromptRoute prompt, PromptRoute.Argument argument) {
    return "argument '" + argument.name() + "' of prompt '" + prompt.name() + "'";
  }

  private static JsonRpcException invalid(PromptRoute prompt, String argument, String why) {
    return JsonRpcException.invalidArgument("prompt", prompt.name(), argument, why);
  }
}
