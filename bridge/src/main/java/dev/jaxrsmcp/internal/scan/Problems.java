package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.McpTool;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects startup problems, each in one shape: the rule and the value found, the parameter where
 * one applies, then the method on its own line.
 *
 * <pre>
 * path parameter 'id' of the route '/widgets/{id}' is missing from the template (found 'app://widgets') (parameter 'id')
 *     for method Widgets.state
 * </pre>
 */
final class Problems {
  private final List<String> messages = new ArrayList<>();
  private boolean resources;
  private boolean tools;

  /** A problem with the method as a whole. */
  void method(Method method, String message) {
    messages.add(message + "\n    for method " + describe(method));
    if (method.isAnnotationPresent(McpTool.class)
        && !method.isAnnotationPresent(McpResource.class)) {
      tools = true;
    } else {
      resources = true;
    }
  }

  /** A problem with one parameter, named by its JAX-RS name ({@code @PathParam("id")}: id). */
  void parameter(Method method, String parameter, String message) {
    method(method, message + " (parameter '" + parameter + "')");
  }

  int count() {
    return messages.size();
  }

  /** Throws when any problem was found. */
  void throwIfAny() {
    if (!messages.isEmpty()) {
      throw new McpConfigurationException(declarations(resources, tools), messages);
    }
  }

  /**
   * What the first line of the exception names: {@code @McpResource}, {@code @McpTool}, or both.
   */
  static String declarations(boolean resources, boolean tools) {
    if (tools && resources) {
      return "@McpResource and @McpTool";
    }
    return tools ? "@McpTool" : "@McpResource";
  }

  /** {@code Widgets.state}: the declaring class's simple name and the method name. */
  static String describe(Method method) {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }
}
