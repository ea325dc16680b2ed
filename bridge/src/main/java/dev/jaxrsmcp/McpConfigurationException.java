package dev.jaxrsmcp;

import java.util.List;

/**
 * Thrown when the application starts and one or more {@link McpResource} declarations break a rule.
 * The message lists every problem found, one per line, each naming the rule, the value found and
 * the method, for example:
 *
 * <pre>
 * template variable 'id' is not a path parameter of the route '/widgets/{key}' (found 'app://widgets/{id}')
 *     for method Widgets.state
 * </pre>
 */
public final class McpConfigurationException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  /** Creates the exception from one message per problem. */
  public McpConfigurationException(List<String> problems) {
    super(
        (problems.size() == 1 ? "Invalid @McpResource:\n" : "Invalid @McpResource declarations:\n")
            + String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  /** Each problem's message, in the order found. */
  public List<String> problems() {
    return problems;
  }
}
