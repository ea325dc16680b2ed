package dev.jaxrsmcp;

import java.util.List;

/**
 * Thrown when the application starts and one or more {@link McpResource} (or {@link McpTool})
 * declarations break a rule; the application does not start. The message lists every problem found,
 * each naming the rule, the value found, the parameter where one applies, and then the method on
 * its own line:
 *
 * <pre>
 * Invalid @McpResource declaration:
 * template variable 'id' is not a path parameter of the route '/widgets/{key}' (found 'app://widgets/{id}')
 *     for method Widgets.state
 * </pre>
 *
 * <p>With several problems the first line is {@code Invalid @McpResource declarations (N
 * problems):}. The first line names the annotation the problems are about: {@code Invalid @McpTool
 * declaration:} for an {@code @McpTool} route, {@code Invalid @McpResource and @McpTool
 * declarations (N problems):} when there are problems of both. The annotation reference in the user
 * guide lists every message.
 */
public final class McpConfigurationException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  /**
   * Creates the exception from one message per problem of {@code @McpResource} declarations; there
   * must be at least one.
   */
  public McpConfigurationException(List<String> problems) {
    this("@McpResource", problems);
  }

  /**
   * Creates the exception from one message per problem; there must be at least one.
   *
   * @param declarations what the problems are about, as the first line names it: {@code
   *     "@McpTool"}, or {@code "@McpResource and @McpTool"}
   */
  public McpConfigurationException(String declarations, List<String> problems) {
    super(message(declarations, problems));
    this.problems = List.copyOf(problems);
  }

  private static String message(String declarations, List<String> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("an McpConfigurationException needs a problem");
    }
    return (problems.size() == 1
            ? "Invalid " + declarations + " declaration:\n"
            : "Invalid " + declarations + " declarations (" + problems.size() + " problems):\n")
        + String.join("\n", problems);
  }

  /** Each problem's message, in the order found. */
  public List<String> problems() {
    return problems;
  }
}
