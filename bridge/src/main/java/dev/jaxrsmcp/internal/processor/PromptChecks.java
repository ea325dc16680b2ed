package dev.jaxrsmcp.internal.processor;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The {@code @McpPrompt} mistakes visible in source, reported by {@link McpResourceProcessor} as
 * compiler errors: a method that is not {@code @GET}, and two prompts of the compilation with the
 * same name (the later one, in the order of their classes and methods). The same checks run again
 * at start-up.
 */
final class PromptChecks {
  static final String MCP_PROMPT = "dev.jaxrsmcp.McpPrompt";

  /** The prompts of the compilation by name: the method that declared each first. */
  private final Map<String, String> names = new TreeMap<>();

  private final BiConsumer<ExecutableElement, String> error;

  PromptChecks(BiConsumer<ExecutableElement, String> error) {
    this.error = error;
  }

  /** The {@code @McpPrompt} mirror on a method. */
  static Optional<AnnotationMirror> of(ExecutableElement method) {
    for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(MCP_PROMPT)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /**
   * Checks one {@code @McpPrompt} method.
   *
   * @param httpMethod the method's JAX-RS HTTP method, if it has one
   */
  void check(ExecutableElement method, AnnotationMirror prompt, Optional<String> httpMethod) {
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    String methodName = owner.getSimpleName() + "." + method.getSimpleName();
    String where = "\n    for method " + methodName;
    if (httpMethod.isEmpty() || !httpMethod.get().equals("GET")) {
      error.accept(
          method,
          "@McpPrompt requires a @GET resource method (found "
              + httpMethod.map(m -> "@" + m).orElse("no HTTP method annotation")
              + ")"
              + where);
      return;
    }
    String name = method.getSimpleName().toString();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        prompt.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals("name")
          && !e.getValue().getValue().toString().isEmpty()) {
        name = e.getValue().getValue().toString();
      }
    }
    String earlier = names.putIfAbsent(name, methodName);
    if (earlier != null) {
      error.accept(
          method,
          "two methods have the same prompt name (found '"
              + name
              + "', also on "
              + earlier
              + ")"
              + where);
    }
  }
}
