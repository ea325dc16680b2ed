package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.PromptRoute;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * At start-up: every registered completer must name a template and one of its variables, or a
 * prompt and one of its arguments.
 */
final class CompleterCheck {
  private CompleterCheck() {}

  static void check(Catalogue catalogue, Settings settings) {
    List<String> problems = new ArrayList<>();
    settings
        .get(ProtocolSettings.COMPLETERS)
        .forEach(
            (template, byVariable) -> {
              Optional<CatalogueEntry> entry =
                  catalogue.templates().stream()
                      .filter(e -> e.template().text().equals(template))
                      .findFirst();
              if (entry.isEmpty()) {
                problems.add(
                    "a completer is registered for '"
                        + template
                        + "', which is not the URI template of any @McpResource");
                return;
              }
              for (String variable : byVariable.keySet()) {
                if (!entry.get().template().pathVariables().contains(variable)
                    && !entry.get().template().queryVariables().contains(variable)) {
                  problems.add(
                      "a completer is registered for variable '"
                          + variable
                          + "' of '"
                          + template
                          + "', which has no such variable (found "
                          + entry.get().template().pathVariables()
                          + " and query "
                          + entry.get().template().queryVariables()
                          + ")");
                }
              }
            });
    settings
        .get(ProtocolSettings.PROMPT_COMPLETERS)
        .forEach(
            (prompt, byArgument) -> {
              Optional<PromptRoute> found =
                  catalogue.promptRoutes().stream()
                      .filter(p -> p.name().equals(prompt))
                      .findFirst();
              if (found.isEmpty()) {
                problems.add(
                    "a completer is registered for prompt '"
                        + prompt
                        + "', which is not the name of any @McpPrompt");
                return;
              }
              List<String> arguments =
                  found.get().arguments().stream().map(PromptRoute.Argument::name).toList();
              for (String argument : byArgument.keySet()) {
                if (!arguments.contains(argument)) {
                  problems.add(
                      "a completer is registered for argument '"
                          + argument
                          + "' of prompt '"
                          + prompt
                          + "', which has no such argument (found "
                          + arguments
                          + ")");
                }
              }
            });
    if (!problems.isEmpty()) {
      throw new McpConfigurationException(problems);
    }
  }
}
