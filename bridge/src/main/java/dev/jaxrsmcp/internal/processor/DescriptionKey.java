package dev.jaxrsmcp.internal.processor;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a method is named in the generated descriptions file, identically at compile time (from
 * language model elements) and at run time (from reflection): {@code
 * com.example.Widgets#state(long,java.lang.String)} — the declaring class's binary name, the method
 * name and the canonical names of the erased parameter types.
 */
public final class DescriptionKey {
  /** Where the processor writes the descriptions of one compilation, a properties file. */
  public static final String RESOURCE = "META-INF/jaxrs-mcp/descriptions.properties";

  private DescriptionKey() {}

  public static String of(Method method) {
    String parameters =
        Arrays.stream(method.getParameterTypes())
            .map(DescriptionKey::canonical)
            .collect(Collectors.joining(","));
    return method.getDeclaringClass().getName() + "#" + method.getName() + "(" + parameters + ")";
  }

  static String of(String binaryClassName, String methodName, String parameters) {
    return binaryClassName + "#" + methodName + "(" + parameters + ")";
  }

  private static String canonical(Class<?> type) {
    String name = type.getCanonicalName();
    return name == null ? type.getName() : name;
  }
}
