package dev.jaxrsmcp.internal.catalogue;

import java.util.List;

/**
 * One {@code @McpPrompt} route, resolved when the application starts: a {@code GET} whose answer is
 * a prompt's messages. Like a {@link ToolRoute} it is never a resource: its {@code entry} carries
 * what the in-place {@code prompts/get} needs (the route's path, its path and query parameters as
 * the variables of a template that is never listed, their types, the method Jersey must run).
 *
 * @param entry the route's path, parameters and method, as a read's entry carries them
 * @param name the prompt's name, unique among the prompts
 * @param title display title; empty when none
 * @param description what the prompt is for (never empty)
 * @param arguments the prompt's arguments: the path parameters, then the query parameters
 */
public record PromptRoute(
    CatalogueEntry entry, String name, String title, String description, List<Argument> arguments) {

  public PromptRoute {
    arguments = List.copyOf(arguments);
  }

  /**
   * One argument of a prompt.
   *
   * @param name the template variable (the parameter's JAX-RS name)
   * @param title display title; empty when none
   * @param description its description; empty when none
   * @param required true for a path parameter and a {@code @NotNull} query parameter
   * @param values the constants of an enum parameter (what completion offers); else empty
   */
  public record Argument(
      String name, String title, String description, boolean required, List<String> values) {
    public Argument {
      values = List.copyOf(values);
    }
  }
}
